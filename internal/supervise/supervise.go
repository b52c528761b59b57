// Package supervise runs a command in a child process, the worker, and
// holds it to limits that the worker's own cooperative checks cannot
// guarantee: a wall-clock deadline, a memory budget for the worker and
// every process it starts (summed resident memory), and signals.
//
// ladr's checks stop themselves at their time limit and watch their own
// memory, but some work cannot be interrupted from inside: the C front end
// (modernc.org/cc/v4) expands macros and parses without a way to stop it,
// and a Go runtime failure (a stack overflow, running out of memory) ends
// the process with a goroutine dump instead of a report. The supervisor
// survives all of these: when the worker passes the deadline or the
// budget, it kills the worker and its descendants; when the worker dies,
// it says how and in which phase the worker was, so the caller can still
// print a report.
//
// The worker tells the supervisor its phase through a pipe (Reporter); its
// standard output and standard error are the supervisor's, except that a
// Go crash dump is held back and summarized.
package supervise

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/ladr-dev/ladr/internal/memstat"
)

// EnvWorker is set in the worker's environment to the number of the file
// descriptor of the message pipe.
const EnvWorker = "LADR_WORKER_FD"

// How says how a supervised worker ended.
type How int

// Endings of a worker.
const (
	// Exited: the worker exited on its own (it printed its report).
	Exited How = iota + 1
	// Timeout: the worker passed the deadline and was killed.
	Timeout
	// Memory: the worker and its descendants passed the memory budget
	// and were killed, or the Go runtime ran out of memory.
	Memory
	// Interrupted: a signal asked the supervisor to stop, and the worker
	// did not end by itself in time.
	Interrupted
	// Crashed: the worker died from a Go runtime failure (a panic, a
	// stack overflow) or a signal the supervisor did not send.
	Crashed
)

// Config configures Run.
type Config struct {
	// Path is the worker's executable and Args its arguments, Args[0]
	// included.
	Path string
	Args []string
	// Deadline is the wall-clock limit of the worker (0: none).
	Deadline time.Duration
	// MemoryMB is the budget of the summed resident memory of the worker
	// and its descendants, in MiB (0: none).
	MemoryMB int
	// MemoryStop, when set, is the signal that asks a worker over the
	// memory budget to stop and print what it has so far: the
	// supervisor sends it, kills the worker's descendants (the big
	// consumers: CBMC) memoryChildDelay later, and kills the worker when
	// it has not ended within Grace. When nil, a worker over the budget
	// is killed at once.
	MemoryStop os.Signal
	// Poll is how often memory is measured (0: 50 ms).
	Poll time.Duration
	// Grace is how long an interrupted worker may take to print its
	// report before it is killed (0: 3 s).
	Grace time.Duration
	// Stdin, Stdout and Stderr are the worker's; Stderr also receives the
	// worker's standard error except a Go crash dump.
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	// Env is extra environment for the worker.
	Env []string
	// Signals, when non-nil, delivers the signals that interrupt the
	// worker (the supervisor forwards the first to the worker, then kills it
	// when it has not ended within Grace).
	Signals <-chan os.Signal
}

// Ending describes how a worker ended.
type Ending struct {
	How How
	// ExitCode is the worker's exit code when it exited (How Exited, or
	// Crashed after a Go runtime failure), else -1.
	ExitCode int
	// Phase is the last phase the worker announced.
	Phase string
	// Detail is the first line of a crash, or the signal that killed or
	// interrupted the worker.
	Detail string
	// Reported is true when the worker said it was printing its report.
	Reported bool
	// PeakMB is the largest summed resident memory measured, in MiB.
	PeakMB int64
	// Elapsed is the worker's wall-clock time.
	Elapsed time.Duration
}

