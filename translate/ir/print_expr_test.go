package ir_test

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/ladr-dev/ladr/translate/cfront"
	"github.com/ladr-dev/ladr/translate/ir"
)

// exprEnv is a small program whose main function holds one expression
// statement per test case.
type exprEnv struct {
	a, b, c, p, arr, s, ps, fp *ir.Var
	f                          *ir.Function
	st                         *ir.Struct
	x, y                       *ir.Field
}

func newExprEnv() *exprEnv {
	e := &exprEnv{}
	e.x = &ir.Field{Name: "x", Type: ir.IntType}
	e.y = &ir.Field{Name: "y", Type: ir.IntType}
	e.st = &ir.Struct{Tag: "S", Complete: true, Fields: []*ir.Field{e.x, e.y}}
	e.a, e.b, e.c = global("a", intT), global("b", intT), global("c", intT)
	e.p = global("p", intPtr)
	e.arr = global("arr", arr(ir.IntType, 4))
	e.s = global("s", e.st)
	e.ps = global("ps", ptr(e.st))
	e.f = &ir.Function{Name: "f", Type: fn(ir.IntType, ir.IntType), Params: []*ir.Var{{Name: "v", Type: ir.IntType, Class: ir.Param}}}
	e.f.Body = block(&ir.Return{X: ref(e.f.Params[0])})
	e.fp = global("fp", ptr(e.f.Type))
	return e
}

func (e *exprEnv) program(stmts ...ir.Stmt) *ir.Program {
	return &ir.Program{
		Structs: []*ir.Struct{e.st},
		Globals: []*ir.Var{e.a, e.b, e.c, e.p, e.arr, e.s, e.ps, e.fp},
		Funcs:   []*ir.Function{e.f, mainFunc(stmts...)},
	}
}

func (e *exprEnv) member(x ir.Expr, f *ir.Field) ir.Expr {
	return &ir.Member{X: x, Field: f, T: f.Type}
}
func (e *exprEnv) arrow(x ir.Expr, f *ir.Field) ir.Expr {
	return &ir.Member{X: x, Field: f, Arrow: true, T: f.Type}
}
func (e *exprEnv) call(fn ir.Expr, args ...ir.Expr) ir.Expr {
	return &ir.Call{Fn: fn, Args: args, T: ir.IntType}
}
func (e *exprEnv) fref() ir.Expr { return &ir.FuncRef{Fn: e.f} }
func index(x, i ir.Expr) ir.Expr { return &ir.Index{X: x, I: i, T: ir.Elem(x.Type())} }

