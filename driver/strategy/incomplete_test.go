package strategy

import (
	"strings"
	"testing"

	"github.com/ladr-dev/ladr/translate"
	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/ir"
)

// TestMarkIncomplete checks that a run finding no violation in a program
// with unexplored behaviours (Notes.Incomplete) is no evidence, and that
// a violation, or an earlier approximation, is kept.
func TestMarkIncomplete(t *testing.T) {
	weak := []bound.Cut{
		{Pos: ir.Pos{File: "a.c", Line: 3, Col: 5}, What: "__atomic_load_n with memory order __ATOMIC_RELAXED"},
		{Pos: ir.Pos{File: "a.c", Line: 4, Col: 7}, What: "__atomic_store_n with memory order __ATOMIC_RELEASE"},
	}
	tests := []struct {
		name       string
		result     Outcome
		approx     string
		incomplete []bound.Cut
		want       string // approx after
		wantNotes  int
	}{
		{"none", "no-violation-found", "", nil, "", 0},
		{"weak", "no-violation-found", "", weak, "unsupported: __atomic_load_n with memory order __ATOMIC_RELAXED (and 1 more such construct(s))", 2},
		{"one", "no-violation-found", "", weak[1:], "unsupported: __atomic_store_n with memory order __ATOMIC_RELEASE", 1},
		{"violation", "violation", "", weak, "", 0},
		{"earlier approximation", "no-violation-found", "unsupported: a bit-field", weak, "unsupported: a bit-field", 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			u := &translate.Unit{Notes: bound.Notes{Incomplete: tc.incomplete}}
			o := &Attempt{Outcome: tc.result, Approx: tc.approx, Unit: u}
			o.markIncomplete()
			if o.Approx != tc.want {
				t.Errorf("approx = %q, want %q", o.Approx, tc.want)
			}
			if tc.want != "" && tc.approx == "" && o.ApproxPos != tc.incomplete[0].Pos {
				t.Errorf("approxPos = %v, want %v", o.ApproxPos, tc.incomplete[0].Pos)
			}
			if len(o.Notes) != tc.wantNotes {
				t.Errorf("notes = %q, want %d", o.Notes, tc.wantNotes)
			}
			for _, n := range o.Notes {
				if !strings.HasPrefix(n, "not explored: a.c:") {
					t.Errorf("note %q", n)
				}
			}
		})
	}
}
