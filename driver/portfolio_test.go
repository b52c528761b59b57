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

func TestLeadMember(t *testing.T) {
	adj := Member{Target: translate.CBMC, Solver: "minisat", Adjacent: true}
	pend := Member{Target: translate.Generic, Solver: "minisat"}
	for _, tc := range []struct {
		name    string
		members []Member
		want    int
	}{
		{"the default race portfolio: the generic member", []Member{adj, pend}, 1},
		{"the first member that checks pending accesses", []Member{pend, adj, pend}, 0},
		{"every member adjacent: the first", []Member{adj, adj}, 0},
		{"one search", []Member{adj}, 0},
	} {
		if got := leadMember(tc.members); got != tc.want {
			t.Errorf("%s: leadMember = %d, want %d", tc.name, got, tc.want)
		}
	}
}
