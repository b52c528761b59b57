package candidates

import (
	"testing"

	"github.com/ladr-dev/ladr/translate/ir"
)

// TestCompare: restricting what is known of an integer by a comparison
// keeps exactly the sign classes (or the value) some value satisfying it
// has.
func TestCompare(t *testing.T) {
	nonZero := sfact{signs: sNeg | sPos}
	for _, tc := range []struct {
		name string
		in   sfact
		op   ir.Op
		c    int64
		want sfact
		ok   bool
	}{
		{"unknown < 0", unknownFact, ir.Lt, 0, sfact{signs: sNeg}, true},
		{"unknown <= 0", unknownFact, ir.Le, 0, sfact{signs: sNeg | sZero}, true},
		{"unknown >= 0", unknownFact, ir.Ge, 0, sfact{signs: sZero | sPos}, true},
		{"unknown > 0", unknownFact, ir.Gt, 0, sfact{signs: sPos}, true},
		{"unknown != 0", unknownFact, ir.Ne, 0, nonZero, true},
		{"unknown == 0", unknownFact, ir.Eq, 0, constFact(0), true},
		{"unknown == -12", unknownFact, ir.Eq, -12, constFact(-12), true},
		{"unknown < 1 keeps zero", unknownFact, ir.Lt, 1, sfact{signs: sNeg | sZero}, true},
		{"unknown < 2 keeps all", unknownFact, ir.Lt, 2, unknownFact, true},
		{"unknown > -1 keeps zero", unknownFact, ir.Gt, -1, sfact{signs: sZero | sPos}, true},
		{"unknown >= -1 keeps the negative", unknownFact, ir.Ge, -1, unknownFact, true},
		{"non-zero <= 0", nonZero, ir.Le, 0, sfact{signs: sNeg}, true},
		{"negative >= 0", sfact{signs: sNeg}, ir.Ge, 0, sfact{}, false},
		{"zero or positive <= 0 is zero", sfact{signs: sZero | sPos}, ir.Le, 0, constFact(0), true},
		{"positive == 0", sfact{signs: sPos}, ir.Eq, 0, sfact{}, false},
		{"exact -12 < 0", constFact(-12), ir.Lt, 0, constFact(-12), true},
		{"exact 0 != 0", constFact(0), ir.Ne, 0, sfact{}, false},
		{"exact 3 == 4", constFact(3), ir.Eq, 4, sfact{}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := tc.in.compare(tc.op, tc.c)
			if ok != tc.ok || ok && got != tc.want {
				t.Errorf("got %+v %v, want %+v %v", got, ok, tc.want, tc.ok)
			}
		})
	}
}
