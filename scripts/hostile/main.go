// Command hostile generates hostile inputs for ladr (issue 20: every such
// input must end within --timeout + 5 s and under ladr's memory budget with
// a clear unknown or error) and measures what a given ladr binary does with
// each of them.
//
// It is normally started by scripts/bench-hostile:
//
//	scripts/bench-hostile [--ladr BIN] [flags] [-- ladr flags]
//
// Each input is written into a fresh temporary directory, and ladr runs as
//
//	ladr check --quiet --timeout T [case flags] [ladr flags] INPUT
//
// with that directory as working directory and TMPDIR, one input at a time.
// The harness guards every run from outside: it kills ladr's whole process
// tree (every descendant of the harness, since ladr starts CBMC in a process
// group of its own) at T + --grace, and ladr runs under an address-space
// limit (RLIMIT_AS, --as-limit-gb, inherited by CBMC) so that a runaway
// input cannot take the machine down. The limit is meant to be generous
// enough not to be what is measured; when an input reaches it, ladr's
// stderr says so (a Go "out of memory" or CBMC's std::bad_alloc).
//
// Per input it records the wall time, the exit code (or signal), the
// first line of stdout and of stderr, and two memory figures:
//
//   - peak tree RSS: every --poll (50 ms) the harness sums the resident set
//     size (/proc/PID/stat, field 24) of all its descendants, which are
//     ladr, CBMC, replay's gcc and any process ladr orphaned (the harness is
//     a child subreaper, so orphans stay its descendants); the maximum of
//     these sums. It misses peaks shorter than the poll interval.
//   - maxrss: ru_maxrss of ladr from wait4, which on Linux is the maximum of
//     ladr's own peak and that of each descendant ladr waited for; not a sum.
//
// It also records the entries left in the input's TMPDIR (ladr-* work
// directories) and the processes of the tree still alive after ladr ended
// (which the harness then kills).
//
// The results go to OUT.tsv (one row per input, written as each ends) and
// OUT.md (a Markdown table for BENCHMARKS.md).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// options are the parsed flags.
type options struct {
	guard  guard
	sizes  sizes
	out    string
	label  string
	filter string
	list   bool
	keep   bool
	args   []string
}

// durationFlag accepts a Go duration ("90s") or a number of seconds.
type durationFlag struct{ d *time.Duration }

// String implements flag.Value.
func (f durationFlag) String() string {
	if f.d == nil {
		return ""
	}
	return f.d.String()
}

// Set implements flag.Value.
func (f durationFlag) Set(s string) error {
	if n, err := strconv.ParseFloat(s, 64); err == nil {
		*f.d = time.Duration(n * float64(time.Second))
		return nil
	}
	d, err := time.ParseDuration(s)
	if err != nil {
		return fmt.Errorf("%q is neither seconds nor a duration", s)
	}
	*f.d = d
	return nil
}

// parseFlags parses the harness's arguments; ladr flags follow "--".
func parseFlags(args []string, stderr io.Writer) (*options, error) {
	o := &options{sizes: defaultSizes(), args: args}
	o.guard = guard{Timeout: 20 * time.Second, Grace: 30 * time.Second, Poll: 50 * time.Millisecond, OutputMax: 1 << 20}
	fs := flag.NewFlagSet("bench-hostile", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.guard.Ladr, "ladr", "", "the ladr binary to measure (required)")
	fs.Var(durationFlag{&o.guard.Timeout}, "timeout", "ladr's --timeout (seconds or a duration)")
	fs.Var(durationFlag{&o.guard.Grace}, "grace", "the harness kills ladr's process tree this long after --timeout")
	fs.Var(durationFlag{&o.guard.Poll}, "poll", "interval of the process tree's RSS sums")
	asGB := fs.Float64("as-limit-gb", 12, "address-space limit (RLIMIT_AS) of ladr and its children in GiB (0: none)")
	fs.StringVar(&o.out, "out", "", "results go to OUT.tsv and OUT.md (default bench-results/hostile-<time>)")
	fs.StringVar(&o.label, "label", "", "what the binary is (e.g. its commit), for the Markdown header")
	fs.StringVar(&o.filter, "filter", "", "comma-separated substrings: run only inputs whose name contains one")
	fs.BoolVar(&o.list, "list", false, "list the inputs and exit")
	fs.BoolVar(&o.keep, "keep", false, "keep the generated inputs (their directory is printed)")
	s := &o.sizes
	fs.IntVar(&s.MacroDepth, "macro-depth", s.MacroDepth, "number of doubling macros")
	fs.IntVar(&s.IfDepth, "if-depth", s.IfDepth, "nested ifs")
	fs.IntVar(&s.ParenDepth, "paren-depth", s.ParenDepth, "nested parentheses")
	fs.IntVar(&s.BlockDepth, "block-depth", s.BlockDepth, "nested blocks")
	fs.IntVar(&s.Terms, "terms", s.Terms, "terms of the huge sum")
	fs.IntVar(&s.InitElems, "init-elems", s.InitElems, "elements of the huge initializer")
	fs.IntVar(&s.ArrayLog2, "array-log2", s.ArrayLog2, "the huge arrays have 1<<N ints")
	fs.IntVar(&s.LineMB, "line-mb", s.LineMB, "MiB of the long identifier and string literal")
	fs.IntVar(&s.BinaryKB, "binary-kb", s.BinaryKB, "KiB of random bytes")
	fs.IntVar(&s.Threads, "threads", s.Threads, "pthread_create calls")
	fs.IntVar(&s.Stmts, "stmts", s.Stmts, "statements of the long function")
	fs.IntVar(&s.Funcs, "funcs", s.Funcs, "functions of the call chain")
	fs.IntVar(&s.LoopDepth, "loop-depth", s.LoopDepth, "depth of the loop nest")
	fs.StringVar(&s.SlowTask, "slow-task", s.SlowTask, "SV-COMP task (.yml) that runs longer than 30 s, for the signal inputs")
	fs.Var(durationFlag{&s.SignalAfter}, "signal-after", "when the signal inputs send their signal")
	var harness, extra []string
	harness = args
	for i, a := range args {
		if a == "--" {
			harness, extra = args[:i], args[i+1:]
			break
		}
	}
	if err := fs.Parse(harness); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("unexpected argument %q (ladr flags go after --)", fs.Arg(0))
	}
	o.guard.Extra = extra
	o.guard.ASLimit = uint64(*asGB * (1 << 30))
	if o.guard.Ladr == "" && !o.list {
		return nil, errNoLadr
	}
	if o.guard.Ladr != "" {
		abs, err := filepath.Abs(o.guard.Ladr)
		if err != nil {
			return nil, err
		}
		o.guard.Ladr = abs
	}
	if o.out == "" {
		o.out = filepath.Join("bench-results", "hostile-"+time.Now().Format("20060102-150405"))
	}
	return o, nil
}

