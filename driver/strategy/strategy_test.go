package strategy

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/ladr-dev/ladr/translate"
	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/seq"
)

// fake is a backend whose answer depends on the plan only (answer), and
// which records the plans it was given.
type fake struct {
	answer func(p Plan) *Attempt
	plans  []Plan
}

func (f *fake) Attempt(ctx context.Context, p Plan) (*Attempt, error) {
	f.plans = append(f.plans, p)
	a := f.answer(p)
	if a == nil {
		return nil, errors.New("fake: no answer")
	}
	return a, nil
}

// unit returns a translation with visible statements and the given cuts.
func unit(visible int, cuts ...string) *translate.Unit {
	u := &translate.Unit{Layout: &seq.Layout{Threads: []*seq.ThreadLayout{{Size: visible}}}}
	for _, c := range cuts {
		u.Notes.Cuts = append(u.Notes.Cuts, bound.Cut{What: c})
	}
	return u
}

// capacity returns a translation whose one cut is an allocation's capacity
// (bound.BoundAllocations).
func capacity(visible int) *translate.Unit {
	u := unit(visible)
	u.Notes.Cuts = []bound.Cut{{What: "allocation bounded to 2 elements", Capacity: true}}
	return u
}

func found(u *translate.Unit) *Attempt { return &Attempt{Outcome: NoViolationFound, Unit: u} }

// plan is a short text of a plan: rounds/unwind, the target, and h for a
// heap recording, r for relaxed, c for a completeness proof, u for every
// access checked, p for pending checks.
func plan(p Plan) string {
	s := fmt.Sprintf("%d/%d", p.Bounds.Rounds, p.Bounds.Unwind)
	if p.Target == translate.Generic {
		s += " generic"
	}
	for _, f := range []struct {
		on bool
		s  string
	}{{p.Heap, " h"}, {p.Relaxed, " r"}, {p.Complete, " c"}, {p.Unpruned, " u"}, {p.Bounds.Pending, " p"}} {
		if f.on {
			s += f.s
		}
	}
	return s
}

