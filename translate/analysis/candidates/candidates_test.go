package candidates_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ladr-dev/ladr/translate/analysis/candidates"
	"github.com/ladr-dev/ladr/translate/cfront"
)

// TestAnalyze lists the candidates of small programs: each case names the
// memories that must be candidates (racy) and those that must not be.
func TestAnalyze(t *testing.T) {
	for _, tc := range []struct {
		name       string
		src        string
		racy, safe []string
	}{
		{
			name: "global without and with a lock",
			src: `#include <pthread.h>
int x, y; pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *w(void *a) { x++; pthread_mutex_lock(&m); y++; pthread_mutex_unlock(&m); return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); x = 1; pthread_mutex_lock(&m); y = 2; pthread_mutex_unlock(&m); return 0; }`,
			racy: []string{"x"}, safe: []string{"y"},
		},
		{
			name: "before the thread exists",
			src: `#include <pthread.h>
int x, z;
static void init(void) { x = 1; }
void *w(void *a) { x++; z++; return 0; }
int main(void) { init(); z = 3; pthread_t t; pthread_create(&t, 0, w, 0); return 0; }`,
			safe: []string{"x", "z"},
		},
		{
			name: "a thread created once races not with itself, twice does",
			src: `#include <pthread.h>
int once_only, twice;
void *a(void *p) { once_only++; return 0; }
void *b(void *p) { twice++; return 0; }
int main(void) { pthread_t t[3]; pthread_create(&t[0], 0, a, 0); for (int i = 1; i < 3; i++) pthread_create(&t[i], 0, b, 0); return 0; }`,
			racy: []string{"twice"}, safe: []string{"once_only"},
		},
		{
			name: "lock held by the caller, through a wrapper, across a loop with a condition wait",
			src: `#include <pthread.h>
int count, other; pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER; pthread_cond_t c = PTHREAD_COND_INITIALIZER;
pthread_mutex_t per[4];
static void take(void) { pthread_mutex_lock(&m); }
static void give(void) { pthread_mutex_unlock(&m); }
static void bump(void) { count++; }
void *w(void *a) {
  pthread_mutex_lock(&m);
  while (other < 10) {
    pthread_cond_wait(&c, &m);
    for (int i = 0; i < 4; i++) { pthread_mutex_lock(&per[i]); pthread_mutex_unlock(&per[i]); }
    bump();
  }
  pthread_mutex_unlock(&m);
  return 0;
}
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); take(); bump(); other++; give(); return 0; }`,
			safe: []string{"count", "other"},
		},
		{
			name: "a callee that releases the caller's lock and takes it again",
			src: `#include <pthread.h>
#include <unistd.h>
int n, seen; pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static void crawl(void) {
  for (int i = 0; i < 3; i++) {
    if (i == 1) { pthread_mutex_unlock(&m); seen++; usleep(1); pthread_mutex_lock(&m); }
  }
}
static void drop(void) { pthread_mutex_unlock(&m); }
void *w(void *a) { pthread_mutex_lock(&m); crawl(); n = 0; drop(); return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); pthread_mutex_lock(&m); n = 1; seen = 1; pthread_mutex_unlock(&m); return 0; }`,
			racy: []string{"seen"}, safe: []string{"n"},
		},
		{
			name: "a trylock that succeeded",
			src: `#include <pthread.h>
int a, b, c; pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *w(void *p) {
  if (pthread_mutex_trylock(&m) != 0) return 0;
  a++; pthread_mutex_unlock(&m);
  if (pthread_mutex_trylock(&m) == 0) { b++; pthread_mutex_unlock(&m); } else { c++; }
  return 0;
}
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); pthread_mutex_lock(&m); a = b = c = 1; pthread_mutex_unlock(&m); c = 2; return 0; }`,
			racy: []string{"c"}, safe: []string{"a", "b"},
		},
		{
			name: "a lock through a pointer is not one object",
			src: `#include <pthread.h>
struct item { pthread_mutex_t lock; int refs; };
struct item items[2];
void *w(void *a) { struct item *it = a; pthread_mutex_lock(&it->lock); it->refs++; pthread_mutex_unlock(&it->lock); return 0; }
int main(void) { pthread_t t[2]; for (int i = 0; i < 2; i++) pthread_create(&t[i], 0, w, &items[i]); return 0; }`,
			racy: []string{"(struct item).refs"},
		},
		{
			name: "a start routine through a wrapper's parameter",
			src: `#include <pthread.h>
int hits;
void *worker(void *a) { hits++; return 0; }
void *idle(void *a) { return 0; }
static void spawn(void *(*fn)(void *), void *arg) { pthread_t t; pthread_create(&t, 0, fn, arg); }
int main(void) { void *(*unused)(void *) = idle; (void)unused; spawn(worker, 0); return hits; }`,
			racy: []string{"hits"},
		},
		{
			name: "a callback handed to a library function runs in any thread",
			src: `int flag;
void event_set(void (*cb)(int));
void on_event(int s) { flag = s; }
int main(void) { event_set(on_event); flag = 0; return 0; }`,
			racy: []string{"flag"},
		},
		{
			name: "locals: private unless their address reaches another thread",
			src: `#include <pthread.h>
#include <string.h>
int g;
static void fill(int *p) { *p = 1; }
static int *keep;
static void store(int *p) { keep = p; }
void *w(void *a) { int *q = a; (*q)++; int buf[4]; memset(buf, 0, sizeof buf); fill(&buf[1]); int mine = 0; fill(&mine); return 0; }
int main(void) {
  pthread_t t[2]; int shared_arg = 0, stored = 0, private_ = 0;
  fill(&private_);
  store(&stored);
  for (int i = 0; i < 2; i++) pthread_create(&t[i], 0, w, &shared_arg);
  shared_arg = 5; stored = 2; private_ = 3;
  g = *keep;
  return 0;
}`,
			racy: []string{"shared_arg"}, safe: []string{"buf[]", "mine", "private_", "i"},
		},
		{
			name: "a thread-local variable whose address another thread receives",
			src: `#include <pthread.h>
__thread int data; __thread int mine; int *ptr; pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *w(void *a) { pthread_mutex_lock(&m); ptr = &data; *ptr = 2; pthread_mutex_unlock(&m); data = 1; mine = 1; return 0; }
int main(void) { pthread_t t[2]; for (int i = 0; i < 2; i++) pthread_create(&t[i], 0, w, 0); return 0; }`,
			racy: []string{"data"}, safe: []string{"mine"},
		},
		{
			name: "SV-COMP atomic sections and atomic functions",
			src: `#include <pthread.h>
void __VERIFIER_atomic_begin(void); void __VERIFIER_atomic_end(void);
int s, f, plain;
void __VERIFIER_atomic_inc(void) { f++; }
void *w(void *p) { __VERIFIER_atomic_begin(); s++; __VERIFIER_atomic_end(); __VERIFIER_atomic_inc(); plain++; return 0; }
int main(void) { pthread_t t[2]; for (int i = 0; i < 2; i++) pthread_create(&t[i], 0, w, 0); __VERIFIER_atomic_begin(); s = 0; plain = 1; __VERIFIER_atomic_end(); __VERIFIER_atomic_inc(); return 0; }`,
			racy: []string{"plain"}, safe: []string{"s", "f"},
		},
		{
			name: "after main joined the one thread",
			src: `#include <pthread.h>
int before, during, after, loop;
void *w(void *p) { before++; during++; after++; return 0; }
void *v(void *p) { loop++; return 0; }
int main(void) {
  before = 1;
  pthread_t t, u[2];
  pthread_create(&t, 0, w, 0);
  during = 2;
  pthread_join(t, 0);
  after = 3;
  for (int i = 0; i < 2; i++) pthread_create(&u[i], 0, v, 0);
  for (int i = 0; i < 2; i++) pthread_join(u[i], 0);
  loop = 4;
  return 0;
}`,
			racy: []string{"during", "loop"}, safe: []string{"before", "after"},
		},
		{
			name: "a struct inside another: where the paths meet",
			src: `#include <pthread.h>
#include <string.h>
struct T { int f; int h; };
struct U { struct T a; int g; };
struct V { int k; struct T b; };
struct U *u; struct T *t; struct V *v; struct U gu;
void *w1(void *p) { u->a.f = 1; u->a.h = 2; u->g = 3; v->k = 4; gu.a.f = 6; gu.g = 7; return 0; }
void *w2(void *p) { t->f = 5; memset(t, 0, sizeof *t); return 0; }
int main(void) { t = &gu.a; pthread_t x, y; pthread_create(&x, 0, w1, 0); pthread_create(&y, 0, w2, 0); return 0; }`,
			racy: []string{"(struct U).a.f", "(struct U).a.h", "gu.a.f"}, safe: []string{"(struct U).g", "(struct V).k", "gu.g"},
		},
		{
			name: "atomics and thread-local data",
			src: `#include <pthread.h>
_Atomic int a; __thread int tl; int plain;
void *w(void *p) { a++; tl++; __atomic_fetch_add(&plain, 1, __ATOMIC_SEQ_CST); return 0; }
int main(void) { pthread_t t[2]; for (int i = 0; i < 2; i++) pthread_create(&t[i], 0, w, 0); a = 1; tl = 2; return 0; }`,
			safe: []string{"a", "tl", "plain"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := cfront.New().Parse("t.c", []byte(tc.src), cfront.Options{Model: cfront.LP64})
			if err != nil {
				t.Fatal(err)
			}
			r := candidates.Analyze(p)
			var mems []string
			for _, c := range r.Candidates {
				mems = append(mems, c.Memory)
			}
			for _, m := range tc.racy {
				if !slices.Contains(mems, m) {
					t.Errorf("%s: not a candidate; candidates: %s", m, strings.Join(mems, ", "))
				}
			}
			for _, m := range tc.safe {
				for _, c := range r.Candidates {
					if c.Memory == m {
						t.Errorf("%s: a candidate: %s", m, c)
					}
				}
			}
		})
	}
}

