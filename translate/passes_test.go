package translate_test

import (
	"os/exec"
	"strings"
	"sync"
	"testing"

	"github.com/ladr-dev/ladr/translate"
	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/cfront"
	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/seq"
)

var fe = cfront.New()

var (
	gccOnce sync.Once
	gccPath string
)

func gccSyntax(t *testing.T, text string, m32 bool) {
	t.Helper()
	gccOnce.Do(func() { gccPath, _ = exec.LookPath("gcc") })
	if gccPath == "" {
		t.Skip("gcc not installed")
	}
	args := []string{"-fsyntax-only", "-w", "-xc", "-"}
	if m32 {
		args = append([]string{"-m32"}, args...)
	}
	cmd := exec.Command(gccPath, args...)
	cmd.Stdin = strings.NewReader(text)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("gcc %v rejects the program: %v\n%s", args, err, out)
	}
}

func TestPassTable(t *testing.T) {
	names := translate.PassNames()
	want := []string{"statics", "fork", "cancel", "pthread", "hoist", "signals", "atexit", "inert", "inline", "fill", "unwind", "alloc", "threads", "dce", "api", "sharing", "split", "visible", "calloc", "shadow", "seq", "heap", "harness"}
	pos := map[string]int{}
	for i, n := range names {
		pos[n] = i
	}
	last := -1
	for _, n := range want {
		i, ok := pos[n]
		if !ok {
			t.Errorf("no pass %s in %v", n, names)
			continue
		}
		if i < last {
			t.Errorf("pass %s runs out of order in %v", n, names)
		}
		last = i
	}
	for _, p := range translate.Passes {
		if p.Doc == "" || p.Run == nil {
			t.Errorf("pass %s has no doc or no Run", p.Name)
		}
		for _, need := range p.Needs {
			if i, ok := pos[need.Pass]; !ok || i >= pos[p.Name] {
				t.Errorf("pass %s needs %s, which does not run before it", p.Name, need.Pass)
			}
			if need.Why == "" {
				t.Errorf("pass %s needs %s without a reason", p.Name, need.Pass)
			}
		}
	}
	p, err := fe.Parse("t.c", []byte("int main(void) { return 0; }"), cfront.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := translate.Run(p, translate.Config{}, nil, translate.RunOptions{StopAfter: "nosuchpass"}); err == nil || !strings.Contains(err.Error(), "nosuchpass") {
		t.Errorf("an unknown StopAfter: %v", err)
	}
}

// stopAfterSource is a small racy program with one thread.
const stopAfterSource = `
#include <pthread.h>
int g;
void *w(void *a) { g++; return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); g++; return 0; }`

func TestStopAfter(t *testing.T) {
	for _, tc := range []struct {
		stop     string
		property seq.Property
		check    func(u *translate.Unit) string
	}{
		{"inline", seq.Assert, func(u *translate.Unit) string {
			if len(u.Entries) != 2 || u.Prog.Threads != nil {
				return "entries or threads wrong"
			}
			return ""
		}},
		{"threads", seq.Assert, func(u *translate.Unit) string {
			if len(u.Prog.Threads) != 2 || u.Sharing != nil {
				return "threads wrong or sharing ran"
			}
			return ""
		}},
		{"sharing", seq.Assert, func(u *translate.Unit) string {
			if u.Sharing == nil || u.Layout != nil {
				return "sharing missing or visible ran"
			}
			return ""
		}},
		// split is skipped for races: stopping after it stops there.
		{"split", seq.Race, func(u *translate.Unit) string {
			if u.Sharing == nil || u.Layout != nil {
				return "stopping after a skipped pass ran later passes"
			}
			return ""
		}},
		// shadow is skipped for assertions.
		{"shadow", seq.Assert, func(u *translate.Unit) string {
			if u.Layout == nil || u.Driver != nil {
				return "layout missing or seq ran"
			}
			return ""
		}},
		{"seq", seq.Assert, func(u *translate.Unit) string {
			if u.Driver == nil {
				return "no driver"
			}
			return ""
		}},
	} {
		t.Run(tc.stop, func(t *testing.T) {
			p, err := fe.Parse("t.c", []byte(stopAfterSource), cfront.Options{})
			if err != nil {
				t.Fatal(err)
			}
			u, err := translate.Run(p, translate.Config{Limits: bound.Limits{Unwind: 1}, Rounds: 1, Property: tc.property}, nil, translate.RunOptions{StopAfter: tc.stop})
			if err != nil {
				t.Fatal(err)
			}
			if msg := tc.check(u); msg != "" {
				t.Error(msg)
			}
			if n := len(u.Timings); n == 0 || u.Timings[n-1].Pass != tc.stop && tc.stop != "split" && tc.stop != "shadow" {
				t.Errorf("timings %v", u.Timings)
			}
		})
	}
}

// passPrograms are small threaded programs every pass must handle (their
// output compiles, their IR verifies after each pass).
var passPrograms = map[string]string{
	"mutex": `
#include <pthread.h>
#include <assert.h>
pthread_mutex_t m;
int g;
int add(int *p, int v) { pthread_mutex_lock(&m); *p += v; pthread_mutex_unlock(&m); return *p; }
void *w(void *arg) { static int calls; calls++; for (int i = 0; i < 3; i++) add(&g, *(int *)arg); return 0; }
int main(void) {
	pthread_t t[2]; int a[2] = { 1, 2 };
	pthread_mutex_init(&m, 0);
	for (int i = 0; i < 2; i++) pthread_create(&t[i], 0, w, &a[i]);
	for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
	assert(g > 0 && g <= 9);
	return 0;
}`,
	"function pointers and switch": `
#include <pthread.h>
int g;
int inc(int x) { return x + 1; }
int dec(int x) { return x - 1; }
void *w(void *arg) {
	int (*op)(int) = arg ? inc : dec;
	switch (g) { case 0: g = op(g); break; default: g = (g > 2 && op(g)) ? 1 : 2; }
	return 0;
}
int main(void) { pthread_t t; pthread_create(&t, 0, w, &g); while (g < 3) g = inc(g); return 0; }`,
	"atomics": `
#include <pthread.h>
int cnt, flag;
void __VERIFIER_atomic_acquire(void) { __VERIFIER_assume(flag == 0); flag = 1; }
void *w(void *a) { __VERIFIER_atomic_acquire(); __sync_fetch_and_add(&cnt, 1); flag = 0; return 0; }
int main(void) { pthread_t t1, t2; pthread_create(&t1, 0, w, 0); pthread_create(&t2, 0, w, 0); return 0; }`,
}

// TestEveryPassOutputCompiles prints the program after each pass and
// checks that gcc accepts it, in both data models.
func TestEveryPassOutputCompiles(t *testing.T) {
	for name, src := range passPrograms {
		for _, stop := range translate.PassNames() {
			if stop == "shadow" {
				continue // needs the race instrumentation
			}
			for _, m := range []cfront.Model{cfront.LP64, cfront.ILP32} {
				t.Run(name+"/"+stop+"/"+m.String(), func(t *testing.T) {
					t.Parallel()
					p, err := fe.Parse("t.c", []byte(src), cfront.Options{Model: m})
					if err != nil {
						t.Fatal(err)
					}
					u, err := translate.Run(p, translate.Config{Model: m, Limits: bound.Limits{Unwind: 2}, Rounds: 2}, nil, translate.RunOptions{StopAfter: stop})
					if err != nil {
						t.Fatal(err)
					}
					gccSyntax(t, ir.String(u.Prog), m == cfront.ILP32)
				})
			}
		}
	}
}
