package cbmc

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

// cbmcPath locates the real CBMC or skips the test.
func cbmcPath(t *testing.T) string {
	t.Helper()
	p, err := Locate("")
	var nf *NotFoundError
	if errors.As(err, &nf) {
		t.Skip("CBMC is not installed: run scripts/install-cbmc in the ladr source tree (or set LADR_CBMC)")
	}
	if err != nil {
		t.Fatalf("Locate: %v", err)
	}
	return p
}

func writeFile(t *testing.T, dir, name, content string, perm os.FileMode) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), perm); err != nil {
		t.Fatal(err)
	}
	return p
}

const passSrc = `int main(void) {
  int x = 1;
  __CPROVER_assert(x == 1, "x is one");
  return 0;
}
`

const failSrc = `int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = 0;
  if (x == 42)
    __CPROVER_assert(y != 0, "never 42");
  return 0;
}
`

const syntaxSrc = `int main(void) {
  int x = 1
  return x;
}
`

// factorSrc asks the SAT solver to factor a product of two random 32-bit
// primes (2315877527 * 3210981251): far beyond a one-second budget.
const factorSrc = `unsigned long __VERIFIER_nondet_ulong(void);
int main(void) {
  unsigned long a = __VERIFIER_nondet_ulong();
  unsigned long b = __VERIFIER_nondet_ulong();
  __CPROVER_assume(a > 1 && b > 1 && a < 4294967296ul && b < 4294967296ul);
  __CPROVER_assert(a * b != 7436239318809246277ul, "not a factorisation");
  return 0;
}
`

// bigSrc needs about 200 MB resident without a limit.
const bigSrc = `unsigned __VERIFIER_nondet_uint(void);
unsigned a[200];
int main(void) {
  for (int i = 0; i < 200; i++) a[i] = __VERIFIER_nondet_uint();
  unsigned s = 0;
  for (int i = 0; i < 200; i++) s = s * a[i] + a[(i * 7) % 200];
  __CPROVER_assert(s != 12345, "s");
  return 0;
}
`

// crashSrc triggers a known invariant violation of CBMC 6.6 (shadow memory
// with an unsigned char field on a heap object).
const crashSrc = `#include <stdlib.h>
int main(void) {
  __CPROVER_field_decl_global("f", (unsigned char)0);
  int *p = malloc(sizeof(int));
  __CPROVER_set_field(p, "f", (unsigned char)1);
  __CPROVER_assert(__CPROVER_get_field(p, "f") == 1, "x");
  return 0;
}
`

