package sharing_test

import (
	"strings"
	"testing"

	"github.com/ladr-dev/ladr/translate"
	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/cfront"
	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/sharing"
)

var fe = cfront.New()

func analyze(t *testing.T, src string) *translate.Unit {
	t.Helper()
	p, err := fe.Parse("test.c", []byte(src), cfront.Options{Model: cfront.LP64})
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	u, err := translate.Run(p, translate.Config{Model: cfront.LP64, Limits: bound.Limits{Unwind: 2}, Rounds: 2}, nil, translate.RunOptions{StopAfter: "sharing"})
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	if u.Sharing == nil {
		t.Fatalf("no sharing information after the sharing pass")
	}
	return u
}

// vars returns the variables named name in the threads and globals of p
// (a thread-local copy per thread function).
func vars(p *ir.Program, name string) []*ir.Var {
	var out []*ir.Var
	seen := map[*ir.Var]bool{}
	add := func(v *ir.Var) {
		if v.Name == name && !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	for _, v := range p.Globals {
		add(v)
	}
	for _, f := range p.Funcs {
		if f.Thread == nil {
			continue
		}
		for _, v := range f.Params {
			add(v)
		}
		ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
			switch x := n.(type) {
			case *ir.DeclStmt:
				add(x.Var)
			case *ir.Ident:
				add(x.Var)
			}
			return true
		})
	}
	return out
}

const prog = `
#include <pthread.h>
#include <string.h>
int written_by_two;     /* written by T1 and T2 */
int one_thread;         /* used (written) by T1 only */
int read_only = 5;      /* read by every thread, never written */
int addr_taken;         /* its address is stored */
int written_by_main;    /* written by main, read by T1 */
_Thread_local int tls;  /* thread-local */
int *gp;
void *t1(void *arg) {
	int *p = arg;
	int mine = read_only;
	*p = 1;
	one_thread++;
	written_by_two = mine;
	tls = written_by_main;
	return 0;
}
void *t2(void *arg) {
	int priv = read_only;
	written_by_two = priv;
	tls++;
	return 0;
}
int main(void) {
	pthread_t tid1, tid2;
	int passed = 0;      /* its address is the thread argument */
	int joined_only = 0; /* never leaves main */
	int buf[4];          /* only given to memset */
	int escaped = 0;     /* its address is stored in a global */
	memset(buf, 0, sizeof buf);
	gp = &escaped;
	gp = &addr_taken;
	written_by_main = 1;
	pthread_create(&tid1, 0, t1, &passed);
	pthread_create(&tid2, 0, t2, 0);
	pthread_join(tid1, 0);
	joined_only = read_only + tls;
	return passed + joined_only + buf[0];
}
`

func TestSharedVariables(t *testing.T) {
	u := analyze(t, prog)
	info := u.Sharing
	tests := []struct {
		name   string
		shared bool
		why    string
	}{
		{"passed", true, "its address is passed to pthread_create as the thread argument"},
		{"tid1", false, "its address is only passed as pthread_create's thread-id pointer"},
		{"tid2", false, "its address is only passed as pthread_create's thread-id pointer"},
		{"joined_only", false, "a local that never escapes"},
		{"buf", false, "an array given only to memset, which does not capture it"},
		{"escaped", true, "its address is stored in a global"},
		{"mine", false, "a local of a thread"},
		{"priv", false, "a local of a thread"},
		{"p", false, "a pointer local (what it points to is shared, not p)"},
		{"written_by_two", true, "a global written by two threads"},
		{"one_thread", false, "a global only one thread uses"},
		{"read_only", false, "a global no thread writes"},
		{"addr_taken", true, "a global whose address is taken"},
		{"written_by_main", true, "a global written by main and read by T1"},
		{"tls", false, "a thread-local global"},
	}
	for _, tc := range tests {
		vs := vars(u.Prog, tc.name)
		if len(vs) == 0 {
			t.Errorf("%s: no such variable", tc.name)
			continue
		}
		for _, v := range vs {
			if got := info.SharedVar(v); got != tc.shared {
				t.Errorf("%s (%v): shared = %v, want %v: %s", tc.name, v.Class, got, tc.shared, tc.why)
			}
		}
	}
	// Taken and Written.
	if v := vars(u.Prog, "tid1")[0]; info.Taken[v] || !info.Written[v] {
		t.Errorf("tid1: taken %v written %v; want not taken, written", info.Taken[v], info.Written[v])
	}
	if v := vars(u.Prog, "read_only")[0]; info.Written[v] || len(info.Users[v]) != 3 {
		t.Errorf("read_only: written %v users %v; want not written, 3 users", info.Written[v], info.Users[v])
	}
	if v := vars(u.Prog, "one_thread")[0]; len(info.Users[v]) != 1 || !info.Users[v][1] {
		t.Errorf("one_thread users %v, want {1}", info.Users[v])
	}
}

