package bound_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/ir"
)

// markLines returns the source lines of the bound markers under n.
func markLines(n any) []int {
	var out []int
	for _, m := range boundMarks(n) {
		out = append(out, m.Loc.Pos.Line)
	}
	return out
}

func TestUnwindCopies(t *testing.T) {
	src := `
int main(void) {
	int i = 0, s = 0;
	while (i < 10) {
		i++;
		if (i == 2) continue;
		if (s > 5) break;
		s += i;
	}
	return s;
}`
	for _, n := range []int{1, 2, 3, 5} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			u := run(t, src, "unwind", bound.Limits{Unwind: n})
			main := body(t, u.Prog, "main")
			if len(collect[*ir.Loop](main)) != 0 {
				t.Fatalf("a loop is left")
			}
			if len(collect[*ir.Break](main))+len(collect[*ir.Continue](main)) != 0 {
				t.Errorf("break or continue left")
			}
			if k := copiesOf(main, lineOf(t, src, "s += i;")); k != n {
				t.Errorf("%d copies of the body, want %d", k, n)
			}
			// One exit test before each copy.
			tests := 0
			for _, s := range collect[*ir.If](main) {
				if ir.ExprString(s.Cond) == "!(i < 10)" {
					tests++
				}
			}
			if tests != n {
				t.Errorf("%d exit tests, want %d", tests, n)
			}
			// continue goes to the end of its own copy, break to the end.
			conts := labelsWithPrefix(main, "__ladr_cont")
			brks := labelsWithPrefix(main, "__ladr_brk")
			if len(conts) != n || len(brks) != 1 {
				t.Errorf("labels: %v %v", conts, brks)
			}
			for _, g := range collect[*ir.Goto](main) {
				if !strings.HasPrefix(g.Label, "__ladr_cont") && !strings.HasPrefix(g.Label, "__ladr_brk") {
					t.Errorf("goto %s", g.Label)
				}
			}
			// The bound marker holds the loop condition.
			marks := boundMarks(main)
			if len(marks) != 1 {
				t.Fatalf("%d bound markers, want 1", len(marks))
			}
			c, _ := bound.CallOf(marks[0])
			if ir.ExprString(c.Args[0]) != "i < 10" {
				t.Errorf("bound marker condition %s", ir.ExprString(c.Args[0]))
			}
			want := fmt.Sprintf("loop main.0 at line 4 unwound %d times", n)
			if c.Args[1].(*ir.StringLit).Val != want || len(u.Notes.Cuts) != 1 || u.Notes.Cuts[0].What != want {
				t.Errorf("marker %q, notes %+v; want %q", c.Args[1].(*ir.StringLit).Val, u.Notes.Cuts, want)
			}
			gccSyntax(t, u.Prog)
		})
	}
}

func TestUnwindDoWhileAndForever(t *testing.T) {
	src := `
int main(void) {
	int s = 10;
	do {
		s--;
	} while (s > 0);
	while (1) {
		s++;
		if (s > 3) break;
	}
	for (;;) {
		s += 2;
	}
	return s;
}`
	u := run(t, src, "unwind", bound.Limits{Unwind: 3})
	main := body(t, u.Prog, "main")
	for _, stmt := range []string{"s--;", "s++;", "s += 2;"} {
		if k := copiesOf(main, lineOf(t, src, stmt)); k != 3 {
			t.Errorf("%d copies of %s, want 3", k, stmt)
		}
	}
	tests := map[string]int{}
	for _, s := range collect[*ir.If](main) {
		tests[ir.ExprString(s.Cond)]++
	}
	// do-while: tested after each copy but the last (the bound marker
	// tests the last); while (1) and for (;;): never tested.
	if tests["!(s > 0)"] != 2 {
		t.Errorf("%d do-while tests, want 2", tests["!(s > 0)"])
	}
	if len(tests) != 2 || tests["s > 3"] != 3 {
		t.Errorf("tests %v", tests)
	}
	var conds []string
	for _, m := range boundMarks(main) {
		c, _ := bound.CallOf(m)
		conds = append(conds, ir.ExprString(c.Args[0]))
	}
	if strings.Join(conds, ",") != "s > 0,1,1" {
		t.Errorf("bound markers %v, want [s > 0, 1, 1]", conds)
	}
	// The first do-while copy is not preceded by a test.
	first := main.(*ir.Block).List[1].(*ir.Block).List[0]
	if _, ok := first.(*ir.If); ok {
		t.Errorf("the do-while loop tests its condition before the first copy")
	}
	gccSyntax(t, u.Prog)
}

