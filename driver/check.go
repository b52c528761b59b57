// Package driver runs ladr's pipeline on a C program: it parses it,
// translates it into a bounded sequential program (package translate, with
// the race instrumentation of package shadow), runs CBMC on the result
// (package cbmc), and maps CBMC's verdict and counterexample back to the
// original program.
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
	"github.com/ladr-dev/ladr/driver/svcomp"
	"github.com/ladr-dev/ladr/property"
	"github.com/ladr-dev/ladr/translate"
	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/cfront"
	"github.com/ladr-dev/ladr/translate/ir"
)

// genericHarness makes CBMC check a program in SV-COMP conventions: a call
// of reach_error() fails.
const genericHarness = `
/* ladr: harness for checking the generic output with CBMC */
void reach_error(void) { __CPROVER_assert(0, "ladr:reach_error"); }
void __VERIFIER_assume(int cond) { __CPROVER_assume(cond); }
`

// Version is ladr's version.
const Version = "0.1.0"

// Options configure a check.
type Options struct {
	// Input is the C file (.c, or preprocessed .i).
	Input string
	// Task is an SV-COMP task definition; it gives the input, the data model
	// and (when Property is nil) the property.
	Task string
	// Property is what to check (nil: the task's, else property.Default).
	Property *property.Property
	// Model is the data model (0: from the task; else ILP32 for .i files and
	// LP64 for .c files).
	Model     cfront.Model
	Rounds    int
	Unwind    int
	UnwindSet map[string]int
	Target    translate.Target
	// Timeout bounds the whole check (0: none).
	Timeout       time.Duration
	MemoryLimitMB int
	// CBMC is the path of cbmc ("" to look it up).
	CBMC string
	// CBMCArgs are extra options for CBMC.
	CBMCArgs []string
	// FixedBounds makes ladr use exactly Rounds and Unwind; otherwise, with
	// a Timeout, it tries increasing bounds (DefaultSchedule) until the time
	// is up and reports the largest bounds it completed.
	FixedBounds bool
	// Jobs is the number of CBMC processes run at once (0: 1).
	Jobs int
	// Keep, when set, is where the sequentialized program is written.
	Keep string
	// Progress receives phase changes (may be nil).
	Progress func(phase string)
	// Frontend is reused across checks when set.
	Frontend *cfront.Frontend
	// NoReplay skips the concrete re-execution of a violation (by default
	// every violation is replayed and reported only when it is confirmed).
	NoReplay bool
	// GCC is the C compiler replay uses ("" for gcc from PATH).
	GCC string
}

// InputError is an error in the user's input (a missing file, a file that
// does not parse, a bad task): the CLI exits with code 2.
type InputError struct{ Err error }

func (e *InputError) Error() string { return e.Err.Error() }
func (e *InputError) Unwrap() error { return e.Err }

// Result is the outcome of a check.
type Result struct {
	Result string `json:"result"` // violation, no-violation-found, true, unknown
	// Property is the name of the property checked (property.Lookup).
	Property          string      `json:"property"`
	Verdict           string      `json:"verdict"` // SV-COMP verdict line
	Bounds            Bounds      `json:"bounds"`
	Reason            string      `json:"reason,omitempty"`
	ReasonPos         string      `json:"reason_location,omitempty"`
	TimeS             float64     `json:"time_s"`
	TranslateS        float64     `json:"translate_s"`
	BackendS          float64     `json:"backend_s"`
	VisibleStatements int         `json:"visible_statements"`
	Threads           []ThreadRef `json:"threads,omitempty"`
	File              string      `json:"file,omitempty"`
	Line              int         `json:"line,omitempty"`
	Column            int         `json:"column,omitempty"`
	Thread            string      `json:"thread,omitempty"`
	Function          string      `json:"function,omitempty"`
	Message           string      `json:"message,omitempty"`
	Race              *DataRace   `json:"race,omitempty"`
	Trace             []Step      `json:"trace,omitempty"`
	PeakMemoryKB      int64       `json:"peak_memory_kb,omitempty"`
	// Confirmed is true when replay re-executed the violation concretely.
	Confirmed bool `json:"confirmed,omitempty"`
	// Complete is true when the bounds cover every behaviour of the
	// program (result "true").
	Complete bool `json:"complete,omitempty"`
	// Saved is what replaying the violation later needs (--save-trace).
	Saved *SavedTrace `json:"-"`
	Cuts  []string    `json:"cuts,omitempty"`
	Notes []string    `json:"notes,omitempty"`
	// Errors are failures that leave the result valid: an output file
	// (--keep, and in the CLI --witness or --save-trace) that could not be
	// written.
	Errors   []string  `json:"errors,omitempty"`
	Attempts []Attempt `json:"attempts,omitempty"`
	Input    string    `json:"input"`
	// DataModel is ILP32 or LP64.
	DataModel   string `json:"data_model"`
	Backend     string `json:"backend,omitempty"`
	LadrVersion string `json:"ladr_version"`
}

