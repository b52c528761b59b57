package bound_test

import (
	"strings"
	"testing"

	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/ir"
)

const hoistProg = `
int g;
int f(int a) { g = a; return a; }
int h(int a) { return a + 1; }
int two(int a, int b) { return a + b; }
int unused(int a) { return a; }
void v(int a) { g = a; }
int abs(int);
int main(void) {
	int x = 1, y = 0;
	int (*fp)(int) = x ? f : h;
	int (*fp2)(int, int) = two;
	if (x && f(y)) y = 2;
	if (x || f(y + 1)) y = 3;
	y = x ? f(4) : h(5);
	y = (f(6), h(7));
	y = fp(8);
	y = abs(y) + two(1, 2);
	x ? v(1) : v(2);
	return y;
}
`

// TestHoistLogical: the call in the right operand of && (||) happens only
// when the left operand is true (false): it is lifted into an if on the
// left operand.
func TestHoistLogical(t *testing.T) {
	u := run(t, hoistProg, "hoist", bound.Limits{})
	main := body(t, u.Prog, "main")
	for _, tc := range []struct {
		arg    string
		inElse bool
	}{{"y", false}, {"y + 1", true}} {
		var call *ir.ExprStmt
		for _, s := range stmtsCalling(main, "f") {
			c, _ := bound.CallOf(s)
			if ir.ExprString(c.Args[0]) == tc.arg {
				call = s
			}
		}
		if call == nil {
			t.Fatalf("no statement calls f(%s)", tc.arg)
		}
		blk := parentOf(main, call)
		ifs, ok := parentOf(main, blk).(*ir.If)
		if !ok {
			t.Fatalf("f(%s) is not in an if statement", tc.arg)
		}
		if ir.ExprString(ifs.Cond) != "x" {
			t.Errorf("f(%s) is under if (%s), want if (x)", tc.arg, ir.ExprString(ifs.Cond))
		}
		if (ifs.Else == blk) != tc.inElse {
			t.Errorf("f(%s): in the else branch = %v, want %v", tc.arg, ifs.Else == blk, tc.inElse)
		}
	}
	// No call of a defined function is left inside a condition.
	for _, s := range collect[*ir.If](main) {
		for _, c := range ir.Calls(s.Cond) {
			if bound.NeedsStmt(c) {
				t.Errorf("call %s left in the condition %s", ir.ExprString(c), ir.ExprString(s.Cond))
			}
		}
	}
	gccSyntax(t, u.Prog)
}

// TestHoistStatementCalls: after hoisting, every call that needs a
// statement is "f(...);" or "lhs = f(...);", and pure library calls stay in
// their expressions.
func TestHoistStatementCalls(t *testing.T) {
	u := run(t, hoistProg, "hoist", bound.Limits{})
	main := body(t, u.Prog, "main")
	for _, c := range collect[*ir.Call](main) {
		if !bound.NeedsStmt(c) {
			continue
		}
		found := false
		for _, s := range collect[*ir.ExprStmt](main) {
			if sc, _ := bound.CallOf(s); sc == c {
				found = true
			}
		}
		if !found {
			t.Errorf("call %s is not a statement of its own", ir.ExprString(c))
		}
	}
	// abs is not defined and not a synchronization function: it stays in y = abs(y) + ...
	stays := false
	for _, s := range collect[*ir.ExprStmt](main) {
		if strings.HasPrefix(ir.ExprString(s.X), "y = abs(y) + ") {
			stays = true
		}
	}
	if !stays {
		t.Errorf("the call of abs was hoisted")
	}
	// x ? v(1) : v(2) (void) becomes if (x) v(1); else v(2);
	vs := stmtsCalling(main, "v")
	if len(vs) != 2 {
		t.Fatalf("%d statements call v, want 2", len(vs))
	}
	if p1, p2 := parentOf(main, parentOf(main, vs[0])), parentOf(main, parentOf(main, vs[1])); p1 != p2 {
		t.Errorf("v(1) and v(2) are not the branches of one if")
	}
	// The comma keeps its order: f(6) before h(7).
	var order []string
	for _, s := range collect[*ir.ExprStmt](main) {
		if c, _ := bound.CallOf(s); c != nil && len(c.Args) == 1 {
			if a := ir.ExprString(c.Args[0]); a == "6" || a == "7" {
				order = append(order, a)
			}
		}
	}
	if strings.Join(order, ",") != "6,7" {
		t.Errorf("comma operands evaluated in order %v", order)
	}
}

