package threads_test

import (
	"strings"
	"testing"

	"github.com/ladr-dev/ladr/translate/analysis"
	"github.com/ladr-dev/ladr/translate/analysis/analysistest"
	"github.com/ladr-dev/ladr/translate/analysis/threads"
	"github.com/ladr-dev/ladr/translate/ir"
)

// load is analysistest.Load.
func load(t *testing.T, src string) *analysis.Program {
	t.Helper()
	return analysistest.Load(t, src)
}

// lineOf returns the line of src holding the marker comment /* m */.
func lineOf(t *testing.T, src, m string) int {
	t.Helper()
	for i, l := range strings.Split(src, "\n") {
		if strings.Contains(l, "/* "+m+" */") {
			return i + 1
		}
	}
	t.Fatalf("no marker %q", m)
	return 0
}

func entry(t *testing.T, p *analysis.Program, name string) *ir.Function {
	t.Helper()
	for _, f := range p.Entries {
		if f.Name == name {
			return f
		}
	}
	t.Fatalf("no entry %s", name)
	return nil
}

// stmtAt returns the expression statement or declaration of f at line.
func stmtAt(t *testing.T, f *ir.Function, line int) ir.Stmt {
	t.Helper()
	var found ir.Stmt
	ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
		if found != nil {
			return false
		}
		switch s := n.(type) {
		case *ir.ExprStmt, *ir.DeclStmt:
			if s.(ir.Stmt).Origin().Pos.Line == line {
				found = s.(ir.Stmt)
				return false
			}
		}
		return true
	})
	if found == nil {
		t.Fatalf("no statement of %s at line %d", f.Name, line)
	}
	return found
}

// at names a statement: routine and marker.
type at struct{ fn, mark string }

