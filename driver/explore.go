package driver

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/ladr-dev/ladr/driver/replay"
	"github.com/ladr-dev/ladr/driver/strategy"
	"github.com/ladr-dev/ladr/translate/seq"
)

// exploreSchedule are the bounds of the explicit-state search, in order:
// each runs until its search ends (or the check's does). The search's cost
// grows with the states a program reaches, not with a formula, so its
// steps favour rounds, which the SAT searches pay most for.
var exploreSchedule = []strategy.Bounds{
	{Rounds: 2, Unwind: 2}, {Rounds: 3, Unwind: 2}, {Rounds: 4, Unwind: 2},
	{Rounds: 4, Unwind: 3}, {Rounds: 5, Unwind: 3}, {Rounds: 6, Unwind: 4},
	{Rounds: 8, Unwind: 6}, {Rounds: 12, Unwind: 12}, {Rounds: 16, Unwind: 16},
	{Rounds: 24, Unwind: 24}, {Rounds: 32, Unwind: 32},
}

// ExploredNote begins the note of a violation the explicit-state search
// found (CBMC then checked the program pinned to its choices).
const ExploredNote = "found by the explicit-state search"

// exploreMaxVisible is the size of the largest bounded program (in visible
// statements) the explicit-state search runs on.
const exploreMaxVisible = 4000

// errExploreDone stops the explicit-state search or the CBMC searches when
// the other answered.
var errExploreDone = errors.New("another search of the check answered")

// explores reports whether the check runs the explicit-state search
// beside its CBMC searches: for assertions (the race and deadlock checks
// need the checker's instrumentation), with a second process to run it
// on, the bounds not fixed by the user, the replay on (it is what makes
// the search's violation an answer) and no witness followed.
func (c *checker) explores(cfg strategy.Config) bool {
	return !c.opt.NoExplore && c.opt.Jobs >= 2 && !cfg.Fixed && c.canExplore() == ""
}

// canExplore returns why the check cannot run the explicit-state search
// ("" when it can).
func (c *checker) canExplore() string {
	p := c.opt.Property
	switch {
	case p == nil || p.Instrumentation != nil || p.Seq == seq.Deadlock:
		return "the explicit-state search checks assertions only (unreach-call, assert)"
	case c.opt.NoReplay:
		return "the explicit-state search needs the replay"
	case c.opt.Follow != nil:
		return "the explicit-state search does not follow a witness"
	case c.transform != nil:
		return "the explicit-state search does not check slices"
	}
	return ""
}

// exploreOnly is the search of Options.ExploreOnly: at the bounds the
// user fixed, else at exploreSchedule's.
func (c *checker) exploreOnly(ctx context.Context, cfg strategy.Config) (*strategy.Result, error) {
	if why := c.canExplore(); why != "" {
		return &strategy.Result{Final: &strategy.Attempt{Outcome: strategy.Unknown, Reason: why}}, nil
	}
	sched := exploreSchedule
	if cfg.Fixed {
		sched = cfg.Schedule
	}
	a, note := c.explore(ctx, sched)
	if a != nil {
		return &strategy.Result{Final: a, Member: "explore"}, nil
	}
	if note == "" {
		note = "the explicit-state search found no violation"
	}
	if ctx.Err() != nil {
		note = stopReason(ctx, "exploring the executions") + "; " + note
	}
	return &strategy.Result{Final: &strategy.Attempt{Outcome: strategy.Unknown, Reason: note}}, nil
}

// searchExploring runs search beside the explicit-state search (explore):
// the first to answer with a violation or a proof stops the other. The
// explicit-state search never answers otherwise: when it finds nothing,
// the result is the CBMC searches', with a note.
func (c *checker) searchExploring(ctx context.Context, search func(context.Context) (*strategy.Result, error)) (*strategy.Result, error) {
	sctx, stopSearch := context.WithCancelCause(ctx)
	defer stopSearch(nil)
	ectx, stopExplore := context.WithCancelCause(ctx)
	defer stopExplore(nil)
	type found struct {
		a    *strategy.Attempt
		note string
	}
	exCh := make(chan found, 1)
	go func() {
		a, note := c.explore(ectx, exploreSchedule)
		exCh <- found{a, note}
	}()
	type searched struct {
		res *strategy.Result
		err error
	}
	seCh := make(chan searched, 1)
	go func() {
		r, err := search(sctx)
		seCh <- searched{r, err}
	}()
	select {
	case e := <-exCh:
		if e.a != nil {
			stopSearch(errExploreDone)
			s := <-seCh
			res := &strategy.Result{Final: e.a, Member: "explore"}
			if s.res != nil {
				res.Tries = s.res.Tries
			}
			res.Tries = append(res.Tries, strategy.Try{Bounds: e.a.Plan.Bounds, Outcome: e.a.Outcome, TimeS: e.a.TranslateS + e.a.BackendS, Member: "explore"})
			return res, nil
		}
		s := <-seCh
		return withNote(s.res, e.note), s.err
	case s := <-seCh:
		stopExplore(errExploreDone)
		e := <-exCh
		return withNote(s.res, e.note), s.err
	}
}

