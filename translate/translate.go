// Package translate runs ladr's passes over the IR of a C program, in the
// order of the pass table Passes, turning a multi-threaded program into one
// bounded sequential C program whose assertion failures are the bugs of the
// original within the bounds.
//
// Each pass is a named step over one program (package ir); any pass's
// output can be seen (RunOptions.AfterPass) and the run stopped after it
// (RunOptions.StopAfter). Ordering constraints are written in each pass's
// Needs and checked when the table is built.
package translate

import (
	"context"
	"fmt"
	"time"

	"github.com/ladr-dev/ladr/translate/analysis"
	"github.com/ladr-dev/ladr/translate/analysis/races"
	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/cfront"
	"github.com/ladr-dev/ladr/translate/follow"
	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/libc"
	"github.com/ladr-dev/ladr/translate/locks"
	"github.com/ladr-dev/ladr/translate/record"
	"github.com/ladr-dev/ladr/translate/seq"
	"github.com/ladr-dev/ladr/translate/sharing"
	"github.com/ladr-dev/ladr/translate/split"
	"github.com/ladr-dev/ladr/translate/workaround"
)

// Target is the backend convention of the emitted program.
type Target int

// Targets.
const (
	// CBMC uses CBMC's intrinsics (__CPROVER_assume, shadow memory).
	CBMC Target = iota
	// Generic uses SV-COMP's conventions (__VERIFIER_*, reach_error) and
	// plain C for the race instrumentation.
	Generic
)

// String returns the target's name as the CLI spells it.
func (t Target) String() string {
	if t == Generic {
		return "generic"
	}
	return "cbmc"
}

// ParseTarget reads a target name.
func ParseTarget(s string) (Target, bool) {
	switch s {
	case "cbmc":
		return CBMC, true
	case "generic":
		return Generic, true
	}
	return CBMC, false
}

// Config holds the bounds and the property of a translation.
type Config struct {
	Model    cfront.Model
	Limits   bound.Limits
	Rounds   int
	Property seq.Property
	Target   Target
	// ProveBounds emits the bounds as assertions instead of assumptions.
	ProveBounds bool
	// SymbolicSizes keeps the sizes of allocations of a symbolic number
	// of elements (pass alloc does not run): the program of a
	// completeness check, which must lose no behaviour.
	SymbolicSizes bool
	// RecordHeap makes the checker's trace show the initial bytes of
	// malloc'd objects (pass heap), for a replay that needs them.
	RecordHeap bool
	// Harness adds what a checker run needs after the program (pass
	// harness): the program is for CBMC, not for printing alone.
	Harness bool
	// CheckUnmodelled makes each call of a function ladr does not model
	// an assertion (seq.KindUnmodelledCall) before the path ends there,
	// so that the checker tells whether the bounded program reaches one;
	// without it such calls only end their paths and make finding no
	// violation no evidence (Notes.Incomplete).
	CheckUnmodelled bool
	// Follow, when set, restricts the program to the executions that pass
	// a witness's waypoints (pass follow), and a violation counts only at
	// the witness's end.
	Follow *follow.Spec
	// SwitchOnly, when set, makes a statement a context-switch point for
	// its shared accesses only when one of them is at a position it
	// accepts; synchronization and thread creation stay switch points
	// (seq.Number). Fewer interleavings: a violation found is one of the
	// program, finding none covers only these points.
	SwitchOnly func(ir.Pos) bool
	// NoHops lets the jumps over visible labels jump straight to their
	// targets instead of hopping from label to label (seq.Options.Hops):
	// the encoding before hops, for comparisons.
	NoHops bool
	// Explore builds the program for the explicit-state search
	// (seq.Options.Explore) rather than for a checker.
	Explore bool
	// Pins, when set, are the choices of one execution (the bit pattern
	// of each nondet call's value, in order): the harness's nondet
	// functions answer them instead of any value (record.PinnedBodies),
	// so that the checker reports that execution.
	Pins []uint64
}

// Instrumenter adds race detection (package shadow) between the numbering
// of visible statements and the sequentialization.
type Instrumenter interface {
	// Instrument rewrites the threads' expressions and returns the driver
	// extension the sequentialization must add.
	Instrument(u *Unit) (seq.DriverExt, error)
}

