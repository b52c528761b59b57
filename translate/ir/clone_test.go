package ir_test

import (
	"strings"
	"testing"

	"github.com/ladr-dev/ladr/translate/ir"
)

// cloneFixture is a function body using a parameter, a global, locals
// declared inside, labels and gotos, and a loop.
type cloneFixture struct {
	param, g, x, y, i *ir.Var
	body              *ir.Block
	lp                *ir.Loop
	siteA             *ir.InlineSite // an inline chain already present: A <- B
	siteB             *ir.InlineSite
}

func newCloneFixture() *cloneFixture {
	f := &cloneFixture{}
	f.param = &ir.Var{Name: "p", Type: ir.IntType, Class: ir.Param}
	f.g = global("g", ir.IntType)
	f.x = local("x", ir.IntType)
	f.y = local("y", arr(ir.IntType, 2))
	f.y.Init = nil
	f.i = local("i", ir.IntType)
	loc := func(line int) ir.Loc { return ir.Loc{Pos: ir.Pos{File: "c.c", Line: line}, Func: "callee"} }
	f.siteB = &ir.InlineSite{Pos: ir.Pos{File: "c.c", Line: 100}, Func: "outer"}
	f.siteA = &ir.InlineSite{Pos: ir.Pos{File: "c.c", Line: 50}, Func: "callee2", Parent: f.siteB}
	inl := loc(9)
	inl.Inline = f.siteA
	inl2 := loc(10)
	inl2.Inline = f.siteA
	f.lp = &ir.Loop{Loc: loc(6), Kind: ir.For, ID: 3,
		Cond: bin(ir.Lt, ref(f.i), ref(f.param)),
		Post: un(ir.PostInc, ref(f.i)),
		Body: ir.NewBlock(loc(6),
			&ir.If{Loc: loc(7), Cond: ref(f.x), Then: ir.NewBlock(loc(7), &ir.Break{Loc: loc(7)}), Else: ir.NewBlock(loc(7), &ir.Continue{Loc: loc(7)})},
		)}
	f.body = ir.NewBlock(loc(1),
		&ir.DeclStmt{Loc: loc(2), Var: f.x, Init: &ir.Init{Expr: bin(ir.Add, ref(f.param), ref(f.g))}},
		&ir.DeclStmt{Loc: loc(3), Var: f.y, Init: &ir.Init{IsList: true, T: f.y.Type, List: []ir.InitElem{{Index: 1, Value: &ir.Init{Expr: ref(f.x)}}}}},
		&ir.Goto{Loc: loc(4), Label: "done"},
		&ir.DeclStmt{Loc: loc(5), Var: f.i, Init: &ir.Init{Expr: lit(0)}},
		f.lp,
		&ir.Label{Loc: loc(8), Name: "done"},
		&ir.ExprStmt{Loc: inl, X: assign(ref(f.g), &ir.CompoundLit{T: arr(ir.IntType, 1), Init: &ir.Init{IsList: true, List: []ir.InitElem{{Index: 0, Value: &ir.Init{Expr: ref(f.x)}}}}})},
		&ir.ExprStmt{Loc: inl2, X: &ir.SizeofExpr{X: ref(f.x), T: ir.ULongType}},
		&ir.Unsupported{Loc: loc(11), What: "asm"},
		&ir.Return{Loc: loc(12), X: &ir.Cond{C: ref(f.x), X: index(ref(f.y), lit(1)), Y: &ir.Cast{X: ref(f.param), T: ir.IntType}, T: ir.IntType}},
	)
	return f
}

// vars returns the variables referenced (Ident) and declared (DeclStmt)
// under s.
func vars(s ir.Stmt) (refs, decls map[*ir.Var]int) {
	refs, decls = map[*ir.Var]int{}, map[*ir.Var]int{}
	ir.Inspect(s, func(n any) bool {
		switch x := n.(type) {
		case *ir.Ident:
			refs[x.Var]++
		case *ir.DeclStmt:
			decls[x.Var]++
		}
		return true
	})
	return refs, decls
}

// nodes returns the set of all nodes (statements, expressions, inits)
// under s.
func nodes(s ir.Stmt) map[any]bool {
	out := map[any]bool{}
	ir.Inspect(s, func(n any) bool { out[n] = true; return true })
	return out
}

