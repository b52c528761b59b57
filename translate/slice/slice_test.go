package slice_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/ladr-dev/ladr/translate/cfront"
	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/model"
	"github.com/ladr-dev/ladr/translate/slice"
)

const prog = `#include <pthread.h>
#include <stdio.h>
int hits, mode, unrelated, other;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int log_open(const char *path);
void note(const char *fmt, ...);
void release_hook(void *obj);
void (*hook)(void *) = release_hook;
static void lock(void) { pthread_mutex_lock(&m); }
static void unlock(void) { pthread_mutex_unlock(&m); }
static int configure(void) { mode = 3; unrelated = 4; other++; return log_open("c"); }
static int count(void) { lock(); hits++; unlock(); return hits; }
static void *worker(void *a) { if (mode) count(); note("%d", hits); return 0; }
static void *reporter(void *a) { printf("%d\n", other); return 0; }
static void start(pthread_t *t) { pthread_create(t, 0, worker, 0); }
static void report(void) { note("%d\n", unrelated); }
struct cfg { int level; };
static struct cfg *make_cfg(void) { static struct cfg c; c.level = log_open("y"); return &c; }
int main(void) {
	pthread_t a, b, c;
	if (!make_cfg())
		return 1;
	configure();
	mode = log_open("x");
	start(&a);
	start(&b);
	pthread_create(&c, 0, reporter, 0);
	report();
	return 0;
}
`

// TestBuild checks what a slice keeps, what it stubs and how.
func TestBuild(t *testing.T) {
	spec := slice.Spec{First: slice.Side{Routine: "worker", Func: "count"}, Second: slice.Side{Routine: "worker", Func: "count"}}
	// The mode changes the stubs' bodies, not which functions they are.
	kept := []string{"count", "lock", "main", "start", "unlock", "worker"}
	stubbed := []string{"configure", "make_cfg", "report", "reporter"}
	// release_hook is called nowhere directly, but a call through a
	// pointer may reach it.
	library := []string{"log_open", "note", "release_hook"}
	for _, tc := range []struct {
		name string
		mode slice.Mode
		// stubs lists a stubbed function and text its printed stub must
		// (or, with a leading !, must not) hold.
		stubs map[string][]string
	}{
		{
			name: "abstract",
			mode: slice.Abstract,
			stubs: map[string][]string{
				// configure assigns mode (the worker reads it), not
				// unrelated (no kept code reads it).
				"configure":    {slice.MarkerOf("configure") + "()", "mode = ", "!unrelated", "return (int)__VERIFIER_nondet_long()"},
				"reporter":     {slice.MarkerOf("reporter") + "()", "return (void *)0"},
				"log_open":     {"return (int)__VERIFIER_nondet_long()"},
				"release_hook": {slice.MarkerOf("release_hook") + "()"},
				// A constructor's stub returns null or a fresh object: a
				// null alone would end main at once.
				"make_cfg": {"calloc(1UL, sizeof(struct cfg))", "(struct cfg *)0", "__VERIFIER_nondet_int()"},
			},
		},
		{
			name: "exact",
			mode: slice.Exact,
			stubs: map[string][]string{
				"configure":    {"__VERIFIER_assume(0)", "!" + slice.Marker, "!mode = "},
				"note":         {"__VERIFIER_assume(0)"},
				"release_hook": {"__VERIFIER_assume(0)"},
				"make_cfg":     {"__VERIFIER_assume(0)", "!malloc"},
			},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if m, ok := slice.ParseMode(tc.mode.String()); !ok || m != tc.mode || tc.mode.String() != tc.name {
				t.Errorf("mode %v: String %q, ParseMode %v %v", tc.mode, tc.mode.String(), m, ok)
			}
			p, err := cfront.New().Parse("t.c", []byte(prog), cfront.Options{Model: cfront.LP64})
			if err != nil {
				t.Fatal(err)
			}
			info, err := slice.Build(p, spec, tc.mode)
			if err != nil {
				t.Fatal(err)
			}
			sorted := func(s []string) []string { s = slices.Clone(s); slices.Sort(s); return s }
			if got := sorted(info.Kept); !slices.Equal(got, kept) {
				t.Errorf("kept %v, want %v", got, kept)
			}
			if got := sorted(info.Stubbed); !slices.Equal(got, stubbed) {
				t.Errorf("stubbed %v, want %v", got, stubbed)
			}
			if got := sorted(info.Library); !slices.Equal(got, library) {
				t.Errorf("library %v, want %v", got, library)
			}
			for name, wants := range tc.stubs {
				f := p.Func(name)
				if f == nil || f.Body == nil {
					t.Fatalf("%s has no body", name)
				}
				text := ir.String(&ir.Program{Funcs: []*ir.Function{f}})
				for _, w := range wants {
					if neg, ok := strings.CutPrefix(w, "!"); ok {
						if strings.Contains(text, neg) {
							t.Errorf("stub of %s holds %q:\n%s", name, neg, text)
						}
					} else if !strings.Contains(text, w) {
						t.Errorf("stub of %s lacks %q:\n%s", name, w, text)
					}
				}
			}
			// The variadic stub is a function of its fixed parameters.
			if f := p.Func("note"); f.Type.Variadic {
				t.Errorf("note is still variadic")
			}
		})
	}
}

