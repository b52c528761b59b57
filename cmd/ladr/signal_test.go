package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// slowProgram keeps CBMC busy for much longer than the tests wait.
const slowProgram = `#include <pthread.h>
int x, y;
pthread_mutex_t m;
void *t(void *a) {
  for (int i = 0; i < 1000; i++) {
    pthread_mutex_lock(&m); x = x * 3 + y; y = x ^ i; pthread_mutex_unlock(&m);
  }
  return 0;
}
int main(void) {
  pthread_t a[4];
  for (int i = 0; i < 4; i++) pthread_create(&a[i], 0, t, 0);
  for (int i = 0; i < 4; i++) pthread_join(a[i], 0);
  return 0;
}
`

// TestInterrupt: SIGTERM and SIGINT during a check end it with an
// "interrupted" unknown in the requested format, stop CBMC and leave no
// temporary files (issue 20: SIGTERM ended ladr with no report and left
// /tmp/ladr-*/seq.c behind; SIGINT was reported as a timeout).
func TestInterrupt(t *testing.T) {
	cbmc, err := findCBMC()
	if err != nil {
		t.Fatal(err)
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	// The test binary runs ladr when it is called ladr (TestMain).
	dir := t.TempDir()
	ladr := filepath.Join(dir, "ladr")
	if err := os.Symlink(exe, ladr); err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(dir, "slow.c")
	if err := os.WriteFile(src, []byte(slowProgram), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		sig    syscall.Signal
		format string
		want   string
		// worker: the signal goes to the supervised worker, as the
		// supervisor's memory stop does, not to ladr.
		worker bool
	}{
		{syscall.SIGTERM, "text", "UNKNOWN: interrupted by SIGTERM while ", false},
		{syscall.SIGINT, "json", `"reason": "interrupted by SIGINT while `, false},
		{syscall.SIGUSR1, "text", "UNKNOWN: memory limit (3000 MB) reached while running CBMC", true},
	}
	for _, tc := range tests {
		t.Run(tc.sig.String(), func(t *testing.T) {
			tmp := t.TempDir()
			cmd := exec.Command(ladr, "check", "--timeout", "120", "--memory-limit", "3000", "--property", "assert", "--format", tc.format, src)
			cmd.Env = append(os.Environ(), "LADR_CBMC="+cbmc, "TMPDIR="+tmp, "CI=true")
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			// Wait until CBMC runs.
			deadline := time.Now().Add(60 * time.Second)
			for !cbmcRunsIn(tmp) && time.Now().Before(deadline) {
				time.Sleep(100 * time.Millisecond)
			}
			if !cbmcRunsIn(tmp) {
				t.Fatal("CBMC never started")
			}
			start := time.Now()
			target := cmd.Process.Pid
			if tc.worker {
				if target = childOf(target); target == 0 {
					t.Fatal("no worker process")
				}
			}
			if err := syscall.Kill(target, tc.sig); err != nil {
				t.Fatal(err)
			}
			err := cmd.Wait()
			if code := cmd.ProcessState.ExitCode(); code != exitUnknown {
				t.Errorf("exit code %d (%v), want %d; stderr:\n%s", code, err, exitUnknown, stderr.String())
			}
			if el := time.Since(start); el > 30*time.Second { // a hang, not a speed test
				t.Errorf("took %s to stop", el)
			}
			if !strings.Contains(stdout.String(), tc.want) {
				t.Errorf("stdout lacks %q:\n%s", tc.want, stdout.String())
			}
			time.Sleep(100 * time.Millisecond)
			if cbmcRunsIn(tmp) {
				t.Error("CBMC still runs")
			}
			if left, _ := os.ReadDir(tmp); len(left) > 0 {
				t.Errorf("left behind in TMPDIR: %v", left)
			}
		})
	}
}

// cbmcRunsIn reports whether a CBMC process works on a file under dir.
func cbmcRunsIn(dir string) bool {
	ents, _ := os.ReadDir("/proc")
	for _, e := range ents {
		b, err := os.ReadFile(fmt.Sprintf("/proc/%s/cmdline", e.Name()))
		if err != nil {
			continue
		}
		cmd := string(b)
		if strings.Contains(cmd, "cbmc") && strings.Contains(cmd, dir) {
			return true
		}
	}
	return false
}

// childOf returns a child process of pid (0 if there is none).
func childOf(pid int) int {
	ents, _ := os.ReadDir("/proc")
	for _, e := range ents {
		b, err := os.ReadFile(fmt.Sprintf("/proc/%s/stat", e.Name()))
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...
		i := bytes.LastIndexByte(b, ')')
		var state string
		var ppid int
		if i < 0 {
			continue
		}
		if _, err := fmt.Sscanf(string(b[i+1:]), " %s %d", &state, &ppid); err == nil && ppid == pid {
			var child int
			if _, err := fmt.Sscanf(e.Name(), "%d", &child); err == nil {
				return child
			}
		}
	}
	return 0
}
