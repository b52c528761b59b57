package seq_test

import (
	"errors"
	"fmt"
	"os/exec"
	"slices"
	"strconv"
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

func runCfg(t *testing.T, src, stop string, cfg translate.Config) (*translate.Unit, error) {
	t.Helper()
	if cfg.Model == 0 {
		cfg.Model = cfront.LP64
	}
	if cfg.Limits.Unwind == 0 {
		cfg.Limits.Unwind = 2
	}
	if cfg.Rounds == 0 {
		cfg.Rounds = 2
	}
	p, err := fe.Parse("test.c", []byte(src), cfront.Options{Model: cfg.Model})
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	return translate.Run(p, cfg, nil, translate.RunOptions{StopAfter: stop})
}

func run(t *testing.T, src, stop string, cfg translate.Config) *translate.Unit {
	t.Helper()
	u, err := runCfg(t, src, stop, cfg)
	if err != nil {
		t.Fatalf("Run(StopAfter %q): %v", stop, err)
	}
	return u
}

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
		t.Errorf("gcc %v rejects the program: %v\n%s\n%s", args, err, out, numbered(text))
	}
}

func numbered(s string) string {
	var b strings.Builder
	for i, l := range strings.Split(s, "\n") {
		n := strconv.Itoa(i + 1)
		b.WriteString(strings.Repeat(" ", max(0, 4-len(n))) + n + "  " + l + "\n")
	}
	return b.String()
}

func collect[T any](n any) []T {
	var out []T
	ir.Inspect(n, func(x any) bool {
		if v, ok := x.(T); ok {
			out = append(out, v)
		}
		return true
	})
	return out
}

func threadFunc(t *testing.T, p *ir.Program, id int) *ir.Function {
	t.Helper()
	for _, f := range p.Funcs {
		if f.Thread != nil && f.Thread.ID == id && !strings.Contains(f.Name, "prefix") {
			return f
		}
	}
	t.Fatalf("no function for thread %d", id)
	return nil
}

func callNames(n any) []string {
	var out []string
	for _, s := range collect[*ir.ExprStmt](n) {
		if c, _ := bound.CallOf(s); c != nil {
			if f := ir.CalledFunc(c); f != nil {
				out = append(out, f.Name)
			}
		}
	}
	return out
}

func TestLowerAPI(t *testing.T) {
	u := run(t, `
#include <pthread.h>
pthread_mutex_t m;
pthread_cond_t c;
pthread_barrier_t b;
int g, flag;
void *w(void *arg) {
	pthread_mutex_lock(&m);
	while (!flag)
		pthread_cond_wait(&c, &m);
	pthread_mutex_unlock(&m);
	int old = __sync_fetch_and_add(&g, 5);
	int now = __atomic_add_fetch(&g, 1, __ATOMIC_SEQ_CST);
	int ok = __sync_bool_compare_and_swap(&g, old, now);
	pthread_barrier_wait(&b);
	return (void *)(long)ok;
}
int main(void) {
	pthread_t t;
	pthread_barrier_init(&b, 0, 1);
	pthread_create(&t, 0, w, 0);
	__sync_synchronize();
	return 0;
}`, "api", translate.Config{Limits: bound.Limits{Unwind: 1}})
	w := threadFunc(t, u.Prog, 1)
	calls := callNames(w.Body)
	for _, gone := range []string{"pthread_cond_wait", "__sync_fetch_and_add", "__atomic_add_fetch", "__sync_bool_compare_and_swap", "pthread_barrier_wait"} {
		for _, c := range calls {
			if c == gone {
				t.Errorf("%s is still called", gone)
			}
		}
	}
	count := func(name string) int {
		n := 0
		for _, c := range calls {
			if c == name {
				n++
			}
		}
		return n
	}
	// cond_wait (once per unwound iteration) releases (seq.CondUnlockFunc)
	// and takes the mutex; the program's own unlock stays.
	if count(seq.CondUnlockFunc) != 1 || count("pthread_mutex_unlock") != 1 || count("pthread_mutex_lock") != 2 {
		t.Errorf("lock/cond-unlock/unlock calls: %d/%d/%d, want 2/1/1 (%v)", count("pthread_mutex_lock"), count(seq.CondUnlockFunc), count("pthread_mutex_unlock"), calls)
	}
	// Three atomic builtins: three atomic sections.
	if count("__VERIFIER_atomic_begin") != 3 || count("__VERIFIER_atomic_end") != 3 {
		t.Errorf("atomic sections: %d begins, %d ends, want 3", count("__VERIFIER_atomic_begin"), count("__VERIFIER_atomic_end"))
	}
	if count("__ladr_barrier_arrive") != 1 || count("__ladr_barrier_await") != 1 {
		t.Errorf("barrier: %v", calls)
	}
	// The fetch-and-add reads g into a temporary and writes g + 5 inside
	// the section; old gets the temporary after it.
	text := ir.String(u.Prog)
	for _, want := range []string{" = g;\n", "g = __ladr_a"} {
		if !strings.Contains(text, want) {
			t.Errorf("the lowered program lacks %q", want)
		}
	}
	// __sync_synchronize in main: nothing left.
	if strings.Contains(strings.Join(callNames(threadFunc(t, u.Prog, 0).Body), " "), "__sync_synchronize") {
		t.Errorf("__sync_synchronize is still called")
	}
	gccSyntax(t, text, false)
}