// Reason describes the ending for a report: "timeout after 20s while
// parsing x.c".
func (e Ending) Reason(deadline time.Duration, memoryMB int) string {
	var s string
	switch e.How {
	case Timeout:
		s = fmt.Sprintf("timeout after %s (the check did not stop at its limit and was killed)", deadline)
	case Memory:
		s = fmt.Sprintf("memory limit (%d MB) reached", memoryMB)
		if e.Detail != "" {
			s += " (" + e.Detail + ")"
		}
	case Interrupted:
		s = "interrupted by " + e.Detail
	case Crashed:
		s = "ladr failed: " + e.Detail
	default:
		s = fmt.Sprintf("exited with code %d", e.ExitCode)
	}
	if e.Phase != "" {
		s += " while " + e.Phase
	}
	return s
}

// Run starts the worker and waits until it ends, enforcing the limits.
// The error is non-nil only when the worker could not be started.
func Run(cfg Config) (Ending, error) {
	poll := cfg.Poll
	if poll <= 0 {
		poll = 50 * time.Millisecond
	}
	grace := cfg.Grace
	if grace <= 0 {
		grace = 3 * time.Second
	}
	msgR, msgW, err := os.Pipe()
	if err != nil {
		return Ending{}, fmt.Errorf("supervise: message pipe: %w", err)
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		msgR.Close()
		msgW.Close()
		return Ending{}, fmt.Errorf("supervise: stderr pipe: %w", err)
	}
	cmd := &exec.Cmd{
		Path:       cfg.Path,
		Args:       cfg.Args,
		Stdin:      cfg.Stdin,
		Stdout:     cfg.Stdout,
		Stderr:     errW,
		ExtraFiles: []*os.File{msgW},
		Env:        append(append(os.Environ(), cfg.Env...), EnvWorker+"=3"),
	}
	// Orphans of the worker (a CBMC whose worker crashed) become children
	// of this process, so that they can be found and stopped.
	_, _, _ = syscall.RawSyscall(syscall.SYS_PRCTL, prSetChildSubreaper, 1, 0)
	start := time.Now()
	if err := cmd.Start(); err != nil {
		msgR.Close()
		msgW.Close()
		errR.Close()
		errW.Close()
		return Ending{}, fmt.Errorf("supervise: start %s: %w", cfg.Path, err)
	}
	msgW.Close()
	errW.Close()
	pid := cmd.Process.Pid

	var mu sync.Mutex
	end := Ending{ExitCode: -1}
	var readers sync.WaitGroup
	readers.Add(2)
	go func() {
		defer readers.Done()
		sc := bufio.NewScanner(msgR)
		sc.Buffer(make([]byte, 4096), 1<<20)
		for sc.Scan() {
			kind, text, _ := strings.Cut(sc.Text(), " ")
			mu.Lock()
			switch kind {
			case "phase":
				end.Phase = text
			case "report":
				end.Reported = true
			}
			mu.Unlock()
		}
		msgR.Close()
	}()
	var crash crashFilter
	go func() {
		defer readers.Done()
		crash.copy(cfg.Stderr, errR)
		errR.Close()
	}()

	waited := make(chan error, 1)
	go func() { waited <- cmd.Wait() }()

	var deadline <-chan time.Time
	if cfg.Deadline > 0 {
		t := time.NewTimer(cfg.Deadline)
		defer t.Stop()
		deadline = t.C
	}
	tick := time.NewTicker(poll)
	defer tick.Stop()
	var graceEnd, memGraceEnd, memChildren <-chan time.Time
	var killed How
	var interruptedBy string
	memAsked, childrenKilled := false, false
	// killChildren kills the worker's descendants once (the memory stop).
	killChildren := func() {
		if !childrenKilled {
			killDescendantsOf(pid)
			childrenKilled = true
		}
	}
	kill := func(how How) {
		if killed == 0 {
			killed = how
			killTree(pid)
		}
	}
	var waitErr error
loop:
	for {
		select {
		case waitErr = <-waited:
			break loop
		case <-deadline:
			kill(Timeout)
		case <-tick.C:
			if cfg.MemoryMB > 0 && killed == 0 {
				rss := treeRSS(pid)
				mu.Lock()
				end.PeakMB = max(end.PeakMB, rss>>20)
				mu.Unlock()
				limit := int64(cfg.MemoryMB) << 20
				switch {
				case rss <= limit:
				case memAsked && rss > limit+limit/2:
					// Still growing while it reports: its descendants
					// go now, and the worker too when it alone is over.
					killChildren()
					if own, _ := memstat.ResidentOf(pid); own > limit {
						kill(Memory)
					}
				case memAsked:
				case cfg.MemoryStop != nil && cmd.Process.Signal(cfg.MemoryStop) == nil:
					memAsked = true
					c := time.NewTimer(memoryChildDelay)
					defer c.Stop()
					memChildren = c.C
					g := time.NewTimer(grace)
					defer g.Stop()
					memGraceEnd = g.C
				default:
					kill(Memory)
				}
			}
		case sig := <-cfg.Signals:
			if sig == syscall.SIGQUIT {
				// A goroutine dump asked for: the worker's
				// (crashFilter passes it on), not the supervisor's.
				_ = cmd.Process.Signal(sig)
				continue
			}
			if interruptedBy == "" {
				interruptedBy = SignalName(sig)
				_ = cmd.Process.Signal(sig)
				t := time.NewTimer(grace)
				defer t.Stop()
				graceEnd = t.C
			}
		case <-graceEnd:
			kill(Interrupted)
		case <-memChildren:
			killChildren()
		case <-memGraceEnd:
			kill(Memory)
		}
	}
	readers.Wait()
	end.Elapsed = time.Since(start)
	ps := cmd.ProcessState
	if ps == nil {
		return end, fmt.Errorf("supervise: wait: %w", waitErr)
	}
	// Anything the worker left running (a CBMC it started before a
	// crash) was handed to this process as the subreaper: it goes too.
	killDescendants()
	crashLine, crashed := crash.first()
	switch {
	case killed != 0:
		end.How = killed
		if killed == Interrupted {
			end.Detail = interruptedBy
		}
	case crashed && strings.Contains(crashLine, "out of memory"):
		end.How, end.Detail, end.ExitCode = Memory, crashLine, ps.ExitCode()
	case crashed:
		end.How, end.Detail, end.ExitCode = Crashed, crashLine, ps.ExitCode()
	case ps.Exited():
		end.How, end.ExitCode = Exited, ps.ExitCode()
	default:
		end.How = Crashed
		if ws, ok := ps.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			end.Detail = "killed by " + SignalName(ws.Signal())
			if ws.Signal() == syscall.SIGKILL {
				end.How, end.Detail = Memory, "killed by SIGKILL, presumably by the out-of-memory killer"
			}
		}
	}
	if end.How == Exited && interruptedBy != "" && !end.Reported {
		end.How, end.Detail = Interrupted, interruptedBy
	}
	if memAsked && !end.Reported && end.How != Timeout && end.How != Interrupted {
		// Asked to stop for the budget, the worker ended without a
		// report (killed after Grace, or by the signal itself).
		end.How, end.Detail, end.ExitCode = Memory, "", -1
	}
	return end, nil
}