// TestBuildErrors checks the specs that have no slice.
func TestBuildErrors(t *testing.T) {
	for _, tc := range []struct {
		spec slice.Spec
		want string
	}{
		{slice.Spec{First: slice.Side{Routine: "nosuch", Func: "count"}, Second: slice.Side{Routine: "worker", Func: "count"}}, "no function nosuch"},
		{slice.Spec{First: slice.Side{Routine: "reporter", Func: "count"}, Second: slice.Side{Routine: "worker", Func: "count"}}, "reporter does not reach count"},
		{slice.Spec{First: slice.Side{Routine: "count", Func: "count"}, Second: slice.Side{Routine: "worker", Func: "count"}}, "main does not create a thread running count"},
	} {
		p, err := cfront.New().Parse("t.c", []byte(prog), cfront.Options{Model: cfront.LP64})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := slice.Build(p, tc.spec, slice.Abstract); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: error %v, want %q", tc.spec, err, tc.want)
		}
	}
}

const chains = `#include <pthread.h>
int hits, ready;
void trace(const char *what);
static int twice(int x) { return 2 * x; }
static int *slot(void) { return &ready; }
static void bump(void) { hits++; }
static void step(void) { ready = 1; trace("step"); bump(); }
static void again(void) { trace("again"); step(); }
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static void lock(void) { pthread_mutex_lock(&m); }
static void unlock(void) { pthread_mutex_unlock(&m); }
static void say(void) { pthread_mutex_lock(&m); trace("say"); pthread_mutex_unlock(&m); }
static void *worker(void *a) { again(); step(); lock(); bump(); unlock(); say(); ready = twice(3); *slot() = 2; bump(); return 0; }
static void spawn(pthread_t *t) { pthread_create(t, 0, worker, 0); }
static void setup(pthread_t *t) { trace("setup"); spawn(t); }
static void *boss(void *a) { pthread_t t; setup(&t); return 0; }
int main(void) {
	pthread_t a, b;
	setup(&a);
	pthread_create(&b, 0, boss, 0);
	spawn(&a);
	bump();
	return 0;
}
`

