package cfront

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ladr-dev/ladr/translate/ir"
)

// globalDecl returns the printed file-scope declaration of the named
// global (the whole line).
func globalDecl(t *testing.T, p *ir.Program, name string) string {
	t.Helper()
	text, _ := printProg(t, p)
	for _, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(l, " ") || !strings.HasSuffix(l, ";") {
			continue
		}
		for _, after := range []string{" = ", "[", ";"} {
			if strings.Contains(l, " "+name+after) || strings.Contains(l, "*"+name+after) {
				return l
			}
		}
	}
	t.Fatalf("no declaration of %s in\n%s", name, text)
	return ""
}

func TestSwitchLowering(t *testing.T) {
	p := parseOK(t, `
int f(int x) {
	int r = 0;
	switch (x) {
	case 1: r = 1; break;
	case 2 ... 4: r = 2;
	default: r += 3;
	}
	while (r < 10) { switch (r) { case 5: continue; case 6: break; } r++; }
	return r;
}`, LP64)
	b := body(t, p, "f")
	if n := len(collect[*ir.Loop](ir.Stmt(b))); n != 1 {
		t.Errorf("got %d loops, want 1 (the while; a switch is not a loop)", n)
	}
	gotos := collect[*ir.Goto](ir.Stmt(b))
	labels := collect[*ir.Label](ir.Stmt(b))
	defined := map[string]bool{}
	for _, l := range labels {
		if defined[l.Name] {
			t.Errorf("label %s defined twice", l.Name)
		}
		defined[l.Name] = true
	}
	for _, g := range gotos {
		if !defined[g.Label] {
			t.Errorf("goto %s has no label", g.Label)
		}
	}
	// Cases 1, 2...4 and 5, 6: one if/goto each; the first switch jumps to
	// its default, the second to its end; break becomes a goto.
	var caseIfs, ranges int
	for _, s := range collect[*ir.If](ir.Stmt(b)) {
		if len(s.Then.List) == 1 {
			if g, ok := s.Then.List[0].(*ir.Goto); ok && strings.Contains(g.Label, "case") {
				caseIfs++
				if bin, ok := s.Cond.(*ir.Binary); ok && bin.Op == ir.LAnd {
					ranges++
				}
			}
		}
	}
	if caseIfs != 4 || ranges != 1 {
		t.Errorf("got %d case tests (%d ranges), want 4 (1 range)", caseIfs, ranges)
	}
	// The break of the first switch is a goto, the continue in the inner
	// switch stays a continue of the while loop.
	if n := len(collect[*ir.Break](ir.Stmt(b))); n != 0 {
		t.Errorf("got %d break statements, want 0 (breaks of a switch become gotos)", n)
	}
	if n := len(collect[*ir.Continue](ir.Stmt(b))); n != 1 {
		t.Errorf("got %d continue statements, want 1", n)
	}
	// The switch operand is evaluated once into a temporary.
	if n := len(collect[*ir.DeclStmt](ir.Stmt(b))); n != 3 {
		t.Errorf("got %d declarations, want 3 (r and two switch temporaries)", n)
	}
	text, _ := printProg(t, p)
	gccSyntax(t, text, LP64)
	for _, bad := range []string{"switch", "case ", "default"} {
		if strings.Contains(text[len(ir.Prelude):], bad) {
			t.Errorf("printed program still contains %q", bad)
		}
	}
}

