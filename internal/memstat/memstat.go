// Package memstat measures the memory of processes, for budgets that ladr
// shares between itself and the CBMC processes it starts.
package memstat

import (
	"os"
	"strconv"
	"strings"
)

// Resident returns the resident set size of this process in bytes (Linux
// /proc/self/statm); ok is false where it cannot be read.
func Resident() (bytes int64, ok bool) { return resident("self") }

// ResidentOf returns the resident set size of process pid in bytes; ok is
// false where it cannot be read (the process ended).
func ResidentOf(pid int) (bytes int64, ok bool) { return resident(strconv.Itoa(pid)) }

// resident reads the resident set size from /proc/PROC/statm.
func resident(proc string) (int64, bool) {
	b, err := os.ReadFile("/proc/" + proc + "/statm")
	if err != nil {
		return 0, false
	}
	f := strings.Fields(string(b))
	if len(f) < 2 {
		return 0, false
	}
	pages, err := strconv.ParseInt(f[1], 10, 64)
	if err != nil {
		return 0, false
	}
	return pages * int64(os.Getpagesize()), true
}

// minShareMB is the least address space a process gets from Share: below
// it CBMC cannot even load a small program, and running out of memory at
// once says more than not starting.
const minShareMB = 256

// Share returns the address-space limit of one of processes child
// processes that run at once within a budget of budgetMB MiB that this
// process's own resident memory (selfMB) counts against too: the budget
// less selfMB, split evenly, and at least minShareMB; 0 (no limit) when
// budgetMB is 0.
func Share(budgetMB int, selfMB int64, processes int) int {
	if budgetMB <= 0 {
		return 0
	}
	left := int64(budgetMB) - selfMB
	share := left / int64(max(processes, 1))
	return int(max(share, minShareMB))
}