// Bounds are the bounds of a check.
type Bounds struct {
	Rounds    int            `json:"rounds"`
	Unwind    int            `json:"unwind"`
	UnwindSet map[string]int `json:"unwindset,omitempty"`
}

// ThreadRef describes a thread of the bounded program.
type ThreadRef struct {
	ID        int    `json:"id"`
	Name      string `json:"name"`
	Function  string `json:"function"`
	CreatedAt string `json:"created_at,omitempty"`
}

// DataRace describes a data race: the location and the two accesses.
type DataRace struct {
	Location string   `json:"location"`
	Accesses []Access `json:"accesses"`
}

// Access is one of the two racing accesses.
type Access struct {
	Kind            string `json:"kind"` // read or write
	File            string `json:"file"`
	Line            int    `json:"line"`
	Column          int    `json:"column"`
	Function        string `json:"function"`
	Thread          string `json:"thread"`
	ThreadCreatedAt string `json:"thread_created_at,omitempty"`
	Lvalue          string `json:"lvalue,omitempty"`
	Source          string `json:"source,omitempty"`
	Atomic          bool   `json:"atomic,omitempty"`
}

// Step is one step of a counterexample in terms of the original program.
type Step struct {
	// Thread is the thread's name (main, T1, ...) and ThreadID its number
	// (0 is main).
	Thread   string `json:"thread"`
	ThreadID int    `json:"thread_id"`
	File     string `json:"file,omitempty"`
	Line     int    `json:"line,omitempty"`
	Column   int    `json:"column,omitempty"`
	// Function is the original function the statement belongs to (after
	// inlining, the callee's name).
	Function string `json:"function,omitempty"`
	Source   string `json:"source,omitempty"`
	// Kind is statement, context-switch, nondet, create, join, lock,
	// unlock, access (one of the two racing accesses) or violation.
	Kind   string `json:"kind"`
	Detail string `json:"detail,omitempty"`
	// Values are the assignments of the step to program variables.
	Values []Value `json:"values,omitempty"`
	// CreatedThread is, for a create step, the name and number of the
	// thread created.
	CreatedThread   string `json:"created_thread,omitempty"`
	CreatedThreadID int    `json:"created_thread_id,omitempty"`
}

// Value is one assignment in a step: an lvalue and the value written.
type Value struct {
	Lvalue string `json:"lvalue"`
	Value  string `json:"value"`
}

