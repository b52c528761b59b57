// Command benchsvcomp runs ladr on the SV-COMP tasks of one property and
// records, per task, the result against the expected verdict.
//
// It is normally started by scripts/bench-svcomp, which builds bin/ladr
// first:
//
//	scripts/bench-svcomp --property race [flags] [-- ladr flags]
//
// The task set is every .yml file below DIR/c (DIR is --svcomp) whose
// properties list has an uncommented entry for the property's file:
// no-data-race.prp for --property race, unreach-call.prp for
// --property unreach-call. expected_verdict false means the program violates
// the property (it has a data race, or the error call is reachable).
//
// For each task it runs, with the repository root as working directory,
//
//	ladr check --task FILE.yml --property P --format json --timeout T [--memory-limit M] [ladr flags]
//
// and writes one TSV row as soon as the task finishes (the file is sorted by
// task name at the end), then a Markdown summary to stdout and to
// <out>.summary.md, and ladr's stdout and stderr per task below <out>.logs/.
// Relative paths in flags are relative to the current directory; the
// defaults are relative to the repository root.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// Exit codes of the harness.
const (
	exitOK          = 0   // the run completed (whatever ladr found)
	exitError       = 1   // the harness failed
	exitUsage       = 2   // bad flags
	exitWrong       = 3   // with --fail-on-wrong: a false alarm, wrong true or missed violation
	exitInterrupted = 130 // SIGINT or SIGTERM; partial results were written
)

// options are the parsed command-line flags.
type options struct {
	svcomp, property, out, ladr, root string
	tasksDir                          string // --tasks: any directory of .yml files instead of SV-COMP's
	failOnWrong                       bool
	timeout, jobs, memoryMB, sample   int
	shuffle                           bool
	expected                          string // "", "true" or "false"
	commit                            string // git describe of the repository when the run started
	seed                              uint64
	filters                           listFlag
	logs                              bool
	extra                             []string // ladr flags after "--"
	args                              []string // the harness's own arguments
}

// listFlag is a repeatable flag whose values may also be comma-separated.
type listFlag []string

// String implements flag.Value.
func (l *listFlag) String() string { return strings.Join(*l, ",") }

// Set implements flag.Value.
func (l *listFlag) Set(v string) error {
	for _, s := range strings.Split(v, ",") {
		if s = strings.TrimSpace(s); s != "" {
			*l = append(*l, s)
		}
	}
	return nil
}

// usageText precedes the flag list in -h.
const usageText = `Usage: scripts/bench-svcomp --property race|unreach-call|deadlock [flags] [-- ladr flags]

Runs "ladr check --task T.yml --property P --format json --timeout S" on every
SV-COMP task of the property (from the repository root), writes one TSV row per
task and prints a Markdown summary (also written to <out minus .tsv>.summary.md;
ladr's stdout/stderr per task go to <out minus .tsv>.logs/). Everything after
"--" is passed to every ladr run, e.g. -- --rounds 3 --unwind 4 --target generic.

Tasks: race = .yml files with a no-data-race.prp property; unreach-call = .yml
files with an uncommented unreach-call.prp property. expected false = buggy.
With --tasks DIR the tasks are the .yml files below DIR (any suite, e.g.
benchmarks/realworld) instead of SV-COMP's.
Exit status: 0 when the run completed, 1 on a harness error, 2 on bad usage,
3 with --fail-on-wrong when a verdict was wrong or a violation missed,
130 when interrupted (partial results are still written).

Flags:
`

