package pointsto_test

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/ladr-dev/ladr/translate/analysis"
	"github.com/ladr-dev/ladr/translate/analysis/analysistest"
	"github.com/ladr-dev/ladr/translate/analysis/pointsto"
	"github.com/ladr-dev/ladr/translate/ir"
)

// load is analysistest.Load.
func load(t *testing.T, src string) *analysis.Program {
	t.Helper()
	return analysistest.Load(t, src)
}

// lookup returns the variable of p named name: a global, a parameter or
// a local of an entry (the first found).
func lookup(t *testing.T, p *analysis.Program, name string) *ir.Var {
	t.Helper()
	for _, g := range p.Prog.Globals {
		if g.Name == name {
			return g
		}
	}
	var found *ir.Var
	for _, f := range p.Entries {
		for _, v := range f.Params {
			if v.Name == name && found == nil {
				found = v
			}
		}
		ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
			if d, ok := n.(*ir.DeclStmt); ok && d.Var.Name == name && found == nil {
				found = d.Var
			}
			return found == nil
		})
	}
	if found == nil {
		t.Fatalf("no variable %s", name)
	}
	return found
}

// show renders a location: a variable by name, an allocation by its
// line (alloc@L), unknown memory as "?", then the path.
func show(l pointsto.Loc) string {
	var o string
	switch l.Obj.Kind {
	case pointsto.ObjVar:
		o = l.Obj.Var.Name
	case pointsto.ObjAlloc:
		o = fmt.Sprintf("alloc@%d", l.Obj.Pos.Line)
	case pointsto.ObjUnknown:
		o = "?"
	default:
		o = l.Obj.String()
	}
	return o + l.Path.String()
}

func shows(s pointsto.Set) string {
	var out []string
	for _, l := range s {
		out = append(out, show(l))
	}
	sort.Strings(out)
	return strings.Join(out, " ")
}

// valueOf is what variable name may point to.
func valueOf(t *testing.T, p *analysis.Program, r *pointsto.Result, name string) pointsto.Set {
	t.Helper()
	return r.Eval(&ir.Ident{Var: lookup(t, p, name)})
}

// bugs are the cases whose answer is known to be unsound, by name: they
// are skipped, with the description.
// fixedBugs are cases that once failed (unsound answers), kept as
// regression tests; the cases run like the others.
var fixedBugs = map[string]string{
	"sscanf %p stores an unknown pointer": "sscanf (%p) writes a pointer the analysis cannot follow through its argument; " +
		"pointsto gives q no target at all (want Unknown), and races.Prove proves a racy program race-free",
}