func TestRunRealCBMC(t *testing.T) {
	path := cbmcPath(t)
	traceSrc, err := os.ReadFile(filepath.Join("testdata", "trace.c"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		src     string
		args    []string
		timeout time.Duration
		memMB   int
		want    Outcome
		check   func(t *testing.T, r *Result)
	}{
		{
			name: "passing program",
			src:  passSrc,
			want: Success,
			check: func(t *testing.T, r *Result) {
				if r.ExitCode != 0 || r.CProverStatus != "success" || r.ParseError != nil {
					t.Errorf("exit %d, cProverStatus %q, parse error %v", r.ExitCode, r.CProverStatus, r.ParseError)
				}
				if len(r.Properties) != 1 || r.Properties[0].Status != StatusSuccess || r.Properties[0].ID != "main.assertion.1" {
					t.Errorf("properties = %+v", r.Properties)
				}
				if !strings.HasPrefix(r.Program, "CBMC ") {
					t.Errorf("program = %q", r.Program)
				}
				if r.PeakRSSKB <= 0 || r.Elapsed <= 0 {
					t.Errorf("peak RSS %d KB, elapsed %v", r.PeakRSSKB, r.Elapsed)
				}
				if len(r.Messages) == 0 || r.Messages[0].Type != MessageStatus {
					t.Errorf("messages = %+v", r.Messages)
				}
			},
		},
		{
			name: "failing assertion with nondet value",
			src:  failSrc,
			args: []string{"--trace"},
			want: Failure,
			check: func(t *testing.T, r *Result) {
				failed := r.FailedProperties()
				if len(failed) != 1 || failed[0].ID != "main.assertion.1" || failed[0].Location.Line != 6 {
					t.Fatalf("failed properties = %+v", failed)
				}
				if !strings.Contains(r.Reason, "main.assertion.1 (never 42)") || !strings.Contains(r.Reason, ":6") {
					t.Errorf("reason = %q", r.Reason)
				}
				var nondet, last *Step
				for i := range failed[0].Trace {
					s := &failed[0].Trace[i]
					if s.Type == StepAssignment && s.LHS == "return_value___VERIFIER_nondet_int" {
						nondet = s
					}
					last = s
				}
				if nondet == nil {
					t.Fatal("no assignment to return_value___VERIFIER_nondet_int in the trace")
				}
				if nondet.Value.Data != "42" || nondet.Value.Type != "signed int" || nondet.Value.Width != 32 ||
					nondet.Value.Binary != "00000000000000000000000000101010" || nondet.Location.Line != 3 || nondet.Hidden {
					t.Errorf("nondet step = %+v", *nondet)
				}
				if last.Type != StepFailure || last.Property != "main.assertion.1" || last.Reason != "never 42" ||
					last.Location.Line != 6 || last.Location.Function != "main" || last.Thread != 0 {
					t.Errorf("last step = %+v", *last)
				}
			},
		},
		{
			name: "struct, array, bitvector and call shapes",
			src:  string(traceSrc),
			args: []string{"--trace", "--trace-json-extended"},
			want: Failure,
			check: func(t *testing.T, r *Result) {
				checkTraceFixture(t, r.Properties)
			},
		},
		{
			name: "syntax error",
			src:  syntaxSrc,
			want: Error,
			check: func(t *testing.T, r *Result) {
				if r.ExitCode != ExitError {
					t.Errorf("exit code %d", r.ExitCode)
				}
				if !strings.Contains(r.Reason, "prog.c:3: syntax error before 'return'") {
					t.Errorf("reason = %q", r.Reason)
				}
			},
		},
		{
			name:    "timeout kills the process group",
			src:     factorSrc,
			timeout: time.Second,
			want:    Timeout,
			check: func(t *testing.T, r *Result) {
				if r.Reason != "CBMC timed out after 1s" {
					t.Errorf("reason = %q", r.Reason)
				}
				if r.Elapsed > 8*time.Second {
					t.Errorf("elapsed %v: the kill came late", r.Elapsed)
				}
				if r.Signal != "SIGKILL" {
					t.Errorf("signal = %q", r.Signal)
				}
				checkGroupGone(t, r.PID)
				if left := processesWithArg(t, r.Command[len(r.Command)-1]); len(left) > 0 {
					t.Errorf("CBMC processes remain: %q", left)
				}
			},
		},
		{
			name:  "memory limit too small",
			src:   bigSrc,
			memMB: 50,
			want:  OutOfMemory,
			check: func(t *testing.T, r *Result) {
				if r.Reason != "CBMC ran out of memory (limit 50 MB)" {
					t.Errorf("reason = %q", r.Reason)
				}
				// What CBMC 6.6 does: MiniSat's allocation fails, CBMC
				// reports it and exits with 6.
				if r.ExitCode != ExitError {
					t.Logf("exit code %d, signal %q (CBMC 6.6 exits with 6 here)", r.ExitCode, r.Signal)
				}
			},
		},
		{
			name: "invariant violation",
			src:  crashSrc,
			want: Crash,
			check: func(t *testing.T, r *Result) {
				want := "CBMC crashed: invariant violation: Type of renamed expr should be the same as operands for if_exprt (goto_symex_state.cpp:294)"
				if r.Reason != want {
					t.Errorf("reason = %q, want %q", r.Reason, want)
				}
				if r.Signal != "SIGABRT" || r.ParseError == nil {
					t.Errorf("signal %q, parse error %v", r.Signal, r.ParseError)
				}
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			file := writeFile(t, t.TempDir(), "prog.c", tc.src, 0o644)
			var stderr bytes.Buffer
			opts := Options{Path: path, Args: tc.args, Timeout: tc.timeout, MemoryLimitMB: tc.memMB, Stderr: &stderr}
			r, err := Run(context.Background(), opts, file)
			if err != nil {
				t.Fatalf("Run: %v", err)
			}
			if r.Outcome != tc.want {
				t.Fatalf("outcome = %v, want %v (reason %q, exit %d, signal %q, stderr %q)",
					r.Outcome, tc.want, r.Reason, r.ExitCode, r.Signal, firstLine(string(r.Stderr)))
			}
			if r.Reason == "" || strings.Contains(r.Reason, "\n") {
				t.Errorf("reason is not one line: %q", r.Reason)
			}
			if !bytes.Equal(stderr.Bytes(), r.Stderr) {
				t.Errorf("tee got %d bytes of stderr, Result.Stderr %d", stderr.Len(), len(r.Stderr))
			}
			if got := r.Command[len(r.Command)-2:]; got[0] != "--json-ui" || got[1] != file {
				t.Errorf("command = %q", r.Command)
			}
			tc.check(t, r)
		})
	}
}

// checkGroupGone fails if a live process of process group pgid remains.
func checkGroupGone(t *testing.T, pgid int) {
	t.Helper()
	if runtime.GOOS != "linux" {
		return
	}
	deadline := time.Now().Add(3 * time.Second)
	for {
		live := groupMembers(t, pgid)
		if len(live) == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("processes of group %d still alive: %v", pgid, live)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// groupMembers lists the non-zombie processes whose process group is pgid,
// read from /proc.
func groupMembers(t *testing.T, pgid int) []string {
	t.Helper()
	entries, err := os.ReadDir("/proc")
	if err != nil {
		t.Fatalf("read /proc: %v", err)
	}
	var live []string
	for _, e := range entries {
		if _, err := strconv.Atoi(e.Name()); err != nil {
			continue
		}
		stat, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue // exited meanwhile
		}
		// pid (comm) state ppid pgrp ...
		s := string(stat)
		i := strings.LastIndexByte(s, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(s[i+1:])
		if len(f) < 3 || f[0] == "Z" || f[0] == "X" {
			continue
		}
		if f[2] == strconv.Itoa(pgid) {
			live = append(live, e.Name()+" "+s[:i+1])
		}
	}
	return live
}

// processesWithArg lists the live processes that have arg among their
// command-line arguments.
func processesWithArg(t *testing.T, arg string) []string {
	t.Helper()
	if runtime.GOOS != "linux" {
		return nil
	}
	entries, err := os.ReadDir("/proc")
	if err != nil {
		t.Fatalf("read /proc: %v", err)
	}
	var found []string
	for _, e := range entries {
		if _, err := strconv.Atoi(e.Name()); err != nil {
			continue
		}
		cmdline, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if err != nil || len(cmdline) == 0 {
			continue // exited, or a zombie
		}
		for _, a := range strings.Split(strings.TrimRight(string(cmdline), "\x00"), "\x00") {
			if a == arg {
				found = append(found, e.Name()+": "+strings.ReplaceAll(string(cmdline), "\x00", " "))
				break
			}
		}
	}
	return found
}

// TestRunKillsGrandchildren uses a fake CBMC that starts a long-running child
// and checks that the timeout kills both.
func TestRunKillsGrandchildren(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("needs /proc")
	}
	dir := t.TempDir()
	pidFile := filepath.Join(dir, "child.pid")
	fake := writeFile(t, dir, "fake-cbmc", "#!/bin/sh\nsleep 300 &\necho $! > '"+pidFile+"'\nprintf '[{\"program\": \"fake\"}'\nwait\n", 0o755)
	r, err := Run(context.Background(), Options{Path: fake, Timeout: 500 * time.Millisecond}, "x.c")
	if err != nil {
		t.Fatal(err)
	}
	if r.Outcome != Timeout || r.Reason != "CBMC timed out after 500ms" {
		t.Errorf("outcome %v, reason %q", r.Outcome, r.Reason)
	}
	if r.Program != "fake" || r.ParseError == nil {
		t.Errorf("program %q, parse error %v", r.Program, r.ParseError)
	}
	data, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatal(err)
	}
	child := strings.TrimSpace(string(data))
	checkGroupGone(t, r.PID)
	if stat, err := os.ReadFile("/proc/" + child + "/stat"); err == nil {
		s := string(stat)
		if f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:]); len(f) > 0 && f[0] != "Z" {
			t.Errorf("child %s survived: %s", child, s)
		}
	}
}