func TestStatementExpressionLifted(t *testing.T) {
	p := parseOK(t, `
int g;
int f(int a) {
	int x = ({ int t = a * 2; t + 1; });
	g = ({ g++; g; }) + 1;
	if (a && ({ int u = a; u; })) g = 0;
	return x;
}`, LP64)
	b := body(t, p, "f")
	// x's initializer is the temporary set by the lifted block.
	x := localVar(t, p, "f", "x")
	id, ok := x.Init.Expr.(*ir.Ident)
	if !ok || !id.Var.Synthetic {
		t.Fatalf("x is initialized with %s, want a temporary", ir.ExprString(x.Init.Expr))
	}
	// The block defining t precedes x's declaration in the same block.
	idx := func(s ir.Stmt) int {
		for i, c := range b.List {
			if c == s {
				return i
			}
		}
		return -1
	}
	var tblock ir.Stmt
	for _, c := range b.List {
		if blk, ok := c.(*ir.Block); ok {
			for _, d := range collect[*ir.DeclStmt](ir.Stmt(blk)) {
				if d.Var.Name == "t" {
					tblock = blk
				}
			}
		}
	}
	if tblock == nil || idx(tblock) > idx(x) {
		t.Errorf("the statements of the statement expression are not lifted before the declaration of x")
	}
	// In the right operand of && a statement expression cannot be lifted.
	var bads []string
	for _, e := range collect[*ir.Bad](ir.Stmt(b)) {
		bads = append(bads, e.Why)
	}
	if len(bads) != 1 || !strings.Contains(bads[0], "conditionally evaluated") {
		t.Errorf("got Bad expressions %q, want one for the conditional statement expression", bads)
	}
	text, _ := printProg(t, p)
	gccSyntax(t, text, LP64)
}

func TestEnumFolded(t *testing.T) {
	p := parseOK(t, `
enum E { A = 5, B, C = A * 4, D = -1 };
int arr[C];
int f(int x) { int y = B + C; return x == D ? A : y; }`, LP64)
	y := localVar(t, p, "f", "y")
	if lit, ok := y.Init.Expr.(*ir.IntLit); !ok || int64(lit.Val) != 26 {
		t.Errorf("B + C lowered to %s, want the constant 26", ir.ExprString(y.Init.Expr))
	}
	if a, ok := p.Global("arr").Type.(*ir.Array); !ok || a.Len != 20 {
		t.Errorf("arr has type %v, want int[20]", p.Global("arr").Type)
	}
	ret := collect[*ir.Return](ir.Stmt(body(t, p, "f")))[0]
	if got := ir.ExprString(ret.X); got != "x == -1 ? 5 : y" {
		t.Errorf("return expression %q, want %q", got, "x == -1 ? 5 : y")
	}
	if n := len(collectProg[*ir.Bad](p)); n != 0 {
		t.Errorf("%d Bad expressions", n)
	}
}

func TestTypedefStructsIdentical(t *testing.T) {
	p := parseOK(t, `
typedef struct node { struct node *next; int v; } node_t, *node_p;
typedef node_t N2;
typedef struct { int a; } anon_t;
typedef anon_t anon2_t;
node_t a; N2 b; struct node c; node_p d;
anon_t e; anon2_t f;
int main(void) { return a.v + b.v + c.v + d->v + e.a + f.a; }`, LP64)
	st := func(name string) *ir.Struct {
		tp := p.Global(name).Type
		if ptr, ok := tp.(*ir.Pointer); ok {
			tp = ptr.Elem
		}
		s, ok := tp.(*ir.Struct)
		if !ok {
			t.Fatalf("%s has type %v, want a struct", name, tp)
		}
		return s
	}
	if st("a") != st("b") || st("a") != st("c") || st("a") != st("d") {
		t.Errorf("node_t, N2, struct node and *node_p name different IR structs")
	}
	if next := st("a").Fields[0].Type.(*ir.Pointer).Elem; next != st("a") {
		t.Errorf("the next field points to a different struct")
	}
	if st("e") != st("f") {
		t.Errorf("anon_t and anon2_t name different IR structs")
	}
	if st("e") == st("a") {
		t.Errorf("two different structs share one IR struct")
	}
	n := 0
	for _, s := range p.Structs {
		if s == st("a") {
			n++
		}
	}
	if n != 1 {
		t.Errorf("struct node is listed %d times in Program.Structs", n)
	}
}

