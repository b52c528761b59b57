package follow_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/ladr-dev/ladr/translate"
	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/cfront"
	"github.com/ladr-dev/ladr/translate/follow"
	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/seq"
)

const prog = `#include <pthread.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int x;
void *t(void *a) {
  x = 1;
  return 0;
}
int main(void) {
  pthread_t h;
  int n = __VERIFIER_nondet_int();
  pthread_create(&h, 0, t, 0);
  if (n > 5) {
    if (x == 1)
      reach_error();
  }
  return 0;
}
`

// translateFollowing translates prog for reach_error with spec followed and
// returns the printed program and what the pass did.
func translateFollowing(t *testing.T, spec *follow.Spec) (string, *follow.Result) {
	t.Helper()
	p, err := cfront.New().Parse("prog.c", []byte(prog), cfront.Options{Model: cfront.LP64})
	if err != nil {
		t.Fatal(err)
	}
	u, err := translate.Run(p, translate.Config{Model: cfront.LP64, Limits: bound.Limits{Unwind: 2}, Rounds: 2, Property: seq.Assert, Follow: spec}, nil, translate.RunOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := ir.Fprint(&buf, u.Prog, ir.PrintOptions{}); err != nil {
		t.Fatal(err)
	}
	return buf.String(), u.Follow
}

func TestApply(t *testing.T) {
	wp := func(line, thread int) follow.Waypoint {
		return follow.Waypoint{Line: line, Thread: thread, Creates: follow.AnyThread}
	}
	branch := wp(13, 0)
	branch.Branch = follow.Else
	value := wp(11, 0)
	value.Post = []string{"n == 9"}
	unreadable := wp(11, 0)
	unreadable.Post = []string{"n == (int)9"}
	create := wp(12, 0)
	create.Creates = 1
	for _, tc := range []struct {
		name      string
		spec      follow.Spec
		want      []string // in the printed program
		placed    int
		unplaced  int
		ignored   int
		notWanted []string
		short     bool // no execution of the bounded program follows it
	}{
		{name: "threads numbered in creation order",
			spec: follow.Spec{Waypoints: []follow.Waypoint{wp(12, 0), wp(6, 1), wp(15, 0)}},
			want: []string{"__ladr_wit_created = __ladr_wit_created + 1;", "__ladr_wit_tid[1] == 1", "__ladr_wit_done0 && __ladr_wit_done1 && __ladr_wit_done2"}, placed: 3},
		{name: "a visible step is ordered after the others'",
			spec: follow.Spec{Waypoints: []follow.Waypoint{wp(6, 1), wp(14, 0)}},
			want: []string{"__ladr_wit_visible <= (__LADR_BV(2))1U", "__ladr_wit_visible <= (__LADR_BV(2))0U", "!__ladr_wit_done1"}, placed: 2},
		{name: "a branch direction bans the other branch",
			spec: follow.Spec{Waypoints: []follow.Waypoint{branch}},
			want: []string{"__ladr_wit_at1 = (_Bool)1;", "__CPROVER_assume(!__ladr_wit_at1)"}, placed: 1},
		{name: "a value after the statement",
			spec: follow.Spec{Waypoints: []follow.Waypoint{value}},
			want: []string{"if (__ladr_wit_at1)", "== 9"}, placed: 1},
		{name: "an unreadable value is left out",
			spec: follow.Spec{Waypoints: []follow.Waypoint{unreadable}}, placed: 1, ignored: 1},
		{name: "a line with no statement",
			spec: follow.Spec{Waypoints: []follow.Waypoint{wp(3, 0), wp(15, 0)}}, placed: 1, unplaced: 1},
		{name: "a branch on a line with no branch: placed, its direction left out",
			spec: follow.Spec{Waypoints: []follow.Waypoint{func() follow.Waypoint { w := wp(11, 0); w.Branch = follow.Then; return w }()}}, placed: 1, ignored: 1},
		{name: "a branch on a line with no statement",
			spec: follow.Spec{Waypoints: []follow.Waypoint{func() follow.Waypoint { w := wp(3, 0); w.Branch = follow.Then; return w }()}}, unplaced: 1},
		{name: "named threads are bound at their creation",
			spec: follow.Spec{NamedThreads: true, Waypoints: []follow.Waypoint{create, wp(6, 1)}},
			want: []string{"__ladr_wit_tid[1] = 1;"}, notWanted: []string{"__ladr_wit_created + 1"}, placed: 2},
		{name: "a function's first line is its entry",
			spec: follow.Spec{Waypoints: []follow.Waypoint{func() follow.Waypoint { w := wp(5, 1); w.Post = []string{"a == 0"}; return w }()}},
			want: []string{"__ladr_wit_at1)"}, placed: 1},
		{name: "a thread's steps out of program order cannot be followed",
			spec: follow.Spec{Waypoints: []follow.Waypoint{wp(12, 0), wp(11, 0)}}, placed: 2, short: true},
		{name: "a thread's steps in the other thread's function cannot be followed",
			spec: follow.Spec{Waypoints: []follow.Waypoint{wp(12, 0), wp(14, 1)}}, placed: 2, short: true},
		{name: "a branch before the statements it chooses",
			spec: follow.Spec{Waypoints: []follow.Waypoint{branch, wp(15, 0)}}, placed: 2},
		{name: "a thread waits at a visible statement: passed before its label or when it runs",
			spec: follow.Spec{Waypoints: []follow.Waypoint{func() follow.Waypoint { w := wp(14, 0); w.At = true; return w }(), wp(6, 1)}},
			want: []string{"__ladr_wit_visat0 = __ladr_wit_visible;", "__ladr_wit_visat0 <= (__LADR_BV(2))0U", "__ladr_wit_visible > (__LADR_BV(2))1U ? __ladr_wit_visible : (__LADR_BV(2))1U"}, placed: 2},
		{name: "a waypoint in another file",
			spec: follow.Spec{Waypoints: []follow.Waypoint{func() follow.Waypoint { w := wp(12, 0); w.OtherFile = "lib.h"; return w }(), wp(15, 0)}}, placed: 1, unplaced: 1},
		{name: "another file's lines",
			spec: follow.Spec{File: "other.c", Waypoints: []follow.Waypoint{wp(12, 0)}}, unplaced: 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			text, res := translateFollowing(t, &tc.spec)
			for _, w := range tc.want {
				if !strings.Contains(text, w) {
					t.Errorf("the program lacks %q", w)
				}
			}
			for _, w := range tc.notWanted {
				if strings.Contains(text, w) {
					t.Errorf("the program has %q", w)
				}
			}
			if res.Placed != tc.placed || len(res.Unplaced) != tc.unplaced || len(res.Ignored) != tc.ignored {
				t.Errorf("placed %d, unplaced %d, ignored %d; want %d, %d, %d", res.Placed, len(res.Unplaced), len(res.Ignored), tc.placed, tc.unplaced, tc.ignored)
			}
			if (res.Short != nil) != tc.short {
				t.Errorf("Short = %+v, want one: %v", res.Short, tc.short)
			}
			if res.Placed > 0 && !strings.Contains(text, "__ladr_wit_done") {
				t.Errorf("the assertions are not guarded by the witness's end")
			}
		})
	}
}