func TestPrintExprPrecedence(t *testing.T) {
	e := newExprEnv()
	a, p := ref(e.a), ref(e.p)
	A := func() ir.Expr { return ref(e.a) }
	B := func() ir.Expr { return ref(e.b) }
	C := func() ir.Expr { return ref(e.c) }
	tests := []struct {
		name string
		x    ir.Expr
		want string
		// fold: the expression has constant parts the front end folds, so
		// it does not parse back to the same tree.
		fold bool
	}{
		{"right-nested subtraction", bin(ir.Sub, a, bin(ir.Sub, B(), C())), "a - (b - c)", false},
		{"left-nested subtraction", bin(ir.Sub, bin(ir.Sub, A(), B()), C()), "a - b - c", false},
		{"division chain", bin(ir.Mul, A(), bin(ir.Div, B(), C())), "a * (b / c)", false},
		{"mixed multiplicative", bin(ir.Mul, bin(ir.Div, A(), B()), C()), "a / b * c", false},
		{"double negation", un(ir.Neg, un(ir.Neg, A())), "- -a", false},
		{"negated pre-decrement", un(ir.Neg, un(ir.PreDec, A())), "- --a", false},
		{"plus plus", un(ir.Plus, un(ir.Plus, A())), "+ +a", false},
		{"plus pre-increment", un(ir.Plus, un(ir.PreInc, A())), "+ ++a", false},
		{"negated post-decrement", un(ir.Neg, un(ir.PostDec, A())), "-a--", false},
		{"not not", un(ir.Not, un(ir.Not, A())), "!!a", false},
		{"complement of negation", un(ir.BitNot, un(ir.Neg, A())), "~-a", false},
		{"not of comparison", un(ir.Not, bin(ir.Lt, A(), B())), "!(a < b)", false},
		{"deref post-increment", deref(un(ir.PostInc, p)), "*p++", false},
		{"post-increment of deref", un(ir.PostInc, deref(ref(e.p))), "(*p)++", false},
		{"pre-increment of deref", un(ir.PreInc, deref(ref(e.p))), "++*p", false},
		{"deref of pre-increment", deref(un(ir.PreInc, ref(e.p))), "*++p", false},
		{"address of element", ir.AddrOf(index(ref(e.arr), A())), "&arr[a]", false},
		{"deref of address", deref(ir.AddrOf(A())), "*&a", false},
		{"comma argument", e.call(e.fref(), comma(A(), B())), "f((a, b))", false},
		{"nested comma argument", e.call(ref(e.fp), comma(comma(A(), B()), C())), "fp((a, b, c))", false},
		{"right-nested comma", comma(A(), comma(B(), C())), "a, (b, c)", false},
		{"call through deref", e.call(deref(ref(e.fp)), A()), "(*fp)(a)", false},
		{"call of conditional", e.call(cond(A(), e.fref(), e.fref()), B()), "(a ? f : f)(b)", false},
		{"call of cast", e.call(cast(e.fp.Type, ref(e.fp)), A()), "((int (*)(int))fp)(a)", false},
		{"cast of sum", cast(ir.LongType, bin(ir.Add, A(), B())), "(long)(a + b)", false},
		{"cast of negation", cast(ir.LongType, un(ir.Neg, A())), "(long)-a", false},
		{"negated cast", un(ir.Neg, cast(ir.LongType, A())), "-(long)a", false},
		{"cast of cast", cast(ir.IntType, cast(ir.CharType, A())), "(int)(char)a", false},
		{"cast of conditional", cast(ir.UIntType, cond(A(), B(), C())), "(unsigned int)(a ? b : c)", false},
		{"index of cast", index(cast(intPtr, ref(e.p)), A()), "((int *)p)[a]", false},
		{"deref of cast", deref(cast(intPtr, ref(e.p))), "*(int *)p", false},
		{"deref of sum", deref(&ir.Binary{Op: ir.Add, X: ref(e.p), Y: A(), T: intPtr}), "*(p + a)", false},
		{"comma index", index(ref(e.arr), comma(A(), B())), "arr[a, b]", false},
		{"member of deref", e.member(deref(ref(e.ps)), e.x), "(*ps).x", false},
		{"arrow of address", e.arrow(ir.AddrOf(ref(e.s)), e.y), "(&s)->y", false},
		{"post-increment of arrow", un(ir.PostInc, e.arrow(ref(e.ps), e.x)), "ps->x++", false},
		{"pre-increment of arrow", un(ir.PreInc, e.arrow(ref(e.ps), e.x)), "++ps->x", false},
		{"right-nested conditional", cond(A(), B(), cond(C(), A(), B())), "a ? b : c ? a : b", false},
		{"left-nested conditional", cond(cond(A(), B(), C()), A(), B()), "(a ? b : c) ? a : b", false},
		{"middle-nested conditional", cond(A(), cond(B(), C(), A()), B()), "a ? b ? c : a : b", false},
		{"comma in middle operand", cond(A(), comma(B(), C()), A()), "a ? b, c : a", false},
		{"comma in last operand", cond(A(), B(), comma(C(), A())), "a ? b : (c, a)", false},
		{"assignment in last operand", cond(A(), B(), assign(C(), A())), "a ? b : (c = a)", false},
		{"assignment in middle operand", cond(A(), assign(B(), C()), A()), "a ? b = c : a", false},
		{"assignment as condition", cond(assign(A(), B()), C(), A()), "(a = b) ? c : a", false},
		{"conditional assigned", assign(A(), cond(B(), C(), A())), "a = b ? c : a", false},
		{"assignment chain", assign(A(), assign(B(), C())), "a = b = c", false},
		{"assignment operand", bin(ir.Add, assign(A(), B()), C()), "(a = b) + c", false},
		{"compound assignment chain", &ir.Assign{Op: ir.Add, L: A(), R: &ir.Assign{Op: ir.Shl, L: B(), R: C(), T: intT}, T: intT}, "a += b <<= c", false},
		{"comma assigned", assign(A(), comma(B(), C())), "a = (b, c)", false},
		{"and of equality", bin(ir.And, A(), bin(ir.Eq, B(), C())), "a & b == c", false},
		{"equality of and", bin(ir.Eq, bin(ir.And, A(), B()), C()), "(a & b) == c", false},
		{"shift of sum", bin(ir.Shl, A(), bin(ir.Add, B(), C())), "a << b + c", false},
		{"sum of shift", bin(ir.Add, bin(ir.Shl, A(), B()), C()), "(a << b) + c", false},
		{"or of and", bin(ir.LOr, A(), bin(ir.LAnd, B(), C())), "a || b && c", false},
		{"and of or", bin(ir.LAnd, bin(ir.LOr, A(), B()), C()), "(a || b) && c", false},
		{"right-nested and", bin(ir.LAnd, A(), bin(ir.LAnd, B(), C())), "a && (b && c)", false},
		{"xor of or", bin(ir.Xor, A(), bin(ir.Or, B(), C())), "a ^ (b | c)", false},
		{"or of xor", bin(ir.Or, A(), bin(ir.Xor, B(), C())), "a | b ^ c", false},
		{"relational chain", bin(ir.Eq, bin(ir.Lt, A(), B()), bin(ir.Lt, B(), C())), "a < b == b < c", false},
		{"minus negative literal", bin(ir.Sub, A(), lit(-1)), "a - -1", false},
		{"minus INT_MIN", bin(ir.Sub, A(), lit(math.MinInt32)), "a - (-2147483647 - 1)", false},
		{"negated negative literal", un(ir.Neg, lit(-1)), "- -1", true},
		{"negated INT_MIN", un(ir.Neg, lit(math.MinInt32)), "-(-2147483647 - 1)", true},
		{"negated char literal", un(ir.Neg, ir.Lit(3, ir.CharType)), "-(char)3", true},
		{"index of char literal", index(ref(e.arr), ir.Lit(1, ir.CharType)), "arr[(char)1]", false},
		{"member of literal-cast", bin(ir.Mul, ir.Lit(2, ir.UCharType), A()), "(unsigned char)2 * a", false},
		{"minus negative float", &ir.Binary{Op: ir.Sub, X: A(), Y: &ir.FloatLit{Val: -1.5, T: &ir.Basic{Kind: ir.Double}}, T: &ir.Basic{Kind: ir.Double}}, "a - -1.5", false},
		{"negated infinity", un(ir.Neg, &ir.FloatLit{Val: math.Inf(1), T: &ir.Basic{Kind: ir.Double}}), "-(1.0 / 0.0)", true},
		{"sizeof expression", &ir.SizeofExpr{X: bin(ir.Add, A(), B()), T: ir.ULongType}, "sizeof(a + b)", false},
		{"sizeof of comma", &ir.SizeofExpr{X: comma(A(), B()), T: ir.ULongType}, "sizeof(a, b)", false},
		{"sizeof type", &ir.SizeofType{Of: arr(ir.IntType, 3), T: ir.ULongType}, "sizeof(int [3])", false},
		{"alignof type", &ir.SizeofType{Of: &ir.Basic{Kind: ir.Double}, Align: true, T: ir.ULongType}, "_Alignof(double)", false},
		{"sum of sizeof", bin(ir.Add, &ir.SizeofExpr{X: A(), T: ir.ULongType}, B()), "sizeof(a) + b", false},
		{"compound literal member", e.member(&ir.CompoundLit{T: e.st, Init: &ir.Init{IsList: true, T: e.st, List: []ir.InitElem{{Field: e.y, Value: &ir.Init{Expr: A()}}}}}, e.y), "(struct S){ .y = a }.y", false},
		{"address of function", &ir.Unary{Op: ir.Addr, X: e.fref(), T: e.fp.Type}, "&f", false},
		{"string index", index(&ir.StringLit{Val: "ab", ElemSize: 1, T: arr(ir.CharType, 3)}, A()), `"ab"[a]`, false},
	}
	var stmts []ir.Stmt
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := ir.ExprString(tc.x); got != tc.want {
				t.Errorf("ExprString = %q, want %q", got, tc.want)
			}
		})
		stmts = append(stmts, stmt(tc.x))
	}
	// gcc accepts the printed statements; the front end parses each back
	// into the same tree (printed again, the same text). Each expression
	// initializes a local t<i>, so that the front end keeps it whole.
	var decls []ir.Stmt
	for i, tc := range tests {
		typ := tc.x.Type()
		if typ == nil || ir.IsVoid(typ) {
			typ = ir.IntType
		}
		decls = append(decls, decl(local(fmt.Sprintf("t%d", i), typ), tc.x))
	}
	text, _ := printProg(t, e.program(append(stmts, decls...)...))
	gccBoth(t, text)
	re, err := cfront.New().Parse("printed.c", []byte(text), cfront.Options{})
	if err != nil {
		t.Fatalf("the printed program does not parse: %v", err)
	}
	back := map[string]ir.Expr{}
	ir.Inspect(ir.Stmt(re.Func("main").Body), func(n any) bool {
		if d, ok := n.(*ir.DeclStmt); ok && d.Init != nil {
			back[d.Var.Name] = d.Init.Expr
		}
		return true
	})
	for i, tc := range tests {
		if tc.fold {
			continue
		}
		x := back[fmt.Sprintf("t%d", i)]
		if x == nil {
			t.Errorf("%s: t%d is not declared with an initializer in the parsed program", tc.name, i)
			continue
		}
		if got := ir.ExprString(x); got != tc.want {
			t.Errorf("%s: %q parses back as %q", tc.name, tc.want, got)
		}
	}
}

