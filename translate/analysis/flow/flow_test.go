package flow_test

import (
	"fmt"
	"math/bits"
	"strings"
	"testing"

	"github.com/ladr-dev/ladr/translate"
	"github.com/ladr-dev/ladr/translate/analysis/flow"
	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/cfront"
	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/seq"
)

// mainOf parses a C program, runs the passes up to inline (calls of
// defined functions inlined, loops kept) and returns main.
func mainOf(t *testing.T, src string) *ir.Function {
	t.Helper()
	p, err := cfront.New().Parse("t.c", []byte(src), cfront.Options{Model: cfront.LP64})
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	u, err := translate.Run(p, translate.Config{Model: cfront.LP64, Limits: bound.Limits{Unwind: 2, Recursion: 2}, Rounds: 2, Property: seq.Race}, nil,
		translate.RunOptions{StopAfter: "inline"})
	if err != nil {
		t.Fatalf("translate: %v", err)
	}
	return u.Entries[0]
}

// The lattice of the tests: the markers (mark(k) calls, k < 32) seen on
// some path (may) and on every path (must) to a point, with the bits of
// the hooks: branch taken true (T) or false (F) on the condition c, and
// a loop left (L).
type state struct {
	reach     bool
	may, must uint64
}

const (
	bitT = 1 << 40
	bitF = 1 << 41
	bitL = 1 << 42
)

func (s state) String() string {
	if !s.reach {
		return "unreachable"
	}
	show := func(m uint64) string {
		var out []string
		for m != 0 {
			i := bits.TrailingZeros64(m)
			m &^= 1 << i
			switch uint64(1) << i {
			case bitT:
				out = append(out, "T")
			case bitF:
				out = append(out, "F")
			case bitL:
				out = append(out, "L")
			default:
				out = append(out, fmt.Sprint(i))
			}
		}
		return "{" + strings.Join(out, " ") + "}"
	}
	return "may " + show(s.may) + " must " + show(s.must)
}

// call returns the name and constant argument of a call statement.
func call(s ir.Stmt) (string, int) {
	x, ok := s.(*ir.ExprStmt)
	if !ok {
		return "", 0
	}
	c, _ := bound.CallOf(x)
	if c == nil {
		return "", 0
	}
	f := ir.CalledFunc(c)
	if f == nil {
		return "", 0
	}
	k := -1
	if len(c.Args) == 1 {
		if l, ok := ir.Uncast(c.Args[0]).(*ir.IntLit); ok {
			k = int(l.Val)
		}
	}
	return f.Name, k
}

// isC reports whether e is the variable c (possibly converted).
func isC(e ir.Expr) bool {
	id, ok := ir.Uncast(e).(*ir.Ident)
	return ok && id.Var.Name == "c"
}

func lattice() flow.Lattice[state] {
	return flow.Lattice[state]{
		Join: func(a, b state) state {
			switch {
			case !a.reach:
				return b
			case !b.reach:
				return a
			}
			return state{reach: true, may: a.may | b.may, must: a.must & b.must}
		},
		Equal: func(a, b state) bool { return a == b },
		Transfer: func(s ir.Stmt, in state) state {
			if !in.reach {
				return in
			}
			switch name, k := call(s); name {
			case "mark":
				in.may |= 1 << k
				in.must |= 1 << k
			case "stop":
				return state{}
			}
			return in
		},
		Exit: func(s ir.Stmt) bool { name, _ := call(s); return name == "stop" },
		Branch: func(cond ir.Expr, in state, taken bool) state {
			if !in.reach || !isC(cond) {
				return in
			}
			b := uint64(bitF)
			if taken {
				b = bitT
			}
			return state{reach: true, may: in.may | b, must: in.must | b}
		},
		AfterLoop: func(l *ir.Loop, out state) state {
			if out.reach {
				out.may |= bitL
				out.must |= bitL
			}
			return out
		},
	}
}

// at returns the state on entry of mark(k) (unreachable when it is not
// reached).
func at(t *testing.T, f *ir.Function, res flow.Result[state], k int) state {
	t.Helper()
	var found ir.Stmt
	ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
		if s, ok := n.(ir.Stmt); ok {
			if name, j := call(s); name == "mark" && j == k {
				found = s
			}
		}
		return found == nil
	})
	if found == nil {
		t.Fatalf("no mark(%d)", k)
	}
	return res.In[found]
}

const prelude = `
void mark(int);
void stop(void);
int c, d;
`

