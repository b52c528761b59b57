package ir_test

import (
	"fmt"
	"math"
	"math/rand"
	"testing"

	"github.com/ladr-dev/ladr/translate/cfront"
	"github.com/ladr-dev/ladr/translate/ir"
)

var frontend = cfront.New()

// exprGen builds a random int expression over the variables of exprEnv
// from a byte string. Constant subexpressions other than single literals
// are avoided: the front end folds them, so they would not parse back to
// the same tree.
type exprGen struct {
	e    *exprEnv
	data []byte
	pos  int
}

func (g *exprGen) next() int {
	if g.pos >= len(g.data) {
		return 0
	}
	b := g.data[g.pos]
	g.pos++
	return int(b)
}

func (g *exprGen) variable() ir.Expr {
	return ref([]*ir.Var{g.e.a, g.e.b, g.e.c}[g.next()%3])
}

var literals = []ir.Expr{
	lit(1), lit(2), lit(7), lit(-1), lit(-100), lit(math.MinInt32), ir.Lit(65, ir.CharType), ir.Lit(-3, ir.LongType),
	&ir.IntLit{Val: 4000000000, T: ir.UIntType}, &ir.IntLit{Val: 5, T: ir.ULongLongType},
}

// operand returns an expression, sometimes a literal (for the operand of
// arithmetic that cannot become constant: the other operand is not).
func (g *exprGen) operand(depth int) ir.Expr {
	if g.next()%5 == 0 {
		return (&ir.Cloner{}).Expr(literals[g.next()%len(literals)])
	}
	return g.expr(depth)
}

func (g *exprGen) lvalue(depth int) ir.Expr {
	e := g.e
	switch g.next() % 8 {
	case 0:
		return deref(ref(e.p))
	case 1:
		return index(ref(e.arr), g.expr(depth-1))
	case 2:
		return e.member(ref(e.s), e.x)
	case 3:
		return e.arrow(ref(e.ps), e.y)
	case 4:
		return e.member(deref(ref(e.ps)), e.x)
	case 5:
		return index(ref(e.p), g.expr(depth-1))
	case 6:
		return deref(ir.AddrOf(g.variable()))
	}
	return g.variable()
}

var (
	binOps    = []ir.Op{ir.Mul, ir.Div, ir.Rem, ir.Add, ir.Sub, ir.Shl, ir.Shr, ir.Lt, ir.Gt, ir.Le, ir.Ge, ir.Eq, ir.Ne, ir.And, ir.Xor, ir.Or, ir.LAnd, ir.LOr}
	litOK     = map[ir.Op]bool{ir.Add: true, ir.Sub: true, ir.Mul: true, ir.Lt: true, ir.Ge: true, ir.Eq: true, ir.Ne: true, ir.And: true, ir.Xor: true, ir.Or: true}
	assignOps = []ir.Op{ir.OpNone, ir.OpNone, ir.Add, ir.Sub, ir.Mul, ir.Div, ir.Rem, ir.Shl, ir.Shr, ir.And, ir.Xor, ir.Or}
	unOps     = []ir.Op{ir.Neg, ir.Plus, ir.Not, ir.BitNot}
	incOps    = []ir.Op{ir.PreInc, ir.PreDec, ir.PostInc, ir.PostDec}
)

func (g *exprGen) expr(depth int) ir.Expr {
	e := g.e
	if depth <= 0 {
		return g.variable()
	}
	d := depth - 1
	switch g.next() % 14 {
	case 0:
		return g.variable()
	case 1:
		return un(unOps[g.next()%len(unOps)], g.expr(d))
	case 2, 3:
		op := binOps[g.next()%len(binOps)]
		x := g.expr(d)
		var y ir.Expr
		if litOK[op] {
			y = g.operand(d)
		} else {
			y = g.expr(d)
		}
		if g.next()%2 == 0 && litOK[op] {
			x, y = y, x
		}
		return bin(op, x, y)
	case 4:
		return &ir.Assign{Op: assignOps[g.next()%len(assignOps)], L: g.lvalue(d), R: g.expr(d), T: ir.IntType}
	case 5:
		return cond(g.expr(d), g.expr(d), g.expr(d))
	case 6:
		return comma(g.expr(d), g.expr(d))
	case 7:
		return un(incOps[g.next()%len(incOps)], g.lvalue(d))
	case 8:
		return e.call(e.fref(), g.expr(d))
	case 9:
		if g.next()%2 == 0 {
			return e.call(deref(ref(e.fp)), g.expr(d))
		}
		return e.call(ref(e.fp), g.expr(d))
	case 10:
		return cast([]ir.Type{ir.LongType, ir.CharType, ir.UIntType, &ir.Basic{Kind: ir.Short}}[g.next()%4], g.expr(d))
	case 11, 12:
		return g.lvalue(d)
	case 13:
		return deref(&ir.Binary{Op: ir.Add, X: ref(e.p), Y: g.expr(d), T: intPtr})
	}
	return g.variable()
}

// roundTrip prints int t = x; in a program, parses the output and checks
// that t's initializer prints as x does.
func roundTrip(t *testing.T, e *exprEnv, x ir.Expr) {
	t.Helper()
	want := ir.ExprString(x)
	text, _ := printProg(t, e.program(decl(local("t", ir.IntType), x)))
	p, err := frontend.Parse("roundtrip.c", []byte(text), cfront.Options{})
	if err != nil {
		t.Fatalf("the printed expression %s does not parse: %v", want, err)
	}
	var got ir.Expr
	ir.Inspect(ir.Stmt(p.Func("main").Body), func(n any) bool {
		if d, ok := n.(*ir.DeclStmt); ok && d.Var.Name == "t" && d.Init != nil {
			got = d.Init.Expr
		}
		return true
	})
	if got == nil {
		t.Fatalf("t is not declared in the parsed program:\n%s", text)
	}
	if g := ir.ExprString(got); g != want {
		t.Fatalf("printed as\n  %s\nparsed back as\n  %s", want, g)
	}
}

// FuzzPrintRoundTrip: a random expression tree, printed, parses back into
// the same tree (the printer's parentheses are right).
func FuzzPrintRoundTrip(f *testing.F) {
	r := rand.New(rand.NewSource(1))
	for i := 0; i < 16; i++ {
		b := make([]byte, 32)
		r.Read(b)
		f.Add(b)
	}
	f.Add([]byte{2, 4, 3, 2, 1})
	f.Fuzz(func(t *testing.T, data []byte) {
		e := newExprEnv()
		g := &exprGen{e: e, data: data}
		roundTrip(t, e, g.expr(6))
	})
}

// TestPrintRoundTripRandom runs the round trip on a few hundred random
// expressions (FuzzPrintRoundTrip's property without the fuzzer).
func TestPrintRoundTripRandom(t *testing.T) {
	r := rand.New(rand.NewSource(42))
	n := 150
	if testing.Short() {
		n = 20
	}
	all := newExprEnv()
	var decls []ir.Stmt
	for i := 0; i < n; i++ {
		b := make([]byte, 64)
		r.Read(b)
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			e := newExprEnv()
			roundTrip(t, e, (&exprGen{e: e, data: b}).expr(5))
		})
		decls = append(decls, decl(local(fmt.Sprintf("t%d", i), ir.IntType), (&exprGen{e: all, data: b}).expr(5)))
	}
	// gcc accepts them all.
	text, _ := printProg(t, all.program(decls...))
	gccBoth(t, text)
}