func TestUnwindSet(t *testing.T) {
	src := `
int main(void) {
	int a = 0, b = 0, c = 0;
	while (a < 9)
		a++;
	while (b < 9)
		b++;
	while (c < 9)
		c++;
	return a + b + c;
}`
	// main.1 is the second loop; line 8 is the third loop's header.
	u := run(t, src, "unwind", bound.Limits{Unwind: 2, UnwindSet: map[string]int{"main.1": 4, "8": 1}})
	main := body(t, u.Prog, "main")
	for _, tc := range []struct {
		stmt string
		n    int
	}{{"a++;", 2}, {"b++;", 4}, {"c++;", 1}} {
		if k := copiesOf(main, lineOf(t, src, tc.stmt)); k != tc.n {
			t.Errorf("%s copied %d times, want %d", tc.stmt, k, tc.n)
		}
	}
	lim := bound.Limits{Unwind: 3, UnwindSet: map[string]int{"f.0": 7, "x.c:12": 8, "13": 9}}
	for _, tc := range []struct {
		fn   string
		id   int
		pos  ir.Pos
		want int
	}{
		{"f", 0, ir.Pos{}, 7},
		{"g", 0, ir.Pos{File: "x.c", Line: 12}, 8},
		{"g", 1, ir.Pos{File: "y.c", Line: 13}, 9},
		{"g", 1, ir.Pos{File: "y.c", Line: 14}, 3},
	} {
		if got := lim.UnwindFor(tc.fn, tc.id, tc.pos); got != tc.want {
			t.Errorf("UnwindFor(%s, %d, %v) = %d, want %d", tc.fn, tc.id, tc.pos, got, tc.want)
		}
	}
}

func TestUnwindNested(t *testing.T) {
	src := `
int n = 5;
int main(void) {
	int s = 0;
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++) {
			if (j == i) continue;
			s += i * j;
		}
	return s;
}`
	u := run(t, src, "unwind", bound.Limits{Unwind: 3})
	main := body(t, u.Prog, "main")
	if k := copiesOf(main, lineOf(t, src, "s += i * j;")); k != 9 {
		t.Errorf("%d copies of the inner body, want 9", k)
	}
	// Labels are unique and every goto has its label.
	seen := map[string]bool{}
	for _, l := range collect[*ir.Label](main) {
		if seen[l.Name] {
			t.Errorf("label %s defined twice", l.Name)
		}
		seen[l.Name] = true
	}
	for _, g := range collect[*ir.Goto](main) {
		if !seen[g.Label] {
			t.Errorf("goto %s without label", g.Label)
		}
	}
	// One marker per copy of each loop (1 outer, 3 inner); notes record
	// each loop once.
	if len(boundMarks(main)) != 4 {
		t.Errorf("%d bound markers, want 4", len(boundMarks(main)))
	}
	if len(u.Notes.Cuts) != 2 {
		t.Errorf("notes %+v, want one per loop", u.Notes.Cuts)
	}
	gccSyntax(t, u.Prog)
}

func TestUnwindLabelsInBody(t *testing.T) {
	u := run(t, `
int main(void) {
	int i = 0;
	while (i < 4) {
		if (i & 1) goto odd;
		i += 2;
		goto next;
	odd:
		i += 1;
	next:
		;
	}
	return i;
}`, "unwind", bound.Limits{Unwind: 2})
	main := body(t, u.Prog, "main")
	labels := map[string]bool{}
	for _, l := range collect[*ir.Label](main) {
		if labels[l.Name] {
			t.Errorf("label %s is defined twice", l.Name)
		}
		labels[l.Name] = true
	}
	for _, g := range collect[*ir.Goto](main) {
		if !labels[g.Label] {
			t.Errorf("goto %s without label", g.Label)
		}
	}
	if odd := labelsWithPrefix(main, "odd"); len(odd) != 2 {
		t.Errorf("labels of odd: %v, want one per copy", odd)
	}
	gccSyntax(t, u.Prog)
}