func TestFuncName(t *testing.T) {
	p := parseOK(t, `
const char *f(void) { return __func__; }
int g(void) { return 1; }
int main(void) { return f()[0] + sizeof(__func__); }`, LP64)
	for _, tc := range []struct{ fn, val string }{{"f", "f"}, {"main", "main"}} {
		d := localVar(t, p, tc.fn, "__ladr_func")
		if !d.Var.Static || d.Var.Init == nil {
			t.Fatalf("%s: __func__ is not a static with an initializer", tc.fn)
		}
		s, ok := d.Var.Init.Expr.(*ir.StringLit)
		if !ok || s.Val != tc.val {
			t.Errorf("%s: __func__ is initialized with %v, want %q", tc.fn, d.Var.Init.Expr, tc.val)
		}
		if a, ok := d.Var.Type.(*ir.Array); !ok || a.Len != int64(len(tc.val)+1) {
			t.Errorf("%s: __func__ has type %v", tc.fn, d.Var.Type)
		}
	}
	// g does not use __func__: no declaration.
	for _, d := range collect[*ir.DeclStmt](ir.Stmt(body(t, p, "g"))) {
		t.Errorf("g declares %s", d.Var.Name)
	}
	text, _ := printProg(t, p)
	gccSyntax(t, text, LP64)
}

func TestForLoopDeclaration(t *testing.T) {
	p := parseOK(t, `
int main(void) {
	int s = 0;
	for (int i = 0, j = 3; i < j; i++, j--) s += i;
	for (s = 0; s < 2; s++) ;
	for (;;) break;
	while (s) s--;
	do s++; while (s < 3);
	return s;
}`, LP64)
	b := body(t, p, "main")
	loops := collect[*ir.Loop](ir.Stmt(b))
	if len(loops) != 5 {
		t.Fatalf("got %d loops, want 5", len(loops))
	}
	kinds := []ir.LoopKind{ir.For, ir.For, ir.For, ir.While, ir.DoWhile}
	for i, l := range loops {
		if l.ID != i {
			t.Errorf("loop %d has ID %d", i, l.ID)
		}
		if l.Kind != kinds[i] {
			t.Errorf("loop %d has kind %v, want %v", i, l.Kind, kinds[i])
		}
	}
	// The first loop's declarations are in a block with the loop, before it.
	blk, ok := b.List[1].(*ir.Block)
	if !ok || len(blk.List) != 3 {
		t.Fatalf("the first for loop is not lowered into { decl; decl; loop }: %T", b.List[1])
	}
	for i, name := range []string{"i", "j"} {
		d, ok := blk.List[i].(*ir.DeclStmt)
		if !ok || d.Var.Name != name || d.Init == nil {
			t.Errorf("statement %d of the loop block is not the declaration of %s", i, name)
		}
	}
	if blk.List[2] != loops[0] {
		t.Errorf("the loop does not follow its declarations")
	}
	if got := ir.ExprString(loops[0].Post); got != "i++, j--" {
		t.Errorf("post clause %q", got)
	}
	if loops[2].Cond != nil {
		t.Errorf("for (;;) has a condition")
	}
	// for (s = 0; ...): the init clause is a statement before the loop.
	blk2, ok := b.List[2].(*ir.Block)
	if !ok || len(blk2.List) != 2 {
		t.Fatalf("for (s = 0; ...) is not lowered into { s = 0; loop }")
	}
	if _, ok := blk2.List[0].(*ir.ExprStmt); !ok {
		t.Errorf("the init clause is %T", blk2.List[0])
	}
}

