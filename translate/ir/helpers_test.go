package ir_test

import (
	"bytes"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/ladr-dev/ladr/translate/ir"
)

var (
	gccOnce sync.Once
	gccPath string
)

// gccSyntax runs gcc -fsyntax-only on text (with -m32 when m32 is set) and
// reports its diagnostics as a test error. It skips the test when gcc is not
// installed.
func gccSyntax(t testing.TB, text string, m32 bool) {
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
		t.Errorf("gcc %s rejects the program: %v\n%s\n--- program ---\n%s", strings.Join(args, " "), err, out, numbered(text))
	}
}

// gccBoth runs gccSyntax in both data models.
func gccBoth(t testing.TB, text string) {
	t.Helper()
	gccSyntax(t, text, false)
	gccSyntax(t, text, true)
}

func numbered(s string) string {
	var b strings.Builder
	for i, l := range strings.Split(s, "\n") {
		n := strconv.Itoa(i + 1)
		b.WriteString(strings.Repeat(" ", max(0, 4-len(n))) + n + "  " + l + "\n")
	}
	return b.String()
}

// printProg prints p and fails the test on error.
func printProg(t testing.TB, p *ir.Program) (string, *ir.SourceMap) {
	t.Helper()
	return printOpts(t, p, ir.PrintOptions{})
}

// printOpts prints p with options.
func printOpts(t testing.TB, p *ir.Program, opts ir.PrintOptions) (string, *ir.SourceMap) {
	t.Helper()
	var b bytes.Buffer
	sm, err := ir.Fprint(&b, p, opts)
	if err != nil {
		t.Fatalf("Fprint: %v", err)
	}
	return b.String(), sm
}

// lines returns the lines of s, numbered from 1 (index 0 is empty).
func lines(s string) []string { return append([]string{""}, strings.Split(s, "\n")...) }

// afterPrelude returns the printed text after the prelude.
func afterPrelude(t testing.TB, s string) string {
	t.Helper()
	if !strings.HasPrefix(s, ir.Prelude) {
		t.Fatalf("the printed program does not start with the prelude")
	}
	return s[len(ir.Prelude):]
}

// Builders.

var (
	intT   = ir.IntType
	intPtr = &ir.Pointer{Elem: ir.IntType}
)

func global(name string, t ir.Type) *ir.Var { return &ir.Var{Name: name, Type: t, Class: ir.Global} }
func local(name string, t ir.Type) *ir.Var  { return &ir.Var{Name: name, Type: t, Class: ir.Local} }
func ref(v *ir.Var) ir.Expr                 { return ir.Ref(v) }
func lit(v int64) ir.Expr                   { return ir.IntConst(v) }
func bin(op ir.Op, x, y ir.Expr) ir.Expr    { return ir.Bin(op, x, y, ir.IntType) }
func un(op ir.Op, x ir.Expr) ir.Expr        { return &ir.Unary{Op: op, X: x, T: x.Type()} }
func deref(x ir.Expr) ir.Expr               { return &ir.Unary{Op: ir.Deref, X: x, T: ir.Elem(x.Type())} }
func assign(l, r ir.Expr) ir.Expr           { return ir.Set(l, r) }
func cast(t ir.Type, x ir.Expr) ir.Expr     { return &ir.Cast{X: x, T: t} }
func cond(c, x, y ir.Expr) ir.Expr          { return &ir.Cond{C: c, X: x, Y: y, T: x.Type()} }
func comma(x, y ir.Expr) ir.Expr            { return &ir.Comma{X: x, Y: y} }
func stmt(x ir.Expr) ir.Stmt                { return ir.Exec(ir.Loc{}, x) }
func block(list ...ir.Stmt) *ir.Block       { return ir.NewBlock(ir.Loc{}, list...) }
func decl(v *ir.Var, init ir.Expr) ir.Stmt {
	d := &ir.DeclStmt{Var: v}
	if init != nil {
		d.Init = &ir.Init{Expr: init, T: v.Type}
	}
	return d
}

// mainFunc returns int main(void) { body...; return 0; }.
func mainFunc(body ...ir.Stmt) *ir.Function {
	body = append(body, &ir.Return{X: lit(0)})
	return &ir.Function{Name: "main", Type: &ir.Func{Result: ir.IntType}, Body: block(body...)}
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
