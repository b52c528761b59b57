package ir_test

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/ladr-dev/ladr/translate/ir"
)

// describe names a node for traces.
func describe(n any) string {
	switch x := n.(type) {
	case *ir.Ident:
		return x.Var.Name
	case *ir.IntLit:
		return fmt.Sprint(int64(x.Val))
	case *ir.FuncRef:
		return x.Fn.Name
	case *ir.Binary:
		return x.Op.String()
	case *ir.Unary:
		return "u" + x.Op.String()
	case *ir.Assign:
		return "="
	case *ir.Call:
		return "call"
	case *ir.Init:
		return "init"
	case ir.Stmt:
		return strings.TrimPrefix(fmt.Sprintf("%T", x), "*ir.")
	}
	return strings.TrimPrefix(fmt.Sprintf("%T", n), "*ir.")
}

func TestInspectOrder(t *testing.T) {
	a, b := global("a", intT), global("b", intT)
	x := local("x", intT)
	f := &ir.Function{Name: "f", Type: fn(ir.IntType, ir.IntType)}
	body := block(
		decl(x, bin(ir.Add, ref(a), lit(1))),
		&ir.If{Cond: ref(x), Then: block(stmt(assign(ref(b), &ir.Call{Fn: &ir.FuncRef{Fn: f}, Args: []ir.Expr{ref(x)}, T: intT}))), Else: block(&ir.Break{})},
		&ir.Loop{Kind: ir.For, Cond: bin(ir.Lt, ref(x), lit(3)), Post: un(ir.PostInc, ref(x)), Body: block(&ir.Continue{})},
		&ir.Return{X: &ir.SizeofExpr{X: ref(a), T: ir.ULongType}},
		&ir.Return{},
	)
	var trace []string
	ir.Inspect(ir.Stmt(body), func(n any) bool {
		trace = append(trace, describe(n))
		return true
	})
	want := "Block DeclStmt init + a 1 If x Block ExprStmt = b call f x Block Break " +
		"Loop < x 3 u++ x Block Continue Return SizeofExpr a Return"
	if got := strings.Join(trace, " "); got != want {
		t.Errorf("Inspect order:\n got %s\nwant %s", got, want)
	}

	// Returning false skips the children of a node.
	trace = nil
	ir.Inspect(ir.Stmt(body), func(n any) bool {
		trace = append(trace, describe(n))
		switch n.(type) {
		case *ir.If, *ir.Binary, *ir.SizeofExpr:
			return false
		}
		return true
	})
	want = "Block DeclStmt init + If Loop < u++ x Block Continue Return SizeofExpr Return"
	if got := strings.Join(trace, " "); got != want {
		t.Errorf("Inspect with pruning:\n got %s\nwant %s", got, want)
	}

	// Inspect accepts expressions, initializers and nil.
	n := 0
	ir.Inspect(nil, func(any) bool { n++; return true })
	ir.Inspect((*ir.Init)(nil), func(any) bool { n++; return true })
	if n != 0 {
		t.Errorf("Inspect(nil) calls f")
	}
	in := &ir.Init{IsList: true, List: []ir.InitElem{{Index: 0, Value: &ir.Init{Expr: ref(a)}}, {Index: 1, Value: &ir.Init{IsList: true, List: []ir.InitElem{{Index: 0, Value: &ir.Init{Expr: lit(2)}}}}}}}
	trace = nil
	ir.Inspect(in, func(n any) bool { trace = append(trace, describe(n)); return true })
	if got := strings.Join(trace, " "); got != "init init a init init 2" {
		t.Errorf("Inspect of an initializer: %s", got)
	}
}

