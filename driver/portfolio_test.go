package driver

import (
	"testing"

	"github.com/ladr-dev/ladr/translate"
)

func TestParseMembers(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []Member
		bad  bool
	}{
		{in: "cbmc", want: []Member{{Target: translate.CBMC, Solver: "minisat"}}},
		{in: "generic/cadical", want: []Member{{Target: translate.Generic, Solver: "cadical"}}},
		{in: "cbmc/minisat/adjacent, generic/minisat", want: []Member{{Target: translate.CBMC, Solver: "minisat", Adjacent: true}, {Target: translate.Generic, Solver: "minisat"}}},
		{in: "cbmc//adjacent", want: []Member{{Target: translate.CBMC, Solver: "minisat", Adjacent: true}}},
		{in: "cbmc/minisat/sideways", bad: true},
		{in: "z3", bad: true},
	} {
		got, err := ParseMembers(tc.in)
		if tc.bad {
			if err == nil {
				t.Errorf("%q: no error, got %v", tc.in, got)
			}
			continue
		}
		if err != nil || len(got) != len(tc.want) {
			t.Fatalf("%q: %v, %v", tc.in, got, err)
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("%q: member %d is %+v, want %+v", tc.in, i, got[i], tc.want[i])
			}
			// String spells what ParseMembers reads back.
			if back, err := ParseMembers(got[i].String()); err != nil || back[0] != got[i] {
				t.Errorf("%q: %s reads back as %v, %v", tc.in, got[i], back, err)
			}
		}
	}
}