// Unit is a program under translation with the results of the passes that
// ran so far.
type Unit struct {
	Config  Config
	Prog    *ir.Program
	Notes   bound.Notes
	Entries []*ir.Function
	// Inert holds the start routines whose threads cannot affect any
	// other thread (pass inert).
	Inert bound.InertSet
	// Proof is the static race analysis of the unbounded program (pass
	// prove; nil when it did not run).
	Proof *races.Proof
	// Follow is what pass follow did (nil when it did not run).
	Follow  *follow.Result
	Sharing *sharing.Info
	Layout  *seq.Layout
	Driver  *seq.Driver
	// Instrumenters are the instrumentations of the properties checked
	// (race: package shadow's); several may run, each adding its driver
	// extension.
	Instrumenters []Instrumenter
	// exts are the driver extensions of the instrumentations that ran.
	exts []seq.DriverExt
	// Harness is C text a checker run appends to the printed program
	// (pass harness).
	Harness []byte
	// Timings records the time each pass took.
	Timings []PassTime
}

// followGuard is the condition a violation needs when the program follows
// a witness (nil otherwise).
func (u *Unit) followGuard() ir.Expr {
	if u.Follow == nil {
		return nil
	}
	return u.Follow.Guard
}

// PassTime is the duration of one pass.
type PassTime struct {
	Pass string
	Time time.Duration
}

// Pass is one step of the translation.
type Pass struct {
	Name string
	Doc  string
	// Needs lists the passes that must have run before this one (when
	// they apply), each with the reason.
	Needs []Need
	// Skip reports whether the pass does not apply to this unit.
	Skip func(*Unit) bool
	Run  func(*Unit) error
}

// Need is an ordering constraint of a pass: Pass must run before it, for
// the reason Why.
type Need struct {
	Pass string
	Why  string
}