func TestParseExpr(t *testing.T) {
	x := &ir.Var{Name: "x", Type: ir.IntType, Class: ir.Global}
	u := &ir.Var{Name: "u", Type: ir.UIntType, Class: ir.Global}
	arr := &ir.Var{Name: "a", Type: &ir.Array{Elem: ir.IntType, Len: 4}, Class: ir.Global}
	st := &ir.Struct{Tag: "s", Fields: []*ir.Field{{Name: "f", Type: ir.IntType}}, Complete: true}
	s := &ir.Var{Name: "s", Type: st, Class: ir.Global}
	p := &ir.Var{Name: "p", Type: &ir.Pointer{Elem: st}, Class: ir.Global}
	vars := map[string]*ir.Var{"x": x, "u": u, "a": arr, "s": s, "p": p}
	lookup := func(n string) *ir.Var { return vars[n] }
	for _, tc := range []struct {
		src    string
		result bool
		want   string // the printed expression, or the error's text
		err    bool
	}{
		{src: "x == 5", want: "x == 5"},
		{src: "x == 5;", want: "x == 5"},
		{src: "x == 5; u == 4294967295U", want: "x == 5 && u == 4294967295U"},
		{src: "x == -3", want: "x == -3"},
		{src: "(x + 1) * 2 > 0x10", want: "(x + 1) * 2 > 16"},
		{src: "a[2] == 1 && s.f == 0 || p->f != 0", want: "a[2] == 1 && s.f == 0 || p->f != 0"},
		{src: "x", want: "x != 0"},
		{src: `\result == 7`, result: true, want: "x == 7"},
		{src: `\result == 7`, want: `\result`, err: true},
		{src: "y == 1", want: "no variable y", err: true},
		{src: "x == (int)1", want: "no variable int", err: true},
		{src: "x (1)", want: "unexpected \"(\"", err: true},
		{src: "f(x)", want: "no variable f", err: true},
		{src: "x ==", want: "unexpected end", err: true},
		{src: "1.5 == x", want: "bad constant", err: true},
		{src: "s == 1", want: "not numbers", err: true},
		{src: "", want: "empty", err: true},
	} {
		t.Run(tc.src, func(t *testing.T) {
			var res ir.Expr
			if tc.result {
				res = ir.Ref(x)
			}
			e, err := follow.ParseExpr(tc.src, lookup, res)
			if tc.err {
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Fatalf("error %v, want one with %q", err, tc.want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := ir.ExprString(e); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestNeedsRounds(t *testing.T) {
	wp := func(line, thread int) follow.Waypoint { return follow.Waypoint{Line: line, Thread: thread} }
	for _, tc := range []struct {
		name   string
		wps    []follow.Waypoint
		rounds int
	}{
		{"none", nil, 0},
		{"one thread, a loop line three times", []follow.Waypoint{wp(3, 0), wp(4, 0), wp(3, 0), wp(4, 0), wp(3, 0)}, 1},
		{"two threads taking turns", []follow.Waypoint{wp(3, 0), wp(9, 1), wp(4, 0), wp(9, 1), wp(5, 0)}, 3},
		{"threads not given count for nothing", []follow.Waypoint{wp(3, follow.AnyThread), wp(3, follow.AnyThread)}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := follow.Spec{Waypoints: tc.wps}
			if r := s.NeedsRounds(); r != tc.rounds {
				t.Errorf("NeedsRounds() = %d; want %d", r, tc.rounds)
			}
		})
	}
}

// FuzzParseExpr feeds ParseExpr arbitrary text: an expression or an
// error, never a panic.
func FuzzParseExpr(f *testing.F) {
	for _, s := range []string{"x == 5", "a[2] == 1 && s.f == 0 || p->f != 0", `\result == -7;`, "((x", "x ->", "0x", "1 << 99999999999999999999"} {
		f.Add(s)
	}
	x := &ir.Var{Name: "x", Type: ir.IntType, Class: ir.Global}
	arr := &ir.Var{Name: "a", Type: &ir.Array{Elem: ir.IntType, Len: 4}, Class: ir.Global}
	st := &ir.Struct{Tag: "s", Fields: []*ir.Field{{Name: "f", Type: ir.IntType}}, Complete: true}
	s := &ir.Var{Name: "s", Type: st, Class: ir.Global}
	p := &ir.Var{Name: "p", Type: &ir.Pointer{Elem: st}, Class: ir.Global}
	vars := map[string]*ir.Var{"x": x, "a": arr, "s": s, "p": p}
	f.Fuzz(func(t *testing.T, src string) {
		e, err := follow.ParseExpr(src, func(n string) *ir.Var { return vars[n] }, ir.Ref(x))
		if err == nil && e == nil {
			t.Fatal("no expression and no error")
		}
		if err == nil {
			_ = ir.ExprString(e)
		}
	})
}

// FuzzApply follows arbitrary witnesses (waypoints decoded from the
// input: line, thread, branch, kind) on a fixed two-thread program: the
// pass places or leaves out each, never panics.
func FuzzApply(f *testing.F) {
	f.Add([]byte{12, 0, 0, 0, 6, 1, 0, 0, 15, 0, 0, 3})
	f.Add([]byte{3, 9, 1, 1, 14, 2, 2, 2, 6, 0, 0, 4})
	f.Fuzz(func(t *testing.T, data []byte) {
		spec := &follow.Spec{NamedThreads: len(data)%2 == 1}
		for i := 0; i+3 < len(data) && len(spec.Waypoints) < 40; i += 4 {
			w := follow.Waypoint{Line: int(data[i] % 20), Thread: int(data[i+1]%5) - 1, Creates: follow.AnyThread, What: "fuzz"}
			w.Branch = follow.Branch(data[i+2] % 3)
			switch data[i+3] % 6 {
			case 1:
				w.At, w.Pre = true, []string{"x == 1"}
			case 2:
				w.Post = []string{`\result == 2`}
			case 3:
				w.Unordered, w.Target = true, true
			case 4:
				w.Enter = "t"
			case 5:
				w.Creates = int(data[i+1] % 3)
			}
			spec.Waypoints = append(spec.Waypoints, w)
		}
		p, err := cfront.New().Parse("prog.c", []byte(prog), cfront.Options{Model: cfront.LP64})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := translate.Run(p, translate.Config{Model: cfront.LP64, Limits: bound.Limits{Unwind: 2}, Rounds: 2, Property: seq.Assert, Follow: spec}, nil, translate.RunOptions{}); err != nil {
			t.Fatal(err)
		}
	})
}