func TestInitializerPlacement(t *testing.T) {
	tests := []struct {
		name, src, global, want string
	}{
		{"positional struct", `struct P { int x, y; } g = { 1, 2 };`, "g", "struct P g = { .x = 1, .y = 2 };"},
		{"nested struct", `struct I { int a, b; }; struct O { struct I i; int c; } g = { { 1 }, 3 };`, "g", "struct O g = { .i = { .a = 1 }, .c = 3 };"},
		{"brace elision", `struct I { int a, b; }; struct O { struct I i; int c; } g = { 1, 2, 3 };`, "g", "struct O g = { .i = { .a = 1, .b = 2 }, .c = 3 };"},
		{"array of structs", `struct P { int x, y; } g[2] = { 1, 2, 3 };`, "g", "struct P g[2] = { [0] = { .x = 1, .y = 2 }, [1] = { .x = 3 } };"},
		{"designators out of order", `int g[5] = { [3] = 3, [1] = 1, 2 };`, "g", "int g[5] = { [1] = 1, [2] = 2, [3] = 3 };"},
		{"nested designator", `struct I { int a[3]; }; struct O { struct I in[2]; } g = { .in[1].a[2] = 7 };`, "g", "struct O g = { .in = { [1] = { .a = { [2] = 7 } } } };"},
		{"range designator", `int g[4] = { [1 ... 2] = 9 };`, "g", "int g[4] = { [1] = 9, [2] = 9 };"},
		{"union first member", `union U { short s; int i; } g = { 5 };`, "g", "union U g = { .s = 5 };"},
		{"union designated member", `union U { short s; int i; } g = { .i = 5 };`, "g", "union U g = { .i = 5 };"},
		{"union struct member", `union U { int i; struct { short lo, hi; } s; } g = { .s.hi = 2 };`, "g", "union U g = { .s = { .hi = 2 } };"},
		{"bit-fields", `struct B { unsigned a : 3, b : 5; int c; } g = { 1, 2, 3 };`, "g", "struct B g = { .a = 1, .b = 2, .c = 3 };"},
		{"bit-fields designated", `struct B { unsigned a : 3, b : 5; int c; } g = { .b = 4, .a = 1 };`, "g", "struct B g = { .b = 4, .a = 1 };"},
		{"unnamed bit-field skipped", `struct B { unsigned a : 3; unsigned : 5; unsigned b : 2; } g = { 1, 2 };`, "g", "struct B g = { .a = 1, .b = 2 };"},
		{"string in char array", `char g[8] = "abc";`, "g", `char g[8] = "abc";`},
		{"braced string", `char g[] = { "abc" };`, "g", `char g[4] = "abc";`},
		{"string member", `struct S { char s[4]; int n; } g = { "ab", 1 };`, "g", `struct S g = { .s = "ab", .n = 1 };`},
		{"array of strings", `char g[2][3] = { "a", "bc" };`, "g", `char g[2][3] = { [0] = "a", [1] = "bc" };`},
		{"scalar in braces", `int g = { 7 };`, "g", "int g = 7;"},
		{"incomplete array completed", `int g[] = { 1, 2, 3 };`, "g", "int g[3] = { [0] = 1, [1] = 2, [2] = 3 };"},
		{"anonymous member", `struct S { int k; union { int i; float f; }; } g = { 1, .f = 2 };`, "g", "struct S g = { .k = 1, .f = 2 };"},
		{"empty braces", `struct P { int x, y; } g = { };`, "g", "struct P g = { 0 };"},
		{"union array member", `union U { int i; char b[4]; } g = { .b[1] = 1 };`, "g", "union U g = { .b = { [1] = 1 } };"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := parseOK(t, tc.src+"\nint main(void) { return 0; }\n", LP64)
			if got := globalDecl(t, p, tc.global); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
			text, _ := printProg(t, p)
			gccSyntax(t, text, LP64)
		})
	}
}

