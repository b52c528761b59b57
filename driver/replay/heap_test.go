package replay

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/record"
)

// heapProgram is main() { int *p; int *q; unsigned long n;
// p = (int *)malloc(8); q = malloc(n); free(malloc(4)); malloc(n++); }.
func heapProgram() *ir.Program {
	prog := &ir.Program{}
	ul := ir.ULongType
	malloc := prog.DeclareFunc("malloc", &ir.Func{Result: ir.VoidPtrType, Params: []ir.Type{ul}})
	free := prog.DeclareFunc("free", &ir.Func{Result: ir.VoidType, Params: []ir.Type{ir.VoidPtrType}})
	ip := &ir.Pointer{Elem: ir.IntType}
	p := &ir.Var{Name: "p", Type: ip, Class: ir.Local}
	q := &ir.Var{Name: "q", Type: ip, Class: ir.Local}
	n := &ir.Var{Name: "n", Type: ul, Class: ir.Local}
	lit := func(v uint64) ir.Expr { return &ir.IntLit{Val: v, T: ul} }
	loc := ir.Loc{Func: "main"}
	prog.Funcs = append(prog.Funcs, &ir.Function{Name: "main", Type: &ir.Func{Result: ir.IntType}, Body: ir.NewBlock(loc,
		&ir.DeclStmt{Loc: loc, Var: p}, &ir.DeclStmt{Loc: loc, Var: q}, &ir.DeclStmt{Loc: loc, Var: n, Init: &ir.Init{Expr: lit(4)}},
		&ir.ExprStmt{Loc: loc, X: ir.Set(ir.Ref(p), &ir.Cast{X: ir.CallFn(malloc, lit(8)), T: ip})},
		&ir.ExprStmt{Loc: loc, X: ir.Set(ir.Ref(q), &ir.Cast{X: ir.CallFn(malloc, ir.Ref(n)), T: ip})},
		&ir.ExprStmt{Loc: loc, X: ir.CallFn(free, ir.CallFn(malloc, lit(4)))},
		&ir.ExprStmt{Loc: loc, X: ir.CallFn(malloc, &ir.Unary{Op: ir.PostInc, X: ir.Ref(n), T: ul})},
		&ir.Return{Loc: loc, X: ir.IntConst(0)},
	)})
	return prog
}

func TestRecordHeap(t *testing.T) {
	prog := heapProgram()
	if !CallsMalloc(prog) {
		t.Fatal("CallsMalloc: false on a program that calls malloc")
	}
	if !record.RecordHeap(prog) {
		t.Fatal("RecordHeap rewrote nothing")
	}
	var buf bytes.Buffer
	if _, err := ir.Fprint(&buf, prog, ir.PrintOptions{}); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{
		// The assignment stays inside: CBMC types the object by p.
		"(int *)__ladr_heap_fill((void *)(p = (int *)malloc(8UL)), (unsigned long)8UL);",
		"(int *)__ladr_heap_fill((void *)(q = (int *)malloc(n)), (unsigned long)n);",
		"free((void *)__ladr_heap_fill((void *)malloc(4UL), (unsigned long)4UL))",
		// A size with a side effect is not evaluated twice: left alone.
		"\n  malloc(n++);",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
	if n := strings.Count(out, "__ladr_heap_fill((void *)"); n != 3 {
		t.Errorf("%d calls of __ladr_heap_fill, want 3:\n%s", n, out)
	}
	if empty := (&ir.Program{}); CallsMalloc(empty) || record.RecordHeap(empty) {
		t.Error("a program without malloc calls was rewritten")
	}
}

// TestRunHeap replays a program whose assertion depends on the initial
// bytes of a malloc'd object: the recorded bytes are copied into it.
func TestRunHeap(t *testing.T) {
	prog := &ir.Program{}
	prog.Funcs = append(prog.Funcs, &ir.Function{Name: record.HeapFill, Type: &ir.Func{Result: ir.VoidPtrType, Params: []ir.Type{ir.VoidPtrType, ir.ULongType}}})
	text := ir.Prelude + `
void *malloc(unsigned long);
void *__ladr_heap_fill(void *, unsigned long);
int main(void) {
  unsigned char *p = (unsigned char *)__ladr_heap_fill(malloc(3), 3);
  __CPROVER_assert(!(p[0] == 7 && p[2] == 9), "ladr:test");
  return 0;
}
` + record.HeapBodies(prog)
	tests := []struct {
		name     string
		choices  []Choice
		violated bool
		diverged string
	}{
		{"bytes", []Choice{{"__ladr_heap_size", 3}, {"__ladr_heap_byte", 7}, {"__ladr_heap_byte", 0}, {"__ladr_heap_byte", 9}}, true, ""},
		{"other bytes", []Choice{{"__ladr_heap_size", 3}, {"__ladr_heap_byte", 7}, {"__ladr_heap_byte", 0}, {"__ladr_heap_byte", 8}}, false, "ran to its end"},
		{"more recorded than allocated", []Choice{{"__ladr_heap_size", 4}, {"__ladr_heap_byte", 7}, {"__ladr_heap_byte", 0}, {"__ladr_heap_byte", 9}, {"__ladr_heap_byte", 1}}, true, ""},
		{"no count", []Choice{{"__ladr_heap_byte", 7}}, false, "recorded for __ladr_heap_byte"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, err := Run(context.Background(), []byte(text), prog, tc.choices, Options{Dir: t.TempDir()})
			if err != nil {
				t.Fatal(err)
			}
			if out.Violated != tc.violated || !strings.Contains(out.Diverged, tc.diverged) {
				t.Fatalf("violated %v (diverged %q), want %v (%q)", out.Violated, out.Diverged, tc.violated, tc.diverged)
			}
		})
	}
}