// TestFacts: the user's facts exclude what they cover and count it; a
// malformed fact or one naming nothing of the program is an error at its
// line.
func TestFacts(t *testing.T) {
	src := `#include <pthread.h>
int a, b, c, d; pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static void touch_c(void) { c++; }
void *single(void *p) { a++; return 0; }
void *reader(void *p) { b++; touch_c(); return 0; }
void *writer(void *p) { b--; return 0; }
static void bump_d(void) { d++; } /* ladr: holds bump_d m */
void *locked(void *p) { pthread_mutex_lock(&m); bump_d(); pthread_mutex_unlock(&m); return 0; }
int main(void) {
  pthread_t t[8];
  for (int i = 0; i < 2; i++) { pthread_create(&t[i], 0, single, 0); pthread_create(&t[2+i], 0, locked, 0); }
  pthread_create(&t[4], 0, reader, 0); pthread_create(&t[5], 0, writer, 0);
  bump_d(); /* main takes no lock: the fact is wrong here, and the analysis believes it */
  return 0;
}`
	p, err := cfront.New().Parse("t.c", []byte(src), cfront.Options{Model: cfront.LP64})
	if err != nil {
		t.Fatal(err)
	}
	mems := func(r *candidates.Result) []string {
		var out []string
		for _, c := range r.Candidates {
			out = append(out, c.Memory)
		}
		return out
	}
	without := candidates.Analyze(p)
	for _, m := range []string{"a", "b", "d"} {
		if !slices.Contains(mems(without), m) {
			t.Fatalf("without facts, %s is not a candidate: %v", m, mems(without))
		}
	}
	facts, err := candidates.ParseFacts("f.facts", []byte("# facts\nsingleton single\nexclusive reader writer  # never at once\n"))
	if err != nil {
		t.Fatal(err)
	}
	inSource, err := candidates.SourceFacts("t.c", []byte(src))
	if err != nil || len(inSource) != 1 || inSource[0].At != "t.c:7:44" {
		t.Fatalf("source facts = %+v, %v; want holds bump_d m at t.c:7:44", inSource, err)
	}
	r, err := candidates.AnalyzeWith(p, append(facts, inSource...))
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"a", "b", "d"} {
		if slices.Contains(mems(r), m) {
			t.Errorf("with the facts, %s is still a candidate", m)
		}
	}
	for _, f := range r.Facts {
		if f.Excluded == 0 {
			t.Errorf("fact %s excluded nothing", f)
		}
	}
	for _, tc := range []struct{ text, err string }{
		{"singleton", "f:1:1: singleton takes one"},
		{"\n  sometimes a b", "f:2:3: unknown fact \"sometimes\""},
		{"holds f", "f:1:1: holds takes a function and a global lock"},
	} {
		if _, err := candidates.ParseFacts("f", []byte(tc.text)); err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("ParseFacts(%q) = %v, want %q", tc.text, err, tc.err)
		}
	}
	for _, tc := range []struct{ text, err string }{
		{"singleton nosuch", "f:1:1: fact \"singleton nosuch\": the program defines no function nosuch"},
		{"holds bump_d nolock", "the program has no global lock nolock"},
	} {
		fs, err := candidates.ParseFacts("f", []byte(tc.text))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := candidates.AnalyzeWith(p, fs); err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("AnalyzeWith(%q) = %v, want %q", tc.text, err, tc.err)
		}
	}
}