func TestLocalInitializers(t *testing.T) {
	p := parseOK(t, `
struct P { int x, y; };
int main(void) {
	struct P p = { .y = 2 };
	int a[3] = { [2] = 1 };
	static int s[2] = { 4 };
	return p.y + a[2] + s[0];
}`, LP64)
	if d := localVar(t, p, "main", "p"); d.Init == nil || !d.Init.IsList || len(d.Init.List) != 1 || d.Init.List[0].Field.Name != "y" {
		t.Errorf("p's initializer is wrong")
	}
	// A static local keeps its initializer in Var.Init.
	s := localVar(t, p, "main", "s")
	if s.Init != nil || s.Var.Init == nil || !s.Var.Static {
		t.Errorf("static local: DeclStmt.Init=%v Var.Init=%v Static=%v", s.Init, s.Var.Init, s.Var.Static)
	}
}

func TestLoweringMisc(t *testing.T) {
	p := parseOK(t, `
void v(int);
void w(int x) { return v(x); }
int main(void) {
	int a = 1, b = 2;
	a++, b++, v(a);
	int c = __builtin_expect(a, 1);
	return c + 2[&a];
}`, LP64)
	// return v(x) in a void function: a call statement then a return.
	wb := body(t, p, "w")
	if len(wb.List) != 2 {
		t.Fatalf("w has %d statements, want 2", len(wb.List))
	}
	if _, ok := wb.List[0].(*ir.ExprStmt); !ok {
		t.Errorf("w's first statement is %T", wb.List[0])
	}
	if r, ok := wb.List[1].(*ir.Return); !ok || r.X != nil {
		t.Errorf("w's second statement is not a plain return")
	}
	// A comma at statement level is a sequence of statements.
	mb := body(t, p, "main")
	if n := len(collect[*ir.ExprStmt](ir.Stmt(mb))); n != 3 {
		t.Errorf("got %d expression statements, want 3", n)
	}
	if n := len(collect[*ir.Comma](ir.Stmt(mb))); n != 0 {
		t.Errorf("a statement-level comma was kept")
	}
	// __builtin_expect(e, c) is a cast of e.
	c := localVar(t, p, "main", "c")
	if _, ok := c.Init.Expr.(*ir.Cast); !ok {
		t.Errorf("__builtin_expect lowered to %s", ir.ExprString(c.Init.Expr))
	}
	// i[p] is p[i].
	ret := collect[*ir.Return](ir.Stmt(mb))[0]
	idx := collect[*ir.Index](ret.X)
	if len(idx) != 1 || !ir.IsPointer(idx[0].X.Type()) {
		t.Errorf("2[&a] lowered to %s", ir.ExprString(ret.X))
	}
}

func TestPositions(t *testing.T) {
	src := "int g;\n" +
		"int main(void) {\n" +
		"  int x = 1;\n" +
		"  if (x)\n" +
		"    g = x;\n" +
		"  return g;\n" +
		"}\n"
	p := parseOK(t, src, LP64)
	b := body(t, p, "main")
	want := []struct {
		s    ir.Stmt
		line int
	}{{b.List[0], 3}, {b.List[1], 4}, {b.List[1].(*ir.If).Then.List[0], 5}, {b.List[2], 6}}
	for _, w := range want {
		l := w.s.Origin()
		if l.Pos.Line != w.line || l.Pos.File != "test.c" || l.Func != "main" {
			t.Errorf("%T at %v in %q, want test.c line %d in main", w.s, l.Pos, l.Func, w.line)
		}
	}
	if p.Global("g").Pos.Line != 1 || p.Func("main").Pos.Line != 2 {
		t.Errorf("declaration positions: g %v, main %v", p.Global("g").Pos, p.Func("main").Pos)
	}
}

