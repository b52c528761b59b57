package cbmc

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

// Outcome classifies how a CBMC run ended.
type Outcome int

// The outcomes of a CBMC run. The zero Outcome is not a valid outcome.
const (
	// Success: CBMC exited with 0, all properties hold.
	Success Outcome = iota + 1
	// Failure: CBMC exited with 10, some property fails.
	Failure
	// Timeout: the run was killed because Options.Timeout elapsed.
	Timeout
	// OutOfMemory: CBMC ran out of memory (hit Options.MemoryLimitMB,
	// reported "Out of memory"/bad_alloc, or was killed with SIGKILL, as the
	// kernel's out-of-memory killer does).
	OutOfMemory
	// Crash: CBMC died from a signal or an invariant violation, or exited
	// with an exit code CBMC does not document.
	Crash
	// Error: CBMC reported an error (exit code 6: parse or type errors,
	// preprocessing failures, unsupported features; or a usage error).
	Error
)

// String returns the lower-case name of the outcome, e.g. "out-of-memory".
func (o Outcome) String() string {
	switch o {
	case Success:
		return "success"
	case Failure:
		return "failure"
	case Timeout:
		return "timeout"
	case OutOfMemory:
		return "out-of-memory"
	case Crash:
		return "crash"
	case Error:
		return "error"
	default:
		return "Outcome(" + strconv.Itoa(int(o)) + ")"
	}
}

// CBMC 6.6 exit codes.
const (
	ExitSuccess    = 0  // verification successful
	ExitFailure    = 10 // verification failed
	ExitError      = 6  // error (parse, type-check, preprocessing, out of memory, ...)
	ExitUsageError = 64 // invalid command line (observed with CBMC 6.6)
)

// Options configures Run.
type Options struct {
	// Path is the CBMC executable. If empty, Run calls Locate("").
	Path string
	// Args are the CBMC options (built by the caller), without the input
	// file. Run appends --json-ui if it is not among them.
	Args []string
	// Timeout bounds the wall-clock time of the run; 0 means no limit.
	Timeout time.Duration
	// MemoryLimitMB limits the address space (RLIMIT_AS, as "ulimit -v") of
	// CBMC and of the processes it starts, in MiB; 0 means no limit. Note
	// that address space is larger than resident memory: shared libraries
	// and gcc (which CBMC runs to preprocess) need some tens of MiB even for
	// tiny inputs.
	MemoryLimitMB int
	// Stderr, if non-nil, receives a copy of CBMC's standard error as it is
	// produced. Write errors are ignored.
	Stderr io.Writer
	// Dir is the working directory of CBMC; empty means the current one.
	Dir string
}

// Result describes a finished CBMC run.
type Result struct {
	// Outcome classifies the run.
	Outcome Outcome
	// Reason is a one-line explanation for the user, e.g. "CBMC timed out
	// after 60s" or "CBMC error: x.c:3: syntax error before 'return'".
	Reason string
	// ExitCode is CBMC's exit code, or -1 if it was killed by a signal.
	ExitCode int
	// Signal names the signal that killed CBMC (e.g. "SIGKILL"); empty if
	// it exited normally.
	Signal string
	// Elapsed is the wall-clock time from start to exit.
	Elapsed time.Duration
	// PeakRSSKB is the peak resident set size in KiB (the child's rusage
	// ru_maxrss; 0 if unavailable).
	PeakRSSKB int64
	// PID is the process id of CBMC, which is also the id of its process
	// group.
	PID int
	// Command is the command line that was run: the CBMC path, its
	// arguments and the input file (without the memory-limit wrapper).
	Command []string

	// Program is the "program" entry of the JSON output (CBMC's version).
	Program string
	// CProverStatus is the final "cProverStatus" ("success", "failure",
	// "error"), empty if CBMC did not print it.
	CProverStatus string
	// Messages are the messages of the JSON output, in order.
	Messages []Message
	// Properties are the verified properties with their traces.
	Properties []Property
	// Raw is CBMC's standard output (the --json-ui JSON array).
	Raw []byte
	// Stderr holds the first 1 MiB of CBMC's standard error.
	Stderr []byte
	// ParseError is nil if Raw was a complete JSON array, otherwise it says
	// where parsing stopped (the parsed fields hold what came before).
	ParseError error
	// Stats are the formula's size and the phases' times, as far as CBMC
	// printed them.
	Stats Stats
}