func TestUnwindGotoErrors(t *testing.T) {
	tests := []struct {
		name, src, what string
		line            int
	}{
		{"goto into a loop", `
int main(void) {
	int i = 0;
	goto inside;
	while (i < 3) {
	inside:
		i++;
	}
	return i;
}`, "goto inside into a loop", 4},
		{"backward goto into a jump target", `
int main(void) {
	int i = 0;
	if (i >= 0) goto inner;
again:
	i++;
inner:
	if (i < 3)
		goto again;
	return i;
}`, "backward goto again", 9},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := runErr(t, tc.src, "unwind", bound.Limits{})
			var ue *bound.UnsupportedError
			if !errors.As(err, &ue) {
				t.Fatalf("error %v, want *bound.UnsupportedError", err)
			}
			if !strings.Contains(ue.What, tc.what) || ue.Pos.Line != tc.line {
				t.Errorf("error %q at line %d, want %q at line %d", ue.What, ue.Pos.Line, tc.what, tc.line)
			}
			if !strings.Contains(ue.Error(), "unsupported: ") {
				t.Errorf("Error() = %q", ue.Error())
			}
		})
	}
	// A goto back to the head of a forever loop (CIL's while_continue) is a
	// continue, not an error.
	src := `
int main(void) {
	int i = 0;
	while (1) {
	while_continue:
		i++;
		if (i < 3)
			goto while_continue;
		break;
	}
	return i;
}`
	u := run(t, src, "unwind", bound.Limits{Unwind: 2})
	if k := copiesOf(body(t, u.Prog, "main"), lineOf(t, src, "i++;")); k != 2 {
		t.Errorf("%d copies", k)
	}
}

func TestUnwindSizeLimit(t *testing.T) {
	_, err := runErr(t, `
int n = 100;
int main(void) { int s = 0; for (int i = 0; i < n; i++) { s++; s++; s++; } return s; }`, "unwind", bound.Limits{Unwind: 100, MaxStmts: 50})
	var ue *bound.UnsupportedError
	if !errors.As(err, &ue) || !strings.Contains(ue.What, "after unwinding") {
		t.Errorf("MaxStmts exceeded: %v", err)
	}
}

