package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"
)

// hardKillGrace is how long after ladr's own --timeout the harness kills
// ladr's process group. A variable so that tests can shorten it.
var hardKillGrace = 30 * time.Second

// outputLimit bounds how much of ladr's stdout and stderr is kept per task.
const outputLimit = 8 << 20

// runConfig is what every ladr run shares.
type runConfig struct {
	Ladr     string   // absolute path of the ladr binary
	Root     string   // repository root, ladr's working directory
	Property string   // "race" or "unreach-call"
	Timeout  int      // seconds, passed as --timeout
	MemoryMB int      // passed as --memory-limit when nonzero
	Extra    []string // flags appended to every run
	LogDir   string   // where to keep each task's stdout and stderr ("" = nowhere)
}

// ladrArgs returns the arguments of the ladr run for task file yml.
func (c runConfig) ladrArgs(yml string) []string {
	args := []string{"check", "--task", yml, "--property", c.Property,
		"--format", "json", "--timeout", strconv.Itoa(c.Timeout)}
	if c.MemoryMB != 0 {
		args = append(args, "--memory-limit", strconv.Itoa(c.MemoryMB))
	}
	return append(args, c.Extra...)
}

// ladrReport is the part of ladr's JSON output that the harness uses.
type ladrReport struct {
	Result   string `json:"result"`
	Error    string `json:"error"` // with result "error" (bad usage or input)
	Property string `json:"property"`
	Bounds   *struct {
		Rounds json.RawMessage `json:"rounds"`
		Unwind json.RawMessage `json:"unwind"`
	} `json:"bounds"`
	Reason            string          `json:"reason"`
	TimeS             *float64        `json:"time_s"`
	TranslateS        *float64        `json:"translate_s"`
	BackendS          *float64        `json:"backend_s"`
	VisibleStatements *int64          `json:"visible_statements"`
	File              string          `json:"file"`
	Line              json.RawMessage `json:"line"`
	Thread            json.RawMessage `json:"thread"`
	Function          string          `json:"function"`
	Confirmed         *bool           `json:"confirmed"`
	PeakMemoryKB      *int64          `json:"peak_memory_kb"`
}

// outcome is the harness's record of one task.
type outcome struct {
	Task     task
	Report   *ladrReport // nil if ladr crashed or was killed
	Result   string      // ladr's result, or "unknown"
	Reason   string      // one line; for crashes "crash: ..."
	Crash    bool        // ladr exited abnormally
	Seconds  float64     // wall time of the ladr run
	PeakKB   int64       // max of the child's ru_maxrss and peak_memory_kb
	Exit     string      // exit code, signal name, or "-" if not started
	Stdout   []byte
	Stderr   []byte
	Problems []string // disagreements between exit code, JSON and request
	// Interrupted is set when the harness itself was interrupted while the
	// task ran; such outcomes are not results.
	Interrupted bool
}

// runTask runs ladr on one task and interprets what it did. ctx cancellation
// (the harness being interrupted) kills ladr like the hard timeout does.
func runTask(ctx context.Context, cfg runConfig, t task) outcome {
	o := outcome{Task: t, Result: "unknown", Exit: "-"}
	hard := time.Duration(cfg.Timeout)*time.Second + hardKillGrace
	tctx, cancel := context.WithTimeout(ctx, hard)
	defer cancel()
	cmd := exec.CommandContext(tctx, cfg.Ladr, cfg.ladrArgs(t.Path)...)
	cmd.Dir = cfg.Root
	stdout, stderr := &limitedBuffer{max: outputLimit}, &limitedBuffer{max: outputLimit}
	cmd.Stdout, cmd.Stderr = stdout, stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	var killed atomic.Bool
	cmd.Cancel = func() error {
		killed.Store(true)
		return killGroup(cmd.Process.Pid)
	}
	cmd.WaitDelay = 5 * time.Second
	start := time.Now()
	err := cmd.Run()
	o.Seconds = time.Since(start).Seconds()
	o.Stdout, o.Stderr = stdout.Bytes(), stderr.Bytes()
	if cmd.ProcessState != nil {
		o.PeakKB = maxRSSKB(cmd.ProcessState)
		o.Exit = exitText(cmd.ProcessState)
	}
	switch {
	case ctx.Err() != nil && (killed.Load() || cmd.ProcessState == nil):
		o.Interrupted, o.Reason = true, "harness interrupted"
	case cmd.ProcessState == nil:
		o.Reason = fmt.Sprintf("harness: start ladr: %v", err)
	case killed.Load():
		o.Reason = "harness timeout"
	default:
		interpret(&o, cmd.ProcessState)
		o.Problems = consistencyProblems(o, cfg.Property)
	}
	return o
}

