package driver

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/ladr-dev/ladr/driver/cbmc"
	"github.com/ladr-dev/ladr/driver/strategy"
	"github.com/ladr-dev/ladr/driver/svcomp"
	"github.com/ladr-dev/ladr/property"
	"github.com/ladr-dev/ladr/translate/analysis/candidates"
	"github.com/ladr-dev/ladr/translate/cfront"
	"github.com/ladr-dev/ladr/translate/follow"
	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/seq"
	"github.com/ladr-dev/ladr/translate/slice"
)

// Check runs ladr on one program. The error is non-nil only for bad input
// (an *InputError), a CBMC that cannot be run (a *BackendError) or another
// failure to start; every outcome of the analysis, including "unknown", is
// a Result.
func Check(ctx context.Context, opt Options) (*Result, error) {
	start := time.Now()
	ctx, stop := context.WithCancelCause(ctx)
	defer stop(nil)
	watchMemory(ctx, stop, opt.MemoryLimitMB, 50*time.Millisecond)
	if opt.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeoutCause(ctx, opt.Timeout, &timeoutError{opt.Timeout})
		defer cancel()
	}
	phases := &phaseTracker{sink: opt.Progress}
	progress := phases.set
	if err := resolveTask(&opt); err != nil {
		return nil, err
	}
	if opt.Follow != nil && opt.Property == property.Deadlock {
		return nil, &InputError{Err: fmt.Errorf("replay --witness follows witnesses of races and reachable errors, not of %s", opt.Property.Name)}
	}
	if opt.Rounds <= 0 {
		opt.Rounds = 2
	}
	if opt.Unwind <= 0 {
		opt.Unwind = 2
	}
	res := &Result{Property: opt.Property.Name, Input: opt.Input, DataModel: opt.Model.String(), LadrVersion: Version,
		Bounds: Bounds{Rounds: opt.Rounds, Unwind: opt.Unwind, UnwindSet: opt.UnwindSet}}
	var c *checker
	finish := func() *Result {
		if res.Candidates != nil && res.Result != Unknown && !opt.Candidates && !res.Candidates.Answered {
			// Listed when the search could not answer, or when asked.
			res.Candidates = nil
		}
		if c != nil && c.keepErr != nil {
			res.Errors = append(res.Errors, c.keepErr.Error())
		}
		if c != nil {
			c.report(res)
		}
		res.TimeS = time.Since(start).Seconds()
		res.Verdict = verdictLine(res, opt.Property)
		return res
	}
	unknown := func(reason string, pos ir.Pos) *Result {
		res.Result = Unknown
		res.Reason = reason
		if pos.IsValid() {
			res.ReasonPos = pos.String()
		}
		return finish()
	}

	if len(opt.Units) > 0 {
		res.Inputs = opt.Files()
	}
	if n := len(opt.Units); n > 1 {
		progress(fmt.Sprintf("parsing and linking %d files", n))
	} else {
		progress("parsing " + opt.Input)
	}
	fe := opt.Frontend
	if fe == nil {
		fe = cfront.New()
	}
	prog, err, ok := within(ctx, func() (*ir.Program, error) {
		return opt.parse(fe)
	})
	if !ok {
		return unknown(stopReason(ctx, phases.get()), ir.Pos{}), nil
	}
	if err != nil {
		return nil, inputError(err)
	}
	if err := checkProgram(opt.Files(), prog); err != nil {
		return nil, err
	}
	res.ParseS = time.Since(start).Seconds()
	// The race candidates: a race's answer, or where the whole program
	// gets none, the slices checked for it; an assertion property's
	// slices are those of the candidates too (a violation that another
	// thread's interference causes is most often behind one).
	sliceErrors := errorOps(opt.Property.Seq)
	var cands *CandidateReport
	if (opt.Property.Seq == seq.Race || (sliceErrors != nil && opt.MaxSlices > 0 && opt.Follow == nil)) && !opt.NoCandidates {
		progress("whole-program race candidates")
		t0 := time.Now()
		facts, err := opt.facts()
		if err != nil {
			return nil, err
		}
		cr, err, ok := within(ctx, func() (*candidates.Result, error) { return candidates.AnalyzeWith(prog, facts) })
		if !ok {
			return unknown(stopReason(ctx, phases.get()), ir.Pos{}), nil
		}
		switch {
		case err != nil && opt.Property.Seq == seq.Race:
			return nil, &InputError{Err: err}
		case err == nil:
			// (An assertion property's check goes on without
			// slices.)
			cands = &CandidateReport{Result: cr, TimeS: time.Since(t0).Seconds()}
			if opt.Property.Seq == seq.Race {
				res.Candidates = cands
			}
		}
	}
	if opt.Property.LockOrder {
		progress("static lock-order analysis")
		if checkDeadlock(ctx, prog, opt, res) {
			return finish(), nil
		}
		// The search looks for what the analysis did not exclude; it
		// parses the program again.
		prog = nil
	}
	path, err := cbmc.Locate(opt.CBMC)
	if err != nil {
		return nil, &BackendError{Err: err}
	}
	var errorFuncs map[string]bool
	if cands != nil && sliceErrors != nil {
		errorFuncs = slice.ReachingErrors(prog, sliceErrors)
	}
	c = &checker{opt: opt, fe: fe, progress: progress, phases: phases, parsed: prog, candidates: cands, errorFuncs: errorFuncs,
		cbmc: &cbmc.Backend{Path: path, ILP32: opt.Model == cfront.ILP32, Args: opt.CBMCArgs, Jobs: opt.Jobs, Processes: opt.Jobs, MemoryLimitMB: opt.MemoryLimitMB}}
	if opt.Follow != nil && !opt.FixedBounds {
		progress("finding the unwinding the witness needs")
		if u := followUnwind(ctx, c.fe, opt); u > 0 {
			opt.MinBounds.Unwind = max(opt.MinBounds.Unwind, u)
		}
	}
	sched := strategy.Schedule(opt.FixedBounds, opt.Timeout > 0, Bounds{Rounds: opt.Rounds, Unwind: opt.Unwind, UnwindSet: opt.UnwindSet})
	if !opt.FixedBounds && (opt.MinBounds.Rounds > 0 || opt.MinBounds.Unwind > 0) {
		sched = strategy.From(sched, opt.MinBounds)
	} else if !opt.FixedBounds && opt.Follow == nil && opt.Property.Seq == seq.Race {
		// Cheap steps with pending checks (one search of the
		// portfolio takes them).
		c.lead = strategy.LeadSteps
	}
	wctx := ctx
	if share := opt.Timeout / strategy.WholeShare; share > 0 && c.sliceable() {
		// Slices may answer where the whole program cannot: a large
		// one yields them part of the time (when that leaves them
		// time for one).
		c.whole = &strategy.WholeProgress{}
		var cancel context.CancelFunc
		wctx, cancel = strategy.Yield(ctx, share, MinSliceTime, c.whole)
		defer cancel()
	}
	found, err := c.search(wctx, strategy.Config{
		Schedule:  sched,
		Fixed:     opt.FixedBounds,
		TimeLimit: opt.Timeout > 0,
		Target:    opt.Target, GenericFallback: opt.Property.ShadowMemory,
		StaticComplete: opt.Property.Static.Complete,
		StaticProof:    !opt.NoStaticProof,
		Progress:       progress,
		StopReason:     func(ctx context.Context) string { return stopReason(ctx, phases.get()) },
		StoppedEarly:   stoppedEarly,
	})
	if err != nil {
		return nil, err
	}
	for _, t := range found.Tries {
		res.Attempts = append(res.Attempts, Attempt{Bounds: t.Bounds, Result: t.Outcome, Reason: t.Reason, TimeS: t.TimeS, Member: t.Member})
	}
	out := found.Final
	if (out == nil || out.Outcome == Unknown) && c.sliceable() {
		// The whole program got no answer: check slices of it for the
		// race candidates.
		if v := c.slices(ctx, res); v != nil {
			out = v
		}
	}
	c.proofTaken = out != nil && out == c.proofAttempt
	if c.proofTaken && c.wholeTaken && res.Candidates != nil {
		res.Candidates.Answered = true
	}
	if out == nil {
		return unknown(stopReason(ctx, phases.get()), ir.Pos{}), nil
	}
	res.Notes = append(res.Notes, found.Notes...)
	res.Bounds = out.Plan.Bounds
	fill(res, out)
	if res.Backend != nil && found.Member != "" {
		res.Backend.Member = found.Member
	}
	if res.Saved != nil {
		res.Saved.Input = opt.Input
		if sum, err := HashFile(opt.Input); err == nil {
			res.Saved.InputSHA256 = sum
		}
	}
	if out.Outcome == Unknown {
		return unknown(out.Reason, out.Pos), nil
	}
	return finish(), nil
}