const visibleProg = `
#include <pthread.h>
int g, h;
void *w(void *arg) {
	int l = 0;
	l++;
	g = 1;
	l = g + 1;
	__VERIFIER_atomic_begin();
	g = 2;
	h = g;
	__VERIFIER_atomic_end();
	l = 3;
	return 0;
}
int main(void) {
	int x = 1;
	x++;
	pthread_t t;
	pthread_create(&t, 0, w, 0);
	pthread_join(t, 0);
	g = 5;
	return 0;
}`

// TestVisibleStatements numbers the context-switch points. (The split pass
// is left out by taking the race property, which skips it: only the
// numbering of the sharing pass's result is checked.)
func TestVisibleStatements(t *testing.T) {
	u := run(t, visibleProg, "visible", translate.Config{Property: seq.Race})
	lay := u.Layout
	if lay == nil || len(lay.Threads) != 2 {
		t.Fatalf("layout %+v", lay)
	}
	for _, tc := range []struct {
		id, size int
		first    string // the statement following label 0
	}{
		// main: the code before pthread_create runs before any thread (not
		// visible); the create shares label 0; join, g = 5 and return.
		{0, 4, "__ladr_create"},
		// w: private code, then g = 1 (label 0), l = g + 1, and the atomic
		// section (one label for the whole section).
		{1, 3, "l = 0"},
	} {
		tl := lay.Threads[tc.id]
		if tl.Thread.ID != tc.id || tl.Size != tc.size || len(tl.Labels) != tc.size+1 {
			t.Errorf("thread %d: size %d, %d labels; want %d and %d", tc.id, tl.Size, len(tl.Labels), tc.size, tc.size+1)
			continue
		}
		// The labels are in the body in order, named __ladr_<T>_<j>.
		var names []string
		for _, l := range collect[*ir.Label](tl.Func.Body) {
			if strings.HasPrefix(l.Name, "__ladr_"+tl.Thread.Name+"_") {
				names = append(names, l.Name)
			}
		}
		for j, n := range names {
			if n != seq.LabelName(tl.Thread, j) {
				t.Errorf("thread %d: label %d is %s", tc.id, j, n)
			}
		}
		if len(names) != tc.size+1 {
			t.Errorf("thread %d: %d labels in the body, want %d", tc.id, len(names), tc.size+1)
		}
		if tl.Labels[tc.size] != tl.Func.Body.List[len(tl.Func.Body.List)-1] {
			t.Errorf("thread %d: the exit label is not last", tc.id)
		}
		if tl.Func.Body.List[0] != tl.Labels[0] {
			t.Errorf("thread %d: label 0 is not first", tc.id)
		}
	}
	if lay.Visible() != 7 {
		t.Errorf("Visible() = %d, want 7", lay.Visible())
	}
	if lay.Width != 3 || lay.PC == nil || lay.CS == nil {
		t.Errorf("width %d, pc %v, cs %v", lay.Width, lay.PC, lay.CS)
	}
	if a, ok := lay.PC.Type.(*ir.Array); !ok || a.Len != 2 {
		t.Errorf("pc has type %v, want an array of 2", lay.PC.Type)
	}
	// The atomic section is not split: its statements are marked atomic
	// and no label separates them.
	w := lay.Threads[1]
	var inSection []string
	for s := range w.Atomic {
		if es, ok := s.(*ir.ExprStmt); ok {
			inSection = append(inSection, ir.ExprString(es.X))
		}
	}
	if len(inSection) != 3 {
		t.Errorf("atomic statements %q, want g = 2, h = g and the end marker", inSection)
	}
	list := w.Func.Body.List
	begin := -1
	for i, s := range list {
		if es, ok := s.(*ir.ExprStmt); ok && strings.HasPrefix(ir.ExprString(es.X), "__VERIFIER_atomic_begin") {
			begin = i
		}
	}
	if begin < 1 {
		t.Fatalf("no atomic begin in %s", w.Func.Name)
	}
	if _, ok := list[begin-1].(*ir.Label); !ok {
		t.Errorf("the atomic section does not start a region")
	}
	for _, s := range list[begin+1 : begin+4] {
		if _, ok := s.(*ir.Label); ok {
			t.Errorf("a label inside the atomic section")
		}
	}
}

