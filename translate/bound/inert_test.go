package bound_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/ir"
)

func TestFindInert(t *testing.T) {
	const prelude = `
#include <pthread.h>
#include <stdlib.h>
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern int ext(int);
int g;
pthread_mutex_t m;
void *other(void *a) { return 0; }
int pure(int x) { int y[2]; y[0] = x; return y[0] + 1; }
int reads(int x) { return x + g; }
int rec(int x) { if (x > 0) return rec(x - 1); return 0; }
struct s { int f; int arr[3]; };
`
	for _, tc := range []struct {
		name, body string
		join       string // how main joins the thread ("" none)
		inert      bool
	}{
		{"locals only", "int x = 1; long v = (long)a; if (v > 3) x = 2; return 0;", "", true},
		{"local array and struct", "struct s l; int b[4]; b[1] = 2; l.arr[b[1]] = 3; l.f = l.arr[2]; return 0;", "", true},
		{"calls an inert helper", "int x = pure(3); return 0;", "", true},
		{"nondeterministic value", "int x = __VERIFIER_nondet_int(); if (x) x++; return 0;", "", true},
		{"forward goto", "int x = 0; if (a) goto out; x = 1; out: return 0;", "", true},
		{"compares its argument", "if (a == 0) return 0; return 0;", "", true},
		{"returns its argument, joined without result", "return a;", "pthread_join(t, 0);", true},
		{"returns null, result read", "return 0;", "void *r; pthread_join(t, &r);", true},
		{"returns its argument, result read", "return a;", "void *r; pthread_join(t, &r);", false},
		{"returns nondet pointer value, result read", "void *p = a; return p;", "void *r; pthread_join(t, &r);", false},
		{"reads a global", "int x = g; return 0;", "", false},
		{"writes a global", "g = 1; return 0;", "", false},
		{"address of a global", "int *p = &g; return 0;", "", false},
		{"static local", "static int c; c = 1; return 0;", "", false},
		{"writes through its argument", "*(int *)a = 1; return 0;", "", false},
		{"reads through its argument", "int x = *(int *)a; return 0;", "", false},
		{"member through its argument", "((struct s *)a)->f = 1; return 0;", "", false},
		{"indexes its argument", "int x = ((int *)a)[1]; return 0;", "", false},
		{"string literal element", `char c = "ab"[1]; return 0;`, "", false},
		{"calls an unknown function", "int x = ext(1); return 0;", "", false},
		{"calls a helper that reads a global", "int x = reads(1); return 0;", "", false},
		{"recursion", "int x = rec(2); return 0;", "", false},
		{"loop", "int i; for (i = 0; i < 2; i++) ; return 0;", "", false},
		{"endless loop", "while (1) ; return 0;", "", false},
		{"backward goto", "int x = 0; again: x++; if (x < 3) goto again; return 0;", "", false},
		{"calls exit", "exit(1); return 0;", "", false},
		{"calls abort", "abort(); return 0;", "", false},
		{"asserts", "int x = 1; assert(x == 1); return 0;", "", false},
		{"assumes", "__VERIFIER_assume(a != 0); return 0;", "", false},
		{"creates a thread", "pthread_t u; pthread_create(&u, 0, other, 0); return 0;", "", false},
		{"locks", "pthread_mutex_lock(&m); pthread_mutex_unlock(&m); return 0;", "", false},
		{"exits the thread", "pthread_exit(0); return 0;", "", false},
		{"pthread_self", "pthread_t me = pthread_self(); return 0;", "", false},
		{"mallocs", "int *p = malloc(4); return 0;", "", false},
		{"call through a pointer", "int (*f)(int) = pure; f(1); return 0;", "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := fmt.Sprintf("%svoid *w(void *a) { %s }\nint main(void) { pthread_t t; pthread_create(&t, 0, w, 0); %s return 0; }\n",
				prelude, tc.body, tc.join)
			u := run(t, src, "inert", bound.Limits{})
			got := false
			for f := range u.Inert {
				if f.Name == "w" {
					got = true
				}
			}
			if got != tc.inert {
				t.Errorf("w inert: %v, want %v", got, tc.inert)
			}
		})
	}
}

