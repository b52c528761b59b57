package bound_test

import (
	"strings"
	"testing"

	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/cfront"
	"github.com/ladr-dev/ladr/translate/ir"
)

const threadsProg = `
#include <pthread.h>
int g, n;
void *leaf(void *arg) { g++; return arg; }
void *worker(void *arg) {
	pthread_t t;
	int *p = arg;
	*p = 1;
	pthread_create(&t, 0, leaf, 0);
	return 0;
}
void *other(void *arg) { g = 2; return arg; }
int main(void) {
	pthread_t t[3], u;
	int local = 0;
	for (int i = 0; i < n; i++)
		pthread_create(&t[i], 0, worker, &local);
	int r = pthread_create(&u, 0, other, 0);
	pthread_join(u, 0);
	return r + local;
}`

func TestThreads(t *testing.T) {
	u := run(t, threadsProg, "threads", bound.Limits{Unwind: 2})
	// main, 2 workers (the loop is unwound twice), each creating a leaf,
	// and other.
	type th struct {
		name, fn string
		parent   int
		line     int
	}
	want := []th{
		{"main", "main", -1, 0},
		{"T1", "worker", 0, 17},
		{"T2", "worker", 0, 17},
		{"T3", "other", 0, 18},
		{"T4", "leaf", 1, 9},
		{"T5", "leaf", 2, 9},
	}
	if len(u.Prog.Threads) != len(want) {
		for _, x := range u.Prog.Threads {
			t.Logf("thread %+v", *x)
		}
		t.Fatalf("%d threads, want %d", len(u.Prog.Threads), len(want))
	}
	funcs := map[int]*ir.Function{}
	for _, f := range u.Prog.Funcs {
		if f.Thread != nil {
			if funcs[f.Thread.ID] != nil {
				t.Errorf("two functions for thread %d", f.Thread.ID)
			}
			funcs[f.Thread.ID] = f
		}
	}
	for i, w := range want {
		th := u.Prog.Threads[i]
		if th.ID != i || th.Name != w.name || th.Func != w.fn || th.Parent != w.parent {
			t.Errorf("thread %d = %+v, want %+v", i, *th, w)
		}
		if i > 0 && (th.CreatedAt.Line != w.line || th.CreatedAt.File != "test.c") {
			t.Errorf("thread %d created at %v, want test.c:%d", i, th.CreatedAt, w.line)
		}
		f := funcs[i]
		if f == nil {
			t.Errorf("no function for thread %d", i)
			continue
		}
		if f.Thread != th {
			t.Errorf("thread %d: the function's Thread is not Program.Threads[%d]", i, i)
		}
		if i > 0 {
			if want := "__ladr_" + w.name + "_" + w.fn; f.Name != want {
				t.Errorf("thread %d function %s, want %s", i, f.Name, want)
			}
		}
	}
	if funcs[0] != u.Prog.Func("main") || u.Prog.Threads[0].CreatedAt.IsValid() {
		t.Errorf("thread 0 is not main")
	}
	// Each copy has its own body and variables.
	if funcs[1].Body == funcs[2].Body || funcs[1].Params[0] == funcs[2].Params[0] {
		t.Errorf("the two worker threads share their body or parameters")
	}
	d1 := collect[*ir.DeclStmt](funcs[1].Body)
	d2 := collect[*ir.DeclStmt](funcs[2].Body)
	if len(d1) == 0 || d1[0].Var == d2[0].Var {
		t.Errorf("the two worker threads share their locals")
	}
	// Creates become __ladr_create(ID, tid, arg) with the result kept.
	var ids []string
	for _, f := range []*ir.Function{funcs[0], funcs[1], funcs[2]} {
		if len(callsTo(f.Body, "pthread_create")) != 0 {
			t.Errorf("%s still calls pthread_create", f.Name)
		}
		for _, c := range callsTo(f.Body, bound.CreateFunc) {
			if len(c.Args) != 3 {
				t.Errorf("%s has %d arguments", ir.ExprString(c), len(c.Args))
				continue
			}
			ids = append(ids, ir.ExprString(c.Args[0])+":"+ir.ExprString(c.Args[2]))
		}
	}
	if got := strings.Join(ids, " "); got != "1:&local 2:&local 3:0 4:0 5:0" {
		t.Errorf("create calls %s", got)
	}
	var assigned bool
	for _, s := range stmtsCalling(funcs[0].Body, bound.CreateFunc) {
		if _, lhs := bound.CallOf(s); lhs != nil && ir.ExprString(lhs) == "r" {
			assigned = true
		}
	}
	if !assigned {
		t.Errorf("r = pthread_create(...) lost its assignment")
	}
	gccSyntax(t, u.Prog)
}