// TestProofDeclines: programs without a candidate that the proof must not
// cover, each for what it does not follow.
func TestProofDeclines(t *testing.T) {
	for _, tc := range []struct{ name, src, why string }{
		{"a library function through a pointer", `#include <pthread.h>
#include <stdlib.h>
#include <string.h>
char *buf;
void *w(void *a) { void *(*op)(void *, int, size_t) = memset; op(buf, 0, 4); return 0; }
int main(void) { buf = malloc(4); pthread_t t; pthread_create(&t, 0, w, 0); buf[0] = 1; pthread_join(t, 0); return 0; }`, "library function memset"},
		{"an unlock of a lock not held", `#include <pthread.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *w(void *a) { pthread_mutex_unlock(&m); return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); pthread_join(t, 0); return 0; }`, "an unlock of a lock the thread may not hold"},
		{"a routine defined nowhere", `#include <pthread.h>
void *w(void *a);
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); pthread_join(t, 0); return 0; }`, "defined nowhere"},
		{"a signal handler", `#include <pthread.h>
#include <signal.h>
static void h(int s) { (void)s; }
void *w(void *a) { return a; }
int main(void) { signal(SIGINT, h); pthread_t t; pthread_create(&t, 0, w, 0); pthread_join(t, 0); return 0; }`, "signal"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := analyzeSource(t, "t.c", []byte(tc.src))
			if r.Proved || !strings.Contains(r.Declined, tc.why) {
				t.Errorf("proved %t, declined %q; want declined for %q (candidates %d)", r.Proved, r.Declined, tc.why, r.Total)
			}
		})
	}
}

