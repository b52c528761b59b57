package cbmc

import "testing"

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