func TestClonerDeepCopy(t *testing.T) {
	f := newCloneFixture()
	before := ir.String(&ir.Program{Globals: []*ir.Var{f.g}, Funcs: []*ir.Function{{Name: "callee", Type: fn(ir.IntType, ir.IntType), Params: []*ir.Var{f.param}, Body: f.body}}})
	cl := &ir.Cloner{}
	c := cl.Block(f.body)
	// Same printed program, no shared node.
	after := ir.String(&ir.Program{Globals: []*ir.Var{f.g}, Funcs: []*ir.Function{{Name: "callee", Type: fn(ir.IntType, ir.IntType), Params: []*ir.Var{f.param}, Body: c}}})
	if before != after {
		t.Errorf("the clone prints differently:\n%s\n---\n%s", before, after)
	}
	orig := nodes(f.body)
	for n := range nodes(c) {
		if orig[n] {
			t.Errorf("the clone shares %T with the original", n)
		}
	}
	// Declared variables are fresh copies; the clone refers to the copies.
	refs, decls := vars(c)
	for _, v := range []*ir.Var{f.x, f.y, f.i} {
		if refs[v] > 0 || decls[v] > 0 {
			t.Errorf("the clone still uses the original %s", v.Name)
		}
		nv := cl.Vars[v]
		if nv == nil || nv == v || nv.Name != v.Name || nv.Type != v.Type {
			t.Errorf("Vars[%s] = %v", v.Name, nv)
			continue
		}
		if decls[nv] != 1 {
			t.Errorf("the copy of %s is declared %d times", v.Name, decls[nv])
		}
	}
	if refs[cl.Vars[f.x]] != 5 {
		t.Errorf("the copy of x is referenced %d times, want 5", refs[cl.Vars[f.x]])
	}
	// Variables not declared in the block are kept.
	if refs[f.param] != 3 || refs[f.g] != 2 {
		t.Errorf("param referenced %d times, g %d times; want 3 and 2", refs[f.param], refs[f.g])
	}
	// Locs are kept (no Site), loop IDs too.
	if c.List[0].Origin().Pos != f.body.List[0].Origin().Pos || c.List[6].Origin().Inline != f.siteA {
		t.Errorf("Locs are not kept")
	}
	if c.List[4].(*ir.Loop).ID != 3 {
		t.Errorf("the loop ID is not kept")
	}
	// The original is unchanged.
	if ir.String(&ir.Program{Globals: []*ir.Var{f.g}, Funcs: []*ir.Function{{Name: "callee", Type: fn(ir.IntType, ir.IntType), Params: []*ir.Var{f.param}, Body: f.body}}}) != before {
		t.Errorf("cloning changed the original")
	}
}

func TestClonerVarSubstitution(t *testing.T) {
	f := newCloneFixture()
	arg := local("arg", ir.IntType)
	cl := &ir.Cloner{Vars: map[*ir.Var]*ir.Var{f.param: arg, f.g: f.x}}
	c := cl.Block(f.body)
	refs, _ := vars(c)
	if refs[f.param] != 0 || refs[arg] != 3 {
		t.Errorf("param still referenced %d times; arg %d times, want 3", refs[f.param], refs[arg])
	}
	// g is replaced by the original x (a substitution, not a declared copy).
	if refs[f.g] != 0 || refs[f.x] != 2 {
		t.Errorf("g referenced %d times, original x %d times; want 0 and 2", refs[f.g], refs[f.x])
	}
	// The declared x is still copied (and registered in Vars, replacing
	// nothing given by the caller for it).
	if cl.Vars[f.x] == nil || cl.Vars[f.x] == f.x {
		t.Errorf("the declared x is not copied")
	}
	if cl.Vars[f.param] != arg {
		t.Errorf("the caller's substitution was replaced")
	}
}

func TestClonerCopyVar(t *testing.T) {
	g := global("tbl", arr(ir.IntType, 2))
	src := global("src", ir.IntType)
	g.Init = &ir.Init{IsList: true, T: g.Type, List: []ir.InitElem{{Index: 0, Value: &ir.Init{Expr: ref(src)}}}}
	repl := global("repl", ir.IntType)
	cl := &ir.Cloner{Vars: map[*ir.Var]*ir.Var{src: repl}, VarName: func(v *ir.Var) string { return v.Name + "_copy" }}
	nv := cl.CopyVar(g)
	if nv == g || nv.Name != "tbl_copy" || nv.Class != ir.Global || cl.Vars[g] != nv {
		t.Errorf("CopyVar: %+v", nv)
	}
	if nv.Init == g.Init || nv.Init.List[0].Value.Expr.(*ir.Ident).Var != repl {
		t.Errorf("CopyVar does not clone the initializer with the substitutions")
	}
	if g.Name != "tbl" || g.Init.List[0].Value.Expr.(*ir.Ident).Var != src {
		t.Errorf("CopyVar changed the original")
	}
	// A nil Vars map is created on demand.
	var cl2 ir.Cloner
	if v := cl2.CopyVar(src); cl2.Vars[src] != v {
		t.Errorf("CopyVar with nil Vars does not register the copy")
	}
}

