package main

import (
	"testing"

	"github.com/ladr-dev/ladr/driver/svcomp"
)

// TestSelectVerdict checks matching by base name and conflict detection.
func TestSelectVerdict(t *testing.T) {
	props := []svcomp.Property{{File: "../properties/unreach-call.prp", Verdict: "false"},
		{File: "../properties/no-data-race.prp", Verdict: "true"}}
	if v, ok, err := selectVerdict(props, "no-data-race.prp"); err != nil || !ok || !v {
		t.Errorf("no-data-race: %v %v %v", v, ok, err)
	}
	if _, ok, _ := selectVerdict(props, "race.prp"); ok {
		t.Errorf("race.prp matched by suffix")
	}
	props = append(props, svcomp.Property{File: "no-data-race.prp", Verdict: "false"})
	if _, _, err := selectVerdict(props, "no-data-race.prp"); err == nil {
		t.Errorf("conflicting verdicts accepted")
	}
	if _, _, err := selectVerdict([]svcomp.Property{{File: "unreach-call.prp"}}, "unreach-call.prp"); err == nil {
		t.Errorf("missing verdict accepted")
	}
}