// parseOptions parses the harness's arguments.
func parseOptions(args []string, stderr io.Writer) (*options, error) {
	o := &options{args: args}
	fs := flag.NewFlagSet("bench-svcomp", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, usageText); fs.PrintDefaults() }
	fs.StringVar(&o.tasksDir, "tasks", "", "run the tasks of every .yml file below `DIR` instead of SV-COMP's (no INDEX.tsv; task names relative to DIR)")
	fs.BoolVar(&o.failOnWrong, "fail-on-wrong", false, "exit with status 3 when a task gets a false alarm, a wrong true or no violation found on a buggy task")
	fs.StringVar(&o.svcomp, "svcomp", "", "SV-COMP task `DIR` with INDEX.tsv and c/<dir>/*.yml (default ../shared/svcomp from the repository root)")
	fs.StringVar(&o.property, "property", "", "property to check: race, unreach-call or deadlock (the race-free and correct tasks; required)")
	fs.IntVar(&o.timeout, "timeout", 60, "per-task time limit in `SECONDS` (ladr --timeout); the harness kills ladr 30 s after it")
	fs.IntVar(&o.jobs, "jobs", 1, "number of tasks to run in parallel")
	fs.IntVar(&o.memoryMB, "memory-mb", 0, "memory limit in `MB`, passed to ladr as --memory-limit when nonzero")
	fs.Var(&o.filters, "filter", "only tasks whose .yml path (relative to --svcomp) contains `SUBSTR`; repeatable or comma-separated, any may match")
	fs.IntVar(&o.sample, "sample", 0, "run a random sample of `N` tasks, stratified by expected verdict (0: all)")
	fs.Uint64Var(&o.seed, "seed", 1, "random seed for --sample and --shuffle")
	fs.StringVar(&o.expected, "expected", "", "only tasks whose expected verdict is `VERDICT` (true or false; default both)")
	fs.BoolVar(&o.shuffle, "shuffle", false, "run the tasks in a random order (from --seed) instead of by name, so that a run stopped early is a uniform random sample")
	fs.StringVar(&o.out, "out", "", "results `FILE` (TSV; default bench-results/<property>-<timestamp>.tsv in the repository root)")
	fs.StringVar(&o.ladr, "ladr", "", "ladr binary `PATH` (default bin/ladr in the repository root)")
	fs.StringVar(&o.root, "root", "", "repository root `DIR`, ladr's working directory (default: found from the current directory or the harness binary)")
	fs.BoolVar(&o.logs, "logs", true, "keep each task's ladr stdout and stderr in <out minus .tsv>.logs/")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if rest := fs.Args(); len(rest) > 0 {
		if i := len(args) - len(rest) - 1; i < 0 || args[i] != "--" {
			return nil, fmt.Errorf("unexpected argument %q (put ladr flags after --)", rest[0])
		}
		o.extra = rest
	}
	return o, o.validate()
}

// knownProperty reports whether the harness runs property p.
func knownProperty(p string) bool { _, ok := propertyFiles[p]; return ok }

// validate checks the flag values.
func (o *options) validate() error {
	switch {
	case o.property == "":
		return errors.New("--property race|unreach-call|deadlock is required")
	case !knownProperty(o.property):
		return fmt.Errorf("--property %q: want race, unreach-call or deadlock", o.property)
	case o.timeout <= 0:
		return fmt.Errorf("--timeout %d: must be positive", o.timeout)
	case o.jobs < 1:
		return fmt.Errorf("--jobs %d: must be at least 1", o.jobs)
	case o.memoryMB < 0:
		return fmt.Errorf("--memory-mb %d: must not be negative", o.memoryMB)
	case o.expected != "" && o.expected != "true" && o.expected != "false":
		return fmt.Errorf("--expected %q: want true or false", o.expected)
	case o.sample < 0:
		return fmt.Errorf("--sample %d: must not be negative", o.sample)
	}
	return nil
}

// resolve finds the repository root and makes every path absolute, filling
// in the defaults.
func (o *options) resolve(now time.Time) error {
	root, err := findRoot(o.root)
	if err != nil {
		return err
	}
	o.root = root
	defaults := map[*string]string{
		&o.svcomp: filepath.Join(root, "..", "shared", "svcomp"),
		&o.ladr:   defaultLadr(root),
		&o.out:    filepath.Join(root, "bench-results", o.property+"-"+now.Format("20060102-150405")+".tsv"),
	}
	if o.tasksDir != "" {
		defaults[&o.tasksDir] = o.tasksDir
	}
	for p, def := range defaults {
		if *p == "" {
			*p = def
		}
		abs, err := filepath.Abs(*p)
		if err != nil {
			return fmt.Errorf("resolve %s: %w", *p, err)
		}
		*p = abs
	}
	if fi, err := os.Stat(o.ladr); err != nil || fi.IsDir() {
		return fmt.Errorf("ladr binary %s not found (build it with: go build -o bin/ladr ./cmd/ladr)", o.ladr)
	}
	return nil
}

// rootModule is the module line that identifies the repository root.
const rootModule = "module github.com/ladr-dev/ladr"