// TestFindInertJoinAddress: pthread_join used other than by a direct call
// may read any thread's result.
func TestFindInertJoinAddress(t *testing.T) {
	u := run(t, `
#include <pthread.h>
int (*j)(pthread_t, void **) = pthread_join;
void *w(void *a) { return a; }
void *z(void *a) { return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); pthread_create(&t, 0, z, 0); return 0; }
`, "inert", bound.Limits{})
	var names []string
	for f := range u.Inert {
		names = append(names, f.Name)
	}
	if len(names) != 1 || names[0] != "z" {
		t.Errorf("inert start routines %v, want [z]", names)
	}
}

func TestThreadsInert(t *testing.T) {
	// 70 inert threads, then two racing ones: the inert ones do not count
	// against the bound of 64 threads and are not copied.
	var b strings.Builder
	b.WriteString("#include <pthread.h>\nint g;\nvoid *quiet(void *a) { long x = (long)a; if (x) x--; return 0; }\nvoid *racer(void *a) { g++; return 0; }\n")
	b.WriteString("int main(void) {\n\tpthread_t q[70], r1, r2;\n\tint rc = 0;\n")
	for i := 0; i < 70; i++ {
		fmt.Fprintf(&b, "\trc += pthread_create(&q[%d], 0, quiet, (void *)(long)rc);\n", i)
	}
	b.WriteString("\tpthread_create(&r1, 0, racer, 0);\n\tpthread_create(&r2, 0, racer, 0);\n\tpthread_join(q[3], 0);\n\treturn rc;\n}\n")
	u := run(t, b.String(), "threads", bound.Limits{})
	if n := len(u.Prog.Threads); n != 3 {
		t.Fatalf("%d threads, want 3 (main and two racers)", n)
	}
	for _, th := range u.Prog.Threads[1:] {
		if th.Func != "racer" {
			t.Errorf("thread %s runs %s", th.Name, th.Func)
		}
	}
	if u.Prog.InertThreads != 70 {
		t.Errorf("InertThreads %d, want 70", u.Prog.InertThreads)
	}
	if len(u.Notes.Cuts) != 0 {
		t.Errorf("cuts %v", u.Notes.Cuts)
	}
	if len(u.Notes.Inert) != 1 || !strings.HasPrefix(u.Notes.Inert[0], "70 threads of quiet (created at test.c:8:") ||
		!strings.HasSuffix(u.Notes.Inert[0], "and 67 more sites) touch no shared memory and end: not scheduled") {
		t.Errorf("inert notes %q", u.Notes.Inert)
	}
	main := body(t, u.Prog, "main")
	if n := len(callsTo(main, bound.CreateFunc)); n != 2 {
		t.Errorf("%d thread creations left in main, want 2", n)
	}
	// The identifiers follow the threads' (0, 1, 2): 3, 4, ..., 72, each
	// stored once; the argument (it reads rc) is still evaluated, and the
	// result is 0.
	ids := map[uint64]bool{}
	casts := 0
	for _, s := range collect[*ir.ExprStmt](main) {
		switch x := s.X.(type) {
		case *ir.Assign:
			if ix, ok := x.L.(*ir.Index); ok {
				if lit, ok := x.R.(*ir.IntLit); ok && ir.Uncast(ix.X) != nil {
					ids[lit.Val] = true
				}
			}
		case *ir.Cast:
			if ir.IsVoid(x.T) {
				casts++
			}
		}
	}
	for id := uint64(3); id < 73; id++ {
		if !ids[id] {
			t.Errorf("no inert thread has identifier %d (%v)", id, ids)
			break
		}
	}
	if len(ids) != 70 || casts != 70 {
		t.Errorf("%d identifiers stored, %d arguments evaluated, want 70 and 70", len(ids), casts)
	}
	// The whole translation compiles.
	u = run(t, b.String(), "seq", bound.Limits{})
	gccSyntax(t, u.Prog)
}
