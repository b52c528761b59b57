package seq

import (
	"testing"

	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/model"
)

// elsewhere are the operations of functions that must be statements whose
// calls another pass lowers (or, OpNone and OpOnce, that are unsupported).
var elsewhere = map[model.Op]string{
	model.OpThreadCreate: "bound.Threads",
	model.OpAtExit:       "bound.Atexit",
	model.OpCondWait:     "LowerAPI",
	model.OpCondTimeWait: "LowerAPI",
	model.OpBarrierWait:  "LowerAPI",
	model.OpOnce:         "bound.LowerPthread (other forms: unsupported)",
	model.OpNone:         "unsupported",
}

// TestEveryModelLowered checks that every function of the library table
// that must be a statement has a lowering: in the table of seq.call, in
// LowerAPI (the atomic builtins), or in another pass.
func TestEveryModelLowered(t *testing.T) {
	p := &ir.Program{}
	ip := &ir.Pointer{Elem: ir.IntType}
	x := p.AddGlobal("x", ir.IntType, nil)
	for _, f := range model.Functions() {
		if !f.MustBeStatement() {
			continue
		}
		if _, ok := lowerings[f.Op]; ok {
			continue
		}
		if f.Kind == model.Atomic {
			a := &apiLowerer{Builder: ir.Builder{Prefix: "__ladr_a", Loc: ir.Loc{Func: "t"}}, prog: p, fn: &ir.Function{Name: "t"}}
			fn := p.DeclareFunc(f.Name, &ir.Func{Result: ir.IntType, NoProto: true})
			var args []ir.Expr
			for i := 0; i < 6; i++ {
				args = append(args, &ir.Unary{Op: ir.Addr, X: ir.Ref(x), T: ip})
			}
			for _, st := range a.atomic(f, ir.CallFn(fn, args...), nil) {
				if u, ok := st.(*ir.Unsupported); ok {
					t.Errorf("%s: %s", f.Name, u.What)
				}
			}
			continue
		}
		if _, ok := elsewhere[f.Op]; !ok {
			t.Errorf("%s (%s): no lowering of operation %q", f.Name, f.Kind, f.Op)
		}
	}
}

// TestIntrinsicOps checks that the intrinsics of package bound are in the
// library table under the operations seq lowers.
func TestIntrinsicOps(t *testing.T) {
	for name, op := range map[string]model.Op{
		bound.CreateFunc:    model.OpCreate,
		bound.UnrunFunc:     model.OpUnrun,
		bound.BoundFunc:     model.OpBound,
		bound.LoopBoundFunc: model.OpBound,
	} {
		if got := model.Lookup(name).Op; got != op {
			t.Errorf("%s: operation %q, want %q", name, got, op)
		}
		if _, ok := lowerings[op]; !ok {
			t.Errorf("%s: no lowering", name)
		}
	}
}
