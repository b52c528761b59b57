package ir_test

import (
	"strings"
	"testing"

	"github.com/ladr-dev/ladr/translate/ir"
)

func TestHostOf(t *testing.T) {
	st := &ir.Struct{Tag: "s", Complete: true}
	fa := &ir.Field{Name: "a", Type: &ir.Array{Elem: ir.IntType, Len: 4}}
	fn := &ir.Field{Name: "n", Type: &ir.Pointer{Elem: st}}
	st.Fields = []*ir.Field{fa, fn}
	x := global("x", st)
	p := global("p", &ir.Pointer{Elem: st})
	q := global("q", &ir.Pointer{Elem: ir.IntType})
	member := func(e ir.Expr, f *ir.Field, arrow bool) ir.Expr {
		return &ir.Member{X: e, Field: f, Arrow: arrow, T: f.Type}
	}
	index := func(e, i ir.Expr) ir.Expr { return &ir.Index{X: e, I: i, T: ir.IntType} }
	for _, tc := range []struct {
		lv     ir.Expr
		v      *ir.Var
		ptr    string // the pointer expression, "" for none
		deref  bool
		offset string // the offset steps, printed
	}{
		{lv: ref(x), v: x},
		{lv: index(member(ref(x), fa, false), lit(2)), v: x, offset: "x.a x.a[2]"},
		{lv: deref(ref(q)), ptr: "q", deref: true},
		{lv: index(ref(q), lit(1)), ptr: "q", offset: "q[1]"},
		{lv: index(member(ref(p), fa, true), lit(1)), ptr: "p", offset: "p->a p->a[1]"},
		{lv: member(member(ref(p), fn, true), fa, true), ptr: "p->n", offset: "p->n->a"},
		{lv: deref(un(ir.Addr, ref(x))), ptr: "&x", deref: true},
		{lv: &ir.Call{Fn: &ir.FuncRef{Fn: &ir.Function{Name: "f", Type: fnType(st)}}, T: st}},
	} {
		h := ir.HostOf(tc.lv)
		name := ir.ExprString(tc.lv)
		if h.Var != tc.v {
			t.Errorf("%s: Var = %v, want %v", name, h.Var, tc.v)
		}
		ptr := ""
		if h.Ptr != nil {
			ptr = ir.ExprString(h.Ptr)
		}
		if ptr != tc.ptr || h.Deref != tc.deref {
			t.Errorf("%s: Ptr, Deref = %q, %v; want %q, %v", name, ptr, h.Deref, tc.ptr, tc.deref)
		}
		var steps []string
		for _, s := range h.Offset {
			steps = append(steps, ir.ExprString(s))
		}
		if got := strings.Join(steps, " "); got != tc.offset {
			t.Errorf("%s: Offset = %q, want %q", name, got, tc.offset)
		}
		if got := ir.DirectVar(tc.lv); got != tc.v {
			t.Errorf("%s: DirectVar = %v, want %v", name, got, tc.v)
		}
	}
}

func fnType(res ir.Type) *ir.Func { return &ir.Func{Result: res} }
