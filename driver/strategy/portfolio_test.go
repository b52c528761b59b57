package strategy

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/ladr-dev/ladr/translate"
)

// blocking is a backend whose attempts at rounds ≥ from wait until the
// search is cancelled (a long CBMC run), and whose other attempts answer
// with answer.
type blocking struct {
	from   int
	answer func(p Plan) *Attempt
}

func (b *blocking) Attempt(ctx context.Context, p Plan) (*Attempt, error) {
	if p.Bounds.Rounds >= b.from {
		<-ctx.Done()
		return &Attempt{Outcome: Unknown, Reason: "stopped: " + context.Cause(ctx).Error()}, nil
	}
	return b.answer(p), nil
}

// provingFake is a fake backend with a static proof.
type provingFake struct {
	fake
	proof *Attempt
}

func (p *provingFake) Prove(ctx context.Context) (*Attempt, error) { return p.proof, nil }

func TestPortfolio(t *testing.T) {
	sched := Schedule(false, true, Bounds{})
	cut := func(p Plan) *Attempt { return found(unit(5, "loop")) }
	violation := func(p Plan) *Attempt { return &Attempt{Outcome: Violation, Unit: unit(5)} }
	timeout := func(p Plan) *Attempt { return &Attempt{Outcome: Unknown, Reason: "timeout"} }
	cfg := func(target translate.Target) Config {
		return Config{Schedule: sched, TimeLimit: true, Target: target, StaticProof: true,
			StopReason: func(context.Context) string { return "stopped" }, StoppedEarly: func(context.Context) bool { return false }}
	}
	tests := []struct {
		name    string
		members []Member
		timeout time.Duration
		outcome Outcome
		member  string
		bounds  string // rounds/unwind of the final attempt
		notes   []string
	}{
		{
			name: "the second finds a violation while the first is still searching",
			members: []Member{
				{"cbmc", cfg(translate.CBMC), &blocking{from: 3, answer: cut}},
				{"generic", cfg(translate.Generic), &blocking{from: 99, answer: func(p Plan) *Attempt {
					if p.Bounds.Rounds >= 3 {
						return violation(p)
					}
					return cut(p)
				}}},
			},
			outcome: Violation, member: "generic", bounds: "3/3",
		},
		{
			name: "no violation: the first member's bounds unless another's are larger in both",
			members: []Member{
				{"a", cfg(translate.CBMC), &blocking{from: 4, answer: cut}},
				{"b", cfg(translate.Generic), &blocking{from: 5, answer: cut}},
			},
			timeout: 50 * time.Millisecond,
			outcome: NoViolationFound, member: "b", bounds: "4/4",
			notes: []string{"portfolio member a: no violation found within rounds 3, unwind 3"},
		},
		{
			name: "no member completes: the first member's unknown",
			members: []Member{
				{"a", cfg(translate.CBMC), &fake{answer: timeout}},
				{"b", cfg(translate.Generic), &fake{answer: timeout}},
			},
			outcome: Unknown, member: "a", bounds: "2/2",
			notes: []string{"portfolio member b: unknown: timeout"},
		},
		{
			name: "one times out, the other completes bounds: no violation found",
			members: []Member{
				{"a", cfg(translate.CBMC), &fake{answer: timeout}},
				{"b", cfg(translate.Generic), &blocking{from: 3, answer: cut}},
			},
			timeout: 50 * time.Millisecond,
			outcome: NoViolationFound, member: "b", bounds: "2/2",
		},
		{
			name: "a static proof of the first backend: no member runs",
			members: []Member{
				{"a", cfg(translate.CBMC), &provingFake{fake: fake{answer: timeout}, proof: &Attempt{Outcome: True}}},
				{"b", cfg(translate.Generic), &fake{answer: violation}},
			},
			outcome: True, member: "", bounds: "0/0",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			if tc.timeout > 0 {
				var cancel context.CancelFunc
				ctx, cancel = context.WithTimeout(ctx, tc.timeout)
				defer cancel()
			}
			res, err := Portfolio(ctx, tc.members)
			if err != nil {
				t.Fatal(err)
			}
			if res.Final == nil {
				t.Fatal("no final attempt")
			}
			if res.Final.Outcome != tc.outcome || res.Member != tc.member {
				t.Errorf("outcome %s by %q, want %s by %q", res.Final.Outcome, res.Member, tc.outcome, tc.member)
			}
			if got := plan(Plan{Bounds: res.Final.Plan.Bounds}); got != tc.bounds {
				t.Errorf("bounds %s, want %s", got, tc.bounds)
			}
			for _, n := range tc.notes {
				if !strings.Contains(strings.Join(res.Notes, "\n"), n) {
					t.Errorf("notes %q lack %q", res.Notes, n)
				}
			}
			for _, tr := range res.Tries {
				if tr.Member == "" {
					t.Errorf("try %+v names no member", tr)
				}
			}
		})
	}
}
