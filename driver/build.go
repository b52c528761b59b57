package driver

import (
	"bytes"
	"context"
	"fmt"

	"github.com/ladr-dev/ladr/driver/replay"
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

// buildPlan is what one build translates.
type buildPlan struct {
	Target translate.Target
	Bounds Bounds
	// Relaxed leaves out the property's relaxable checks.
	Relaxed bool
	// Check runs the input checks (checkProgram) on the parsed program.
	Check bool
	// StopAfter stops the translation after the named pass.
	StopAfter string
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
	prog, err := fe.ParseFile(opt.Input, cfront.Options{Model: opt.Model})
	if err != nil {
		return nil, inputError(err)
	}
	if p.Check {
		if err := checkProgram(opt.Input, prog); err != nil {
			return nil, err
		}
	}
	cfg := translate.Config{
		Model: opt.Model, Rounds: p.Bounds.Rounds, Target: p.Target,
		Limits:   bound.Limits{Unwind: p.Bounds.Unwind, UnwindSet: p.Bounds.UnwindSet},
		Property: opt.Property.Seq,
	}
	b := &built{}
	if opt.Property.Instrumentation != nil {
		b.Inst = opt.Property.Instrumentation(p.Target)
		if p.Relaxed {
			b.Inst.Relax()
		}
	}
	b.Unit, b.Err = translate.Run(prog, cfg, b.Inst, translate.RunOptions{Context: ctx, StopAfter: p.StopAfter})
	return b, nil
}

// programText prints the sequentialized program of u (the text --keep
// writes) and the text CBMC checks and the replay compiles: the program,
// the generic harness for that target, and the functions whose trace
// assignments record the choices. With heap, the program first gets the
// recording of the heap's initial bytes (replay.RecordHeap).
func programText(u *translate.Unit, target translate.Target, heap bool) (printed, text []byte, sm *ir.SourceMap, err error) {
	if heap {
		replay.RecordHeap(u.Prog)
	}
	var buf bytes.Buffer
	sm, err = ir.Fprint(&buf, u.Prog, ir.PrintOptions{})
	if err != nil {
		return nil, nil, nil, fmt.Errorf("printing the sequentialized program failed: %w", err)
	}
	printed = buf.Bytes()
	text = append([]byte{}, printed...)
	if target == translate.Generic {
		text = append(text, genericHarness...)
	}
	text = append(text, replay.NondetBodies(u.Prog)...)
	text = append(text, replay.HeapBodies(u.Prog)...)
	return printed, text, sm, nil
}
