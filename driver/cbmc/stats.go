package cbmc

import (
	"strconv"
	"strings"
)

// Stats are the size of the formula a CBMC run decided and where its time
// went, read from its status messages (--verbosity 8 and up). A field is
// zero when CBMC did not report it: an external SAT solver's formula size
// is not printed, and a run killed before the solver has no solver time.
type Stats struct {
	// Solver is the SAT solver CBMC named ("MiniSAT 2.2.1 with
	// simplifier", "External SAT solver").
	Solver string `json:"solver,omitempty"`
	// Variables and Clauses are the size of the propositional formula.
	Variables int64 `json:"variables,omitempty"`
	Clauses   int64 `json:"clauses,omitempty"`
	// SymexS is the symbolic execution's time, ConvertS the conversion of
	// its equation to a formula (with the post-processing), SolveS the
	// solver's (for an external solver: writing the formula, the solver
	// and reading its answer), all in seconds.
	SymexS   float64 `json:"symex_s,omitempty"`
	ConvertS float64 `json:"convert_s,omitempty"`
	SolveS   float64 `json:"solve_s,omitempty"`
}

// StatsOf reads the statistics of a run from its messages.
func StatsOf(msgs []Message) Stats {
	var s Stats
	for _, m := range msgs {
		t := strings.TrimSpace(m.Text)
		switch {
		case strings.HasPrefix(t, "Solving with "):
			s.Solver = strings.TrimPrefix(t, "Solving with ")
		case strings.HasSuffix(t, " clauses") && strings.Contains(t, " variables, "):
			v, c, _ := strings.Cut(strings.TrimSuffix(t, " clauses"), " variables, ")
			s.Variables, _ = strconv.ParseInt(v, 10, 64)
			s.Clauses, _ = strconv.ParseInt(c, 10, 64)
		case strings.HasPrefix(t, "Runtime "):
			name, val, ok := strings.Cut(strings.TrimPrefix(t, "Runtime "), ": ")
			if !ok {
				continue
			}
			secs, err := strconv.ParseFloat(strings.TrimSuffix(val, "s"), 64)
			if err != nil {
				continue
			}
			switch name {
			case "Symex":
				s.SymexS += secs
			case "Convert SSA", "Post-process":
				s.ConvertS += secs
			case "Solver":
				s.SolveS += secs
			}
		}
	}
	return s
}
