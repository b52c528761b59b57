package cbmc

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/ladr-dev/ladr/internal/memstat"
)

// Backend checks sequentialized programs with CBMC the way ladr needs: it
// owns CBMC's command line (no standard checks, stop on the first failure,
// a trace, the unwinding bound of CBMC's own library loops, the word size,
// the user's extra options), runs a portfolio of configurations and
// retries a program with too many objects for CBMC's default pointer
// encoding.
type Backend struct {
	// Path is the cbmc executable.
	Path string
	// ILP32 selects 32-bit words (--32); else --64.
	ILP32 bool
	// Args are the user's extra options for CBMC.
	Args []string
	// Jobs is the number of CBMC processes run at once (0: 1).
	Jobs int
	// MemoryLimitMB is the memory budget of the whole check, ladr and
	// every CBMC process it runs at once (0: none). Each CBMC process
	// gets an address-space limit of the budget less ladr's own resident
	// memory when it starts, split between the Processes that may run at
	// once, so that CBMC runs out of its own memory (an answer: the
	// bounds completed so far stand) before the check as a whole does.
	MemoryLimitMB int
	// Processes is the number of CBMC processes the whole check may run
	// at once, over every member of a portfolio (0: Jobs).
	Processes int
	// Solver is the path of an external SAT solver that reads DIMACS
	// (CBMC's --external-sat-solver; LocateSolver finds it); empty for
	// CBMC's built-in MiniSat.
	Solver string
	// Variants are the configurations run concurrently on one program
	// (nil: DefaultVariants), each a list of extra options.
	Variants [][]string
}

// Job is one program to check.
type Job struct {
	// File is the program; Dir is CBMC's working directory.
	File, Dir string
	// Unwind is the unwinding bound of the sequentialized program; CBMC
	// unwinds its own library loops once more.
	Unwind int
	// Prefix are options put before the user's (e.g. the heap recording's,
	// which the user's may override).
	Prefix []string
	// UnwindingAssertions makes CBMC prove that its library loops were
	// unwound enough (a completeness proof).
	UnwindingAssertions bool
}

// DefaultVariants are the CBMC configurations run concurrently on one
// program: they decide the same formula, so the first answer is the
// answer. Large arrays are much faster with uninterpreted functions,
// small ones without.
var DefaultVariants = [][]string{nil, {"--arrays-uf-always"}}

// FieldSensitiveVariants are the configurations of a program whose heap
// objects are large untyped byte arrays written through casts (a Linux
// driver's private data allocated behind its framework's structure):
// field sensitivity up to 4096 elements splits each into its bytes, so
// that an update and a merge of paths touch only the bytes written; with
// CBMC's default (64) each update copies the whole array and each merge
// makes it anew, which made a tegra20-slink slice 3.5 million variables
// (not solved in 5 minutes) against 0.17 million (solved at once, most
// of the time in symbolic execution).
var FieldSensitiveVariants = [][]string{nil, {"--max-field-sensitivity-array-size", "4096"}}

// variants returns the configurations b runs.
func (b *Backend) variants() [][]string {
	if b.Variants != nil {
		return b.Variants
	}
	return DefaultVariants
}

// args returns the command-line options of a run of job (before a
// variant's).
func (b *Backend) args(job Job) []string {
	// Verbosity 8 prints the formula's size and the phases' times (Stats).
	args := []string{"--no-standard-checks", "--no-built-in-assertions", "--stop-on-fail", "--trace", "--verbosity", "8", "--unwind", fmt.Sprint(max(job.Unwind, 1) + 1)}
	if b.ILP32 {
		args = append(args, "--32")
	} else {
		args = append(args, "--64")
	}
	if b.Solver != "" {
		args = append(args, "--external-sat-solver", b.Solver)
	}
	args = append(append(args, job.Prefix...), b.Args...)
	if job.UnwindingAssertions {
		args = append(args, "--unwinding-assertions")
	}
	return args
}

// Check runs the variants on job, up to Jobs at once, and returns the first
// conclusive run (success or failure), or else the first, with the options
// it ran with.
func (b *Backend) Check(ctx context.Context, job Job) (*Result, []string, error) {
	variants := b.variants()
	n := len(variants)
	if b.Jobs < n {
		n = max(b.Jobs, 1)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	ch := make(chan variantRun, n)
	for i := 0; i < n; i++ {
		args := append(b.args(job), variants[i]...)
		go func() {
			run, args, err := b.run(ctx, job, args)
			ch <- variantRun{run, args, err}
		}()
	}
	var first *variantRun
	for i := 0; i < n; i++ {
		d := <-ch
		if d.err == nil && d.run != nil && (d.run.Outcome == Success || d.run.Outcome == Failure) {
			cancel()
			for j := i + 1; j < n; j++ {
				<-ch
			}
			return d.run, d.args, nil
		}
		if first == nil || first.err != nil || first.failed() && !d.failed() {
			dd := d
			first = &dd
		}
	}
	return first.run, first.args, first.err
}

// variantRun is the end of one variant's run: its result, the options it
// ran with, or the error that kept it from running.
type variantRun struct {
	run  *Result
	args []string
	err  error
}

// failed reports whether the variant's run crashed or ran out of its
// share of memory. Another variant's end (its outcome, or the
// cancellation at the time limit) then says more about the check, since
// the failure is one configuration's: CBMC 6.6's --arrays-uf-always fails
// an invariant, and the plain configuration runs out of memory, on Linux
// driver slices that the field-sensitive one runs until the limit.
func (d *variantRun) failed() bool {
	return d.err == nil && d.run != nil && (d.run.Outcome == Crash || d.run.Outcome == OutOfMemory)
}

// run runs CBMC once with args, and once more with more bits for the
// object of a pointer when CBMC runs out of them (its default leaves 8).
func (b *Backend) run(ctx context.Context, job Job, args []string) (*Result, []string, error) {
	opt := Options{Path: b.Path, Args: args, MemoryLimitMB: b.processLimitMB(), Dir: job.Dir}
	run, err := Run(ctx, opt, job.File)
	if err == nil && run.Outcome == Error && strings.Contains(run.Reason, "too many addressed objects") {
		opt.Args = append(args, "--object-bits", "16")
		run, err = Run(ctx, opt, job.File)
	}
	if err == nil {
		run.Stats.Solver = "minisat"
		if b.Solver != "" {
			run.Stats.Solver = filepath.Base(b.Solver)
		}
	}
	return run, opt.Args, err
}

// processLimitMB is the address-space limit of one CBMC process started
// now (MemoryLimitMB).
func (b *Backend) processLimitMB() int {
	if b.MemoryLimitMB <= 0 {
		return 0
	}
	var selfMB int64
	if rss, ok := memstat.Resident(); ok {
		selfMB = rss >> 20
	}
	n := b.Processes
	if n <= 0 {
		n = max(b.Jobs, 1)
	}
	return memstat.Share(b.MemoryLimitMB, selfMB, n)
}