// MaxCuts bounds the cuts a result lists (Result.CutsOmitted counts the
// rest).
const MaxCuts = 1000

// fill copies the attempt reported into a result.
func fill(res *Result, o *strategy.Attempt) {
	det, _ := o.Detail.(*detail)
	if det == nil {
		det = &detail{}
	}
	res.TranslateS, res.BackendS, res.PeakMemoryKB, res.Backend = o.TranslateS, o.BackendS, det.peakKB, det.backend
	res.CheckedAccesses, res.StaticallyUnchecked = det.checks, det.pruned
	res.Notes = append(res.Notes, o.Notes...)
	if u := o.Unit; u != nil {
		for i, c := range u.Notes.Cuts {
			if i == MaxCuts {
				res.CutsOmitted = len(u.Notes.Cuts) - i
				break
			}
			res.Cuts = append(res.Cuts, fmt.Sprintf("%s: %s", c.Pos, c.What))
		}
		for _, a := range u.Notes.Assumptions {
			res.Notes = append(res.Notes, "assumed: "+a)
		}
		res.Notes = append(res.Notes, u.Notes.Inert...)
		if u.Layout != nil {
			res.VisibleStatements = u.Layout.Visible()
		}
		for _, t := range u.Prog.Threads {
			tr := ThreadRef{ID: t.ID, Name: t.Name, Function: t.Func}
			if t.CreatedAt.IsValid() {
				tr.CreatedAt = t.CreatedAt.String()
			}
			res.Threads = append(res.Threads, tr)
		}
		if f := u.Follow; f != nil {
			res.Followed = followed(u.Config.Follow, f)
		}
		for _, t := range u.Timings {
			res.Passes = append(res.Passes, PassTime{Pass: t.Pass, TimeS: t.Time.Seconds()})
		}
	}
	res.Result = o.Outcome
	res.Complete = o.Outcome == True
	if m := det.mapped; m != nil {
		res.File, res.Line, res.Column, res.Thread, res.Function, res.Message = m.File, m.Line, m.Column, m.Thread, m.Function, m.Message
		res.Race, res.Trace, res.FoundDeadlock = m.Race, m.Trace, m.FoundDeadlock
		res.Confirmed, res.Saved = m.Confirmed, m.Saved
	}
}