// TestVisibleSwitchOnly numbers the context-switch points when only the
// shared accesses on some lines make statements visible
// (Config.SwitchOnly): synchronization, thread creation, the return of
// main and the accepted lines stay switch points, the other shared
// accesses do not.
func TestVisibleSwitchOnly(t *testing.T) {
	const src = `#include <pthread.h>
int g, h, k;
pthread_mutex_t m;
void *w(void *p) {
  g = 1;
  h = 2;
  pthread_mutex_lock(&m);
  k = 3;
  pthread_mutex_unlock(&m);
  if (h > 1)
    g = h;
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, w, 0);
  h = 5;
  k = 6;
  pthread_join(t, 0);
  return g;
}`
	for _, tc := range []struct {
		name       string
		lines      []int // nil: every shared access is a switch point
		main, work int   // the threads' visible statements
	}{
		{"all", nil, 5, 7},
		{"g only", []int{5, 11, 20}, 3, 4},
		// w's g = 1 touches shared memory: label 0 stays before it, the
		// lock gets a label of its own.
		{"k only", []int{8, 18}, 4, 4},
		{"none", []int{}, 3, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := translate.Config{Property: seq.Race}
			if tc.lines != nil {
				cfg.SwitchOnly = func(p ir.Pos) bool { return slices.Contains(tc.lines, p.Line) }
			}
			lay := run(t, src, "visible", cfg).Layout
			if lay == nil || len(lay.Threads) != 2 {
				t.Fatalf("layout %+v", lay)
			}
			if got := []int{lay.Threads[0].Size, lay.Threads[1].Size}; got[0] != tc.main || got[1] != tc.work {
				t.Errorf("visible statements (main, w) = %v, want [%d %d]", got, tc.main, tc.work)
			}
		})
	}
}