// FailedProperties returns the properties whose Status is "FAILURE".
func (r *Result) FailedProperties() []Property {
	var out []Property
	for _, p := range r.Properties {
		if p.Status == StatusFailure {
			out = append(out, p)
		}
	}
	return out
}

// stderrLimit bounds the part of standard error kept in Result.Stderr.
const stderrLimit = 1 << 20

// waitDelay bounds how long Run waits for CBMC's output pipes to close after
// the process exited or was killed.
const waitDelay = 5 * time.Second

// Run runs "cbmc <opts.Args> --json-ui <file>" and waits for it. If file is
// empty, no file argument is added (the caller passed it in Args).
//
// CBMC runs in its own process group; when the timeout elapses or ctx is
// cancelled the whole group (CBMC and the gcc it may have started) is killed
// with SIGKILL. Callers should cancel ctx on SIGINT/SIGTERM, since a
// terminal's Ctrl-C does not reach the separate process group.
//
// Run returns an error only if CBMC could not be started or ctx was
// cancelled; every outcome of CBMC itself (including timeouts, crashes and
// errors in the input) is reported in the Result.
func Run(ctx context.Context, opts Options, file string) (*Result, error) {
	path := opts.Path
	if path == "" {
		p, err := Locate("")
		if err != nil {
			return nil, fmt.Errorf("run CBMC: %w", err)
		}
		path = p
	}
	if opts.MemoryLimitMB < 0 {
		return nil, fmt.Errorf("run CBMC: negative memory limit %d MB", opts.MemoryLimitMB)
	}
	if opts.Timeout < 0 {
		return nil, fmt.Errorf("run CBMC: negative timeout %v", opts.Timeout)
	}
	// Check the executable here, so that a bad path gives the same error
	// with and without the memory-limit wrapper.
	resolved, err := resolveExecutable(path)
	if err != nil {
		return nil, fmt.Errorf("run CBMC: %w", err)
	}
	path = resolved
	args := buildArgs(opts.Args, file)

	name, argv := path, args
	if opts.MemoryLimitMB > 0 {
		// The shell sets RLIMIT_AS and then execs CBMC, so the limit is in
		// place before CBMC starts and CBMC keeps the shell's pid (and thus
		// the process group). If the hard limit is already lower, ulimit
		// fails and the lower limit stays in force.
		script := fmt.Sprintf(`ulimit -v %d 2>/dev/null; exec "$0" "$@"`, int64(opts.MemoryLimitMB)*1024)
		name = "/bin/sh"
		argv = append([]string{"-c", script, path}, args...)
	}

	var (
		runCtx context.Context
		cancel context.CancelFunc
	)
	if opts.Timeout > 0 {
		runCtx, cancel = context.WithTimeout(ctx, opts.Timeout)
	} else {
		runCtx, cancel = context.WithCancel(ctx)
	}
	defer cancel()

	var stdout bytes.Buffer
	stderr := &stderrSink{limit: stderrLimit, tee: opts.Stderr}
	cmd := exec.CommandContext(runCtx, name, argv...)
	cmd.Dir = opts.Dir
	cmd.Stdin = nil
	cmd.Stdout = &stdout
	cmd.Stderr = stderr
	cmd.WaitDelay = waitDelay
	setProcessGroup(cmd)
	cmd.Cancel = func() error { return stopProcess(cmd) }

	start := time.Now()
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("run CBMC: start %s: %w", path, err)
	}
	waitErr := cmd.Wait()
	elapsed := time.Since(start)
	// Best effort: remove anything CBMC left behind in its group.
	_ = killGroup(cmd.Process.Pid)

	ps := cmd.ProcessState
	if ps == nil {
		return nil, fmt.Errorf("run CBMC: wait for %s: %w", path, waitErr)
	}
	if ctx.Err() != nil && !ps.Exited() {
		return nil, fmt.Errorf("run CBMC: cancelled: %w", context.Cause(ctx))
	}

	res := &Result{
		ExitCode:  ps.ExitCode(),
		Elapsed:   elapsed,
		PeakRSSKB: maxRSSKB(ps),
		PID:       cmd.Process.Pid,
		Command:   append([]string{path}, args...),
		Raw:       stdout.Bytes(),
		Stderr:    stderr.head,
	}
	sig, signaled := signalOf(ps)
	if signaled {
		res.Signal = sig
	}
	out, perr := ParseJSON(res.Raw)
	res.Program = out.Program
	res.CProverStatus = out.CProverStatus
	res.Messages = out.Messages
	res.Properties = out.Properties
	res.ParseError = perr
	res.Stats = StatsOf(res.Messages)

	// A process that exited on its own before the kill keeps its exit code.
	timedOut := opts.Timeout > 0 && !ps.Exited() &&
		errors.Is(runCtx.Err(), context.DeadlineExceeded) && ctx.Err() == nil
	res.classify(exitInfo{
		exited:    ps.Exited(),
		code:      res.ExitCode,
		signaled:  signaled,
		signal:    sig,
		timedOut:  timedOut,
		timeout:   opts.Timeout,
		memLimit:  opts.MemoryLimitMB,
		stderrTxt: string(stderr.head),
	})
	return res, nil
}