func TestChildrenAndCalls(t *testing.T) {
	a, b := global("a", intT), global("b", intT)
	f := &ir.Function{Name: "f", Type: fn(ir.IntType, ir.IntType)}
	g := &ir.Function{Name: "g", Type: fn(ir.IntType, ir.IntType)}
	call := func(fn *ir.Function, args ...ir.Expr) *ir.Call {
		return &ir.Call{Fn: &ir.FuncRef{Fn: fn}, Args: args, T: intT}
	}
	inner := call(g, ref(b))
	outer := call(f, inner)
	sz := call(g, lit(9))
	e := bin(ir.Add, outer, &ir.SizeofExpr{X: sz, T: ir.ULongType})
	calls := ir.Calls(e)
	if len(calls) != 2 || calls[0] != inner || calls[1] != outer {
		t.Errorf("Calls = %v, want [g(b) f(g(b))] (operands first, sizeof skipped)", calls)
	}
	tests := []struct {
		e    ir.Expr
		want string
	}{
		{bin(ir.Sub, ref(a), ref(b)), "a b"},
		{cond(ref(a), ref(b), lit(1)), "a b 1"},
		{&ir.Call{Fn: &ir.FuncRef{Fn: f}, Args: []ir.Expr{ref(a), ref(b)}}, "f a b"},
		{&ir.Assign{Op: ir.Add, L: ref(a), R: ref(b)}, "a b"},
		{index(ref(global("arr", arr(ir.IntType, 2))), ref(a)), "arr a"},
		{&ir.SizeofExpr{X: ref(a)}, "a"},
		{&ir.CompoundLit{Init: &ir.Init{IsList: true, List: []ir.InitElem{{Index: 0, Value: &ir.Init{Expr: ref(a)}}, {Index: 1, Value: &ir.Init{Expr: ref(b)}}}}}, "a b"},
		{ref(a), ""},
		{lit(1), ""},
	}
	for _, tc := range tests {
		var got []string
		for _, c := range ir.Children(tc.e) {
			got = append(got, describe(c))
		}
		if strings.Join(got, " ") != tc.want {
			t.Errorf("Children(%s) = %v, want %s", ir.ExprString(tc.e), got, tc.want)
		}
	}
	// CalledFunc sees through &, * and casts.
	fp := ptr(f.Type)
	for _, fnx := range []ir.Expr{&ir.FuncRef{Fn: f}, &ir.Unary{Op: ir.Addr, X: &ir.FuncRef{Fn: f}, T: fp}, deref(&ir.Unary{Op: ir.Addr, X: &ir.FuncRef{Fn: f}, T: fp}), cast(fp, &ir.FuncRef{Fn: f})} {
		if got := ir.CalledFunc(&ir.Call{Fn: fnx}); got != f {
			t.Errorf("CalledFunc(%s) = %v", ir.ExprString(fnx), got)
		}
	}
	if ir.CalledFunc(&ir.Call{Fn: ref(global("fp", fp))}) != nil {
		t.Errorf("CalledFunc of a call through a pointer variable is not nil")
	}
}

func TestRewriteExpr(t *testing.T) {
	a, b, c := global("a", intT), global("b", intT), global("c", intT)
	// (a + b) * f(a, c): replace a by 7, then record the bottom-up order.
	f := &ir.Function{Name: "f", Type: fn(ir.IntType, ir.IntType, ir.IntType)}
	add := bin(ir.Add, ref(a), ref(b))
	call := &ir.Call{Fn: &ir.FuncRef{Fn: f}, Args: []ir.Expr{ref(a), ref(c)}, T: intT}
	e := bin(ir.Mul, add, call)
	var order []string
	out := ir.RewriteExpr(e, func(x ir.Expr) ir.Expr {
		order = append(order, describe(x))
		if id, ok := x.(*ir.Ident); ok && id.Var == a {
			return lit(7)
		}
		return x
	})
	if got := strings.Join(order, " "); got != "a b + f a c call *" {
		t.Errorf("RewriteExpr order %q, want children before parents", got)
	}
	if out != e {
		t.Errorf("the root was replaced although f kept it")
	}
	if got := ir.ExprString(out); got != "(7 + b) * f(7, c)" {
		t.Errorf("rewritten: %s", got)
	}
	// In place: the original nodes were modified.
	if add.(*ir.Binary).X.(*ir.IntLit) == nil || call.Args[0].(*ir.IntLit) == nil {
		t.Errorf("RewriteExpr did not rewrite in place")
	}
	// The parent sees its rewritten children; the root may be replaced.
	out = ir.RewriteExpr(bin(ir.Sub, ref(b), ref(c)), func(x ir.Expr) ir.Expr {
		if bx, ok := x.(*ir.Binary); ok {
			return un(ir.Neg, bx)
		}
		return x
	})
	if got := ir.ExprString(out); got != "-(b - c)" {
		t.Errorf("root replacement: %s", got)
	}
	if ir.RewriteExpr(nil, func(x ir.Expr) ir.Expr { t.Errorf("f called for nil"); return x }) != nil {
		t.Errorf("RewriteExpr(nil) is not nil")
	}
	// Every expression kind with operands is descended into.
	e2 := newExprEnv()
	kinds := []ir.Expr{
		un(ir.Neg, ref(a)), &ir.Assign{L: ref(b), R: ref(a), T: intT}, cond(ref(a), ref(a), ref(a)), comma(ref(b), ref(a)),
		index(ref(e2.arr), ref(a)), e2.member(&ir.CompoundLit{T: e2.st, Init: &ir.Init{IsList: true, List: []ir.InitElem{{Field: e2.x, Value: &ir.Init{Expr: ref(a)}}}}}, e2.x),
		cast(ir.LongType, ref(a)), &ir.SizeofExpr{X: ref(a), T: ir.ULongType}, &ir.VaArg{X: ref(a), T: intT},
	}
	for _, k := range kinds {
		before := ir.ExprString(k)
		out := ir.RewriteExpr(k, func(x ir.Expr) ir.Expr {
			if id, ok := x.(*ir.Ident); ok && id.Var == a {
				return ref(c)
			}
			return x
		})
		if refs, _ := vars(stmt(out)); refs[a] != 0 {
			t.Errorf("RewriteExpr does not reach every operand of %s: %s", before, ir.ExprString(out))
		}
	}
}