// TestHops checks the jumps of the sequentialized threads: without hops
// (Config.NoHops) inlined returns, breaks, exits and the ends of if
// branches jump over visible labels; with them no jump passes a visible
// label without going through it, so every path passes every label in
// order.
func TestHops(t *testing.T) {
	const src = `#include <pthread.h>
int slots[8], hits, total;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int take(int i) {
	if (slots[i] < 0)
		return -1;
	pthread_mutex_lock(&m);
	total += slots[i];
	pthread_mutex_unlock(&m);
	if (slots[i] == 0)
		return 0;
	pthread_mutex_lock(&m);
	slots[i]--;
	pthread_mutex_unlock(&m);
	return 1;
}
void *worker(void *a) {
	int n = 0;
	for (int i = 0; i < 3; i++) {
		if (take(i) < 0)
			break;
		if (i % 2) {
			pthread_mutex_lock(&m);
			n++;
			pthread_mutex_unlock(&m);
		} else {
			pthread_mutex_lock(&m);
			n += 2;
			pthread_mutex_unlock(&m);
		}
	}
	hits += n;
	return 0;
}
int main(void) {
	pthread_t a, b;
	slots[0] = 1;
	pthread_create(&a, 0, worker, 0);
	pthread_create(&b, 0, worker, 0);
	pthread_join(a, 0);
	pthread_join(b, 0);
	return 0;
}
`
	for _, tc := range []struct {
		name string
		only func(ir.Pos) bool
		over bool // no hops: some jump passes a visible label
	}{
		{"no hops", nil, true},
		{"whole program", nil, false},
		{"the candidate's lines", func(p ir.Pos) bool { return p.Line == 32 }, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			u := run(t, src, "seq", translate.Config{Property: seq.Assert, SwitchOnly: tc.only, NoHops: tc.over})
			over := 0
			for _, tl := range u.Layout.Threads {
				// The statements of the thread in textual order.
				var order []ir.Stmt
				ir.Inspect(ir.Stmt(tl.Func.Body), func(x any) bool {
					if st, ok := x.(ir.Stmt); ok {
						order = append(order, st)
						return true
					}
					return false
				})
				at := map[string]int{}
				visible := map[int]bool{}
				for i, st := range order {
					if l, ok := st.(*ir.Label); ok {
						at[l.Name] = i
						if strings.HasPrefix(l.Name, "__ladr_"+tl.Thread.Name+"_") && !strings.Contains(l.Name, "hop") {
							visible[i] = true
						}
					}
				}
				for i, st := range order {
					g, ok := st.(*ir.Goto)
					if !ok {
						continue
					}
					target, ok := at[g.Label]
					if !ok {
						t.Fatalf("thread %d: goto %s: no such label", tl.Thread.ID, g.Label)
					}
					if target < i {
						t.Errorf("thread %d: goto %s jumps backward", tl.Thread.ID, g.Label)
					}
					for j := i + 1; j < target; j++ {
						if visible[j] {
							over++
							if !tc.over {
								t.Errorf("thread %d: goto %s passes label %s", tl.Thread.ID, g.Label, order[j].(*ir.Label).Name)
							}
							break
						}
					}
				}
			}
			if tc.over && over == 0 {
				t.Errorf("no jump passes a visible label: the program does not test hops")
			}
			hop := false
			for _, v := range u.Prog.Globals {
				hop = hop || v.Name == "__ladr_hop"
			}
			if hop == tc.over {
				t.Errorf("__ladr_hop declared: %v", hop)
			}
		})
	}
}

func TestVisibleAtomicErrors(t *testing.T) {
	for _, tc := range []struct{ name, body, what string }{
		{"end without begin", "g = 1; __VERIFIER_atomic_end();", "without a matching"},
		{"begin not closed", "if (g) { __VERIFIER_atomic_begin(); g = 1; } __VERIFIER_atomic_end();", "not closed"},
		{"shared access after an early end", "__VERIFIER_atomic_begin(); if (g) { __VERIFIER_atomic_end(); g = 2; return 0; } __VERIFIER_atomic_end();", "not closed"},
		{"early end jumping into a section", "__VERIFIER_atomic_begin(); if (g) { __VERIFIER_atomic_end(); goto out; } g = 2; out: g = 3; __VERIFIER_atomic_end();", "for a place inside one"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := runCfg(t, `
#include <pthread.h>
int g;
void *w(void *a) { `+tc.body+` return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); g = 5; return 0; }`, "visible", translate.Config{Property: seq.Race})
			var ue *bound.UnsupportedError
			if !errors.As(err, &ue) || !strings.Contains(ue.What, tc.what) {
				t.Errorf("error %v, want one about %q", err, tc.what)
			}
		})
	}
}