// TestHoistFunctionPointer: a call through a pointer becomes an if-chain
// over the functions whose address is taken and whose arity matches, ending
// in a bound marker.
func TestHoistFunctionPointer(t *testing.T) {
	u := run(t, hoistProg, "hoist", bound.Limits{})
	main := body(t, u.Prog, "main")
	if n := len(collect[*ir.Call](main)); n == 0 {
		t.Fatal("no calls")
	}
	for _, c := range collect[*ir.Call](main) {
		if ir.CalledFunc(c) == nil {
			t.Errorf("call through a pointer left: %s", ir.ExprString(c))
		}
	}
	marks := stmtsCalling(main, bound.BoundFunc)
	if len(marks) != 1 {
		t.Fatalf("%d bound markers, want 1", len(marks))
	}
	c, _ := bound.CallOf(marks[0])
	if s, ok := c.Args[1].(*ir.StringLit); !ok || !strings.Contains(s.Val, "function pointer") {
		t.Errorf("bound marker message %v", c.Args[1])
	}
	// Walk up the chain: each level is if (tmp == fn) { y = fn(tmp'); } else {...}.
	var chain []string
	var s ir.Stmt = marks[0]
	for {
		blk := parentOf(main, s)
		ifs, ok := parentOf(main, blk).(*ir.If)
		if !ok || ifs.Else != blk {
			break
		}
		cmp, ok := ifs.Cond.(*ir.Binary)
		if !ok || cmp.Op != ir.Eq {
			t.Fatalf("chain condition %s", ir.ExprString(ifs.Cond))
		}
		fr, ok := cmp.Y.(*ir.FuncRef)
		if !ok {
			t.Fatalf("chain condition %s does not compare with a function", ir.ExprString(ifs.Cond))
		}
		chain = append([]string{fr.Fn.Name}, chain...)
		then := ifs.Then.List[0].(*ir.ExprStmt)
		if call, lhs := bound.CallOf(then); call == nil || ir.CalledFunc(call) != fr.Fn || lhs == nil || ir.ExprString(lhs) != "y" {
			t.Errorf("the branch for %s is %s", fr.Fn.Name, ir.ExprString(then.X))
		}
		s = ifs
	}
	// f and h have their address taken with one parameter; two takes two
	// and unused has no address taken.
	if strings.Join(chain, ",") != "f,h" {
		t.Errorf("if-chain over %v, want [f h]", chain)
	}
	if len(u.Notes.Cuts) != 1 || !strings.Contains(u.Notes.Cuts[0].What, "function pointer") {
		t.Errorf("notes: %+v", u.Notes.Cuts)
	}
	gccSyntax(t, u.Prog)
}

func TestHoistLoopCondition(t *testing.T) {
	u := run(t, `
int f(int i) { return i * 2; }
int main(void) {
	int s = 0;
	for (int i = 0; f(i) < 10; i += f(1)) { if (s) continue; s++; }
	do { s--; } while (f(s) > 0);
	while (s < 3) s++;
	return s;
}`, "hoist", bound.Limits{})
	main := body(t, u.Prog, "main")
	loops := collect[*ir.Loop](main)
	if len(loops) != 3 {
		t.Fatalf("%d loops, want 3", len(loops))
	}
	for i, l := range loops[:2] {
		if l.Kind != ir.While || l.Cond != nil || l.Post != nil {
			t.Errorf("loop %d with calls in its clauses: kind %v cond %v post %v, want while (1)", i, l.Kind, l.Cond, l.Post)
		}
		if l.ID != i {
			t.Errorf("loop %d has ID %d", i, l.ID)
		}
		if len(collect[*ir.Break](ir.Stmt(l.Body))) != 1 {
			t.Errorf("loop %d: the condition is not an if-break", i)
		}
	}
	// The continue of the for loop jumps to the step.
	if len(collect[*ir.Continue](main)) != 0 {
		t.Errorf("a continue is left in a rewritten loop")
	}
	gotos := collect[*ir.Goto](main)
	if len(gotos) != 1 || !strings.Contains(gotos[0].Label, "cont") {
		t.Errorf("continue is not a goto to the step: %v", gotos)
	}
	// A loop without calls is unchanged.
	if loops[2].Cond == nil || ir.ExprString(loops[2].Cond) != "s < 3" {
		t.Errorf("the plain while loop changed")
	}
	gccSyntax(t, u.Prog)
}