func TestPointsTo(t *testing.T) {
	for _, tc := range []struct {
		name, src, ptr string
		want           string // shows of the set
	}{
		{"address of a global", `
int x;
int main(void) { int *p = &x; *p = 1; return 0; }`, "p", "x"},
		{"either of two", `
int x, y, c;
int main(void) { int *p = c ? &x : &y; *p = 1; return 0; }`, "p", "x y"},
		{"assigned on two branches", `
int x, y, c;
int main(void) { int *p; if (c) p = &x; else p = &y; *p = 1; return 0; }`, "p", "x y"},
		{"allocation site", `
#include <stdlib.h>
int main(void) {
  int *p = malloc(4);
  *p = 1;
  return 0;
}`, "p", "alloc@4"}, // line 1 of the source is empty
		{"field of a global struct", `
struct S { int f, g; } s;
int main(void) { int *p = &s.g; *p = 1; return 0; }`, "p", "s.g"},
		{"constant index", `
int a[4];
int main(void) { int *p = &a[2]; *p = 1; return 0; }`, "p", "a[2]"},
		{"variable index", `
int a[4], n;
int main(void) { int *p = &a[n]; *p = 1; return 0; }`, "p", "a[*]"},
		// Flow-insensitive: p holds &a[1] and, after p++, any element.
		{"pointer arithmetic widens", `
int a[4];
int main(void) { int *p = &a[1]; p++; *p = 1; return 0; }`, "p", "a[*] a[1]"},
		{"through a pointer to a pointer", `
int x;
int main(void) { int *p = 0; int **pp = &p; *pp = &x; int *q = *pp; *q = 1; return 0; }`, "q", "x"},
		{"stored in a struct field", `
struct S { int *ptr; int n; } s;
int x;
int main(void) { s.ptr = &x; int *q = s.ptr; *q = 1; return 0; }`, "q", "x"},
		{"struct copy", `
struct S { int *ptr; } s1, s2;
int x;
int main(void) { s1.ptr = &x; s2 = s1; int *q = s2.ptr; *q = 1; return 0; }`, "q", "x"},
		{"integer holding an address", `
int x;
int main(void) { long n = (long)&x; int *q = (int *)n; *q = 1; return 0; }`, "q", "x"},
		{"memcpy of a pointer", `
#include <string.h>
int x;
int main(void) { int *p = &x, *q; memcpy(&q, &p, sizeof p); *q = 1; return 0; }`, "q", "x"},
		{"initialized global", `
int x;
int *gp = &x;
int main(void) { int *q = gp; *q = 1; return 0; }`, "q", "x"},
		{"thread argument", `
#include <pthread.h>
int x;
void *w(void *a) { int *q = a; *q = 1; return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, w, &x); pthread_join(t, 0); return 0; }`, "q", "x"},
		{"thread result through pthread_join", `
#include <pthread.h>
int x;
void *w(void *a) { return &x; }
int main(void) { pthread_t t; void *r; pthread_create(&t, 0, w, 0); pthread_join(t, &r); int *q = r; *q = 1; return 0; }`, "q", "x"},
		{"thread-specific value", `
#include <pthread.h>
int x;
pthread_key_t k;
int main(void) { pthread_key_create(&k, 0); pthread_setspecific(k, &x); int *q = pthread_getspecific(k); *q = 1; return 0; }`, "q", "x"},
		// Conservative: an atomic read-modify-write mixes every value
		// and pointee of its arguments (gp's own address included).
		{"atomic exchange of a pointer", `
int x, y;
int *gp = &y;
int main(void) { int *q = __atomic_exchange_n(&gp, &x, 5); int *r = gp; *q = 1; *r = 1; return 0; }`, "r", "gp x y"},
		{"realloc keeps the old block", `
#include <stdlib.h>
int main(void) {
  int *p = malloc(4);
  int *q = realloc(p, 8);
  *q = 1;
  return 0;
}`, "q", "alloc@4 alloc@5"},
		{"pointer from an unmodelled function", `
extern int *get(void);
int main(void) { int *q = get(); *q = 1; return 0; }`, "q", "?"},
		{"strtol's end pointer is into its string", `
#include <stdlib.h>
int main(void) { char *q = 0; char buf[4] = "12"; strtol(buf, &q, 10); *q = 1; return 0; }`, "q", "buf"},
		// sscanf's %p stores a pointer the analysis cannot follow into
		// q: q may point anywhere (here to x, whose address sprintf
		// printed into buf). The analysis gives q no target at all, and
		// races.Prove proves the racy program below race-free (main's
		// *(int *)q = 1 and the thread's x = 2 race):
		//
		//	int x;
		//	void *w(void *a) { x = 2; return 0; }
		//	int main(void) {
		//	  char buf[64]; void *q = 0; pthread_t t;
		//	  sprintf(buf, "%p", (void *)&x);
		//	  pthread_create(&t, 0, w, 0);
		//	  sscanf(buf, "%p", &q);
		//	  *(int *)q = 1;
		//	  pthread_join(t, 0);
		//	}
		{"sscanf %p stores an unknown pointer", `
#include <stdio.h>
int x;
int main(void) { char buf[64]; void *q = 0; sprintf(buf, "%p", (void *)&x); sscanf(buf, "%p", &q); *(int *)q = 1; return 0; }`, "q", "?"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := load(t, tc.src)
			r := pointsto.Analyze(p)
			if got := shows(valueOf(t, p, r, tc.ptr)); got != tc.want {
				t.Errorf("%s points to {%s}, want {%s}", tc.ptr, got, tc.want)
			}
		})
	}
}

// only returns the one location of a set.
func only(t *testing.T, name string, s pointsto.Set) pointsto.Loc {
	t.Helper()
	if len(s) != 1 {
		t.Fatalf("%s points to {%s}, want one location", name, shows(s))
	}
	for _, l := range s {
		return l
	}
	panic("unreachable")
}