// followed sums up how a translation followed a witness.
func followed(spec *follow.Spec, f *follow.Result) *Followed {
	out := &Followed{Waypoints: len(spec.Waypoints), Placed: f.Placed}
	for _, s := range f.Unplaced {
		out.Unplaced = append(out.Unplaced, fmt.Sprintf("%s (line %d): %s", s.Waypoint.What, s.Waypoint.Line, s.Why))
		if s.Waypoint.HasConstraint() {
			out.ConstrainedUnplaced++
		}
	}
	for _, s := range f.Ignored {
		out.Ignored = append(out.Ignored, fmt.Sprintf("%s (line %d): %q: %s", s.Waypoint.What, s.Waypoint.Line, s.Constraint, s.Why))
	}
	return out
}

// inputError marks a parse error that is the input's fault (it does not
// parse, or cannot be read) as an *InputError.
func inputError(err error) error {
	var pe *cfront.Error
	var pathErr *os.PathError
	if errors.As(err, &pe) || errors.As(err, &pathErr) {
		return &InputError{Err: err}
	}
	return err
}

// resolveTask fills input, model and property from an SV-COMP task.
func resolveTask(opt *Options) error {
	if opt.Task != "" {
		t, err := svcomp.Load(opt.Task)
		if err != nil {
			return &InputError{Err: err}
		}
		if len(t.Inputs) == 0 {
			return &InputError{Err: fmt.Errorf("%s: the task has no input file", opt.Task)}
		}
		if opt.Input != "" && !sameFile(opt.Input, t.Inputs[0]) {
			// Only the task's own input file may be named as well.
			return &InputError{Err: fmt.Errorf("give either --task or an input file, not both (%s is not the task's input file %s)", opt.Input, t.Inputs[0])}
		}
		opt.Input = t.Inputs[0]
		if len(t.Inputs) > 1 {
			// A task of several files: its units, linked.
			opt.Units = nil
			for _, in := range t.Inputs {
				opt.Units = append(opt.Units, cfront.Unit{File: in})
			}
		}
		if opt.Model == 0 {
			switch t.DataModel {
			case "ILP32":
				opt.Model = cfront.ILP32
			case "LP64":
				opt.Model = cfront.LP64
			}
		}
		if opt.Property, err = taskProperty(t, opt.Property); err != nil {
			return err
		}
		// The task's defines and include directories come first, the
		// command line's after (a later -D wins); --args replaces the
		// task's args.
		opt.Defines = append(slices.Clip(t.Defines), opt.Defines...)
		opt.IncludeDirs = append(slices.Clip(t.IncludeDirs), opt.IncludeDirs...)
		if opt.Args == nil && t.ArgsSet {
			opt.Args = t.Args
		}
	}
	if len(opt.Units) > 0 {
		if opt.Input != "" && !sameFile(opt.Input, opt.Units[0].File) {
			return &InputError{Err: fmt.Errorf("the input %s is not the first unit's file %s", opt.Input, opt.Units[0].File)}
		}
		opt.Input = opt.Units[0].File
	}
	if opt.Input == "" {
		return &InputError{Err: errors.New("no input file")}
	}
	seen := map[string]string{}
	for _, in := range opt.Files() {
		if _, err := os.Stat(in); err != nil {
			return &InputError{Err: err}
		}
		if abs, err := filepath.Abs(in); err == nil {
			if first, dup := seen[abs]; dup {
				return &InputError{Err: fmt.Errorf("%s is given twice (as %s and %s)", abs, first, in)}
			}
			seen[abs] = in
		}
		if strings.HasSuffix(in, ".i") && (len(opt.Defines) > 0 || len(opt.IncludeDirs) > 0 || len(opt.Undefines) > 0 || len(opt.Includes) > 0 || opt.Std != "") {
			return &InputError{Err: fmt.Errorf("%s is already preprocessed: -D, -I, -U, -include and --std (defines, include_dirs) apply only to .c inputs", in)}
		}
	}
	if opt.Std != "" && !cfront.KnownStd(opt.Std) {
		return &InputError{Err: fmt.Errorf("unknown --std %q (want a C standard as gcc names it: c99, gnu11, ...)", opt.Std)}
	}
	for _, u := range append(slices.Clip(opt.Undefines), unitUndefines(opt.Units)...) {
		if !isIdentifier(u) {
			return &InputError{Err: fmt.Errorf("bad undefine %q: want a C identifier", u)}
		}
	}
	for _, d := range opt.Defines {
		if name, _, _ := strings.Cut(d, "="); !isIdentifier(name) {
			return &InputError{Err: fmt.Errorf("bad define %q: want NAME or NAME=VALUE, NAME a C identifier", d)}
		}
	}
	if opt.Property == nil {
		opt.Property = property.Default
	}
	if opt.Model == 0 {
		if strings.HasSuffix(opt.Input, ".i") {
			opt.Model = cfront.ILP32
		} else {
			opt.Model = cfront.LP64
		}
	}
	return nil
}

