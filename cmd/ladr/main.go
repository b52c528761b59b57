// Command ladr finds data races and assertion failures in multi-threaded C
// programs by lazy sequentialization and bounded model checking with CBMC.
//
//	ladr check [flags] FILE.c       check a program (exit 0: no violation found
//	                                within the bounds, 1: violation, 2: bad
//	                                input or usage, 3: unknown, 4: CBMC
//	                                not found or not usable)
//	ladr translate [flags] FILE.c   print the sequentialized program
//
// The command is a thin layer over package driver.
package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"regexp"
	"runtime"
	"runtime/pprof"
	"strconv"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/ladr-dev/ladr/driver"
	"github.com/ladr-dev/ladr/driver/sarif"
	"github.com/ladr-dev/ladr/internal/supervise"
	"github.com/ladr-dev/ladr/property"
	"github.com/ladr-dev/ladr/translate"
	"github.com/ladr-dev/ladr/translate/cfront"
)

// Exit codes.
const (
	exitOK        = 0
	exitViolation = 1
	exitUsage     = 2
	exitUnknown   = 3
	// exitNoBackend: CBMC was not found, or the one given cannot be run
	// (ladr's setup, not the input).
	exitNoBackend = 4
)

func main() {
	os.Exit(entry(os.Args, os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	// LADR_CPUPROFILE names a file for a CPU profile of the run (for
	// ladr's developers: go tool pprof).
	if path := os.Getenv("LADR_CPUPROFILE"); path != "" {
		if f, err := os.Create(path); err == nil && pprof.StartCPUProfile(f) == nil {
			defer func() {
				pprof.StopCPUProfile()
				f.Close()
			}()
		}
	}
	out := &watchedWriter{w: stdout}
	app := newApp(out, stderr)
	args = flagsFirst(app, args)
	return exitStatus(app, args, app.Run(args), out, stderr)
}

// flagsFirst moves the flags a user wrote after the input file (ladr check
// FILE --trace=false) before it: urfave/cli stops reading flags at the
// first argument. A flag that takes a value keeps the word after it; "--"
// ends the flags.
func flagsFirst(app *cli.App, args []string) []string {
	args = unglue(app, args)
	if len(args) < 3 {
		return args
	}
	cmd := app.Command(args[1])
	if cmd == nil {
		return args
	}
	takesValue := valueFlags(cmd)
	var flags, pos []string
	rest := args[2:]
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		switch {
		case a == "--":
			pos = append(pos, rest[i:]...)
			i = len(rest)
		case len(a) > 1 && a[0] == '-':
			flags = append(flags, a)
			name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
			if !hasValue && takesValue[name] && i+1 < len(rest) {
				i++
				flags = append(flags, rest[i])
			}
		default:
			pos = append(pos, a)
		}
	}
	return append(append(append([]string{}, args[:2]...), flags...), pos...)
}

func oneLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

func commonFlags() []cli.Flag {
	return append([]cli.Flag{
		&cli.StringFlag{Name: "property", Aliases: []string{"p"}, Usage: "property to check: race, assert, unreach-call or deadlock (default: race, or the task's)"},
		&cli.IntFlag{Name: "rounds", Aliases: []string{"r"}, Value: 2, Usage: "number of round-robin rounds of context switches (setting it or --unwind fixes the bounds; otherwise check tries growing bounds until --timeout)"},
		&cli.IntFlag{Name: "unwind", Aliases: []string{"u"}, Value: 2, Usage: "loop unwinding and recursion bound"},
		&cli.StringSliceFlag{Name: "unwindset", Usage: "per-loop bound `LOOP:N` (LOOP is FUNC.IDX or LINE or FILE:LINE)"},
		&cli.BoolFlag{Name: "32", Usage: "ILP32 data model (SV-COMP's)"},
		&cli.BoolFlag{Name: "64", Usage: "LP64 data model"},
		&cli.StringFlag{Name: "task", Usage: "SV-COMP task `FILE.yml`: input, property and data model"},
		&cli.StringFlag{Name: "target", Value: "cbmc", Usage: "emitted conventions: cbmc (CBMC shadow memory) or generic (plain C, SV-COMP conventions)"},
	}, buildFlags()...)
}

// searchFlags are the flags of a search with CBMC (check, and replay of a
// witness).
func searchFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "timeout", Usage: "time limit of the whole check in seconds, or a duration such as 90s or 2m (0: none)"},
		&cli.IntFlag{Name: "memory-limit", Usage: "memory budget of the whole check (ladr and CBMC) in `MB` (default: half the machine's memory; 0: none)"},
		&cli.StringFlag{Name: "cbmc", Usage: "path of the cbmc binary (default: $LADR_CBMC, the project's install, PATH)"},
		&cli.StringSliceFlag{Name: "cbmc-arg", Usage: "extra option `ARG` for CBMC (repeatable)"},
		&cli.IntFlag{Name: "jobs", Aliases: []string{"j"}, Value: min(runtime.NumCPU(), 2), Usage: "CBMC processes run at once (a portfolio's members, and CBMC configurations, raced against each other)"},
		&cli.StringFlag{Name: "solver", Usage: "SAT solver of CBMC: minisat (built in), cadical or kissat (installed by scripts/install-cbmc), or a DIMACS solver's `PATH` (default: the portfolio's)"},
		&cli.StringFlag{Name: "portfolio", Usage: "searches run at once with --jobs 2 or more, the first answer wins: comma-separated `TARGET/SOLVER[/adjacent]` (adjacent: races checked without pending accesses; default, unless --target, --solver, --cbmc-arg or --keep is given: cbmc/minisat/adjacent,generic/minisat for races, cbmc/minisat,cbmc/cadical otherwise)"},
		&cli.StringFlag{Name: "keep", Usage: "write the sequentialized program to `FILE` (each slice's to FILE with .slice-N before its extension)"},
		&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "no progress on stderr"},
		&cli.BoolFlag{Name: "replay", Value: true, Usage: "re-execute every violation concretely and report it only when confirmed (--replay=false skips)"},
		&cli.StringFlag{Name: "gcc", Usage: "C compiler used by replay (default: gcc)"},
		&cli.BoolFlag{Name: "explore", Value: true, Usage: "for assertions, run an explicit-state search of the bounded program's executions (compiled with --gcc) beside CBMC when --jobs is 2 or more; it finds violations, never proofs (--explore=false leaves it out)"},
		&cli.BoolFlag{Name: "explore-only", Usage: "for assertions, run only the explicit-state search (no CBMC search): a violation it finds, confirmed by CBMC and the replay, or unknown"},
		&cli.BoolFlag{Name: "static-proof", Value: true, Usage: "for races, run the static race analysis first: its proof of race freedom is the answer for every bound, without CBMC (--static-proof=false skips it)"},
	}
}