// Passes is the pass table, in execution order.
var Passes = []*Pass{
	{Name: "statics", Doc: "lift static local variables to globals",
		Run: func(u *Unit) error { bound.LiftStatics(u.Prog); return nil }},
	{Name: "fork", Doc: "check that the child process of each fork cannot matter (ladr checks the parent only), else make the fork unsupported",
		Needs: []Need{{"statics", "the child's writes to a lifted static local are to its own copy, like any other"}},
		Run:   func(u *Unit) error { bound.CheckForks(u.Prog); return nil }},
	{Name: "cancel", Doc: "let the static race analysis follow pthread_cancel as a no-op where a cancelled thread only does a prefix of what it would do (no cleanup handlers, destructors or join results); the bounded search does not model cancellation",
		Needs: []Need{{"statics", "the first pass that rewrites bodies; from it on a static local is the one global object it is"}},
		Run:   func(u *Unit) error { bound.LowerCancel(u.Prog); return nil }},
	{Name: "pthread", Doc: "lower pthread_once (the init routine runs once, the other callers wait for it) and the cleanup handlers of pthread_cleanup_push/pop (run at pop and at pthread_exit in their scope)",
		Needs: []Need{{"statics", "the first pass that rewrites bodies; from it on a static local is the one global object it is"},
			{"cancel", "cancel looks for the cleanup handlers this pass lowers"}},
		Run: func(u *Unit) error { bound.LowerPthread(u.Prog); return nil }},
	{Name: "hoist", Doc: "make calls of defined, synchronizing and atomic functions statements of their own; expand calls through function pointers",
		Needs: []Need{{"statics", "the first pass that rewrites bodies; from it on a static local is the one global object it is"},
			{"pthread", "it hoists the calls pthread makes and expands its calls of cleanup handlers through pointers"}},
		Run: func(u *Unit) error { bound.Hoist(u.Prog, &u.Notes); return nil }},
	{Name: "signals", Doc: "give the possible handlers of a signal sent to a thread (pthread_kill) threads of their own, created at the call, for the static analyses; the bounded search does not model the delivery",
		Needs: []Need{{"hoist", "it finds the calls of pthread_kill as statements of their own"}},
		Run:   func(u *Unit) error { bound.LowerSignals(u.Prog); return nil }},
	{Name: "atexit", Doc: "register atexit handlers and run them, last registered first, at exit() and main's return",
		Needs: []Need{{"hoist", "it finds the calls of atexit and exit as statements of their own"}},
		Run:   func(u *Unit) error { bound.LowerAtexit(u.Prog); return nil }},
	{Name: "inert", Doc: "find the start routines whose threads touch no shared memory, make no call with effects and end: they are not scheduled",
		Needs: []Need{
			{"statics", "a lifted static local is memory other threads may touch"},
			{"hoist", "it reads the calls a routine makes as statements"},
			{"atexit", "a thread that exits runs the handlers, which it must see"}},
		// A witness numbers every thread created and may name an inert
		// thread's steps.
		Skip: func(u *Unit) bool { return u.Config.Follow != nil },
		Run:  func(u *Unit) error { u.Inert = bound.FindInert(u.Prog); return nil }},
	{Name: "inline", Doc: "inline calls of defined functions into main and the thread start routines (recursion bounded)",
		Needs: []Need{
			{"statics", "a static local is one object however often its function is inlined"},
			{"hoist", "it replaces calls that are statements of their own by the callee's body"},
			{"atexit", "the handler calls it adds are inlined too"}},
		Run: func(u *Unit) error {
			var err error
			if u.Entries, err = bound.Entries(u.Prog); err != nil {
				return err
			}
			u.Entries, err = bound.Inline(u.Prog, u.Entries, u.Config.Limits, &u.Notes)
			return err
		}},
	{Name: "prove", Doc: "static race analysis of the unbounded program (inlined, loops kept): a proof of race freedom for every bound, or the race candidates",
		Needs: []Need{{"inline", "the analyses follow main and the start routines with their callees inlined"}},
		Skip:  func(u *Unit) bool { return u.Config.Property != seq.Race },
		Run: func(u *Unit) error {
			u.Proof = races.Prove(&analysis.Program{Prog: u.Prog, Entries: u.Entries, Notes: &u.Notes})
			return nil
		}},
	{Name: "fill", Doc: "drop loops that give every byte of a fresh malloc'd object a nondeterministic value (it has one already)",
		Needs: []Need{{"inline", "the allocation and its fill loop are found in one body"}},
		Run:   func(u *Unit) error { bound.DropFillLoops(u.Entries); return nil }},
	{Name: "unwind", Doc: "unwind loops (--unwind, --unwindset); no backward jump remains",
		Needs: []Need{
			{"inline", "the loops of inlined bodies are unwound with the rest"},
			{"fill", "a dropped fill loop must not be unwound (and cut) first"}},
		Run: func(u *Unit) error { return bound.Unwind(u.Prog, u.Entries, u.Config.Limits, &u.Notes) }},
	{Name: "alloc", Doc: "give allocations of a symbolic number of elements (malloc(n * c), calloc(n, c)) a capacity of as many elements as the largest loop bound, cutting the runs with more (a bounded model checker's arrays of symbolic size are costly); not for a completeness check (Config.SymbolicSizes)",
		Needs: []Need{
			{"prove", "the static race analysis sees the sizes the program asks for"},
			{"unwind", "each copy of an allocation in an unwound loop is bounded"}},
		Skip: func(u *Unit) bool { return u.Config.SymbolicSizes },
		Run: func(u *Unit) error {
			bound.BoundAllocations(u.Prog, u.Entries, u.Config.Limits.Largest(), &u.Notes)
			return nil
		}},
	{Name: "threads", Doc: "one copy of a thread's start routine per pthread_create site; number the threads",
		Needs: []Need{
			{"inert", "inert start routines get no copy"},
			{"unwind", "each copy is of a bounded, loop-free body"},
			{"alloc", "each copy allocates with the bounded sizes"}},
		Run: func(u *Unit) error { return bound.Threads(u.Prog, u.Config.Limits, u.Inert, &u.Notes) }},
	{Name: "dce", Doc: "drop functions, globals and types no thread uses; check the calls of undefined functions",
		Needs: []Need{{"threads", "what no thread uses is known once every thread is a copy of its own"}},
		Run: func(u *Unit) error {
			for _, g := range u.Prog.Globals {
				if g.Name == libc.NondetArgsVar {
					// main's arguments are bounded: no proof.
					p := g.Pos
					if m := u.Prog.Func("main"); m != nil {
						p = m.Pos
					}
					u.Notes.Cuts = append(u.Notes.Cuts, bound.Cut{Pos: p, What: fmt.Sprintf(
						"main's arguments: argc at most %d, each argument at most %d bytes (--args fixes them)", libc.MaxArgs, libc.MaxArgLen)})
				}
			}
			bound.DCE(u.Prog)
			if err := bound.CheckAtexit(u.Prog, &u.Notes); err != nil {
				return err
			}
			return bound.CheckExternals(u.Prog, &u.Notes)
		}},
	{Name: "api", Doc: "lower two-step synchronization (condition wait, barriers) and atomic builtins (atomic sections)",
		Needs: []Need{{"threads", "each thread's copy is lowered, with its own thread number"}},
		Run: func(u *Unit) error {
			// Recorded for every property, before the builtins are lowered.
			u.Notes.Incomplete = append(u.Notes.Incomplete, seq.WeakAtomics(u.Prog)...)
			u.Notes.Incomplete = append(u.Notes.Incomplete, seq.Unmodelled(u.Prog, u.Config.CheckUnmodelled)...)
			return seq.LowerAPI(u.Prog, u.Config.Property)
		}},
	{Name: "sharing", Doc: "decide which variables may be shared between threads",
		Needs: []Need{{"api", "the accesses of lowered calls are what the threads do"}},
		Run:   func(u *Unit) error { u.Sharing = sharing.Analyze(u.Prog); return nil }},
	{Name: "split", Doc: "split statements making several shared accesses (assertion checking only)",
		Needs: []Need{{"sharing", "it splits only statements with several shared accesses"}},
		Skip:  func(u *Unit) bool { return u.Config.Property == seq.Race },
		Run:   func(u *Unit) error { split.Split(u.Prog, u.Sharing); return nil }},
	{Name: "visible", Doc: "number the visible statements (context-switch points) of each thread",
		Needs: []Need{
			{"sharing", "a statement is visible when it may touch shared memory"},
			{"split", "the statements split creates are numbered too"}},
		Run: func(u *Unit) error {
			var err error
			u.Layout, err = seq.Number(u.Prog, u.Sharing, u.Config.SwitchOnly)
			return err
		}},
	{Name: "follow", Doc: "follow a witness (Config.Follow): ghost statements record the waypoints each thread passes, and the property's assertions fail only once all are passed",
		Needs: []Need{{"visible", "a waypoint at a visible statement is ordered with the other threads' (the labels mark them)"}},
		Skip:  func(u *Unit) bool { return u.Config.Follow == nil },
		Run: func(u *Unit) error {
			var err error
			u.Follow, err = follow.Apply(u.Prog, u.Layout, u.Config.Follow, u.Config.Target == Generic)
			return err
		}},
	{Name: "calloc", Doc: "route the threads' calls of calloc through malloc and memset (CBMC 6.6's calloc model breaks its shadow memory)",
		Needs: []Need{{"threads", "only the threads' copies are rewritten"}},
		Skip: func(u *Unit) bool {
			return u.Config.Property != seq.Race || u.Config.Target != CBMC || len(u.Instrumenters) == 0
		},
		Run: func(u *Unit) error { workaround.RouteCalloc(u.Prog); return nil }},
	{Name: "shadow", Doc: "run the properties' instrumentations: for races, shared accesses checked with shadow memory (ACC/NACC/WSE/PRE rewriting)",
		Needs: []Need{
			{"visible", "each access is checked at its visible statement's number"},
			{"calloc", "the accesses of the calloc helper are checked as malloc's and memset's"},
			{"follow", "the witness's ghost statements are left unchecked"}},
		Skip: func(u *Unit) bool { return u.Config.Property != seq.Race && len(u.Instrumenters) == 0 },
		Run: func(u *Unit) error {
			if len(u.Instrumenters) == 0 {
				return fmt.Errorf("race property without a race instrumentation")
			}
			for _, in := range u.Instrumenters {
				ext, err := in.Instrument(u)
				if err != nil {
					return err
				}
				if ext != nil {
					u.exts = append(u.exts, ext)
				}
			}
			return nil
		}},
	{Name: "seq", Doc: "lazy sequentialization: thread simulation functions and the round-robin main driver",
		Needs: []Need{
			{"visible", "the threads are cut into contexts at their visible statements"},
			{"shadow", "the race instrumentation's phases are added to the main driver"}},
		Run: func(u *Unit) error {
			var err error
			u.Driver, err = seq.Sequentialize(u.Prog, u.Layout, seq.Options{
				Rounds: u.Config.Rounds, Property: u.Config.Property, Generic: u.Config.Target == Generic,
				ProveBounds: u.Config.ProveBounds, Exts: u.exts, HeldUnlocks: locks.HeldUnlocks(u.Prog),
				CheckUnmodelled: u.Config.CheckUnmodelled, Guard: u.followGuard(),
				Hops: !u.Config.NoHops, Explore: u.Config.Explore,
			})
			return err
		}},
	{Name: "heap", Doc: "record the initial bytes of malloc'd objects in the checker's trace, for the replay (Config.RecordHeap)",
		Needs: []Need{{"seq", "every malloc of the final program is wrapped, the driver's included"}},
		Skip:  func(u *Unit) bool { return !u.Config.RecordHeap },
		Run:   func(u *Unit) error { record.RecordHeap(u.Prog); return nil }},
	{Name: "harness", Doc: "the C text a checker run adds after the program (Config.Harness): the generic target's reach_error and assume, the bodies of the functions whose values the trace records",
		Needs: []Need{{"heap", "the heap recording's functions get their bodies here"}},
		Skip:  func(u *Unit) bool { return !u.Config.Harness },
		Run: func(u *Unit) error {
			if u.Config.Target == Generic {
				u.Harness = append(u.Harness, genericHarness...)
			}
			if u.Config.Pins != nil {
				u.Harness = append(u.Harness, record.PinnedBodies(u.Prog, u.Config.Pins)...)
			} else {
				u.Harness = append(u.Harness, record.NondetBodies(u.Prog)...)
			}
			u.Harness = append(u.Harness, record.HeapBodies(u.Prog)...)
			return nil
		}},
}

