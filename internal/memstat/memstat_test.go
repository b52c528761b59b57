package memstat

import "testing"

func TestShare(t *testing.T) {
	tests := []struct {
		name          string
		budget        int
		self          int64
		processes, mb int
	}{
		{"no budget", 0, 500, 2, 0},
		{"one process", 8000, 1000, 1, 7000},
		{"split between two", 8000, 1000, 2, 3500},
		{"zero processes count as one", 8000, 0, 0, 8000},
		{"ladr near the budget", 8000, 7900, 2, minShareMB},
		{"ladr over the budget", 1000, 2000, 1, minShareMB},
	}
	for _, tc := range tests {
		if got := Share(tc.budget, tc.self, tc.processes); got != tc.mb {
			t.Errorf("%s: Share(%d, %d, %d) = %d, want %d", tc.name, tc.budget, tc.self, tc.processes, got, tc.mb)
		}
	}
}

func TestResident(t *testing.T) {
	b, ok := Resident()
	if !ok {
		t.Skip("no /proc/self/statm")
	}
	if b <= 0 {
		t.Fatalf("Resident() = %d, want > 0", b)
	}
}