func TestUnsupportedConstructs(t *testing.T) {
	tests := []struct{ name, src, what string }{
		{"vla size taken", `int main(void) { int n = 3; int a[n]; a[0] = 1; return sizeof a; }`, "variable-length array a whose size or address is taken"},
		{"vla address taken", `int main(void) { int n = 3; int a[n]; int (*p)[] = &a; return 0; }`, "variable-length array a whose size or address is taken"},
		{"vla typedef", `int main(void) { int n = 3; typedef int row[n]; n++; row a; a[0] = 1; return 0; }`, "variable-length array a"},
		{"vla of vlas", `int main(void) { int n = 3; int a[n][n]; a[0][0] = 1; return 0; }`, "variable-length array"},
		{"asm", `int main(void) { __asm__("cpuid"); return 0; }`, "inline assembly"},
		{"computed goto", `int main(void) { void *l = &&x; goto *l; x: return 0; }`, "computed goto"},
		{"nested function", `int main(void) { int inner(void) { return 1; } return 0; }`, "nested function"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := parseOK(t, tc.src, LP64)
			var whats []string
			for _, u := range collectProg[*ir.Unsupported](p) {
				whats = append(whats, u.What)
			}
			found := false
			for _, w := range whats {
				found = found || strings.Contains(w, tc.what)
			}
			if !found {
				t.Errorf("no Unsupported statement for %q (got %q)", tc.what, whats)
			}
		})
	}
}

// TestHeapVLA: a variable-length array becomes a pointer to as many
// elements allocated on the heap (thread locals live in static storage).
func TestHeapVLA(t *testing.T) {
	p := parseOK(t, `int main(void) { int n = 3; long a[n]; a[1] = 1; return a[n - 2] + a[0]; }`, LP64)
	if us := collectProg[*ir.Unsupported](p); len(us) != 0 {
		t.Fatalf("unsupported: %s", us[0].What)
	}
	out, _ := printProg(t, p)
	if !strings.Contains(out, "long *a = (long *)malloc((unsigned long)n * sizeof(long));") {
		t.Errorf("no heap allocation of a in\n%s", out)
	}
}

func TestModels(t *testing.T) {
	src := `long l; void *p; int main(void) { return sizeof(long) + sizeof(void *); }`
	for _, tc := range []struct {
		m    Model
		size int64
	}{{LP64, 16}, {ILP32, 8}} {
		p := parseOK(t, src, tc.m)
		ret := collect[*ir.Return](ir.Stmt(body(t, p, "main")))[0]
		lit, ok := ret.X.(*ir.IntLit)
		if !ok || int64(lit.Val) != tc.size {
			t.Errorf("%v: sizeof(long) + sizeof(void *) = %s, want %d", tc.m, ir.ExprString(ret.X), tc.size)
		}
	}
	if ILP32.String() != "ILP32" || LP64.String() != "LP64" {
		t.Errorf("Model.String: %q %q", ILP32, LP64)
	}
	// The zero model is LP64.
	p, err := fe.Parse("z.c", []byte(src), Options{})
	if err != nil {
		t.Fatal(err)
	}
	ret := collect[*ir.Return](ir.Stmt(body(t, p, "main")))[0]
	if lit, ok := ret.X.(*ir.IntLit); !ok || lit.Val != 16 {
		t.Errorf("zero Options: %s, want 16", ir.ExprString(ret.X))
	}
}

func TestDefines(t *testing.T) {
	tests := []struct {
		defines []string
		src     string
		want    uint64
	}{
		{[]string{"N=40"}, "int x = N;", 40},
		{[]string{"M"}, "int x = M;", 1},
		{[]string{"N=40", "M"}, "int x = N + M;", 41},
		{[]string{"M", "N=40"}, "int x = N + M;", 41},
		// The last predefined macro must survive the extra definitions.
		{[]string{"N=40"}, "int x = __ATOMIC_RELEASE;", 3},
	}
	for _, tc := range tests {
		p, err := fe.Parse("d.c", []byte(tc.src+"\nint main(void) { return x; }\n"), Options{Defines: tc.defines})
		if err != nil {
			t.Errorf("Defines %q: %v", tc.defines, err)
			continue
		}
		if lit, ok := p.Global("x").Init.Expr.(*ir.IntLit); !ok || lit.Val != tc.want {
			t.Errorf("Defines %q: %s gives x = %s, want %d", tc.defines, tc.src, ir.ExprString(p.Global("x").Init.Expr), tc.want)
		}
	}
}