// TestNarrow checks the functions a narrow slice keeps (one shortest
// chain to the access and to the creation) against those of the wide
// slice (every path), the small helpers exact stubs keep, and the wide
// slice's functions a narrow slice lists.
func TestNarrow(t *testing.T) {
	for _, tc := range []struct {
		name string
		spec slice.Spec
		mode slice.Mode
		kept []string
		// offChain are the calls of chain functions redirected to
		// their stubs.
		offChain int
	}{
		{
			name: "wide",
			mode: slice.Exact,
			spec: slice.Spec{First: slice.Side{Routine: "worker", Func: "bump"}, Second: slice.Side{Routine: "main", Func: "bump"}},
			// Every path from worker to bump, from main to bump, and
			// from main to spawn (also through boss's thread).
			// The lock wrappers worker calls are kept; say, whose lock
			// calls balance, is not; twice, a small helper, is.
			kept: []string{"again", "boss", "bump", "lock", "main", "setup", "slot", "spawn", "step", "twice", "unlock", "worker"},
		},
		{
			name: "narrow",
			mode: slice.Exact,
			spec: slice.Spec{First: slice.Side{Routine: "worker", Func: "bump"}, Second: slice.Side{Routine: "main", Func: "bump"}, Narrow: true},
			// worker calls bump itself; main calls spawn, which
			// creates worker, itself.
			kept: []string{"bump", "lock", "main", "slot", "spawn", "twice", "unlock", "worker"},
			// worker's second call of bump.
			offChain: 1,
		},
		{
			name: "narrow, abstract",
			mode: slice.Abstract,
			spec: slice.Spec{First: slice.Side{Routine: "worker", Func: "bump"}, Second: slice.Side{Routine: "main", Func: "bump"}, Narrow: true},
			// Abstract stubs stand for the small helpers too, but
			// for slot, which returns a pointer (a stub's is null or
			// a fresh object, never the program's).
			kept:     []string{"bump", "lock", "main", "slot", "spawn", "unlock", "worker"},
			offChain: 1,
		},
		{
			name: "narrow, abstract, refined",
			mode: slice.Abstract,
			spec: slice.Spec{First: slice.Side{Routine: "worker", Func: "bump"}, Second: slice.Side{Routine: "main", Func: "bump"}, Narrow: true, Keep: []string{"twice", "bump", "nosuch"}},
			// The functions of Keep are kept (a name the program
			// does not define is ignored), and every call of bump,
			// on the chains or not, calls bump.
			kept: []string{"bump", "lock", "main", "slot", "spawn", "twice", "unlock", "worker"},
		},
		{
			name: "narrow through a thread",
			mode: slice.Exact,
			spec: slice.Spec{First: slice.Side{Routine: "boss", Func: "setup"}, Second: slice.Side{Routine: "worker", Func: "step"}, Narrow: true},
			// bump, which step calls, is a small helper.
			kept: []string{"boss", "bump", "lock", "main", "setup", "slot", "spawn", "step", "twice", "unlock", "worker"},
			// setup's call of spawn (the chain to worker's creation
			// is main's own call of spawn) and main's of setup (the
			// chain's is boss's).
			offChain: 2,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := cfront.New().Parse("t.c", []byte(chains), cfront.Options{Model: cfront.LP64})
			if err != nil {
				t.Fatal(err)
			}
			sorted := func(s []string) []string { s = slices.Clone(s); slices.Sort(s); return s }
			info, err := slice.Build(p, tc.spec, tc.mode)
			if err != nil {
				t.Fatal(err)
			}
			if got := sorted(info.Kept); !slices.Equal(got, tc.kept) {
				t.Errorf("kept %v, want %v", got, tc.kept)
			}
			// A narrow slice lists what the wide one of the same mode
			// keeps, as Build of the wide slice does.
			var wide []string
			if tc.spec.Narrow {
				q, err := cfront.New().Parse("t.c", []byte(chains), cfront.Options{Model: cfront.LP64})
				if err != nil {
					t.Fatal(err)
				}
				ws := tc.spec
				ws.Narrow = false
				wi, err := slice.Build(q, ws, tc.mode)
				if err != nil {
					t.Fatal(err)
				}
				wide = wi.Kept
			}
			if !slices.Equal(info.Wide, wide) {
				t.Errorf("Wide %v, want %v", info.Wide, wide)
			}
			if info.OffChain != tc.offChain {
				t.Errorf("%d calls off the chains, want %d", info.OffChain, tc.offChain)
			}
			stubs := 0
			for _, f := range p.Funcs {
				if strings.HasSuffix(f.Name, slice.OffChainSuffix) {
					stubs++
					text := ir.String(&ir.Program{Funcs: []*ir.Function{f}})
					if want := map[slice.Mode]string{slice.Abstract: slice.Marker, slice.Exact: "__VERIFIER_assume(0)"}[tc.mode]; !strings.Contains(text, want) {
						t.Errorf("stub %s lacks %s:\n%s", f.Name, want, text)
					}
				}
			}
			if (stubs > 0) != (tc.offChain > 0) {
				t.Errorf("%d off-chain stubs for %d calls", stubs, tc.offChain)
			}
		})
	}
}