func TestRunCancelled(t *testing.T) {
	dir := t.TempDir()
	fake := writeFile(t, dir, "fake-cbmc", "#!/bin/sh\nexec sleep 300\n", 0o755)
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(200*time.Millisecond, cancel)
	start := time.Now()
	r, err := Run(ctx, Options{Path: fake}, "x.c")
	if err == nil || !errors.Is(err, context.Canceled) || r != nil {
		t.Fatalf("Run = %v, %v; want a cancellation error", r, err)
	}
	if time.Since(start) > 5*time.Second {
		t.Errorf("cancellation took %v", time.Since(start))
	}
}

func TestRunStartError(t *testing.T) {
	dir := t.TempDir()
	notExec := writeFile(t, dir, "cbmc", fakeScript, 0o644)
	tests := []struct {
		name   string
		opts   Options
		errHas string
	}{
		{"missing", Options{Path: filepath.Join(dir, "missing")}, "missing"},
		{"missing with memory limit", Options{Path: filepath.Join(dir, "missing"), MemoryLimitMB: 100}, "missing"},
		{"not executable with memory limit", Options{Path: notExec, MemoryLimitMB: 100}, "not executable"},
		{"negative memory limit", Options{Path: notExec, MemoryLimitMB: -1}, "negative memory limit"},
		{"negative timeout", Options{Path: notExec, Timeout: -time.Second}, "negative timeout"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Run(context.Background(), tc.opts, "x.c")
			if err == nil || r != nil || !strings.Contains(err.Error(), tc.errHas) {
				t.Fatalf("Run = %v, %v; want an error containing %q", r, err, tc.errHas)
			}
		})
	}
}

