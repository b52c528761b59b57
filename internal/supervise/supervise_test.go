package supervise

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"runtime/debug"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The test binary doubles as the worker: with envRole set it behaves as
// the role says instead of running the tests.
const envRole = "SUPERVISE_TEST_ROLE"

func TestMain(m *testing.M) {
	if role := os.Getenv(envRole); role != "" {
		worker(role)
		return
	}
	os.Exit(m.Run())
}

// worker plays one kind of worker.
func worker(role string) {
	r := NewReporter()
	r.Phase("playing " + role)
	switch role {
	case "exit7":
		fmt.Println("report of the worker")
		r.Reporting()
		os.Exit(7)
	case "hang":
		// Ignores SIGTERM, as a worker stuck in code that cannot be
		// interrupted does, and starts a child that would outlive it.
		signal.Ignore(syscall.SIGTERM)
		c := exec.Command("sleep", "300")
		c.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
		_ = c.Start()
		fmt.Fprintf(os.Stderr, "child %d\n", c.Process.Pid)
		time.Sleep(time.Hour)
	case "stopper":
		// Starts a child that takes memory, and on SIGUSR1 (the memory
		// stop) reports once the child has ended.
		ch := make(chan os.Signal, 1)
		signal.Notify(ch, syscall.SIGUSR1)
		exe, _ := os.Executable()
		c := exec.Command(exe)
		c.Env = append(os.Environ(), envRole+"=alloc", EnvWorker+"=")
		if err := c.Start(); err != nil {
			os.Exit(9)
		}
		<-ch
		r.Reporting()
		_ = c.Wait()
		fmt.Println("memory report; child ended")
		os.Exit(5)
	case "deaf":
		// Takes memory and ignores the memory stop.
		signal.Ignore(syscall.SIGUSR1)
		alloc()
	case "alloc":
		alloc()
	case "panic":
		fmt.Fprintln(os.Stderr, "before the panic")
		panic("boom")
	case "overflow":
		// A small stack limit makes the overflow quick.
		debug.SetMaxStack(32 << 20)
		var f func(int) int
		f = func(n int) int { return f(n+1) + 1 }
		f(0)
	case "polite":
		// Stops by itself on SIGTERM and prints its report.
		ch := make(chan os.Signal, 1)
		signal.Notify(ch, syscall.SIGTERM)
		<-ch
		r.Reporting()
		fmt.Println("interrupted report")
		os.Exit(3)
	}
	os.Exit(0)
}

// alloc takes 16 MiB more every 5 ms, for ever.
func alloc() {
	var keep [][]byte
	for {
		b := make([]byte, 16<<20)
		for i := range b {
			b[i] = 1
		}
		keep = append(keep, b)
		time.Sleep(5 * time.Millisecond)
	}
}

func run(t *testing.T, role string, cfg Config) (Ending, string, string) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	cfg.Path, cfg.Args = exe, []string{"worker"}
	cfg.Env = append(cfg.Env, envRole+"="+role)
	cfg.Stdout, cfg.Stderr = &stdout, &stderr
	end, err := Run(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return end, stdout.String(), stderr.String()
}