func TestRewriteStmtExprs(t *testing.T) {
	a, b := global("a", intT), global("b", intT)
	x := local("x", intT)
	body := block(
		decl(x, ref(a)),
		stmt(assign(ref(b), ref(a))),
		&ir.If{Cond: ref(a), Then: block(&ir.Return{X: ref(a)})},
		&ir.Loop{Kind: ir.For, Cond: ref(a), Post: un(ir.PostInc, ref(a)), Body: block()},
		&ir.Loop{Kind: ir.While, Body: block()},
	)
	calls := 0
	ir.RewriteStmtExprs(body, func(e ir.Expr) ir.Expr {
		calls++
		if id, ok := e.(*ir.Ident); ok && id.Var == a {
			return ref(b)
		}
		return e
	})
	refs, _ := vars(body)
	if refs[a] != 0 || refs[b] != 7 {
		t.Errorf("after rewriting: a referenced %d times, b %d times; want 0 and 7", refs[a], refs[b])
	}
	// Each expression node is visited exactly once.
	if calls != 9 {
		t.Errorf("f called %d times, want 9", calls)
	}
}

func TestRewriteBlocks(t *testing.T) {
	mk := func(n int64) ir.Stmt { return stmt(lit(n)) }
	inner := block(mk(3), mk(4))
	ifs := &ir.If{Cond: lit(1), Then: block(mk(5)), Else: block(mk(6), inner)}
	lp := &ir.Loop{Kind: ir.While, Body: block(mk(7), mk(8))}
	body := block(mk(1), ifs, mk(2), lp)
	var order []string
	ir.RewriteBlocks(body, func(s ir.Stmt) []ir.Stmt {
		switch x := s.(type) {
		case *ir.ExprStmt:
			v := int64(x.X.(*ir.IntLit).Val)
			order = append(order, fmt.Sprint(v))
			switch {
			case v%2 == 0:
				return nil // delete even statements
			case v == 5:
				return []ir.Stmt{s, s} // duplicate 5
			}
		default:
			order = append(order, describe(s))
		}
		return []ir.Stmt{s}
	})
	// Innermost first: a statement's nested blocks are rewritten before
	// f sees the statement.
	if got := strings.Join(order, " "); got != "1 5 6 3 4 Block If 2 7 8 Loop" {
		t.Errorf("visit order %q", got)
	}
	text := ir.String(&ir.Program{Funcs: []*ir.Function{{Name: "main", Type: fn(ir.IntType), Body: body}}})
	text = afterPrelude(t, text)
	want := "int main(void)\n{\n  1;\n  if (1)\n  {\n    5;\n    5;\n  } else\n  {\n    {\n      3;\n    }\n  }\n  while (1)\n  {\n    7;\n  }\n}\n"
	if !strings.HasSuffix(text, want) {
		t.Errorf("after RewriteBlocks:\n%s\nwant\n%s", text, want)
	}
	// A statement that is not a block: only its nested blocks are visited.
	n := 0
	ir.RewriteBlocks(stmt(lit(1)), func(s ir.Stmt) []ir.Stmt { n++; return []ir.Stmt{s} })
	if n != 0 {
		t.Errorf("RewriteBlocks on a non-block statement calls f")
	}
}

