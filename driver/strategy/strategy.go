// Package strategy is ladr's search over bounds: which bounds a check
// tries and in what order (the schedule, deepening while behaviours are
// cut, more rounds when nothing is cut), when a bounded answer is a proof
// (completeness; or before any attempt, a backend's static proof, Prover),
// and which fallbacks a failed attempt gets (a relaxed
// re-run, the heap's initial bytes recorded, the generic encoding).
//
// The search runs attempts through a Backend (package driver's translates
// the program and runs CBMC); it never builds a program or a command line
// itself, so it is tested against a fake backend.
package strategy

import (
	"context"
	"fmt"

	"github.com/ladr-dev/ladr/translate"
	"github.com/ladr-dev/ladr/translate/ir"
)

// Outcome is the outcome of an attempt or a check, as the JSON result
// spells it.
type Outcome string

// Outcomes.
const (
	// Violation: a violation was found (and, unless replay is off,
	// confirmed).
	Violation Outcome = "violation"
	// NoViolationFound: none within the bounds.
	NoViolationFound Outcome = "no-violation-found"
	// True: the bounds cover every behaviour and none violates the
	// property.
	True Outcome = "true"
	// Unknown: no answer (a timeout, an unsupported construct, a failure).
	Unknown Outcome = "unknown"
)

// Bounds are the bounds of a check.
type Bounds struct {
	Rounds    int            `json:"rounds"`
	Unwind    int            `json:"unwind"`
	UnwindSet map[string]int `json:"unwindset,omitempty"`
	// SpawnUnwind, when above a loop's bound, is the bound of a loop that
	// creates threads (bound.Limits.MinSpawn): a slice's two threads of
	// one start routine need two iterations of the loop creating them.
	SpawnUnwind int `json:"spawn_unwind,omitempty"`
	// PrefixUnwind, when above a loop's bound, is the bound of a loop of
	// main that runs before any thread exists (bound.Limits.MinPrefix).
	PrefixUnwind int `json:"prefix_unwind,omitempty"`
	// Pending makes a step of a race search that checks only adjacent
	// accesses (the LaDR paper's scheme) check pending accesses too: a
	// thread stopped just before an access races with the accesses of
	// the contexts after it. It finds more races within the same bounds
	// for a larger formula; a no-violation-found at these bounds means
	// what the adjacent check's does, and more.
	Pending bool `json:"pending,omitempty"`
	// CandidateSwitches makes only the statements with an access of the
	// race candidates checked, and those that synchronize, context-switch
	// points (translate.Config.SwitchOnly; a slice's steps): far fewer
	// labels for a large program, so fewer interleavings. A race found
	// is one of the program; finding none covers only these points, and
	// never makes a proof.
	CandidateSwitches bool `json:"candidate_switches,omitempty"`
}

// DefaultSchedule is the sequence of bounds ladr tries, within its time
// limit, when the user does not fix the bounds.
// Each step runs only while the time limit allows, and only while the
// previous one left behaviours out (a loop or recursion cut): the deep
// steps at the end find bugs behind long loops (e.g. one thread's loop
// of 16 iterations before the racing access), at the price of time on
// programs whose loops never end.
var DefaultSchedule = []Bounds{
	{Rounds: 2, Unwind: 2}, {Rounds: 3, Unwind: 3}, {Rounds: 4, Unwind: 4},
	{Rounds: 5, Unwind: 6}, {Rounds: 6, Unwind: 8}, {Rounds: 8, Unwind: 12},
	{Rounds: 8, Unwind: 20}, {Rounds: 10, Unwind: 32}, {Rounds: 12, Unwind: 64},
}

// LeadSteps are the steps a race search's lead member adds to its
// schedule when the bounds are not fixed, all with pending accesses
// checked (Lead places them). Pending checks find the races whose second
// access is not the first of its context at fewer rounds than the
// adjacent check, and the small steps find them before the schedule's
// first step (rounds 2, unwind 2) completes:
//   - rounds 1, unwind 1 finds most of the races the schedule finds at
//     rounds 2 (on SV-COMP's racy tasks it does not decide it takes
//     0.35 s at the median);
//   - rounds 1, unwind 2 finds the races behind a second iteration of a
//     loop in one thread (SV-COMP's indexer, evilcollapse_rc and
//     26_stack_cas_longest-1 in 4-24 s, where rounds 2, unwind 2 takes
//     40 s or more);
//   - rounds 4, unwind 2, tried before the schedule unwinds further,
//     finds the races that need many threads to run a little each
//     (per-thread-array-join-counter-race-3 and -4 in about 20 s, which
//     rounds 3, unwind 3 does not finish in 60 s).
var LeadSteps = []Bounds{
	{Rounds: 1, Unwind: 1, Pending: true},
	{Rounds: 1, Unwind: 2, Pending: true},
	{Rounds: 4, Unwind: 2, Pending: true},
}