func TestParallel(t *testing.T) {
	for _, tc := range []struct {
		name string
		src  string
		a, b at
		want bool
	}{
		{"before create", `
#include <pthread.h>
int g;
void *w(void *a) { g = 1; /* W */ return 0; }
int main(void) {
  pthread_t t;
  g = 0; /* M */
  pthread_create(&t, 0, w, 0);
  pthread_join(t, 0);
  return 0;
}`, at{"main", "M"}, at{"w", "W"}, false},
		{"after create", `
#include <pthread.h>
int g;
void *w(void *a) { g = 1; /* W */ return 0; }
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, w, 0);
  g = 0; /* M */
  pthread_join(t, 0);
  return 0;
}`, at{"main", "M"}, at{"w", "W"}, true},
		{"after join", `
#include <pthread.h>
int g;
void *w(void *a) { g = 1; /* W */ return 0; }
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, w, 0);
  pthread_join(t, 0);
  g = 0; /* M */
  return 0;
}`, at{"main", "M"}, at{"w", "W"}, false},
		// The join runs on one branch only: after the if, the thread may
		// still run.
		{"join on one branch", `
#include <pthread.h>
int g, c;
void *w(void *a) { g = 1; /* W */ return 0; }
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, w, 0);
  if (c) pthread_join(t, 0);
  g = 0; /* M */
  return 0;
}`, at{"main", "M"}, at{"w", "W"}, true},
		{"join on both branches", `
#include <pthread.h>
int g, c;
void *w(void *a) { g = 1; /* W */ return 0; }
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, w, 0);
  if (c) { pthread_join(t, 0); } else { c = 2; pthread_join(t, 0); }
  g = 0; /* M */
  return 0;
}`, at{"main", "M"}, at{"w", "W"}, false},
		{"sequential siblings", `
#include <pthread.h>
int g;
void *w1(void *a) { g = 1; /* W1 */ return 0; }
void *w2(void *a) { g = 2; /* W2 */ return 0; }
int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, w1, 0);
  pthread_join(t1, 0);
  pthread_create(&t2, 0, w2, 0);
  pthread_join(t2, 0);
  return 0;
}`, at{"w1", "W1"}, at{"w2", "W2"}, false},
		// t1 is joined only after t2 was created: they overlap.
		{"overlapping siblings", `
#include <pthread.h>
int g;
void *w1(void *a) { g = 1; /* W1 */ return 0; }
void *w2(void *a) { g = 2; /* W2 */ return 0; }
int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, w1, 0);
  pthread_create(&t2, 0, w2, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return 0;
}`, at{"w2", "W2"}, at{"w1", "W1"}, true},
		{"nested: parent before creating child", `
#include <pthread.h>
int g;
void *b(void *a) { g = 2; /* B */ return 0; }
void *w(void *a) {
  pthread_t u;
  g = 1; /* A */
  pthread_create(&u, 0, b, 0);
  pthread_join(u, 0);
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, w, 0);
  pthread_join(t, 0);
  return 0;
}`, at{"w", "A"}, at{"b", "B"}, false},
		{"nested: main while grandchild may run", `
#include <pthread.h>
int g;
void *b(void *a) { g = 2; /* B */ return 0; }
void *w(void *a) {
  pthread_t u;
  pthread_create(&u, 0, b, 0);
  pthread_join(u, 0);
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, w, 0);
  g = 0; /* M */
  pthread_join(t, 0);
  return 0;
}`, at{"main", "M"}, at{"b", "B"}, true},
		{"nested: grandchild joined by child, child joined", `
#include <pthread.h>
int g;
void *b(void *a) { g = 2; /* B */ return 0; }
void *w(void *a) {
  pthread_t u;
  pthread_create(&u, 0, b, 0);
  pthread_join(u, 0);
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, w, 0);
  pthread_join(t, 0);
  g = 0; /* M */
  return 0;
}`, at{"main", "M"}, at{"b", "B"}, false},
		// The child does not join the grandchild: it outlives the join of
		// the child.
		{"escaping grandchild", `
#include <pthread.h>
int g;
void *b(void *a) { g = 2; /* B */ return 0; }
void *w(void *a) {
  pthread_t u;
  pthread_create(&u, 0, b, 0);
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, w, 0);
  pthread_join(t, 0);
  g = 0; /* M */
  return 0;
}`, at{"main", "M"}, at{"b", "B"}, true},
		{"create in a loop: threads of the class overlap", `
#include <pthread.h>
int g;
void *w(void *a) { g = 1; /* W */ return 0; }
int main(void) {
  pthread_t t;
  for (int i = 0; i < 4; i++) pthread_create(&t, 0, w, 0);
  return 0;
}`, at{"w", "W"}, at{"w", "W"}, true},
		{"create and join in each iteration", `
#include <pthread.h>
int g;
void *w(void *a) { g = 1; /* W */ return 0; }
int main(void) {
  pthread_t t;
  for (int i = 0; i < 4; i++) { pthread_create(&t, 0, w, 0); pthread_join(t, 0); }
  return 0;
}`, at{"w", "W"}, at{"w", "W"}, false},
		{"after a join loop", `
#include <pthread.h>
int g;
void *w(void *a) { g = 1; /* W */ return 0; }
int main(void) {
  pthread_t t[4];
  for (int i = 0; i < 4; i++) pthread_create(&t[i], 0, w, 0);
  for (int i = 0; i < 4; i++) pthread_join(t[i], 0);
  g = 0; /* M */
  return 0;
}`, at{"main", "M"}, at{"w", "W"}, false},
		// The join loop stops at a bound other than the create loop's:
		// some threads may not be joined.
		{"join loop with a smaller bound", `
#include <pthread.h>
int g;
void *w(void *a) { g = 1; /* W */ return 0; }
int main(void) {
  pthread_t t[4];
  for (int i = 0; i < 4; i++) pthread_create(&t[i], 0, w, 0);
  for (int i = 0; i < 3; i++) pthread_join(t[i], 0);
  g = 0; /* M */
  return 0;
}`, at{"main", "M"}, at{"w", "W"}, true},
		// Only the last thread the handle held is joined.
		{"one join after a create loop", `
#include <pthread.h>
int g;
void *w(void *a) { g = 1; /* W */ return 0; }
int main(void) {
  pthread_t t;
  for (int i = 0; i < 4; i++) pthread_create(&t, 0, w, 0);
  pthread_join(t, 0);
  g = 0; /* M */
  return 0;
}`, at{"main", "M"}, at{"w", "W"}, true},
		// Conservative: the handle's address escapes, so the analysis
		// does not know which thread the join waits for (it is the one
		// created, but the answer is "may run").
		{"join through an escaping handle (conservative)", `
#include <pthread.h>
int g;
void *w(void *a) { g = 1; /* W */ return 0; }
int main(void) {
  pthread_t t;
  pthread_t *p = &t;
  pthread_create(&t, 0, w, 0);
  pthread_join(*p, 0);
  g = 0; /* M */
  return 0;
}`, at{"main", "M"}, at{"w", "W"}, true},
		{"created again after a join", `
#include <pthread.h>
int g;
void *w(void *a) { g = 1; /* W */ return 0; }
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, w, 0);
  pthread_join(t, 0);
  pthread_create(&t, 0, w, 0);
  g = 0; /* M */
  pthread_join(t, 0);
  return 0;
}`, at{"main", "M"}, at{"w", "W"}, true},
		{"join loop that may break early", `
#include <pthread.h>
int g, c;
void *w(void *a) { g = 1; /* W */ return 0; }
int main(void) {
  pthread_t t[4];
  for (int i = 0; i < 4; i++) pthread_create(&t[i], 0, w, 0);
  for (int i = 0; i < 4; i++) { if (c) break; pthread_join(t[i], 0); }
  g = 0; /* M */
  return 0;
}`, at{"main", "M"}, at{"w", "W"}, true},
		{"join loop that skips one thread", `
#include <pthread.h>
int g;
void *w(void *a) { g = 1; /* W */ return 0; }
int main(void) {
  pthread_t t[4];
  for (int i = 0; i < 4; i++) pthread_create(&t[i], 0, w, 0);
  for (int i = 0; i < 4; i++) { if (i == 2) continue; pthread_join(t[i], 0); }
  g = 0; /* M */
  return 0;
}`, at{"main", "M"}, at{"w", "W"}, true},
		{"join loop over another array", `
#include <pthread.h>
int g;
void *w(void *a) { g = 1; /* W */ return 0; }
int main(void) {
  pthread_t t[4], s[4];
  for (int i = 0; i < 4; i++) pthread_create(&t[i], 0, w, 0);
  for (int i = 0; i < 4; i++) pthread_join(s[i], 0);
  g = 0; /* M */
  return 0;
}`, at{"main", "M"}, at{"w", "W"}, true},
		{"join loop whose counter the body changes", `
#include <pthread.h>
int g;
void *w(void *a) { g = 1; /* W */ return 0; }
int main(void) {
  pthread_t t[4];
  for (int i = 0; i < 4; i++) pthread_create(&t[i], 0, w, 0);
  for (int i = 0; i < 4; i++) { pthread_join(t[i], 0); i++; }
  g = 0; /* M */
  return 0;
}`, at{"main", "M"}, at{"w", "W"}, true},
		{"create loop by goto", `
#include <pthread.h>
int g, c;
void *w(void *a) { g = 1; /* W */ return 0; }
int main(void) {
  pthread_t t;
again:
  pthread_create(&t, 0, w, 0);
  if (c) goto again;
  pthread_join(t, 0);
  g = 0; /* M */
  return 0;
}`, at{"main", "M"}, at{"w", "W"}, true},
		{"thread of a multi class creates a child: children overlap", `
#include <pthread.h>
int g;
void *b(void *a) { g = 2; /* B */ return 0; }
void *w(void *a) {
  pthread_t u;
  pthread_create(&u, 0, b, 0);
  pthread_join(u, 0);
  return 0;
}
int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++) pthread_create(&t[i], 0, w, 0);
  for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
  return 0;
}`, at{"b", "B"}, at{"b", "B"}, true},
		{"one handle for two sites: the first thread is not joined", `
#include <pthread.h>
int g;
void *w1(void *a) { g = 1; /* W1 */ return 0; }
void *w2(void *a) { return 0; }
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, w1, 0);
  pthread_create(&t, 0, w2, 0);
  pthread_join(t, 0);
  g = 0; /* M */
  return 0;
}`, at{"main", "M"}, at{"w1", "W1"}, true},
		{"handle array element overwritten between the loops", `
#include <pthread.h>
int g;
void *w(void *a) { g = 1; /* W */ return 0; }
int main(void) {
  pthread_t t[4];
  for (int i = 0; i < 4; i++) pthread_create(&t[i], 0, w, 0);
  t[0] = t[1];
  for (int i = 0; i < 4; i++) pthread_join(t[i], 0);
  g = 0; /* M */
  return 0;
}`, at{"main", "M"}, at{"w", "W"}, true},
		{"bound lowered between the loops", `
#include <pthread.h>
int g, n;
void *w(void *a) { g = 1; /* W */ return 0; }
int main(void) {
  pthread_t t[100];
  if (n > 100 || n < 1) return 0;
  for (int i = 0; i < n; i++) pthread_create(&t[i], 0, w, 0);
  n = n - 1;
  for (int i = 0; i < n; i++) pthread_join(t[i], 0);
  g = 0; /* M */
  return 0;
}`, at{"main", "M"}, at{"w", "W"}, true},
		{"bound changed by a thread between the loops", `
#include <pthread.h>
int g, n = 4;
void *w(void *a) { n = 2; g = 1; /* W */ return 0; }
int main(void) {
  pthread_t t[4];
  for (int i = 0; i < n; i++) pthread_create(&t[i], 0, w, 0);
  for (int i = 0; i < n; i++) pthread_join(t[i], 0);
  g = 0; /* M */
  return 0;
}`, at{"main", "M"}, at{"w", "W"}, true},
		{"join loop from 1", `
#include <pthread.h>
int g;
void *w(void *a) { g = 1; /* W */ return 0; }
int main(void) {
  pthread_t t[4];
  for (int i = 0; i < 4; i++) pthread_create(&t[i], 0, w, 0);
  for (int i = 1; i < 4; i++) pthread_join(t[i], 0);
  g = 0; /* M */
  return 0;
}`, at{"main", "M"}, at{"w", "W"}, true},
		{"join loop by twos", `
#include <pthread.h>
int g;
void *w(void *a) { g = 1; /* W */ return 0; }
int main(void) {
  pthread_t t[4];
  for (int i = 0; i < 4; i++) pthread_create(&t[i], 0, w, 0);
  for (int i = 0; i < 4; i += 2) pthread_join(t[i], 0);
  g = 0; /* M */
  return 0;
}`, at{"main", "M"}, at{"w", "W"}, true},
		{"join loop over a fixed element", `
#include <pthread.h>
int g;
void *w(void *a) { g = 1; /* W */ return 0; }
int main(void) {
  pthread_t t[4];
  for (int i = 0; i < 4; i++) pthread_create(&t[i], 0, w, 0);
  for (int i = 0; i < 4; i++) pthread_join(t[0], 0);
  g = 0; /* M */
  return 0;
}`, at{"main", "M"}, at{"w", "W"}, true},
		{"child exits before joining the grandchild", `
#include <pthread.h>
int g, c;
void *b(void *a) { g = 2; /* B */ return 0; }
void *w(void *a) {
  pthread_t u;
  pthread_create(&u, 0, b, 0);
  if (c) pthread_exit(0);
  pthread_join(u, 0);
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, w, 0);
  pthread_join(t, 0);
  g = 0; /* M */
  return 0;
}`, at{"main", "M"}, at{"b", "B"}, true},
		{"child returns early before joining the grandchild", `
#include <pthread.h>
int g, c;
void *b(void *a) { g = 2; /* B */ return 0; }
void *w(void *a) {
  pthread_t u;
  pthread_create(&u, 0, b, 0);
  if (c) return 0;
  pthread_join(u, 0);
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, w, 0);
  pthread_join(t, 0);
  g = 0; /* M */
  return 0;
}`, at{"main", "M"}, at{"b", "B"}, true},
		{"join inside a loop that may not run", `
#include <pthread.h>
int g, c;
void *w(void *a) { g = 1; /* W */ return 0; }
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, w, 0);
  while (c) { pthread_join(t, 0); break; }
  g = 0; /* M */
  return 0;
}`, at{"main", "M"}, at{"w", "W"}, true},
		{"sibling created by the child after main's statement", `
#include <pthread.h>
int g;
void *b(void *a) { g = 2; /* B */ return 0; }
void *w(void *a) { pthread_t u; pthread_create(&u, 0, b, 0); pthread_join(u, 0); return 0; }
void *v(void *a) { g = 3; /* V */ return 0; }
int main(void) {
  pthread_t t, s;
  pthread_create(&t, 0, w, 0);
  pthread_create(&s, 0, v, 0);
  pthread_join(t, 0);
  pthread_join(s, 0);
  return 0;
}`, at{"v", "V"}, at{"b", "B"}, true},
		{"cousins in sequence", `
#include <pthread.h>
int g;
void *b(void *a) { g = 2; /* B */ return 0; }
void *w(void *a) { pthread_t u; pthread_create(&u, 0, b, 0); pthread_join(u, 0); return 0; }
void *v(void *a) { g = 3; /* V */ return 0; }
int main(void) {
  pthread_t t, s;
  pthread_create(&t, 0, w, 0);
  pthread_join(t, 0);
  pthread_create(&s, 0, v, 0);
  pthread_join(s, 0);
  return 0;
}`, at{"v", "V"}, at{"b", "B"}, false},
		// Conservative: handles in array elements outside a counting
		// loop are not followed, so the joins of t[0] and t[1] are not
		// seen (both threads are joined before g = 0).
		{"handles in fixed array elements (conservative)", `
#include <pthread.h>
int g;
void *w(void *a) { g = 1; /* W */ return 0; }
int main(void) {
  pthread_t t[2];
  pthread_create(&t[0], 0, w, 0);
  pthread_create(&t[1], 0, w, 0);
  pthread_join(t[0], 0);
  pthread_join(t[1], 0);
  g = 0; /* M */
  return 0;
}`, at{"main", "M"}, at{"w", "W"}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := load(t, tc.src)
			r := threads.Analyze(p)
			if r.Declined != "" {
				t.Fatalf("declined: %s at %s", r.Declined, r.DeclinedAt)
			}
			fa, fb := entry(t, p, tc.a.fn), entry(t, p, tc.b.fn)
			sa, sb := stmtAt(t, fa, lineOf(t, tc.src, tc.a.mark)), stmtAt(t, fb, lineOf(t, tc.src, tc.b.mark))
			ca, cb := r.Of(fa), r.Of(fb)
			if len(ca) == 0 || len(cb) == 0 {
				t.Fatalf("no class for %s or %s", fa.Name, fb.Name)
			}
			// The statements may run in parallel when those of some
			// class of each may.
			got, swapped := false, false
			for _, x := range ca {
				for _, y := range cb {
					got = got || r.Parallel(x, sa, y, sb)
					swapped = swapped || r.Parallel(y, sb, x, sa)
				}
			}
			if got != tc.want || swapped != tc.want {
				t.Errorf("Parallel(%s, %s) = %v (swapped %v), want %v", tc.a.mark, tc.b.mark, got, swapped, tc.want)
			}
		})
	}
}