func TestPosAndLoc(t *testing.T) {
	if (ir.Pos{}).IsValid() || (ir.Pos{}).String() != "-" {
		t.Errorf("the zero Pos is valid or prints %q", ir.Pos{}.String())
	}
	if got := (ir.Pos{File: "a.c", Line: 3, Col: 4}).String(); got != "a.c:3:4" {
		t.Errorf("Pos.String = %q", got)
	}
	if got := (ir.Pos{File: "a.c", Line: 3}).String(); got != "a.c:3" {
		t.Errorf("Pos.String = %q", got)
	}
	l := &ir.Loc{Func: "f"}
	if l.Origin() != l {
		t.Errorf("Loc.Origin is not the Loc")
	}
	s := &ir.ExprStmt{Loc: ir.Loc{Func: "g"}}
	if s.Origin() != &s.Loc {
		t.Errorf("a statement's Origin is not its Loc")
	}
	// Kinds and ops print their C spelling.
	if ir.ULongLong.String() != "unsigned long long" || ir.Kind(999).String() != "Kind(999)" || ir.Shl.String() != "<<" {
		t.Errorf("Kind/Op String")
	}
	if ir.BitVectorType(7).String() != "__LADR_BV(7)" {
		t.Errorf("BitVectorType String")
	}
	// Helpers on types and lvalues.
	st := &ir.Struct{Tag: "S", Fields: []*ir.Field{{Name: "a", Type: intT}}}
	if st.FieldByName("a") == nil || st.FieldByName("b") != nil {
		t.Errorf("FieldByName")
	}
	checks := map[string]bool{
		"IsInteger(bv)":   ir.IsInteger(ir.BitVectorType(3)),
		"!IsInteger(dbl)": !ir.IsInteger(&ir.Basic{Kind: ir.Double}),
		"IsScalar(ptr)":   ir.IsScalar(intPtr),
		"!IsScalar(st)":   !ir.IsScalar(st),
		"IsSigned(char)":  ir.IsSigned(ir.CharType),
		"!IsSigned(uint)": !ir.IsSigned(ir.UIntType),
		"Elem(arr)":       ir.Elem(arr(ir.CharType, 2)) == ir.CharType,
		"Elem(int) nil":   ir.Elem(ir.IntType) == nil,
		"lvalue deref":    ir.IsLvalue(deref(ref(global("p", intPtr)))),
		"lvalue arrow":    ir.IsLvalue(&ir.Member{X: lit(0), Arrow: true}),
		"!lvalue lit":     !ir.IsLvalue(lit(1)),
		"!lvalue call":    !ir.IsLvalue(&ir.Call{}),
	}
	for name, ok := range checks {
		if !ok {
			t.Errorf("%s fails", name)
		}
	}
	// Program helpers.
	p := &ir.Program{}
	v := p.AddGlobal("g", intT, nil)
	if p.Global("g") != v || !v.Synthetic || v.Class != ir.Global || p.Global("h") != nil {
		t.Errorf("AddGlobal/Global")
	}
	f1 := p.DeclareFunc("f", fn(ir.IntType))
	f2 := p.DeclareFunc("f", fn(ir.VoidType))
	if f1 != f2 || p.Func("f") != f1 || len(p.Funcs) != 1 || !reflect.DeepEqual(f1.Type, fn(ir.IntType)) {
		t.Errorf("DeclareFunc does not return the existing function")
	}
}

func TestAllocCall(t *testing.T) {
	ext := func(name string) *ir.Function {
		return &ir.Function{Name: name, Type: &ir.Func{Result: ir.VoidPtrType}}
	}
	defined := ext("malloc")
	defined.Body = &ir.Block{}
	call := func(f *ir.Function, n int) *ir.Call {
		c := &ir.Call{Fn: &ir.FuncRef{Fn: f}, T: ir.VoidPtrType}
		for range n {
			c.Args = append(c.Args, ir.IntConst(4))
		}
		return c
	}
	for _, tc := range []struct {
		name string
		e    ir.Expr
		want bool
	}{
		{"malloc", call(ext("malloc"), 1), true},
		{"malloc converted", &ir.Cast{X: call(ext("malloc"), 1), T: &ir.Pointer{Elem: ir.IntType}}, true},
		{"calloc", call(ext("calloc"), 2), true},
		{"builtin malloc", call(ext("__builtin_malloc"), 1), true},
		{"builtin calloc", call(ext("__builtin_calloc"), 2), true},
		{"malloc with two arguments", call(ext("malloc"), 2), false},
		{"calloc with one", call(ext("calloc"), 1), false},
		{"a malloc the program defines", call(defined, 1), false},
		{"realloc", call(ext("realloc"), 2), false},
		{"no call", ir.IntConst(0), false},
	} {
		if got := ir.AllocCall(tc.e) != nil; got != tc.want {
			t.Errorf("%s: AllocCall = %v, want %v", tc.name, got, tc.want)
		}
	}
}