// TestPrintStatementExprs: expressions in statement positions (conditions,
// loop clauses, initializers) are printed without needless parentheses and
// parse back.
func TestPrintStatementExprs(t *testing.T) {
	e := newExprEnv()
	i := local("i", ir.IntType)
	loop := &ir.Loop{Kind: ir.For, Cond: bin(ir.Lt, ref(i), lit(3)), Post: comma(un(ir.PostInc, ref(i)), un(ir.PostDec, ref(e.a))), Body: block(&ir.Continue{})}
	prog := e.program(
		&ir.If{Cond: assign(ref(e.a), ref(e.b)), Then: block(stmt(lit(1)))},
		&ir.If{Cond: comma(ref(e.a), ref(e.b)), Then: block(), Else: block(stmt(ref(e.c)))},
		decl(i, comma(ref(e.a), ref(e.b))),
		&ir.Loop{Kind: ir.While, Cond: assign(ref(e.c), deref(ref(e.p))), Body: block(&ir.Break{})},
		&ir.Loop{Kind: ir.DoWhile, Cond: comma(ref(e.a), lit(0)), Body: block()},
		&ir.Loop{Kind: ir.While, Body: block(&ir.Break{})},
		loop,
		&ir.Return{X: cond(ref(e.a), ref(e.b), ref(e.c))},
	)
	text, _ := printProg(t, prog)
	for _, want := range []string{
		"  if (a = b)\n", "  if (a, b)\n", "  int i = (a, b);\n", "  while (c = *p)\n",
		"  do\n  {\n  } while (a, 0);\n", "  while (1)\n", "  for (; i < 3; i++, a--)\n", "  return a ? b : c;\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the printed program lacks %q", want)
		}
	}
	gccBoth(t, text)
}