const loggers = `#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
int n;
void onward(const char *fmt, ...) { va_list ap; va_start(ap, fmt); n++; vprintf(fmt, ap); va_end(ap); }
int sum(int k, ...) { va_list ap; va_start(ap, k); int s = va_arg(ap, int); va_end(ap); n++; return s; }
int quiet(const char *fmt, ...) { n++; return 0; }
static void *worker(void *a) { onward("%d", 1); sum(1, 2); quiet("%d", n++); return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, worker, 0); return 0; }
`

// TestVariadic checks which variadic functions a slice keeps: one that
// passes its variable arguments on to the library (without its va_start
// and va_end), one that never touches them, not one that reads them.
func TestVariadic(t *testing.T) {
	for _, tc := range []struct {
		fn   string
		kept bool
	}{
		{"onward", true},
		{"sum", false},
		{"quiet", true},
	} {
		p, err := cfront.New().Parse("t.c", []byte(loggers), cfront.Options{Model: cfront.LP64})
		if err != nil {
			t.Fatal(err)
		}
		spec := slice.Spec{First: slice.Side{Routine: "worker", Func: tc.fn}, Second: slice.Side{Routine: "main", Func: "main"}}
		info, err := slice.Build(p, spec, slice.Exact)
		if err != nil {
			t.Fatal(err)
		}
		if got := slices.Contains(info.Kept, tc.fn); got != tc.kept {
			t.Errorf("%s kept %v, want %v (kept %v)", tc.fn, got, tc.kept, info.Kept)
		}
		if slices.Contains(info.Library, "__builtin_va_start") {
			t.Errorf("va_start listed as a library stub: %v", info.Library)
		}
		text := ir.String(&ir.Program{Funcs: []*ir.Function{p.Func(tc.fn)}})
		if tc.kept && strings.Contains(text, "__builtin_va_") {
			t.Errorf("kept %s still calls a va builtin:\n%s", tc.fn, text)
		}
	}
}

const writers = `#include <pthread.h>
struct dev { int status; int ready; };
static void isr(struct dev *d) { d->status = d->ready + 1; }
static void handle(struct dev *d) { isr(d); }
static int peek(struct dev *d) { return d->status; }
static void *irq(void *a) { struct dev *d = a; handle(d); if (d->status) d->ready = 0; return 0; }
int main(void) {
	static struct dev dv;
	pthread_t t;
	pthread_create(&t, 0, irq, &dv);
	dv.ready = peek(&dv);
	return 0;
}
`

// TestWriters checks that a slice with abstract stubs keeps the small
// helpers that write memory through a pointer (directly or in their own
// helpers), which a stub would leave unwritten, and stubs the others.
func TestWriters(t *testing.T) {
	p, err := cfront.New().Parse("t.c", []byte(writers), cfront.Options{Model: cfront.LP64})
	if err != nil {
		t.Fatal(err)
	}
	spec := slice.Spec{First: slice.Side{Routine: "irq", Func: "irq"}, Second: slice.Side{Routine: "main", Func: "main"}, Narrow: true}
	info, err := slice.Build(p, spec, slice.Abstract)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		fn   string
		kept bool
	}{
		{"handle", true}, // calls isr, which writes d->status
		{"isr", true},
		{"peek", false}, // reads only: its stub returns any value
	} {
		if got := slices.Contains(info.Kept, tc.fn); got != tc.kept {
			t.Errorf("%s kept %v, want %v (kept %v, stubbed %v)", tc.fn, got, tc.kept, info.Kept, info.Stubbed)
		}
	}
}

