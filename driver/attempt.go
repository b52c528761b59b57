package driver

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/ladr-dev/ladr/driver/cbmc"
	"github.com/ladr-dev/ladr/driver/replay"
	"github.com/ladr-dev/ladr/driver/strategy"
	"github.com/ladr-dev/ladr/property"
	"github.com/ladr-dev/ladr/translate"
	"github.com/ladr-dev/ladr/translate/analysis/races"
	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/cfront"
	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/seq"
)

// checker is the search strategy's backend: an attempt builds the program
// for a plan, runs CBMC on it, and maps and replays a violation.
type checker struct {
	opt      Options
	fe       *cfront.Frontend
	cbmc     *cbmc.Backend
	progress func(string)
	phases   *phaseTracker
	// keepErr: writing Options.Keep failed (the check goes on; the result
	// reports it, and later attempts do not try again).
	keepErr error
	// parsed is the program Check parsed, for the static race analysis
	// (Prove), which takes it over.
	parsed *ir.Program
	// proof is the static race analysis's outcome (nil when it did not
	// run), static what to report when it could not run; proofVoid says
	// why a proof does not stand (at proofVoidAt); proofAttempt is the
	// attempt of a proof that stands, proofTaken whether it is the
	// result.
	proof        *races.Proof
	static       *StaticAnalysis
	proofVoid    string
	proofVoidAt  ir.Pos
	proofAttempt *strategy.Attempt
	proofTaken   bool
	// candidates is the whole-program race analysis's result (nil when
	// it did not run): its proof answers when the static race analysis
	// of the inlined program cannot (wholeProof).
	candidates *CandidateReport
	wholeTaken bool
	// errorFuncs, for an assertion property, names the functions that
	// may reach a violation of it (slice.ReachingErrors): the slices
	// checked for it are those of the race candidates whose threads run
	// one.
	errorFuncs map[string]bool
	// transform, when set, rewrites each parsed program before its
	// translation (a slice).
	transform func(*ir.Program) error
	// lead, when set, are the steps one search of the check adds to its
	// schedule (strategy.LeadSteps, placed by strategy.Lead; leadMember
	// says which search).
	lead []strategy.Bounds
	// checkOnly, when set, limits the race checks (buildPlan.CheckOnly).
	checkOnly func(ir.Pos) bool
	// switchOnly, when set, limits the context-switch points at bounds
	// with CandidateSwitches (buildPlan.SwitchOnly).
	switchOnly func(ir.Pos) bool
	// whole, when set, records what the whole program's search has done
	// (strategy.Yield); a portfolio's members share it.
	whole *strategy.WholeProgress
	// sliceSeen, while slices are checked, are the slices already built
	// (sliceKey): one whose program is the same as an earlier one's is
	// not checked again.
	sliceSeen *sliceSeen
	// pins, when set, are the choices of one execution the attempts'
	// programs answer (buildPlan.Pins): CBMC then reports that execution
	// (the explicit-state search's, explore.go).
	pins []uint64
	// pinChoices are pins with their functions: the choices a violation
	// of a pinned program replays (its trace shows each value twice).
	pinChoices []replay.Choice
}

// detail is what the driver keeps of an attempt besides the strategy's
// view (strategy.Attempt.Detail).
type detail struct {
	// checks are the accesses the race instrumentation checks, and
	// pruned those the static race analysis left unchecked.
	checks, pruned int
	peakKB         int64
	backend        *BackendInfo // the CBMC command line and its statistics
	mapped         *Result      // violation details
}

// Attempt translates the program for plan p and runs CBMC on it.
func (c *checker) Attempt(ctx context.Context, p strategy.Plan) (*strategy.Attempt, error) {
	a, err := c.attempt(ctx, p)
	if c.whole != nil && err == nil && a != nil && a.Outcome != strategy.Unknown {
		c.whole.Answered()
	}
	return a, err
}

