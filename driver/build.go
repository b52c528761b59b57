package driver

import (
	"bytes"
	"context"
	"fmt"

	"github.com/ladr-dev/ladr/property"
	"github.com/ladr-dev/ladr/translate"
	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/cfront"
	"github.com/ladr-dev/ladr/translate/ir"
)

// buildPlan is what one build translates.
type buildPlan struct {
	Target translate.Target
	Bounds Bounds
	// Relaxed leaves out the property's relaxable checks, and the
	// assertions that calls ladr does not model are not reached (see
	// translate.Config.CheckUnmodelled): such calls then only end their
	// paths.
	Relaxed bool
	// CheckUnmodelled: translate.Config.CheckUnmodelled unless Relaxed.
	CheckUnmodelled bool
	// Check runs the input checks (checkProgram) on the parsed program.
	Check bool
	// Heap records the heap's initial bytes in the checker's trace (pass
	// heap).
	Heap bool
	// Unpruned checks every access, whatever the static race analysis
	// concluded.
	Unpruned bool
	// SymbolicSizes keeps allocations of a symbolic number of elements
	// as they are (translate.Config.SymbolicSizes): a completeness check.
	SymbolicSizes bool
	// Harness adds what a checker run needs after the program (pass
	// harness); a translation for printing alone goes without.
	Harness bool
	// StopAfter stops the translation after the named pass.
	StopAfter string
	// AfterPass sees the unit after each pass (translate.RunOptions).
	AfterPass func(pass string, u *translate.Unit) error
	// Transform, when set, rewrites the parsed program before the
	// translation (a slice); its error is the translation's (built.Err).
	Transform func(*ir.Program) error
	// CheckOnly, when set, limits the race checks to the accesses at the
	// positions it accepts.
	CheckOnly func(ir.Pos) bool
	// SwitchOnly, when set and Bounds.CandidateSwitches, limits the
	// context-switch points to the statements with an access at the
	// positions it accepts and those that synchronize
	// (translate.Config.SwitchOnly).
	SwitchOnly func(ir.Pos) bool
	// Explore builds the program for the explicit-state search
	// (translate.Config.Explore); Pins makes the checker's program answer
	// one execution's choices (translate.Config.Pins).
	Explore bool
	Pins    []uint64
}

// built is the outcome of a build.
type built struct {
	Unit *translate.Unit
	// Inst is the property's instrumentation (nil when it has none).
	Inst property.Instrumentation
	// Err is the translation's failure (Unit holds what ran).
	Err error
}

// build is the build step of Check, Translate and Replay: it parses
// opt.Input and translates it with opt's property for p. The error is a
// failure to parse (an *InputError for bad input) or the input checks';
// a failed translation is built.Err. The translation stops at the next
// pass once ctx is done.
func build(ctx context.Context, fe *cfront.Frontend, opt Options, p buildPlan) (*built, error) {
	prog, err := opt.parse(fe)
	if err != nil {
		return nil, inputError(err)
	}
	if p.Check {
		if err := checkProgram(opt.Files(), prog); err != nil {
			return nil, err
		}
	}
	if p.Transform != nil {
		if err := p.Transform(prog); err != nil {
			return &built{Err: err}, nil
		}
	}
	return buildParsed(ctx, prog, opt, p), nil
}

// buildParsed translates prog, parsed (and checked) from opt.Input, with
// opt's property for p; the translation rewrites prog.
func buildParsed(ctx context.Context, prog *ir.Program, opt Options, p buildPlan) *built {
	cfg := translate.Config{
		Model: opt.Model, Rounds: p.Bounds.Rounds, Target: p.Target,
		Limits:   bound.Limits{Unwind: p.Bounds.Unwind, UnwindSet: p.Bounds.UnwindSet, MinSpawn: p.Bounds.SpawnUnwind, MinPrefix: p.Bounds.PrefixUnwind, LoopHeads: opt.Follow != nil},
		Property: opt.Property.Seq, RecordHeap: p.Heap, Harness: p.Harness,
		CheckUnmodelled: p.CheckUnmodelled && !p.Relaxed,
		Follow:          opt.Follow,
		SymbolicSizes:   p.SymbolicSizes,
		Explore:         p.Explore,
		Pins:            p.Pins,
	}
	if p.Bounds.CandidateSwitches {
		cfg.SwitchOnly = p.SwitchOnly
	}
	b := &built{}
	if opt.Property.Instrumentation != nil {
		b.Inst = opt.Property.Instrumentation(p.Target)
		if p.Relaxed {
			b.Inst.Relax()
		}
		if np, ok := b.Inst.(interface{ NoStaticPruning() }); ok && (opt.NoStaticProof || p.Unpruned) {
			np.NoStaticPruning()
		}
		if np, ok := b.Inst.(interface{ NoPendingChecks() }); ok && opt.Adjacent && !p.Bounds.Pending {
			np.NoPendingChecks()
		}
		if co, ok := b.Inst.(interface{ CheckOnly(func(ir.Pos) bool) }); ok && p.CheckOnly != nil {
			co.CheckOnly(p.CheckOnly)
		}
	}
	var insts []translate.Instrumenter
	if b.Inst != nil {
		insts = append(insts, b.Inst)
	}
	b.Unit, b.Err = translate.Run(prog, cfg, insts, translate.RunOptions{Context: ctx, StopAfter: p.StopAfter, AfterPass: p.AfterPass})
	return b
}

// printedText is what programText returns.
type printedText struct {
	printed, text []byte
	sm            *ir.SourceMap
}

// programText prints the sequentialized program of u (the text --keep
// writes) and the text CBMC checks and the replay compiles: the program
// and the harness the translation added (pass harness).
func programText(u *translate.Unit) (printed, text []byte, sm *ir.SourceMap, err error) {
	var buf bytes.Buffer
	sm, err = ir.Fprint(&buf, u.Prog, ir.PrintOptions{})
	if err != nil {
		return nil, nil, nil, fmt.Errorf("printing the sequentialized program failed: %w", err)
	}
	printed = buf.Bytes()
	text = append(append([]byte{}, printed...), u.Harness...)
	return printed, text, sm, nil
}
