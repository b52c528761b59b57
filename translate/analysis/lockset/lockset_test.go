package lockset_test

import (
	"strings"
	"testing"

	"github.com/ladr-dev/ladr/translate/analysis"
	"github.com/ladr-dev/ladr/translate/analysis/analysistest"
	"github.com/ladr-dev/ladr/translate/analysis/lockset"
	"github.com/ladr-dev/ladr/translate/analysis/pointsto"
	"github.com/ladr-dev/ladr/translate/ir"
)

// load is analysistest.Load.
func load(t *testing.T, src string) *analysis.Program {
	t.Helper()
	return analysistest.Load(t, src)
}

// lineOf returns the line and column of the marker comment /* m */ in
// src.
func lineOf(t *testing.T, src, m string) (int, int) {
	t.Helper()
	for i, l := range strings.Split(src, "\n") {
		if c := strings.Index(l, "/* "+m+" */"); c >= 0 {
			return i + 1, c + 1
		}
	}
	t.Fatalf("no marker %q", m)
	return 0, 0
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

// stmtAt returns the expression statement or declaration of f that
// the marker at line, col follows: the last that starts before it on
// its line.
func stmtAt(t *testing.T, f *ir.Function, line, col int) ir.Stmt {
	t.Helper()
	var found ir.Stmt
	ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
		switch s := n.(type) {
		case *ir.ExprStmt, *ir.DeclStmt:
			p := s.(ir.Stmt).Origin().Pos
			if p.Line == line && p.Col < col && (found == nil || found.Origin().Pos.Col < p.Col) {
				found = s.(ir.Stmt)
			}
		}
		return true
	})
	if found == nil {
		t.Fatalf("no statement of %s at line %d", f.Name, line)
	}
	return found
}

// held returns the names of the locks held when the statement at marker
// m of routine fn starts (AtAccess: a flag lock's acquiring write
// included), with the result and the held set.
func held(t *testing.T, src, fn, m string) ([]string, *lockset.Result, lockset.Held) {
	t.Helper()
	p := load(t, src)
	r := lockset.Analyze(p, pointsto.Analyze(p))
	if r.Declined != "" {
		t.Fatalf("declined: %s", r.Declined)
	}
	f := entry(t, p, fn)
	line, col := lineOf(t, src, m)
	h := r.AtAccess(f, stmtAt(t, f, line, col))
	if h == nil {
		t.Fatalf("statement %s of %s not reached", m, fn)
	}
	names := r.Names(h)
	if names == nil {
		names = []string{}
	}
	return names, r, h
}