func TestRun(t *testing.T) {
	sched := Schedule(false, true, Bounds{})
	for _, tc := range []struct {
		name string
		cfg  func(*Config)
		// answer answers a plan; ctx, when set, is done before the search.
		answer func(p Plan) *Attempt
		done   bool
		// cancelAt, when set, is the plan after whose answer ctx is done.
		cancelAt string
		// want: the plans tried, the final outcome and reason, the bounds
		// of the final attempt, the search's notes (substrings) and the
		// final attempt's notes (substrings).
		plans     []string
		outcome   Outcome
		reason    string
		bounds    string
		notes     []string
		lastNotes []string
		tries     int
	}{
		{
			name:    "a violation at the first bounds ends the search",
			answer:  func(p Plan) *Attempt { return &Attempt{Outcome: Violation, Unit: unit(3, "loop")} },
			plans:   []string{"2/2"},
			outcome: Violation, bounds: "2/2", tries: 1,
		},
		{
			name:    "a violation at the lead step ends the search",
			cfg:     func(c *Config) { c.Schedule = Lead(sched, LeadSteps) },
			answer:  func(p Plan) *Attempt { return &Attempt{Outcome: Violation, Unit: unit(3, "loop")} },
			plans:   []string{"1/1 p"},
			outcome: Violation, bounds: "1/1 p", tries: 1,
		},
		{
			name: "the lead step's no-violation-found goes on with the schedule",
			cfg:  func(c *Config) { c.Schedule = Lead(sched, LeadSteps) },
			answer: func(p Plan) *Attempt {
				if p.Bounds.Rounds == 3 {
					return &Attempt{Outcome: Violation, Unit: unit(3, "loop")}
				}
				return found(unit(30, "loop"))
			},
			plans:   []string{"1/1 p", "1/2 p", "2/2", "4/2 p", "3/3"},
			outcome: Violation, bounds: "3/3", tries: 5,
		},
		{
			name: "unsupported lead steps do not end the search",
			cfg:  func(c *Config) { c.Schedule = Lead(sched, LeadSteps) },
			answer: func(p Plan) *Attempt {
				switch {
				case p.Bounds.Pending:
					return &Attempt{Outcome: Unknown, Unsupported: true, Reason: "unsupported: nothing to check", Unit: unit(3, "loop")}
				case p.Bounds.Rounds == 3:
					return &Attempt{Outcome: Violation, Unit: unit(3, "loop")}
				}
				return found(unit(30, "loop"))
			},
			plans:   []string{"1/1 p", "1/2 p", "2/2", "4/2 p", "3/3"},
			outcome: Violation, bounds: "3/3", tries: 5,
		},
		{
			name: "a timeout at a lead step ends the search",
			cfg:  func(c *Config) { c.Schedule = Lead(sched, LeadSteps) },
			answer: func(p Plan) *Attempt {
				if p.Bounds.Rounds == 1 && p.Bounds.Unwind == 2 {
					return &Attempt{Outcome: Unknown, Reason: "timeout after 1s"}
				}
				return found(unit(30, "loop"))
			},
			cancelAt: "1/2 p",
			plans:    []string{"1/1 p", "1/2 p"},
			outcome:  Unknown, reason: "stopped", bounds: "1/1 p", tries: 2,
			notes: []string{"larger bounds (rounds 1, unwind 2) did not complete: timeout after 1s"},
		},
		{
			name: "a refused lead step does not end the search",
			cfg:  func(c *Config) { c.Schedule = Lead(sched, LeadSteps) },
			answer: func(p Plan) *Attempt {
				switch p.Bounds.Rounds {
				case 1:
					return &Attempt{Outcome: Unknown, Refused: true, Reason: "the violation CBMC reported did not replay", Unit: unit(3, "loop")}
				case 2:
					return found(unit(30, "loop"))
				}
				return &Attempt{Outcome: Violation, Unit: unit(3, "loop")}
			},
			plans:   []string{"1/1 p", "1/2 p", "2/2", "4/2 p"},
			outcome: Violation, bounds: "4/2 p", tries: 4,
		},
		{
			name: "a timeout after the lead steps reports the last lead step's bounds",
			cfg:  func(c *Config) { c.Schedule = Lead(sched, LeadSteps) },
			answer: func(p Plan) *Attempt {
				if p.Bounds.Rounds == 2 {
					return &Attempt{Outcome: Unknown, Reason: "timeout after 1s"}
				}
				return found(unit(30, "loop"))
			},
			plans:   []string{"1/1 p", "1/2 p", "2/2"},
			outcome: NoViolationFound, bounds: "1/2 p", tries: 3,
			notes: []string{"larger bounds (rounds 2, unwind 2) did not complete: timeout after 1s"},
		},
		{
			name: "deepening while cut, up to a violation",
			answer: func(p Plan) *Attempt {
				if p.Bounds.Rounds == 4 {
					return &Attempt{Outcome: Violation, Unit: unit(3, "loop")}
				}
				return found(unit(30, "loop"))
			},
			plans:   []string{"2/2", "3/3", "4/4"},
			outcome: Violation, bounds: "4/4", tries: 3,
		},
		{
			name: "nothing cut: completeness at one round more than the visible statements",
			cfg:  func(c *Config) { c.Schedule, c.TimeLimit = Schedule(false, false, Bounds{}), false },
			answer: func(p Plan) *Attempt {
				return found(unit(5))
			},
			// Steps that raise the rounds run; the proof takes 6 rounds.
			plans:   []string{"2/2", "3/3", "4/4", "6/4 c"},
			outcome: True, bounds: "6/4", tries: 3,
			lastNotes: []string{"complete: every loop fully unwound, no recursion cut, 5 visible statements and 6 rounds"},
		},
		{
			name: "an allocation's capacity: no obstacle to completeness, whose program keeps the sizes",
			cfg:  func(c *Config) { c.Schedule, c.TimeLimit = Schedule(false, false, Bounds{}), false },
			answer: func(p Plan) *Attempt {
				if p.Complete {
					return found(unit(5))
				}
				return found(capacity(5))
			},
			plans:   []string{"2/2", "3/3", "4/4", "6/4 c"},
			outcome: True, bounds: "6/4", tries: 3,
			lastNotes: []string{"complete: every loop fully unwound"},
		},
		{
			name: "static with an allocation's capacity: the completeness check runs",
			cfg: func(c *Config) {
				c.Schedule, c.TimeLimit = Schedule(false, false, Bounds{}), false
				c.StaticComplete = "complete: static"
			},
			answer: func(p Plan) *Attempt {
				if p.Complete {
					return found(unit(4))
				}
				return &Attempt{Outcome: NoViolationFound, Static: true, Unit: capacity(4)}
			},
			plans:   []string{"2/2", "3/3", "4/4", "5/4 c"},
			outcome: True, bounds: "5/4", tries: 3,
			lastNotes: []string{"complete: every loop fully unwound"},
		},
		{
			name: "a capacity and a loop cut: no proof",
			cfg:  func(c *Config) { c.Schedule, c.TimeLimit = Schedule(false, false, Bounds{}), false },
			answer: func(p Plan) *Attempt {
				u := capacity(5)
				u.Notes.Cuts = append(u.Notes.Cuts, bound.Cut{What: "loop"})
				return found(u)
			},
			plans:   []string{"2/2", "3/3", "4/4"},
			outcome: NoViolationFound, bounds: "4/4", tries: 3,
		},
		{
			name: "nothing cut: a larger unwinding bound alone is skipped",
			answer: func(p Plan) *Attempt {
				if p.Complete {
					return &Attempt{Outcome: Unknown, Reason: "timeout", Unit: unit(5)}
				}
				return found(unit(5))
			},
			// 8/20 would only raise the unwinding after 8/12; the proof at
			// 12 rounds does not end: the bounded answer stands.
			plans:   []string{"2/2", "3/3", "4/4", "5/6", "6/8", "8/12", "10/32", "12/64", "12/64 c"},
			outcome: NoViolationFound, bounds: "12/64", tries: 8,
		},
		{
			name: "nothing cut, too many statements to prove: more rounds",
			answer: func(p Plan) *Attempt {
				return found(unit(50))
			},
			// After the schedule, the rounds grow by half up to 51, which
			// covers every interleaving; 51 rounds are too many to prove.
			plans:   append(sched8(), "18/64", "27/64", "40/64", "51/64"),
			outcome: NoViolationFound, bounds: "51/64", tries: 12,
		},
		{
			name: "a timeout keeps the best bounds and notes the larger ones",
			answer: func(p Plan) *Attempt {
				if p.Bounds.Rounds == 3 {
					return &Attempt{Outcome: Unknown, Reason: "timeout after 1s"}
				}
				return found(unit(30, "loop"))
			},
			plans:   []string{"2/2", "3/3"},
			outcome: NoViolationFound, bounds: "2/2", tries: 2,
			notes: []string{"larger bounds (rounds 3, unwind 3) did not complete: timeout after 1s"},
		},
		{
			name:    "unsupported ends the search unknown",
			answer:  func(p Plan) *Attempt { return &Attempt{Outcome: Unknown, Unsupported: true, Reason: "unsupported: x"} },
			plans:   []string{"2/2"},
			outcome: Unknown, reason: "unsupported: x", bounds: "2/2", tries: 1,
		},
		{
			name: "static: nothing to check and nothing cut is a proof without a backend run",
			cfg:  func(c *Config) { c.StaticComplete = "complete: static" },
			answer: func(p Plan) *Attempt {
				return &Attempt{Outcome: NoViolationFound, Static: true, Unit: unit(4)}
			},
			plans:   []string{"2/2"},
			outcome: True, bounds: "2/2", tries: 1, lastNotes: []string{"complete: static"},
		},
		{
			name: "a refused counterexample: heap recording, then the generic encoding",
			cfg:  func(c *Config) { c.GenericFallback = true },
			answer: func(p Plan) *Attempt {
				if p.Target == translate.Generic {
					return &Attempt{Outcome: Violation, Unit: unit(3, "loop")}
				}
				return &Attempt{Outcome: Unknown, Refused: true, Allocates: true, Reason: "diverged", Unit: unit(3, "loop")}
			},
			plans:   []string{"2/2", "2/2 h", "2/2 generic h"},
			outcome: Violation, bounds: "2/2", tries: 1,
			// The heap recording's note is on the attempt the generic
			// encoding replaced (as before the strategy was a package).
			lastNotes: []string{"gave a counterexample the replay refused with the shadow-memory encoding (diverged); used the generic encoding"},
		},
		{
			name: "a refused counterexample of a pruned program: every access checked",
			answer: func(p Plan) *Attempt {
				if p.Unpruned {
					return &Attempt{Outcome: Violation, Unit: unit(3)}
				}
				return &Attempt{Outcome: Unknown, Refused: true, Pruned: true, Reason: "diverged", Unit: unit(3)}
			},
			plans:   []string{"2/2", "2/2 u"},
			outcome: Violation, bounds: "2/2", tries: 1,
			lastNotes: []string{"the first counterexample did not replay (diverged); checked again with every access checked, also those the static race analysis cleared"},
		},
		{
			name: "a crash without the generic fallback stays unknown",
			answer: func(p Plan) *Attempt {
				return &Attempt{Outcome: Unknown, Crashed: true, Reason: "invariant violation"}
			},
			plans:   []string{"2/2"},
			outcome: Unknown, reason: "invariant violation", bounds: "2/2", tries: 1,
		},
		{
			name: "the cbmc target cannot check an access: generic",
			cfg:  func(c *Config) { c.GenericFallback = true },
			answer: func(p Plan) *Attempt {
				if p.Target == translate.Generic {
					return &Attempt{Outcome: Violation, Unit: unit(3)}
				}
				return &Attempt{Outcome: Unknown, NeedsGeneric: true, Reason: "memcpy of n bytes"}
			},
			plans:   []string{"2/2", "2/2 generic"},
			outcome: Violation, bounds: "2/2", tries: 1,
			lastNotes: []string{"cannot check an access with the shadow-memory encoding (memcpy of n bytes)"},
		},
		{
			name: "a failed relaxable check: relaxed re-run, relaxed from then on",
			answer: func(p Plan) *Attempt {
				if !p.Relaxed {
					return &Attempt{Outcome: Unknown, Relax: &Relax{Progress: "again", Note: "relaxed"}}
				}
				if p.Bounds.Rounds == 3 {
					return &Attempt{Outcome: Violation, Unit: unit(3, "loop")}
				}
				return found(unit(30, "loop"))
			},
			plans:   []string{"2/2", "2/2 r", "3/3 r"},
			outcome: Violation, bounds: "3/3", tries: 2,
		},
		{
			name: "incomplete translation: no violation is unknown",
			answer: func(p Plan) *Attempt {
				u := unit(30, "loop")
				u.Notes.Incomplete = []bound.Cut{{Pos: ir.Pos{File: "a.c", Line: 1, Col: 1}, What: "a relaxed atomic"}}
				return found(u)
			},
			plans:   sched9(),
			outcome: Unknown, reason: "unsupported: a relaxed atomic", bounds: "12/64", tries: 9,
			lastNotes: []string{"not explored: a.c:1:1: a relaxed atomic"},
		},
		{
			name: "an approximated check: no violation is unknown",
			answer: func(p Plan) *Attempt {
				a := found(unit(3))
				a.Approx = "unsupported: strlen"
				return a
			},
			// No proof is tried, and more rounds cannot help.
			plans:   sched8(),
			outcome: Unknown, reason: "unsupported: strlen", bounds: "12/64", tries: 8,
		},
		{
			name:    "interrupted before any attempt: no final attempt",
			done:    true,
			answer:  func(p Plan) *Attempt { return found(unit(3)) },
			outcome: "",
		},
		{
			name: "fixed bounds are not raised",
			cfg: func(c *Config) {
				c.Fixed, c.Schedule = true, Schedule(true, true, Bounds{Rounds: 2, Unwind: 1})
			},
			answer:  func(p Plan) *Attempt { return found(unit(5)) },
			plans:   []string{"2/1"},
			outcome: NoViolationFound, bounds: "2/1", tries: 1,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithCancelCause(context.Background())
			defer cancel(nil)
			if tc.done {
				cancel(errors.New("interrupted"))
			}
			cfg := Config{Schedule: sched, TimeLimit: true, Target: translate.CBMC,
				StopReason:   func(ctx context.Context) string { return "stopped" },
				StoppedEarly: func(ctx context.Context) bool { return ctx.Err() != nil },
			}
			if tc.cfg != nil {
				tc.cfg(&cfg)
			}
			f := &fake{answer: tc.answer}
			if tc.cancelAt != "" {
				f.answer = func(p Plan) *Attempt {
					a := tc.answer(p)
					if plan(p) == tc.cancelAt {
						cancel(errors.New("timeout"))
					}
					return a
				}
			}
			res, err := Run(ctx, cfg, f)
			if err != nil {
				t.Fatal(err)
			}
			var plans []string
			for _, p := range f.plans {
				plans = append(plans, plan(p))
			}
			if !reflect.DeepEqual(plans, tc.plans) {
				t.Errorf("plans = %q, want %q", plans, tc.plans)
			}
			if len(res.Tries) != tc.tries {
				t.Errorf("tries = %d, want %d", len(res.Tries), tc.tries)
			}
			if tc.outcome == "" {
				if res.Final != nil {
					t.Errorf("final = %+v, want none", res.Final)
				}
				return
			}
			fin := res.Final
			if fin == nil {
				t.Fatalf("no final attempt")
			}
			if fin.Outcome != tc.outcome || fin.Reason != tc.reason || plan(Plan{Bounds: fin.Plan.Bounds}) != tc.bounds {
				t.Errorf("final = %s %q at %s, want %s %q at %s", fin.Outcome, fin.Reason, plan(Plan{Bounds: fin.Plan.Bounds}), tc.outcome, tc.reason, tc.bounds)
			}
			hasAll(t, "notes", res.Notes, tc.notes)
			hasAll(t, "final notes", fin.Notes, tc.lastNotes)
		})
	}
}

