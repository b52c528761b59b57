package cbmc

import "testing"

// TestStatsOf reads the statistics CBMC 6.6 prints at --verbosity 8, with
// its built-in MiniSat and with an external solver.
func TestStatsOf(t *testing.T) {
	msg := func(ts ...string) []Message {
		var out []Message
		for _, s := range ts {
			out = append(out, Message{Type: "STATUS-MESSAGE", Text: s})
		}
		return out
	}
	tests := []struct {
		name string
		msgs []Message
		want Stats
	}{
		{"minisat", msg("Runtime Symex: 0.0493265s", "Runtime Postprocess Equation: 0.000301239s", "Runtime Convert SSA: 0.04s",
			"Runtime Post-process: 1.25s", "Solving with MiniSAT 2.2.1 with simplifier", "1379649 variables, 6109244 clauses",
			"SAT checker: instance is SATISFIABLE", "Runtime Solver: 6.76503s", "Runtime decision procedure: 6.80567s"),
			Stats{Solver: "MiniSAT 2.2.1 with simplifier", Variables: 1379649, Clauses: 6109244, SymexS: 0.0493265, ConvertS: 1.29, SolveS: 6.76503}},
		{"external", msg("Runtime Symex: 0.05s", "Solving with External SAT solver", "Writing temporary CNF", "Runtime Solver: 6.27236s"),
			Stats{Solver: "External SAT solver", SymexS: 0.05, SolveS: 6.27236}},
		{"killed before the solver", msg("Runtime Symex: 2s", "Passing problem to propositional reduction"), Stats{SymexS: 2}},
		{"garbage", msg("Runtime Solver: fast", "x variables, y clauses", "Runtime"), Stats{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := StatsOf(tc.msgs)
			if got.Solver != tc.want.Solver || got.Variables != tc.want.Variables || got.Clauses != tc.want.Clauses ||
				!near(got.SymexS, tc.want.SymexS) || !near(got.ConvertS, tc.want.ConvertS) || !near(got.SolveS, tc.want.SolveS) {
				t.Errorf("StatsOf = %+v, want %+v", got, tc.want)
			}
		})
	}
}

func near(a, b float64) bool { return a-b < 1e-9 && b-a < 1e-9 }