// TestRunLocates checks that an empty Options.Path means Locate("").
func TestRunLocates(t *testing.T) {
	want := cbmcPath(t)
	file := writeFile(t, t.TempDir(), "prog.c", passSrc, 0o644)
	r, err := Run(context.Background(), Options{}, file)
	if err != nil {
		t.Fatal(err)
	}
	if r.Outcome != Success || r.Command[0] != want {
		t.Errorf("outcome %v, command %q; want success with %s", r.Outcome, r.Command, want)
	}
}

func TestVersion(t *testing.T) {
	path := cbmcPath(t)
	v, err := Version(path)
	if err != nil {
		t.Fatal(err)
	}
	if v == "" || strings.Contains(v, "\n") {
		t.Errorf("version = %q", v)
	}
	if _, err := Version(filepath.Join(t.TempDir(), "nope")); err == nil {
		t.Error("Version of a missing file succeeded")
	}
}

func TestBuildArgs(t *testing.T) {
	tests := []struct {
		args []string
		file string
		want string
	}{
		{nil, "a.c", "--json-ui a.c"},
		{[]string{"--trace", "--json-ui", "--32"}, "a.c", "--trace --json-ui --32 a.c"},
		{[]string{"--unwind", "2", "b.c"}, "", "--unwind 2 b.c --json-ui"},
	}
	for _, tc := range tests {
		if got := strings.Join(buildArgs(tc.args, tc.file), " "); got != tc.want {
			t.Errorf("buildArgs(%q, %q) = %q, want %q", tc.args, tc.file, got, tc.want)
		}
	}
}

// verdicts is what CBMC prints with each verdict (exit codes 0 and 10).
var verdicts = map[int]string{
	0:  `[{"program": "CBMC 6.6.0"}, {"result": []}, {"cProverStatus": "success"}]`,
	10: `[{"program": "CBMC 6.6.0"}, {"result": [{"property": "p.1", "description": "ladr:race", "status": "FAILURE", "sourceLocation": {"file": "t.c", "line": "3"}, "trace": []}]}, {"cProverStatus": "failure"}]`,
}