// genericHarness makes CBMC check a program in SV-COMP conventions: a call
// of reach_error() fails.
const genericHarness = `
/* ladr: harness for checking the generic output with CBMC */
void reach_error(void) { __CPROVER_assert(0, "ladr:reach_error"); }
void __VERIFIER_assume(int cond) { __CPROVER_assume(cond); }
`

func init() {
	seen := map[string]bool{}
	for _, p := range Passes {
		for _, n := range p.Needs {
			if !seen[n.Pass] {
				panic(fmt.Sprintf("translate: pass %s needs %s, which does not run before it", p.Name, n.Pass))
			}
			if n.Why == "" {
				panic(fmt.Sprintf("translate: pass %s needs %s without a reason", p.Name, n.Pass))
			}
		}
		seen[p.Name] = true
	}
}

// PassNames returns the names of the passes in order.
func PassNames() []string {
	var out []string
	for _, p := range Passes {
		out = append(out, p.Name)
	}
	return out
}

// KnownPass returns an error unless name is the name of a pass.
func KnownPass(name string) error {
	for _, p := range Passes {
		if p.Name == name {
			return nil
		}
	}
	return fmt.Errorf("no pass named %q (passes: %v)", name, PassNames())
}

// RunOptions control a translation run.
type RunOptions struct {
	// StopAfter stops after the named pass ("" runs all).
	StopAfter string
	// Context, when set, is checked before each pass: once it is done the
	// run stops with its cause, so that a translation given up on (a
	// timeout) does not go on in the background.
	Context context.Context
	// AfterPass, when set, is called after each pass of the table (a
	// dump, a check of the IR's invariants), also after one that was
	// skipped (the unit is then as the passes before left it); an error
	// stops the run.
	AfterPass func(pass string, u *Unit) error
}

// Run runs the passes on prog with the instrumentations insts (nil: the
// sequentialization's own checks only).
func Run(prog *ir.Program, cfg Config, insts []Instrumenter, opts RunOptions) (*Unit, error) {
	if opts.StopAfter != "" {
		if err := KnownPass(opts.StopAfter); err != nil {
			return nil, err
		}
	}
	u := &Unit{Config: cfg, Prog: prog, Instrumenters: insts}
	for _, p := range Passes {
		if p.Skip == nil || !p.Skip(u) {
			if ctx := opts.Context; ctx != nil && ctx.Err() != nil {
				return u, fmt.Errorf("before pass %s: %w", p.Name, context.Cause(ctx))
			}
			t0 := time.Now()
			if err := p.Run(u); err != nil {
				return u, err
			}
			u.Timings = append(u.Timings, PassTime{Pass: p.Name, Time: time.Since(t0)})
		}
		if opts.AfterPass != nil {
			if err := opts.AfterPass(p.Name, u); err != nil {
				return u, fmt.Errorf("after pass %s: %w", p.Name, err)
			}
		}
		if p.Name == opts.StopAfter {
			break
		}
	}
	return u, nil
}
