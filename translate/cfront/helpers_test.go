package cfront

import (
	"bytes"
	"os/exec"
	"strings"
	"sync"
	"testing"

	"github.com/ladr-dev/ladr/translate/ir"
)

// fe is shared by the tests: it caches the host compiler configuration.
var fe = New()

// parseOK parses src as an LP64 (or ILP32) program and fails the test on
// error.
func parseOK(t testing.TB, src string, m Model) *ir.Program {
	t.Helper()
	p, err := fe.Parse("test.c", []byte(src), Options{Model: m})
	if err != nil {
		t.Fatalf("Parse: %v\nsource:\n%s", err, src)
	}
	return p
}

// printProg prints p and fails the test on error.
func printProg(t testing.TB, p *ir.Program) (string, *ir.SourceMap) {
	t.Helper()
	var b bytes.Buffer
	sm, err := ir.Fprint(&b, p, ir.PrintOptions{})
	if err != nil {
		t.Fatalf("Fprint: %v", err)
	}
	return b.String(), sm
}

var (
	gccOnce sync.Once
	gccPath string
)

// gccSyntax runs gcc -fsyntax-only on text (with -m32 for ILP32) and
// reports gcc's diagnostics as a test error. It skips the test when gcc is
// not installed.
func gccSyntax(t testing.TB, text string, m Model) {
	t.Helper()
	gccOnce.Do(func() { gccPath, _ = exec.LookPath("gcc") })
	if gccPath == "" {
		t.Skip("gcc not installed")
	}
	args := []string{"-fsyntax-only", "-w", "-xc", "-"}
	if m == ILP32 {
		args = append([]string{"-m32"}, args...)
	}
	cmd := exec.Command(gccPath, args...)
	cmd.Stdin = strings.NewReader(text)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("gcc %s rejects the printed program: %v\n%s\n--- program ---\n%s", strings.Join(args, " "), err, out, numbered(text))
	}
}

// numbered prefixes each line of s with its number (for failure messages).
func numbered(s string) string {
	var b strings.Builder
	for i, l := range strings.Split(s, "\n") {
		b.WriteString(strings.Repeat(" ", max(0, 4-len(itoa(i+1)))))
		b.WriteString(itoa(i + 1))
		b.WriteString("  ")
		b.WriteString(l)
		b.WriteByte('\n')
	}
	return b.String()
}

func itoa(i int) string {
	const digits = "0123456789"
	if i < 10 {
		return digits[i : i+1]
	}
	return itoa(i/10) + digits[i%10:i%10+1]
}

// collect returns the nodes of type T under n in depth-first order.
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

// collectProg returns the nodes of type T in every function body and in
// the initializers of the globals of p.
func collectProg[T any](p *ir.Program) []T {
	var out []T
	for _, v := range p.Globals {
		out = append(out, collect[T](v.Init)...)
	}
	for _, f := range p.Funcs {
		if f.Body != nil {
			out = append(out, collect[T](ir.Stmt(f.Body))...)
		}
	}
	return out
}

// body returns the body of the named function.
func body(t testing.TB, p *ir.Program, name string) *ir.Block {
	t.Helper()
	f := p.Func(name)
	if f == nil || f.Body == nil {
		t.Fatalf("no function %s with a body", name)
	}
	return f.Body
}

// localVar returns the local declared with the given source name in fn.
func localVar(t testing.TB, p *ir.Program, fn, name string) *ir.DeclStmt {
	t.Helper()
	for _, d := range collect[*ir.DeclStmt](ir.Stmt(body(t, p, fn))) {
		if d.Var.Name == name {
			return d
		}
	}
	t.Fatalf("no local %s in %s", name, fn)
	return nil
}