func TestSharedLvalues(t *testing.T) {
	u := analyze(t, prog)
	info := u.Sharing
	t1 := u.Prog.Func("__ladr_T1_t1")
	if t1 == nil {
		t.Fatal("no thread function for t1")
	}
	got := map[string]bool{}
	for _, s := range collect[*ir.ExprStmt](t1.Body) {
		if a, ok := s.X.(*ir.Assign); ok {
			got[ir.ExprString(a.L)] = info.SharedLvalue(a.L)
		}
	}
	for l, want := range map[string]bool{"*p": true, "written_by_two": true, "tls": false} {
		if v, ok := got[l]; !ok || v != want {
			t.Errorf("SharedLvalue(%s) = %v (present %v), want %v", l, v, ok, want)
		}
	}
	s := &ir.Struct{Tag: "S", Fields: []*ir.Field{{Name: "f", Type: ir.IntType}}}
	priv := &ir.Var{Name: "priv", Type: s, Class: ir.Local}
	arr := &ir.Var{Name: "arr", Type: &ir.Array{Elem: ir.IntType, Len: 2}, Class: ir.Local}
	shared := vars(u.Prog, "written_by_two")[0]
	for _, tc := range []struct {
		e    ir.Expr
		want bool
	}{
		{&ir.Member{X: ir.Ref(priv), Field: s.Fields[0], T: ir.IntType}, false},
		{&ir.Member{X: ir.Ref(priv), Field: s.Fields[0], Arrow: true, T: ir.IntType}, true},
		{&ir.Index{X: ir.Ref(arr), I: ir.IntConst(1), T: ir.IntType}, false},
		{&ir.Unary{Op: ir.Deref, X: ir.AddrOf(ir.Ref(shared)), T: ir.IntType}, true},
		{&ir.Unary{Op: ir.Deref, X: ir.AddrOf(ir.Ref(priv)), T: s}, false},
		{ir.Ref(shared), true},
	} {
		if got := info.SharedLvalue(tc.e); got != tc.want {
			t.Errorf("SharedLvalue(%s) = %v, want %v", ir.ExprString(tc.e), got, tc.want)
		}
	}
}