const checking = `#include <pthread.h>
void reach_error(void);
int x, y;
static void check(int v) { if (v != x) reach_error(); }
static void verify(void) { int v = x; check(v); }
static void other(void) { y = 2; }
static void set(void) { x = 1; }
static void *reader(void *a) { y = x; verify(); other(); return 0; }
static void *writer(void *a) { set(); return 0; }
int main(void) {
	pthread_t a, b;
	pthread_create(&a, 0, reader, 0);
	pthread_create(&b, 0, writer, 0);
	return 0;
}
`

// TestErrors checks that a slice for an assertion property keeps the
// callees on the paths to its violations (Spec.Errors), and
// ReachingErrors.
func TestErrors(t *testing.T) {
	spec := slice.Spec{First: slice.Side{Routine: "reader", Func: "reader"}, Second: slice.Side{Routine: "writer", Func: "set"}}
	for _, tc := range []struct {
		name   string
		errors []model.Op
		narrow bool
		kept   []string
	}{
		{"race", nil, false, []string{"main", "reader", "set", "writer"}},
		{"unreach-call", []model.Op{model.OpReachError}, false, []string{"check", "main", "reader", "set", "verify", "writer"}},
		{"unreach-call narrow", []model.Op{model.OpReachError}, true, []string{"check", "main", "reader", "set", "verify", "writer"}},
		{"assert-fail only", []model.Op{model.OpAssertFail}, false, []string{"main", "reader", "set", "writer"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := cfront.New().Parse("t.c", []byte(checking), cfront.Options{Model: cfront.LP64})
			if err != nil {
				t.Fatal(err)
			}
			s := spec
			s.Errors, s.Narrow = tc.errors, tc.narrow
			// Abstract stubs (exact slices keep small helpers anyway).
			info, err := slice.Build(p, s, slice.Abstract)
			if err != nil {
				t.Fatal(err)
			}
			got := slices.Clone(info.Kept)
			slices.Sort(got)
			if !slices.Equal(got, tc.kept) {
				t.Errorf("kept %v, want %v", got, tc.kept)
			}
		})
	}
	p, err := cfront.New().Parse("t.c", []byte(checking), cfront.Options{Model: cfront.LP64})
	if err != nil {
		t.Fatal(err)
	}
	reach := slice.ReachingErrors(p, []model.Op{model.OpReachError})
	var got []string
	for f := range reach {
		got = append(got, f)
	}
	slices.Sort(got)
	// Through calls, not thread creations: main reaches none.
	if want := []string{"check", "reader", "verify"}; !slices.Equal(got, want) {
		t.Errorf("ReachingErrors %v, want %v", got, want)
	}
}

// TestKeyKeep checks that the functions a refinement keeps are part of a
// slice's key, in any order, and that a marker names its stub.
func TestKeyKeep(t *testing.T) {
	base := slice.Spec{First: slice.Side{Routine: "w", Func: "f"}, Second: slice.Side{Routine: "w", Func: "f"}, Narrow: true}
	a, b, c := base, base, base
	a.Keep = []string{"x", "y"}
	b.Keep = []string{"y", "x", "x"}
	if a.Key() != b.Key() {
		t.Errorf("keys differ for the same kept functions: %q, %q", a.Key(), b.Key())
	}
	if a.Key() == c.Key() {
		t.Errorf("a refined slice has the key of the unrefined one: %q", a.Key())
	}
	for _, tc := range []struct {
		fn   string
		stub string
		ok   bool
	}{
		{slice.MarkerOf("step"), "step", true},
		{slice.MarkerOf("step" + slice.OffChainSuffix), "step" + slice.OffChainSuffix, true},
		{"__VERIFIER_nondet_int", "", false},
		{slice.Marker, "", false},
	} {
		if got, ok := slice.StubOf(tc.fn); got != tc.stub || ok != tc.ok {
			t.Errorf("StubOf(%q) = %q, %v; want %q, %v", tc.fn, got, ok, tc.stub, tc.ok)
		}
	}
}