// TestVisibleAtomicEarlyExit: a branch that closes the section and returns
// (SV-COMP's "if (stop) { __VERIFIER_atomic_end(); return -1; }") leaves
// the section on that path only; both paths stay free of switch points.
func TestVisibleAtomicEarlyExit(t *testing.T) {
	u, err := runCfg(t, `
#include <pthread.h>
int g, h;
int inc(void) {
	__VERIFIER_atomic_begin();
	if (g) {
		__VERIFIER_atomic_end();
		return -1;
	}
	h = h + 1;
	__VERIFIER_atomic_end();
	return 0;
}
void *w(void *a) { inc(); g = 1; return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); inc(); return 0; }`, "visible", translate.Config{Property: seq.Race})
	if err != nil {
		t.Fatal(err)
	}
	w := u.Layout.Threads[1]
	atomic := map[string]bool{}
	for s := range w.Atomic {
		if es, ok := s.(*ir.ExprStmt); ok {
			atomic[ir.ExprString(es.X)] = true
		}
	}
	if !atomic["h = h + 1"] || atomic["g = 1"] {
		t.Errorf("atomic statements %v: want h = h + 1 and not g = 1", atomic)
	}
	// Labels: the section (with its test of g), g = 1, the exit.
	if w.Size != 2 {
		t.Errorf("w has %d visible statements, want 2", w.Size)
	}
}

const seqProg = `
#include <pthread.h>
#include <assert.h>
int g, n = 3;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *w(void *arg) {
	int id = *(int *)arg;
	for (int i = 0; i < n; i++) {
		pthread_mutex_lock(&m);
		g += id;
		pthread_mutex_unlock(&m);
	}
	return 0;
}
int main(void) {
	pthread_t t[2];
	int ids[2] = { 1, 2 };
	for (int i = 0; i < 2; i++)
		pthread_create(&t[i], 0, w, &ids[i]);
	for (int i = 0; i < 2; i++)
		pthread_join(t[i], 0);
	assert(g <= 9);
	return 0;
}`

func TestSequentialize(t *testing.T) {
	for _, rounds := range []int{1, 2, 3} {
		for _, m := range []cfront.Model{cfront.LP64, cfront.ILP32} {
			t.Run(fmt.Sprintf("%d/%v", rounds, m), func(t *testing.T) {
				u := run(t, seqProg, "seq", translate.Config{Model: m, Rounds: rounds})
				d := u.Driver
				if d == nil || d.Rounds != rounds || d.Threads != 3 {
					t.Fatalf("driver %+v", d)
				}
				// One simulation function per thread: static void f(void),
				// without loops, with forward jumps only.
				sims := map[int]*ir.Function{}
				for _, f := range u.Prog.Funcs {
					if f.Thread != nil && f != d.Prefix {
						if sims[f.Thread.ID] != nil {
							t.Errorf("two simulation functions for thread %d", f.Thread.ID)
						}
						sims[f.Thread.ID] = f
					}
				}
				if len(sims) != 3 {
					t.Errorf("%d simulation functions, want 3", len(sims))
				}
				for id, f := range sims {
					if !f.Static || !ir.IsVoid(f.Type.Result) || len(f.Type.Params) != 0 || len(f.Params) != 0 {
						t.Errorf("thread %d: %s is not static void (void)", id, f.Name)
					}
					if len(collect[*ir.Loop](ir.Stmt(f.Body))) != 0 {
						t.Errorf("thread %d: a loop is left", id)
					}
				}
				if sims[0].Name != "__ladr_main_thread" {
					t.Errorf("main's simulation function is %s", sims[0].Name)
				}
				// The driver: rounds*threads contexts, each calling its
				// thread's function once, in round-robin order.
				main := u.Prog.Func("main")
				if main != d.Main || main.Thread != nil {
					t.Fatalf("the driver is not main")
				}
				var ctxs []string
				for _, s := range main.Body.List {
					ifs, ok := s.(*ir.If)
					if !ok || !strings.HasPrefix(ir.ExprString(ifs.Cond), "__ladr_active[") {
						continue
					}
					for _, c := range callNames(ifs.Then) {
						for id, f := range sims {
							if f.Name == c {
								ctxs = append(ctxs, strconv.Itoa(id))
							}
						}
					}
				}
				if len(ctxs) != rounds*3 {
					t.Errorf("%d contexts, want rounds*threads = %d", len(ctxs), rounds*3)
				}
				for i, c := range ctxs {
					if c != strconv.Itoa(i%3) {
						t.Errorf("context %d runs thread %s, want %d", i, c, i%3)
					}
				}
				// The assertion is known to the driver.
				kinds := map[string]int{}
				for _, a := range d.Asserts {
					kinds[a.Kind]++
				}
				if kinds["assert"] != 1 {
					t.Errorf("asserts %v, want one assert", kinds)
				}
				text := ir.String(u.Prog)
				if !strings.Contains(text, fmt.Sprintf("/* ladr: lazy sequentialization, %d round(s), 3 thread(s) */", rounds)) {
					t.Errorf("no header line")
				}
				gccSyntax(t, text, m == cfront.ILP32)
			})
		}
	}
}