func TestAccesses(t *testing.T) {
	u := analyze(t, prog)
	info := u.Sharing
	x := vars(u.Prog, "written_by_two")[0]
	y := vars(u.Prog, "written_by_main")[0]
	l := &ir.Var{Name: "l", Type: ir.IntType, Class: ir.Local}
	p := &ir.Var{Name: "q", Type: &ir.Pointer{Elem: ir.IntType}, Class: ir.Local}
	memcpy := &ir.Function{Name: "memcpy", Type: &ir.Func{Result: ir.VoidPtrType, Params: []ir.Type{ir.VoidPtrType, ir.VoidPtrType, ir.ULongType}}}
	tests := []struct {
		e    ir.Expr
		want string
	}{
		{ir.Set(ir.Ref(x), ir.Bin(ir.Add, ir.Ref(y), ir.IntConst(1), ir.IntType)), "R written_by_main, W written_by_two"},
		{&ir.Unary{Op: ir.PostInc, X: ir.Ref(x), T: ir.IntType}, "R written_by_two, W written_by_two"},
		{&ir.Assign{Op: ir.Add, L: ir.Ref(x), R: ir.Ref(l), T: ir.IntType}, "R written_by_two, W written_by_two"},
		{ir.Set(ir.Ref(l), &ir.Unary{Op: ir.Deref, X: ir.Ref(p), T: ir.IntType}), "R *q"},
		{ir.Set(&ir.Unary{Op: ir.Deref, X: ir.Ref(p), T: ir.IntType}, ir.Ref(l)), "W *q"},
		{ir.Set(ir.Ref(l), ir.IntConst(0)), ""},
		{ir.AddrOf(ir.Ref(x)), ""},
		{&ir.SizeofExpr{X: ir.Ref(x), T: ir.ULongType}, ""},
		{ir.CallFn(memcpy, ir.Ref(p), ir.AddrOf(ir.Ref(x)), ir.Lit(4, ir.ULongType)), "R *(unsigned char *)&written_by_two, W *(unsigned char *)q"},
	}
	for _, tc := range tests {
		var got []string
		for _, a := range info.Accesses(tc.e) {
			k := "R "
			if a.Write {
				k = "W "
			}
			got = append(got, k+ir.ExprString(a.Lvalue))
		}
		if g := strings.Join(got, ", "); g != tc.want {
			t.Errorf("Accesses(%s) = %q, want %q", ir.ExprString(tc.e), g, tc.want)
		}
		if info.HasShared(tc.e) != (tc.want != "") {
			t.Errorf("HasShared(%s) = %v", ir.ExprString(tc.e), info.HasShared(tc.e))
		}
	}
}