// TestUnwindConstantLoops: a counting loop with a small constant trip count
// is unwound completely, without a bound marker.
func TestUnwindConstantLoops(t *testing.T) {
	src := `
#include <pthread.h>
void *w(void *a) { return a; }
int main(void) {
	int a[10], s = 0;
	for (int i = 0; i < 10; i++)
		a[i] = i;
	for (int i = 9; i >= 0; i -= 3)
		s += a[i];
	for (int i = 0; i < 300; i++)
		s++;
	int k;
	for (k = 0; k != 4; k++) {
		if (s > 100) break;
		s--;
	}
	for (int i = 0; i < 5; i++) {
		s *= 2;
		i += 0;
	}
	pthread_t t;
	for (int i = 0; i < 5; i++)
		pthread_create(&t, 0, w, 0);
	for (int i = 0; i < 3; i++)
		pthread_create(&t, 0, w, 0);
	return s;
}`
	u := run(t, src, "unwind", bound.Limits{Unwind: 2})
	main := body(t, u.Prog, "main")
	for _, tc := range []struct {
		stmt string
		n    int
	}{
		{"a[i] = i;", 10}, // trip 10 > unwind 2
		{"s += a[i];", 4}, // 9, 6, 3, 0
		{"s++;", 2},       // trip 300 > 128: not complete
		{"s--;", 4},       // != and a break
		{"s *= 2;", 2},    // the body modifies i
	} {
		if k := copiesOf(main, lineOf(t, src, tc.stmt)); k != tc.n {
			t.Errorf("%s copied %d times, want %d", tc.stmt, k, tc.n)
		}
	}
	// Bound markers only for the loops that were cut: i < 300 and the loop
	// modifying its counter; the pthread_create loop of 5 (more than
	// maxAutoThreads, never completed) ends in an unrun marker; the one of
	// 3 is unwound completely: three copies, three threads.
	want := []int{lineOf(t, src, "i < 300"), lineOf(t, src, "i < 5; i++) {")}
	if got := markLines(main); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("bound markers at lines %v, want %v", got, want)
	}
	if u := stmtsCalling(main, bound.UnrunFunc); len(u) != 1 || u[0].Loc.Pos.Line != lineOf(t, src, "i < 5; i++)\n\t\tpthread_create") {
		t.Errorf("want one unrun marker, at the pthread_create loop of 5")
	}
	if k := copiesOf(main, lineOf(t, src, "i < 3; i++)\n\t\tpthread_create")+1); k != 3 {
		t.Errorf("the pthread_create loop of 3 copied %d times, want 3", k)
	}
	gccSyntax(t, u.Prog)

	// With a bound that covers its trip count, the pthread_create loop of
	// 5 is complete: five copies (five threads), no marker.
	u = run(t, src, "unwind", bound.Limits{Unwind: 6})
	main = body(t, u.Prog, "main")
	if k := copiesOf(main, lineOf(t, src, "pthread_create(&t, 0, w, 0);")); k != 5 {
		t.Errorf("pthread_create copied %d times with unwind 6, want 5", k)
	}
	if u := stmtsCalling(main, bound.UnrunFunc); len(u) != 0 {
		t.Errorf("unrun markers %v with unwind 6, want none", u)
	}
	gccSyntax(t, u.Prog)
}

// TestUnwindMinSpawn checks Limits.MinSpawn: a loop that creates
// threads runs at least that often, other loops keep their bound, and a
// thread-creating loop of a smaller constant trip count keeps its count.
func TestUnwindMinSpawn(t *testing.T) {
	src := `
#include <pthread.h>
void *w(void *a) { return a; }
int more(void);
int main(void) {
	pthread_t t;
	int s = 0;
	while (more())
		pthread_create(&t, 0, w, 0);
	while (more())
		s++;
	for (int i = 0; i < 1; i++)
		pthread_create(&t, 0, w, (void *)1);
	return s;
}`
	for _, tc := range []struct {
		lim            bound.Limits
		spawns, others int
	}{
		{bound.Limits{Unwind: 1}, 1, 1},
		{bound.Limits{Unwind: 1, MinSpawn: 2}, 2, 1},
		{bound.Limits{Unwind: 3, MinSpawn: 2}, 3, 3},
	} {
		u := run(t, src, "unwind", tc.lim)
		main := body(t, u.Prog, "main")
		if k := copiesOf(main, lineOf(t, src, "pthread_create(&t, 0, w, 0);")); k != tc.spawns {
			t.Errorf("%+v: the creating loop copied %d times, want %d", tc.lim, k, tc.spawns)
		}
		if k := copiesOf(main, lineOf(t, src, "s++;")); k != tc.others {
			t.Errorf("%+v: the other loop copied %d times, want %d", tc.lim, k, tc.others)
		}
		if k := copiesOf(main, lineOf(t, src, "pthread_create(&t, 0, w, (void *)1);")); k != 1 {
			t.Errorf("%+v: the loop of one creation copied %d times, want 1", tc.lim, k)
		}
		gccSyntax(t, u.Prog)
	}
}

