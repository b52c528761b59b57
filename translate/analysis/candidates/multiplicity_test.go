package candidates_test

import (
	"testing"

	"github.com/ladr-dev/ladr/translate/analysis/candidates"
	"github.com/ladr-dev/ladr/translate/cfront"
)

// TestMultiplicity: a kind of thread created again and again is single
// when its creator joins each thread before it creates the next (and
// before it ends, when it runs again itself); the thread's accesses then
// race not with each other. Each case names the routines with several
// threads at once (many) and those without, and the memory the routine
// writes: a candidate exactly when its routine is many.
func TestMultiplicity(t *testing.T) {
	const pre = `#include <pthread.h>
#include <stdlib.h>
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
int nondet(void);
int x, y;
pthread_t h, k;
`
	for _, tc := range []struct {
		name       string
		src        string
		many, once []string
	}{
		{
			name: "start and stop in a loop",
			src: pre + `void *w(void *a) { x++; return 0; }
static void start(void) { pthread_create(&h, 0, w, 0); }
static void stop(void) { pthread_join(h, 0); }
int main(void) { while (nondet()) { start(); stop(); } return 0; }`,
			once: []string{"w"},
		},
		{
			name: "a start that fails without a thread, tested by the caller",
			src: pre + `void *w(void *a) { x++; return 0; }
static int start(void) { if (nondet()) { pthread_create(&h, 0, w, 0); return 0; } return -12; }
static void stop(void) { pthread_join(h, 0); }
int main(void) { for (;;) { int r = start(); if (r < 0) continue; if (nondet()) continue; stop(); } return 0; }`,
			many: []string{"w"},
		},
		{
			name: "a start that fails without a thread, a caller that stops or ends",
			src: pre + `void *w(void *a) { x++; return 0; }
static int start(void) { if (nondet()) { pthread_create(&h, 0, w, 0); return 0; } return -12; }
static void stop(void) { pthread_join(h, 0); }
int main(void) { for (;;) { int r = start(); if (r < 0) continue; if (!nondet()) break; stop(); } return 0; }`,
			once: []string{"w"},
		},
		{
			name: "a start that fails without a thread, stopped on success",
			src: pre + `void *w(void *a) { x++; return 0; }
static int start(void) { int r = nondet(); if (r == 0) { pthread_create(&h, 0, w, 0); return 0; } return -12; }
static void stop(void) { pthread_join(h, 0); }
int main(void) { while (nondet()) { int r = start(); if (r < 0) continue; stop(); } return 0; }`,
			once: []string{"w"},
		},
		{
			name: "a start that may fail with the thread running",
			src: pre + `void *w(void *a) { x++; return 0; }
static int start(void) { pthread_create(&h, 0, w, 0); if (nondet()) return -1; return 0; }
static void stop(void) { pthread_join(h, 0); }
int main(void) { while (nondet()) { if (start() != 0) continue; stop(); } return 0; }`,
			many: []string{"w"},
		},
		{
			name: "an assumption on the result",
			src: pre + `void *w(void *a) { x++; return 0; }
static int start(void) { if (nondet()) { pthread_create(&h, 0, w, 0); return 0; } return -1; }
static void stop(void) { pthread_join(h, 0); }
int main(void) { while (nondet()) { int r = start(); if (nondet()) { assume_abort_if_not(r == 0); stop(); } else { assume_abort_if_not(r != 0); } } return 0; }`,
			once: []string{"w"},
		},
		{
			name: "a stop on some paths only",
			src: pre + `void *w(void *a) { x++; return 0; }
int main(void) { while (nondet()) { pthread_create(&h, 0, w, 0); if (nondet()) pthread_join(h, 0); } return 0; }`,
			many: []string{"w"},
		},
		{
			name: "a thread created with attributes (it may be detached)",
			src: pre + `void *w(void *a) { x++; return 0; }
pthread_attr_t at;
int main(void) { while (nondet()) { pthread_create(&h, &at, w, 0); pthread_join(h, 0); } return 0; }`,
			many: []string{"w"},
		},
		{
			name: "the handle written elsewhere",
			src: pre + `void *w(void *a) { x++; return 0; }
int main(void) { while (nondet()) { pthread_create(&h, 0, w, 0); h = 0; pthread_join(h, 0); } return 0; }`,
			many: []string{"w"},
		},
		{
			name: "a creator thread started again joins its child before it ends",
			src: pre + `void *leaf(void *a) { x++; return 0; }
void *mid(void *a) { while (nondet()) { pthread_create(&k, 0, leaf, 0); pthread_join(k, 0); } return 0; }
int main(void) { while (nondet()) { pthread_create(&h, 0, mid, 0); pthread_join(h, 0); } return 0; }`,
			once: []string{"mid", "leaf"},
		},
		{
			name: "a creator thread started again leaves its child running",
			src: pre + `void *leaf(void *a) { x++; return 0; }
void *mid(void *a) { pthread_create(&k, 0, leaf, 0); return 0; }
int main(void) { while (nondet()) { pthread_create(&h, 0, mid, 0); pthread_join(h, 0); } return 0; }`,
			once: []string{"mid"}, many: []string{"leaf"},
		},
		{
			name: "a creator thread that exits with its child running",
			src: pre + `void *leaf(void *a) { x++; return 0; }
void *mid(void *a) { pthread_create(&k, 0, leaf, 0); if (nondet()) pthread_exit(0); pthread_join(k, 0); return 0; }
int main(void) { while (nondet()) { pthread_create(&h, 0, mid, 0); pthread_join(h, 0); } return 0; }`,
			once: []string{"mid"}, many: []string{"leaf"},
		},
		{
			name: "a creator thread that runs once may leave its child running",
			src: pre + `void *leaf(void *a) { x++; return 0; }
void *mid(void *a) { pthread_create(&k, 0, leaf, 0); return 0; }
int main(void) { pthread_create(&h, 0, mid, 0); return 0; }`,
			once: []string{"mid", "leaf"},
		},
		{
			name: "create code run by main and by a thread",
			src: pre + `void *leaf(void *a) { x++; return 0; }
void *mid(void *a) { pthread_create(&k, 0, leaf, 0); return 0; }
int main(void) { pthread_create(&h, 0, mid, 0); mid(0); return 0; }`,
			many: []string{"leaf"},
		},
		{
			name: "a join in a callee reached through a wrapper that keeps the result",
			src: pre + `void *w(void *a) { x++; return 0; }
static int start(void) { if (nondet()) return -1; pthread_create(&h, 0, w, 0); return 0; }
static int start2(void) { int t = start(); return t; }
static int keep(int v) { assume_abort_if_not(v <= 0); return v; }
static void stop(void) { pthread_join(h, 0); }
int main(void) { int r = 0; while (nondet()) { r = start2(); r = keep(r); if (r == 0) stop(); } return 0; }`,
			once: []string{"w"},
		},
		{
			name: "a local handle joined in the loop",
			src: pre + `void *w(void *a) { x++; return 0; }
int main(void) { while (nondet()) { pthread_t t; pthread_create(&t, 0, w, 0); y = 1; pthread_join(t, 0); } return 0; }`,
			once: []string{"w"},
		},
		{
			name: "a local handle, creates nested by recursion",
			src: pre + `void *w(void *a) { x++; return 0; }
static void spawn(int d) { pthread_t t; pthread_create(&t, 0, w, 0); if (d > 0) spawn(d - 1); pthread_join(t, 0); }
int main(void) { spawn(nondet()); return 0; }`,
			many: []string{"w"},
		},
		{
			name: "a local handle joined by another call",
			src: pre + `void *w(void *a) { x++; return 0; }
static void f(int c) { pthread_t t; if (c) pthread_create(&t, 0, w, 0); else pthread_join(t, 0); }
int main(void) { while (nondet()) f(nondet()); return 0; }`,
			many: []string{"w"},
		},
		{
			name: "a positive result lost by the filter",
			src: pre + `void *w(void *a) { x++; return 0; }
static int start(void) { pthread_create(&h, 0, w, 0); return nondet(); }
static int keep(int v) { assume_abort_if_not(v <= 0); return v; }
static void stop(void) { pthread_join(h, 0); }
int main(void) { int r = 0; while (nondet()) { r = start(); r = keep(r); if (r == 0) stop(); } return 0; }`,
			many: []string{"w"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := cfront.New().Parse("t.c", []byte(tc.src), cfront.Options{Model: cfront.LP64})
			if err != nil {
				t.Fatal(err)
			}
			r := candidates.Analyze(p)
			many := map[string]bool{}
			for _, th := range r.Threads {
				many[th.Routine] = th.Many
			}
			racyX := false
			for _, c := range r.Candidates {
				if c.Memory == "x" {
					racyX = true
				}
			}
			check := func(names []string, want bool) {
				for _, n := range names {
					got, ok := many[n]
					if !ok {
						t.Errorf("%s: no such kind of thread; threads %+v", n, r.Threads)
					} else if got != want {
						t.Errorf("%s: many %v, want %v", n, got, want)
					}
					if n == "w" || n == "leaf" {
						if racyX != want {
							t.Errorf("x a candidate: %v, want %v", racyX, want)
						}
					}
				}
			}
			check(tc.many, true)
			check(tc.once, false)
		})
	}
}