func TestMemAccesses(t *testing.T) {
	a, b := ir.Ref(&ir.Var{Name: "a", Type: ir.CharPtrType}), ir.Ref(&ir.Var{Name: "b", Type: ir.CharPtrType})
	n := ir.Ref(&ir.Var{Name: "n", Type: ir.ULongType})
	lit := &ir.StringLit{Val: "abc", ElemSize: 1, T: &ir.Array{Elem: ir.CharType, Len: 4}}
	null := &ir.Cast{X: ir.IntConst(0), T: ir.VoidPtrType}
	format := func(f string) ir.Expr {
		return &ir.StringLit{Val: f, ElemSize: 1, T: &ir.Array{Elem: ir.CharType, Len: int64(len(f) + 1)}}
	}
	i := ir.Ref(&ir.Var{Name: "i", Type: ir.IntType})
	arr := ir.Ref(&ir.Var{Name: "arr", Type: &ir.Array{Elem: ir.CharType, Len: 8}})
	strerror := &ir.Function{Name: "strerror", Type: &ir.Func{Result: ir.CharPtrType, Params: []ir.Type{ir.IntType}}}
	msg := &ir.Call{Fn: &ir.FuncRef{Fn: strerror}, Args: []ir.Expr{i}, T: ir.CharPtrType}
	ts := ir.Ref(&ir.Var{Name: "ts", Type: &ir.Pointer{Elem: ir.LongType}})
	attr := ir.Ref(&ir.Var{Name: "attr", Type: &ir.Pointer{Elem: ir.IntType}})
	for _, tc := range []struct {
		name string
		args []ir.Expr
		want string // R or W, the pointer, [size] or ~ when approximated
	}{
		{"memset", []ir.Expr{a, ir.IntConst(0), n}, "W a[n]"},
		{"memset", []ir.Expr{a}, "W a"}, // a declaration with too few parameters
		{"memcpy", []ir.Expr{a, b, n}, "R b[n], W a[n]"},
		{"memcmp", []ir.Expr{a, b, n}, "R a[n], R b[n]"},
		{"strlen", []ir.Expr{a}, "R a[strlen(a) + 1UL]"},
		{"strcpy", []ir.Expr{a, b}, "R b[strlen(b) + 1UL], W a[strlen(b) + 1UL]"},
		{"strcpy", []ir.Expr{a, lit}, "W a[4UL]"}, // a literal is never written
		{"strncpy", []ir.Expr{a, b, n}, "R b[strlen(b) < n ? strlen(b) + 1UL : n], W a[n]"},
		{"strcat", []ir.Expr{a, b}, "R a[strlen(a) + 1UL], R b[strlen(b) + 1UL], W a + strlen(a)[strlen(b) + 1UL]"},
		{"strcmp", []ir.Expr{a, b}, "R a~, R b~"},
		// printf reads each %s argument up to its zero or its precision.
		{"printf", []ir.Expr{lit, a}, ""}, // no conversion
		{"printf", []ir.Expr{format("%s\n"), a}, "R a[strlen(a) + 1UL]"},
		{"printf", []ir.Expr{format("%d %5.1f %-*s|%%"), i, n, i, a}, "R a[strlen(a) + 1UL]"},
		{"printf", []ir.Expr{format("%.2s"), a}, "R a[strlen(a) < 2UL ? strlen(a) + 1UL : 2UL]"},
		{"printf", []ir.Expr{format("%.0s"), a}, ""},
		{"printf", []ir.Expr{format("%.*s"), i, a}, "R a[i < 0 ? strlen(a) + 1UL : strlen(a) < (unsigned long)i ? strlen(a) + 1UL : (unsigned long)i]"},
		{"printf", []ir.Expr{format("%p %c"), a, i}, ""},
		{"printf", []ir.Expr{format("%s%n"), b, a}, "R b[strlen(b) + 1UL], W a"},
		{"printf", []ir.Expr{format("%s %s"), format("x"), msg}, ""}, // a literal, strerror's message
		{"printf", []ir.Expr{format("%s"), arr}, "R (char *)arr[strlen((char *)arr) + 1UL]"},
		{"printf", []ir.Expr{format("%ls"), a}, "R a~"},
		{"printf", []ir.Expr{format("%1$s"), a}, "R a~"},
		{"printf", []ir.Expr{format("%d %s %y %s"), i, a, i, b}, "R a[strlen(a) + 1UL], R b~"},
		{"printf", []ir.Expr{a, b, i}, "R a~, R b~"},                      // the format is not a literal
		{"printf", []ir.Expr{format("%s %s"), a}, "R a[strlen(a) + 1UL]"}, // too few arguments
		{"fprintf", []ir.Expr{null, format("%s"), a}, "R a[strlen(a) + 1UL]"},
		{"dprintf", []ir.Expr{i, format("%s"), a}, "R a[strlen(a) + 1UL]"},
		// sprintf writes the output and its zero, when its length is
		// known; snprintf at most n bytes.
		{"sprintf", []ir.Expr{a, lit, b}, "W a[4UL]"},
		{"sprintf", []ir.Expr{a, format("%s"), b}, "W a[strlen(b) + 1UL], R b[strlen(b) + 1UL]"},
		{"sprintf", []ir.Expr{arr, format("%s"), format("hi")}, "W (char *)arr[3UL]"},
		// "x=" "!" %c %% and "ab" in 3 columns: 8 bytes, and %-4.2s of b.
		{"sprintf", []ir.Expr{a, format("x=%-4.2s!%c%%%3s"), b, i, format("ab")}, "W a[((strlen(b) < 2UL ? strlen(b) : 2UL) < 4UL ? 4UL : strlen(b) < 2UL ? strlen(b) : 2UL) + 8UL + 1UL], R b[strlen(b) < 2UL ? strlen(b) + 1UL : 2UL]"},
		{"sprintf", []ir.Expr{a, format("%d"), i}, "W a~"},
		{"sprintf", []ir.Expr{a, format("%*s"), i, b}, "W a~, R b[strlen(b) + 1UL]"},
		{"sprintf", []ir.Expr{a, format("%s"), msg}, "W a~"}, // strerror's message: its length is unknown
		{"sprintf", []ir.Expr{a, b, b}, "W a~, R b~, R b~"},
		{"snprintf", []ir.Expr{a, n, format("%s"), b}, "W a[strlen(b) < n ? strlen(b) + 1UL : n], R b[strlen(b) + 1UL]"},
		{"snprintf", []ir.Expr{a, n, format("%u"), i}, "W a~"},
		{"sscanf", []ir.Expr{b, lit, a, ir.AddrOf(n)}, "R b~, W a~, W &n"},
		{"wait", []ir.Expr{ir.AddrOf(n)}, "W &n"},
		{"wait", []ir.Expr{null}, ""}, // wait(NULL) accesses nothing
		{"nanosleep", []ir.Expr{ts, null}, "R ts"},
		{"nanosleep", []ir.Expr{ts, ts}, "R ts, W ts"},
		{"free", []ir.Expr{a}, "W a!"},
		{"free", []ir.Expr{null}, ""},
		{"realloc", []ir.Expr{a, n}, "W a!"},
		{"pthread_attr_init", []ir.Expr{attr}, "W attr"},
		{"pthread_attr_setdetachstate", []ir.Expr{attr, ir.IntConst(0)}, "W attr"},
		{"pthread_attr_getstacksize", []ir.Expr{attr, ir.AddrOf(n)}, "R attr, W &n"},
		{"pthread_mutexattr_settype", []ir.Expr{attr, ir.IntConst(1)}, "W attr"},
		{"pthread_join", []ir.Expr{n, ts}, "W ts"},
		{"__ladr_create", []ir.Expr{ir.IntConst(1), ts, null}, "W ts"}, // pthread_create's thread id
		{"pthread_join", []ir.Expr{n, null}, ""},
		{"sem_getvalue", []ir.Expr{a, ts}, "W ts"},
		{"pthread_mutex_init", []ir.Expr{a, attr}, "R attr"},
		{"pthread_mutex_init", []ir.Expr{a, null}, ""},
		{"pthread_cond_timedwait", []ir.Expr{a, b, ts}, "R ts"},
	} {
		var got []string
		for _, m := range sharing.MemAccesses(tc.name, tc.args) {
			k := "R "
			if m.Write {
				k = "W "
			}
			k += ir.ExprString(m.Pointer)
			if m.Size != nil {
				k += "[" + ir.ExprString(m.Size) + "]"
			}
			if m.Approx != "" {
				k += "~"
			}
			if m.Unchecked != "" {
				k += "!"
			}
			got = append(got, k)
		}
		for _, m := range sharing.MemAccesses(tc.name, tc.args) {
			if m.Heap != (tc.name == "free" || tc.name == "realloc") {
				t.Errorf("MemAccesses(%s): Heap = %v: only free and realloc are given a heap block", tc.name, m.Heap)
			}
		}
		if g := strings.Join(got, ", "); g != tc.want {
			t.Errorf("MemAccesses(%s) = %q, want %q", tc.name, g, tc.want)
		}
	}
}

