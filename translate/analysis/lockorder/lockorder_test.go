package lockorder_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ladr-dev/ladr/translate"
	"github.com/ladr-dev/ladr/translate/analysis"
	"github.com/ladr-dev/ladr/translate/analysis/analysistest"
	"github.com/ladr-dev/ladr/translate/analysis/lockorder"
	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/cfront"
	"github.com/ladr-dev/ladr/translate/seq"
)

const head = `#include <pthread.h>
#include <semaphore.h>
pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER, b = PTHREAD_MUTEX_INITIALIZER, c = PTHREAD_MUTEX_INITIALIZER, g = PTHREAD_MUTEX_INITIALIZER;
pthread_rwlock_t rw1 = PTHREAD_RWLOCK_INITIALIZER, rw2 = PTHREAD_RWLOCK_INITIALIZER;
int x;
`

// TestAnalyze checks the verdict of the analysis on the classic cases of
// issue 14: want is "free" (deadlock-free), "cycle", "self", "leak", or
// "declined: TEXT".
func TestAnalyze(t *testing.T) {
	for _, tc := range []struct {
		name, src, want string
	}{
		{"two-lock inversion", `
void *t1(void *p) { pthread_mutex_lock(&a); pthread_mutex_lock(&b); x++; pthread_mutex_unlock(&b); pthread_mutex_unlock(&a); return 0; }
void *t2(void *p) { pthread_mutex_lock(&b); pthread_mutex_lock(&a); x++; pthread_mutex_unlock(&a); pthread_mutex_unlock(&b); return 0; }
int main(void) { pthread_t x1, x2; pthread_create(&x1, 0, t1, 0); pthread_create(&x2, 0, t2, 0); pthread_join(x1, 0); pthread_join(x2, 0); return 0; }`, "cycle"},
		{"same order", `
void *t1(void *p) { pthread_mutex_lock(&a); pthread_mutex_lock(&b); x++; pthread_mutex_unlock(&b); pthread_mutex_unlock(&a); return 0; }
void *t2(void *p) { pthread_mutex_lock(&a); pthread_mutex_lock(&b); x++; pthread_mutex_unlock(&b); pthread_mutex_unlock(&a); return 0; }
int main(void) { pthread_t x1, x2; pthread_create(&x1, 0, t1, 0); pthread_create(&x2, 0, t2, 0); pthread_join(x1, 0); pthread_join(x2, 0); return 0; }`, "free"},
		{"three-lock cycle", `
void *t1(void *p) { pthread_mutex_lock(&a); pthread_mutex_lock(&b); pthread_mutex_unlock(&b); pthread_mutex_unlock(&a); return 0; }
void *t2(void *p) { pthread_mutex_lock(&b); pthread_mutex_lock(&c); pthread_mutex_unlock(&c); pthread_mutex_unlock(&b); return 0; }
void *t3(void *p) { pthread_mutex_lock(&c); pthread_mutex_lock(&a); pthread_mutex_unlock(&a); pthread_mutex_unlock(&c); return 0; }
int main(void) { pthread_t x1, x2, x3; pthread_create(&x1, 0, t1, 0); pthread_create(&x2, 0, t2, 0); pthread_create(&x3, 0, t3, 0); return 0; }`, "cycle"},
		{"gate lock", `
void *t1(void *p) { pthread_mutex_lock(&g); pthread_mutex_lock(&a); pthread_mutex_lock(&b); pthread_mutex_unlock(&b); pthread_mutex_unlock(&a); pthread_mutex_unlock(&g); return 0; }
void *t2(void *p) { pthread_mutex_lock(&g); pthread_mutex_lock(&b); pthread_mutex_lock(&a); pthread_mutex_unlock(&a); pthread_mutex_unlock(&b); pthread_mutex_unlock(&g); return 0; }
int main(void) { pthread_t x1, x2; pthread_create(&x1, 0, t1, 0); pthread_create(&x2, 0, t2, 0); return 0; }`, "free"},
		{"inversion ordered by a join", `
void *t1(void *p) { pthread_mutex_lock(&a); pthread_mutex_lock(&b); pthread_mutex_unlock(&b); pthread_mutex_unlock(&a); return 0; }
void *t2(void *p) { pthread_mutex_lock(&b); pthread_mutex_lock(&a); pthread_mutex_unlock(&a); pthread_mutex_unlock(&b); return 0; }
int main(void) { pthread_t x1, x2; pthread_create(&x1, 0, t1, 0); pthread_join(x1, 0); pthread_create(&x2, 0, t2, 0); pthread_join(x2, 0); return 0; }`, "free"},
		{"inversion with main before the threads", `
void *t2(void *p) { pthread_mutex_lock(&b); pthread_mutex_lock(&a); pthread_mutex_unlock(&a); pthread_mutex_unlock(&b); return 0; }
int main(void) { pthread_t x2; pthread_mutex_lock(&a); pthread_mutex_lock(&b); pthread_mutex_unlock(&b); pthread_mutex_unlock(&a); pthread_create(&x2, 0, t2, 0); return 0; }`, "free"},
		{"one routine, two threads, inverted by argument", `
void *t(void *p) { pthread_mutex_t *m1 = p ? &a : &b, *m2 = p ? &b : &a; pthread_mutex_lock(m1); pthread_mutex_lock(m2); pthread_mutex_unlock(m2); pthread_mutex_unlock(m1); return 0; }
int main(void) { pthread_t x1, x2; pthread_create(&x1, 0, t, &x); pthread_create(&x2, 0, t, 0); return 0; }`, "cycle"},
		{"per-element locks, one at a time", `
pthread_mutex_t ms[4];
int v[4];
void *t(void *p) { int i = x & 3; pthread_mutex_lock(&ms[i]); v[i]++; pthread_mutex_unlock(&ms[i]); return 0; }
int main(void) { pthread_t x1, x2; pthread_create(&x1, 0, t, 0); pthread_create(&x2, 0, t, 0); pthread_mutex_lock(&ms[x & 3]); pthread_mutex_unlock(&ms[x & 3]); pthread_join(x1, 0); return 0; }`, "free"},
		{"per-element lock held while taking a named one", `
pthread_mutex_t ms[4];
void *t(void *p) { int i = x & 3; pthread_mutex_lock(&ms[i]); pthread_mutex_lock(&a); pthread_mutex_unlock(&a); pthread_mutex_unlock(&ms[i]); return 0; }
int main(void) { pthread_t x1; pthread_create(&x1, 0, t, (void *)1); return 0; }`, "free"},
		{"per-element lock that is also taken by name", `
pthread_mutex_t ms[4];
void *t(void *p) { int i = x & 3; pthread_mutex_lock(&ms[i]); pthread_mutex_unlock(&ms[i]); return 0; }
int main(void) { pthread_t x1; pthread_create(&x1, 0, t, (void *)1); pthread_mutex_lock(&ms[1]); pthread_mutex_lock(&a); pthread_mutex_unlock(&a); pthread_mutex_unlock(&ms[1]); return 0; }`, "free"},
		{"per-element lock taken by name inside a named one, and the other way round", `
pthread_mutex_t ms[4];
void *t(void *p) { int i = x & 3; pthread_mutex_lock(&ms[i]); pthread_mutex_lock(&a); pthread_mutex_unlock(&a); pthread_mutex_unlock(&ms[i]); return 0; }
int main(void) { pthread_t x1; pthread_create(&x1, 0, t, (void *)1); pthread_mutex_lock(&a); pthread_mutex_lock(&ms[1]); pthread_mutex_unlock(&ms[1]); pthread_mutex_unlock(&a); pthread_join(x1, 0); return 0; }`, "cycle"},
		{"dining philosophers", `
pthread_mutex_t chop[5];
void *dine(void *arg) { long left = (long)arg, right = (left + 1) % 5;
  pthread_mutex_lock(&chop[left]); pthread_mutex_lock(&chop[right]); pthread_mutex_unlock(&chop[left]); pthread_mutex_unlock(&chop[right]); return 0; }
int main(void) { pthread_t ph[5]; for (long i = 0; i < 5; i++) pthread_create(&ph[i], 0, dine, (void *)i); for (int i = 0; i < 5; i++) pthread_join(ph[i], 0); return 0; }`, "cycle"},
		{"per-element lock kept at the thread's end", `
pthread_mutex_t ms[4];
void *t(void *p) { int i = x & 3; pthread_mutex_lock(&ms[i]); return 0; }
int main(void) { pthread_t x1; pthread_create(&x1, 0, t, (void *)1); pthread_mutex_lock(&ms[x & 3]); return 0; }`, "leak"},
		{"lock through a parameter (L2D2 listing 1)", `
void take(pthread_mutex_t *m1, pthread_mutex_t *m2) { pthread_mutex_lock(m1); pthread_mutex_lock(m2); x++; pthread_mutex_unlock(m2); pthread_mutex_unlock(m1); }
void *t1(void *p) { take(&a, &b); return 0; }
void *t2(void *p) { take(&b, &a); return 0; }
int main(void) { pthread_t x1, x2; pthread_create(&x1, 0, t1, 0); pthread_create(&x2, 0, t2, 0); return 0; }`, "cycle"},
		{"trylock back-off", `
void *t1(void *p) { pthread_mutex_lock(&a); pthread_mutex_lock(&b); pthread_mutex_unlock(&b); pthread_mutex_unlock(&a); return 0; }
void *t2(void *p) { for (;;) { pthread_mutex_lock(&b); if (pthread_mutex_trylock(&a) == 0) break; pthread_mutex_unlock(&b); } pthread_mutex_unlock(&a); pthread_mutex_unlock(&b); return 0; }
int main(void) { pthread_t x1, x2; pthread_create(&x1, 0, t1, 0); pthread_create(&x2, 0, t2, 0); return 0; }`, "free"},
		{"rwlock read/read", `
void *t1(void *p) { pthread_rwlock_rdlock(&rw1); pthread_rwlock_rdlock(&rw2); pthread_rwlock_unlock(&rw2); pthread_rwlock_unlock(&rw1); return 0; }
void *t2(void *p) { pthread_rwlock_rdlock(&rw2); pthread_rwlock_rdlock(&rw1); pthread_rwlock_unlock(&rw1); pthread_rwlock_unlock(&rw2); return 0; }
int main(void) { pthread_t x1, x2; pthread_create(&x1, 0, t1, 0); pthread_create(&x2, 0, t2, 0); return 0; }`, "free"},
		{"rwlock read/write inversion", `
void *t1(void *p) { pthread_rwlock_rdlock(&rw1); pthread_rwlock_wrlock(&rw2); pthread_rwlock_unlock(&rw2); pthread_rwlock_unlock(&rw1); return 0; }
void *t2(void *p) { pthread_rwlock_rdlock(&rw2); pthread_rwlock_wrlock(&rw1); pthread_rwlock_unlock(&rw1); pthread_rwlock_unlock(&rw2); return 0; }
int main(void) { pthread_t x1, x2; pthread_create(&x1, 0, t1, 0); pthread_create(&x2, 0, t2, 0); return 0; }`, "cycle"},
		{"double lock", `
void *t1(void *p) { pthread_mutex_lock(&a); pthread_mutex_lock(&a); pthread_mutex_unlock(&a); return 0; }
int main(void) { pthread_t x1; pthread_create(&x1, 0, t1, 0); return 0; }`, "self"},
		{"thread joining main's joiner: main holds a lock while joining", `
void *t1(void *p) { pthread_mutex_lock(&a); x++; pthread_mutex_unlock(&a); return 0; }
int main(void) { pthread_t x1; pthread_create(&x1, 0, t1, 0); pthread_mutex_lock(&a); pthread_join(x1, 0); pthread_mutex_unlock(&a); return 0; }`, "cycle"},
		{"join after unlocking", `
void *t1(void *p) { pthread_mutex_lock(&a); x++; pthread_mutex_unlock(&a); return 0; }
int main(void) { pthread_t x1; pthread_create(&x1, 0, t1, 0); pthread_mutex_lock(&a); x++; pthread_mutex_unlock(&a); pthread_join(x1, 0); return 0; }`, "free"},
		{"two threads joining each other", `
pthread_t h1, h2;
void *t1(void *p) { pthread_join(h2, 0); return 0; }
void *t2(void *p) { pthread_join(h1, 0); return 0; }
int main(void) { pthread_create(&h1, 0, t1, 0); pthread_create(&h2, 0, t2, 0); return 0; }`, "cycle"},
		{"a thread ends holding a lock", `
void *t1(void *p) { pthread_mutex_lock(&a); return 0; }
int main(void) { pthread_t x1; pthread_create(&x1, 0, t1, 0); pthread_mutex_lock(&a); pthread_mutex_unlock(&a); return 0; }`, "leak"},
		{"main ends with pthread_exit holding a lock", `
void *t1(void *p) { pthread_mutex_lock(&a); x++; pthread_mutex_unlock(&a); return 0; }
int main(void) { pthread_t x1; pthread_mutex_lock(&a); pthread_create(&x1, 0, t1, 0); pthread_exit(0); }`, "leak"},
		{"main returns holding a lock: the program ends", `
void *t1(void *p) { pthread_mutex_lock(&a); x++; pthread_mutex_unlock(&a); return 0; }
int main(void) { pthread_t x1; pthread_mutex_lock(&a); pthread_create(&x1, 0, t1, 0); return 0; }`, "free"},
		{"condition variable: not followed", `
pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
void *t1(void *p) { pthread_mutex_lock(&a); while (!x) pthread_cond_wait(&cv, &a); pthread_mutex_unlock(&a); return 0; }
int main(void) { pthread_t x1; pthread_create(&x1, 0, t1, 0); return 0; }`, "declined: pthread_cond_wait blocks until another thread acts"},
		{"semaphore: not followed", `
sem_t s;
void *t1(void *p) { sem_wait(&s); return 0; }
int main(void) { pthread_t x1; sem_init(&s, 0, 0); pthread_create(&x1, 0, t1, 0); return 0; }`, "declined: sem_wait blocks"},
		{"call through a pointer: not followed", `
void (*fp)(void);
void *t1(void *p) { fp(); return 0; }
int main(void) { pthread_t x1; pthread_create(&x1, 0, t1, 0); return 0; }`, "declined:"},
		{"inversion in one thread class created twice", `
void *t(void *p) { if (p) { pthread_mutex_lock(&a); pthread_mutex_lock(&b); pthread_mutex_unlock(&b); pthread_mutex_unlock(&a); } else { pthread_mutex_lock(&b); pthread_mutex_lock(&a); pthread_mutex_unlock(&a); pthread_mutex_unlock(&b); } return 0; }
int main(void) { pthread_t x1, x2; pthread_create(&x1, 0, t, &x); pthread_create(&x2, 0, t, 0); return 0; }`, "cycle"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := analysistest.Load(t, head+tc.src)
			r := lockorder.Analyze(p)
			got := "free"
			switch {
			case r.Declined != "":
				got = "declined: " + r.Declined
			case len(r.Cycles) > 0:
				got = "cycle"
			case len(r.Self) > 0:
				got = "self"
			case len(r.Leaks) > 0:
				got = "leak"
			}
			if strings.HasPrefix(tc.want, "declined:") {
				if !strings.HasPrefix(got, "declined:") || !strings.Contains(got, strings.TrimPrefix(tc.want, "declined: ")) {
					t.Errorf("got %q, want %q (%s)", got, tc.want, r)
				}
				return
			}
			if got != tc.want {
				t.Errorf("got %q, want %q (%s)", got, tc.want, r)
				for _, c := range r.Cycles {
					for _, d := range c.Deps {
						t.Logf("  %s -> %s at %s (%s)", r.Name(d.From), r.Name(d.To), d.Pos, d.Routine.Name)
					}
				}
			}
			if got == "free" != r.DeadlockFree() {
				t.Errorf("DeadlockFree() = %v with %s", r.DeadlockFree(), r)
			}
		})
	}
}