// resolveExecutable looks a bare command name up on PATH and checks that the
// result is an executable file.
func resolveExecutable(path string) (string, error) {
	if !strings.ContainsRune(path, '/') && !strings.ContainsRune(path, os.PathSeparator) {
		p, err := exec.LookPath(path)
		if err != nil {
			return "", err
		}
		path = p
	}
	if err := isExecutableFile(path); err != nil {
		return "", fmt.Errorf("CBMC executable: %w", err)
	}
	return path, nil
}

// buildArgs copies args, adds --json-ui unless present, and appends file.
func buildArgs(args []string, file string) []string {
	out := make([]string, 0, len(args)+2)
	out = append(out, args...)
	hasJSON := false
	for _, a := range args {
		if a == "--json-ui" {
			hasJSON = true
		}
	}
	if !hasJSON {
		out = append(out, "--json-ui")
	}
	if file != "" {
		out = append(out, file)
	}
	return out
}

// stderrSink keeps the head of standard error and tees it.
type stderrSink struct {
	head   []byte
	limit  int
	tee    io.Writer
	teeErr error
}

func (s *stderrSink) Write(p []byte) (int, error) {
	if room := s.limit - len(s.head); room > 0 {
		s.head = append(s.head, p[:min(room, len(p))]...)
	}
	if s.tee != nil && s.teeErr == nil {
		if _, err := s.tee.Write(p); err != nil {
			s.teeErr = err
		}
	}
	return len(p), nil
}

// exitInfo is what classify needs to know about how the process ended.
type exitInfo struct {
	exited    bool
	code      int
	signaled  bool
	signal    string // e.g. "SIGKILL"
	timedOut  bool
	timeout   time.Duration
	memLimit  int
	stderrTxt string
}

const invariantBegin = "--- begin invariant violation report ---"

// oomMarkers returns texts that indicate memory exhaustion wherever they
// appear in an error message or on standard error (compared in lower case).
func oomMarkers() []string {
	return []string{
		"out of memory", // CBMC: "Out of memory", "SAT checker ran out of memory"
		"bad_alloc",
		"memory exhausted", // gcc/cc1: "virtual memory exhausted"
		"cannot allocate memory",
	}
}

// limitOOMMarkers returns texts that indicate memory exhaustion only when an
// address-space limit was set: they are how the dynamic loader, gcc and the
// C++ runtime fail when mmap is refused.
func limitOOMMarkers() []string {
	return []string{
		"failed to map segment",
		"terminate called",
		"internal compiler error",
		"failed to allocate",
		"mmap",
	}
}