// IsWorker reports whether this process runs as a supervised worker.
func IsWorker() bool { return os.Getenv(EnvWorker) != "" }

// Reporter is the worker's side of the message pipe; its methods do
// nothing when the process is not a worker.
type Reporter struct {
	mu sync.Mutex
	w  io.Writer
}

// NewReporter returns the Reporter of this process: connected to the
// supervisor when it runs as a worker, else a no-op.
func NewReporter() *Reporter {
	fd, err := strconv.Atoi(os.Getenv(EnvWorker))
	if err != nil || fd < 3 {
		return &Reporter{}
	}
	return &Reporter{w: os.NewFile(uintptr(fd), "supervisor")}
}

func (r *Reporter) send(kind, text string) {
	if r == nil || r.w == nil {
		return
	}
	text = strings.ReplaceAll(text, "\n", " ")
	r.mu.Lock()
	defer r.mu.Unlock()
	_, _ = io.WriteString(r.w, kind+" "+text+"\n")
}

// Phase announces the phase the worker is in.
func (r *Reporter) Phase(s string) { r.send("phase", s) }

// Reporting announces that the worker prints its report now.
func (r *Reporter) Reporting() { r.send("report", "") }

// Notify relays the signals that should interrupt a supervised worker to a
// channel, as signal.Notify does.
func Notify() (<-chan os.Signal, func()) { return notify() }