// facts reads the user's facts: the facts files', and those stated in
// comments of the input files (/* ladr: singleton worker */).
func (opt Options) facts() ([]candidates.Fact, error) {
	var out []candidates.Fact
	for _, path := range opt.FactsFiles {
		text, err := os.ReadFile(path)
		if err != nil {
			return nil, &InputError{Err: fmt.Errorf("reading the facts: %w", err)}
		}
		fs, err := candidates.ParseFacts(path, text)
		if err != nil {
			return nil, &InputError{Err: err}
		}
		out = append(out, fs...)
	}
	for _, in := range opt.Files() {
		text, err := os.ReadFile(in)
		if err != nil {
			return nil, &InputError{Err: err}
		}
		fs, err := candidates.SourceFacts(in, text)
		if err != nil {
			return nil, &InputError{Err: err}
		}
		out = append(out, fs...)
	}
	return out, nil
}

// unitUndefines are the -U names of units.
func unitUndefines(units []cfront.Unit) []string {
	var us []string
	for _, u := range units {
		us = append(us, u.Undefines...)
	}
	return us
}

// isIdentifier reports whether s is a C identifier.
func isIdentifier(s string) bool {
	for i, c := range s {
		if !(c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || i > 0 && '0' <= c && c <= '9') {
			return false
		}
	}
	return s != ""
}