func TestThreadsLimits(t *testing.T) {
	u := run(t, threadsProg, "threads", bound.Limits{Unwind: 2, MaxThreads: 3})
	if len(u.Prog.Threads) != 3 {
		t.Fatalf("%d threads, want 3", len(u.Prog.Threads))
	}
	var marks []string
	for _, f := range u.Prog.Funcs {
		if f.Thread == nil {
			continue
		}
		for _, m := range stmtsCalling(f.Body, bound.BoundFunc) {
			c, _ := bound.CallOf(m)
			marks = append(marks, c.Args[1].(*ir.StringLit).Val)
		}
	}
	n := 0
	for _, m := range marks {
		if m == "more than 3 threads" {
			n++
		}
	}
	// other (from main) and the two leaves are cut.
	if n != 3 {
		t.Errorf("%d 'more than 3 threads' markers (%v), want 3", n, marks)
	}
	cuts := 0
	for _, c := range u.Notes.Cuts {
		if c.What == "more than 3 threads" {
			cuts++
		}
	}
	if cuts != 3 {
		t.Errorf("notes %+v", u.Notes.Cuts)
	}
}

func TestThreadsUnknownStartRoutine(t *testing.T) {
	u := run(t, `
#include <pthread.h>
int g;
void *w(void *a) { g++; return a; }
void *(*fp)(void *) = w;
void *ext(void *);
int main(void) {
	pthread_t t;
	pthread_create(&t, 0, fp, 0);
	pthread_create(&t, 0, ext, 0);
	pthread_create(&t, 0, (void *(*)(void *))w, 0);
	return 0;
}`, "threads", bound.Limits{})
	var whats []string
	for _, s := range collect[*ir.Unsupported](body(t, u.Prog, "main")) {
		whats = append(whats, s.What)
	}
	if len(whats) != 2 || !strings.Contains(whats[0], "start routine") {
		t.Errorf("unsupported statements %q, want 2 about the start routine", whats)
	}
	// A cast of a known function is fine.
	if len(u.Prog.Threads) != 2 || u.Prog.Threads[1].Func != "w" {
		t.Errorf("threads %d", len(u.Prog.Threads))
	}
}

func TestDCE(t *testing.T) {
	u := run(t, `
#include <pthread.h>
struct used { int a; };
struct unused { int b; };
struct viaptr { int c; };
int g_used, g_unused, g_init = 3;
int *g_ptr = &g_init;
struct viaptr *vp;
int helper(int x) { return x; }
int never(void) { return g_unused; }
void *w(void *arg) { struct used u; u.a = *g_ptr; return 0; }
int main(void) {
	pthread_t t;
	pthread_create(&t, 0, w, 0);
	g_used = helper(1) + (vp != 0);
	return 0;
}`, "dce", bound.Limits{})
	p := u.Prog
	for _, name := range []string{"g_used", "g_ptr", "g_init", "vp"} {
		if p.Global(name) == nil {
			t.Errorf("global %s was dropped", name)
		}
	}
	if p.Global("g_unused") != nil {
		t.Errorf("g_unused was kept")
	}
	for _, name := range []string{"never", "helper", "w"} {
		if p.Func(name) != nil {
			t.Errorf("function %s was kept (inlined or unused)", name)
		}
	}
	if p.Func("pthread_create") != nil {
		t.Errorf("pthread_create is still declared although no thread calls it")
	}
	for _, f := range p.Funcs {
		if f.Body != nil && f.Thread == nil {
			t.Errorf("%s keeps its body", f.Name)
		}
	}
	tags := map[string]bool{}
	for _, s := range p.Structs {
		tags[s.Tag] = true
	}
	if !tags["used"] || !tags["viaptr"] || tags["unused"] {
		t.Errorf("structs kept: %v", tags)
	}
	gccSyntax(t, p)
}

func TestEntries(t *testing.T) {
	p, err := fe.Parse("e.c", []byte(`
#include <pthread.h>
void *a(void *x) { return x; }
void *b(void *x) { return x; }
void *c(void *x) { return x; }
void spawn(void) { pthread_t t; pthread_create(&t, 0, c, 0); }
int main(void) {
	pthread_t t;
	pthread_create(&t, 0, b, 0);
	pthread_create(&t, 0, &a, 0);
	pthread_create(&t, 0, b, 0);
	spawn();
	return 0;
}`), cfront.Options{})
	if err != nil {
		t.Fatal(err)
	}
	es, err := bound.Entries(p)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range es {
		names = append(names, f.Name)
	}
	// main first, then the start routines in program order of the
	// functions containing the create calls (c is created in spawn, which
	// comes before main).
	if got := strings.Join(names, " "); got != "main c b a" {
		t.Errorf("entries %s, want main c b a", got)
	}
}
