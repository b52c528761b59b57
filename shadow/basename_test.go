package shadow

import (
	"testing"

	"github.com/ladr-dev/ladr/translate/ir"
)

// TestBaseName checks that baseName finds the variable an lvalue's text
// starts with, as the race report's choice of the first access expects.
func TestBaseName(t *testing.T) {
	st := &ir.Struct{Tag: "s", Complete: true}
	fa := &ir.Field{Name: "a", Type: ir.IntType}
	st.Fields = []*ir.Field{fa}
	ps := &ir.Pointer{Elem: st}
	x := &ir.Var{Name: "x", Type: st}
	p := &ir.Var{Name: "p", Type: ps}
	q := &ir.Var{Name: "q", Type: &ir.Pointer{Elem: ir.IntType}}
	pp := &ir.Var{Name: "pp", Type: &ir.Pointer{Elem: q.Type}}
	deref := func(e ir.Expr) ir.Expr { return &ir.Unary{Op: ir.Deref, X: e, T: ir.Elem(e.Type())} }
	for _, tc := range []struct {
		lv   ir.Expr
		want string
	}{
		{&ir.Member{X: ir.Ref(x), Field: fa, T: ir.IntType}, "x"},
		{deref(ir.Ref(q)), "q"},
		{&ir.Index{X: ir.Ref(q), I: ir.IntConst(1), T: ir.IntType}, "q"},
		{&ir.Member{X: ir.Ref(p), Field: fa, Arrow: true, T: ir.IntType}, "p"},
		{deref(ir.Bin(ir.Add, ir.Ref(q), ir.IntConst(1), q.Type)), "q"},
		{deref(deref(ir.Ref(pp))), "pp"},
		{deref(&ir.Cast{X: ir.Ref(p), T: q.Type}), "p"},
		{&ir.Member{X: ir.AddrOf(ir.Ref(x)), Field: fa, Arrow: true, T: ir.IntType}, "x"},
		{&ir.Member{X: &ir.Call{Fn: &ir.FuncRef{Fn: &ir.Function{Name: "f", Type: &ir.Func{Result: st}}}, T: st}, Field: fa, T: ir.IntType}, ""},
	} {
		if got := baseName(tc.lv); got != tc.want {
			t.Errorf("baseName(%s) = %q, want %q", ir.ExprString(tc.lv), got, tc.want)
		}
	}
}