const parser = `#include <pthread.h>
#include <string.h>
struct opts { int mode; char name[4]; struct { long n; int *p; void (*f)(void); } sub; double d; };
int hits;
int log_open(const char *path);
static void set_sub(long *n, int v) { for (int i = 0; i < v; i++) log_open("a"); *n = v; }
static void parse(struct opts *o, int argc, char **argv) {
	for (int i = 0; i < argc; i++) { log_open(argv[i]); log_open(argv[i]); log_open(argv[i]); }
	for (int i = 0; i < argc; i++) { log_open(argv[i]); log_open(argv[i]); log_open(argv[i]); }
	for (int i = 0; i < argc; i++) { log_open(argv[i]); log_open(argv[i]); log_open(argv[i]); }
	for (int i = 0; i < argc; i++) { log_open(argv[i]); log_open(argv[i]); log_open(argv[i]); }
	for (int i = 0; i < argc; i++) { log_open(argv[i]); log_open(argv[i]); log_open(argv[i]); }
	for (int i = 0; i < argc; i++) { log_open(argv[i]); log_open(argv[i]); log_open(argv[i]); }
	for (int i = 0; i < argc; i++) { log_open(argv[i]); log_open(argv[i]); log_open(argv[i]); }
	for (int i = 0; i < argc; i++) { log_open(argv[i]); log_open(argv[i]); log_open(argv[i]); }
	for (int i = 0; i < argc; i++) { log_open(argv[i]); log_open(argv[i]); log_open(argv[i]); }
	o->mode = argc;
	o->sub.p = &hits;
	o->sub.f = 0;
	memset(o->name, 0, 4);
	set_sub(&o->sub.n, argc);
}
static void reads(const struct opts *o, int *count) { for (int i = 0; i < o->mode; i++) log_open("b"); }
static void *worker(void *a) { hits++; return 0; }
int main(int argc, char **argv) {
	struct opts o = {0};
	int count = 0;
	pthread_t t;
	parse(&o, argc, argv);
	reads(&o, &count);
	if (o.mode == 2 && o.sub.n == 2)
		pthread_create(&t, 0, worker, 0);
	hits++;
	return 0;
}
`

// TestParamWrites: an abstract stub assigns the integer members its
// function writes through a pointer parameter (itself, through a
// library function or through a callee), a pointer member null or a
// fresh object, and nothing through a parameter it only reads; function
// pointers and doubles are left alone.
func TestParamWrites(t *testing.T) {
	p, err := cfront.New().Parse("t.c", []byte(parser), cfront.Options{Model: cfront.LP64})
	if err != nil {
		t.Fatal(err)
	}
	spec := slice.Spec{First: slice.Side{Routine: "worker", Func: "worker"}, Second: slice.Side{Routine: "main", Func: "main"}, Narrow: true}
	if _, err := slice.Build(p, spec, slice.Abstract); err != nil {
		t.Fatal(err)
	}
	text := func(name string) string {
		for _, f := range p.Funcs {
			if f.Name == name {
				return ir.String(&ir.Program{Funcs: []*ir.Function{f}})
			}
		}
		t.Fatalf("no function %s", name)
		return ""
	}
	parse := text("parse")
	for _, want := range []string{"(*o).mode = ", "(*o).name[0] = ", "(*o).name[3] = ", "(*o).sub.n = ", "o != "} {
		if !strings.Contains(parse, want) {
			t.Errorf("parse's stub lacks %q:\n%s", want, parse)
		}
	}
	if !strings.Contains(parse, "(*o).sub.p = ") || !strings.Contains(parse, "calloc(") {
		t.Errorf("parse's stub does not make o->sub.p null or a fresh object:\n%s", parse)
	}
	for _, bad := range []string{"(*o).sub.f =", "(*o).d ="} {
		if strings.Contains(parse, bad) {
			t.Errorf("parse's stub assigns %q:\n%s", bad, parse)
		}
	}
	if r := text("reads"); strings.Contains(r, "(*o).") || strings.Contains(r, "count != ") {
		t.Errorf("reads' stub writes through a parameter:\n%s", r)
	}
}