// withOutput gives r the standard output raw, parsed as Run does.
func withOutput(r *Result, raw string) {
	r.Raw = []byte(raw)
	out, perr := ParseJSON(r.Raw)
	r.CProverStatus, r.Properties, r.ParseError = out.CProverStatus, out.Properties, perr
	if r.Messages == nil {
		r.Messages = out.Messages
	}
}

// TestClassifyNeedsVerdict: a run that exits with 0 or 10 but whose output
// does not state that verdict (a fake or broken backend, a CBMC killed
// while writing) is an error, never a verdict.
func TestClassifyNeedsVerdict(t *testing.T) {
	tests := []struct {
		name   string
		code   int
		stderr string
		raw    string
		reason string // a prefix of the reason
	}{
		{"exit 0, no output", 0, "", "", "CBMC exited with code 0 but printed nothing on standard output (no verdict)"},
		{"exit 10, no output", 10, "hello\n", " \n", "CBMC exited with code 10 but printed nothing on standard output (no verdict): hello"},
		{"exit 0, garbage", 0, "", "VERIFICATION SUCCESSFUL", "CBMC exited with code 0 but its output is not CBMC's JSON"},
		{"exit 0, cut short", 0, "", `[{"program": "CBMC 6.6.0"}, {"result": [`, "CBMC exited with code 0 but its output is not CBMC's JSON"},
		{"exit 0, no status", 0, "", `[{"program": "CBMC 6.6.0"}]`, "CBMC exited with code 0 but its output states no verdict (no cProverStatus)"},
		{"exit 0, failure stated", 0, "", verdicts[10], `CBMC exited with code 0 but its output states "failure"`},
		{"exit 10, success stated", 10, "", verdicts[0], `CBMC exited with code 10 but its output states "success"`},
		{"exit 10, no failed property", 10, "", `[{"result": []}, {"cProverStatus": "failure"}]`, "CBMC exited with code 10 but its output names no failed property"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := &Result{}
			withOutput(r, tc.raw)
			r.classify(exitInfo{exited: true, code: tc.code, stderrTxt: tc.stderr})
			if r.Outcome != Error || !strings.HasPrefix(r.Reason, tc.reason) {
				t.Errorf("got %v %q, want error %q...", r.Outcome, r.Reason, tc.reason)
			}
		})
	}
}