// sched8 is the default schedule's plans when nothing is cut (8/20 only
// raises the unwinding bound after 8/12).
func sched8() []string {
	var out []string
	for _, p := range sched9() {
		if p != "8/20" {
			out = append(out, p)
		}
	}
	return out
}

// sched9 is the default schedule's plans.
func sched9() []string {
	var out []string
	for _, b := range DefaultSchedule {
		out = append(out, plan(Plan{Bounds: b}))
	}
	return out
}

func hasAll(t *testing.T, what string, got, want []string) {
	t.Helper()
	text := strings.Join(got, "\n")
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Errorf("%s %q lack %q", what, got, w)
		}
	}
}

// TestInterruptedKeepsBounds: a search interrupted after bounds completed
// is unknown, with the bounds completed noted.
func TestInterruptedKeepsBounds(t *testing.T) {
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	f := &fake{answer: func(p Plan) *Attempt {
		if p.Bounds.Rounds == 3 {
			cancel(errors.New("SIGINT"))
			return &Attempt{Outcome: Unknown, Reason: "interrupted"}
		}
		return found(unit(30, "loop"))
	}}
	res, err := Run(ctx, Config{Schedule: Schedule(false, true, Bounds{}), TimeLimit: true,
		StopReason:   func(ctx context.Context) string { return "interrupted by SIGINT" },
		StoppedEarly: func(ctx context.Context) bool { return ctx.Err() != nil },
	}, f)
	if err != nil {
		t.Fatal(err)
	}
	if res.Final == nil || res.Final.Outcome != Unknown || res.Final.Reason != "interrupted by SIGINT" {
		t.Fatalf("final = %+v", res.Final)
	}
	hasAll(t, "notes", res.Notes, []string{"no violation found within the bounds completed before (rounds 2, unwind 2)"})
}

