package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"
	"unsafe"
)

// guard is the external limit every ladr run is under.
type guard struct {
	Ladr      string        // the ladr binary
	Timeout   time.Duration // passed as --timeout
	Grace     time.Duration // the harness kills the tree at Timeout + Grace
	ASLimit   uint64        // RLIMIT_AS of ladr (inherited by its children), bytes; 0: none
	Poll      time.Duration // how often the tree's RSS is summed
	Extra     []string      // ladr flags after "--"
	OutputMax int           // bytes of stdout and stderr kept
}

// measurement is what one run did.
type measurement struct {
	Seconds   float64
	TreeKB    int64  // max over the polls of the summed RSS of ladr's process tree
	MaxRSSKB  int64  // wait4's ru_maxrss of ladr (max over ladr and its waited-for descendants)
	Exit      string // exit code, signal name, or "-" when ladr did not start
	Killed    bool   // the harness killed the tree at Timeout + Grace
	LeftTmp   []string
	Survivors []string // processes of the tree alive after ladr ended (then killed)
	Stdout    string   // first non-blank line
	Stderr    string   // first non-blank line
	Err       string   // the harness's own failure
}

// ladrArgs returns the arguments of the check of a case.
func (g guard) ladrArgs(caseArgs, input []string) []string {
	args := []string{"check", "--quiet", "--timeout", strconv.FormatFloat(g.Timeout.Seconds(), 'f', -1, 64)}
	args = append(args, caseArgs...)
	args = append(args, g.Extra...)
	return append(args, input...)
}

// run runs ladr with args in dir, with TMPDIR set to tmp, sends sig after
// the delay when sig is nonzero, and measures it. The harness must be a
// child subreaper (see main), so that processes orphaned by ladr become
// its children and are counted, killed and reaped.
func (g guard) run(ctx context.Context, dir, tmp string, args []string, sig syscall.Signal, after time.Duration) measurement {
	m := measurement{Exit: "-"}
	cmd := exec.Command(g.Ladr, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
	// Files, not pipes: with a pipe, Wait would also wait for every
	// process that inherited it, such as an orphaned backend.
	stdout, err := os.Create(filepath.Join(dir, "stdout"))
	if err != nil {
		m.Err = err.Error()
		return m
	}
	defer stdout.Close()
	stderr, err := os.Create(filepath.Join(dir, "stderr"))
	if err != nil {
		m.Err = err.Error()
		return m
	}
	defer stderr.Close()
	cmd.Stdout, cmd.Stderr = stdout, stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		m.Err = err.Error()
		return m
	}
	pid := cmd.Process.Pid
	if g.ASLimit > 0 {
		if err := setASLimit(pid, g.ASLimit); err != nil {
			killTree(os.Getpid())
			_ = cmd.Wait()
			m.Err = "setting RLIMIT_AS: " + err.Error()
			return m
		}
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	tick := time.NewTicker(g.Poll)
	defer tick.Stop()
	hard := time.NewTimer(g.Timeout + g.Grace)
	defer hard.Stop()
	var sigC <-chan time.Time
	if sig != 0 {
		t := time.NewTimer(after)
		defer t.Stop()
		sigC = t.C
	}
wait:
	for {
		select {
		case <-done:
			break wait
		case <-tick.C:
			m.TreeKB = max(m.TreeKB, treeRSSKB(os.Getpid()))
		case <-sigC:
			_ = syscall.Kill(pid, sig)
		case <-hard.C:
			m.Killed = true
			killTree(os.Getpid())
		case <-ctx.Done():
			killTree(os.Getpid())
			<-done
			m.Err = "harness interrupted"
			break wait
		}
	}
	m.Seconds = time.Since(start).Seconds()
	if ps := cmd.ProcessState; ps != nil {
		m.Exit = exitText(ps)
		if ru, ok := ps.SysUsage().(*syscall.Rusage); ok && ru != nil {
			m.MaxRSSKB = ru.Maxrss // KiB on Linux
		}
	}
	// Whatever is still a live descendant of the harness outlived ladr.
	reapOrphans()
	for _, p := range descendants(os.Getpid()) {
		m.Survivors = append(m.Survivors, fmt.Sprintf("%s[%d]", procName(p), p))
	}
	if len(m.Survivors) > 0 {
		killTree(os.Getpid())
	}
	reapOrphans()
	m.LeftTmp = listDir(tmp)
	m.Stdout, m.Stderr = firstLine(head(stdout, g.OutputMax)), firstLine(head(stderr, g.OutputMax))
	return m
}

// setASLimit sets RLIMIT_AS of process pid (prlimit(2)).
func setASLimit(pid int, limit uint64) error {
	lim := syscall.Rlimit{Cur: limit, Max: limit}
	_, _, e := syscall.RawSyscall6(syscall.SYS_PRLIMIT64, uintptr(pid), uintptr(syscall.RLIMIT_AS),
		uintptr(unsafe.Pointer(&lim)), 0, 0, 0)
	if e != 0 {
		return e
	}
	return nil
}

// procInfo is what treeRSSKB needs of one process.
type procInfo struct {
	ppid  int
	rssKB int64
}

// processes reads every process's parent and resident set size from
// /proc/PID/stat (fields 4 and 24; RSS in pages).
func processes() map[int]procInfo {
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	page := int64(os.Getpagesize()) / 1024
	ps := make(map[int]procInfo, len(ents))
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		if info, ok := parseStat(b, page); ok {
			ps[pid] = info
		}
	}
	return ps
}