// Lead returns sched with the steps of lead placed in it: each before the
// first step of sched that is larger in both bounds (dominates it) or
// unwinds further, with that step's unwinding set, in lead's order. A
// lead step no step of sched is placed after is left out, as is one that
// a step before its place already covers (as large in both bounds):
// there is nothing to gain from it.
func Lead(sched []Bounds, lead []Bounds) []Bounds {
	at := make([][]Bounds, len(sched))
	for _, l := range lead {
		for i, b := range sched {
			if dominates(b, l) || b.Unwind > l.Unwind {
				if !covered(sched[:i], l) {
					l.UnwindSet = b.UnwindSet
					at[i] = append(at[i], l)
				}
				break
			}
		}
	}
	var out []Bounds
	for i, b := range sched {
		out = append(append(out, at[i]...), b)
	}
	return out
}

// covered reports whether a step of steps is at least b in both bounds.
func covered(steps []Bounds, b Bounds) bool {
	for _, s := range steps {
		if s.Rounds >= b.Rounds && s.Unwind >= b.Unwind {
			return true
		}
	}
	return false
}

// Schedule returns the bounds to try, in order: exactly fixed when the
// user fixed them, else DefaultSchedule (its first three steps without a
// time limit) with the user's unwinding set.
func Schedule(fixed bool, timeLimit bool, user Bounds) []Bounds {
	if fixed {
		return []Bounds{user}
	}
	sched := DefaultSchedule
	if !timeLimit {
		// Without a time limit, stop at moderate bounds.
		sched = sched[:3]
	}
	var out []Bounds
	for _, b := range sched {
		b.UnwindSet = user.UnwindSet
		out = append(out, b)
	}
	return out
}

// From returns the steps of sched raised to at least min's rounds and
// unwinding (a witness followed needs them), dropping the steps that
// become the same as the one before.
func From(sched []Bounds, min Bounds) []Bounds {
	var out []Bounds
	for _, b := range sched {
		b.Rounds, b.Unwind = max(b.Rounds, min.Rounds), max(b.Unwind, min.Unwind)
		if n := len(out); n > 0 && out[n-1].Rounds == b.Rounds && out[n-1].Unwind == b.Unwind {
			continue
		}
		out = append(out, b)
	}
	return out
}

// Plan is what one attempt checks.
type Plan struct {
	Bounds Bounds
	Target translate.Target
	// Heap records the initial bytes of malloc'd objects (the replay
	// needs them when CBMC's trace does not show them).
	Heap bool
	// Relaxed leaves out the property's relaxable checks (Relax).
	Relaxed bool
	// Complete also proves that the backend's own loops were unwound
	// enough (CBMC's unwinding assertions): a completeness proof.
	Complete bool
	// Unpruned checks every access, also those the static race analysis
	// found no race candidate for.
	Unpruned bool
}

// Relax asks for the attempt to be made again with Plan.Relaxed: a check
// stricter than the property failed.
type Relax struct {
	// Progress is the phase shown, Note the result's note.
	Progress, Note string
}

// Attempt is the outcome of one attempt, as the backend reports it.
type Attempt struct {
	// Plan is what was checked (set by the search).
	Plan    Plan
	Outcome Outcome // Violation, NoViolationFound or Unknown
	Reason  string  // why Unknown
	Pos     ir.Pos
	// Unsupported: the program uses a construct ladr does not model (no
	// other bounds help).
	Unsupported bool
	// Crashed: the backend crashed on the encoding; Refused: the replay
	// refused its counterexample; NeedsGeneric: the cbmc target cannot
	// check something the generic one can.
	Crashed, Refused, NeedsGeneric bool
	// Relax, when set, asks for a relaxed re-run.
	Relax *Relax
	// Static: the instrumentation checks nothing, so the bounded program
	// cannot violate the property (the backend did not run).
	Static bool
	// Approx, when set, says why a NoViolationFound is not evidence (a
	// check is approximated or missing, at ApproxPos); larger bounds may
	// still find a violation, and the final result is unknown if none
	// does.
	Approx    string
	ApproxPos ir.Pos
	// Unit is the translation (nil when it did not run).
	Unit *translate.Unit
	// Allocates: the program allocates memory, so recording the heap may
	// make a Refused counterexample replay (only read when Refused).
	Allocates bool
	// Pruned: the instrumentation left accesses unchecked on the static
	// race analysis's word (Plan.Unpruned checks them).
	Pruned bool
	// Times of the translation and the backend, in seconds.
	TranslateS, BackendS float64
	Notes                []string
	// Detail is the backend's own record of the attempt (a violation's
	// mapping, the command line, ...).
	Detail any
}