func TestClassify(t *testing.T) {
	invariant := "--- begin invariant violation report ---\nInvariant check failed\nFile: foo.cpp:12 function: bar\nCondition: x != nullptr\nReason: x must be set\nBacktrace:\n...\n--- end invariant violation report ---\n"
	errMsg := func(text string) []Message { return []Message{{Type: MessageError, Text: text}} }
	tests := []struct {
		name     string
		ei       exitInfo
		messages []Message
		want     Outcome
		reason   string
	}{
		{"exit 0", exitInfo{exited: true, code: 0}, nil, Success, "CBMC: verification successful (0 properties checked)"},
		{"exit 10 wins over a late timeout", exitInfo{exited: true, code: 10, timedOut: true}, nil, Failure, "CBMC: verification failed: property p.1 (ladr:race) at t.c:3"},
		{"timeout", exitInfo{signaled: true, signal: "SIGKILL", code: -1, timedOut: true, timeout: 60 * time.Second}, nil, Timeout, "CBMC timed out after 60s"},
		{"out of memory message", exitInfo{exited: true, code: 6, memLimit: 8000}, errMsg("Out of memory"), OutOfMemory, "CBMC ran out of memory (limit 8000 MB)"},
		{"bad_alloc without limit", exitInfo{signaled: true, signal: "SIGABRT", code: -1, stderrTxt: "terminate called after throwing an instance of 'std::bad_alloc'\n"}, nil, OutOfMemory, "CBMC ran out of memory"},
		{"loader refused by limit", exitInfo{exited: true, code: 127, memLimit: 10, stderrTxt: "cbmc: error while loading shared libraries: cbmc: failed to map segment from shared object\n"}, nil, OutOfMemory, "CBMC ran out of memory (limit 10 MB)"},
		{"abort under limit", exitInfo{signaled: true, signal: "SIGABRT", code: -1, memLimit: 20, stderrTxt: "terminate called without an active exception\n"}, nil, OutOfMemory, "CBMC ran out of memory (limit 20 MB)"},
		{"abort without limit", exitInfo{signaled: true, signal: "SIGABRT", code: -1, stderrTxt: "terminate called without an active exception\n"}, nil, Crash, "CBMC crashed: killed by signal SIGABRT: terminate called without an active exception"},
		{"oom killer", exitInfo{signaled: true, signal: "SIGKILL", code: -1}, nil, OutOfMemory, "CBMC ran out of memory: killed by SIGKILL, presumably by the out-of-memory killer"},
		{"invariant", exitInfo{signaled: true, signal: "SIGABRT", code: -1, stderrTxt: "warning: x\n" + invariant}, nil, Crash, "CBMC crashed: invariant violation: x must be set (foo.cpp:12)"},
		{"invariant under limit", exitInfo{signaled: true, signal: "SIGABRT", code: -1, memLimit: 100, stderrTxt: invariant}, nil, Crash, "CBMC crashed: invariant violation: x must be set (foo.cpp:12)"},
		{"segfault", exitInfo{signaled: true, signal: "SIGSEGV", code: -1}, nil, Crash, "CBMC crashed: killed by signal SIGSEGV"},
		{"odd exit code", exitInfo{exited: true, code: 3, stderrTxt: "\nsomething odd\nmore\n"}, nil, Crash, "CBMC crashed: exit code 3: something odd"},
		{"error with location", exitInfo{exited: true, code: 6}, []Message{
			{Type: MessageWarning, Text: "w"},
			{Type: MessageError, Text: "failed to find symbol 'y'", Location: Location{File: "t.c", Line: 3}},
			{Type: MessageError, Text: "CONVERSION ERROR"},
		}, Error, "CBMC error: t.c:3: failed to find symbol 'y'"},
		{"gcc error keeps its own location", exitInfo{exited: true, code: 6}, []Message{
			{Type: MessageError, Text: "p.c:1:10: fatal error: x.h: No such file or directory", Location: Location{File: "p.c", Line: 1}},
		}, Error, "CBMC error: p.c:1:10: fatal error: x.h: No such file or directory"},
		{"error without location", exitInfo{exited: true, code: 6}, errMsg("pointer handling for concurrency is unsound"), Error, "CBMC error: pointer handling for concurrency is unsound"},
		{"error from stderr", exitInfo{exited: true, code: 6, stderrTxt: "boom\n"}, nil, Error, "CBMC error: boom"},
		{"usage error", exitInfo{exited: true, code: 64}, nil, Error, "CBMC error: invalid command line (exit code 64): cbmc --bogus"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := &Result{Messages: tc.messages, Command: []string{"cbmc", "--bogus"}}
			if tc.ei.exited {
				withOutput(r, verdicts[tc.ei.code])
			}
			r.classify(tc.ei)
			if r.Outcome != tc.want || r.Reason != tc.reason {
				t.Errorf("got %v %q, want %v %q", r.Outcome, r.Reason, tc.want, tc.reason)
			}
		})
	}
}

func TestInvariantMessageOrder(t *testing.T) {
	// CBMC 6.6 prints the explanation as "Condition" for
	// INVARIANT_WITH_DIAGNOSTICS (observed on the real crash).
	report := invariantBegin + "\nInvariant check failed\nFile: goto_symex_state.cpp:294 function: rename\nCondition: Type of renamed expr should be the same as operands for if_exprt\nReason: expr.id() != ID_if || c_expr.type() == to_if_expr(c_expr).false_case().type()\n"
	want := "Type of renamed expr should be the same as operands for if_exprt (goto_symex_state.cpp:294)"
	if got := invariantMessage(report); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestOutcomeString(t *testing.T) {
	for o, want := range map[Outcome]string{Success: "success", Failure: "failure", Timeout: "timeout", OutOfMemory: "out-of-memory", Crash: "crash", Error: "error", 0: "Outcome(0)"} {
		if got := o.String(); got != want {
			t.Errorf("%d.String() = %q, want %q", int(o), got, want)
		}
	}
}