// TestCorpusProof runs the whole-program proof on the race corpus of the
// races package (translate/analysis/races/testdata): no racy program may
// be proved race-free; the race-free programs it proves are logged.
func TestCorpusProof(t *testing.T) {
	for _, dir := range []string{"racy", "racefree"} {
		files, err := filepath.Glob(filepath.Join("..", "races", "testdata", dir, "*.c"))
		if err != nil || len(files) == 0 {
			t.Fatalf("no corpus in %s: %v", dir, err)
		}
		proved := 0
		for _, f := range files {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			r := analyzeSource(t, f, src)
			if r.Proved {
				proved++
				if dir == "racy" {
					t.Errorf("%s: racy program proved race-free", f)
				}
			}
		}
		t.Logf("%s: %d of %d proved", dir, proved, len(files))
	}
}

// TestProofProves: race-free programs the whole-program proof covers.
func TestProofProves(t *testing.T) {
	for _, tc := range []struct{ name, src string }{
		{"a struct inside another, written apart from the rest", `#include <pthread.h>
#include <stdlib.h>
#include <string.h>
struct Leaf { int x; int y; };
struct Mid { int m; struct Leaf b; };
struct Outer { int a; struct Mid in; int z; };
struct Mid *inner;
void *worker(void *arg) { memset(inner, 0, sizeof *inner); inner->b.y = 1; return 0; }
int main(void) {
  struct Outer *outer = malloc(sizeof *outer);
  if (!outer) return 1;
  inner = &outer->in;
  pthread_t t; pthread_create(&t, 0, worker, 0);
  outer->a = 3; outer->z = 4;
  pthread_join(t, 0);
  return 0;
}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := analyzeSource(t, "t.c", []byte(tc.src))
			if !r.Proved {
				t.Errorf("not proved: declined %q, %d candidate(s)", r.Declined, r.Total)
			}
		})
	}
}

// analyzeSource parses src (LP64) and runs the analysis with no facts,
// the proof included.
func analyzeSource(t *testing.T, name string, src []byte) *candidates.Result {
	t.Helper()
	p, err := cfront.New().Parse(name, src, cfront.Options{Model: cfront.LP64})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	r, err := candidates.AnalyzeWith(p, nil)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return r
}

// TestRankSameMember checks that a pair naming one member of one type on
// both sides ranks above a pair one side of which reaches the memory
// through a cast.
func TestRankSameMember(t *testing.T) {
	src := []byte(`#include <pthread.h>
#include <stdlib.h>
struct dev { unsigned long status; void *rst; };
pthread_t th;
static void *irq(void *a) { struct dev *d = a; void *r = d->rst; if (*((unsigned long *)d + 1) != 0) return r; return 0; }
int main(void) {
	struct dev *p = malloc(sizeof *p);
	pthread_create(&th, 0, irq, p);
	p->rst = 0;
	return 0;
}
`)
	r := analyzeSource(t, "rank.c", src)
	rank := map[string]int{}
	for _, c := range r.Candidates {
		rank[c.Memory] = c.Rank
	}
	same, ok1 := rank["(struct dev).rst"]
	cast, ok2 := rank["th"]
	if !ok1 || !ok2 {
		t.Fatalf("want candidates on (struct dev).rst and on th through the cast: %+v", r.Candidates)
	}
	if same <= cast {
		t.Errorf("rank of the same member %d, of the cast %d: want the member first", same, cast)
	}
}
