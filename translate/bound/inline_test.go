package bound_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/ir"
)

func TestInline(t *testing.T) {
	u := run(t, `
int g;
int early(int a) {
	if (a)
		return 1;
	a++;
	return 2;
}
void set(int v) { g = v; }
int last(int a) { return a * 2; }
int main(void) {
	int e = early(g);
	set(e);
	int l = last(e);
	early(1);
	return e + l;
}`, "inline", bound.Limits{})
	main := body(t, u.Prog, "main")
	// No call of a defined function is left in main.
	for _, c := range collect[*ir.Call](main) {
		if f := ir.CalledFunc(c); f != nil && f.Body != nil {
			t.Errorf("call of %s left in main", f.Name)
		}
	}
	// Other functions keep their bodies (only entries are rewritten).
	if len(collect[*ir.Return](body(t, u.Prog, "early"))) != 2 {
		t.Errorf("early was modified")
	}
	// early's first return jumps to the end of its copy; its last return
	// and last's only return need no jump.
	gotos := collect[*ir.Goto](main)
	labels := map[string]bool{}
	for _, l := range collect[*ir.Label](main) {
		labels[l.Name] = true
	}
	if len(gotos) != 2 {
		t.Errorf("%d gotos in main, want 2 (one per inlined copy of early)", len(gotos))
	}
	for _, g := range gotos {
		if !labels[g.Label] {
			t.Errorf("goto %s has no label", g.Label)
		}
	}
	if len(labels) != 2 {
		t.Errorf("labels %v, want two return labels", labels)
	}
	if n := len(collect[*ir.Return](main)); n != 1 {
		t.Errorf("%d returns in main, want 1 (its own)", n)
	}
	// Parameters become locals initialized with the arguments; the result
	// goes through __ladr_ret into the caller's lvalue.
	var params, rets []string
	for _, d := range collect[*ir.DeclStmt](main) {
		switch d.Var.Name {
		case "a", "v":
			if d.Var.Class != ir.Local || d.Init == nil {
				t.Errorf("parameter copy %s: class %v init %v", d.Var.Name, d.Var.Class, d.Init)
			} else {
				params = append(params, d.Var.Name+"="+ir.ExprString(d.Init.Expr))
			}
		case "__ladr_ret":
			rets = append(rets, d.Var.Name)
		}
	}
	if strings.Join(params, " ") != "a=g v=e a=e a=1" {
		t.Errorf("parameter copies %v", params)
	}
	// Results are kept for e and l; early(1)'s result is dropped.
	if len(rets) != 2 {
		t.Errorf("%d result variables, want 2", len(rets))
	}
	// Every statement copied from early carries the call site.
	for _, s := range collect[*ir.ExprStmt](main) {
		if s.Loc.Func == "early" {
			if s.Loc.Inline == nil || s.Loc.Inline.Func != "main" || !s.Loc.Inline.Pos.IsValid() {
				t.Errorf("statement %s of early has inline chain %+v", ir.ExprString(s.X), s.Loc.Inline)
			}
		}
	}
	gccSyntax(t, u.Prog)
}

