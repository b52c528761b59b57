package property

import (
	"errors"
	"strings"
	"testing"

	"github.com/ladr-dev/ladr/shadow"
	"github.com/ladr-dev/ladr/translate"
	"github.com/ladr-dev/ladr/translate/seq"
)

func TestProperties(t *testing.T) {
	for _, tc := range []struct {
		name, verdict, taskFile, rule string
		seq                           seq.Property
		instrumented                  bool
	}{
		{name: "race", verdict: "FALSE(no-data-race)", taskFile: "no-data-race.prp", rule: "data-race", seq: seq.Race, instrumented: true},
		{name: "assert", verdict: "FALSE(unreach-call)", rule: "assertion", seq: seq.Assert},
		{name: "unreach-call", verdict: "FALSE(unreach-call)", taskFile: "unreach-call.prp", rule: "unreach-call", seq: seq.UnreachCall},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := Lookup(tc.name)
			if err != nil {
				t.Fatal(err)
			}
			if p.Name != tc.name || p.Verdict() != tc.verdict || p.TaskFile != tc.taskFile || p.Rule.ID != tc.rule || p.Seq != tc.seq {
				t.Errorf("%s: got %+v", tc.name, p)
			}
			if (p.Instrumentation != nil) != tc.instrumented {
				t.Errorf("%s: instrumentation %v, want %v", tc.name, p.Instrumentation != nil, tc.instrumented)
			}
			if p.Specification == "" || p.Rule.Name == "" || p.Rule.Description == "" {
				t.Errorf("%s: specification or rule missing", tc.name)
			}
			if p.Instrumentation != nil && (p.Static.Note == "" || p.Static.Complete == "") {
				t.Errorf("%s: an instrumented property needs its static notes", tc.name)
			}
		})
	}
}

func TestAll(t *testing.T) {
	seen := map[string]bool{}
	rules := map[string]bool{}
	for _, p := range All() {
		if seen[p.Name] || rules[p.Rule.ID] {
			t.Errorf("%s: name or rule used twice", p.Name)
		}
		seen[p.Name], rules[p.Rule.ID] = true, true
	}
	if All()[0] != Default {
		t.Errorf("the default property %s is not the first", Default)
	}
	_, err := Lookup("livelock")
	if err == nil || !strings.Contains(err.Error(), `unknown property "livelock" (want race, assert, unreach-call or deadlock)`) {
		t.Errorf("Lookup(livelock) = %v", err)
	}
	for _, name := range []string{"deadlock", "no-deadlock"} {
		if p, err := Lookup(name); err != nil || p != Deadlock {
			t.Errorf("Lookup(%s) = %v, %v", name, p, err)
		}
	}
}

// TestRaceExplain: the race instrumentation explains its own assertions
// only, and a failed release assertion asks for a relaxed re-run.
func TestRaceExplain(t *testing.T) {
	inst := Race.Instrumentation(translate.CBMC)
	for _, tc := range []struct {
		kind    string
		relax   bool
		handled bool
	}{
		{kind: "assert"},
		{kind: "bound"},
		{kind: shadow.KindRelease, relax: true},
	} {
		v, err := inst.Explain(nil, nil, seq.AssertSite{Kind: tc.kind}, nil)
		var re *RelaxError
		if got := errors.As(err, &re); got != tc.relax || (!tc.relax && err != nil) || v != nil {
			t.Errorf("%s: Explain = %v, %v", tc.kind, v, err)
		}
		if tc.relax && (re.Note == "" || re.Progress == "") {
			t.Errorf("%s: relax error without note or progress: %+v", tc.kind, re)
		}
	}
	if !inst.NeedsGeneric(&shadow.NeedsGenericError{What: "x"}) || inst.NeedsGeneric(errors.New("other")) {
		t.Errorf("NeedsGeneric does not tell shadow's error apart")
	}
}
