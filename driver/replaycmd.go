package driver

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"

	"github.com/ladr-dev/ladr/driver/replay"
	"github.com/ladr-dev/ladr/property"
	"github.com/ladr-dev/ladr/translate"
	"github.com/ladr-dev/ladr/translate/cfront"
	"github.com/ladr-dev/ladr/translate/ir"
)

// ReplayResult is the outcome of replaying a saved trace.
type ReplayResult struct {
	// Confirmed is true when the same assertion failed.
	Confirmed bool   `json:"confirmed"`
	Assertion string `json:"assertion"`
	File      string `json:"file,omitempty"`
	Line      int    `json:"line,omitempty"`
	// Reason explains a replay that did not confirm.
	Reason string `json:"reason,omitempty"`
	Stdout string `json:"stdout,omitempty"`
}

// Replay re-executes a saved counterexample of opt.Input concretely: it
// translates the input again with the trace's bounds, target, data model
// and property, compiles the program with the replay runtime and checks
// that the same assertion fails. opt supplies the compiler; the program is
// built with the trace's defines, include directories and main arguments,
// and those of opt, when given, must be the same.
func Replay(ctx context.Context, opt Options, t *SavedTrace) (*ReplayResult, error) {
	model, ok := map[string]cfront.Model{"ILP32": cfront.ILP32, "LP64": cfront.LP64}[t.Model]
	if !ok {
		return nil, &InputError{fmt.Errorf("the trace names an unknown data model %q", t.Model)}
	}
	target, ok := translate.ParseTarget(t.Target)
	if !ok {
		return nil, &InputError{fmt.Errorf("the trace names an unknown target %q", t.Target)}
	}
	prop, err := property.Lookup(t.Property)
	if err != nil {
		return nil, &InputError{fmt.Errorf("the trace names an %w", err)}
	}
	opt.Model, opt.Property = model, prop
	if err := sameBuild(opt, t); err != nil {
		return nil, err
	}
	opt.Defines, opt.IncludeDirs, opt.Args = t.Defines, t.IncludeDirs, nil
	opt.Undefines, opt.Includes, opt.Std = t.Undefines, t.Includes, t.Std
	if len(t.Units) > 0 || len(opt.Units) > 0 {
		if opt.Units, err = replayUnits(t, opt.Files()); err != nil {
			return nil, err
		}
		opt.Input = opt.Units[0].File
	}
	if t.ArgsFixed {
		opt.Args = append([]string{}, t.Args...)
	}
	fe := opt.Frontend
	if fe == nil {
		fe = cfront.New()
	}
	var transform func(*ir.Program) error
	var only func(ir.Pos) bool
	if t.Slice != nil {
		transform, only = t.Slice.build, t.Slice.only()
	}
	opt.Adjacent = t.Adjacent
	u, text, err := buildProgram(ctx, opt, fe, target, t.Bounds, t.HeapRecorded, t.SymbolicSizes, transform, only)
	if err != nil {
		return nil, err
	}
	rep, err := replay.Run(ctx, text, u.Prog, t.Choices, replay.Options{GCC: opt.GCC})
	if err != nil {
		return nil, err
	}
	r := &ReplayResult{Assertion: t.Assertion, File: t.File, Line: t.Line, Stdout: rep.Stdout}
	switch {
	case !rep.Violated:
		r.Reason = rep.Diverged
	case rep.Message != t.Assertion:
		r.Reason = fmt.Sprintf("another assertion failed: %q", rep.Message)
	default:
		r.Confirmed = true
	}
	return r, nil
}

// buildProgram translates opt.Input (rewritten by transform when not nil)
// for target at bounds b and returns the unit and the text CBMC would
// check (with the generic harness and the recording nondet functions);
// symbolic keeps the symbolic sizes of allocations (a completeness
// check's program); only, when not nil, limits the race checks and, with
// b.CandidateSwitches, the context-switch points to the accesses at the
// positions it accepts (a slice's candidates).
func buildProgram(ctx context.Context, opt Options, fe *cfront.Frontend, target translate.Target, b Bounds, heap, symbolic bool, transform func(*ir.Program) error, only func(ir.Pos) bool) (*translate.Unit, []byte, error) {
	plan := buildPlan{Target: target, Bounds: b, Check: true, Heap: heap, Harness: true, Transform: transform, SymbolicSizes: symbolic, CheckOnly: only, SwitchOnly: only}
	bd, err := build(ctx, fe, opt, plan)
	if err != nil {
		return nil, nil, err
	}
	if bd.Err != nil {
		return nil, nil, &UnknownError{Reason: "translation failed: " + bd.Err.Error()}
	}
	_, text, _, err := programText(bd.Unit)
	if err != nil {
		return nil, nil, err
	}
	return bd.Unit, text, nil
}

// sameBuild reports an input error when opt gives defines, include
// directories or main arguments that differ from those the trace was saved
// with: the choices answer that program only.
func sameBuild(opt Options, t *SavedTrace) error {
	differ := func(what string, given, saved []string) error {
		return &InputError{fmt.Errorf("the trace was saved with %s %q, not %q: replay it with the same (or none)", what, saved, given)}
	}
	if len(opt.Defines) > 0 && !slices.Equal(opt.Defines, t.Defines) {
		return differ("defines", opt.Defines, t.Defines)
	}
	if dirs := absPaths(opt.IncludeDirs); len(dirs) > 0 && !slices.Equal(dirs, t.IncludeDirs) {
		return differ("include directories", dirs, t.IncludeDirs)
	}
	if len(opt.Undefines) > 0 && !slices.Equal(opt.Undefines, t.Undefines) {
		return differ("undefines", opt.Undefines, t.Undefines)
	}
	if incs := absPaths(opt.Includes); len(incs) > 0 && !slices.Equal(incs, t.Includes) {
		return differ("included files", incs, t.Includes)
	}
	if opt.Std != "" && opt.Std != t.Std {
		return differ("standard", []string{opt.Std}, []string{t.Std})
	}
	if opt.Args != nil && (!t.ArgsFixed || !slices.Equal(opt.Args, t.Args)) {
		if !t.ArgsFixed {
			return &InputError{fmt.Errorf("the trace was saved with nondeterministic arguments of main, not --args %q", opt.Args)}
		}
		return differ("arguments of main", opt.Args, t.Args)
	}
	return nil
}

// absPaths returns the absolute forms of paths (a path that has none is
// kept as it is).
func absPaths(paths []string) []string {
	var out []string
	for _, p := range paths {
		if a, err := filepath.Abs(p); err == nil {
			p = a
		}
		out = append(out, p)
	}
	return out
}
