package cbmc

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestProcessLimit: each CBMC process gets the budget less ladr's own
// memory, split between the processes the check may run at once.
func TestProcessLimit(t *testing.T) {
	tests := []struct {
		name     string
		b        Backend
		min, max int
	}{
		{"no budget", Backend{Jobs: 2}, 0, 0},
		{"one process", Backend{MemoryLimitMB: 4000, Jobs: 1}, 3000, 3999},
		{"the portfolio's two", Backend{MemoryLimitMB: 4000, Jobs: 1, Processes: 2}, 1500, 1999},
		{"jobs when processes unset", Backend{MemoryLimitMB: 4000, Jobs: 4}, 750, 999},
	}
	for _, tc := range tests {
		if got := tc.b.processLimitMB(); got < tc.min || got > tc.max {
			t.Errorf("%s: processLimitMB() = %d, want %d..%d", tc.name, got, tc.min, tc.max)
		}
	}
}

// TestCheckCrashOfOneVariant: when one variant crashes and the other runs
// until the time limit, the check reports the time limit, not the crash.
func TestCheckCrashOfOneVariant(t *testing.T) {
	dir := t.TempDir()
	script := "#!/bin/sh\nfor a in \"$@\"; do\n  if [ \"$a\" = --arrays-uf-always ]; then\n    echo '" + invariantBegin + "' >&2\n    echo 'Invariant check failed' >&2\n    exit 134\n  fi\ndone\nexec sleep 300\n"
	fake := writeFile(t, dir, "fake-cbmc", script, 0o755)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	b := &Backend{Path: fake, Jobs: 2}
	run, _, err := b.Check(ctx, Job{File: "x.c", Dir: dir})
	if err == nil || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Check = %+v, %v; want the deadline's error", run, err)
	}
	b.Jobs = 1
	run, _, err = b.Check(context.Background(), Job{File: "x.c", Dir: dir, Prefix: []string{"--arrays-uf-always"}})
	if err != nil || run == nil || run.Outcome != Crash {
		t.Fatalf("one crashing variant: Check = %+v, %v; want the crash", run, err)
	}
}
