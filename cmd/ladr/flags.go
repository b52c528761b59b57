package main

import (
	"fmt"
	"slices"

	"github.com/urfave/cli/v2"
)

// maxBound is the largest --rounds, --unwind and --unwindset bound: far
// beyond what a check can complete, and small enough that no arithmetic on
// it overflows.
const maxBound = 1_000_000

// numericFlag is the valid range of an integer flag.
type numericFlag struct {
	name     string
	min, max int
	want     string
}

// numericFlags are the integer flags of the commands and their ranges.
func numericFlags() []numericFlag {
	return []numericFlag{
		{"rounds", 1, maxBound, fmt.Sprintf("a number of rounds from 1 to %d", maxBound)},
		{"unwind", 0, maxBound, fmt.Sprintf("a loop bound from 0 to %d", maxBound)},
		{"memory-limit", 0, 1 << 30, "a number of MB, or 0 for no limit"},
		{"jobs", 1, 1024, "a number of processes from 1 to 1024"},
	}
}

// checkNumbers reports a usage error for an integer flag of the command
// that is out of its range.
func checkNumbers(c *cli.Context) error {
	for _, f := range numericFlags() {
		if !hasFlag(c.Command, f.name) {
			continue
		}
		if v := c.Int(f.name); v < f.min || v > f.max {
			return &exitError{code: exitUsage, msg: fmt.Sprintf("bad --%s %d: want %s", f.name, v, f.want)}
		}
	}
	return nil
}

// hasFlag reports whether cmd has a flag called name.
func hasFlag(cmd *cli.Command, name string) bool {
	for _, f := range cmd.Flags {
		if slices.Contains(f.Names(), name) {
			return true
		}
	}
	return false
}