func TestHeld(t *testing.T) {
	for _, tc := range []struct {
		name, src, fn string
		want          string // the names of the locks held at marker X, joined by ", "
	}{
		{"mutex", `
#include <pthread.h>
pthread_mutex_t m;
int g;
int main(void) { pthread_mutex_lock(&m); g = 1; /* X */ pthread_mutex_unlock(&m); return 0; }`, "main", "m"},
		{"after unlock", `
#include <pthread.h>
pthread_mutex_t m;
int g;
int main(void) { pthread_mutex_lock(&m); pthread_mutex_unlock(&m); g = 1; /* X */ return 0; }`, "main", ""},
		{"through a pointer to a global mutex", `
#include <pthread.h>
pthread_mutex_t m;
int g;
int main(void) {
  pthread_mutex_t *pm = &m;
  pthread_mutex_lock(pm);
  g = 1; /* X */
  pthread_mutex_unlock(pm);
  return 0;
}`, "main", "m"},
		// Conservative: the pointer may designate either mutex, so
		// neither is surely held.
		{"through a pointer to one of two mutexes", `
#include <pthread.h>
pthread_mutex_t m1, m2;
int g, c;
int main(void) {
  pthread_mutex_t *pm = c ? &m1 : &m2;
  pthread_mutex_lock(pm);
  g = 1; /* X */
  pthread_mutex_unlock(pm);
  return 0;
}`, "main", ""},
		{"field of a global struct", `
#include <pthread.h>
struct S { int n; pthread_mutex_t lk; } s;
int main(void) { pthread_mutex_lock(&s.lk); s.n = 1; /* X */ pthread_mutex_unlock(&s.lk); return 0; }`, "main", "s.lk"},
		{"mutex passed as the thread argument", `
#include <pthread.h>
pthread_mutex_t m;
int g;
void *w(void *a) {
  pthread_mutex_t *pm = a;
  pthread_mutex_lock(pm);
  g = 1; /* X */
  pthread_mutex_unlock(pm);
  return 0;
}
int main(void) { pthread_t t; pthread_create(&t, 0, w, &m); pthread_join(t, 0); return 0; }`, "w", "m"},
		// Each thread of w has its own mutex: it excludes nothing.
		{"a thread's local mutex", `
#include <pthread.h>
int g;
void *w(void *a) {
  pthread_mutex_t m;
  pthread_mutex_init(&m, 0);
  pthread_mutex_lock(&m);
  g = 1; /* X */
  pthread_mutex_unlock(&m);
  return 0;
}
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); pthread_join(t, 0); return 0; }`, "w", ""},
		{"mutex array, variable index (conservative)", `
#include <pthread.h>
pthread_mutex_t ms[4];
int g, n;
int main(void) { pthread_mutex_lock(&ms[n]); g = 1; /* X */ pthread_mutex_unlock(&ms[n]); return 0; }`, "main", ""},
		{"mutex array, constant index", `
#include <pthread.h>
pthread_mutex_t ms[4];
int g;
int main(void) { pthread_mutex_lock(&ms[2]); g = 1; /* X */ pthread_mutex_unlock(&ms[2]); return 0; }`, "main", "ms[2]"},
		{"rwlock read", `
#include <pthread.h>
pthread_rwlock_t rw;
int g;
int main(void) { pthread_rwlock_rdlock(&rw); g = g; /* X */ pthread_rwlock_unlock(&rw); return 0; }`, "main", "rw (read)"},
		{"rwlock write", `
#include <pthread.h>
pthread_rwlock_t rw;
int g;
int main(void) { pthread_rwlock_wrlock(&rw); g = 1; /* X */ pthread_rwlock_unlock(&rw); return 0; }`, "main", "rw"},
		// Write on one path, read on the other: only read surely.
		{"rwlock read or write", `
#include <pthread.h>
pthread_rwlock_t rw;
int g, c;
int main(void) {
  if (c) pthread_rwlock_rdlock(&rw); else pthread_rwlock_wrlock(&rw);
  g = g; /* X */
  pthread_rwlock_unlock(&rw);
  return 0;
}`, "main", "rw (read)"},
		{"atomic section", `
int g;
void __VERIFIER_atomic_begin(void);
void __VERIFIER_atomic_end(void);
int main(void) { __VERIFIER_atomic_begin(); g = 1; /* X */ __VERIFIER_atomic_end(); return 0; }`, "main", "atomic section"},
		{"lock on one branch only", `
#include <pthread.h>
pthread_mutex_t m;
int g, c;
int main(void) { if (c) pthread_mutex_lock(&m); g = 1; /* X */ return 0; }`, "main", ""},
		{"locked in each iteration", `
#include <pthread.h>
pthread_mutex_t m;
int g, c;
int main(void) {
  while (c) {
    pthread_mutex_lock(&m);
    g++; /* X */
    pthread_mutex_unlock(&m);
  }
  return 0;
}`, "main", "m"},
		{"lock released by a break path", `
#include <pthread.h>
pthread_mutex_t m;
int g, c;
int main(void) {
  pthread_mutex_lock(&m);
  while (c) {
    g++; /* X */
    if (g > 3) { pthread_mutex_unlock(&m); break; }
    pthread_mutex_unlock(&m);
    pthread_mutex_lock(&m);
  }
  return 0;
}`, "main", "m"},
		{"lock dropped before a backward goto", `
#include <pthread.h>
pthread_mutex_t m;
int g, c;
int main(void) {
  pthread_mutex_lock(&m);
again:
  g++; /* X */
  if (c) { pthread_mutex_unlock(&m); goto again; }
  pthread_mutex_unlock(&m);
  return 0;
}`, "main", ""},
		{"timed lock may time out", `
#include <pthread.h>
#include <time.h>
pthread_mutex_t m;
int g;
struct timespec ts;
int main(void) { pthread_mutex_timedlock(&m, &ts); g = 1; /* X */ return 0; }`, "main", ""},
		{"trylock: success branch", `
#include <pthread.h>
pthread_mutex_t m;
int g;
int main(void) { if (pthread_mutex_trylock(&m) == 0) { g = 1; /* X */ pthread_mutex_unlock(&m); } return 0; }`, "main", "m"},
		{"trylock: failure branch", `
#include <pthread.h>
pthread_mutex_t m;
int g;
int main(void) { if (pthread_mutex_trylock(&m) == 0) { pthread_mutex_unlock(&m); } else { g = 1; /* X */ } return 0; }`, "main", ""},
		{"trylock result in a variable", `
#include <pthread.h>
pthread_mutex_t m;
int g;
int main(void) { int r = pthread_mutex_trylock(&m); if (!r) { g = 1; /* X */ pthread_mutex_unlock(&m); } return 0; }`, "main", "m"},
		{"trylock result overwritten", `
#include <pthread.h>
pthread_mutex_t m;
int g;
int main(void) { int r = pthread_mutex_trylock(&m); r = 0; if (r == 0) { g = 1; /* X */ } return 0; }`, "main", ""},
		{"trylock result tested after the unlock", `
#include <pthread.h>
pthread_mutex_t m;
int g;
int main(void) {
  int r = pthread_mutex_trylock(&m);
  if (r == 0) pthread_mutex_unlock(&m);
  if (r == 0) { g = 1; /* X */ }
  return 0;
}`, "main", ""},
		{"trylock result tested in a later iteration", `
#include <pthread.h>
pthread_mutex_t m;
int g, c;
int main(void) {
  int r = pthread_mutex_trylock(&m);
  while (c) {
    if (r == 0) { g = 1; /* X */ pthread_mutex_unlock(&m); }
  }
  return 0;
}`, "main", ""},
		{"flag lock of atomic functions", `
#include <pthread.h>
void __VERIFIER_assume(int);
int flag = 0;
int g;
void __VERIFIER_atomic_acquire(void) { __VERIFIER_assume(flag == 0); flag = 1; }
void __VERIFIER_atomic_release(void) { __VERIFIER_assume(flag == 1); flag = 0; }
void *w(void *a) {
  __VERIFIER_atomic_acquire();
  g = 1; /* X */
  __VERIFIER_atomic_release();
  return 0;
}
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); pthread_join(t, 0); return 0; }`, "w", "flag"},
		// The flag is written outside the sections: it is no lock.
		{"flag written outside its sections", `
#include <pthread.h>
void __VERIFIER_assume(int);
int flag = 0;
int g;
void __VERIFIER_atomic_acquire(void) { __VERIFIER_assume(flag == 0); flag = 1; }
void __VERIFIER_atomic_release(void) { __VERIFIER_assume(flag == 1); flag = 0; }
void *w(void *a) {
  __VERIFIER_atomic_acquire();
  g = 1; /* X */
  __VERIFIER_atomic_release();
  return 0;
}
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); flag = 0; pthread_join(t, 0); return 0; }`, "w", ""},
		{"block main allocates once", `
#include <pthread.h>
#include <stdlib.h>
int g;
void *w(void *a) {
  pthread_mutex_lock(a);
  g = 1; /* X */
  pthread_mutex_unlock(a);
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_mutex_t *m;
  m = malloc(sizeof(pthread_mutex_t));
  pthread_mutex_init(m, 0);
  pthread_create(&t, 0, w, m);
  pthread_join(t, 0);
  return 0;
}`, "w", "block allocated at t.c:14:7"},
		{"block main allocates once, in a declaration", `
#include <pthread.h>
#include <stdlib.h>
int g;
void *w(void *a) {
  pthread_mutex_lock(a);
  g = 1; /* X */
  pthread_mutex_unlock(a);
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_mutex_t *m = malloc(sizeof(pthread_mutex_t));
  pthread_mutex_init(m, 0);
  pthread_create(&t, 0, w, m);
  pthread_join(t, 0);
  return 0;
}`, "w", "block allocated at t.c:13:24"},
		// Each iteration allocates another mutex.
		{"block main allocates in a loop", `
#include <pthread.h>
#include <stdlib.h>
int g;
void *w(void *a) {
  pthread_mutex_lock(a);
  g = 1; /* X */
  pthread_mutex_unlock(a);
  return 0;
}
int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++) {
    pthread_mutex_t *m = malloc(sizeof(pthread_mutex_t));
    pthread_mutex_init(m, 0);
    pthread_create(&t[i], 0, w, m);
  }
  return 0;
}`, "w", ""},
		{"through a pointer in a struct field", `
#include <pthread.h>
pthread_mutex_t m;
struct S { pthread_mutex_t *pm; } s;
int g;
int main(void) { s.pm = &m; pthread_mutex_lock(s.pm); g = 1; /* X */ pthread_mutex_unlock(&m); return 0; }`, "main", "m"},
		{"unlocked through an alias", `
#include <pthread.h>
pthread_mutex_t m;
int g;
int main(void) { pthread_mutex_t *p = &m; pthread_mutex_lock(&m); pthread_mutex_unlock(p); g = 1; /* X */ return 0; }`, "main", ""},
		{"unlocked through a pointer to one of two", `
#include <pthread.h>
pthread_mutex_t m, m2;
int g, c;
int main(void) { pthread_mutex_t *p = c ? &m : &m2; pthread_mutex_lock(&m); pthread_mutex_unlock(p); g = 1; /* X */ return 0; }`, "main", ""},
		{"unlocked through the array's name", `
#include <pthread.h>
pthread_mutex_t ms[2];
int g;
int main(void) { pthread_mutex_lock(&ms[0]); pthread_mutex_unlock(ms); g = 1; /* X */ return 0; }`, "main", ""},
		{"unlocked through the struct's address", `
#include <pthread.h>
struct S { pthread_mutex_t a; int x; } s;
int g;
int main(void) { pthread_mutex_lock(&s.a); pthread_mutex_unlock((pthread_mutex_t *)&s); g = 1; /* X */ return 0; }`, "main", ""},
		{"condition wait keeps the mutex", `
#include <pthread.h>
pthread_mutex_t m;
pthread_cond_t cv;
int g;
int main(void) { pthread_mutex_lock(&m); while (!g) pthread_cond_wait(&cv, &m); g = 1; /* X */ pthread_mutex_unlock(&m); return 0; }`, "main", "m"},
		// The lock is held after the loop: it is left only when a
		// trylock succeeded (while (1) with a break, once hoisted).
		{"trylock in a retry loop", `
#include <pthread.h>
pthread_mutex_t m;
int g;
int main(void) { while (pthread_mutex_trylock(&m) != 0) { } g = 1; /* X */ pthread_mutex_unlock(&m); return 0; }`, "main", "m"},
		{"lock taken under a test, access under the same test", `
#include <pthread.h>
pthread_mutex_t m;
int g;
int main(int argc, char **argv) { int i = argc > 1; if (i) pthread_mutex_lock(&m); if (i) g = 1; /* X */ if (i) pthread_mutex_unlock(&m); return 0; }`, "main", "m"},
		{"lock taken under a test, access under another", `
#include <pthread.h>
pthread_mutex_t m;
int g;
int main(int argc, char **argv) { int i = argc > 1, j = argc > 2; if (i) pthread_mutex_lock(&m); if (j) g = 1; /* X */ if (i) pthread_mutex_unlock(&m); return 0; }`, "main", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			names, _, _ := held(t, tc.src, tc.fn, "X")
			if got := strings.Join(names, ", "); got != tc.want {
				t.Errorf("held {%s}, want {%s}", got, tc.want)
			}
		})
	}
}