// attempt is Attempt.
func (c *checker) attempt(ctx context.Context, p strategy.Plan) (*strategy.Attempt, error) {
	opt := c.opt
	b := p.Bounds
	det := &detail{}
	out := &strategy.Attempt{Detail: det}
	c.progress(fmt.Sprintf("translating (rounds %d, unwind %d)", b.Rounds, b.Unwind))
	t0 := time.Now()
	bd, err, done := within(ctx, func() (*built, error) {
		plan := buildPlan{Target: p.Target, Bounds: b, Relaxed: p.Relaxed, CheckUnmodelled: true, Heap: p.Heap, Harness: true, Unpruned: p.Unpruned, SymbolicSizes: p.Complete}
		plan.Transform, plan.CheckOnly, plan.SwitchOnly = c.transform, c.checkOnly, c.switchOnly
		plan.Pins = c.pins
		return build(ctx, c.fe, opt, plan)
	})
	out.TranslateS = time.Since(t0).Seconds()
	if done && err != nil {
		return nil, err
	}
	if !done || (bd.Err != nil && ctx.Err() != nil && errors.Is(bd.Err, context.Cause(ctx))) {
		// Large bounds can make the bounded program huge: the time limit
		// holds for the translation too.
		out.Outcome, out.Reason = strategy.Unknown, stopReason(ctx, c.phases.get())
		return out, nil
	}
	u, inst := bd.Unit, bd.Inst
	out.Unit = u
	if c.whole != nil && u != nil && u.Layout != nil {
		// Translated: the search yields to slices only for a large
		// program (strategy.Yield), told before CBMC runs.
		c.whole.Translated(u.Layout.Visible())
	}
	if inst != nil && bd.Err == nil {
		det.checks = inst.Checks()
		if sp, ok := inst.(interface{ StaticPrunedChecks() int }); ok {
			det.pruned = sp.StaticPrunedChecks()
			out.Pruned = det.pruned > 0
		}
	}
	if err := bd.Err; err != nil {
		out.Outcome = strategy.Unknown
		var ue *bound.UnsupportedError
		out.Unsupported = true
		if inst != nil && inst.NeedsGeneric(err) && p.Target != translate.Generic {
			out.Unsupported, out.NeedsGeneric = false, true
			out.Reason = err.Error()
		} else if errors.As(err, &ue) {
			out.Reason, out.Pos = "unsupported: "+ue.What, ue.Pos
		} else {
			out.Reason = "translation failed: " + err.Error()
		}
		return out, nil
	}
	if f := u.Follow; f != nil && f.Short != nil {
		// No execution of the bounded program follows the witness: no
		// need to ask CBMC (a bounded program that lost nothing makes
		// this a proof, as CBMC's answer would).
		out.Outcome = strategy.NoViolationFound
		out.Notes = append(out.Notes, fmt.Sprintf("no execution of the bounded program (rounds %d, unwind %d) follows the witness to %s: %s", b.Rounds, b.Unwind, f.Short.Waypoint.What, f.Short.Why))
		return out, nil
	}
	// Printing a bounded program of a large one takes seconds: the time
	// limit holds for it too.
	pt, err, done := within(ctx, func() (printedText, error) {
		printed, text, sm, err := programText(u)
		return printedText{printed, text, sm}, err
	})
	if !done {
		out.Outcome, out.Reason = strategy.Unknown, stopReason(ctx, c.phases.get())
		return out, nil
	}
	if err != nil {
		out.Outcome, out.Reason = strategy.Unknown, err.Error()
		return out, nil
	}
	printed, text, sm := pt.printed, pt.text, pt.sm
	dir, err := os.MkdirTemp("", "ladr-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	seqFile := filepath.Join(dir, "seq.c")
	if err := os.WriteFile(seqFile, text, 0o644); err != nil {
		return nil, err
	}
	if opt.Keep != "" && c.keepErr == nil {
		if err := os.WriteFile(opt.Keep, printed, 0o644); err != nil {
			// The check does not need the file: go on without it.
			c.keepErr = CannotWrite("the sequentialized program", opt.Keep, err)
		}
	}
	if inst != nil && inst.Checks() == 0 && !checksModelled(u) {
		if pos, what := inst.Approximation(); what != "" {
			out.Outcome, out.Unsupported = strategy.Unknown, true
			out.Reason, out.Pos = "unsupported: "+what, pos
			return out, nil
		}
		out.Outcome, out.Static = strategy.NoViolationFound, true
		out.Notes = append(out.Notes, opt.Property.Static.Note)
		return out, nil
	}
	c.progress(fmt.Sprintf("running CBMC (rounds %d, unwind %d)", b.Rounds, b.Unwind))
	t1 := time.Now()
	// CBMC's unwinding bounds only the loops of its own library's
	// functions (string functions ladr leaves to it): those main calls
	// before any thread exists get the prefix's bound too.
	job := cbmc.Job{File: seqFile, Dir: dir, Unwind: max(b.Unwind, b.PrefixUnwind), UnwindingAssertions: p.Complete}
	if p.Heap {
		job.Prefix = replay.HeapCBMCArgs()
	}
	run, args, err := c.cbmc.Check(ctx, job)
	out.BackendS = time.Since(t1).Seconds()
	det.backend = &BackendInfo{Command: "cbmc " + strings.Join(args, " ")}
	if run != nil {
		det.backend.Stats = run.Stats
	}
	out.Outcome = strategy.Unknown
	if err != nil {
		if ctx.Err() != nil {
			out.Reason = stopReason(ctx, c.phases.get())
		} else {
			out.Reason = "running CBMC failed: " + err.Error()
		}
		return out, nil
	}
	det.peakKB = run.PeakRSSKB
	switch run.Outcome {
	case cbmc.Success:
		out.Outcome = strategy.NoViolationFound
		if inst != nil {
			if pos, what := inst.Approximation(); what != "" {
				// A violation the approximated check misses may exist;
				// larger bounds may still find one.
				out.Approx, out.ApproxPos = "unsupported: "+what, pos
			}
		}
	case cbmc.Failure:
		c.violation(ctx, out, p, bd, run, text, sm, dir)
	case cbmc.Timeout:
		out.Reason = stopReason(ctx, c.phases.get())
		if out.Reason == "" {
			out.Reason = run.Reason
		}
	case cbmc.Crash:
		out.Reason = run.Reason
		out.Crashed = true
	default:
		out.Reason = run.Reason
	}
	return out, nil
}

// violation maps CBMC's counterexample back to the program and replays
// it: out becomes a violation, or stays unknown with the reason why not,
// or asks for a relaxed re-run.
func (c *checker) violation(ctx context.Context, out *strategy.Attempt, p strategy.Plan, bd *built, run *cbmc.Result, text []byte, sm *ir.SourceMap, dir string) {
	opt := c.opt
	m := &mapper{u: bd.Unit, sm: sm, inst: bd.Inst, res: &Result{Property: opt.Property.Name}, run: run}
	var relax *property.RelaxError
	var undef *undefinedError
	if err := m.violation(); errors.As(err, &undef) {
		// No answer: the program's behaviour is undefined there, and
		// larger bounds would reach it too.
		out.Reason, out.Pos, out.Unsupported = err.Error(), undef.Pos, true
		return
	} else if errors.As(err, &relax) && !p.Relaxed {
		// Not a violation, and one may still exist.
		out.Relax = &strategy.Relax{Progress: relax.Progress, Note: relax.Note}
		return
	} else if err != nil {
		out.Reason = "could not map CBMC's counterexample: " + err.Error()
		return
	}
	fp := run.FailedProperties()[0]
	m.res.Trace = m.sourceTrace(fp.Trace)
	choices, err := c.pinChoices, error(nil)
	if choices == nil {
		choices, err = replay.Choices(fp.Trace, bd.Unit.Prog)
	}
	if err != nil {
		out.Reason = "could not read the choices of CBMC's counterexample: " + err.Error()
		return
	}
	m.res.Saved = &SavedTrace{Format: SavedTraceFormat, LadrVersion: Version, Property: opt.Property.Name,
		Target: p.Target.String(), Model: opt.Model.String(), Bounds: p.Bounds, HeapRecorded: p.Heap, Adjacent: opt.Adjacent && !p.Bounds.Pending, SymbolicSizes: p.Complete, Choices: choices, Assertion: fp.Description,
		File: m.res.File, Line: m.res.Line,
		Defines: opt.Defines, IncludeDirs: absPaths(opt.IncludeDirs), ArgsFixed: opt.Args != nil, Args: opt.Args,
		Undefines: opt.Undefines, Includes: absPaths(opt.Includes), Std: opt.Std, Units: savedUnits(opt.Units)}
	if !opt.NoReplay {
		c.progress("replaying the violation")
		rep, err := replay.Run(ctx, text, bd.Unit.Prog, choices, replay.Options{GCC: opt.GCC, Dir: dir})
		switch {
		case err != nil && ctx.Err() != nil:
			out.Reason = stopReason(ctx, "replaying the violation CBMC reported")
			return
		case err != nil:
			out.Reason = "the violation CBMC reported could not be replayed: " + err.Error()
			return
		case !rep.Violated:
			// Either ladr's model and the compiled program differ (a
			// bug in ladr), or the path does something C leaves
			// undefined (09-regions_20-arrayloop2_rc locks a mutex one
			// past its array's end: CBMC reads an unconstrained value
			// there, the compiled program the next object's bytes).
			out.Reason = "the violation CBMC reported did not replay (a bug in ladr, or behaviour C leaves undefined, such as an access past an object's end, on its path): " + rep.Diverged
			if len(rep.ZeroedExterns) > 0 {
				// The likelier cause: CBMC chose a value the replay
				// cannot give.
				out.Reason = fmt.Sprintf("the violation CBMC reported did not replay: it may need a value of %s, declared extern and defined nowhere, which the replay sets to zero (%s)", strings.Join(rep.ZeroedExterns, ", "), rep.Diverged)
			}
			out.Refused = true
			// Only a refused counterexample asks whether recording the
			// heap may help.
			out.Allocates = replay.CallsMalloc(bd.Unit.Prog)
			return
		case rep.Message != fp.Description:
			out.Reason = fmt.Sprintf("the replay failed another assertion (%q, not %q): a bug in ladr", rep.Message, fp.Description)
			return
		}
		m.res.Confirmed = true
	}
	out.Outcome = strategy.Violation
	out.Detail.(*detail).mapped = m.res
}

// checksModelled reports whether the program has assertions that fail
// where its behaviour is undefined or not modelled (seq.KindUndefined,
// seq.KindUnmodelled, seq.KindUnmodelledCall): the instrumentation's static answer does not
// cover them, the checker must run.
func checksModelled(u *translate.Unit) bool {
	if u.Driver == nil {
		return false
	}
	for _, a := range u.Driver.Asserts {
		if a.Kind == seq.KindUndefined || a.Kind == seq.KindUnmodelled || a.Kind == seq.KindUnmodelledCall {
			return true
		}
	}
	return false
}