// cut reports whether the bounded program lost behaviours of the original
// (a loop or recursion cut).
func (a *Attempt) cut() bool { return a.Unit != nil && len(a.Unit.Notes.Cuts) > 0 }

// cutForProof reports whether the bounded program lost behaviours that a
// completeness check cannot win back: a cut other than an allocation's
// capacity (whose program keeps the symbolic sizes, Plan.Complete).
func (a *Attempt) cutForProof() bool {
	if a.Unit == nil {
		return false
	}
	for _, c := range a.Unit.Notes.Cuts {
		if !c.Capacity {
			return true
		}
	}
	return false
}

// visible returns the number of visible statements of the translation (-1
// when it has none).
func (a *Attempt) visible() int {
	if a.Unit == nil || a.Unit.Layout == nil {
		return -1
	}
	return a.Unit.Layout.Visible()
}

// markIncomplete makes a no-violation-found outcome no evidence when the
// bounded program lacks behaviours of the original whatever the bounds
// (Notes.Incomplete, e.g. an atomic access weaker than seq_cst): larger
// bounds may still find a violation, and the final result is unknown if
// none does. A violation found stands.
func (a *Attempt) markIncomplete() {
	if a.Outcome != NoViolationFound || a.Unit == nil || len(a.Unit.Notes.Incomplete) == 0 {
		return
	}
	inc := a.Unit.Notes.Incomplete
	for _, c := range inc {
		a.Notes = append(a.Notes, fmt.Sprintf("not explored: %s: %s", c.Pos, c.What))
	}
	if a.Approx != "" {
		return
	}
	a.Approx, a.ApproxPos = "unsupported: "+inc[0].What, inc[0].Pos
	if len(inc) > 1 {
		a.Approx += fmt.Sprintf(" (and %d more such construct(s))", len(inc)-1)
	}
}

// Backend makes attempts. An error is a failure to start (bad input found
// late, no temporary directory); every outcome of an analysis is an
// Attempt.
type Backend interface {
	Attempt(ctx context.Context, p Plan) (*Attempt, error)
}

// Prover is a Backend that may also prove the property without bounds, by
// a static analysis, before any attempt (package driver's: the static race
// analysis, translate pass prove).
type Prover interface {
	// Prove returns an attempt with Outcome True when the property holds
	// in every execution, whatever the bounds (no backend run, Plan zero);
	// else nil, and the search makes its attempts. An error is a failure
	// to start, as for Attempt.
	Prove(ctx context.Context) (*Attempt, error)
}

// Config configures a search.
type Config struct {
	// Schedule are the bounds to try in order (Schedule).
	Schedule []Bounds
	// Fixed: the user fixed the bounds; they are not raised.
	Fixed bool
	// TimeLimit: the check has a time limit (more rounds are tried only
	// then, and a completeness proof at more rounds).
	TimeLimit bool
	// Target is the encoding tried first.
	Target translate.Target
	// GenericFallback: when the cbmc encoding crashes the backend, gives a
	// counterexample the replay refuses, or cannot check something, the
	// generic encoding is tried.
	GenericFallback bool
	// StaticComplete is the note of a proof without a backend run (the
	// property's Static.Complete).
	StaticComplete string
	// StaticProof: when the backend is a Prover, its proof, if it finds
	// one, is the answer and no attempt is made. Off, Prove still runs
	// (the backend may report the analysis) but its answer is not taken.
	StaticProof bool
	// Progress receives phase changes (may be nil).
	Progress func(string)
	// StopReason says why ctx ended, in the current phase ("" while ctx
	// is live).
	StopReason func(ctx context.Context) string
	// StoppedEarly reports whether ctx was ended by something other than
	// the check's own time limit (an interruption, the memory limit):
	// bounds completed so far are then no answer.
	StoppedEarly func(ctx context.Context) bool
}