func TestInlineRecursionBound(t *testing.T) {
	src := `
int fact(int n) { if (n <= 1) return 1; return n * fact(n - 1); }
int main(void) { return fact(5); }`
	for _, tc := range []struct {
		lim   bound.Limits
		depth int
	}{
		{bound.Limits{Unwind: 2}, 2},
		{bound.Limits{Unwind: 1}, 1},
		{bound.Limits{Unwind: 2, Recursion: 4}, 4},
	} {
		u := run(t, src, "inline", tc.lim)
		main := body(t, u.Prog, "main")
		marks := stmtsCalling(main, bound.BoundFunc)
		if len(marks) != 1 {
			t.Fatalf("%+v: %d bound markers, want 1", tc.lim, len(marks))
		}
		c, _ := bound.CallOf(marks[0])
		msg := c.Args[1].(*ir.StringLit).Val
		if !strings.Contains(msg, "recursion of fact deeper than "+itoa(tc.depth)) {
			t.Errorf("%+v: marker %q", tc.lim, msg)
		}
		if lit, ok := c.Args[0].(*ir.IntLit); !ok || lit.Val != 1 {
			t.Errorf("%+v: the recursion marker is not unconditional: %s", tc.lim, ir.ExprString(c.Args[0]))
		}
		// The copies nest depth levels deep: the marker's inline chain has
		// depth sites.
		n := 0
		for s := marks[0].Loc.Inline; s != nil; s = s.Parent {
			n++
		}
		if n != tc.depth {
			t.Errorf("%+v: the marker is %d calls deep, want %d", tc.lim, n, tc.depth)
		}
		if len(u.Notes.Cuts) != 1 || !strings.Contains(u.Notes.Cuts[0].What, "recursion") {
			t.Errorf("%+v: notes %+v", tc.lim, u.Notes.Cuts)
		}
		gccSyntax(t, u.Prog)
	}
}

func TestInlineStaticLocalsShared(t *testing.T) {
	u := run(t, `
int next(void) { static int id; return ++id; }
int twice(void) { return next() + next(); }
int main(void) { return twice() + next(); }`, "inline", bound.Limits{})
	uses := map[string]int{}
	for _, id := range collect[*ir.Ident](body(t, u.Prog, "main")) {
		if id.Var.Class == ir.Global {
			uses[id.Var.Name]++
		}
	}
	if len(uses) != 1 || uses["next_id"] != 3 {
		t.Errorf("globals used in main: %v, want next_id 3 times", uses)
	}
	for _, d := range collect[*ir.DeclStmt](body(t, u.Prog, "main")) {
		if d.Var.Static {
			t.Errorf("main declares the static %s", d.Var.Name)
		}
	}
}

func TestInlineAtomicAndVariadic(t *testing.T) {
	u := run(t, `
int g;
void __VERIFIER_atomic_inc(void) { g++; }
int sum(int n, ...) { __builtin_va_list ap; __builtin_va_start(ap, n); int x = __builtin_va_arg(ap, int); __builtin_va_end(ap); return x; }
int stub(const char *fmt, ...) { return 0; }
int main(void) {
	__VERIFIER_atomic_inc();
	int s = sum(1, 2);
	stub("%d", g++);
	return s;
}`, "inline", bound.Limits{})
	main := body(t, u.Prog, "main").(*ir.Block)
	var seq []string
	for _, s := range main.List {
		switch x := s.(type) {
		case *ir.ExprStmt:
			if c, _ := bound.CallOf(x); c != nil {
				seq = append(seq, ir.CalledFunc(c).Name)
				continue
			}
			seq = append(seq, "expr")
		case *ir.Block:
			seq = append(seq, "block")
		case *ir.Unsupported:
			seq = append(seq, "unsupported:"+x.What)
		default:
			seq = append(seq, strings.TrimPrefix(strings.TrimPrefix(typeName(s), "*"), "ir."))
		}
	}
	// A variadic function that reads its variable arguments is not
	// inlined; one that never does is, its extra arguments evaluated.
	want := "__VERIFIER_atomic_begin block __VERIFIER_atomic_end DeclStmt unsupported:call of the variadic function sum block Return"
	if got := strings.Join(seq, " "); got != want {
		t.Errorf("main is\n  %s\nwant\n  %s", got, want)
	}
	if n := len(collect[*ir.Unary](main.List[len(main.List)-2])); n != 1 {
		t.Errorf("the inlined stub evaluates g++ %d times, want once", n)
	}
}

func typeName(x any) string {
	switch x.(type) {
	case *ir.DeclStmt:
		return "DeclStmt"
	case *ir.Return:
		return "Return"
	case *ir.If:
		return "If"
	}
	return "?"
}