func newApp(stdout, stderr io.Writer) *cli.App {
	return &cli.App{
		Name:            "ladr",
		Usage:           "find data races and assertion failures in multi-threaded C programs",
		Version:         driver.Version,
		Writer:          stdout,
		ErrWriter:       stderr,
		HideHelpCommand: true,
		// -D NAME=a,b defines NAME as "a,b"; --unwindset splits its own
		// commas.
		DisableSliceFlagSeparator: true,
		ExitErrHandler:            func(*cli.Context, error) {},
		OnUsageError: func(c *cli.Context, err error, _ bool) error {
			return &exitError{code: exitUsage, msg: oneLine(err.Error())}
		},
		Commands: []*cli.Command{
			{
				Name:      "check",
				Usage:     "check a program for races or assertion failures",
				ArgsUsage: "FILE.c|FILE.i",
				Flags: append(append(commonFlags(), searchFlags()...),
					&cli.StringFlag{Name: "format", Value: "text", Usage: "output format: text, json or sarif (SARIF 2.1.0)"},
					&cli.StringSliceFlag{Name: "witness", Usage: "write an SV-COMP violation witness of a violation to `FILE` (repeatable: a .yml or .yaml file gets YAML, another GraphML, unless --witness-format says)"},
					&cli.StringFlag{Name: "witness-format", Value: "graphml", Usage: "witness format of every --witness file: graphml (GraphML 1.0) or yaml (YAML 2.2 draft, with threads); by default told by the file's extension"},
					&cli.BoolFlag{Name: "trace", Value: true, Usage: "show the interleaving of a violation (--trace=false hides it)"},
					&cli.StringFlag{Name: "save-trace", Usage: "write what replaying a violation needs to `FILE` (JSON)"},
					&cli.BoolFlag{Name: "candidates", Usage: "list the whole-program race candidates (static, no inlining: pairs of accesses threads may make at once with no common lock, most likely first) after every result; by default they are listed when the result is unknown; --candidates=false skips the analysis"},
					&cli.StringSliceFlag{Name: "facts", Usage: "take the user's facts in `FILE` for the race candidates, one per line: singleton ROUTINE (one thread runs it at a time), exclusive F G ... (never run at once), holds F LOCK (F is called with the global LOCK held); comments /* ladr: FACT */ in the sources count too"},
					&cli.IntFlag{Name: "slices", Value: driver.DefaultMaxSlices, Usage: "when the whole program gets no answer, check up to `N` slices of it (the two threads of a race candidate, the code that creates them and reaches the accesses, the rest stubbed), most likely candidate first; a race on a slice whose counterexample runs no stub is a race of the program, the others potential races; 0 keeps the whole-program answer"},
					&cli.StringFlag{Name: "slice-memory", Usage: "check slices only for the race candidates whose memory matches the Go regular expression `RE` (as the candidates list names it: \"hits\", \"(struct conn).state\"); the rest are still listed"},
					&cli.StringFlag{Name: "slice-timeout", Value: driver.DefaultSliceTimeout.String(), Usage: "time limit of each slice's check in seconds, or a duration such as 90s (0: only --timeout)"},
					&cli.BoolFlag{Name: "explain-proof", Usage: "after the verdict, list the pairs of accesses the static race analysis considered, each with the argument that excludes a race (race candidates first)"},
				),
				OnUsageError: func(c *cli.Context, err error, _ bool) error {
					return &exitError{code: exitUsage, msg: oneLine(err.Error())}
				},
				Action: checkCmd,
			},
			{
				Name:      "translate",
				Usage:     "print the sequentialized program",
				ArgsUsage: "FILE.c|FILE.i",
				Flags: append(commonFlags(),
					&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write to `FILE` instead of stdout"},
					&cli.StringSliceFlag{Name: "dump-after", Usage: "print the program after `PASS` too, and go on (repeatable; see --list-passes)"},
					&cli.StringFlag{Name: "stop-after", Usage: "stop after `PASS`: print the program as it is then"},
					&cli.BoolFlag{Name: "list-passes", Usage: "list the passes in order and exit"},
					&cli.BoolFlag{Name: "comments", Value: true, Usage: "annotate statements with their original position"},
				),
				OnUsageError: func(c *cli.Context, err error, _ bool) error {
					return &exitError{code: exitUsage, msg: oneLine(err.Error())}
				},
				Action: translateCmd,
			},
			{
				Name:      "replay",
				Usage:     "re-execute a saved counterexample concretely and confirm it, or follow a violation witness (GraphML or YAML) and confirm or reject it",
				ArgsUsage: "--trace TRACE.json FILE.c | --witness WITNESS FILE.c|--task T.yml",
				Flags: append(append(commonFlags(), searchFlags()...),
					&cli.StringFlag{Name: "trace", Usage: "trace `FILE` written by ladr check --save-trace"},
					&cli.StringFlag{Name: "witness", Usage: "violation witness `FILE` to follow: GraphML 1.0 or YAML 2.x (ladr's or another verifier's)"},
					&cli.BoolFlag{Name: "ignore-hash", Usage: "follow the witness even when the program hash it gives is not the input's (its lines may then name other statements)"},
					&cli.StringFlag{Name: "format", Value: "text", Usage: "output format: text or json"},
				),
				OnUsageError: func(c *cli.Context, err error, _ bool) error {
					return &exitError{code: exitUsage, msg: oneLine(err.Error())}
				},
				Action: replayCmd,
			},
		},
	}
}