func TestRun(t *testing.T) {
	tests := []struct {
		role     string
		cfg      Config
		signal   bool
		how      How
		code     int
		detail   string // a part of Detail
		stdout   string // a part of stdout
		noStderr string // must not be on stderr
	}{
		{role: "exit7", how: Exited, code: 7, stdout: "report of the worker"},
		{role: "hang", cfg: Config{Deadline: 500 * time.Millisecond}, how: Timeout, code: -1},
		{role: "alloc", cfg: Config{MemoryMB: 200, Poll: 10 * time.Millisecond}, how: Memory, code: -1},
		// Asked to stop for the budget, the worker reports what it has
		// (its child, the big consumer, is killed); one that does not
		// stop, or dies of the signal, is the memory limit's.
		{role: "stopper", cfg: Config{MemoryMB: 200, Poll: 10 * time.Millisecond, MemoryStop: syscall.SIGUSR1}, how: Exited, code: 5, stdout: "memory report; child ended"},
		{role: "deaf", cfg: Config{MemoryMB: 200, Poll: 10 * time.Millisecond, MemoryStop: syscall.SIGUSR1, Grace: 200 * time.Millisecond}, how: Memory, code: -1},
		{role: "alloc", cfg: Config{MemoryMB: 200, Poll: 10 * time.Millisecond, MemoryStop: syscall.SIGUSR1}, how: Memory, code: -1},
		{role: "panic", how: Crashed, code: 2, detail: "panic: boom", noStderr: "goroutine"},
		{role: "overflow", how: Crashed, code: 2, detail: "stack overflow", noStderr: "goroutine"},
		{role: "polite", signal: true, how: Exited, code: 3, stdout: "interrupted report"},
		{role: "hang", cfg: Config{Grace: 300 * time.Millisecond}, signal: true, how: Interrupted, code: -1, detail: "SIGTERM"},
	}
	for _, tc := range tests {
		t.Run(tc.role, func(t *testing.T) {
			if tc.signal {
				ch := make(chan os.Signal, 1)
				tc.cfg.Signals = ch
				go func() {
					time.Sleep(300 * time.Millisecond)
					ch <- syscall.SIGTERM
				}()
			}
			end, stdout, stderr := run(t, tc.role, tc.cfg)
			if end.How != tc.how || end.ExitCode != tc.code || !strings.Contains(end.Detail, tc.detail) {
				t.Errorf("ending %+v, want how %v, code %d, detail %q", end, tc.how, tc.code, tc.detail)
			}
			if end.Phase != "playing "+tc.role {
				t.Errorf("phase %q", end.Phase)
			}
			if !strings.Contains(stdout, tc.stdout) {
				t.Errorf("stdout %q lacks %q", stdout, tc.stdout)
			}
			if tc.noStderr != "" && strings.Contains(stderr, tc.noStderr) {
				t.Errorf("stderr holds %q:\n%s", tc.noStderr, stderr)
			}
			// A child the worker left behind was stopped.
			var child int
			if _, err := fmt.Sscanf(stderr, "child %d", &child); err == nil {
				time.Sleep(50 * time.Millisecond)
				if b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", child)); err == nil && !strings.Contains(string(b), ") Z") {
					t.Errorf("the worker's child %d survives: %s", child, b)
				}
			}
		})
	}
}

func TestReason(t *testing.T) {
	tests := []struct {
		end  Ending
		want string
	}{
		{Ending{How: Timeout, Phase: "parsing x.c"}, "timeout after 20s (the check did not stop at its limit and was killed) while parsing x.c"},
		{Ending{How: Memory, Phase: "running CBMC"}, "memory limit (100 MB) reached while running CBMC"},
		{Ending{How: Memory, Detail: "fatal error: runtime: out of memory"}, "memory limit (100 MB) reached (fatal error: runtime: out of memory)"},
		{Ending{How: Interrupted, Detail: "SIGTERM", Phase: "replaying"}, "interrupted by SIGTERM while replaying"},
		{Ending{How: Crashed, Detail: "panic: boom"}, "ladr failed: panic: boom"},
	}
	for _, tc := range tests {
		if got := tc.end.Reason(20*time.Second, 100); got != tc.want {
			t.Errorf("Reason() = %q, want %q", got, tc.want)
		}
	}
}

func TestCrashFilter(t *testing.T) {
	in := "ladr: progress\r\033[Kladr: more\rwarning: x\npanic: boom\n\ngoroutine 1 [running]:\nmain.main()\n"
	var out bytes.Buffer
	var c crashFilter
	c.copy(&out, strings.NewReader(in))
	if got, want := out.String(), "ladr: progress\r\033[Kladr: more\rwarning: x\n"; got != want {
		t.Errorf("forwarded %q, want %q", got, want)
	}
	if line, ok := c.first(); !ok || line != "panic: boom" {
		t.Errorf("first() = %q, %v", line, ok)
	}
	// A dump asked for with SIGQUIT passes on whole.
	out.Reset()
	dump := "ladr: progress\nSIGQUIT: quit\nPC=0x1 m=0 sigcode=0\n\ngoroutine 1 [running]:\nmain.main()\n"
	var quit crashFilter
	quit.copy(&out, strings.NewReader(dump))
	if out.String() != dump {
		t.Errorf("SIGQUIT dump forwarded as %q, want all of it", out.String())
	}
	if line, ok := quit.first(); !ok || !strings.HasPrefix(line, "SIGQUIT: quit") {
		t.Errorf("first() after a SIGQUIT dump = %q, %v", line, ok)
	}
	var clean crashFilter
	clean.copy(&out, strings.NewReader("ladr: x.c:1:2: error\n"))
	if _, ok := clean.first(); ok {
		t.Error("a plain error taken for a crash")
	}
}