func TestSequentializeOptions(t *testing.T) {
	// Generic: SV-COMP conventions instead of CBMC intrinsics.
	u := run(t, seqProg, "seq", translate.Config{Target: translate.Generic})
	text := ir.String(u.Prog)
	body := text[len(ir.Prelude):]
	if strings.Contains(body, "__CPROVER_assume(") || strings.Contains(body, "__CPROVER_assert(") {
		t.Errorf("the generic target uses CBMC intrinsics")
	}
	if !strings.Contains(body, "__VERIFIER_assume(") || !strings.Contains(body, "reach_error();") {
		t.Errorf("the generic target lacks __VERIFIER_assume or reach_error")
	}
	gccSyntax(t, text, false)

	// ProveBounds: the bound markers become assertions.
	u = run(t, seqProg, "seq", translate.Config{ProveBounds: true})
	kinds := map[string]int{}
	for _, a := range u.Driver.Asserts {
		kinds[a.Kind]++
	}
	if kinds["bound"] == 0 {
		t.Errorf("ProveBounds: no bound assertions (%v)", kinds)
	}
	for msg, a := range u.Driver.Asserts {
		if st, ok := u.Driver.SiteOf(a.Stmt); !ok || st.Text != a.Text {
			t.Errorf("SiteOf does not find the assertion %q", msg)
		}
	}
	gccSyntax(t, ir.String(u.Prog), false)

	// Without ProveBounds, bound markers are assumptions.
	u = run(t, seqProg, "seq", translate.Config{})
	for _, a := range u.Driver.Asserts {
		if a.Kind == "bound" {
			t.Errorf("a bound assertion without ProveBounds")
		}
	}
	for _, f := range u.Prog.Funcs {
		if f.Body == nil {
			continue
		}
		for _, c := range callNames(f.Body) {
			if c == bound.BoundFunc {
				t.Errorf("a bound marker is left in %s", f.Name)
			}
		}
	}
}

// TestSequentializeCorpus: the sequentialization of various programs
// compiles.
func TestSequentializeCorpus(t *testing.T) {
	progs := map[string]string{
		"no threads": `int g; int main(void) { g = 1; return g; }`,
		"thread locals and self": `
#include <pthread.h>
_Thread_local int tls = 1;
pthread_t main_id;
void *w(void *a) { tls++; return (void *)(long)pthread_equal(pthread_self(), main_id); }
int main(void) { pthread_t t; main_id = pthread_self(); pthread_create(&t, 0, w, 0); void *r; pthread_join(t, &r); return tls + (int)(long)r; }`,
		"locks and semaphores": `
#include <pthread.h>
#include <semaphore.h>
sem_t s; pthread_rwlock_t rw; pthread_spinlock_t sp; int g;
void *w(void *a) {
	sem_wait(&s); pthread_rwlock_wrlock(&rw); g++; pthread_rwlock_unlock(&rw);
	if (pthread_spin_trylock(&sp) == 0) { g--; pthread_spin_unlock(&sp); }
	sem_post(&s); return 0;
}
int main(void) { pthread_t t; sem_init(&s, 0, 1); pthread_spin_init(&sp, 0); pthread_create(&t, 0, w, 0); pthread_rwlock_rdlock(&rw); int v = g; pthread_rwlock_unlock(&rw); pthread_join(t, 0); return v; }`,
		"exit and abort": `
#include <pthread.h>
#include <stdlib.h>
int g;
void *w(void *a) { if (g) abort(); g = 1; pthread_exit(0); }
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); if (g > 1) exit(1); return 0; }`,
		"structs and arrays": `
#include <pthread.h>
struct acc { int bal; int hist[4]; } a = { 10 };
void *w(void *p) { struct acc *x = p; x->hist[x->bal % 4] = x->bal; x->bal -= 1; return 0; }
int main(void) { pthread_t t; struct acc loc = a; pthread_create(&t, 0, w, &a); loc.bal = a.bal; return loc.bal; }`,
	}
	for name, src := range progs {
		t.Run(name, func(t *testing.T) {
			u := run(t, src, "seq", translate.Config{})
			gccSyntax(t, ir.String(u.Prog), false)
		})
	}
}

