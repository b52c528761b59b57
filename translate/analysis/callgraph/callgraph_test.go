package callgraph_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/ladr-dev/ladr/translate/analysis/callgraph"
	"github.com/ladr-dev/ladr/translate/cfront"
)

// TestBuild: the targets of calls (direct, through pointers by type, with
// the sound graph's fallback), the start routines of pthread_create sites
// (through a wrapper's parameter), the escaped callbacks and the
// unresolved calls of small programs.
func TestBuild(t *testing.T) {
	src := `#include <pthread.h>
typedef int (*op)(int);
typedef void (*cb)(int);
int inc(int x) { return x + 1; }
int dec(int x) { return x - 1; }
long wide(long x) { return x; }
void on_event(int fd) { (void)fd; }
void event_set(cb f);
void *worker(void *a) { return a; }
void *other(void *a) { return a; }
static void spawn(void *(*fn)(void *)) { pthread_t t; pthread_create(&t, 0, fn, 0); }
int apply(op f, int v) { return f(v); }
int apply_cast(long (*g)(long), long v) { return (int)g(v); }
int main(void) {
  op table[2] = {inc, dec};
  void *(*unused)(void *) = other; (void)unused;
  long (*w)(long) = wide; (void)w;
  event_set(on_event);
  spawn(worker);
  return apply(table[0], 1) + apply_cast(wide, 2);
}`
	p, err := cfront.New().Parse("t.c", []byte(src), cfront.Options{Model: cfront.LP64})
	if err != nil {
		t.Fatal(err)
	}
	targets := func(g *callgraph.Graph, caller string) []string {
		var out []string
		for _, s := range g.Sites[p.Func(caller)] {
			if s.Callee == nil {
				out = append(out, callgraph.SortedNames(s.Targets)...)
			}
		}
		return out
	}
	for _, tc := range []struct {
		name    string
		build   func() *callgraph.Graph
		apply   string // targets of apply's call through a pointer
		applyC  string // of apply_cast's
		creates string
	}{
		{"typed", func() *callgraph.Graph { return callgraph.Build(p) }, "dec inc", "wide", "worker"},
		{"sound", func() *callgraph.Graph { return callgraph.BuildSound(p) }, "dec inc wide", "dec inc wide", "worker"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := tc.build()
			if got := strings.Join(targets(g, "apply"), " "); got != tc.apply {
				t.Errorf("apply's pointer call reaches %q, want %q", got, tc.apply)
			}
			if got := strings.Join(targets(g, "apply_cast"), " "); got != tc.applyC {
				t.Errorf("apply_cast's pointer call reaches %q, want %q", got, tc.applyC)
			}
			if len(g.Creates) != 1 || strings.Join(callgraph.SortedNames(g.Creates[0].Routines), " ") != tc.creates {
				t.Errorf("creates = %+v, want one starting %s", g.Creates, tc.creates)
			}
			if got := callgraph.SortedNames(g.Escaped); !slices.Equal(got, []string{"on_event"}) {
				t.Errorf("escaped = %v, want [on_event]", got)
			}
			if len(g.Unresolved) != 0 {
				t.Errorf("unresolved calls: %d", len(g.Unresolved))
			}
			reach := callgraph.SortedNames(g.Reach(p.Func("main")))
			for _, want := range []string{"apply", "inc", "spawn"} {
				if !slices.Contains(reach, want) {
					t.Errorf("%s not reachable from main: %v", want, reach)
				}
			}
			if slices.Contains(reach, "worker") {
				t.Errorf("worker reachable from main by calls: %v", reach)
			}
		})
	}
}

// TestConverted: a function whose address is converted to another type
// (another function type, void *, an integer) is a target of every call
// through a pointer in the sound graph, whether it fits the call or not;
// the typed graph keeps to the pointer's type, and a function only
// converted to its own type stays out where it does not fit.
func TestConverted(t *testing.T) {
	src := `#include <stdint.h>
void other(int a) { (void)a; }
void work(void) { }
void *cookie(void *p) { return p; }
long number(long a, long b) { return a + b; }
void own(char *c) { (void)c; }
void (*table[2])(int) = { other, (void (*)(int))work };
void *held = (void *)cookie;
uintptr_t bits = (uintptr_t)number;
void (*mine)(char *) = (void (*)(char *))own;
void call(void (*f)(int)) { f(1); }
int main(void) { call(table[1]); mine("a"); return 0; }`
	p, err := cfront.New().Parse("t.c", []byte(src), cfront.Options{Model: cfront.LP64})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		build func() *callgraph.Graph
		call  string // targets of call's call through a pointer
	}{
		{"typed", func() *callgraph.Graph { return callgraph.Build(p) }, "other"},
		{"sound", func() *callgraph.Graph { return callgraph.BuildSound(p) }, "cookie number other work"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := tc.build()
			var got []string
			for _, s := range g.Sites[p.Func("call")] {
				if s.Callee == nil {
					got = append(got, callgraph.SortedNames(s.Targets)...)
				}
			}
			if s := strings.Join(got, " "); s != tc.call {
				t.Errorf("call's pointer call reaches %q, want %q", s, tc.call)
			}
		})
	}
}