// bugs are the cases whose answer is known to be unsound, by name: they
// are skipped, with the description.
//
// The trylock bugs: the variable holding a trylock's result keeps naming
// the lock after the lock is released, so a later test r == 0 takes the
// lock again on its true branch. races.Prove proves this racy program
// race-free (the thread's g = 1 runs without m, main's g = 2 under m):
//
//	pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
//	int g;
//	void *w(void *a) {
//	  int r = pthread_mutex_trylock(&m);
//	  if (r == 0) pthread_mutex_unlock(&m);
//	  if (r == 0) g = 1;
//	  return 0;
//	}
//	int main(void) {
//	  pthread_t t;
//	  pthread_create(&t, 0, w, 0);
//	  pthread_mutex_lock(&m); g = 2; pthread_mutex_unlock(&m);
//	  pthread_join(t, 0);
//	}
//
// The lock-name bugs: a lock is named by its points-to location, so
// &ms[0] and ms (or &s.a and (pthread_mutex_t *)&s), one mutex, are two
// locks; unlocking by the other name leaves the first held. races.Prove
// declines the simple cases (an unlock of a lock the thread does not
// hold), but proves this racy program race-free (c is always 0: w
// unlocks ms[0] through ms and writes g unprotected):
//
//	pthread_mutex_t ms[2];
//	int g, c;
//	void *w(void *a) {
//	  pthread_mutex_lock(&ms[0]);
//	  if (c) pthread_mutex_lock(ms);
//	  pthread_mutex_unlock(ms);
//	  g = 1;
//	  return 0;
//	}
//	int main(void) {
//	  pthread_t t;
//	  pthread_create(&t, 0, w, 0);
//	  pthread_mutex_lock(&ms[0]); g = 2; pthread_mutex_unlock(&ms[0]);
//	  pthread_join(t, 0);
//	}
//
// fixedBugs are cases that once failed (unsound answers), kept as
// regression tests; the cases run like the others.
var fixedBugs = map[string]string{
	"unlocked through the array's name": "pthread_mutex_unlock(ms) releases the mutex locked as &ms[0] (the same address), " +
		"but the lockset names them differently and keeps ms[0] held (want {}, got {ms[0]})",
	"unlocked through the struct's address": "pthread_mutex_unlock((pthread_mutex_t *)&s) releases s.a (its first member, the same address), " +
		"but the lockset keeps s.a held (want {}, got {s.a})",
	"trylock result tested after the unlock": "the trylock result variable still names m after pthread_mutex_unlock(&m); " +
		"the second if (r == 0) adds m to the held set though it was released (want {}, got {m})",
	"trylock result tested in a later iteration": "the trylock result variable still names m in the next iteration, after the unlock " +
		"that ended the previous one; if (r == 0) adds m again (want {}, got {m})",
}