func TestPrintLiterals(t *testing.T) {
	double := &ir.Basic{Kind: ir.Double}
	float := &ir.Basic{Kind: ir.Float}
	ldouble := &ir.Basic{Kind: ir.LongDouble}
	k := func(kind ir.Kind) ir.Type { return &ir.Basic{Kind: kind} }
	u64 := func(v int64) uint64 { return uint64(v) }
	tests := []struct {
		name  string
		x     ir.Expr
		want  string
		ctype string // the C type the printed literal must have
		value string // a C constant expression of that value ("" for none)
		lp64  bool   // valid only in LP64
	}{
		{"zero", lit(0), "0", "int", "0", false},
		{"int", lit(42), "42", "int", "42", false},
		{"negative int", lit(-7), "-7", "int", "-7", false},
		{"INT_MAX", lit(math.MaxInt32), "2147483647", "int", "2147483647", false},
		{"INT_MIN", lit(math.MinInt32), "(-2147483647 - 1)", "int", "-2147483647 - 1", false},
		{"int truncated", &ir.IntLit{Val: 1<<32 + 5, T: ir.IntType}, "5", "int", "5", false},
		{"UINT_MAX", &ir.IntLit{Val: math.MaxUint32, T: ir.UIntType}, "4294967295U", "unsigned int", "4294967295U", false},
		{"unsigned zero", &ir.IntLit{Val: 0, T: ir.UIntType}, "0U", "unsigned int", "0U", false},
		{"long", ir.Lit(-5, ir.LongType), "-5L", "long", "-5", false},
		{"LONG_MIN (LP64)", ir.Lit(math.MinInt64, ir.LongType), "(-9223372036854775807L - 1L)", "long", "-9223372036854775807L - 1", true},
		{"ULONG_MAX (LP64)", &ir.IntLit{Val: math.MaxUint64, T: ir.ULongType}, "18446744073709551615UL", "unsigned long", "18446744073709551615UL", true},
		{"unsigned long", &ir.IntLit{Val: 7, T: ir.ULongType}, "7UL", "unsigned long", "7UL", false},
		{"LLONG_MIN", ir.Lit(math.MinInt64, k(ir.LongLong)), "(-9223372036854775807LL - 1LL)", "long long", "-9223372036854775807LL - 1", false},
		{"long long", ir.Lit(1<<40, k(ir.LongLong)), "1099511627776LL", "long long", "1099511627776LL", false},
		{"ULLONG_MAX", &ir.IntLit{Val: math.MaxUint64, T: ir.ULongLongType}, "18446744073709551615ULL", "unsigned long long", "18446744073709551615ULL", false},
		{"char", ir.Lit(65, ir.CharType), "(char)65", "char", "65", false},
		{"negative char", ir.Lit(-1, ir.CharType), "(char)-1", "char", "-1", false},
		{"char truncated", &ir.IntLit{Val: 300, T: ir.CharType}, "(char)44", "char", "44", false},
		{"signed char min", ir.Lit(-128, k(ir.SChar)), "(signed char)-128", "signed char", "-128", false},
		{"unsigned char max", &ir.IntLit{Val: 255, T: ir.UCharType}, "(unsigned char)255", "unsigned char", "255", false},
		{"short min", ir.Lit(-32768, k(ir.Short)), "(short)-32768", "short", "-32768", false},
		{"unsigned short max", &ir.IntLit{Val: 65535, T: k(ir.UShort)}, "(unsigned short)65535", "unsigned short", "65535", false},
		{"true", ir.Lit(1, ir.BoolType), "(_Bool)1", "_Bool", "1", false},
		{"false", ir.Lit(0, ir.BoolType), "(_Bool)0", "_Bool", "0", false},
		{"bit-vector", &ir.IntLit{Val: 5, T: ir.BitVectorType(3)}, "(__LADR_BV(3))5U", "unsigned int", "5", false},
		{"int128 (LP64)", ir.Lit(-1, k(ir.Int128)), "(__int128)-1LL", "__int128", "-1", true},
		{"uint128 (LP64)", &ir.IntLit{Val: u64(1 << 62), T: k(ir.UInt128)}, "(unsigned __int128)4611686018427387904ULL", "unsigned __int128", "4611686018427387904ULL", true},
		{"double", &ir.FloatLit{Val: 0.1, T: double}, "0.1", "double", "", false},
		{"integral double", &ir.FloatLit{Val: 3, T: double}, "3.0", "double", "", false},
		{"large double", &ir.FloatLit{Val: 1e300, T: double}, "1e+300", "double", "", false},
		{"small double", &ir.FloatLit{Val: 5e-324, T: double}, "5e-324", "double", "", false},
		{"1e21", &ir.FloatLit{Val: 1e21, T: double}, "1e+21", "double", "", false},
		{"negative double", &ir.FloatLit{Val: -2.5, T: double}, "-2.5", "double", "", false},
		{"negative zero", &ir.FloatLit{Val: math.Copysign(0, -1), T: double}, "-0.0", "double", "", false},
		{"infinity", &ir.FloatLit{Val: math.Inf(1), T: double}, "(1.0 / 0.0)", "double", "", false},
		{"negative infinity", &ir.FloatLit{Val: math.Inf(-1), T: double}, "(-1.0 / 0.0)", "double", "", false},
		{"nan", &ir.FloatLit{Val: math.NaN(), T: double}, "(0.0 / 0.0)", "double", "", false},
		{"float", &ir.FloatLit{Val: 0.5, T: float}, "0.5f", "float", "", false},
		{"integral float", &ir.FloatLit{Val: 3, T: float}, "3.0f", "float", "", false},
		{"float infinity", &ir.FloatLit{Val: math.Inf(1), T: float}, "(1.0f / 0.0f)", "float", "", false},
		{"float nan", &ir.FloatLit{Val: math.NaN(), T: float}, "(0.0f / 0.0f)", "float", "", false},
		{"long double", &ir.FloatLit{Val: 1.5, T: ldouble}, "1.5L", "long double", "", false},
		{"long double exponent", &ir.FloatLit{Val: 1e-10, T: ldouble}, "1e-10L", "long double", "", false},
		// A _Float128 constant needs its suffix (f128 or q); without one it is
		// a double.
		{"_Float128", &ir.FloatLit{Val: 1.5, T: k(ir.Float128)}, "", "_Float128", "", false},
	}
	var checks []string
	var checks64 []string
	var stmts []ir.Stmt
	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := ir.ExprString(tc.x)
			if tc.want != "" && got != tc.want {
				t.Errorf("ExprString = %q, want %q", got, tc.want)
			}
			chk := fmt.Sprintf("_Static_assert(_Generic((%s), %s: 1, default: 0), \"literal %d (%s) has type %s\");", got, tc.ctype, i, tc.name, tc.ctype)
			if tc.value != "" {
				chk += fmt.Sprintf("\n_Static_assert((%s) == (%s), \"literal %d (%s) has value %s\");", got, tc.value, i, tc.name, tc.value)
			}
			if tc.lp64 {
				checks64 = append(checks64, chk)
			} else {
				checks = append(checks, chk)
			}
		})
		if !tc.lp64 {
			stmts = append(stmts, stmt(tc.x))
		}
	}
	text, _ := printProg(t, &ir.Program{Funcs: []*ir.Function{mainFunc(stmts...)}})
	gccSyntax(t, text+"\n"+strings.Join(append(checks, checks64...), "\n")+"\n", false)
	gccSyntax(t, text+"\n"+strings.Join(checks, "\n")+"\n", true)
}