// expectedExit maps each result to the exit code ladr documents for it.
var expectedExit = map[string]string{
	"no-violation-found": "0", "true": "0", "violation": "1", "unknown": "3",
}

// consistencyProblems lists the ways in which a well-formed report disagrees
// with ladr's exit code or with the request.
func consistencyProblems(o outcome, property string) []string {
	if o.Report == nil {
		return nil
	}
	var probs []string
	if want := expectedExit[o.Result]; o.Exit != want && !(o.Result == "unknown" && o.Exit == "2") {
		probs = append(probs, fmt.Sprintf("result %s with exit code %s (want %s)", o.Result, o.Exit, want))
	}
	if p := o.Report.Property; p != "" && p != property {
		probs = append(probs, fmt.Sprintf("JSON property %q, requested %q", p, property))
	}
	if o.Result == "violation" && o.Report.File == "" {
		probs = append(probs, "violation without file")
	}
	return probs
}

// killGroup sends SIGKILL to the process group led by pid. ladr starts CBMC
// in a process group of its own, with a parent-death signal, so CBMC dies
// with ladr.
func killGroup(pid int) error {
	err := syscall.Kill(-pid, syscall.SIGKILL)
	if errors.Is(err, syscall.ESRCH) {
		return os.ErrProcessDone
	}
	return err
}

// maxRSSKB returns the peak resident set size of the process in KiB (Linux
// reports ru_maxrss in KiB).
func maxRSSKB(ps *os.ProcessState) int64 {
	ru, ok := ps.SysUsage().(*syscall.Rusage)
	if !ok || ru == nil {
		return 0
	}
	return int64(ru.Maxrss)
}

// exitText returns the exit code, or the signal name if a signal ended the
// process.
func exitText(ps *os.ProcessState) string {
	if ws, ok := ps.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return signalName(ws.Signal())
	}
	return strconv.Itoa(ps.ExitCode())
}

// signalName returns e.g. "SIGSEGV".
func signalName(s syscall.Signal) string {
	names := map[syscall.Signal]string{
		syscall.SIGKILL: "SIGKILL", syscall.SIGABRT: "SIGABRT", syscall.SIGSEGV: "SIGSEGV",
		syscall.SIGBUS: "SIGBUS", syscall.SIGFPE: "SIGFPE", syscall.SIGILL: "SIGILL",
		syscall.SIGTERM: "SIGTERM", syscall.SIGINT: "SIGINT", syscall.SIGHUP: "SIGHUP",
		syscall.SIGPIPE: "SIGPIPE", syscall.SIGXCPU: "SIGXCPU", syscall.SIGQUIT: "SIGQUIT",
	}
	if n, ok := names[s]; ok {
		return n
	}
	return "signal-" + strconv.Itoa(int(s))
}

// panicLine matches the first line of a Go panic or fatal runtime error;
// goroutineLine the header of a goroutine in a stack trace.
var (
	panicLine     = regexp.MustCompile(`(?m)^(panic: |fatal error: ).*$`)
	goroutineLine = regexp.MustCompile(`(?m)^goroutine \d+.*$`)
)

