package bound_test

import (
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/ladr-dev/ladr/translate"
	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/cfront"
	"github.com/ladr-dev/ladr/translate/ir"
)

var fe = cfront.New()

// run parses src (LP64) and runs the passes up to and including stop.
func run(t testing.TB, src, stop string, lim bound.Limits) *translate.Unit {
	t.Helper()
	u, err := runErr(t, src, stop, lim)
	if err != nil {
		t.Fatalf("translate.Run(StopAfter %q): %v", stop, err)
	}
	return u
}

func runErr(t testing.TB, src, stop string, lim bound.Limits) (*translate.Unit, error) {
	t.Helper()
	p, err := fe.Parse("test.c", []byte(src), cfront.Options{Model: cfront.LP64})
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	if lim.Unwind == 0 {
		lim.Unwind = 2
	}
	return translate.Run(p, translate.Config{Model: cfront.LP64, Limits: lim, Rounds: 2}, nil, translate.RunOptions{StopAfter: stop})
}

var (
	gccOnce sync.Once
	gccPath string
)

// gccSyntax checks that gcc accepts the printed program p.
func gccSyntax(t testing.TB, p *ir.Program) string {
	t.Helper()
	text := ir.String(p)
	gccOnce.Do(func() { gccPath, _ = exec.LookPath("gcc") })
	if gccPath == "" {
		t.Skip("gcc not installed")
	}
	cmd := exec.Command(gccPath, "-fsyntax-only", "-w", "-xc", "-")
	cmd.Stdin = strings.NewReader(text)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("gcc rejects the printed program: %v\n%s\n%s", err, out, numbered(text))
	}
	return text
}

func numbered(s string) string {
	var b strings.Builder
	for i, l := range strings.Split(s, "\n") {
		n := strconv.Itoa(i + 1)
		b.WriteString(strings.Repeat(" ", max(0, 4-len(n))) + n + "  " + l + "\n")
	}
	return b.String()
}

// collect returns the nodes of type T under n.
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

func body(t testing.TB, p *ir.Program, name string) ir.Stmt {
	t.Helper()
	f := p.Func(name)
	if f == nil || f.Body == nil {
		t.Fatalf("no function %s with a body", name)
	}
	return f.Body
}

// callsTo returns the calls of the named function under n.
func callsTo(n any, name string) []*ir.Call {
	var out []*ir.Call
	for _, c := range collect[*ir.Call](n) {
		if f := ir.CalledFunc(c); f != nil && f.Name == name {
			out = append(out, c)
		}
	}
	return out
}

// parentOf returns the statement directly containing s (a block, an if or
// a loop) under root.
func parentOf(root ir.Stmt, s ir.Stmt) ir.Stmt {
	var found ir.Stmt
	ir.Inspect(root, func(n any) bool {
		switch x := n.(type) {
		case *ir.Block:
			for _, c := range x.List {
				if c == s {
					found = x
				}
			}
		case *ir.If:
			if ir.Stmt(x.Then) == s || (x.Else != nil && ir.Stmt(x.Else) == s) {
				found = x
			}
		case *ir.Loop:
			if ir.Stmt(x.Body) == s {
				found = x
			}
		}
		return found == nil
	})
	return found
}

// stmtCalling returns the expression statements calling the named function.
func stmtsCalling(n any, name string) []*ir.ExprStmt {
	var out []*ir.ExprStmt
	for _, s := range collect[*ir.ExprStmt](n) {
		if c, _ := bound.CallOf(s); c != nil {
			if f := ir.CalledFunc(c); f != nil && f.Name == name {
				out = append(out, s)
			}
		}
	}
	return out
}

// labelsWithPrefix counts the labels whose name starts with prefix.
func labelsWithPrefix(n any, prefix string) []string {
	var out []string
	for _, l := range collect[*ir.Label](n) {
		if strings.HasPrefix(l.Name, prefix) {
			out = append(out, l.Name)
		}
	}
	return out
}

// boundMarks returns the bound markers under n: calls of bound.BoundFunc
// or of the loop-bound variant (__ladr_loop_bound, when the unwinder uses
// one).
func boundMarks(n any) []*ir.ExprStmt {
	var out []*ir.ExprStmt
	for _, s := range collect[*ir.ExprStmt](n) {
		if c, _ := bound.CallOf(s); c != nil {
			if f := ir.CalledFunc(c); f != nil && (f.Name == bound.BoundFunc || f.Name == "__ladr_loop_bound") {
				out = append(out, s)
			}
		}
	}
	return out
}

// lineOf returns the line (from 1) of the first occurrence of sub in src.
func lineOf(t testing.TB, src, sub string) int {
	t.Helper()
	i := strings.Index(src, sub)
	if i < 0 {
		t.Fatalf("%q is not in the source", sub)
	}
	return strings.Count(src[:i], "\n") + 1
}

// copiesOf counts the statements under n that come from source line
// line (copies of one statement, whatever the unwinder substituted in
// them).
func copiesOf(n any, line int) int {
	k := 0
	for _, s := range collect[ir.Stmt](n) {
		if _, ok := s.(*ir.Block); ok {
			continue
		}
		if s.Origin().Pos.Line == line {
			k++
		}
	}
	return k
}