// TestCycleReport: the two-lock inversion names both locks and both
// acquisition sites.
func TestCycleReport(t *testing.T) {
	p := analysistest.Load(t, head+`
void *t1(void *p) { pthread_mutex_lock(&a);
  pthread_mutex_lock(&b); pthread_mutex_unlock(&b); pthread_mutex_unlock(&a); return 0; }
void *t2(void *p) { pthread_mutex_lock(&b);
  pthread_mutex_lock(&a); pthread_mutex_unlock(&a); pthread_mutex_unlock(&b); return 0; }
int main(void) { pthread_t x1, x2; pthread_create(&x1, 0, t1, 0); pthread_create(&x2, 0, t2, 0); return 0; }`)
	r := lockorder.Analyze(p)
	if len(r.Cycles) != 1 {
		t.Fatalf("%d cycles, want 1: %s", len(r.Cycles), r)
	}
	var lines []string
	for _, d := range r.Cycles[0].Deps {
		if len(d.HeldAt) == 0 {
			t.Fatalf("no acquisition site of %s", r.Name(d.From))
		}
		lines = append(lines, r.Name(d.From)+"@"+d.HeldAt[0].String()+" -> "+r.Name(d.To)+"@"+d.Pos.String())
	}
	got := strings.Join(lines, "; ")
	for _, want := range []string{"a@t.c:7:", "b@t.c:8:", "b@t.c:9:", "a@t.c:10:"} {
		if !strings.Contains(got, want) {
			t.Errorf("cycle %s: no %s", got, want)
		}
	}
}

