package shadow_test

import (
	"sort"
	"strings"
	"testing"

	"github.com/ladr-dev/ladr/shadow"
	"github.com/ladr-dev/ladr/translate"
	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/cfront"
	"github.com/ladr-dev/ladr/translate/seq"
)

// checked instruments src and returns the checked accesses ("lvalue r" or
// "lvalue w", sorted) and the number left out.
func checked(t *testing.T, src string, target translate.Target) ([]string, int) {
	t.Helper()
	p, err := cfront.New().Parse("c.c", []byte(src), cfront.Options{})
	if err != nil {
		t.Fatal(err)
	}
	in := shadow.New(target)
	if _, err := translate.Run(p, translate.Config{Limits: bound.Limits{Unwind: 2}, Rounds: 2, Property: seq.Race, Target: target},
		[]translate.Instrumenter{in}, translate.RunOptions{}); err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, s := range in.Sites {
		k := " r"
		if s.Write {
			k = " w"
		}
		out = append(out, s.Lvalue+k)
	}
	sort.Strings(out)
	return out, in.Pruned
}

func TestCandidates(t *testing.T) {
	const head = "#include <pthread.h>\n#include <stdlib.h>\n#include <string.h>\nvoid __VERIFIER_atomic_begin(void); void __VERIFIER_atomic_end(void);\n"
	for _, tc := range []struct {
		name   string
		src    string
		want   []string // the checked accesses
		pruned int      // accesses to possibly shared memory left out
	}{
		{"plain write and read", `int x; int r;
void *f(void *a) { x = 1; return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, f, 0); r = x; return 0; }`,
			[]string{"x r", "x w"}, 0},
		{"both atomic", `int x; int r;
void *f(void *a) { __VERIFIER_atomic_begin(); x = 1; __VERIFIER_atomic_end(); return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, f, 0); __VERIFIER_atomic_begin(); r = x; __VERIFIER_atomic_end(); return 0; }`,
			nil, 2},
		{"atomic write, plain read", `int x; int r;
void *f(void *a) { __VERIFIER_atomic_begin(); x = 1; __VERIFIER_atomic_end(); return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, f, 0); r = x; return 0; }`,
			[]string{"x r", "x w"}, 0},
		{"two reads and a write of another variable", `int x, y; int r, q;
void *f(void *a) { r = x; y = 1; return 0; }
int main(void) { pthread_t t; x = 1; pthread_create(&t, 0, f, 0); q = x; q = y; return 0; }`,
			[]string{"y r", "y w"}, 2},
		{"a pointer into a thread's own heap object", `int *g;
void *f(void *a) { int *p = malloc(sizeof *p); *p = 1; return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, f, 0); pthread_join(t, 0); return 0; }`,
			nil, 1},
		{"a pointer and an address-taken variable", `int v;
void *f(void *a) { *(int *)a = 2; return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, f, &v); v = 1; return 0; }`,
			[]string{"*(int *)a w", "v w"}, 0},
		{"a pointer and a variable whose address is never taken", `int v; int *p;
void *f(void *a) { *p = 2; v = 3; return 0; }
int main(void) { pthread_t t; p = malloc(sizeof *p); pthread_create(&t, 0, f, 0); __VERIFIER_atomic_begin(); v = 1; __VERIFIER_atomic_end(); *p = 1; return 0; }`,
			[]string{"*p w", "*p w", "v w", "v w"}, 2}, // p is only read after the create
		{"the address of a variable through a cast and arithmetic", `int v[4]; int r;
void *f(void *a) { *((int *)(char *)v + 2) = 1; return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, f, 0); r = v[2]; return 0; }`,
			[]string{"*((int *)(char *)v + 2) w", "v[2] r"}, 0},
		{"a pointer a library call returns into a variable", `char buf[4] = "abc"; char *q;
void *f(void *a) { q = strchr(buf, 'b'); *q = 'x'; return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, f, 0); buf[1] = 'y'; return 0; }`,
			[]string{"*q w", "buf[0] (strchr) r", "buf[1] w"}, 0},
		{"both under one mutex", `int x; int r; pthread_mutex_t m;
void *f(void *a) { pthread_mutex_lock(&m); x = 1; pthread_mutex_unlock(&m); return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, f, 0); pthread_mutex_lock(&m); r = x; pthread_mutex_unlock(&m); return 0; }`,
			nil, 2},
		{"after the unlock", `int x; int r; pthread_mutex_t m;
void *f(void *a) { pthread_mutex_lock(&m); x = 1; pthread_mutex_unlock(&m); return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, f, 0); pthread_mutex_lock(&m); pthread_mutex_unlock(&m); r = x; return 0; }`,
			[]string{"x r", "x w"}, 0},
		{"different mutexes", `int x; int r; pthread_mutex_t m1, m2;
void *f(void *a) { pthread_mutex_lock(&m1); x = 1; pthread_mutex_unlock(&m1); return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, f, 0); pthread_mutex_lock(&m2); r = x; pthread_mutex_unlock(&m2); return 0; }`,
			[]string{"x r", "x w"}, 0},
		{"an unlock on one branch", `int x; int r; pthread_mutex_t m;
void *f(void *a) { pthread_mutex_lock(&m); x = 1; pthread_mutex_unlock(&m); return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, f, 0); pthread_mutex_lock(&m); if (__VERIFIER_nondet_int()) pthread_mutex_unlock(&m); r = x; return 0; }`,
			[]string{"x r", "x w"}, 0},
		{"an unlock through a pointer", `int x; int r; pthread_mutex_t m; pthread_mutex_t *p = &m;
void *f(void *a) { pthread_mutex_lock(&m); pthread_mutex_unlock(p); x = 1; pthread_mutex_unlock(&m); return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, f, 0); pthread_mutex_lock(&m); r = x; pthread_mutex_unlock(&m); return 0; }`,
			[]string{"x r", "x w"}, 0},
		{"a mutex in a struct and in an array", `struct Q { pthread_mutex_t cs; int v; } q; pthread_mutex_t ms[2]; int y; int r;
void *f(void *a) { pthread_mutex_lock(&q.cs); q.v = 1; pthread_mutex_unlock(&q.cs); pthread_mutex_lock(&ms[0]); y = 1; pthread_mutex_unlock(&ms[0]); return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, f, 0); pthread_mutex_lock(&q.cs); r = q.v; pthread_mutex_unlock(&q.cs); pthread_mutex_lock(&ms[1]); r = y; pthread_mutex_unlock(&ms[1]); return 0; }`,
			[]string{"y r", "y w"}, 2},
		{"a jump past the unlock", `int x; int r; pthread_mutex_t m;
void *f(void *a) { pthread_mutex_lock(&m); x = 1; pthread_mutex_unlock(&m); return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, f, 0); pthread_mutex_lock(&m); if (__VERIFIER_nondet_int()) goto L; pthread_mutex_unlock(&m); L: r = x; return 0; }`,
			[]string{"x r", "x w"}, 0},
		{"a jump that keeps the mutex", `int x; int r; int z; pthread_mutex_t m;
void *f(void *a) { pthread_mutex_lock(&m); x = 1; pthread_mutex_unlock(&m); return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, f, 0); pthread_mutex_lock(&m); if (__VERIFIER_nondet_int()) goto L; z = 1; L: r = x; pthread_mutex_unlock(&m); return 0; }`,
			nil, 2},
		{"a condition wait takes the mutex again", `int x; int r; pthread_mutex_t m; pthread_cond_t c;
void *f(void *a) { pthread_mutex_lock(&m); pthread_cond_wait(&c, &m); x = 1; pthread_mutex_unlock(&m); return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, f, 0); pthread_mutex_lock(&m); r = x; pthread_cond_signal(&c); pthread_mutex_unlock(&m); return 0; }`,
			nil, 2},
		{"an unlock of a mutex another thread holds", `int x; int r; pthread_mutex_t m;
void *f(void *a) { pthread_mutex_lock(&m); x = 1; return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, f, 0); pthread_mutex_unlock(&m); pthread_mutex_lock(&m); r = x; pthread_mutex_unlock(&m); return 0; }`,
			[]string{"x r", "x w"}, 0},
		{"each thread's own local mutex", `int x;
void *f(void *a) { pthread_mutex_t m; pthread_mutex_init(&m, 0); pthread_mutex_lock(&m); x = 1; pthread_mutex_unlock(&m); return 0; }
int main(void) { pthread_t t1, t2; pthread_create(&t1, 0, f, 0); pthread_create(&t2, 0, f, 0); return 0; }`,
			[]string{"x w", "x w"}, 0},
		{"free of a block and an address-taken variable", `int v; int *g;
void *f(void *a) { v = 1; return 0; }
int main(void) { pthread_t t; g = &v; int *q = malloc(4); pthread_create(&t, 0, f, 0); free(q); return 0; }`,
			nil, 3},
		{"free of a block another thread writes", `int *g;
void *f(void *a) { *g = 1; return 0; }
int main(void) { pthread_t t; g = malloc(4); pthread_create(&t, 0, f, 0); free(g); return 0; }`,
			[]string{"*g w"}, 2}, // free itself is not checked: the result is unknown
		{"a thread's result stored where another thread reads", `void *r; void *x;
void *f(void *a) { return a; }
void *h(void *a) { x = r; return 0; }
int main(void) { pthread_t t, u; pthread_create(&t, 0, f, 0); pthread_create(&u, 0, h, 0); pthread_join(t, &r); return 0; }`,
			[]string{"r r", "r w"}, 1},
	} {
		for _, target := range []translate.Target{translate.CBMC, translate.Generic} {
			got, pruned := checked(t, head+tc.src, target)
			if strings.Join(got, ", ") != strings.Join(tc.want, ", ") || pruned != tc.pruned {
				t.Errorf("%s (%s): checked %q, %d left out; want %q, %d", tc.name, target, got, pruned, tc.want, tc.pruned)
			}
		}
	}
}