// TestParamWritesSettings: the stub of a parser that fills a large
// settings structure (masscan's masscan_command_line) assigns every
// scalar member it writes by name, however many (the last by name, op,
// too: before, 32 members in the order of their names left it zero, and
// no slice reached the program's scan), and at most MaxHavocElements
// members of array elements, the first element's first (nic[0].usable,
// which a member of each element before it in the structure had pushed
// out).
func TestParamWritesSettings(t *testing.T) {
	var b strings.Builder
	b.WriteString("#include <pthread.h>\n#include <string.h>\nstruct nic { unsigned char mac[6]; int a, b, c, d, e, f, g; int usable; };\nstruct cfg { ")
	for i := 0; i < 60; i++ {
		fmt.Fprintf(&b, "int m%02d; ", i)
	}
	b.WriteString("struct nic nic[8]; int op; };\nint hits;\nint log_open(const char *path);\n")
	b.WriteString("static void parse(struct cfg *c, int argc, char **argv) {\n\tmemset(c, 0, sizeof *c);\n")
	for i := 0; i < 12; i++ {
		b.WriteString("\tfor (int i = 0; i < argc; i++) { log_open(argv[i]); log_open(argv[i]); log_open(argv[i]); }\n")
	}
	for i := 0; i < 60; i++ {
		fmt.Fprintf(&b, "\tc->m%02d = argc;\n", i)
	}
	b.WriteString("\tc->nic[argc].usable = 1;\n\tc->op = argc;\n}\n")
	b.WriteString("static void *worker(void *a) { hits++; return 0; }\n")
	b.WriteString("int main(int argc, char **argv) {\n\tstruct cfg c;\n\tpthread_t t;\n\tparse(&c, argc, argv);\n\tif (c.op == 3)\n\t\tpthread_create(&t, 0, worker, 0);\n\thits++;\n\treturn 0;\n}\n")
	p, err := cfront.New().Parse("t.c", []byte(b.String()), cfront.Options{Model: cfront.LP64})
	if err != nil {
		t.Fatal(err)
	}
	spec := slice.Spec{First: slice.Side{Routine: "worker", Func: "worker"}, Second: slice.Side{Routine: "main", Func: "main"}, Narrow: true}
	if _, err := slice.Build(p, spec, slice.Abstract); err != nil {
		t.Fatal(err)
	}
	var parse string
	for _, f := range p.Funcs {
		if f.Name == "parse" {
			parse = ir.String(&ir.Program{Funcs: []*ir.Function{f}})
		}
	}
	for _, want := range []string{"(*c).op = ", "(*c).m00 = ", "(*c).m59 = ", "(*c).nic[0].usable = ", "(*c).nic[0].mac[0] = "} {
		if !strings.Contains(parse, want) {
			t.Errorf("parse's stub lacks %q:\n%s", want, parse)
		}
	}
	if n := strings.Count(parse, "(*c).nic["); n == 0 || n > slice.MaxHavocElements {
		t.Errorf("parse's stub assigns %d members of nic's elements, want 1 to %d:\n%s", n, slice.MaxHavocElements, parse)
	}
}