// Check runs ladr on one program. The error is non-nil only for bad input
// (an *InputError) or a failure to start; every outcome of the analysis,
// including "unknown", is a Result.
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
		if c != nil && c.keepErr != nil {
			res.Errors = append(res.Errors, c.keepErr.Error())
		}
		res.TimeS = time.Since(start).Seconds()
		res.Verdict = verdictLine(res, opt.Property)
		return res
	}
	unknown := func(reason string, pos ir.Pos) *Result {
		res.Result = "unknown"
		res.Reason = reason
		if pos.IsValid() {
			res.ReasonPos = pos.String()
		}
		return finish()
	}

	progress("parsing " + opt.Input)
	fe := opt.Frontend
	if fe == nil {
		fe = cfront.New()
	}
	prog, err, ok := within(ctx, func() (*ir.Program, error) {
		return fe.ParseFile(opt.Input, cfront.Options{Model: opt.Model})
	})
	if !ok {
		return unknown(stopReason(ctx, phases.get()), ir.Pos{}), nil
	}
	if err != nil {
		return nil, inputError(err)
	}
	if err := checkProgram(opt.Input, prog); err != nil {
		return nil, err
	}
	path, err := cbmc.Locate(opt.CBMC)
	if err != nil {
		return nil, err
	}
	c = &checker{opt: opt, fe: fe, cbmc: path, progress: progress, phases: phases}
	var best, last *outcome
loop:
	for _, b := range opt.schedule() {
		if ctx.Err() != nil {
			break
		}
		if best != nil && best.u != nil && len(best.u.Notes.Cuts) == 0 && b.Rounds <= best.bounds.Rounds {
			// Nothing was cut: a larger unwinding bound alone explores
			// nothing new.
			continue
		}
		out, err := c.try(ctx, res, b)
		if err != nil {
			return nil, err
		}
		switch {
		case out.result == "violation" || out.unsupported:
			last = out
			best = nil
			break loop
		case out.result == "no-violation-found":
			best = out
			if out.static && len(out.u.Notes.Cuts) == 0 {
				// Nothing was cut and nothing can race: larger bounds
				// add nothing.
				break loop
			}
		default:
			// A timeout, or CBMC failed at these bounds: larger bounds will
			// not do better.
			last = out
			break loop
		}
	}
	if best == nil && last == nil {
		return unknown(stopReason(ctx, phases.get()), ir.Pos{}), nil
	}
	out := best
	if out == nil {
		out = last
	} else if last != nil {
		res.Notes = append(res.Notes, fmt.Sprintf("larger bounds (rounds %d, unwind %d) did not complete: %s", last.bounds.Rounds, last.bounds.Unwind, last.reason))
	}
	if out.result == "no-violation-found" {
		if full := c.complete(ctx, out); full != nil {
			out = full
		} else if last == nil {
			more, failed := c.moreRounds(ctx, res, out)
			out = more
			if failed != nil {
				res.Notes = append(res.Notes, fmt.Sprintf("larger bounds (rounds %d, unwind %d) did not complete: %s", failed.bounds.Rounds, failed.bounds.Unwind, failed.reason))
			}
		}
	}
	if out.result == "no-violation-found" && stoppedEarly(ctx) {
		// Interrupted, or out of memory: the bounds completed so far are
		// no answer the user asked for.
		res.Notes = append(res.Notes, fmt.Sprintf("no violation found within the bounds completed before (rounds %d, unwind %d)", out.bounds.Rounds, out.bounds.Unwind))
		out.result, out.unsupported = "unknown", false
		out.reason, out.pos = stopReason(ctx, phases.get()), ir.Pos{}
	}
	if out.result == "no-violation-found" && out.approx != "" {
		// No race found, but an access that may race was not fully
		// checked.
		out.result, out.unsupported = "unknown", true
		out.reason, out.pos = out.approx, out.approxPos
	}
	res.Bounds = out.bounds
	out.fill(res)
	if res.Saved != nil {
		res.Saved.Input = opt.Input
		if sum, err := HashFile(opt.Input); err == nil {
			res.Saved.InputSHA256 = sum
		}
	}
	if out.result == "unknown" {
		return unknown(out.reason, out.pos), nil
	}
	return finish(), nil
}

// try runs one attempt at bounds b and records it in res.Attempts.
func (c *checker) try(ctx context.Context, res *Result, b Bounds) (*outcome, error) {
	out, err := c.attemptWithFallback(ctx, b)
	if err != nil {
		return nil, err
	}
	out.bounds = b
	res.Attempts = append(res.Attempts, Attempt{Bounds: b, Result: out.result, Reason: out.reason, TimeS: out.translateS + out.backendS})
	return out, nil
}