// selected returns the cases whose names contain one of the comma-separated
// filter's parts (all cases for an empty filter).
func selected(cs []hostileCase, filter string) []hostileCase {
	if filter == "" {
		return cs
	}
	var out []hostileCase
	for _, c := range cs {
		for _, f := range strings.Split(filter, ",") {
			if f = strings.TrimSpace(f); f != "" && strings.Contains(c.Name, f) {
				out = append(out, c)
				break
			}
		}
	}
	return out
}

// run is main without the exit.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	o, err := parseFlags(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintln(stderr, "bench-hostile:", err)
		return 2
	}
	cs := selected(cases(o.sizes, o.guard.Timeout), o.filter)
	if o.list {
		for _, c := range cs {
			fmt.Fprintf(stdout, "%-20s %s\n%-20s expected: %s\n", c.Name, c.What, "", c.Expect)
		}
		return 0
	}
	if len(cs) == 0 {
		fmt.Fprintln(stderr, "bench-hostile: no input matches --filter", o.filter)
		return 2
	}
	// Orphans of ladr's tree become the harness's children, so that they
	// are measured, reported and killed.
	if err := setSubreaper(); err != nil {
		fmt.Fprintln(stderr, "bench-hostile:", err)
		return 1
	}
	if err := os.MkdirAll(filepath.Dir(o.out), 0o755); err != nil {
		fmt.Fprintln(stderr, "bench-hostile:", err)
		return 1
	}
	tsv, err := os.Create(o.out + ".tsv")
	if err != nil {
		fmt.Fprintln(stderr, "bench-hostile:", err)
		return 1
	}
	defer tsv.Close()
	fmt.Fprintln(tsv, strings.Join(tsvHeader, "\t"))
	work, err := os.MkdirTemp("", "hostile-")
	if err != nil {
		fmt.Fprintln(stderr, "bench-hostile:", err)
		return 1
	}
	if o.keep {
		fmt.Fprintln(stderr, "bench-hostile: inputs in", work)
	} else {
		defer os.RemoveAll(work)
	}
	start := time.Now()
	var rows []row
	for i, c := range cs {
		if ctx.Err() != nil {
			break
		}
		r := runCase(ctx, o.guard, c, filepath.Join(work, c.Name))
		rows = append(rows, r)
		fmt.Fprintln(tsv, strings.Join(r.tsv(), "\t"))
		fmt.Fprintf(stderr, "[%d/%d] %-20s %6.1fs %8.0f MB exit %-8s %s\n", i+1, len(cs), c.Name,
			r.M.Seconds, float64(r.M.TreeKB)/1024, r.M.Exit, r.outcome())
	}
	md := markdown(o, rows, time.Since(start))
	if err := os.WriteFile(o.out+".md", []byte(md), 0o644); err != nil {
		fmt.Fprintln(stderr, "bench-hostile:", err)
		return 1
	}
	fmt.Fprint(stdout, md)
	if ctx.Err() != nil {
		return 130
	}
	return 0
}

// prSetChildSubreaper is PR_SET_CHILD_SUBREAPER of prctl(2).
const prSetChildSubreaper = 36

// setSubreaper makes the calling process a child subreaper: processes
// orphaned below it become its children instead of init's.
func setSubreaper() error {
	if _, _, e := syscall.RawSyscall(syscall.SYS_PRCTL, prSetChildSubreaper, 1, 0); e != 0 {
		return fmt.Errorf("prctl(PR_SET_CHILD_SUBREAPER): %w", e)
	}
	return nil
}

// runCase writes the input of c into dir and runs ladr on it.
func runCase(ctx context.Context, g guard, c hostileCase, dir string) row {
	r := row{Case: c}
	tmp := filepath.Join(dir, "tmp")
	if err := os.MkdirAll(tmp, 0o755); err != nil {
		r.M.Err = err.Error()
		return r
	}
	input, err := c.Write(dir)
	if err != nil {
		r.M.Err = "writing the input: " + err.Error()
		return r
	}
	var caseArgs []string
	if c.Args != nil {
		caseArgs = c.Args(dir)
	}
	r.M = g.run(ctx, dir, tmp, g.ladrArgs(caseArgs, input), c.Signal, c.After)
	// The inputs are large; remove each once measured.
	for _, f := range input {
		if strings.HasPrefix(f, dir) {
			os.Remove(f)
		}
	}
	return r
}