// Try records one attempt of the schedule.
type Try struct {
	Bounds  Bounds
	Outcome Outcome
	Reason  string
	TimeS   float64
	// Member is the portfolio member that made the attempt ("" outside a
	// portfolio).
	Member string
}

// Result is the outcome of a search.
type Result struct {
	// Final is the attempt reported (nil when none ran to an end: the
	// check is unknown for StopReason). Its Outcome may be True, and is
	// Unknown when the bounds completed are no answer.
	Final *Attempt
	// Tries are the attempts of the schedule and of more rounds.
	Tries []Try
	// Notes are the search's notes (larger bounds that did not complete,
	// an interrupted search), before the final attempt's.
	Notes []string
	// Member is the portfolio member whose attempt Final is ("" outside a
	// portfolio, or when it is the static proof).
	Member string
}

// search is the state of one search.
type search struct {
	cfg     Config
	backend Backend
	res     *Result
	// relaxed: a relaxable check failed; it stays relaxed from then on.
	relaxed bool
}

// Run searches the bounds of cfg with backend.
func Run(ctx context.Context, cfg Config, backend Backend) (*Result, error) {
	s := &search{cfg: cfg, backend: backend, res: &Result{}}
	if s.cfg.Progress == nil {
		s.cfg.Progress = func(string) {}
	}
	if proof, err := staticProof(ctx, cfg, backend); err != nil || proof != nil {
		// Every execution is covered: no bounds to search.
		s.res.Final = proof
		return s.res, err
	}
	final, err := s.run(ctx)
	s.res.Final = final
	return s.res, err
}

// staticProof runs backend's static proof, when it is a Prover, and
// returns it when it proves the property and cfg takes it (StaticProof);
// else nil.
func staticProof(ctx context.Context, cfg Config, backend Backend) (*Attempt, error) {
	p, ok := backend.(Prover)
	if !ok {
		return nil, nil
	}
	proof, err := p.Prove(ctx)
	if err != nil || proof == nil || proof.Outcome != True || !cfg.StaticProof {
		return nil, err
	}
	return proof, nil
}

func (s *search) run(ctx context.Context) (*Attempt, error) {
	var best, last *Attempt
loop:
	for i, b := range s.cfg.Schedule {
		if ctx.Err() != nil {
			break
		}
		if best != nil && best.Unit != nil && !best.cut() && b.Rounds <= best.Plan.Bounds.Rounds {
			// Nothing was cut: a larger unwinding bound alone explores
			// nothing new. (A step with more rounds keeps its larger
			// unwinding: CBMC unwinds its own library loops, strlen's
			// say, by the bound too, and a completeness proof needs
			// them unwound far enough.)
			continue
		}
		out, err := s.try(ctx, b)
		if err != nil {
			return nil, err
		}
		switch {
		case b.Pending && i+1 < len(s.cfg.Schedule) && out.Outcome != Violation && out.Outcome != NoViolationFound && ctx.Err() == nil:
			// A lead step (LeadSteps) without an answer does not end
			// the search: one that checks nothing it can decide (one
			// thread of a routine a loop creates, say), or whose
			// counterexample the replay refused, leaves the schedule
			// its own steps. (Out of time, the search ends.)
			continue
		case out.Outcome == Violation || out.Unsupported:
			last = out
			best = nil
			break loop
		case out.Outcome == NoViolationFound:
			best = out
			if out.Static && !out.cut() {
				// Nothing was cut and nothing can be violated: larger
				// bounds add nothing.
				break loop
			}
		default:
			// A timeout, or the backend failed at these bounds: larger
			// bounds will not do better.
			last = out
			break loop
		}
	}
	if best == nil && last == nil {
		return nil, nil
	}
	out := best
	if out == nil {
		out = last
	} else if last != nil {
		s.didNotComplete(last)
	}
	if out.Outcome == NoViolationFound {
		if full := s.complete(ctx, out); full != nil {
			out = full
		} else if last == nil {
			more, failed := s.moreRounds(ctx, out)
			out = more
			if failed != nil {
				s.didNotComplete(failed)
			}
		}
	}
	if out.Outcome == NoViolationFound && s.cfg.StoppedEarly(ctx) {
		// Interrupted, or out of memory: the bounds completed so far are
		// no answer the user asked for.
		s.res.Notes = append(s.res.Notes, fmt.Sprintf("no violation found within the bounds completed before (rounds %d, unwind %d)", out.Plan.Bounds.Rounds, out.Plan.Bounds.Unwind))
		out.Outcome, out.Unsupported = Unknown, false
		out.Reason, out.Pos = s.cfg.StopReason(ctx), ir.Pos{}
	}
	if out.Outcome == NoViolationFound && out.Approx != "" {
		// No violation found, but a check that may fail was not fully
		// made.
		out.Outcome, out.Unsupported = Unknown, true
		out.Reason, out.Pos = out.Approx, out.ApproxPos
	}
	return out, nil
}