func TestSchedule(t *testing.T) {
	user := Bounds{Rounds: 7, Unwind: 5, UnwindSet: map[string]int{"l": 3}}
	for _, tc := range []struct {
		fixed, limit bool
		n            int
	}{{true, true, 1}, {false, false, 3}, {false, true, len(DefaultSchedule)}} {
		s := Schedule(tc.fixed, tc.limit, user)
		if len(s) != tc.n || s[0].UnwindSet["l"] != 3 {
			t.Errorf("Schedule(%v, %v) = %v", tc.fixed, tc.limit, s)
		}
	}
}

// prover is a fake backend that also proves the property statically.
type prover struct {
	fake
	proved bool
	proves int
}

func (p *prover) Prove(ctx context.Context) (*Attempt, error) {
	p.proves++
	if !p.proved {
		return nil, nil
	}
	return &Attempt{Outcome: True, Notes: []string{"static"}}, nil
}

func TestStaticProof(t *testing.T) {
	for _, tc := range []struct {
		proved, use bool
		want        Outcome
		attempts    int
	}{
		{proved: true, use: true, want: True, attempts: 0},
		{proved: true, use: false, want: NoViolationFound, attempts: 1},
		{proved: false, use: true, want: NoViolationFound, attempts: 1},
	} {
		b := &prover{fake: fake{answer: func(p Plan) *Attempt { return found(unit(3, "loop")) }}, proved: tc.proved}
		cfg := Config{Schedule: []Bounds{{Rounds: 2, Unwind: 2}}, Fixed: true, StaticProof: tc.use,
			StoppedEarly: func(context.Context) bool { return false }}
		res, err := Run(context.Background(), cfg, b)
		if err != nil {
			t.Fatal(err)
		}
		if b.proves != 1 || res.Final == nil || res.Final.Outcome != tc.want || len(b.plans) != tc.attempts {
			t.Errorf("%+v: %d proofs, outcome %v, %d attempts", tc, b.proves, res.Final, len(b.plans))
		}
		if tc.want == True && (len(res.Tries) != 0 || res.Final.Plan.Bounds.Rounds != 0) {
			t.Errorf("%+v: a static proof made tries %v or has bounds %v", tc, res.Tries, res.Final.Plan.Bounds)
		}
	}
}