func TestClasses(t *testing.T) {
	for _, tc := range []struct {
		name                   string
		src                    string
		routine                string
		multi, distinct, fresh bool
	}{
		{"one create", `
#include <pthread.h>
void *w(void *a) { return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); pthread_join(t, 0); return 0; }`,
			"w", false, false, false},
		{"create in a while loop", `
#include <pthread.h>
int c;
void *w(void *a) { return 0; }
int main(void) { pthread_t t; while (c) pthread_create(&t, 0, w, 0); return 0; }`,
			"w", true, false, false},
		{"counting loop passing the counter", `
#include <pthread.h>
void *w(void *a) { return 0; }
int main(void) {
  pthread_t t[4];
  for (long i = 0; i < 4; i++) pthread_create(&t[i], 0, w, (void *)i);
  for (long i = 0; i < 4; i++) pthread_join(t[i], 0);
  return 0;
}`, "w", true, true, false},
		{"counting loop passing an element's address", `
#include <pthread.h>
int a[4];
void *w(void *x) { return 0; }
int main(void) {
  pthread_t t[4];
  for (int i = 0; i < 4; i++) pthread_create(&t[i], 0, w, &a[i]);
  for (int i = 0; i < 4; i++) pthread_join(t[i], 0);
  return 0;
}`, "w", true, true, false},
		{"counting loop passing the same pointer", `
#include <pthread.h>
int a[4];
void *w(void *x) { return 0; }
int main(void) {
  pthread_t t[4];
  for (int i = 0; i < 4; i++) pthread_create(&t[i], 0, w, &a[0]);
  for (int i = 0; i < 4; i++) pthread_join(t[i], 0);
  return 0;
}`, "w", true, false, false},
		{"counting loop passing a fresh block", `
#include <pthread.h>
#include <stdlib.h>
void *w(void *x) { return 0; }
int main(void) {
  pthread_t t[4];
  for (int i = 0; i < 4; i++) {
    int *p = malloc(sizeof(int));
    *p = i;
    pthread_create(&t[i], 0, w, p);
  }
  for (int i = 0; i < 4; i++) pthread_join(t[i], 0);
  return 0;
}`, "w", true, true, true},
		// A counting loop that may run twice (inside another loop): two
		// threads may receive the same counter value.
		{"counting loop inside a loop", `
#include <pthread.h>
void *w(void *a) { return 0; }
int main(void) {
  pthread_t t[4];
  for (int k = 0; k < 2; k++)
    for (long i = 0; i < 4; i++) pthread_create(&t[i], 0, w, (void *)i);
  return 0;
}`, "w", true, false, false},
		{"child of a multi class", `
#include <pthread.h>
void *b(void *a) { return 0; }
void *w(void *a) { pthread_t u; pthread_create(&u, 0, b, 0); pthread_join(u, 0); return 0; }
int main(void) {
  pthread_t t;
  for (int i = 0; i < 2; i++) pthread_create(&t, 0, w, 0);
  return 0;
}`, "b", true, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := load(t, tc.src)
			r := threads.Analyze(p)
			if r.Declined != "" {
				t.Fatalf("declined: %s", r.Declined)
			}
			cs := r.Of(entry(t, p, tc.routine))
			if len(cs) != 1 {
				t.Fatalf("%d classes for %s, want 1", len(cs), tc.routine)
			}
			c := cs[0]
			if c.Multi != tc.multi || c.Distinct != tc.distinct || c.Fresh != tc.fresh {
				t.Errorf("%s: Multi %v Distinct %v Fresh %v, want %v %v %v", c, c.Multi, c.Distinct, c.Fresh, tc.multi, tc.distinct, tc.fresh)
			}
		})
	}
}