// options builds driver options from the flags common to all commands.
func options(c *cli.Context) (driver.Options, error) {
	opt := driver.Options{
		Task:   c.String("task"),
		Rounds: c.Int("rounds"),
		Unwind: c.Int("unwind"),
	}
	if c.NArg() == 0 && opt.Task == "" && c.String("compile-commands") == "" {
		return opt, &exitError{code: exitUsage, msg: "missing input file (usage: ladr " + c.Command.Name + " FILE.c [FILE.c ...])"}
	}
	if c.NArg() > 0 && opt.Task != "" && (c.NArg() > 1 || c.String("compile-commands") != "") {
		return opt, &exitError{code: exitUsage, msg: "give either --task or input files, not both: " + strings.Join(c.Args().Slice(), " ")}
	}
	if opt.Task != "" && c.String("compile-commands") != "" {
		return opt, &exitError{code: exitUsage, msg: "--task and --compile-commands exclude each other"}
	}
	if c.Bool("32") && c.Bool("64") {
		return opt, &exitError{code: exitUsage, msg: "--32 and --64 exclude each other"}
	}
	if c.Bool("32") {
		opt.Model = cfront.ILP32
	} else if c.Bool("64") {
		opt.Model = cfront.LP64
	}
	if err := buildOptions(c, &opt, c.Args().Slice()); err != nil {
		return opt, err
	}
	switch c.String("target") {
	case "cbmc":
		opt.Target = translate.CBMC
	case "generic":
		opt.Target = translate.Generic
	default:
		return opt, &exitError{code: exitUsage, msg: fmt.Sprintf("unknown --target %q (want cbmc or generic)", c.String("target"))}
	}
	if err := checkNumbers(c); err != nil {
		return opt, err
	}
	for _, s := range c.StringSlice("unwindset") {
		for _, item := range strings.Split(s, ",") {
			i := strings.LastIndex(item, ":")
			if i <= 0 {
				return opt, &exitError{code: exitUsage, msg: fmt.Sprintf("bad --unwindset %q (want LOOP:N)", item)}
			}
			n, err := strconv.Atoi(item[i+1:])
			if err != nil || n < 0 || n > maxBound {
				return opt, &exitError{code: exitUsage, msg: fmt.Sprintf("bad --unwindset %q (want LOOP:N)", item)}
			}
			if opt.UnwindSet == nil {
				opt.UnwindSet = map[string]int{}
			}
			opt.UnwindSet[item[:i]] = n
		}
	}
	if name := c.String("property"); name != "" {
		p, err := property.Lookup(name)
		if err != nil {
			return opt, &exitError{code: exitUsage, msg: oneLine(err.Error())}
		}
		opt.Property = p
	}
	return opt, nil
}