func TestForward(t *testing.T) {
	for _, tc := range []struct {
		name string
		body string // main's body
		// want: the state on entry of mark(k), by k, and at the exit (-1).
		want map[int]string
	}{
		{"straight line", `mark(1); mark(2);`, map[int]string{
			2:  "may {1} must {1}",
			-1: "may {1 2} must {1 2}",
		}},
		{"if else", `if (c) mark(1); else mark(2); mark(3);`, map[int]string{
			1: "may {T} must {T}",
			2: "may {F} must {F}",
			3: "may {1 2 T F} must {}",
		}},
		{"while", `mark(1); while (c) { mark(2); mark(3); } mark(4);`, map[int]string{
			2: "may {1 2 3 T} must {1 T}",
			4: "may {1 2 3 T F L} must {1 F L}",
		}},
		{"while with break", `while (c) { mark(1); if (d) { mark(2); break; } mark(3); } mark(4);`, map[int]string{
			1: "may {1 3 T} must {T}",
			// Left by the break (no F) or by the condition.
			4: "may {1 2 3 T F L} must {L}",
		}},
		{"while with continue", `while (c) { mark(1); if (d) continue; mark(2); } mark(3);`, map[int]string{
			1: "may {1 2 T} must {T}",
			2: "may {1 2 T} must {1 T}",
			3: "may {1 2 T F L} must {F L}",
		}},
		// Conservative: the back edge of a do-while is not refined by
		// the condition (Branch true is not applied on it), so no T
		// reaches the body: a refinement left out only loses precision.
		{"do while", `do { mark(1); } while (c); mark(2);`, map[int]string{
			1: "may {1} must {}",
			// The body ran at least once.
			2: "may {1 F L} must {1 F L}",
		}},
		{"do while with break", `do { mark(1); if (d) break; mark(2); } while (c); mark(3);`, map[int]string{
			3: "may {1 2 F L} must {1 L}",
		}},
		{"nested loops, inner break", `while (c) { while (d) { mark(1); break; } mark(2); } mark(3);`, map[int]string{
			2: "may {1 2 T L} must {T L}",
			3: "may {1 2 T F L} must {F L}",
		}},
		{"for with continue", `for (int i = 0; i < 3; i++) { if (d) continue; mark(1); } mark(2);`, map[int]string{
			2: "may {1 L} must {L}",
		}},
		{"goto forward", `mark(1); if (d) goto out; mark(2); out: mark(3);`, map[int]string{
			3:  "may {1 2} must {1}",
			-1: "may {1 2 3} must {1 3}",
		}},
		{"goto backward", `again: mark(1); if (d) { mark(2); goto again; } mark(3);`, map[int]string{
			1: "may {1 2} must {}",
			3: "may {1 2} must {1}",
		}},
		{"goto out of a loop, backward", `top: mark(1); while (c) { mark(2); if (d) goto top; } mark(3);`, map[int]string{
			1: "may {1 2 T} must {}",
			3: "may {1 2 T F L} must {1 F L}",
		}},
		{"return", `if (d) { mark(1); return 0; } mark(2);`, map[int]string{
			2:  "may {} must {}",
			-1: "may {1 2} must {}",
		}},
		{"exit hook", `if (d) { mark(1); stop(); mark(9); } mark(2);`, map[int]string{
			9:  "unreachable",
			2:  "may {} must {}",
			-1: "may {1 2} must {}",
		}},
		{"switch with fall through", `switch (d) { case 1: mark(1); case 2: mark(2); break; default: mark(3); } mark(4);`, map[int]string{
			2: "may {1} must {}",
			4: "may {1 2 3} must {}",
		}},
		// A loop without a condition, or with a constant true one, is
		// only left by its break.
		{"for ever with break", `for (;;) { mark(1); if (d) { mark(2); break; } } mark(3);`, map[int]string{
			3: "may {1 2 L} must {1 2 L}",
		}},
		{"while (1) with break", `while (1) { mark(1); if (d) { mark(2); break; } } mark(3);`, map[int]string{
			3: "may {1 2 L} must {1 2 L}",
		}},
		{"while (1) without break", `while (1) { mark(1); } mark(3);`, map[int]string{
			3: "unreachable",
		}},
		{"if (0)", `if (0) mark(1); mark(2);`, map[int]string{
			1: "unreachable",
			2: "may {} must {}",
		}},
		{"while ((char)256) is never entered", `while ((char)256) mark(1); mark(2);`, map[int]string{
			1: "unreachable",
			2: "may {L} must {L}",
		}},
		{"goto into a loop body", `mark(5); goto inside; while (c) { mark(1); inside: mark(2); } mark(3);`, map[int]string{
			1: "may {1 2 5 T} must {2 5 T}",
			2: "may {1 2 5 T} must {5}",
			3: "may {1 2 5 T F L} must {2 5 F L}",
		}},
		{"break of a switch in a loop", `while (c) { switch (d) { case 1: mark(1); break; } mark(2); } mark(3);`, map[int]string{
			2: "may {1 2 T} must {T}",
			3: "may {1 2 T F L} must {F L}",
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := prelude + "int main(void) {\n" + tc.body + "\nreturn 0;\n}\n"
			f := mainOf(t, src)
			res, ok := flow.Forward(f.Body, state{reach: true}, lattice())
			if !ok {
				t.Fatal("no fixpoint")
			}
			for k, want := range tc.want {
				var got state
				if k < 0 {
					got = res.Exit
				} else {
					got = at(t, f, res, k)
				}
				if got.String() != want {
					t.Errorf("at mark(%d): %s, want %s", k, got, want)
				}
			}
		})
	}
}