// withNote adds the explicit-state search's note to res, the CBMC
// searches' result, when res has no answer of its own (a violation or a
// proof).
func withNote(res *strategy.Result, note string) *strategy.Result {
	if res != nil && note != "" && (res.Final == nil || res.Final.Outcome != strategy.Violation && res.Final.Outcome != strategy.True) {
		res.Notes = append(res.Notes, note)
	}
	return res
}

// explore is the explicit-state search (replay.Explore) over the bounded
// programs of sched's bounds in turn. A violation it finds is checked by
// CBMC on the program whose choices answer the violating execution's
// (checker.pins), so that it is mapped to the source and replayed as any
// counterexample; the attempt of that check is returned. Otherwise the
// attempt is nil and the note says how far the search went.
func (c *checker) explore(ctx context.Context, sched []strategy.Bounds) (*strategy.Attempt, string) {
	note := ""
	for _, b := range sched {
		if ctx.Err() != nil {
			break
		}
		plan := buildPlan{Target: c.opt.Target, Bounds: b, CheckUnmodelled: true, Harness: true, Explore: true}
		bd, err := build(ctx, c.fe, c.opt, plan)
		if err != nil || bd.Err != nil || bd.Unit == nil {
			return nil, ""
		}
		if c.whole != nil && bd.Unit.Layout != nil {
			c.whole.Translated(bd.Unit.Layout.Visible())
		}
		if bd.Unit.Layout != nil && bd.Unit.Layout.Visible() > exploreMaxVisible {
			// gcc on a program this large takes the time and memory
			// the CBMC searches need; their slices suit it better.
			return nil, fmt.Sprintf("explicit-state search: not run on %d visible statements at rounds %d, unwind %d (more than %d)", bd.Unit.Layout.Visible(), b.Rounds, b.Unwind, exploreMaxVisible)
		}
		_, text, _, err := programText(bd.Unit)
		if err != nil {
			return nil, ""
		}
		t0 := time.Now()
		ex, err := replay.Explore(ctx, text, bd.Unit.Prog, replay.Options{GCC: c.opt.GCC})
		if err != nil {
			switch {
			case ctx.Err() == nil:
				note = "explicit-state search: " + err.Error()
			case note == "":
				note = fmt.Sprintf("explicit-state search: rounds %d, unwind %d not searched to the end", b.Rounds, b.Unwind)
			default:
				note += fmt.Sprintf("; rounds %d, unwind %d not searched to the end", b.Rounds, b.Unwind)
			}
			break
		}
		if ex.Violated {
			pins := make([]uint64, len(ex.Choices))
			for i, ch := range ex.Choices {
				pins[i] = ch.Bits
			}
			pc := *c
			pc.pins, pc.pinChoices, pc.opt.Keep, pc.whole = pins, ex.Choices, "", nil
			pc.progress = func(string) {}
			a, err := pc.attempt(ctx, strategy.Plan{Bounds: b, Target: c.opt.Target})
			if err != nil || a == nil || a.Outcome != strategy.Violation {
				why := "no counterexample"
				if err != nil {
					why = err.Error()
				} else if a != nil && a.Reason != "" {
					why = a.Reason
				}
				return nil, fmt.Sprintf("explicit-state search: a violation at rounds %d, unwind %d (%s) that CBMC did not confirm: %s", b.Rounds, b.Unwind, ex.Message, why)
			}
			a.Plan = strategy.Plan{Bounds: b, Target: c.opt.Target}
			if c.whole != nil {
				c.whole.Answered()
			}
			a.Notes = append(a.Notes, fmt.Sprintf("%s at rounds %d, unwind %d in %.1f s", ExploredNote, b.Rounds, b.Unwind, time.Since(t0).Seconds()))
			return a, ""
		}
		note = fmt.Sprintf("explicit-state search: no violation at rounds %d, unwind %d (%d states in %.1f s; nondet values limited to 1, 0, 2 and -1, uninitialized locals to 0)", b.Rounds, b.Unwind, ex.States, time.Since(t0).Seconds())
		if ex.Full {
			// The table of seen states filled up: larger bounds may
			// still reach a violation early in their search.
			note += " (the table of seen states filled up)"
		}
	}
	return nil, note
}
