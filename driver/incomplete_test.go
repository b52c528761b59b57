package driver

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
		result     string
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
			o := &outcome{result: tc.result, approx: tc.approx, u: u}
			o.markIncomplete()
			if o.approx != tc.want {
				t.Errorf("approx = %q, want %q", o.approx, tc.want)
			}
			if tc.want != "" && tc.approx == "" && o.approxPos != tc.incomplete[0].Pos {
				t.Errorf("approxPos = %v, want %v", o.approxPos, tc.incomplete[0].Pos)
			}
			if len(o.notes) != tc.wantNotes {
				t.Errorf("notes = %q, want %d", o.notes, tc.wantNotes)
			}
			for _, n := range o.notes {
				if !strings.HasPrefix(n, "not explored: a.c:") {
					t.Errorf("note %q", n)
				}
			}
		})
	}
}