// NotifySupervisor is Notify for the supervisor (Config.Signals): it
// relays SIGQUIT too, which Run passes on to the worker, so that a
// goroutine dump asked for is the worker's, not the supervisor's.
func NotifySupervisor() (<-chan os.Signal, func()) { return notify(syscall.SIGQUIT) }

// notify relays the interrupting signals and extra to a channel.
func notify(extra ...os.Signal) (<-chan os.Signal, func()) {
	ch := make(chan os.Signal, 4)
	signal.Notify(ch, append([]os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP}, extra...)...)
	return ch, func() { signal.Stop(ch) }
}

// MemoryStopSignal is the signal ladr's supervisor sends a worker over the
// memory budget (Config.MemoryStop).
const MemoryStopSignal = syscall.SIGUSR1

// NotifyMemoryStop relays MemoryStopSignal to a channel; a worker that
// listens reports what it has instead of dying of the signal.
func NotifyMemoryStop() (<-chan os.Signal, func()) {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, MemoryStopSignal)
	return ch, func() { signal.Stop(ch) }
}

// SignalName names a signal as the C headers do ("SIGTERM").
func SignalName(s os.Signal) string {
	if sig, ok := s.(syscall.Signal); ok {
		switch sig {
		case syscall.SIGINT:
			return "SIGINT"
		case syscall.SIGTERM:
			return "SIGTERM"
		case syscall.SIGHUP:
			return "SIGHUP"
		case syscall.SIGQUIT:
			return "SIGQUIT"
		case syscall.SIGKILL:
			return "SIGKILL"
		case syscall.SIGSEGV:
			return "SIGSEGV"
		case syscall.SIGABRT:
			return "SIGABRT"
		}
	}
	return s.String()
}

// crashMarkers start the lines with which the Go runtime reports a fatal
// failure on standard error.
var crashMarkers = []string{"panic: ", "fatal error: ", "runtime: ", "goroutine "}

// quitMarker starts the goroutine dump with which the Go runtime answers
// SIGQUIT: a dump asked for (by a developer), passed on whole.
const quitMarker = "SIGQUIT: "

// crashFilter copies standard error until a Go crash report starts, keeps
// the report's first lines and drops the rest (a dump of every goroutine).
// A dump asked for with SIGQUIT passes on whole.
type crashFilter struct {
	mu    sync.Mutex
	lines []string
	quit  bool
}

// copy forwards r to w piece by piece (a piece ends at "\n" or "\r", so
// that progress lines pass at once) until a crash report starts.
func (c *crashFilter) copy(w io.Writer, r io.Reader) {
	br := bufio.NewReaderSize(r, 64<<10)
	atStart := true
	var piece []byte
	for {
		b, err := br.ReadByte()
		if err == nil {
			piece = append(piece, b)
			if b != '\n' && b != '\r' && len(piece) < 64<<10 {
				continue
			}
		}
		if len(piece) > 0 {
			c.mu.Lock()
			inCrash := len(c.lines) > 0
			if !inCrash && atStart && bytes.HasPrefix(piece, []byte(quitMarker)) {
				c.quit = true
				c.lines = append(c.lines, strings.TrimSpace(string(piece))+" (the goroutine dump is on standard error)")
				inCrash = true
			} else if !inCrash && atStart && hasCrashMarker(piece) {
				inCrash = true
			}
			if c.quit {
				if w != nil {
					_, _ = w.Write(piece)
				}
			} else if inCrash {
				if len(c.lines) < 8 {
					c.lines = append(c.lines, strings.TrimSpace(string(piece)))
				}
			} else if w != nil {
				_, _ = w.Write(piece)
			}
			c.mu.Unlock()
			last := piece[len(piece)-1]
			atStart = last == '\n' || last == '\r'
			piece = piece[:0]
		}
		if err != nil {
			return
		}
	}
}