// parseSeconds reads a number of seconds ("60", "2.5") or a Go duration
// ("90s", "2m").
func parseSeconds(s string) (time.Duration, error) {
	if s == "" {
		return 0, nil
	}
	if f, err := strconv.ParseFloat(s, 64); err == nil {
		if f < 0 || math.IsNaN(f) || f*float64(time.Second) >= math.MaxInt64 {
			return 0, fmt.Errorf("out of range")
		}
		return time.Duration(f * float64(time.Second)), nil
	}
	d, err := time.ParseDuration(s)
	if err == nil && d < 0 {
		return 0, fmt.Errorf("negative")
	}
	return d, err
}

// stderrIsTerminal reports whether the user sees standard error on a
// terminal: in a supervised worker, whether the supervisor's is one.
func stderrIsTerminal(w io.Writer) bool {
	if v := os.Getenv(envStderrTerminal); v != "" && supervise.IsWorker() {
		return v == "true"
	}
	return isTerminal(w)
}

// interruptible returns a context that SIGINT, SIGTERM and SIGHUP cancel
// with a *driver.Interrupted cause, so that the check reports an
// interruption as one (and stops CBMC and removes its files), and that the
// supervisor's memory stop cancels with a *driver.MemoryLimitError of
// memoryMB, so that the check reports what it did before the budget ran
// out.
func interruptible(parent context.Context, memoryMB int) (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(parent)
	ch, stopSignals := supervise.Notify()
	mem, stopMem := supervise.NotifyMemoryStop()
	done := make(chan struct{})
	go func() {
		select {
		case sig := <-ch:
			cancel(&driver.Interrupted{Signal: supervise.SignalName(sig)})
		case <-mem:
			cancel(&driver.MemoryLimitError{LimitMB: memoryMB})
		case <-done:
		}
	}()
	return ctx, func() {
		stopSignals()
		stopMem()
		close(done)
		cancel(nil)
	}
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// searchOptions builds the options of a search with CBMC from the
// command's flags.
func searchOptions(c *cli.Context) (driver.Options, error) {
	opt, err := options(c)
	if err != nil {
		return opt, err
	}
	timeout, err := parseSeconds(c.String("timeout"))
	if err != nil {
		return opt, &exitError{code: exitUsage, msg: fmt.Sprintf("bad --timeout %q: want seconds or a duration like 90s", c.String("timeout"))}
	}
	opt.Timeout = timeout
	opt.MemoryLimitMB = memoryLimit(c)
	opt.CBMC = c.String("cbmc")
	opt.CBMCArgs = c.StringSlice("cbmc-arg")
	opt.FixedBounds = c.IsSet("rounds") || c.IsSet("unwind")
	opt.Jobs = c.Int("jobs")
	opt.Solver = c.String("solver")
	if c.IsSet("portfolio") {
		if opt.Portfolio, err = driver.ParseMembers(c.String("portfolio")); err != nil {
			return opt, &exitError{code: exitUsage, msg: "bad --portfolio: " + err.Error()}
		}
	}
	// The default portfolio runs unless the user chose the encoding, the
	// solver or CBMC's options, or wants the one sequentialized program
	// of a search (--keep).
	opt.AutoPortfolio = !c.IsSet("target") && !c.IsSet("solver") && !c.IsSet("portfolio") && !c.IsSet("cbmc-arg") && !c.IsSet("keep")
	opt.Keep = c.String("keep")
	opt.NoReplay = !c.Bool("replay")
	opt.NoExplore = !c.Bool("explore")
	opt.ExploreOnly = c.Bool("explore-only")
	opt.GCC = c.String("gcc")
	opt.NoStaticProof = !c.Bool("static-proof")
	return opt, nil
}

// runCheck runs driver.Check with progress on a terminal (text output
// only).
func runCheck(c *cli.Context, opt driver.Options, format string) (*driver.Result, error) {
	stderr := c.App.ErrWriter
	reporter := supervise.NewReporter()
	opt.Progress = reporter.Phase
	var prog *progress
	if format == "text" && !c.Bool("quiet") && stderrIsTerminal(stderr) && os.Getenv("CI") == "" {
		prog = newProgress(stderr)
		opt.Progress = func(s string) {
			prog.phase(s)
			reporter.Phase(s)
		}
		defer prog.stop()
	}
	ctx, stop := interruptible(context.Background(), opt.MemoryLimitMB)
	defer stop()
	res, err := driver.Check(ctx, opt)
	if prog != nil {
		prog.stop()
	}
	reporter.Reporting()
	if err != nil {
		return nil, driverError(err, exitUsage)
	}
	return res, nil
}

func checkCmd(c *cli.Context) error {
	opt, err := searchOptions(c)
	if err != nil {
		return err
	}
	opt.ExplainProof = c.Bool("explain-proof")
	opt.FactsFiles = c.StringSlice("facts")
	opt.MaxSlices = c.Int("slices")
	if opt.MaxSlices < 0 {
		return &exitError{code: exitUsage, msg: "--slices must not be negative"}
	}
	if opt.SliceTimeout, err = parseSeconds(c.String("slice-timeout")); err != nil {
		return &exitError{code: exitUsage, msg: fmt.Sprintf("bad --slice-timeout %q: want seconds or a duration like 90s", c.String("slice-timeout"))}
	}
	if re := c.String("slice-memory"); re != "" {
		if opt.SliceMemory, err = regexp.Compile(re); err != nil {
			return &exitError{code: exitUsage, msg: fmt.Sprintf("bad --slice-memory %q: %v", re, err)}
		}
	}
	if c.IsSet("candidates") {
		opt.Candidates = c.Bool("candidates")
		opt.NoCandidates = !opt.Candidates
	}
	format := c.String("format")
	if format != "text" && format != "json" && format != "sarif" {
		return &exitError{code: exitUsage, msg: fmt.Sprintf("unknown --format %q (want text, json or sarif)", format)}
	}
	witnessFormat := c.String("witness-format")
	if witnessFormat != "graphml" && witnessFormat != "yaml" {
		return &exitError{code: exitUsage, msg: fmt.Sprintf("unknown --witness-format %q (want graphml or yaml)", witnessFormat)}
	}
	res, err := runCheck(c, opt, format)
	if err != nil {
		return err
	}
	writeFiles(c, res, witnessFormat)
	defer warnErrors(c.App.ErrWriter, res)
	out := c.App.Writer
	switch format {
	case "json":
		if err := writeJSON(out, res); err != nil {
			return err
		}
	case "sarif":
		if err := sarif.Write(out, res); err != nil {
			return err
		}
	default:
		writeText(out, res, c.Bool("trace"))
		if opt.ExplainProof {
			writeProofPairs(out, res)
		}
	}
	switch res.Result {
	case driver.Violation:
		return &exitError{code: exitViolation}
	case driver.Unknown:
		return &exitError{code: exitUnknown}
	}
	return nil
}

func translateCmd(c *cli.Context) error {
	if c.Bool("list-passes") {
		for _, p := range translate.Passes {
			fmt.Fprintf(c.App.Writer, "%-10s %s\n", p.Name, p.Doc)
		}
		return nil
	}
	opt, err := options(c)
	if err != nil {
		return err
	}
	text, err := driver.Translate(opt, driver.TranslateOptions{DumpAfter: c.StringSlice("dump-after"), StopAfter: c.String("stop-after"), Comments: c.Bool("comments")})
	if err != nil {
		return driverError(err, exitUsage)
	}
	if o := c.String("output"); o != "" {
		if err := os.WriteFile(o, []byte(text), 0o644); err != nil {
			return &exitError{code: exitUsage, msg: oneLine(driver.CannotWrite("the program", o, err).Error())}
		}
		return nil
	}
	_, err = io.WriteString(c.App.Writer, text)
	return err
}

// progress shows the current phase and the elapsed time on a terminal.
type progress struct {
	w     io.Writer
	start time.Time
	msg   chan string
	done  chan struct{}
	// exited is closed when loop has cleared the line and returned.
	exited chan struct{}
	ended  bool
}

func newProgress(w io.Writer) *progress {
	p := &progress{w: w, start: time.Now(), msg: make(chan string, 8), done: make(chan struct{}), exited: make(chan struct{})}
	go p.loop()
	return p
}

func (p *progress) phase(s string) {
	select {
	case p.msg <- s:
	default:
	}
}

func (p *progress) loop() {
	defer close(p.exited)
	tick := time.NewTicker(500 * time.Millisecond)
	defer tick.Stop()
	cur := ""
	for {
		select {
		case s := <-p.msg:
			cur = s
		case <-tick.C:
		case <-p.done:
			fmt.Fprint(p.w, "\r\033[K")
			return
		}
		fmt.Fprintf(p.w, "\r\033[Kladr: %s (%.1fs)", cur, time.Since(p.start).Seconds())
	}
}

func (p *progress) stop() {
	if p.ended {
		return
	}
	p.ended = true
	close(p.done)
	<-p.exited
}