// parseStat parses the parent pid and the RSS (in KiB, given the page size
// in KiB) from the contents of /proc/PID/stat; false for zombies and
// unparsable contents. The command name (field 2)
// may contain spaces and parentheses, so fields are counted after its last
// ')'.
func parseStat(b []byte, pageKB int64) (procInfo, bool) {
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return procInfo{}, false
	}
	f := strings.Fields(string(b[i+1:]))
	// f[0] is field 3 (state), so field n is f[n-3].
	if len(f) < 22 {
		return procInfo{}, false
	}
	if f[0] == "Z" || f[0] == "X" { // ended, not yet reaped
		return procInfo{}, false
	}
	ppid, err1 := strconv.Atoi(f[1])
	rss, err2 := strconv.ParseInt(f[21], 10, 64)
	if err1 != nil || err2 != nil {
		return procInfo{}, false
	}
	return procInfo{ppid: ppid, rssKB: rss * pageKB}, true
}

// descendantsIn returns the descendants of root in the process table ps,
// sorted.
func descendantsIn(ps map[int]procInfo, root int) []int {
	children := map[int][]int{}
	for pid, p := range ps {
		children[p.ppid] = append(children[p.ppid], pid)
	}
	var out []int
	stack := []int{root}
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, c := range children[p] {
			out = append(out, c)
			stack = append(stack, c)
		}
	}
	sort.Ints(out)
	return out
}

// descendants returns the live descendants of root.
func descendants(root int) []int { return descendantsIn(processes(), root) }

// treeRSSKB returns the summed RSS of root's descendants in KiB. Zombies
// count 0.
func treeRSSKB(root int) int64 {
	ps := processes()
	var sum int64
	for _, p := range descendantsIn(ps, root) {
		sum += ps[p].rssKB
	}
	return sum
}

// killTree sends SIGKILL to every descendant of root (ladr runs CBMC in a
// process group of its own, so killing ladr's group is not enough).
func killTree(root int) {
	for range 3 { // processes may fork while they are being killed
		ds := descendants(root)
		if len(ds) == 0 {
			return
		}
		for _, p := range ds {
			_ = syscall.Kill(p, syscall.SIGKILL)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// reapOrphans waits for every child the harness inherited as subreaper and
// that has ended, so that they do not stay zombies. It does not block.
func reapOrphans() {
	for {
		var ws syscall.WaitStatus
		pid, err := syscall.Wait4(-1, &ws, syscall.WNOHANG, nil)
		if pid <= 0 || err != nil {
			return
		}
	}
}

// procName returns the command name of pid, or "?".
func procName(pid int) string {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/comm", pid))
	if err != nil {
		return "?"
	}
	return strings.TrimSpace(string(b))
}

// listDir returns the names in dir, sorted.
func listDir(dir string) []string {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	return names
}

// exitText returns the exit code, or the signal name if a signal ended the
// process.
func exitText(ps *os.ProcessState) string {
	if ws, ok := ps.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return "signal " + ws.Signal().String()
	}
	return strconv.Itoa(ps.ExitCode())
}

// firstLine returns the first non-blank line of b, trimmed, without tabs
// and cut to 200 bytes, or "".
func firstLine(b []byte) string {
	for _, l := range strings.Split(string(b), "\n") {
		if l = strings.TrimSpace(strings.ReplaceAll(l, "\t", " ")); l != "" {
			if len(l) > 200 {
				l = l[:200] + "..."
			}
			return strings.ToValidUTF8(l, "?")
		}
	}
	return ""
}

// head returns up to max bytes from the start of f.
func head(f *os.File, max int) []byte {
	b := make([]byte, max)
	n, _ := f.ReadAt(b, 0)
	return b[:n]
}

// errNoLadr is returned when --ladr is missing.
var errNoLadr = errors.New("--ladr BIN is required")