func TestPrintStringLiterals(t *testing.T) {
	tests := []struct {
		name string
		val  string
		elem int
		want string // "" to check only with gcc
	}{
		{"plain", "plain", 1, `"plain"`},
		{"empty", "", 1, `""`},
		{"quote and backslash", `a"b\c`, 1, `"a\"b\\c"`},
		{"newline and tab", "a\nb\tc", 1, `"a\nb\tc"`},
		{"control characters", "\r\a\b\f\v", 1, `"\015\007\010\014\013"`},
		{"nul", "a\x00b", 1, `"a\000b"`},
		{"octal then digit", "\x01" + "2", 1, `"\0012"`},
		{"high bytes", "\x7f\x80\xff", 1, `"\177\200\377"`},
		{"trigraphs", "??=??/??'", 1, `"\?\?=\?\?/\?\?'"`},
		{"comment opener", "/* no */", 1, `"/* no */"`},
		{"wide ascii", "wide", 4, `L"wide"`},
		{"wide non-ascii", "\u00e9t\u00e9", 4, ""},
		{"wide beyond BMP", "\U0001F600", 4, ""},
		{"char16 non-ascii", "\u00e9", 2, ""},
	}
	var checks []string
	var stmts []ir.Stmt
	for i, tc := range tests {
		n := len([]rune(tc.val))
		if tc.elem == 1 {
			n = len(tc.val)
		}
		sl := &ir.StringLit{Val: tc.val, ElemSize: tc.elem, T: arr(ir.CharType, int64(n+1))}
		got := ir.ExprString(sl)
		if tc.want != "" && got != tc.want {
			t.Errorf("%s: ExprString = %s, want %s", tc.name, got, tc.want)
		}
		// The printed literal has the characters of Val: as many elements
		// (plus the NUL), and the same first and last elements.
		checks = append(checks, fmt.Sprintf("_Static_assert(sizeof(%s) / sizeof((%s)[0]) == %d, \"string %d (%s) has %d elements\");", got, got, n+1, i, tc.name, n+1))
		if tc.elem > 1 {
			checks = append(checks, fmt.Sprintf("_Static_assert(sizeof((%s)[0]) == %d, \"string %d (%s) has %d-byte elements\");", got, tc.elem, i, tc.name, tc.elem))
		}
		stmts = append(stmts, stmt(sl))
	}
	text, _ := printProg(t, &ir.Program{Funcs: []*ir.Function{mainFunc(stmts...)}})
	gccBoth(t, text+"\n"+strings.Join(checks, "\n")+"\n")
}