// TestCandidatesRacy: in each program the two accesses race; both stay
// checked, whatever else the survey leaves out.
func TestCandidatesRacy(t *testing.T) {
	const head = "#include <pthread.h>\n#include <string.h>\n"
	for _, tc := range []struct {
		name string
		src  string
		want []string
	}{
		{"a member reached by pointer arithmetic", `struct S { int a; int b; } s;
void *t(void *x) { s.b = 1; return 0; }
int main(void) { pthread_t id; pthread_create(&id, 0, t, 0); int *p = &s.a; p[1] = 3; return 0; }`,
			[]string{"p[1] w", "s.b w"}},
		{"an address passed as an integer", `int x;
void *t(void *a) { long addr = (long)a; *(int *)addr = 1; return 0; }
int main(void) { pthread_t id; long ad = (long)&x; pthread_create(&id, 0, t, (void *)ad); x = 2; return 0; }`,
			[]string{"*(int *)addr w", "x w"}},
		{"a pointer copied with memcpy", `int x; int *p; int *q;
void *t(void *a) { *p = 1; return 0; }
int main(void) { pthread_t id; q = &x; memcpy(&p, &q, sizeof p); pthread_create(&id, 0, t, 0); x = 2; return 0; }`,
			[]string{"*p w", "x w"}},
		{"memset of a variable another thread writes", `int a[4];
void *t(void *x) { a[2] = 1; return 0; }
int main(void) { pthread_t id; pthread_create(&id, 0, t, 0); memset(a, 0, sizeof a); return 0; }`,
			[]string{"a[0 .. sizeof(a)) (memset) w", "a[2] w"}},
		{"the members of a union", `union U { int i; char c[4]; } u;
void *t(void *a) { u.c[1] = 1; return 0; }
int main(void) { pthread_t id; pthread_create(&id, 0, t, 0); u.i = 2; return 0; }`,
			[]string{"u.c[1] w", "u.i w"}},
		{"a thread created while its creator holds the mutex", `int x; pthread_mutex_t m;
void *t2(void *a) { x = 5; return 0; }
void *t(void *a) { pthread_t id2; pthread_mutex_lock(&m); pthread_create(&id2, 0, t2, 0); x = 1; pthread_mutex_unlock(&m); return 0; }
int main(void) { pthread_t id; pthread_create(&id, 0, t, 0); return 0; }`,
			[]string{"x w", "x w"}},
		{"a trylock whose failure is ignored", `int x; pthread_mutex_t m;
void *t(void *a) { pthread_mutex_trylock(&m); x = 1; return 0; }
int main(void) { pthread_t id; pthread_create(&id, 0, t, 0); pthread_mutex_lock(&m); x = 2; pthread_mutex_unlock(&m); return 0; }`,
			[]string{"x w", "x w"}},
	} {
		for _, target := range []translate.Target{translate.CBMC, translate.Generic} {
			got, _ := checked(t, head+tc.src, target)
			have := map[string]int{}
			for _, g := range got {
				have[g]++
			}
			for _, w := range tc.want {
				if have[w] == 0 {
					t.Errorf("%s (%s): %q is not checked (checked: %q)", tc.name, target, w, got)
				}
				have[w]--
			}
		}
	}
}