// TestUnwindConstantLoopSoundness: complete unwinding drops the bound
// marker, so it must only happen when the trip count is exact. These loops
// iterate more often than the count the pass computes (unsigned
// comparisons against 0 and -1, a counter changed through a pointer):
// without a marker the bounded program silently loses behaviours.
func TestUnwindConstantLoopSoundness(t *testing.T) {
	tests := []struct{ name, src string }{
		{"unsigned >= 0 never ends", `
void reach_error(void);
int main(void) {
	int n = 0;
	for (unsigned i = 5; i >= 0; i--) n++;
	reach_error(); /* unreachable */
	return n;
}`},
		{"unsigned < -1 runs 2^32-1 times", `
void reach_error(void);
int main(void) {
	for (unsigned i = 0; i < -1; i++)
		if (i == 5) reach_error(); /* reachable */
	return 0;
}`},
		{"counter changed through a pointer", `
void reach_error(void);
int main(void) {
	int i;
	int *p = &i;
	for (i = 0; i < 3; i++) *p = 0;
	reach_error(); /* unreachable */
	return 0;
}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			u := run(t, tc.src, "unwind", bound.Limits{Unwind: 2})
			if n := len(boundMarks(body(t, u.Prog, "main"))); n != 1 {
				t.Errorf("%d bound markers after the loop, want 1: the loop is cut, not complete", n)
			}
		})
	}
}

// TestSpawnLoop checks which cut loops end in bound.UnrunFunc (the later
// iterations' threads created but never run) rather than in a cut: only a
// loop that does nothing but create threads whose identifiers are used for
// nothing but joining, with a counter unused after it.
func TestSpawnLoop(t *testing.T) {
	const head = `#include <pthread.h>
int g, flag[1000];
pthread_t gids[1000];
void *f(void *a) { g = 1; return 0; }
`
	tests := []struct {
		name, main string
		unrun      bool
	}{
		{"for-scoped counter, joined", `pthread_t t[1000]; for (int i = 0; i < 1000; i++) pthread_create(&t[i], 0, f, 0); for (int i = 0; i < 1000; i++) pthread_join(t[i], 0);`, true},
		{"argument from the counter", `pthread_t t[1000]; int i; for (i = 0; i < 1000; i++) pthread_create(&t[i], 0, f, (void *)(long)i);`, true},
		{"counter read after the loop, left at 1000", `pthread_t t[1000]; int i; for (i = 0; i < 1000; i++) pthread_create(&t[i], 0, f, 0); g = i;`, true},
		{"global counter, left at 1000", `pthread_t t[1000]; for (g = 0; g < 1000; g++) pthread_create(&t[g], 0, f, 0);`, true},
		{"counter read after a loop stepping by 2", `pthread_t t[1000]; int i; for (i = 0; i < 1000; i += 2) pthread_create(&t[i], 0, f, 0); g = i;`, false},
		{"identifier read otherwise", `pthread_t t[1000]; for (int i = 0; i < 1000; i++) pthread_create(&t[i], 0, f, 0); g = t[999] != 0;`, false},
		{"identifier array escapes", `pthread_t t[1000]; pthread_t *p = t; for (int i = 0; i < 1000; i++) pthread_create(&t[i], 0, f, 0); pthread_join(p[1], 0);`, false},
		{"global identifiers", `for (int i = 0; i < 1000; i++) pthread_create(&gids[i], 0, f, 0);`, false},
		{"body does more", `pthread_t t[1000]; for (int i = 0; i < 1000; i++) { flag[i] = 1; pthread_create(&t[i], 0, f, 0); }`, false},
		{"result checked", `pthread_t t[1000]; for (int i = 0; i < 1000; i++) if (pthread_create(&t[i], 0, f, 0)) return 1;`, false},
		{"while loop", `pthread_t t[1000]; int i = 0; while (i < 1000) { pthread_create(&t[i], 0, f, 0); i++; }`, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := head + "int main(void) { " + tc.main + " return 0; }\n"
			u := run(t, src, "unwind", bound.Limits{Unwind: 2})
			main := body(t, u.Prog, "main")
			gccSyntax(t, u.Prog)
			unrun := len(callsTo(main, bound.UnrunFunc))
			if want := map[bool]int{true: 1}[tc.unrun]; unrun != want {
				t.Fatalf("%d unrun markers, want %d:\n%s", unrun, want, gccSyntax(t, u.Prog))
			}
			if tc.unrun && strings.Contains(tc.name, "left at 1000") && !strings.Contains(gccSyntax(t, u.Prog), "= 1000;") {
				t.Errorf("the counter is not set to its final value")
			}
			if tc.unrun && len(callsTo(main, bound.LoopBoundFunc)) != strings.Count(tc.main, "pthread_join(t[i]") {
				t.Errorf("the join loop should keep its cut:\n%s", gccSyntax(t, u.Prog))
			}
		})
	}
}

// TestUnwindFalseCondition: do { ... } while (0) runs once and while (0)
// never; neither is a cut.
func TestUnwindFalseCondition(t *testing.T) {
	src := `
int g;
int main(void) {
	do {
		g = 1;
	} while (0);
	while (0) {
		g = 2;
	}
	for (; 0; ) {
		g = 3;
	}
	return g;
}`
	u := run(t, src, "unwind", bound.Limits{Unwind: 3})
	main := body(t, u.Prog, "main")
	for _, tc := range []struct {
		stmt string
		n    int
	}{{"g = 1;", 1}, {"g = 2;", 0}, {"g = 3;", 0}} {
		if k := copiesOf(main, lineOf(t, src, tc.stmt)); k != tc.n {
			t.Errorf("%s copied %d times, want %d", tc.stmt, k, tc.n)
		}
	}
	if m := markLines(main); len(m) != 0 {
		t.Errorf("bound markers at lines %v, want none", m)
	}
	if len(u.Notes.Cuts) != 0 {
		t.Errorf("cuts %v, want none", u.Notes.Cuts)
	}
	gccSyntax(t, u.Prog)
}

// TestUnwindGotoLoops: backward gotos with an exact structured form become
// loops (then unwound and cut like any loop) or copies of the code that
// ends the program; the others stay unsupported.
func TestUnwindGotoLoops(t *testing.T) {
	const head = `#include <stdlib.h>
int g, h;
static int drop(int v) { if (v > 2) return v - 2; return 0; }
`
	tests := []struct {
		name, main string
		err        string // "" when the program is supported
		copies     string // a statement that must be copied Unwind times
		twice      string // a statement copied once to a goto back to it (in each unwound copy of its loop)
	}{
		{"retry loop", `again:
	g++;
	if (g < h) goto again;
	return g;`, "", "g++;", ""},
		{"loop with an inner if-goto", `g = 0;
top:
	if (h) {
		h--;
		goto top;
	}
	return g;`, "", "h--;", ""},
		{"error label", `if (g) {
	ERROR: abort();
	}
	h = 1;
	if (h > 2) goto ERROR;
	return 0;`, "", "", ""},
		{"rotated loop (entered at its condition)", `goto inner;
L:
	g = 1;
inner:	g = 2;
	if (h) goto L;
	return 0;`, "", "g = 1;", ""},
		{"goto back from a nested loop", `top:
	g++;
	for (int k = 0; k < 2; k++) {
		if (g < h) goto top;
	}
	return g;`, "", "g++;", ""},
		{"a loop whose span ends before the last goto of a loop inside it (LDV's scenarios)", `goto main_;
	return 0;
main_:
	if (g) {
		if (h) goto call_;
		goto main_;
	}
	return 0;
call_:
	if (h) { g = 4; goto main_; }
	h = 5;
	goto call_;
	return 0;`, "", "h = 5;", ""},
		{"jump into the span", `if (h) goto inner;
L:	g = 1;
inner:	g = 2;
	if (h) goto L;
	return 0;`, "backward goto", "", ""},
		{"break of an enclosing loop", `while (h) {
L:	g++;
	if (g > 3) break;
	if (g) goto L;
	}
	return 0;`, "backward goto", "", ""},
		{"back to code that jumps forward", `if (g) {
		if (h) {
		nodomain:
			g = 7;
			goto fail;
		}
		return 1;
	} else {
		if (h) goto nodomain;
		return 2;
	}
fail:
	return 0;`, "", "", "g = 7;"},
		{"back to code that continues the loop", `while (h) {
		h--;
		if (g) {
		again:
			g = 8;
			h = drop(h);
			continue;
		}
		if (h > 5) goto again;
	}
	return 0;`, "", "", "g = 8;"},
		{"back to code that breaks another loop", `while (h) {
		h--;
	L:
		g = 9;
		break;
	}
	for (;;) {
		if (h) goto L;
	}
	return 0;`, "goto L into a loop", "", ""},
		{"back to code using a local of its own block", `if (g) {
		int k = h;
	L:
		g = k;
		return 1;
	}
	if (h) goto L;
	return 0;`, "backward goto", "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := head + "int main(void) {\n\t" + tc.main + "\n}\n"
			u, err := runErr(t, src, "unwind", bound.Limits{Unwind: 3})
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want one about %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			main := body(t, u.Prog, "main")
			if tc.twice != "" {
				if k := copiesOf(main, lineOf(t, src, tc.twice)); k != 2 && k != 2*3 {
					t.Errorf("%s appears %d times, want 2, or 2 in each of the 3 copies of its loop (the goto replaced by a copy)", tc.twice, k)
				}
			} else if tc.copies != "" {
				copies, cuts := 3, 1
				if strings.Contains(tc.name, "(LDV's scenarios)") {
					// The inner loop unwound in each copy of the outer.
					copies, cuts = 9, 2
				}
				if k := copiesOf(main, lineOf(t, src, tc.copies)); k != copies {
					t.Errorf("%s copied %d times, want %d", tc.copies, k, copies)
				}
				if len(u.Notes.Cuts) != cuts {
					t.Errorf("cuts %v, want %d goto loops", u.Notes.Cuts, cuts)
				}
				for _, c := range u.Notes.Cuts {
					if !strings.Contains(c.What, "loop built from goto") {
						t.Errorf("cut %v, want a goto loop", c)
					}
				}
			} else if n := len(callsTo(main, "abort")); n != 2 {
				t.Errorf("%d calls of abort, want 2 (the goto replaced by a copy)", n)
			}
			gccSyntax(t, u.Prog)
		})
	}
}

// TestUnwindMinPrefix checks Limits.MinPrefix: the loops of main that run
// before any thread is created (before the creation, also inside an if
// and a block that hold it) run at least that often; a loop after a
// creation, one that creates threads, and the loops of other functions
// keep their bound.
func TestUnwindMinPrefix(t *testing.T) {
	src := `
#include <pthread.h>
void *w(void *a) {
	while (*(int *)a)
		(*(int *)a)--;
	return a;
}
int more(void);
int main(void) {
	pthread_t t;
	int a = 0, b = 0, c = 0, d = 0, s = 0;
	while (more())
		a++;
	if (more()) {
		while (more())
			b++;
		pthread_create(&t, 0, w, &s);
		while (more())
			c++;
	}
	while (more())
		d++;
	while (more())
		pthread_create(&t, 0, w, &s);
	return a + b + c + d + s;
}`
	for _, tc := range []struct {
		lim    bound.Limits
		before int // a++ and b++
		after  int // c++, d++ and the creating loop
	}{
		{bound.Limits{Unwind: 1}, 1, 1},
		{bound.Limits{Unwind: 1, MinPrefix: 4}, 4, 1},
		{bound.Limits{Unwind: 5, MinPrefix: 4}, 5, 5},
	} {
		u := run(t, src, "unwind", tc.lim)
		main := body(t, u.Prog, "main")
		for _, l := range []string{"a++;", "b++;"} {
			if k := copiesOf(main, lineOf(t, src, l)); k != tc.before {
				t.Errorf("%+v: %s copied %d times, want %d", tc.lim, l, k, tc.before)
			}
		}
		for _, l := range []string{"c++;", "d++;", "pthread_create(&t, 0, w, &s);\n\treturn a"} {
			if k := copiesOf(main, lineOf(t, src, l)); k != tc.after {
				t.Errorf("%+v: %q copied %d times, want %d", tc.lim, l, k, tc.after)
			}
		}
		if k := copiesOf(body(t, u.Prog, "w"), lineOf(t, src, "(*(int *)a)--;")); k != tc.lim.Unwind {
			t.Errorf("%+v: the thread's loop copied %d times, want %d", tc.lim, k, tc.lim.Unwind)
		}
		gccSyntax(t, u.Prog)
	}
}