// didNotComplete notes the larger bounds of a that did not complete.
func (s *search) didNotComplete(a *Attempt) {
	s.res.Notes = append(s.res.Notes, fmt.Sprintf("larger bounds (rounds %d, unwind %d) did not complete: %s", a.Plan.Bounds.Rounds, a.Plan.Bounds.Unwind, a.Reason))
}

// try runs one attempt at bounds b, with its fallbacks, and records it.
func (s *search) try(ctx context.Context, b Bounds) (*Attempt, error) {
	out, err := s.withFallback(ctx, b)
	if err != nil {
		return nil, err
	}
	s.res.Tries = append(s.res.Tries, Try{Bounds: b, Outcome: out.Outcome, Reason: out.Reason, TimeS: out.TranslateS + out.BackendS})
	return out, nil
}

// moreRounds raises the rounds of a check that cut nothing (only more
// rounds can find more there), by half each time while the time allows, up
// to the number that covers every interleaving. It returns the attempt with
// the largest bounds that completed (a violation ends the search) and the
// attempt that did not complete, if any.
func (s *search) moreRounds(ctx context.Context, best *Attempt) (*Attempt, *Attempt) {
	for !s.cfg.Fixed && s.cfg.TimeLimit && ctx.Err() == nil && !best.Static && best.visible() >= 0 &&
		!best.cut() && best.Plan.Bounds.Rounds <= best.visible() {
		b := best.Plan.Bounds
		b.Rounds = min(b.Rounds+max(b.Rounds/2, 2), best.visible()+1)
		s.cfg.Progress(fmt.Sprintf("nothing was cut: more rounds (%d)", b.Rounds))
		out, err := s.try(ctx, b)
		if err != nil {
			return best, nil
		}
		switch out.Outcome {
		case Violation:
			return out, nil
		case NoViolationFound:
			best = out
		default:
			return best, out
		}
	}
	return best, nil
}

// maxCompleteRounds caps the rounds of the completeness check: beyond it
// the formula grows too large to be worth trying.
const maxCompleteRounds = 40

// complete tries to prove that a program has no violation at all, not just
// within the bounds. It applies when the bounded program lost nothing (every
// loop was completely unwound, no recursion or function-pointer call was
// cut, no modelling assumption was made; an allocation's capacity is no
// loss, the check's program keeps the symbolic sizes): then a check with one round more
// than the number of visible statements covers every interleaving (each
// maximal run of one thread's visible statements needs at most one round),
// and the backend's unwinding assertions prove that its own library loops
// were unwound enough. It returns the attempt of that check when it proves
// the property (True) or finds a violation, else nil.
func (s *search) complete(ctx context.Context, last *Attempt) *Attempt {
	u := last.Unit
	if last.visible() < 0 || last.cutForProof() || len(u.Notes.Assumptions) > 0 || last.Approx != "" || last.Plan.Bounds.CandidateSwitches || ctx.Err() != nil {
		return nil
	}
	if last.Static && !last.cut() {
		// Nothing can be violated, in a bounded program that lost nothing.
		out := *last
		out.Outcome = True
		out.Notes = append(append([]string{}, last.Notes...), s.cfg.StaticComplete)
		return &out
	}
	rounds := last.visible() + 1
	if rounds > maxCompleteRounds || (!s.cfg.TimeLimit && rounds > 12) {
		return nil
	}
	if s.cfg.Fixed && last.Plan.Bounds.Rounds < rounds {
		// The user fixed the bounds: they are not raised.
		return nil
	}
	p := last.Plan
	p.Bounds.Rounds = max(rounds, p.Bounds.Rounds)
	p.Complete = true
	s.cfg.Progress(fmt.Sprintf("proving completeness (rounds %d)", p.Bounds.Rounds))
	out, err := s.attempt(ctx, p)
	if err != nil || out.Unit == nil {
		return nil
	}
	switch {
	case out.Outcome == Violation:
		return out
	case out.Outcome == NoViolationFound && out.Approx == "" && !out.cut() && len(out.Unit.Notes.Assumptions) == 0:
		// The check's program kept the symbolic sizes: no cut at all.
		out.Outcome = True
		out.Notes = append(out.Notes, fmt.Sprintf("complete: every loop fully unwound, no recursion cut, %d visible statements and %d rounds cover every interleaving, CBMC's unwinding assertions hold", last.visible(), p.Bounds.Rounds))
		return out
	}
	return nil
}