func TestOverlap(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      bool
	}{
		{"different fields", `
struct S { int f, g; } s;
int main(void) { int *p = &s.f, *q = &s.g; *p = *q; return 0; }`, false},
		{"same field", `
struct S { int f, g; } s;
int main(void) { int *p = &s.f, *q = &s.f; *p = *q; return 0; }`, true},
		{"different constant indices", `
int a[4];
int main(void) { int *p = &a[1], *q = &a[2]; *p = *q; return 0; }`, false},
		{"constant and variable index", `
int a[4], n;
int main(void) { int *p = &a[1], *q = &a[n]; *p = *q; return 0; }`, true},
		{"whole struct contains its field", `
struct S { int f, g; } s;
int main(void) { struct S *p = &s; int *q = &s.g; p->f = *q; return 0; }`, true},
		{"fields of different elements", `
struct S { int f, g; } a[4];
int main(void) { int *p = &a[1].f, *q = &a[2].f; *p = *q; return 0; }`, false},
		{"different fields of any element", `
struct S { int f, g; } a[4];
int n;
int main(void) { int *p = &a[n].f, *q = &a[1].g; *p = *q; return 0; }`, false},
		{"same field of any element", `
struct S { int f, g; } a[4];
int n;
int main(void) { int *p = &a[n].f, *q = &a[1].f; *p = *q; return 0; }`, true},
		{"nested struct fields", `
struct I { int x, y; };
struct S { struct I i; int z; } s;
int main(void) { int *p = &s.i.x, *q = &s.i.y; *p = *q; return 0; }`, false},
		// Union members are the union's one location.
		{"union members", `
union U { int a; float b; } u;
int main(void) { int *p = &u.a; float *q = &u.b; *p = *q; return 0; }`, true},
		// The same memory viewed through two struct types: assumed to
		// overlap.
		{"fields of two struct types", `
struct A { int x, y; };
struct B { int x, y; };
struct A s;
int main(void) { int *p = &s.x, *q = &((struct B *)&s)->y; *p = *q; return 0; }`, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := load(t, tc.src)
			r := pointsto.Analyze(p)
			a := only(t, "p", valueOf(t, p, r, "p"))
			b := only(t, "q", valueOf(t, p, r, "q"))
			if a.Obj != b.Obj {
				t.Fatalf("p and q point into different objects: %s, %s", show(a), show(b))
			}
			if got := pointsto.Overlap(a.Path, b.Path); got != tc.want {
				t.Errorf("Overlap(%s, %s) = %v, want %v", show(a), show(b), got, tc.want)
			}
			if got := pointsto.Overlap(b.Path, a.Path); got != tc.want {
				t.Errorf("Overlap(%s, %s) = %v, want %v", show(b), show(a), got, tc.want)
			}
		})
	}
}