func TestLead(t *testing.T) {
	set := map[string]int{"main.0": 5}
	for _, tc := range []struct {
		name  string
		sched []Bounds
		want  []string
	}{
		{"the default schedule", Schedule(false, true, Bounds{})[:4], []string{"1/1 p", "1/2 p", "2/2", "4/2 p", "3/3", "4/4", "5/6"}},
		{"before a larger first step", []Bounds{{Rounds: 2, Unwind: 2, UnwindSet: set}, {Rounds: 3, Unwind: 3, UnwindSet: set}}, []string{"1/1 p", "1/2 p", "2/2", "4/2 p", "3/3"}},
		{"larger in rounds only", []Bounds{{Rounds: 2, Unwind: 1}}, []string{"1/1 p", "2/1"}},
		{"not before a step no larger", []Bounds{{Rounds: 1, Unwind: 1}, {Rounds: 2, Unwind: 2}}, []string{"1/1", "1/2 p", "2/2"}},
		{"not after a step as large", []Bounds{{Rounds: 4, Unwind: 2}, {Rounds: 4, Unwind: 3}}, []string{"1/1 p", "1/2 p", "4/2", "4/3"}},
		{"not before a step smaller in one bound", []Bounds{{Rounds: 3, Unwind: 0}}, []string{"3/0"}},
		{"an empty schedule stays empty", nil, nil},
	} {
		got := Lead(tc.sched, LeadSteps)
		var s []string
		for _, b := range got {
			s = append(s, plan(Plan{Bounds: b}))
		}
		if fmt.Sprint(s) != fmt.Sprint(tc.want) {
			t.Errorf("%s: Lead = %v, want %v", tc.name, s, tc.want)
		}
		for _, b := range got {
			if b.Pending && tc.sched != nil && b.UnwindSet["main.0"] != tc.sched[0].UnwindSet["main.0"] {
				t.Errorf("%s: the lead step %v lost the unwinding set", tc.name, b)
			}
		}
	}
}