// classify sets Outcome and Reason.
func (r *Result) classify(ei exitInfo) {
	if ei.exited && (ei.code == ExitSuccess || ei.code == ExitFailure) {
		// The exit code alone is no verdict: a program that is not CBMC
		// (or a CBMC killed while writing) may exit with 0 or 10 too. The
		// verdict counts only when the output states it: a complete JSON
		// array whose cProverStatus agrees with the exit code and, for a
		// failure, a failed property.
		if missing := r.missingVerdict(ei.code); missing != "" {
			r.Outcome = Error
			r.Reason = fmt.Sprintf("CBMC exited with code %d but %s", ei.code, missing)
			if detail := firstLine(ei.stderrTxt); detail != "" {
				r.Reason += ": " + shorten(detail, 200)
			}
			return
		}
		if ei.code == ExitSuccess {
			r.Outcome = Success
			r.Reason = fmt.Sprintf("CBMC: verification successful (%s checked)", plural(len(r.Properties), "property", "properties"))
			return
		}
		r.Outcome = Failure
		r.Reason = r.failureReason()
		return
	}
	if ei.timedOut {
		r.Outcome = Timeout
		r.Reason = "CBMC timed out after " + formatDuration(ei.timeout)
		return
	}

	var errText []string
	for _, m := range r.Messages {
		if m.Type == MessageError {
			errText = append(errText, m.Text)
		}
	}
	diag := strings.ToLower(strings.Join(errText, "\n") + "\n" + ei.stderrTxt)
	invariant := strings.Contains(ei.stderrTxt, invariantBegin)
	limitNote := ""
	if ei.memLimit > 0 {
		limitNote = fmt.Sprintf(" (limit %d MB)", ei.memLimit)
	}
	if containsAny(diag, oomMarkers()) ||
		(ei.memLimit > 0 && !invariant && containsAny(diag, limitOOMMarkers())) {
		r.Outcome = OutOfMemory
		r.Reason = "CBMC ran out of memory" + limitNote
		return
	}
	if ei.signaled && ei.signal == "SIGKILL" {
		r.Outcome = OutOfMemory
		r.Reason = "CBMC ran out of memory" + limitNote + ": killed by SIGKILL, presumably by the out-of-memory killer"
		return
	}
	if invariant {
		r.Outcome = Crash
		r.Reason = "CBMC crashed: invariant violation: " + invariantMessage(ei.stderrTxt)
		return
	}
	if ei.exited {
		switch ei.code {
		case ExitError, 1, 2, 7, 8:
			r.Outcome = Error
			r.Reason = "CBMC error: " + r.errorMessage(ei.stderrTxt, ei.code)
			return
		case ExitUsageError:
			r.Outcome = Error
			r.Reason = fmt.Sprintf("CBMC error: invalid command line (exit code %d): %s", ei.code, shorten(strings.Join(r.Command, " "), 200))
			return
		case 5:
			r.Outcome = Error
			r.Reason = "CBMC error: verification inconclusive (exit code 5)"
			return
		}
	}
	r.Outcome = Crash
	detail := firstLine(ei.stderrTxt)
	if ei.signaled {
		r.Reason = "CBMC crashed: killed by signal " + ei.signal
	} else {
		r.Reason = fmt.Sprintf("CBMC crashed: exit code %d", ei.code)
	}
	if detail != "" {
		r.Reason += ": " + shorten(detail, 200)
	}
}

// missingVerdict says why the output of a run that exited with code (0 or
// 10) does not state the matching verdict, or returns "" when it does.
func (r *Result) missingVerdict(code int) string {
	want := "success"
	if code == ExitFailure {
		want = "failure"
	}
	switch {
	case len(bytes.TrimSpace(r.Raw)) == 0:
		return "printed nothing on standard output (no verdict)"
	case r.ParseError != nil:
		return "its output is not CBMC's JSON (" + shorten(r.ParseError.Error(), 120) + ")"
	case r.CProverStatus == "":
		return "its output states no verdict (no cProverStatus)"
	case r.CProverStatus != want:
		return fmt.Sprintf("its output states %q", r.CProverStatus)
	case code == ExitFailure && len(r.FailedProperties()) == 0:
		return "its output names no failed property"
	}
	return ""
}

