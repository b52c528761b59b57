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

	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/cfront"
	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/seq"
	"github.com/ladr-dev/ladr/translate/sharing"
	"github.com/ladr-dev/ladr/translate/split"
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
	Inert   bound.InertSet
	Sharing *sharing.Info
	Layout  *seq.Layout
	Driver  *seq.Driver
	// Race is the race instrumentation (nil unless the property is race).
	Race Instrumenter
	// exts are the driver extensions of the instrumentations that ran.
	exts []seq.DriverExt
	// Timings records the time each pass took.
	Timings []PassTime
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
	// Needs lists the passes that must have run before this one.
	Needs []string
	// Skip reports whether the pass does not apply to this unit.
	Skip func(*Unit) bool
	Run  func(*Unit) error
}

// Passes is the pass table, in execution order.
var Passes = []*Pass{
	{Name: "statics", Doc: "lift static local variables to globals",
		Run: func(u *Unit) error { bound.LiftStatics(u.Prog); return nil }},
	{Name: "hoist", Doc: "make calls of defined, synchronizing and atomic functions statements of their own; expand calls through function pointers",
		Needs: []string{"statics"},
		Run:   func(u *Unit) error { bound.Hoist(u.Prog, &u.Notes); return nil }},
	{Name: "atexit", Doc: "register atexit handlers and run them, last registered first, at exit() and main's return",
		Needs: []string{"hoist"},
		Run:   func(u *Unit) error { bound.LowerAtexit(u.Prog); return nil }},
	{Name: "inert", Doc: "find the start routines whose threads touch no shared memory, make no call with effects and end: they are not scheduled",
		Needs: []string{"statics", "hoist", "atexit"},
		Run:   func(u *Unit) error { u.Inert = bound.FindInert(u.Prog); return nil }},
	{Name: "inline", Doc: "inline calls of defined functions into main and the thread start routines (recursion bounded)",
		Needs: []string{"hoist", "atexit"},
		Run: func(u *Unit) error {
			var err error
			if u.Entries, err = bound.Entries(u.Prog); err != nil {
				return err
			}
			return bound.Inline(u.Prog, u.Entries, u.Config.Limits, &u.Notes)
		}},
	{Name: "fill", Doc: "drop loops that give every byte of a fresh malloc'd object a nondeterministic value (it has one already)",
		Needs: []string{"inline"},
		Run:   func(u *Unit) error { bound.DropFillLoops(u.Entries); return nil }},
	{Name: "unwind", Doc: "unwind loops (--unwind, --unwindset); no backward jump remains",
		Needs: []string{"inline", "fill"},
		Run:   func(u *Unit) error { return bound.Unwind(u.Prog, u.Entries, u.Config.Limits, &u.Notes) }},
	{Name: "threads", Doc: "one copy of a thread's start routine per pthread_create site; number the threads",
		Needs: []string{"inert", "unwind"},
		Run:   func(u *Unit) error { return bound.Threads(u.Prog, u.Config.Limits, u.Inert, &u.Notes) }},
	{Name: "dce", Doc: "drop functions, globals and types no thread uses; check the calls of undefined functions",
		Needs: []string{"threads"},
		Run: func(u *Unit) error {
			bound.DCE(u.Prog)
			if err := bound.CheckAtexit(u.Prog, &u.Notes); err != nil {
				return err
			}
			return bound.CheckExternals(u.Prog, &u.Notes)
		}},
	{Name: "api", Doc: "lower two-step synchronization (condition wait, barriers) and atomic builtins (atomic sections)",
		Needs: []string{"threads"},
		Run: func(u *Unit) error {
			// Recorded for every property, before the builtins are lowered.
			u.Notes.Incomplete = append(u.Notes.Incomplete, seq.WeakAtomics(u.Prog)...)
			return seq.LowerAPI(u.Prog)
		}},
	{Name: "sharing", Doc: "decide which variables may be shared between threads",
		Needs: []string{"api"},
		Run:   func(u *Unit) error { u.Sharing = sharing.Analyze(u.Prog); return nil }},
	{Name: "split", Doc: "split statements making several shared accesses (assertion checking only)",
		Needs: []string{"sharing"},
		Skip:  func(u *Unit) bool { return u.Config.Property == seq.Race },
		Run:   func(u *Unit) error { split.Split(u.Prog, u.Sharing); return nil }},
	{Name: "visible", Doc: "number the visible statements (context-switch points) of each thread",
		Needs: []string{"sharing"},
		Run: func(u *Unit) error {
			var err error
			u.Layout, err = seq.Number(u.Prog, u.Sharing)
			return err
		}},
	{Name: "shadow", Doc: "instrument shared accesses for race detection (ACC/NACC/WSE/PRE rewriting)",
		Needs: []string{"visible"},
		Skip:  func(u *Unit) bool { return u.Config.Property != seq.Race },
		Run: func(u *Unit) error {
			if u.Race == nil {
				return fmt.Errorf("race property without a race instrumentation")
			}
			ext, err := u.Race.Instrument(u)
			if ext != nil {
				u.exts = append(u.exts, ext)
			}
			return err
		}},
	{Name: "seq", Doc: "lazy sequentialization: thread simulation functions and the round-robin main driver",
		Needs: []string{"visible"},
		Run: func(u *Unit) error {
			var err error
			u.Driver, err = seq.Sequentialize(u.Prog, u.Layout, seq.Options{
				Rounds: u.Config.Rounds, Property: u.Config.Property, Generic: u.Config.Target == Generic,
				ProveBounds: u.Config.ProveBounds, Exts: u.exts,
			})
			return err
		}},
}

func init() {
	seen := map[string]bool{}
	for _, p := range Passes {
		for _, n := range p.Needs {
			if !seen[n] {
				panic(fmt.Sprintf("translate: pass %s needs %s, which does not run before it", p.Name, n))
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

// RunOptions control a translation run.
type RunOptions struct {
	// StopAfter stops after the named pass ("" runs all).
	StopAfter string
	// Context, when set, is checked before each pass: once it is done the
	// run stops with its cause, so that a translation given up on (a
	// timeout) does not go on in the background.
	Context context.Context
	// AfterPass, when set, is called after each pass that ran (a dump, a
	// check of the IR's invariants); an error stops the run.
	AfterPass func(pass string, u *Unit) error
}

// Run runs the passes on prog.
func Run(prog *ir.Program, cfg Config, race Instrumenter, opts RunOptions) (*Unit, error) {
	if opts.StopAfter != "" {
		found := false
		for _, p := range Passes {
			found = found || p.Name == opts.StopAfter
		}
		if !found {
			return nil, fmt.Errorf("no pass named %q (passes: %v)", opts.StopAfter, PassNames())
		}
	}
	u := &Unit{Config: cfg, Prog: prog, Race: race}
	for _, p := range Passes {
		if p.Skip != nil && p.Skip(u) {
			if p.Name == opts.StopAfter {
				break
			}
			continue
		}
		if ctx := opts.Context; ctx != nil && ctx.Err() != nil {
			return u, fmt.Errorf("before pass %s: %w", p.Name, context.Cause(ctx))
		}
		t0 := time.Now()
		if err := p.Run(u); err != nil {
			return u, err
		}
		u.Timings = append(u.Timings, PassTime{Pass: p.Name, Time: time.Since(t0)})
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