func TestWideStringLiteral(t *testing.T) {
	p := parseOK(t, `__WCHAR_TYPE__ ws[] = L"\u00e9t\u00e9"; int main(void) { return 0; }`, LP64)
	a, ok := p.Global("ws").Type.(*ir.Array)
	if !ok || a.Len != 4 {
		t.Fatalf("ws has type %v, want an array of 4", p.Global("ws").Type)
	}
	text, _ := printProg(t, p)
	// gcc must see the same wide string: three characters and a NUL.
	gccSyntax(t, strings.Replace(text, "__WCHAR_TYPE__ ws", "int ws", 1)+
		"\n_Static_assert(sizeof(ws) == 4 * sizeof(int), \"ws has 4 elements\");\n", LP64)
	lit := globalDecl(t, p, "ws")
	probe := strings.TrimSuffix(lit[strings.Index(lit, "= ")+2:], ";")
	t.Logf("printed literal: %s", probe)
	gccSyntax(t, text+"\n_Static_assert(sizeof("+probe+") == 4 * sizeof(int), \"the printed literal has 3 characters and a NUL\");\n", LP64)
}

// TestOffsetofSymbolic: offsetof depends on the data model, so it is not
// folded: CBMC (with --32 or --64) and gcc (replay) each compute it from
// their own layout of the type, as container_of code needs.
func TestOffsetofSymbolic(t *testing.T) {
	for _, m := range []Model{ILP32, LP64} {
		p := parseOK(t, "struct S { int a; long b; char c; };\nunsigned long o = __builtin_offsetof(struct S, c);\nint x = 3 + 4;\nint main(void) { return 0; }\n", m)
		if got := ir.ExprString(p.Global("o").Init.Expr); !strings.Contains(got, "&((struct S *)0)->c") {
			t.Errorf("%v: offsetof is lowered to %s", m, got)
		}
		if lit, ok := p.Global("x").Init.Expr.(*ir.IntLit); !ok || lit.Val != 7 {
			t.Errorf("%v: 3 + 4 is not folded: %s", m, ir.ExprString(p.Global("x").Init.Expr))
		}
	}
}

// An lvalue of array type keeps its array type (cc gives it the pointer
// type it decays to): a member, a row of a two-dimensional array, the
// target of a pointer to an array, indexed or not.
func TestArrayLvaluesKeepArrayType(t *testing.T) {
	p := parseOK(t, `
struct S { int a[4]; int n; } s, *ps;
int m[3][4];
int (*pm)[4];
int *q;
int main(int i) { q = s.a; return s.a[i] + ps->a[i] + m[1][i] + (*pm)[i] + q[i] + s.n; }`, LP64)
	want := map[string]string{
		"s.a": "int [4]", "ps->a": "int [4]", "m[1]": "int [4]", "*pm": "int [4]",
		"m": "int [3][4]", "q": "int *",
	}
	for _, x := range collectProg[*ir.Index](p) {
		got := fmt.Sprint(x.X.Type())
		key := ir.ExprString(x.X)
		if w, ok := want[key]; !ok {
			t.Errorf("unexpected indexed expression %s", key)
		} else if got != w {
			t.Errorf("%s indexed with type %s, want %s", key, got, w)
		}
		delete(want, key)
	}
	for k := range want {
		t.Errorf("%s is not indexed in the lowered program", k)
	}
	for _, m := range collectProg[*ir.Member](p) {
		if m.Field.Name == "n" && !ir.IsInteger(m.T) {
			t.Errorf("s.n has type %v", m.T)
		}
		if m.Field.Name == "a" && !ir.IsArray(m.T) {
			t.Errorf("%s has type %v, want int [4]", ir.ExprString(m), m.T)
		}
	}
}