func TestPrivate(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		obj       string // a variable, or "alloc" for the allocation its pointer p holds
		want      bool
	}{
		{"local whose address stays in main", `
int main(void) { int x; int *p = &x; *p = 1; return 0; }`, "x", true},
		{"local passed to a thread", `
#include <pthread.h>
void *w(void *a) { *(int *)a = 1; return 0; }
int main(void) { int x; pthread_t t; pthread_create(&t, 0, w, &x); pthread_join(t, 0); return 0; }`, "x", false},
		{"local whose address is stored in a global", `
int *gp;
int main(void) { int x; gp = &x; *gp = 1; return 0; }`, "x", false},
		{"thread's block kept in its local", `
#include <pthread.h>
#include <stdlib.h>
void *w(void *a) { int *p = malloc(4); *p = 1; free(p); return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); pthread_join(t, 0); return 0; }`, "alloc", true},
		{"thread's block stored in a global", `
#include <pthread.h>
#include <stdlib.h>
int *gp;
void *w(void *a) { int *p = malloc(4); gp = p; return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); pthread_join(t, 0); return 0; }`, "alloc", false},
		{"thread's block returned as its result", `
#include <pthread.h>
#include <stdlib.h>
void *w(void *a) { int *p = malloc(4); return p; }
int main(void) { pthread_t t; void *r; pthread_create(&t, 0, w, 0); pthread_join(t, &r); return 0; }`, "alloc", false},
		{"local stored in a private block", `
#include <stdlib.h>
int main(void) { int x; int **p = malloc(sizeof(int *)); *p = &x; **p = 1; return 0; }`, "x", true},
		{"thread's local stored in a block main passed", `
#include <pthread.h>
#include <stdlib.h>
void *w(void *a) { int x; *(int **)a = &x; return 0; }
int main(void) { pthread_t t; int **p = malloc(sizeof(int *)); pthread_create(&t, 0, w, p); pthread_join(t, 0); return 0; }`, "x", false},
		{"address stored atomically in a global", `
int *gp;
int main(void) { int x; __atomic_store_n(&gp, &x, 5); return 0; }`, "x", false},
		{"address copied into a global by memcpy", `
#include <string.h>
int *gp;
int main(void) { int x; int *p = &x; memcpy(&gp, &p, sizeof p); return 0; }`, "x", false},
		{"global", `
int x;
int main(void) { int *p = &x; *p = 1; return 0; }`, "x", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := load(t, tc.src)
			r := pointsto.Analyze(p)
			var o *pointsto.Object
			if tc.obj == "alloc" {
				o = only(t, "p", valueOf(t, p, r, "p")).Obj
				if o.Kind != pointsto.ObjAlloc {
					t.Fatalf("p points to %s, not a block", show(pointsto.Loc{Obj: o}))
				}
			} else {
				o = r.Var(lookup(t, p, tc.obj))
			}
			if got := r.Private(o); got != tc.want {
				t.Errorf("Private(%s) = %v, want %v", o, got, tc.want)
			}
		})
	}
}

// TestThreadConfined: a thread-local variable whose address only private
// locals hold is each thread's own; held by a start routine's parameter or
// a global, it may be another thread's copy.
func TestThreadConfined(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      bool
	}{
		{"own pointer", `#include <pthread.h>
_Thread_local int v;
void *f(void *a) { int *q = &v; *q = 1; return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, f, 0); int *p = &v; *p = 2; pthread_join(t, 0); return 0; }`, true},
		{"passed to a thread", `#include <pthread.h>
_Thread_local int v;
void *f(void *a) { *(int *)a = 1; return 0; }
int main(void) { pthread_t t; int *p = &v; pthread_create(&t, 0, f, p); pthread_join(t, 0); return 0; }`, false},
		{"through a global", `#include <pthread.h>
_Thread_local int v;
int *g;
void *f(void *a) { *g = 1; return 0; }
int main(void) { pthread_t t; g = &v; pthread_create(&t, 0, f, 0); pthread_join(t, 0); return 0; }`, false},
		{"not thread-local", `#include <pthread.h>
int v;
void *f(void *a) { int *q = &v; *q = 1; return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, f, 0); pthread_join(t, 0); return 0; }`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := load(t, tc.src)
			r := pointsto.Analyze(p)
			if got := r.ThreadConfined(r.Var(lookup(t, p, "v"))); got != tc.want {
				t.Errorf("ThreadConfined(v) = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestWorkLimit checks that the analysis gives up soundly when its work
// runs out: every pointer, including one in a body it had not reached,
// may point anywhere.
func TestWorkLimit(t *testing.T) {
	src := `
#include <pthread.h>
int x, y;
int *g;
void *worker(void *a) { int *q = g; *q = 2; return 0; }
int main(void) {
  int *p = &x;
  g = &y;
  int *r = g;
  *p = 1; *r = 1;
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  return 0;
}`
	for _, tc := range []struct {
		name    string
		work    int
		unknown bool
	}{
		{"enough", pointsto.MaxWork, false},
		{"none", 0, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := load(t, src)
			r := pointsto.AnalyzeWork(p, tc.work)
			for _, v := range []string{"r", "q"} {
				if got := valueOf(t, p, r, v).Unknown(); got != tc.unknown {
					t.Errorf("%s: unknown %v, want %v (%s)", v, got, tc.unknown, shows(valueOf(t, p, r, v)))
				}
			}
		})
	}
}