func TestFrom(t *testing.T) {
	sched := []Bounds{{Rounds: 2, Unwind: 2}, {Rounds: 3, Unwind: 3}, {Rounds: 4, Unwind: 4}, {Rounds: 5, Unwind: 6}}
	for _, tc := range []struct {
		min  Bounds
		want []Bounds
	}{
		{Bounds{}, sched},
		{Bounds{Rounds: 1, Unwind: 1}, sched},
		{Bounds{Unwind: 5}, []Bounds{{Rounds: 2, Unwind: 5}, {Rounds: 3, Unwind: 5}, {Rounds: 4, Unwind: 5}, {Rounds: 5, Unwind: 6}}},
		{Bounds{Rounds: 4, Unwind: 20}, []Bounds{{Rounds: 4, Unwind: 20}, {Rounds: 5, Unwind: 20}}},
		{Bounds{Rounds: 9, Unwind: 9}, []Bounds{{Rounds: 9, Unwind: 9}}},
	} {
		got := From(sched, tc.min)
		if len(got) != len(tc.want) {
			t.Errorf("From(%v) = %v, want %v", tc.min, got, tc.want)
			continue
		}
		for i := range got {
			if got[i].Rounds != tc.want[i].Rounds || got[i].Unwind != tc.want[i].Unwind {
				t.Errorf("From(%v) = %v, want %v", tc.min, got, tc.want)
				break
			}
		}
	}
}