func TestPrintBadAndUnsupported(t *testing.T) {
	bad := &ir.Bad{Why: `statement expression "here"`, T: ir.IntType}
	tricky := &ir.Bad{Why: "back\\slash and\nnewline", T: ir.IntType}
	prog := &ir.Program{Funcs: []*ir.Function{mainFunc(
		stmt(bad),
		stmt(tricky),
		&ir.Unsupported{What: "inline assembly */ with a comment end"},
	)}}
	text, _ := printProg(t, prog)
	if !strings.Contains(text, `__LADR_BAD("statement expression 'here'")`) {
		t.Errorf("Bad is not printed as __LADR_BAD with the reason")
	}
	if !strings.Contains(text, "/* ladr: unsupported: inline assembly * / with a comment end */ __CPROVER_assume(0);") {
		t.Errorf("Unsupported is not printed as a comment and an assumption:\n%s", afterPrelude(t, text))
	}
	gccBoth(t, text)
}

func TestPrintInitializers(t *testing.T) {
	in := &ir.Struct{Tag: "In", Complete: true}
	fa := &ir.Field{Name: "a", Type: arr(ir.IntType, 3)}
	fc := &ir.Field{Name: "c", Type: ir.CharType}
	in.Fields = []*ir.Field{fa, fc}
	fin := &ir.Field{Name: "in", Type: arr(in, 2)}
	fu := &ir.Field{Name: "u", Type: nil}
	ui := &ir.Field{Name: "i", Type: ir.IntType}
	ub := &ir.Field{Name: "b", Type: arr(ir.CharType, 4)}
	un := &ir.Struct{Tag: "Un", Union: true, Complete: true, Fields: []*ir.Field{ui, ub}}
	fu.Type = un
	fname := &ir.Field{Name: "name", Type: arr(ir.CharType, 8)}
	fp := &ir.Field{Name: "p", Type: intPtr}
	out := &ir.Struct{Tag: "Out", Complete: true, Fields: []*ir.Field{fin, fu, fname, fp}}
	g := global("g", ir.IntType)

	val := func(x ir.Expr) *ir.Init { return &ir.Init{Expr: x} }
	list := func(t ir.Type, els ...ir.InitElem) *ir.Init { return &ir.Init{IsList: true, T: t, List: els} }
	at := func(i int64, v *ir.Init) ir.InitElem { return ir.InitElem{Index: i, Value: v} }
	dot := func(f *ir.Field, v *ir.Init) ir.InitElem { return ir.InitElem{Field: f, Value: v} }
	str := func(s string) *ir.Init {
		return val(&ir.StringLit{Val: s, ElemSize: 1, T: arr(ir.CharType, int64(len(s)+1))})
	}

	nested := global("nested", out)
	nested.Init = list(out,
		dot(fin, list(fin.Type, at(1, list(in, dot(fa, list(fa.Type, at(2, val(lit(7))))), dot(fc, val(ir.Lit('x', ir.CharType))))))),
		dot(fu, list(un, dot(ub, list(ub.Type, at(3, val(lit(1))))))),
		dot(fname, str("abc")),
		dot(fp, val(ir.AddrOf(ref(g)))),
	)
	empty := global("empty", out)
	empty.Init = list(out)
	arr2 := global("arr2", arr(arr(ir.IntType, 2), 2))
	arr2.Init = list(arr2.Type, at(0, list(arr(ir.IntType, 2), at(1, val(lit(1))))), at(1, list(arr(ir.IntType, 2))))
	scalar := global("scalar", ir.IntType)
	scalar.Init = val(lit(3))
	text := global("text", arr(ir.CharType, -1))
	text.Init = str("hi")
	ptrs := global("ptrs", arr(intPtr, 2))
	ptrs.Init = list(ptrs.Type, at(0, val(ir.AddrOf(ref(g)))), at(1, val(cast(intPtr, lit(0)))))
	cl := &ir.CompoundLit{T: in, Init: list(in, dot(fc, val(ir.Lit(1, ir.CharType))))}
	pcl := global("pcl", ptr(in))
	pcl.Init = val(ir.AddrOf(cl))

	l := local("l", out)
	prog := &ir.Program{
		Structs: []*ir.Struct{in, un, out},
		Globals: []*ir.Var{g, nested, empty, arr2, scalar, text, ptrs, pcl},
		Funcs: []*ir.Function{mainFunc(
			&ir.DeclStmt{Var: l, Init: list(out, dot(fu, list(un, dot(ui, val(ref(g))))), dot(fp, val(ir.AddrOf(ref(g)))))},
		)},
	}
	printed, _ := printProg(t, prog)
	for _, want := range []string{
		"struct Out nested = { .in = { [1] = { .a = { [2] = 7 }, .c = (char)120 } }, .u = { .b = { [3] = 1 } }, .name = \"abc\", .p = &g };",
		"struct Out empty = { 0 };",
		"int arr2[2][2] = { [0] = { [1] = 1 }, [1] = { 0 } };",
		"int scalar = 3;",
		"char text[] = \"hi\";",
		"int *ptrs[2] = { [0] = &g, [1] = (int *)0 };",
		"struct In *pcl = &(struct In){ .c = (char)1 };",
		"  struct Out l = { .u = { .i = g }, .p = &g };",
	} {
		if !strings.Contains(printed, want+"\n") {
			t.Errorf("the printed program lacks\n%s", want)
		}
	}
	gccBoth(t, printed)
}