// TestCreatorOrder: a thread's accesses race with the threads it creates
// only where one of them may run (created, not joined yet).
func TestCreatorOrder(t *testing.T) {
	const pre = `#include <pthread.h>
int nondet(void);
int before, during, after, cond_, child;
pthread_t h, k;
`
	for _, tc := range []struct {
		name       string
		src        string
		racy, safe []string
	}{
		{
			name: "before the create, while it runs, after the join",
			src: pre + `void *leaf(void *a) { before++; during++; after++; return 0; }
void *mid(void *a) { before = 1; pthread_create(&k, 0, leaf, 0); during = 2; pthread_join(k, 0); after = 3; return 0; }
int main(void) { pthread_create(&h, 0, mid, 0); return 0; }`,
			racy: []string{"during"}, safe: []string{"before", "after"},
		},
		{
			name: "through functions, a create that may fail, again and again",
			src: pre + `void *leaf(void *a) { before++; during++; after++; cond_++; return 0; }
static int start(void) { if (nondet()) return -1; pthread_create(&k, 0, leaf, 0); return 0; }
static void stop(void) { pthread_join(k, 0); }
static void prepare(void) { before = 1; }
static void use(void) { during = 2; }
void *mid(void *a) {
  while (nondet()) {
    prepare();
    int r = start();
    if (r != 0) { cond_ = 1; continue; }
    use();
    stop();
    after = 3;
  }
  return 0;
}
int main(void) { while (nondet()) { pthread_create(&h, 0, mid, 0); pthread_join(h, 0); } return 0; }`,
			racy: []string{"during"}, safe: []string{"before", "after", "cond_"},
		},
		{
			name: "a child left running by a creator that runs again",
			src: pre + `void *leaf(void *a) { before++; return 0; }
void *mid(void *a) { before = 1; pthread_create(&k, 0, leaf, 0); return 0; }
int main(void) { while (nondet()) { pthread_create(&h, 0, mid, 0); pthread_join(h, 0); } return 0; }`,
			racy: []string{"before"},
		},
		{
			name: "siblings one after the other, and two at once",
			src: pre + `void *first(void *a) { before = 1; after = 1; return 0; }
void *second(void *a) { before++; during = 5; return 0; }
void *third(void *a) { during++; return 0; }
void *mid(void *a) {
  pthread_t u;
  pthread_create(&k, 0, first, 0);
  pthread_join(k, 0);
  pthread_create(&h, 0, second, 0);
  pthread_create(&u, 0, third, 0);
  pthread_join(h, 0);
  return 0;
}
int main(void) { pthread_t m; pthread_create(&m, 0, mid, 0); return 0; }`,
			racy: []string{"during"}, safe: []string{"before"},
		},
		{
			name: "main through a function: after the join",
			src: pre + `void *leaf(void *a) { before++; during++; after++; return 0; }
static void run(void) { before = 1; pthread_create(&k, 0, leaf, 0); during = 2; pthread_join(k, 0); after = 3; }
int main(void) { run(); return 0; }`,
			racy: []string{"during"}, safe: []string{"before", "after"},
		},
		{
			name: "the create's own statement",
			src: pre + `void *leaf(void *a) { child = 1; return 0; }
static int spawn(void) { pthread_create(&k, 0, leaf, 0); return 0; }
void *mid(void *a) { child = spawn(); pthread_join(k, 0); return 0; }
int main(void) { pthread_create(&h, 0, mid, 0); return 0; }`,
			racy: []string{"child"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := cfront.New().Parse("t.c", []byte(tc.src), cfront.Options{Model: cfront.LP64})
			if err != nil {
				t.Fatal(err)
			}
			r := candidates.Analyze(p)
			mems := map[string]bool{}
			for _, c := range r.Candidates {
				mems[c.Memory] = true
			}
			for _, m := range tc.racy {
				if !mems[m] {
					t.Errorf("%s: not a candidate; candidates %v", m, mems)
				}
			}
			for _, m := range tc.safe {
				if mems[m] {
					t.Errorf("%s: a candidate", m)
				}
			}
		})
	}
}