func TestInlineThreadEntries(t *testing.T) {
	u := run(t, `
#include <pthread.h>
int g;
int helper(int x) { return x + 1; }
void *worker(void *arg) { g = helper(g); return 0; }
void *unused_worker(void *arg) { g = helper(2); return 0; }
int main(void) {
	pthread_t t;
	pthread_create(&t, 0, worker, 0);
	pthread_create(&t, 0, &worker, 0);
	return helper(1);
}`, "inline", bound.Limits{})
	if len(u.Entries) != 2 || u.Entries[0].Name != "main" || u.Entries[1].Name != "worker" {
		var names []string
		for _, f := range u.Entries {
			names = append(names, f.Name)
		}
		t.Fatalf("entries %v, want [main worker]", names)
	}
	for _, name := range []string{"main", "worker"} {
		if len(callsTo(body(t, u.Prog, name), "helper")) != 0 {
			t.Errorf("helper is not inlined into %s", name)
		}
	}
	if len(callsTo(body(t, u.Prog, "unused_worker"), "helper")) != 1 {
		t.Errorf("a function that is not an entry was changed")
	}
	// No main: an error.
	_, err := runErr(t, `int f(void) { return 0; }`, "inline", bound.Limits{})
	var ue *bound.UnsupportedError
	if !errors.As(err, &ue) || !strings.Contains(ue.What, "no main") {
		t.Errorf("a program without main: %v", err)
	}
}

// TestInlineThreadWrapper: a routine a wrapper of pthread_create is passed
// becomes an entry once the wrapper is inlined, and the create site names
// it; a parameter the wrapper writes or whose address it takes is not
// replaced.
func TestInlineThreadWrapper(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		entries   []string
	}{
		{"wrapper", `
#include <pthread.h>
int g;
int helper(int x) { return x + 1; }
void worker(void *arg) { g = helper(g); }
unsigned long begin(void (*w)(void *), void *data) {
	pthread_t id;
	pthread_create(&id, 0, (void *(*)(void *))w, data);
	return id;
}
int main(void) { begin(worker, 0); return 0; }`, []string{"main", "worker"}},
		{"two levels, two routines", `
#include <pthread.h>
int g;
void *a(void *p) { g = 1; return 0; }
void *b(void *p) { g = 2; return 0; }
void start(void *(*f)(void *)) { pthread_t t; pthread_create(&t, 0, f, 0); }
void twice(void *(*f)(void *), void *(*h)(void *)) { start(f); start(h); }
int main(void) { twice(&a, b); return 0; }`, []string{"main", "a", "b"}},
		{"written parameter", `
#include <pthread.h>
void *a(void *p) { return 0; }
void *b(void *p) { return 0; }
int c;
void start(void *(*f)(void *)) { pthread_t t; if (c) f = b; pthread_create(&t, 0, f, 0); }
int main(void) { start(a); return 0; }`, []string{"main"}},
		{"address taken", `
#include <pthread.h>
void *a(void *p) { return 0; }
void set(void *(**pf)(void *));
void start(void *(*f)(void *)) { pthread_t t; set(&f); pthread_create(&t, 0, f, 0); }
int main(void) { start(a); return 0; }`, []string{"main"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			u := run(t, tc.src, "inline", bound.Limits{})
			var names []string
			for _, f := range u.Entries {
				names = append(names, f.Name)
			}
			if strings.Join(names, " ") != strings.Join(tc.entries, " ") {
				t.Fatalf("entries %v, want %v", names, tc.entries)
			}
			if tc.name == "wrapper" && len(callsTo(body(t, u.Prog, "worker"), "helper")) != 0 {
				t.Errorf("helper is not inlined into worker")
			}
		})
	}
}

func TestInlineSizeLimit(t *testing.T) {
	_, err := runErr(t, `
int f(int x) { x++; x++; x++; x++; return x; }
int main(void) { int a = f(1); a = f(a); a = f(a); a = f(a); return a; }`, "inline", bound.Limits{MaxStmts: 10})
	var ue *bound.UnsupportedError
	if !errors.As(err, &ue) || !strings.Contains(ue.What, "larger than 10 statements") {
		t.Errorf("MaxStmts exceeded: %v", err)
	}
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}