// withFallback runs one attempt at bounds b. When its counterexample does
// not replay and the program allocates memory, it checks again with the
// initial heap bytes recorded (CBMC's trace does not show them). When the
// backend crashes on the cbmc encoding, or its counterexample still does
// not replay, or it cannot check something, the check runs again with the
// generic encoding (Config.GenericFallback).
func (s *search) withFallback(ctx context.Context, b Bounds) (*Attempt, error) {
	p := Plan{Bounds: b, Target: s.cfg.Target}
	out, err := s.attempt(ctx, p)
	if err != nil || ctx.Err() != nil {
		return out, err
	}
	if out.Refused && out.Allocates {
		s.cfg.Progress("the replay refused CBMC's counterexample; checking again with the heap's initial bytes recorded")
		p.Heap = true
		out2, err := s.attempt(ctx, p)
		if err != nil {
			return nil, err
		}
		out = retried(out, out2, "the first counterexample did not replay ("+out.Reason+"); checked again with the initial bytes of malloc'd objects recorded")
	}
	if out.Refused && out.Pruned && ctx.Err() == nil {
		// A counterexample of the program with fewer checks did not
		// replay: check again with every access checked.
		s.cfg.Progress("the replay refused CBMC's counterexample; checking again with every access checked")
		p.Unpruned = true
		out2, err := s.attempt(ctx, p)
		if err != nil {
			return nil, err
		}
		out = retried(out, out2, "the first counterexample did not replay ("+out.Reason+"); checked again with every access checked, also those the static race analysis cleared")
	}
	if s.cfg.Target != translate.CBMC || !s.cfg.GenericFallback || ctx.Err() != nil || (!out.Crashed && !out.Refused && !out.NeedsGeneric) {
		return out, nil
	}
	// CBMC 6.6's shadow memory has invariant violations on some programs,
	// and on a few it gives counterexamples the replay refuses: check
	// again with the generic encoding, which does not use it. It also
	// cannot check a region whose size is only known at run time.
	what := "crashed on"
	switch {
	case out.Refused:
		what = "gave a counterexample the replay refused with"
	case out.NeedsGeneric:
		what = "cannot check an access with"
	}
	s.cfg.Progress("CBMC " + what + " the shadow-memory encoding; checking again with the generic encoding")
	p.Target, p.Heap = translate.Generic, out.Plan.Heap
	out2, err := s.attempt(ctx, p)
	if err != nil {
		return nil, err
	}
	return retried(out, out2, "CBMC "+what+" the shadow-memory encoding ("+out.Reason+"); used the generic encoding"), nil
}

// attempt runs one attempt of plan p (relaxed once a relaxable check
// failed), and again relaxed when a relaxable check fails in it: at these
// bounds and the larger ones, which contain these behaviours.
func (s *search) attempt(ctx context.Context, p Plan) (*Attempt, error) {
	p.Relaxed = s.relaxed
	out, err := s.backend.Attempt(ctx, p)
	if err != nil || out == nil {
		return out, err
	}
	out.Plan = p
	out.markIncomplete()
	if out.Relax != nil && !s.relaxed {
		s.relaxed = true
		s.cfg.Progress(out.Relax.Progress)
		next, err := s.attempt(ctx, p)
		if err != nil || next == nil {
			return next, err
		}
		return retried(out, next, out.Relax.Note), nil
	}
	return out, nil
}

// retried returns next, the outcome of checking again after out, with
// out's time added and a note saying why.
func retried(out, next *Attempt, note string) *Attempt {
	next.Notes = append(next.Notes, note)
	next.TranslateS += out.TranslateS
	next.BackendS += out.BackendS
	return next
}