// TestPerSite: a routine created at two sites gets a copy per site, each
// with one class and the argument its site passes.
func TestPerSite(t *testing.T) {
	src := `
#include <pthread.h>
int x, y;
void *w(void *a) { *(int *)a = 1; return 0; }
int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, w, &x);
  pthread_join(t1, 0);
  pthread_create(&t2, 0, w, &y);
  pthread_join(t2, 0);
  return 0;
}`
	p := load(t, src)
	if cs := threads.Analyze(p).Of(entry(t, p, "w")); len(cs) != 2 {
		t.Fatalf("before PerSite: %d classes of w, want 2", len(cs))
	}
	q, ok := threads.PerSite(p)
	if !ok {
		t.Fatal("PerSite failed")
	}
	r := threads.Analyze(q)
	var ws []*ir.Function
	for _, f := range q.Entries {
		if f.Name == "w" {
			ws = append(ws, f)
		}
	}
	if len(ws) != 2 {
		t.Fatalf("%d copies of w, want 2", len(ws))
	}
	args := map[string]bool{}
	for _, f := range ws {
		if cs := r.Of(f); len(cs) != 1 {
			t.Errorf("copy of w with %d classes", len(cs))
		}
		if a := q.ParamArgs[f.Params[0]]; a != nil {
			args[ir.ExprString(a)] = true
		}
	}
	if !args["&x"] || !args["&y"] {
		t.Errorf("ParamArgs %v, want &x and &y", args)
	}
	// The copies run one after the other.
	c1, c2 := r.Of(ws[0])[0], r.Of(ws[1])[0]
	s1, s2 := stmtAt(t, ws[0], 4), stmtAt(t, ws[1], 4)
	if r.Parallel(c1, s1, c2, s2) {
		t.Error("the two copies of w may run in parallel")
	}
}