func (r *Result) failureReason() string {
	failed := r.FailedProperties()
	if len(failed) == 0 {
		return "CBMC: verification failed"
	}
	p := failed[0]
	s := "CBMC: verification failed: property " + p.ID
	if p.Description != "" {
		s += " (" + firstLine(p.Description) + ")"
	}
	if loc := p.Location.String(); loc != "" {
		s += " at " + loc
	}
	if len(failed) > 1 {
		s += fmt.Sprintf(" and %d more", len(failed)-1)
	}
	return s
}

// errorMessage picks the first error message from the JSON output, prefixed
// by its location, or else the first line of standard error.
func (r *Result) errorMessage(stderrTxt string, code int) string {
	for _, m := range r.Messages {
		if m.Type != MessageError {
			continue
		}
		text := firstLine(m.Text)
		if text == "" {
			continue
		}
		if loc := m.Location.String(); loc != "" && !strings.HasPrefix(text, m.Location.File) {
			text = loc + ": " + text
		}
		return shorten(text, 300)
	}
	if line := firstLine(stderrTxt); line != "" {
		return shorten(line, 300)
	}
	return fmt.Sprintf("exit code %d without an error message", code)
}

// invariantMessage extracts a one-line description from CBMC's invariant
// violation report. The report has "Condition:" and "Reason:" lines; CBMC
// fills them in either order (source text of the condition vs. explanation),
// so the one that does not look like code is preferred.
func invariantMessage(stderrTxt string) string {
	i := strings.Index(stderrTxt, invariantBegin)
	if i < 0 {
		return "unknown"
	}
	report := stderrTxt[i+len(invariantBegin):]
	if j := strings.Index(report, "--- end invariant violation report ---"); j >= 0 {
		report = report[:j]
	}
	var file, cond, reason, first string
	for line := range strings.SplitSeq(report, "\n") {
		line = strings.TrimSpace(line)
		switch {
		case line == "":
		case strings.HasPrefix(line, "File: "):
			file = strings.TrimPrefix(line, "File: ")
			if k := strings.Index(file, " function:"); k >= 0 {
				file = file[:k]
			}
		case strings.HasPrefix(line, "Condition: "):
			cond = strings.TrimSpace(strings.TrimPrefix(line, "Condition: "))
		case strings.HasPrefix(line, "Reason: "):
			reason = strings.TrimSpace(strings.TrimPrefix(line, "Reason: "))
		case first == "" && line != "Invariant check failed":
			first = line
		}
	}
	msg := ""
	for _, c := range []string{reason, cond} {
		if c != "" && !looksLikeCode(c) {
			msg = c
			break
		}
	}
	if msg == "" {
		for _, c := range []string{cond, reason, first} {
			if c != "" {
				msg = c
				break
			}
		}
	}
	if msg == "" {
		msg = "unknown"
	}
	if file != "" {
		msg += " (" + file + ")"
	}
	return shorten(msg, 300)
}

func looksLikeCode(s string) bool {
	if s == "false" || s == "true" {
		return true
	}
	return containsAny(s, []string{"()", "==", "!=", "&&", "||", "->", "::", "!", "<", ">"})
}

func containsAny(s string, subs []string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

func shorten(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !isRuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "..."
}

func isRuneStart(b byte) bool { return b&0xC0 != 0x80 }

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// formatDuration prints whole seconds as "60s" and other durations in Go
// syntax ("1.5s", "250ms").
func formatDuration(d time.Duration) string {
	if d > 0 && d%time.Second == 0 {
		return strconv.FormatInt(int64(d/time.Second), 10) + "s"
	}
	return d.String()
}