// TestSharedLocalThroughThreadArgumentCopy: two threads given the address
// of the same local both see it shared, and their own copies of the start
// routine's locals stay private.
func TestSharedLocalThroughThreadArgumentCopy(t *testing.T) {
	u := analyze(t, `
#include <pthread.h>
void *w(void *arg) { int own = 0; int *p = arg; *p += own; return 0; }
int main(void) {
	pthread_t a, b;
	int counter = 0;
	pthread_create(&a, 0, w, &counter);
	pthread_create(&b, 0, w, &counter);
	return counter;
}`)
	for _, v := range vars(u.Prog, "counter") {
		if !u.Sharing.SharedVar(v) {
			t.Errorf("counter is not shared")
		}
	}
	owns := vars(u.Prog, "own")
	if len(owns) != 2 {
		t.Fatalf("%d copies of own, want 2", len(owns))
	}
	for _, v := range owns {
		if u.Sharing.SharedVar(v) {
			t.Errorf("a thread's own local is shared")
		}
	}
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

// TestThreadLocalAddressEscapes: a thread-local variable is private to its
// thread only as long as its address does not escape; here main passes
// &tls to T1, which writes it while main does.
func TestThreadLocalAddressEscapes(t *testing.T) {
	u := analyze(t, `
#include <pthread.h>
_Thread_local int tls;
void *w(void *arg) { int *p = arg; *p = 1; return 0; }
int main(void) {
	pthread_t t;
	pthread_create(&t, 0, w, &tls);
	tls = 2;
	pthread_join(t, 0);
	return tls;
}`)
	v := vars(u.Prog, "tls")[0]
	if !u.Sharing.Taken[v] {
		t.Errorf("tls is not address-taken")
	}
	if !u.Sharing.SharedVar(v) {
		t.Errorf("tls, whose address main gives to T1, is private: main's accesses to it are not visible")
	}
}