func TestHoistSynchronizationCalls(t *testing.T) {
	u := run(t, `
#include <pthread.h>
pthread_mutex_t m;
int g;
int main(void) {
	int r = pthread_mutex_lock(&m) + 1;
	if (g > 0 && pthread_mutex_unlock(&m) == 0) g = 1;
	int n = __VERIFIER_nondet_int();
	return r + n;
}
int __VERIFIER_nondet_int(void);
`, "hoist", bound.Limits{})
	main := body(t, u.Prog, "main")
	for _, name := range []string{"pthread_mutex_lock", "pthread_mutex_unlock"} {
		if n := len(stmtsCalling(main, name)); n != 1 {
			t.Errorf("%s: %d call statements, want 1", name, n)
		}
	}
	// Nondeterministic values are pure: the call stays in the initializer.
	for _, d := range collect[*ir.DeclStmt](main) {
		if d.Var.Name == "n" && (d.Init == nil || len(ir.Calls(d.Init.Expr)) != 1) {
			t.Errorf("n's initializer was changed")
		}
	}
	gccSyntax(t, u.Prog)
}

func TestStaticsLifted(t *testing.T) {
	u := run(t, `
int cnt(void) { static int c = 5; static int d; c++; d++; return c + d; }
int main(void) { static int c; int a = cnt(); int b = cnt(); c = a + b; return c; }
`, "statics", bound.Limits{})
	for _, name := range []string{"cnt_c", "cnt_d", "main_c"} {
		v := u.Prog.Global(name)
		if v == nil {
			t.Errorf("no global %s", name)
			continue
		}
		if v.Class != ir.Global || !v.Static {
			t.Errorf("%s: class %v static %v", name, v.Class, v.Static)
		}
	}
	if v := u.Prog.Global("cnt_c"); v == nil || v.Init == nil || ir.ExprString(v.Init.Expr) != "5" {
		t.Errorf("cnt_c lost its initializer")
	}
	for _, f := range u.Prog.Funcs {
		if f.Body == nil {
			continue
		}
		for _, d := range collect[*ir.DeclStmt](f.Body) {
			if d.Var.Static {
				t.Errorf("%s still declares the static %s", f.Name, d.Var.Name)
			}
		}
	}
	// After inlining, both copies of cnt use the one global.
	u = run(t, `
int cnt(void) { static int c = 5; c++; return c; }
int main(void) { int a = cnt(); int b = cnt(); return a + b; }
`, "inline", bound.Limits{})
	uses := map[*ir.Var]int{}
	for _, id := range collect[*ir.Ident](body(t, u.Prog, "main")) {
		if id.Var.Class == ir.Global {
			uses[id.Var]++
		}
	}
	if len(uses) != 1 || uses[u.Prog.Global("cnt_c")] != 4 {
		t.Errorf("globals used by the inlined copies: %v, want cnt_c 4 times", uses)
	}
	gccSyntax(t, u.Prog)
}

// TestHoistFunctionPointerInitializer: a declaration initialized by a call
// through a pointer becomes the declaration and the expanded call, with no
// empty statement left behind.
func TestHoistFunctionPointerInitializer(t *testing.T) {
	u := run(t, `
int g;
int f(void) { return 1; }
int (*fp)(void) = f;
int main(void) { int r = fp(); g = r; return 0; }
`, "hoist", bound.Limits{})
	main := body(t, u.Prog, "main")
	ir.Inspect(ir.Stmt(main), func(n any) bool {
		if s, ok := n.(*ir.ExprStmt); ok && s.X == nil {
			t.Errorf("an expression statement without an expression at %s", s.Loc.Pos)
		}
		return true
	})
	calls := collect[*ir.Call](main)
	if len(calls) != 1 || ir.CalledFunc(calls[0]) == nil || ir.CalledFunc(calls[0]).Name != "f" {
		t.Errorf("calls %d, want the direct call r = f()", len(calls))
	}
	gccSyntax(t, u.Prog)
}