// TestSequentializeExplore: the program built for the explicit-state
// search decides each context's end at its labels, gives uninitialized
// locals their values through ExploreHavoc, zeroes a thread's dead locals
// at its function's end, and compiles; the deadlock property is refused.
func TestSequentializeExplore(t *testing.T) {
	const src = `#include <pthread.h>
#include <assert.h>
int total;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *worker(void *a) {
	int n;
	n = 0;
	for (int i = 0; i < 2; i++) {
		int step = i + 1;
		pthread_mutex_lock(&m);
		total += step;
		pthread_mutex_unlock(&m);
		n += step;
	}
	pthread_mutex_lock(&m);
	total -= n;
	pthread_mutex_unlock(&m);
	return 0;
}
int main(void) {
	pthread_t a, b;
	pthread_create(&a, 0, worker, 0);
	pthread_create(&b, 0, worker, 0);
	pthread_join(a, 0);
	pthread_join(b, 0);
	assert(total == 0);
	return 0;
}
`
	u := run(t, src, "seq", translate.Config{Property: seq.Assert, Explore: true})
	text := ir.String(u.Prog)
	gccSyntax(t, text, false)
	calls := map[string]int{}
	for _, f := range u.Prog.Funcs {
		if f.Body != nil {
			ir.Inspect(ir.Stmt(f.Body), func(x any) bool {
				if c, ok := x.(*ir.Call); ok {
					if g := ir.CalledFunc(c); g != nil {
						calls[g.Name]++
					}
				}
				return true
			})
		}
	}
	if want := u.Driver.Rounds * u.Driver.Threads; calls[seq.ExploreBegin] != want || calls[seq.ExploreEnd] != want {
		t.Errorf("%d calls of %s and %d of %s, want %d each (one per context)", calls[seq.ExploreBegin], seq.ExploreBegin, calls[seq.ExploreEnd], seq.ExploreEnd, want)
	}
	if calls[seq.ExploreAt] == 0 || calls["__VERIFIER_nondet_uint"] != 0 {
		t.Errorf("labels decide the context's end (%d calls of %s) and no context switch is chosen up front (%d nondet_uint calls)", calls[seq.ExploreAt], seq.ExploreAt, calls["__VERIFIER_nondet_uint"])
	}
	if calls[seq.ExploreHavoc+"int"] == 0 {
		t.Errorf("no uninitialized local takes its value from %sint: %v", seq.ExploreHavoc, calls)
	}
	if strings.Contains(text, ">= __ladr_cs") {
		t.Errorf("a label or jump still reads __ladr_cs")
	}
	// The worker's dead locals: step (in scope only within an iteration)
	// and n, i are zeroed where the thread resumes outside their scope.
	for _, tl := range u.Layout.Threads {
		if tl.Thread.ID == 0 {
			continue
		}
		var zeroed []string
		ir.Inspect(ir.Stmt(tl.Func.Body), func(x any) bool {
			if c, ok := x.(*ir.Call); ok && ir.CalledFunc(c) != nil && ir.CalledFunc(c).Name == seq.ExploreZero {
				ir.Inspect(c.Args[0], func(y any) bool {
					if id, ok := y.(*ir.Ident); ok {
						zeroed = append(zeroed, id.Var.Name)
					}
					return true
				})
			}
			return true
		})
		for _, want := range []string{"n", "i", "step"} {
			if !slices.Contains(zeroed, want) {
				t.Errorf("thread %s zeroes %v, not its local %s", tl.Thread.Name, zeroed, want)
			}
		}
	}
	if _, err := runCfg(t, src, "seq", translate.Config{Property: seq.Deadlock, Explore: true}); err == nil {
		t.Errorf("the deadlock property's program was built for the explicit-state search")
	}
}