// interpret fills in the result of a run that ended on its own: a crash
// (panic trace, signal, output that is not one JSON object, no valid result)
// or ladr's JSON report.
func interpret(o *outcome, ps *os.ProcessState) {
	if line := crashLine(o.Stderr, ps); line != "" {
		o.crash(line)
		return
	}
	rep, err := decodeReport(o.Stdout)
	if err != nil {
		o.crash(fmt.Sprintf("%v: %s", err, evidence(o)))
		return
	}
	switch rep.Result {
	case "violation", "no-violation-found", "true", "unknown":
	case "error":
		// ladr refused the task (bad usage or input) and said why.
		o.crash("ladr error: " + rep.Error)
		return
	default:
		o.crash(fmt.Sprintf("JSON result %q is not one of violation, no-violation-found, true, unknown", rep.Result))
		return
	}
	o.Report, o.Result = rep, rep.Result
	if rep.Result == "unknown" {
		o.Reason = oneLine(rep.Reason)
		if o.Reason == "" {
			o.Reason = "(no reason given)"
		}
	}
	if rep.PeakMemoryKB != nil && *rep.PeakMemoryKB > o.PeakKB {
		o.PeakKB = *rep.PeakMemoryKB
	}
}

// crash marks the outcome as a crash with the given first line.
func (o *outcome) crash(line string) {
	o.Crash, o.Result, o.Reason = true, "unknown", "crash: "+oneLine(line)
}

// crashLine returns the line that shows ladr crashed (panic, fatal runtime
// error, goroutine trace or signal), or "" if it did not.
func crashLine(stderr []byte, ps *os.ProcessState) string {
	if m := panicLine.Find(stderr); m != nil {
		return string(m)
	}
	if m := goroutineLine.Find(stderr); m != nil {
		return string(m)
	}
	if ws, ok := ps.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return "killed by " + signalName(ws.Signal()) + firstLinePrefixed(stderr)
	}
	return ""
}

// decodeReport parses stdout, which must hold exactly one JSON object.
func decodeReport(stdout []byte) (*ladrReport, error) {
	if len(bytes.TrimSpace(stdout)) == 0 {
		return nil, errors.New("no JSON on stdout")
	}
	dec := json.NewDecoder(bytes.NewReader(stdout))
	var rep ladrReport
	if err := dec.Decode(&rep); err != nil {
		return nil, errors.New("stdout is not a JSON object")
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("stdout has more than one JSON object")
	}
	if rep.Result == "" {
		return nil, errors.New("JSON has no result")
	}
	return &rep, nil
}

// evidence returns the first line of stderr, else of stdout, else the exit
// code: what best explains output that could not be used.
func evidence(o *outcome) string {
	if l := firstLine(o.Stderr); l != "" {
		return l
	}
	if l := firstLine(o.Stdout); l != "" {
		return l
	}
	return "exit " + o.Exit
}

// firstLine returns the first non-blank line of b, trimmed, or "".
func firstLine(b []byte) string {
	for _, l := range strings.Split(string(b), "\n") {
		if strings.TrimSpace(l) != "" {
			return strings.TrimSpace(l)
		}
	}
	return ""
}

// firstLinePrefixed returns ": <first line of b>", or "" if b is blank.
func firstLinePrefixed(b []byte) string {
	if l := firstLine(b); l != "" {
		return ": " + l
	}
	return ""
}

// oneLine replaces tabs and line breaks by spaces and trims the result.
func oneLine(s string) string {
	s = strings.Map(func(r rune) rune {
		if r == '\t' || r == '\n' || r == '\r' {
			return ' '
		}
		return r
	}, s)
	return strings.TrimSpace(s)
}

// limitedBuffer keeps the first max bytes written to it and discards the
// rest, so that a runaway ladr cannot exhaust the harness's memory.
type limitedBuffer struct {
	buf bytes.Buffer
	max int
}

// Write implements io.Writer; it never fails.
func (b *limitedBuffer) Write(p []byte) (int, error) {
	if room := b.max - b.buf.Len(); room > 0 {
		b.buf.Write(p[:min(room, len(p))])
	}
	return len(p), nil
}

// Bytes returns what was kept.
func (b *limitedBuffer) Bytes() []byte { return b.buf.Bytes() }