// findRoot returns dir if given, else the nearest directory above the
// current directory, or else above the running binary, whose go.mod declares
// the ladr module.
func findRoot(dir string) (string, error) {
	if dir != "" {
		return filepath.Abs(dir)
	}
	var starts []string
	if wd, err := os.Getwd(); err == nil {
		starts = append(starts, wd)
	}
	if exe, err := os.Executable(); err == nil {
		starts = append(starts, filepath.Dir(exe))
	}
	for _, d := range starts {
		for ; ; d = filepath.Dir(d) {
			if data, err := os.ReadFile(filepath.Join(d, "go.mod")); err == nil &&
				strings.Contains(string(data), rootModule+"\n") {
				return d, nil
			}
			if filepath.Dir(d) == d {
				break
			}
		}
	}
	return "", errors.New("cannot find the repository root (go.mod of github.com/ladr-dev/ladr); use --root")
}

// run is the whole harness; it returns the exit status.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	o, err := parseOptions(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return exitOK
	}
	if err != nil {
		fmt.Fprintf(stderr, "bench-svcomp: %v\n", err)
		return exitUsage
	}
	started := time.Now()
	o.commit = gitDescribe(o.root) // the tree may change while a long run goes on
	if err := o.resolve(started); err != nil {
		fmt.Fprintf(stderr, "bench-svcomp: %v\n", err)
		return exitError
	}
	tasks, err := selectTasks(o, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "bench-svcomp: %v\n", err)
		return exitError
	}
	outs, err := runAll(ctx, o, tasks, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "bench-svcomp: %v\n", err)
		return exitError
	}
	info := o.info(started, len(tasks), len(outs) < len(tasks))
	if err := finish(o, info, outs, stdout); err != nil {
		fmt.Fprintf(stderr, "bench-svcomp: %v\n", err)
		return exitError
	}
	if info.Interrupted {
		return exitInterrupted
	}
	if n := countWrong(outs); o.failOnWrong && n > 0 {
		fmt.Fprintf(stderr, "bench-svcomp: %d wrong verdicts or missed violations (see the summary)\n", n)
		return exitWrong
	}
	return exitOK
}

// countWrong returns the number of false alarms, wrong true verdicts and
// violations not found on buggy tasks.
func countWrong(outs []outcome) int {
	n := 0
	for _, o := range outs {
		switch o.Class() {
		case classFalseAlarm, classWrongTrue, classMissedBug:
			n++
		}
	}
	return n
}

// selectTasks discovers, checks, filters and samples the tasks.
func selectTasks(o *options, stderr io.Writer) ([]task, error) {
	dir := o.svcomp
	tasks, warnings, err := discoverTasks(o.svcomp, o.property)
	if o.tasksDir != "" {
		dir = o.tasksDir
		tasks, warnings, err = discoverBelow(o.tasksDir, o.tasksDir, o.property)
	}
	if err != nil {
		return nil, err
	}
	if o.property == "race" && o.tasksDir == "" {
		warnings = append(warnings, checkIndex(o.svcomp, tasks)...)
	}
	for _, w := range warnings {
		fmt.Fprintf(stderr, "bench-svcomp: warning: %s\n", w)
	}
	tasks = filterTasks(tasks, o.filters)
	if o.expected != "" {
		tasks = filterExpected(tasks, o.expected == "true")
	}
	tasks = sampleTasks(tasks, o.sample, o.seed)
	if o.shuffle {
		tasks = shuffleTasks(tasks, o.seed)
	}
	if len(tasks) == 0 {
		return nil, fmt.Errorf("no %s tasks selected in %s", o.property, dir)
	}
	return tasks, nil
}

// outBase returns the results file name without its .tsv extension, the
// stem of the summary and log directory names.
func (o *options) outBase() string { return strings.TrimSuffix(o.out, ".tsv") }

// runConfig returns what every ladr run shares.
func (o *options) runConfig() runConfig {
	cfg := runConfig{Ladr: o.ladr, Root: o.root, Property: o.property,
		Timeout: o.timeout, MemoryMB: o.memoryMB, Extra: o.extra}
	if o.logs {
		cfg.LogDir = o.outBase() + ".logs"
	}
	return cfg
}

// runAll runs the tasks on o.jobs workers, writing each row as it arrives,
// and returns the outcomes of the tasks that ran to completion.
func runAll(ctx context.Context, o *options, tasks []task, stderr io.Writer) ([]outcome, error) {
	tsv, err := createTSV(o.out)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var term io.Writer
	if f, ok := stderr.(*os.File); ok && isTerminal(f) {
		term = f
	}
	prog := newProgress(term, len(tasks))
	cfg := o.runConfig()
	results := startWorkers(ctx, cfg, tasks, o.jobs)
	var outs []outcome
	var firstErr error
	for out := range results {
		if out.Interrupted {
			continue
		}
		outs = append(outs, out)
		prog.Add(out)
		if err := record(tsv, cfg.LogDir, out); err != nil && firstErr == nil {
			firstErr = err
			cancel()
		}
		if out.Crash || strings.HasPrefix(out.Reason, "harness:") {
			prog.Errorf(stderr, "bench-svcomp: %s: %s", out.Task.Name, out.Reason)
		}
	}
	prog.Finish()
	if err := tsv.Close(); err != nil && firstErr == nil {
		firstErr = err
	}
	return outs, firstErr
}