// moreRounds raises the rounds of a check that cut nothing (only more
// rounds can find more there), by half each time while the time allows, up
// to the number that covers every interleaving. It returns the outcome with
// the largest bounds that completed (a violation ends the search) and the
// attempt that did not complete, if any.
func (c *checker) moreRounds(ctx context.Context, res *Result, best *outcome) (*outcome, *outcome) {
	for !c.opt.FixedBounds && c.opt.Timeout > 0 && ctx.Err() == nil && !best.static && best.u != nil && best.u.Layout != nil &&
		len(best.u.Notes.Cuts) == 0 && best.bounds.Rounds <= best.u.Layout.Visible() {
		b := best.bounds
		b.Rounds = min(b.Rounds+max(b.Rounds/2, 2), best.u.Layout.Visible()+1)
		c.progress(fmt.Sprintf("nothing was cut: more rounds (%d)", b.Rounds))
		out, err := c.try(ctx, res, b)
		if err != nil {
			return best, nil
		}
		switch {
		case out.result == "violation":
			return out, nil
		case out.result == "no-violation-found":
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
// cut, no modelling assumption was made): then a check with one round more
// than the number of visible statements covers every interleaving (each
// maximal run of one thread's visible statements needs at most one round),
// and CBMC's --unwinding-assertions proves that CBMC's own library loops
// were unwound enough. It returns the outcome of that check when it proves
// the property ("true") or finds a violation, else nil.
func (c *checker) complete(ctx context.Context, last *outcome) *outcome {
	u := last.u
	if u == nil || u.Layout == nil || len(u.Notes.Cuts) > 0 || len(u.Notes.Assumptions) > 0 || last.approx != "" || ctx.Err() != nil {
		return nil
	}
	if last.static {
		// No access can race, in a bounded program that lost nothing.
		out := *last
		out.result = "true"
		out.notes = append(append([]string{}, last.notes...), c.opt.Property.Static.Complete)
		return &out
	}
	rounds := u.Layout.Visible() + 1
	if rounds > maxCompleteRounds || (c.opt.Timeout == 0 && rounds > 12) {
		return nil
	}
	if c.opt.FixedBounds && last.bounds.Rounds < rounds {
		// The user fixed the bounds: they are not raised.
		return nil
	}
	b := last.bounds
	b.Rounds = max(rounds, b.Rounds)
	c.progress(fmt.Sprintf("proving completeness (rounds %d)", b.Rounds))
	saved := c.opt.CBMCArgs
	c.opt.CBMCArgs = append(append([]string{}, saved...), "--unwinding-assertions")
	defer func() { c.opt.CBMCArgs = saved }()
	out, err := c.attempt(ctx, last.target, b, last.heap)
	if err != nil || out.u == nil {
		return nil
	}
	out.bounds = b
	switch {
	case out.result == "violation":
		return out
	case out.result == "no-violation-found" && out.approx == "" && len(out.u.Notes.Cuts) == 0 && len(out.u.Notes.Assumptions) == 0:
		out.result = "true"
		out.notes = append(out.notes, fmt.Sprintf("complete: every loop fully unwound, no recursion cut, %d visible statements and %d rounds cover every interleaving, CBMC's unwinding assertions hold", u.Layout.Visible(), b.Rounds))
		return out
	}
	return nil
}

// Attempt records one run at some bounds.
type Attempt struct {
	Bounds Bounds  `json:"bounds"`
	Result string  `json:"result"`
	Reason string  `json:"reason,omitempty"`
	TimeS  float64 `json:"time_s"`
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

// schedule returns the bounds to try, in order.
func (o *Options) schedule() []Bounds {
	if o.FixedBounds {
		return []Bounds{{Rounds: o.Rounds, Unwind: o.Unwind, UnwindSet: o.UnwindSet}}
	}
	sched := DefaultSchedule
	if o.Timeout == 0 {
		// Without a time limit, stop at moderate bounds.
		sched = sched[:3]
	}
	var out []Bounds
	for _, b := range sched {
		b.UnwindSet = o.UnwindSet
		out = append(out, b)
	}
	return out
}

// attemptWithFallback runs one attempt. When its counterexample does not
// replay and the program allocates memory, it checks again with the
// initial heap bytes recorded (CBMC's trace does not show them). When CBMC
// crashes on the shadow-memory encoding, or its counterexample still does
// not replay, a race check runs again with the generic encoding.
func (c *checker) attemptWithFallback(ctx context.Context, b Bounds) (*outcome, error) {
	out, err := c.attempt(ctx, c.opt.Target, b, false)
	if err != nil || ctx.Err() != nil {
		return out, err
	}
	if out.refused && out.u != nil && replay.CallsMalloc(out.u.Prog) {
		c.progress("the replay refused CBMC's counterexample; checking again with the heap's initial bytes recorded")
		out2, err := c.attempt(ctx, c.opt.Target, b, true)
		if err != nil {
			return nil, err
		}
		out = retried(out, out2, "the first counterexample did not replay ("+out.reason+"); checked again with the initial bytes of malloc'd objects recorded")
	}
	if c.opt.Target != translate.CBMC || !c.opt.Property.ShadowMemory || ctx.Err() != nil || (!out.crashed && !out.refused && !out.needsGeneric) {
		return out, nil
	}
	// CBMC 6.6's shadow memory has invariant violations on some programs,
	// and on a few it gives counterexamples the replay refuses: check
	// again with the generic encoding, which does not use it. It also
	// cannot check a region whose size is only known at run time.
	what := "crashed on"
	switch {
	case out.refused:
		what = "gave a counterexample the replay refused with"
	case out.needsGeneric:
		what = "cannot check an access with"
	}
	c.progress("CBMC " + what + " the shadow-memory encoding; checking again with the generic encoding")
	out2, err := c.attempt(ctx, translate.Generic, b, out.heap)
	if err != nil {
		return nil, err
	}
	return retried(out, out2, "CBMC "+what+" the shadow-memory encoding ("+out.reason+"); used the generic encoding"), nil
}

// retried returns next, the outcome of checking again after out, with
// out's time added and a note saying why.
func retried(out, next *outcome, note string) *outcome {
	next.notes = append(next.notes, note)
	next.translateS += out.translateS
	next.backendS += out.backendS
	return next
}

func inputError(err error) error {
	var pe *cfront.Error
	var pathErr *os.PathError
	if errors.As(err, &pe) || errors.As(err, &pathErr) {
		return &InputError{Err: err}
	}
	return err
}

// checker runs attempts: translate with some settings and run CBMC.
type checker struct {
	opt      Options
	fe       *cfront.Frontend
	cbmc     string
	progress func(string)
	phases   *phaseTracker
	// noRelease: a release assertion failed; releases are left unchecked
	// from then on (ReleaseChecker).
	noRelease bool
	// keepErr: writing Options.Keep failed (the check goes on; the result
	// reports it, and later attempts do not try again).
	keepErr error
}

// outcome is the result of one attempt.
type outcome struct {
	result     string // violation, no-violation-found, unknown
	reason     string
	pos        ir.Pos
	crashed    bool // CBMC crashed (invariant violation)
	refused    bool // the replay refused CBMC's counterexample
	u          *translate.Unit
	translateS float64
	backendS   float64
	peakKB     int64
	backend    string
	notes      []string
	mapped     *Result // violation details
	bounds     Bounds
	target     translate.Target
	heap       bool // the program recorded the heap's initial bytes
	// unsupported: the program uses a construct ladr does not model (no
	// other bounds help); final: the result cannot change with other bounds.
	unsupported bool
	final       bool
	// approx, when set, says why a no-violation-found result is not
	// evidence (an access that may race is checked only in part, or not
	// at all: approxPos); larger bounds may still find a race, and the
	// final result is unknown if none does.
	approx    string
	approxPos ir.Pos
	// static: the race instrumentation checks no access, so no race is
	// possible in the bounded program (CBMC did not run).
	static bool
	// needsGeneric: the cbmc target cannot check an access (a library
	// call's region of symbolic size); the generic one can.
	needsGeneric bool
}

// markIncomplete makes a no-violation-found outcome no evidence when the
// bounded program lacks behaviours of the original whatever the bounds
// (Notes.Incomplete, e.g. an atomic access weaker than seq_cst): larger
// bounds may still find a violation, and the final result is unknown if
// none does. A violation found stands.
func (o *outcome) markIncomplete() {
	if o.result != "no-violation-found" || o.u == nil || len(o.u.Notes.Incomplete) == 0 {
		return
	}
	inc := o.u.Notes.Incomplete
	for _, c := range inc {
		o.notes = append(o.notes, fmt.Sprintf("not explored: %s: %s", c.Pos, c.What))
	}
	if o.approx != "" {
		return
	}
	o.approx, o.approxPos = "unsupported: "+inc[0].What, inc[0].Pos
	if len(inc) > 1 {
		o.approx += fmt.Sprintf(" (and %d more such construct(s))", len(inc)-1)
	}
}

// fill copies an outcome into a result.
func (o *outcome) fill(res *Result) {
	res.TranslateS, res.BackendS, res.PeakMemoryKB, res.Backend = o.translateS, o.backendS, o.peakKB, o.backend
	res.Notes = append(res.Notes, o.notes...)
	if u := o.u; u != nil {
		for _, c := range u.Notes.Cuts {
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
	}
	res.Result = o.result
	res.Complete = o.result == "true"
	if m := o.mapped; m != nil {
		res.File, res.Line, res.Column, res.Thread, res.Function, res.Message = m.File, m.Line, m.Column, m.Thread, m.Function, m.Message
		res.Race, res.Trace = m.Race, m.Trace
		res.Confirmed, res.Saved = m.Confirmed, m.Saved
	}
}

// attempt translates the program for target and runs CBMC on it.
func (c *checker) attempt(ctx context.Context, target translate.Target, b Bounds, heap bool) (*outcome, error) {
	opt := c.opt
	out := &outcome{target: target, heap: heap}
	c.progress(fmt.Sprintf("translating (rounds %d, unwind %d)", b.Rounds, b.Unwind))
	prog, err := c.fe.ParseFile(opt.Input, cfront.Options{Model: opt.Model})
	if err != nil {
		return nil, inputError(err)
	}
	t0 := time.Now()
	cfg, inst := translateConfig(opt, target, b)
	if inst != nil && c.noRelease {
		inst.Relax()
	}
	u, err, done := within(ctx, func() (*translate.Unit, error) {
		return translate.Run(prog, cfg, inst, translate.RunOptions{})
	})
	out.translateS = time.Since(t0).Seconds()
	if !done {
		// Large bounds can make the bounded program huge: the time limit
		// holds for the translation too.
		out.result, out.reason = "unknown", stopReason(ctx, c.phases.get())
		return out, nil
	}
	out.u = u
	if err != nil {
		out.result = "unknown"
		var ue *bound.UnsupportedError
		out.unsupported = true
		if inst != nil && inst.NeedsGeneric(err) && target != translate.Generic {
			out.unsupported, out.needsGeneric = false, true
			out.reason = err.Error()
		} else if errors.As(err, &ue) {
			out.reason, out.pos = "unsupported: "+ue.What, ue.Pos
		} else {
			out.reason = "translation failed: " + err.Error()
		}
		return out, nil
	}
	if heap {
		opt.CBMCArgs = append(replay.HeapCBMCArgs(), opt.CBMCArgs...)
	}
	printed, text, sm, err := programText(u, target, heap)
	if err != nil {
		out.result, out.reason = "unknown", err.Error()
		return out, nil
	}
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
	if inst != nil && inst.Checks() == 0 {
		if pos, what := inst.Approximation(); what != "" {
			out.result, out.unsupported = "unknown", true
			out.reason, out.pos = "unsupported: "+what, pos
			return out, nil
		}
		out.result, out.static = "no-violation-found", true
		out.notes = append(out.notes, opt.Property.Static.Note)
		out.markIncomplete()
		return out, nil
	}
	c.progress(fmt.Sprintf("running CBMC (rounds %d, unwind %d)", b.Rounds, b.Unwind))
	t1 := time.Now()
	run, args, err := c.portfolio(ctx, opt, b, dir, seqFile)
	out.backendS = time.Since(t1).Seconds()
	out.backend = "cbmc " + strings.Join(args, " ")
	out.result = "unknown"
	if err != nil {
		if ctx.Err() != nil {
			out.reason = stopReason(ctx, c.phases.get())
		} else {
			out.reason = "running CBMC failed: " + err.Error()
		}
		return out, nil
	}
	out.peakKB = run.PeakRSSKB
	switch run.Outcome {
	case cbmc.Success:
		out.result = "no-violation-found"
		if inst != nil {
			if pos, what := inst.Approximation(); what != "" {
				// A race the approximated check misses may exist; larger
				// bounds may still find one.
				out.approx, out.approxPos = "unsupported: "+what, pos
			}
		}
		out.markIncomplete()
	case cbmc.Failure:
		m := &mapper{u: u, sm: sm, inst: inst, res: &Result{Property: opt.Property.Name}, run: run}
		var relax *property.RelaxError
		if err := m.violation(); errors.As(err, &relax) && !c.noRelease {
			// Not a violation, and one may still exist: check again with
			// the check relaxed, at these bounds and the larger ones
			// (which contain these behaviours).
			c.noRelease = true
			c.progress(relax.Progress)
			next, err := c.attempt(ctx, target, b, heap)
			if err != nil || next == nil {
				return next, err
			}
			return retried(out, next, relax.Note), nil
		} else if err != nil {
			out.reason = "could not map CBMC's counterexample: " + err.Error()
			return out, nil
		}
		p := run.FailedProperties()[0]
		m.res.Trace = m.sourceTrace(p.Trace)
		choices, err := replay.Choices(p.Trace)
		if err != nil {
			out.reason = "could not read the choices of CBMC's counterexample: " + err.Error()
			return out, nil
		}
		m.res.Saved = &SavedTrace{Format: SavedTraceFormat, LadrVersion: Version, Property: opt.Property.Name,
			Target: target.String(), Model: opt.Model.String(), Bounds: b, HeapRecorded: heap, Choices: choices, Assertion: p.Description,
			File: m.res.File, Line: m.res.Line}
		if !opt.NoReplay {
			c.progress("replaying the violation")
			rep, err := replay.Run(ctx, text, u.Prog, choices, replay.Options{GCC: opt.GCC, Dir: dir})
			switch {
			case err != nil && ctx.Err() != nil:
				out.reason = stopReason(ctx, "replaying the violation CBMC reported")
				return out, nil
			case err != nil:
				out.reason = "the violation CBMC reported could not be replayed: " + err.Error()
				return out, nil
			case !rep.Violated:
				out.reason = "the violation CBMC reported did not replay (a bug in ladr): " + rep.Diverged
				out.refused = true
				return out, nil
			case rep.Message != p.Description:
				out.reason = fmt.Sprintf("the replay failed another assertion (%q, not %q): a bug in ladr", rep.Message, p.Description)
				return out, nil
			}
			m.res.Confirmed = true
		}
		out.result = "violation"
		out.mapped = m.res
	case cbmc.Timeout:
		out.reason = stopReason(ctx, c.phases.get())
		if out.reason == "" {
			out.reason = run.Reason
		}
	case cbmc.Crash:
		out.reason = run.Reason
		out.crashed = true
	default:
		out.reason = run.Reason
	}
	return out, nil
}

// variants are the CBMC configurations run concurrently on one program:
// they decide the same formula, so the first answer is the answer. Large
// arrays are much faster with uninterpreted functions, small ones without.
var variants = [][]string{nil, {"--arrays-uf-always"}}

// portfolio runs the CBMC variants on file, up to opt.Jobs at once, and
// returns the first conclusive run (success or failure), or else the first.
func (c *checker) portfolio(ctx context.Context, opt Options, b Bounds, dir, file string) (*cbmc.Result, []string, error) {
	n := len(variants)
	if opt.Jobs < n {
		n = max(opt.Jobs, 1)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type done struct {
		run  *cbmc.Result
		args []string
		err  error
	}
	ch := make(chan done, n)
	for i := 0; i < n; i++ {
		args := append(cbmcArgs(opt, b), variants[i]...)
		go func() {
			run, err := cbmc.Run(ctx, cbmc.Options{Path: c.cbmc, Args: args, MemoryLimitMB: opt.MemoryLimitMB, Dir: dir}, file)
			if err == nil && run.Outcome == cbmc.Error && strings.Contains(run.Reason, "too many addressed objects") {
				// CBMC's default leaves 8 bits of a pointer for the object.
				args = append(args, "--object-bits", "16")
				run, err = cbmc.Run(ctx, cbmc.Options{Path: c.cbmc, Args: args, MemoryLimitMB: opt.MemoryLimitMB, Dir: dir}, file)
			}
			ch <- done{run, args, err}
		}()
	}
	var first *done
	for i := 0; i < n; i++ {
		d := <-ch
		if d.err == nil && d.run != nil && (d.run.Outcome == cbmc.Success || d.run.Outcome == cbmc.Failure) {
			cancel()
			for j := i + 1; j < n; j++ {
				<-ch
			}
			return d.run, d.args, nil
		}
		if first == nil || first.err != nil {
			dd := d
			first = &dd
		}
	}
	return first.run, first.args, first.err
}

func cbmcArgs(opt Options, b Bounds) []string {
	args := []string{"--no-standard-checks", "--no-built-in-assertions", "--stop-on-fail", "--trace", "--unwind", fmt.Sprint(max(b.Unwind, 1) + 1)}
	if opt.Model == cfront.ILP32 {
		args = append(args, "--32")
	} else {
		args = append(args, "--64")
	}
	return append(args, opt.CBMCArgs...)
}

// translateConfig returns the translation settings of opt for target at
// bounds b, with the property's instrumentation (nil when it has none).
func translateConfig(opt Options, target translate.Target, b Bounds) (translate.Config, property.Instrumentation) {
	cfg := translate.Config{
		Model: opt.Model, Rounds: b.Rounds, Target: target,
		Limits:   bound.Limits{Unwind: b.Unwind, UnwindSet: b.UnwindSet},
		Property: opt.Property.Seq,
	}
	if opt.Property.Instrumentation == nil {
		return cfg, nil
	}
	return cfg, opt.Property.Instrumentation(target)
}

// resolveTask fills input, model and property from an SV-COMP task.
func resolveTask(opt *Options) error {
	if opt.Task != "" {
		t, err := svcomp.Load(opt.Task)
		if err != nil {
			return &InputError{Err: err}
		}
		if len(t.Inputs) != 1 {
			return &InputError{Err: fmt.Errorf("%s: ladr handles tasks with one input file, this one has %d", opt.Task, len(t.Inputs))}
		}
		if opt.Input != "" && !sameFile(opt.Input, t.Inputs[0]) {
			// Only the task's own input file may be named as well.
			return &InputError{Err: fmt.Errorf("give either --task or an input file, not both (%s is not the task's input file %s)", opt.Input, t.Inputs[0])}
		}
		opt.Input = t.Inputs[0]
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
	}
	if opt.Input == "" {
		return &InputError{Err: errors.New("no input file")}
	}
	if _, err := os.Stat(opt.Input); err != nil {
		return &InputError{Err: err}
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

// verdictLine returns the SV-COMP verdict for a result of checking p.
func verdictLine(r *Result, p *property.Property) string {
	switch r.Result {
	case "violation":
		return p.Verdict()
	case "true":
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