// TestCommon: whether the locks held at two statements exclude them.
func TestCommon(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		a, b      [2]string // routine and marker
		want      string    // the common lock's name, "" for none
	}{
		{"one mutex", `
#include <pthread.h>
pthread_mutex_t m;
int g;
void *w(void *a) { pthread_mutex_lock(&m); g = 1; /* A */ pthread_mutex_unlock(&m); return 0; }
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, w, 0);
  pthread_mutex_lock(&m); g = 2; /* B */ pthread_mutex_unlock(&m);
  pthread_join(t, 0);
  return 0;
}`, [2]string{"w", "A"}, [2]string{"main", "B"}, "m"},
		{"different mutexes", `
#include <pthread.h>
pthread_mutex_t m1, m2;
int g;
void *w(void *a) { pthread_mutex_lock(&m1); g = 1; /* A */ pthread_mutex_unlock(&m1); return 0; }
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, w, 0);
  pthread_mutex_lock(&m2); g = 2; /* B */ pthread_mutex_unlock(&m2);
  pthread_join(t, 0);
  return 0;
}`, [2]string{"w", "A"}, [2]string{"main", "B"}, ""},
		{"two readers of a rwlock", `
#include <pthread.h>
pthread_rwlock_t rw;
int g;
void *w(void *a) { pthread_rwlock_rdlock(&rw); g = g; /* A */ pthread_rwlock_unlock(&rw); return 0; }
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, w, 0);
  pthread_rwlock_rdlock(&rw); g = g; /* B */ pthread_rwlock_unlock(&rw);
  pthread_join(t, 0);
  return 0;
}`, [2]string{"w", "A"}, [2]string{"main", "B"}, ""},
		{"reader and writer of a rwlock", `
#include <pthread.h>
pthread_rwlock_t rw;
int g;
void *w(void *a) { pthread_rwlock_rdlock(&rw); g = g; /* A */ pthread_rwlock_unlock(&rw); return 0; }
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, w, 0);
  pthread_rwlock_wrlock(&rw); g = 2; /* B */ pthread_rwlock_unlock(&rw);
  pthread_join(t, 0);
  return 0;
}`, [2]string{"w", "A"}, [2]string{"main", "B"}, "rw"},
		// Some thread unlocks m without holding it: m protects nothing.
		{"a mutex released by a thread that does not hold it", `
#include <pthread.h>
pthread_mutex_t m;
int g;
void *w(void *a) { pthread_mutex_lock(&m); g = 1; /* A */ pthread_mutex_unlock(&m); return 0; }
void *v(void *a) { pthread_mutex_unlock(&m); return 0; }
int main(void) {
  pthread_t t, u;
  pthread_create(&t, 0, w, 0);
  pthread_create(&u, 0, v, 0);
  pthread_mutex_lock(&m); g = 2; /* B */ pthread_mutex_unlock(&m);
  pthread_join(t, 0);
  pthread_join(u, 0);
  return 0;
}`, [2]string{"w", "A"}, [2]string{"main", "B"}, ""},
		// An unlock through a pointer the analysis cannot follow may
		// release any lock.
		{"unlock through an unknown pointer", `
#include <pthread.h>
pthread_mutex_t m;
int g;
extern pthread_mutex_t *which(void);
void *w(void *a) { pthread_mutex_lock(&m); g = 1; /* A */ pthread_mutex_unlock(&m); return 0; }
void *v(void *a) { pthread_mutex_unlock(which()); return 0; }
int main(void) {
  pthread_t t, u;
  pthread_create(&t, 0, w, 0);
  pthread_create(&u, 0, v, 0);
  pthread_mutex_lock(&m); g = 2; /* B */ pthread_mutex_unlock(&m);
  pthread_join(t, 0);
  pthread_join(u, 0);
  return 0;
}`, [2]string{"w", "A"}, [2]string{"main", "B"}, ""},
		// An unlock of an element the analysis cannot name may release
		// any lock of the array.
		{"unlock of an unknown element", `
#include <pthread.h>
pthread_mutex_t ms[4];
int g, n;
void *w(void *a) { pthread_mutex_lock(&ms[1]); g = 1; /* A */ pthread_mutex_unlock(&ms[1]); return 0; }
void *v(void *a) { pthread_mutex_unlock(&ms[n]); return 0; }
int main(void) {
  pthread_t t, u;
  pthread_create(&t, 0, w, 0);
  pthread_create(&u, 0, v, 0);
  pthread_mutex_lock(&ms[1]); g = 2; /* B */ pthread_mutex_unlock(&ms[1]);
  pthread_join(t, 0);
  pthread_join(u, 0);
  return 0;
}`, [2]string{"w", "A"}, [2]string{"main", "B"}, ""},
		{"atomic sections", `
#include <pthread.h>
int g;
void __VERIFIER_atomic_begin(void);
void __VERIFIER_atomic_end(void);
void *w(void *a) { __VERIFIER_atomic_begin(); g = 1; /* A */ __VERIFIER_atomic_end(); return 0; }
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, w, 0);
  __VERIFIER_atomic_begin(); g = 2; /* B */ __VERIFIER_atomic_end();
  pthread_join(t, 0);
  return 0;
}`, [2]string{"w", "A"}, [2]string{"main", "B"}, "atomic section"},
		{"flag lock", `
#include <pthread.h>
void __VERIFIER_assume(int);
int flag = 0;
int g;
void __VERIFIER_atomic_acquire(void) { __VERIFIER_assume(flag == 0); flag = 1; }
void __VERIFIER_atomic_release(void) { __VERIFIER_assume(flag == 1); flag = 0; }
void *w(void *a) {
  __VERIFIER_atomic_acquire();
  g = 1; /* A */
  __VERIFIER_atomic_release();
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, w, 0);
  __VERIFIER_atomic_acquire();
  g = 2; /* B */
  __VERIFIER_atomic_release();
  pthread_join(t, 0);
  return 0;
}`, [2]string{"w", "A"}, [2]string{"main", "B"}, "flag"},
		// A release without the acquire: some thread may free the flag
		// it does not hold.
		{"flag released without acquiring", `
#include <pthread.h>
void __VERIFIER_assume(int);
int flag = 0;
int g;
void __VERIFIER_atomic_acquire(void) { __VERIFIER_assume(flag == 0); flag = 1; }
void __VERIFIER_atomic_release(void) { flag = 0; }
void *w(void *a) {
  __VERIFIER_atomic_acquire();
  g = 1; /* A */
  __VERIFIER_atomic_release();
  return 0;
}
void *v(void *a) { __VERIFIER_atomic_release(); return 0; }
int main(void) {
  pthread_t t, u;
  pthread_create(&t, 0, w, 0);
  pthread_create(&u, 0, v, 0);
  __VERIFIER_atomic_acquire();
  g = 2; /* B */
  __VERIFIER_atomic_release();
  pthread_join(t, 0);
  pthread_join(u, 0);
  return 0;
}`, [2]string{"w", "A"}, [2]string{"main", "B"}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := load(t, tc.src)
			r := lockset.Analyze(p, pointsto.Analyze(p))
			if r.Declined != "" {
				t.Fatalf("declined: %s", r.Declined)
			}
			at := func(x [2]string) lockset.Held {
				f := entry(t, p, x[0])
				line, col := lineOf(t, tc.src, x[1])
				h := r.AtAccess(f, stmtAt(t, f, line, col))
				if h == nil {
					t.Fatalf("%s of %s not reached", x[1], x[0])
				}
				return h
			}
			ha, hb := at(tc.a), at(tc.b)
			k, ok := r.Common(ha, hb)
			got := ""
			if ok {
				got = r.Name(k)
			}
			if got != tc.want {
				t.Errorf("Common(%v, %v) = %q, want %q", r.Names(ha), r.Names(hb), got, tc.want)
			}
			k2, ok2 := r.Common(hb, ha)
			if ok2 != ok || k2 != k {
				t.Errorf("Common is not symmetric: %q %v, %q %v", k, ok, k2, ok2)
			}
		})
	}
}