// TestDebugIndex runs the analysis on every race-free or correct task of
// an SV-COMP INDEX.tsv (LADR_LOCKORDER_INDEX) and prints one line per
// task, for development.
func TestDebugIndex(t *testing.T) {
	index := os.Getenv("LADR_LOCKORDER_INDEX")
	if index == "" {
		t.Skip("LADR_LOCKORDER_INDEX not set")
	}
	fe := cfront.New()
	seen := map[string]bool{}
	for _, task := range analysistest.Index(t, index, "") {
		if task.Expected != "true" || seen[task.Input] {
			continue
		}
		seen[task.Input] = true
		p, err := fe.Parse(task.Input, task.Src, cfront.Options{Model: task.Model})
		if err != nil {
			t.Logf("RESULT\t%s\tparse error", task.YML)
			continue
		}
		u, err := translate.Run(p, translate.Config{Model: task.Model, Limits: bound.Limits{Unwind: 2, Recursion: 2}, Rounds: 2, Property: seq.Deadlock}, nil,
			translate.RunOptions{StopAfter: "inline"})
		if err != nil {
			t.Logf("RESULT\t%s\ttranslation: %v", task.YML, err)
			continue
		}
		r := lockorder.Analyze(&analysis.Program{Prog: u.Prog, Entries: u.Entries, Notes: &u.Notes})
		t.Logf("RESULT\t%s\t%v\t%s", task.YML, r.DeadlockFree(), r)
	}
}