// verdictLine returns the SV-COMP verdict for a result of checking p.
func verdictLine(r *Result, p *property.Property) string {
	switch r.Result {
	case Violation:
		return p.Verdict()
	case True:
		return "TRUE"
	}
	return "UNKNOWN"
}

// threadOf returns the thread whose simulation function is named fn.
func threadOf(prog *ir.Program, fn string) *ir.Thread {
	for _, f := range prog.Funcs {
		if f.Name == fn && f.Thread != nil {
			return f.Thread
		}
	}
	return nil
}

// maxFollowUnwind is the largest unwinding followUnwind tries.
const maxFollowUnwind = 64

// followUnwind returns the least unwinding at which some execution of the
// bounded program can pass the waypoints of opt.Follow in order (the
// follow pass finds no Result.Short), found by translating up to that pass
// only; 0 when none up to maxFollowUnwind can, or the translation fails.
// Fewer copies of a line never let more runs of a witness pass it, so the
// search doubles, then halves the interval.
func followUnwind(ctx context.Context, fe *cfront.Frontend, opt Options) int {
	fits := func(u int) (bool, bool) {
		bd, err := build(ctx, fe, opt, buildPlan{Target: opt.Target, Bounds: Bounds{Rounds: 2, Unwind: u, UnwindSet: opt.UnwindSet}, StopAfter: "follow"})
		if err != nil || bd.Err != nil || bd.Unit == nil || bd.Unit.Follow == nil {
			return false, false
		}
		return bd.Unit.Follow.Short == nil, true
	}
	// Doubling from the schedule's first unwinding, then halving: a
	// short witness never pays for a translation at large bounds.
	lo, hi := 1, 2 // lo does not fit, hi is tried
	for {
		ok, built := fits(hi)
		if !built || ctx.Err() != nil {
			return 0
		}
		if ok {
			break
		}
		if hi >= maxFollowUnwind {
			return 0
		}
		lo, hi = hi, min(2*hi, maxFollowUnwind)
	}
	for hi-lo > 1 && ctx.Err() == nil {
		mid := (lo + hi) / 2
		if ok, _ := fits(mid); ok {
			hi = mid
		} else {
			lo = mid
		}
	}
	return hi
}
