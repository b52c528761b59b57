package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/ladr-dev/ladr/driver"
	"github.com/ladr-dev/ladr/driver/sarif"
	"github.com/ladr-dev/ladr/internal/supervise"
)

// EnvNoSupervisor, set to 0, makes ladr run its commands in its own
// process, without a supervising parent (for debugging).
const EnvNoSupervisor = "LADR_SUPERVISE"

// stopGrace is how long after --timeout the supervisor waits for a check
// that does not stop by itself before it kills it.
const stopGrace = 3 * time.Second

// entry runs ladr. check, translate and replay --witness run in a child process (the
// worker, this same program) under a supervisor that holds them to
// --timeout and --memory-limit even where the work cannot be interrupted
// from inside (the C front end), turns a crash of the worker into a
// report, and stops the worker and its CBMC runs on SIGINT, SIGTERM and
// SIGHUP, removing their temporary files. SIGQUIT goes on to the worker,
// whose goroutine dump passes to standard error whole.
func entry(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if supervise.IsWorker() || os.Getenv(EnvNoSupervisor) == "0" {
		return run(args, stdout, stderr)
	}
	p, ok := planOf(args)
	if !ok {
		// Usage errors, help, --list-passes: nothing heavy runs.
		return run(args, stdout, stderr)
	}
	exe, err := os.Executable()
	if err != nil {
		return run(args, stdout, stderr)
	}
	tmp, err := os.MkdirTemp("", "ladr-run-")
	if err != nil {
		return run(args, stdout, stderr)
	}
	defer os.RemoveAll(tmp)
	sigs, stop := supervise.NotifySupervisor()
	defer stop()
	cfg := supervise.Config{
		Path: exe, Args: args, MemoryMB: p.memoryMB,
		// A check over the budget reports what it has so far.
		MemoryStop: supervise.MemoryStopSignal,
		Stdin:      stdin, Stdout: stdout, Stderr: stderr,
		// The worker's temporary files (and CBMC's) go into a directory
		// the supervisor removes, whatever happens to the worker.
		Env:     []string{"TMPDIR=" + tmp, envStderrTerminal + "=" + strconv.FormatBool(isTerminal(stderr))},
		Signals: sigs,
	}
	if p.timeout > 0 {
		cfg.Deadline = p.timeout + stopGrace
	}
	end, err := supervise.Run(cfg)
	if err != nil {
		fmt.Fprintln(stderr, "ladr: "+oneLine(err.Error()))
		return exitUnknown
	}
	if end.How == supervise.Exited {
		return end.ExitCode
	}
	if end.Reported {
		// The report was printed; the worker did not exit cleanly after.
		return exitUnknown
	}
	res := &driver.Result{
		Result: driver.Unknown, Property: p.property, Verdict: "UNKNOWN",
		Reason: end.Reason(p.timeout, p.memoryMB), Input: p.input, LadrVersion: driver.Version,
		TimeS: end.Elapsed.Seconds(), PeakMemoryKB: end.PeakMB << 10,
	}
	if p.command != "check" {
		fmt.Fprintln(stderr, "ladr: "+res.Reason)
		return exitUnknown
	}
	switch p.format {
	case "json":
		_ = writeJSON(stdout, res)
	case "sarif":
		_ = sarif.Write(stdout, res)
	default:
		writeText(stdout, res, false)
	}
	return exitUnknown
}

// envStderrTerminal tells a worker whether the supervisor's standard error
// is a terminal (the worker's is a pipe), for the progress display.
const envStderrTerminal = "LADR_STDERR_TERMINAL"

// plan is what the supervisor needs to know of a command.
type plan struct {
	command  string
	format   string
	timeout  time.Duration
	memoryMB int
	input    string
	property string
}

// planOf reads the flags of a check, translate or replay --witness command
// (without running it); ok is false for other commands and for command
// lines with usage errors, which run without a supervisor.
func planOf(args []string) (p plan, ok bool) {
	app := newApp(io.Discard, io.Discard)
	for _, cmd := range app.Commands {
		name := cmd.Name
		cmd.Action = func(c *cli.Context) error {
			// Only read the flags: the command runs after.
			if name != "check" && name != "translate" && (name != "replay" || c.String("witness") == "") {
				return nil
			}
			if name == "translate" && c.Bool("list-passes") {
				return nil
			}
			t, err := parseSeconds(c.String("timeout"))
			if err != nil {
				return err
			}
			if err := checkNumbers(c); err != nil {
				return err
			}
			p = plan{command: name, format: c.String("format"), timeout: t, memoryMB: memoryLimit(c),
				input: c.Args().First(), property: c.String("property")}
			ok = true
			return nil
		}
	}
	if err := app.Run(flagsFirst(app, args)); err != nil {
		return plan{}, false
	}
	return p, ok
}

// memoryLimit returns the memory budget of a command in MiB: --memory-limit
// (checkNumbers checks its range), else half the machine's memory (0: none).
func memoryLimit(c *cli.Context) int {
	if !c.IsSet("memory-limit") {
		return defaultMemoryMB()
	}
	return c.Int("memory-limit")
}

// defaultMemoryMB is half of the machine's memory (MemTotal of
// /proc/meminfo), or 0 (no limit) where it cannot be read.
func defaultMemoryMB() int {
	b, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "MemTotal:"); ok {
			f := strings.Fields(rest)
			if len(f) == 0 {
				return 0
			}
			kb, err := strconv.ParseInt(f[0], 10, 64)
			if err != nil {
				return 0
			}
			return int(kb / 1024 / 2)
		}
	}
	return 0
}