func TestForwardPartitioned(t *testing.T) {
	for _, tc := range []struct {
		name string
		body string // main's body; i, j, r are local ints
		want map[int]string
	}{
		{"same test twice", `if (i) mark(1); mark(2); if (i) mark(3); if (!i) mark(4);`, map[int]string{
			3: "may {1 2} must {1 2}",
			4: "may {2} must {2}",
		}},
		{"two variables", `if (i) mark(1); if (j) mark(2); if (i) mark(3);`, map[int]string{
			3: "may {1 2} must {1}",
		}},
		{"return value", `if (c) { mark(1); r = 0; } else { r = -1; } if (r == 0) mark(2); if (r != 0) mark(3); if (r == -1) mark(4);`, map[int]string{
			2: "may {1} must {1}",
			3: "may {} must {}",
			4: "may {3} must {3}",
		}},
		{"copied", `if (c) { mark(1); r = 0; } else r = 1; i = r; if (i == 0) mark(2);`, map[int]string{
			2: "may {1} must {1}",
		}},
		{"reassigned: forgotten", `if (i) mark(1); i = c; if (i) mark(2);`, map[int]string{
			2: "may {1} must {}",
		}},
		{"incremented: forgotten", `r = 0; if (c) { mark(1); r = 1; } r++; if (r == 1) mark(2);`, map[int]string{
			2: "may {1} must {}",
		}},
		{"written in a loop's post: not tracked", `for (r = 0; r != 3; r++) mark(1); mark(2);`, map[int]string{
			2: "may {1 L} must {L}",
		}},
		{"loop", `r = 0; while (c) { if (d) { mark(1); r = 1; } } if (r) mark(2);`, map[int]string{
			2: "may {1 L} must {1 L}",
		}},
		{"addressed: not tracked", `int *p = &i; if (i) mark(1); *p = 0; if (i) mark(2);`, map[int]string{
			2: "may {1} must {}",
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := prelude + "int main(void) {\nint i = c, j = d, r;\n" + tc.body + "\nreturn 0;\n}\n"
			f := mainOf(t, src)
			l := lattice()
			l.Branch, l.AfterLoop = nil, nil
			res, ok := flow.ForwardPartitioned(f.Body, state{reach: true}, withLoopBit(l), flow.TrackedVars(f.Body))
			if !ok {
				t.Fatal("no fixpoint")
			}
			for k, want := range tc.want {
				if got := at(t, f, res, k); got.String() != want {
					t.Errorf("at mark(%d): %s, want %s", k, got, want)
				}
			}
		})
	}
}

// withLoopBit keeps the AfterLoop hook of the test lattice (L).
func withLoopBit(l flow.Lattice[state]) flow.Lattice[state] {
	l.AfterLoop = lattice().AfterLoop
	return l
}

// TestForwardPartitionedWidens: more paths than partitions, in a loop and
// through backward gotos, still reach a fixpoint.
func TestForwardPartitionedWidens(t *testing.T) {
	var b strings.Builder
	b.WriteString("again: while (c) {\n")
	for k := 0; k < 12; k++ {
		fmt.Fprintf(&b, "int v%d = d; if (v%d == %d) { mark(%d); }\n", k, k, k, k)
	}
	b.WriteString("if (d) goto again;\n}\nmark(20);\n")
	f := mainOf(t, prelude+"int main(void) {\n"+b.String()+"return 0;\n}\n")
	res, ok := flow.ForwardPartitioned(f.Body, state{reach: true}, lattice(), flow.TrackedVars(f.Body))
	if !ok {
		t.Fatal("no fixpoint")
	}
	if got := at(t, f, res, 20).String(); !strings.HasPrefix(got, "may {0 1 2 3 4 5 6 7 8 9 10 11") {
		t.Errorf("at mark(20): %s", got)
	}
}

// TestForwardEnd: End is the state in which control falls off the body's
// end, apart from the returns (both in Exit).
func TestForwardEnd(t *testing.T) {
	for _, tc := range []struct {
		name, body, end, exit string
	}{
		{"falls off", `if (d) { mark(1); return; } mark(2);`, "may {2} must {2}", "may {1 2} must {}"},
		{"returns only", `if (d) { mark(1); return; } mark(2); return;`, "unreachable", "may {1 2} must {}"},
		{"loop for ever", `for (;;) { mark(1); if (d) return; }`, "unreachable", "may {1} must {1}"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := prelude + "void f(void) {\n" + tc.body + "\n}\n"
			p, err := cfront.New().Parse("t.c", []byte(src), cfront.Options{Model: cfront.LP64})
			if err != nil {
				t.Fatal(err)
			}
			res, ok := flow.Forward(p.Func("f").Body, state{reach: true}, lattice())
			if !ok {
				t.Fatal("no fixpoint")
			}
			if got := res.End.String(); got != tc.end {
				t.Errorf("End %s, want %s", got, tc.end)
			}
			if got := res.Exit.String(); got != tc.exit {
				t.Errorf("Exit %s, want %s", got, tc.exit)
			}
		})
	}
}