// FuzzAnalyze runs the analysis on mutated programs (seeded with the race
// analysis's corpus and this file's cases): it must not panic, and a
// program it proves deadlock-free has no cycle, self-deadlock or kept lock.
func FuzzAnalyze(f *testing.F) {
	for _, dir := range []string{"racy", "racefree"} {
		files, _ := filepath.Glob(filepath.Join("..", "races", "testdata", dir, "*.c"))
		for _, file := range files {
			if src, err := os.ReadFile(file); err == nil {
				f.Add(src)
			}
		}
	}
	f.Add([]byte(head + `
void *t1(void *p) { pthread_mutex_lock(&a); pthread_mutex_lock(&b); pthread_mutex_unlock(&b); pthread_mutex_unlock(&a); return 0; }
void *t2(void *p) { pthread_mutex_lock(&b); pthread_mutex_lock(&a); pthread_mutex_unlock(&a); pthread_mutex_unlock(&b); return 0; }
int main(void) { pthread_t x1, x2; pthread_create(&x1, 0, t1, 0); pthread_create(&x2, 0, t2, 0); pthread_join(x1, 0); pthread_join(x2, 0); return 0; }`))
	fe := cfront.New()
	f.Fuzz(func(t *testing.T, src []byte) {
		p, err := fe.Parse("fuzz.c", src, cfront.Options{Model: cfront.LP64})
		if err != nil {
			return
		}
		u, err := translate.Run(p, translate.Config{Model: cfront.LP64, Limits: bound.Limits{Unwind: 2, Recursion: 2}, Rounds: 2, Property: seq.Deadlock}, nil,
			translate.RunOptions{StopAfter: "inline"})
		if err != nil {
			return
		}
		r := lockorder.Analyze(&analysis.Program{Prog: u.Prog, Entries: u.Entries, Notes: &u.Notes})
		if r.DeadlockFree() && (len(r.Cycles) > 0 || len(r.Self) > 0 || len(r.Leaks) > 0) {
			t.Fatalf("deadlock-free with findings: %s", r)
		}
		_ = r.String()
	})
}