func TestClonerLabels(t *testing.T) {
	f := newCloneFixture()
	cl := &ir.Cloner{Label: func(l string) string { return l + "_i7" }}
	c := cl.Block(f.body)
	var labels, gotos []string
	ir.Inspect(ir.Stmt(c), func(n any) bool {
		switch x := n.(type) {
		case *ir.Label:
			labels = append(labels, x.Name)
		case *ir.Goto:
			gotos = append(gotos, x.Label)
		}
		return true
	})
	if strings.Join(labels, ",") != "done_i7" || strings.Join(gotos, ",") != "done_i7" {
		t.Errorf("labels %v, gotos %v; want done_i7", labels, gotos)
	}
	if f.body.List[2].(*ir.Goto).Label != "done" || f.body.List[5].(*ir.Label).Name != "done" {
		t.Errorf("the original labels changed")
	}
	// Break and continue are kept.
	if len(collect[*ir.Break](ir.Stmt(c))) != 1 || len(collect[*ir.Continue](ir.Stmt(c))) != 1 {
		t.Errorf("break/continue are not kept")
	}
}

func TestClonerInlineSites(t *testing.T) {
	f := newCloneFixture()
	site := &ir.InlineSite{Pos: ir.Pos{File: "c.c", Line: 200}, Func: "main"}
	cl := &ir.Cloner{Site: site}
	c := cl.Block(f.body)
	// A statement without a chain gets the site.
	for _, s := range []ir.Stmt{c, c.List[0], c.List[4], c.List[4].(*ir.Loop).Body.List[0]} {
		if s.Origin().Inline != site {
			t.Errorf("%T: Inline = %v, want the site", s, s.Origin().Inline)
		}
	}
	// A chain A <- B becomes A' <- B' <- site: copies (the original chain
	// is shared by other code), with the same positions.
	chain := c.List[6].Origin().Inline
	var got []string
	for s := chain; s != nil; s = s.Parent {
		got = append(got, s.Func+":"+itoa(s.Pos.Line))
	}
	if strings.Join(got, " <- ") != "callee2:50 <- outer:100 <- main:200" {
		t.Errorf("inline chain %v", got)
	}
	if chain == f.siteA || chain.Parent == f.siteB {
		t.Errorf("the original chain objects are reused")
	}
	if f.siteB.Parent != nil || f.siteA.Parent != f.siteB {
		t.Errorf("the original chain was modified")
	}
	// Two statements sharing a chain share the copied chain.
	if c.List[7].Origin().Inline != chain {
		t.Errorf("statements sharing an inline chain do not share its copy")
	}
	// Positions and functions of the statements are kept.
	if c.List[6].Origin().Pos != f.body.List[6].Origin().Pos || c.List[6].Origin().Func != "callee" {
		t.Errorf("the Loc of a cloned statement changed")
	}
	// Cloning the clone again adds one more level.
	site2 := &ir.InlineSite{Pos: ir.Pos{File: "c.c", Line: 300}, Func: "T1"}
	c2 := (&ir.Cloner{Site: site2}).Block(c)
	n := 0
	for s := c2.List[6].Origin().Inline; s != nil; s = s.Parent {
		n++
	}
	if n != 4 {
		t.Errorf("a twice cloned chain has %d sites, want 4", n)
	}
}

func TestClonerExprKinds(t *testing.T) {
	// Every expression kind is cloned into a distinct node that prints the
	// same.
	e := newExprEnv()
	exprs := []ir.Expr{
		ref(e.a), e.fref(), lit(5), &ir.FloatLit{Val: 1.5, T: &ir.Basic{Kind: ir.Double}},
		&ir.StringLit{Val: "s", ElemSize: 1, T: arr(ir.CharType, 2)},
		un(ir.Neg, ref(e.a)), bin(ir.Add, ref(e.a), ref(e.b)), &ir.Assign{Op: ir.Mul, L: ref(e.a), R: lit(2), T: intT},
		cond(ref(e.a), ref(e.b), ref(e.c)), comma(ref(e.a), ref(e.b)), index(ref(e.arr), lit(1)),
		e.member(ref(e.s), e.x), cast(ir.LongType, ref(e.a)), e.call(e.fref(), ref(e.a)),
		&ir.SizeofType{Of: ir.IntType, T: ir.ULongType}, &ir.SizeofExpr{X: ref(e.a), T: ir.ULongType},
		&ir.CompoundLit{T: e.st, Init: &ir.Init{IsList: true, T: e.st, List: []ir.InitElem{{Field: e.x, Value: &ir.Init{Expr: lit(1)}}}}},
		&ir.VaArg{X: ref(e.a), T: ir.IntType}, &ir.Bad{Why: "x", T: ir.IntType},
	}
	for _, x := range exprs {
		c := (&ir.Cloner{}).Expr(x)
		if c == x {
			t.Errorf("%T is not copied", x)
		}
		if ir.ExprString(c) != ir.ExprString(x) {
			t.Errorf("%T: clone prints %q, want %q", x, ir.ExprString(c), ir.ExprString(x))
		}
		if c.Type() != x.Type() {
			t.Errorf("%T: clone has another type", x)
		}
	}
	if (&ir.Cloner{}).Expr(nil) != nil || (&ir.Cloner{}).Init(nil) != nil || (&ir.Cloner{}).Block(nil) != nil {
		t.Errorf("cloning nil gives non-nil")
	}
}