// record writes one outcome's row and logs.
func record(tsv *tsvWriter, logDir string, o outcome) error {
	if err := tsv.Add(o); err != nil {
		return err
	}
	return saveLogs(logDir, o)
}

// startWorkers runs the tasks on jobs goroutines and returns the channel of
// their outcomes, closed when all are done. After ctx is cancelled no new
// task starts.
func startWorkers(ctx context.Context, cfg runConfig, tasks []task, jobs int) <-chan outcome {
	queue := make(chan task)
	results := make(chan outcome)
	go func() {
		defer close(queue)
		for _, t := range tasks {
			select {
			case queue <- t:
			case <-ctx.Done():
				return
			}
		}
	}()
	var wg sync.WaitGroup
	for range jobs {
		wg.Go(func() {
			for t := range queue {
				results <- runTask(ctx, cfg, t)
			}
		})
	}
	go func() { wg.Wait(); close(results) }()
	return results
}

// info returns the summary header's description of the run.
func (o *options) info(started time.Time, selected int, interrupted bool) runInfo {
	argv0 := os.Getenv("BENCHSVCOMP_ARGV0")
	if argv0 == "" {
		argv0 = "go run ./scripts/benchsvcomp"
	}
	cfg := o.runConfig()
	ladrArgs := cfg.ladrArgs("TASK.yml")
	return runInfo{
		Command:     argv0 + " " + shellJoin(o.args),
		LadrCommand: shellJoin(append([]string{relTo(o.root, o.ladr)}, ladrArgs...)),
		Property:    o.property, Timeout: o.timeout, MemoryMB: o.memoryMB, Jobs: o.jobs,
		Commit:  o.commit,
		Started: started, Wall: time.Since(started),
		Selected: selected, Interrupted: interrupted, TSV: relTo(o.root, o.out),
		Suite: o.suiteName(),
	}
}

// suiteName names the task set in the summary's title.
func (o *options) suiteName() string {
	if o.tasksDir == "" {
		return ""
	}
	return relTo(o.root, o.tasksDir)
}

// finish rewrites the results file sorted and writes the summary to stdout
// and next to the results file.
func finish(o *options, info runInfo, outs []outcome, stdout io.Writer) error {
	if err := rewriteSorted(o.out, outs); err != nil {
		return err
	}
	var b strings.Builder
	writeSummary(&b, info, outs)
	if err := writeFileAtomic(o.outBase()+".summary.md", []byte(b.String())); err != nil {
		return err
	}
	if _, err := io.WriteString(stdout, b.String()); err != nil {
		return fmt.Errorf("print summary: %w", err)
	}
	return nil
}

// relTo returns p relative to root when p is inside root, else p.
func relTo(root, p string) string {
	if r, err := filepath.Rel(root, p); err == nil && !strings.HasPrefix(r, "..") {
		return r
	}
	return p
}

// gitDescribe returns "git describe --always --dirty" of dir, or "".
func gitDescribe(dir string) string {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, "git", "-C", dir, "describe", "--always", "--dirty").Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

// shellJoin quotes args for a POSIX shell where needed and joins them.
func shellJoin(args []string) string {
	quoted := make([]string, len(args))
	for i, a := range args {
		quoted[i] = shellQuote(a)
	}
	return strings.Join(quoted, " ")
}

// shellQuote returns s, single-quoted if it contains anything but safe
// characters.
func shellQuote(s string) string {
	if s == "" {
		return "''"
	}
	safe := func(r rune) bool {
		return r < 128 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' ||
			strings.ContainsRune("-_./=:,+@%", r))
	}
	for _, r := range s {
		if !safe(r) {
			return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
		}
	}
	return s
}

// defaultLadr is the ladr binary used when --ladr is not given: the private
// copy scripts/bench-svcomp built ($BENCHSVCOMP_LADR), else bin/ladr.
func defaultLadr(root string) string {
	if p := os.Getenv("BENCHSVCOMP_LADR"); p != "" {
		return p
	}
	return filepath.Join(root, "bin", "ladr")
}