func hasCrashMarker(line []byte) bool {
	for _, m := range crashMarkers {
		if bytes.HasPrefix(line, []byte(m)) {
			return true
		}
	}
	return false
}

// first returns the line that best says what the crash was: the stack
// overflow, the fatal error or the panic message.
func (c *crashFilter) first() (string, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.lines) == 0 {
		return "", false
	}
	for _, l := range c.lines {
		if strings.HasPrefix(l, "runtime: goroutine stack exceeds") {
			return "stack overflow (" + strings.TrimPrefix(l, "runtime: ") + ")", true
		}
	}
	for _, l := range c.lines {
		if strings.HasPrefix(l, "fatal error: ") || strings.HasPrefix(l, "panic: ") {
			return l, true
		}
	}
	return c.lines[0], true
}

// errNoProc is returned where /proc cannot be read.
var errNoProc = errors.New("no /proc")

// parents returns the parent of every process (Linux /proc).
func parents() (map[int]int, error) {
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return nil, errNoProc
	}
	out := make(map[int]int, len(ents))
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...; comm may hold spaces and parentheses.
		i := bytes.LastIndexByte(b, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(string(b[i+1:]))
		if len(f) < 2 {
			continue
		}
		if ppid, err := strconv.Atoi(f[1]); err == nil {
			out[pid] = ppid
		}
	}
	return out, nil
}

// tree returns pid and its descendants.
func tree(pid int) []int {
	par, err := parents()
	if err != nil {
		return []int{pid}
	}
	kids := map[int][]int{}
	for c, p := range par {
		kids[p] = append(kids[p], c)
	}
	out := []int{pid}
	for i := 0; i < len(out); i++ {
		out = append(out, kids[out[i]]...)
	}
	return out
}

// treeRSS returns the summed resident memory of pid and its descendants
// in bytes.
func treeRSS(pid int) int64 {
	var sum int64
	for _, p := range tree(pid) {
		n, _ := memstat.ResidentOf(p)
		sum += n
	}
	return sum
}

// memoryChildDelay is how long after asking a worker over the memory
// budget to stop the supervisor kills the worker's descendants: time for
// the worker to note why they end (its own cancellation stops them too).
const memoryChildDelay = 200 * time.Millisecond

// prSetChildSubreaper is Linux's PR_SET_CHILD_SUBREAPER.
const prSetChildSubreaper = 36

// killDescendantsOf kills the descendants of pid, not pid itself.
func killDescendantsOf(pid int) {
	for _, p := range tree(pid)[1:] {
		killOne(p)
	}
}

// killDescendants kills every descendant of this process.
func killDescendants() { killDescendantsOf(os.Getpid()) }

func killOne(p int) {
	if pg, err := syscall.Getpgid(p); err == nil && pg == p && p != syscall.Getpgrp() {
		_ = syscall.Kill(-p, syscall.SIGKILL)
	}
	_ = syscall.Kill(p, syscall.SIGKILL)
}

// killTree kills pid, its descendants and their process groups (CBMC
// runs in a group of its own) with SIGKILL.
func killTree(pid int) {
	for round := 0; round < 2; round++ {
		for _, p := range tree(pid) {
			killOne(p)
		}
	}
}