// TestPrintAnonymousMemberInitializer: an element of an initializer list
// may designate an anonymous member (Field.Name == ""). The printer writes
// it as a positional element, which C places after the previously
// initialized member: that is the anonymous member only if it directly
// follows that member.
func TestPrintAnonymousMemberInitializer(t *testing.T) {
	b := &ir.Field{Name: "b", Type: ir.IntType}
	inner := &ir.Struct{Complete: true, Fields: []*ir.Field{b}}
	x := &ir.Field{Name: "x", Type: ir.IntType}
	y := &ir.Field{Name: "y", Type: ir.IntType}
	anon := &ir.Field{Type: inner}
	s := &ir.Struct{Tag: "S", Complete: true, Fields: []*ir.Field{x, y, anon}}
	val := func(v int64) *ir.Init { return &ir.Init{Expr: lit(v)} }
	mk := func(name string, els ...ir.InitElem) *ir.Var {
		v := global(name, s)
		v.Init = &ir.Init{IsList: true, T: s, List: els}
		return v
	}
	next := mk("next", ir.InitElem{Field: y, Value: val(1)}, ir.InitElem{Field: anon, Value: &ir.Init{IsList: true, T: inner, List: []ir.InitElem{{Field: b, Value: val(2)}}}})
	gap := mk("gap", ir.InitElem{Field: x, Value: val(1)}, ir.InitElem{Field: anon, Value: &ir.Init{IsList: true, T: inner, List: []ir.InitElem{{Field: b, Value: val(2)}}}})
	prog := &ir.Program{Structs: []*ir.Struct{inner, s}, Globals: []*ir.Var{next, gap}, Funcs: []*ir.Function{mainFunc()}}
	text, _ := printProg(t, prog)
	// Whatever the form, gcc must accept it and put 2 into b.
	gccSyntax(t, text+"\n_Static_assert(1, \"\");\n", false)
	if strings.Contains(text, "struct S gap = { .x = 1, { .b = 2 } };") {
		t.Errorf("gap's anonymous member is printed positionally after .x: the element initializes y, not the anonymous member")
	}
}

// TestPrintLongMinILP32: in the ILP32 model a long is 32 bits; the literal
// LONG_MIN must still have type long.
func TestPrintLongMinILP32(t *testing.T) {
	x := ir.Lit(math.MinInt32, ir.LongType)
	got := ir.ExprString(x)
	check := fmt.Sprintf("_Static_assert(_Generic((%s), long: 1, default: 0), \"%s has type long\");\nunsigned long u;\nint main(void) { return u > %s; }\n", got, got, got)
	gccSyntax(t, check, true)
}
