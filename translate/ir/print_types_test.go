package ir_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ladr-dev/ladr/translate/ir"
)

func fn(result ir.Type, params ...ir.Type) *ir.Func { return &ir.Func{Result: result, Params: params} }
func ptr(t ir.Type) *ir.Pointer                     { return &ir.Pointer{Elem: t} }
func arr(t ir.Type, n int64) *ir.Array              { return &ir.Array{Elem: t, Len: n} }

func TestDeclare(t *testing.T) {
	s := &ir.Struct{Tag: "S", Complete: true, Fields: []*ir.Field{{Name: "a", Type: ir.IntType}}}
	u := &ir.Struct{Tag: "U", Union: true, Complete: true, Fields: []*ir.Field{{Name: "a", Type: ir.IntType}}}
	n := global("n", ir.IntType)
	tests := []struct {
		name string
		t    ir.Type
		want string // declaration of x
		abs  string // abstract declarator
	}{
		{"int", ir.IntType, "int x", "int"},
		{"pointer", intPtr, "int *x", "int *"},
		{"pointer to pointer", ptr(ptr(ir.CharType)), "char **x", "char **"},
		{"array", arr(ir.IntType, 3), "int x[3]", "int [3]"},
		{"incomplete array", &ir.Array{Elem: ir.IntType, Len: -1}, "int x[]", "int []"},
		{"2d array", arr(arr(ir.IntType, 3), 2), "int x[2][3]", "int [2][3]"},
		{"pointer to array", ptr(arr(ir.IntType, 3)), "int (*x)[3]", "int (*)[3]"},
		{"pointer to 2d array", ptr(arr(arr(ir.IntType, 3), 2)), "int (*x)[2][3]", "int (*)[2][3]"},
		{"pointer to pointer to array", ptr(ptr(arr(ir.IntType, 3))), "int (**x)[3]", "int (**)[3]"},
		{"array of pointers", arr(intPtr, 3), "int *x[3]", "int *[3]"},
		{"array of pointers to arrays", arr(ptr(arr(ir.IntType, 4)), 3), "int (*x[3])[4]", "int (*[3])[4]"},
		{"function pointer", ptr(fn(ir.IntType, ir.IntType, ir.CharPtrType)), "int (*x)(int, char *)", "int (*)(int, char *)"},
		{"function pointer no params", ptr(fn(ir.VoidType)), "void (*x)(void)", "void (*)(void)"},
		{"function pointer no prototype", ptr(&ir.Func{Result: ir.IntType, NoProto: true}), "int (*x)()", "int (*)()"},
		{"variadic function pointer", ptr(&ir.Func{Result: ir.IntType, Params: []ir.Type{ir.CharPtrType}, Variadic: true}), "int (*x)(char *, ...)", "int (*)(char *, ...)"},
		{"array of function pointers", arr(ptr(fn(ir.IntType, ir.IntType)), 2), "int (*x[2])(int)", "int (*[2])(int)"},
		{"pointer to array of function pointers", ptr(arr(ptr(fn(ir.IntType)), 2)), "int (*(*x)[2])(void)", "int (*(*)[2])(void)"},
		{"function returning function pointer", fn(ptr(fn(ir.IntType, ir.LongType)), ir.IntType), "int (*x(int))(long)", "int (*(int))(long)"},
		{"signal", fn(ptr(fn(ir.VoidType, ir.IntType)), ir.IntType, ptr(fn(ir.VoidType, ir.IntType))), "void (*x(int, void (*)(int)))(int)", "void (*(int, void (*)(int)))(int)"},
		{"function returning pointer to array", fn(ptr(arr(ir.IntType, 3))), "int (*x(void))[3]", "int (*(void))[3]"},
		{"pointer to function returning pointer to array", ptr(fn(ptr(arr(ir.CharType, 4)), ir.IntType)), "char (*(*x)(int))[4]", "char (*(*)(int))[4]"},
		{"function pointer returning function pointer", ptr(fn(ptr(fn(ir.IntType, ir.IntType)), ir.IntType)), "int (*(*x)(int))(int)", "int (*(*)(int))(int)"},
		{"struct", s, "struct S x", "struct S"},
		{"array of unions", arr(u, 2), "union U x[2]", "union U [2]"},
		{"pointer to struct", ptr(s), "struct S *x", "struct S *"},
		{"bit-vector", ir.BitVectorType(5), "__LADR_BV(5) x", "__LADR_BV(5)"},
		{"unsigned", &ir.Basic{Kind: ir.ULongLong}, "unsigned long long x", "unsigned long long"},
		{"vla", &ir.Array{Elem: ir.IntType, Len: -1, LenExpr: bin(ir.Add, ref(n), lit(1))}, "int x[n + 1]", "int [n + 1]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := ir.Declare(tc.t, "x"); got != tc.want {
				t.Errorf("Declare = %q, want %q", got, tc.want)
			}
			if got := ir.TypeString(tc.t); got != tc.abs {
				t.Errorf("TypeString = %q, want %q", got, tc.abs)
			}
			if got := tc.t.String(); got != tc.abs {
				t.Errorf("String = %q, want %q", got, tc.abs)
			}
		})
	}

	// The printer's declarators agree and gcc accepts them, as globals and
	// in casts (sizeof(T)).
	p := &ir.Program{Structs: []*ir.Struct{s, u}}
	main := mainFunc()
	var body []ir.Stmt
	for i, tc := range tests {
		if _, ok := tc.t.(*ir.Func); ok {
			p.Funcs = append(p.Funcs, &ir.Function{Name: fmt.Sprintf("f%d", i), Type: tc.t.(*ir.Func)})
			continue
		}
		if a, ok := tc.t.(*ir.Array); ok && (a.LenExpr != nil || a.Len < 0) {
			continue
		}
		p.Globals = append(p.Globals, global(fmt.Sprintf("g%d", i), tc.t))
		body = append(body, stmt(&ir.SizeofType{Of: tc.t, T: ir.ULongType}))
	}
	main.Body.List = append(body, main.Body.List...)
	p.Funcs = append(p.Funcs, main)
	text, _ := printProg(t, p)
	for i, tc := range tests {
		name := fmt.Sprintf("g%d", i)
		if _, ok := tc.t.(*ir.Func); ok {
			name = fmt.Sprintf("f%d", i)
		} else if a, ok := tc.t.(*ir.Array); ok && (a.LenExpr != nil || a.Len < 0) {
			continue
		}
		if want := ir.Declare(tc.t, name) + ";"; !strings.Contains(text, "\n"+want+"\n") {
			t.Errorf("the printed program does not declare %s", want)
		}
	}
	gccBoth(t, text)
}

func TestFunctionDefinitionHeads(t *testing.T) {
	a := &ir.Var{Name: "a", Type: ir.IntType, Class: ir.Param}
	h := &ir.Var{Name: "h", Type: ptr(fn(ir.VoidType, ir.IntType)), Class: ir.Param}
	m := &ir.Var{Name: "m", Type: ptr(arr(ir.IntType, 4)), Class: ir.Param}
	fmtv := &ir.Var{Name: "fmt", Type: ir.CharPtrType, Class: ir.Param}
	funcs := []*ir.Function{
		{Name: "retfp", Type: fn(ptr(fn(ir.IntType, ir.LongType)), ir.IntType), Params: []*ir.Var{a},
			Body: block(&ir.Return{X: cast(ptr(fn(ir.IntType, ir.LongType)), lit(0))})},
		{Name: "sig", Type: fn(ptr(fn(ir.VoidType, ir.IntType)), ir.IntType, h.Type), Params: []*ir.Var{{Name: "s", Type: ir.IntType, Class: ir.Param}, h},
			Body: block(&ir.Return{X: ref(h)})},
		{Name: "rows", Type: fn(ptr(arr(ir.IntType, 4)), m.Type), Params: []*ir.Var{m}, Static: true,
			Body: block(&ir.Return{X: ref(m)})},
		{Name: "logf", Type: &ir.Func{Result: ir.IntType, Params: []ir.Type{ir.CharPtrType}, Variadic: true}, Params: []*ir.Var{fmtv},
			Body: block(&ir.Return{X: lit(0)})},
		{Name: "old", Type: &ir.Func{Result: ir.IntType, NoProto: true}, Body: block(&ir.Return{X: lit(1)})},
		{Name: "unnamed", Type: fn(ir.VoidType, ir.IntType, ir.IntType), Params: []*ir.Var{{Name: "", Type: ir.IntType, Class: ir.Param}, {Name: "", Type: ir.IntType, Class: ir.Param}},
			Body: block()},
	}
	p := &ir.Program{Funcs: append(funcs, mainFunc())}
	text, sm := printProg(t, p)
	ls := lines(text)
	want := map[string]string{
		"retfp":   "int (*retfp(int a))(long)",
		"sig":     "void (*sig(int s, void (*h)(int)))(int)",
		"rows":    "static int (*rows(int (*m)[4]))[4]",
		"logf":    "int logf(char *fmt, ...)",
		"old":     "int old()",
		"unnamed": "void unnamed(int __ladr_v, int __ladr_v_1)",
		"main":    "int main(void)",
	}
	for _, f := range p.Funcs {
		line, ok := sm.FuncLines[f]
		if !ok {
			t.Errorf("no FuncLines entry for %s", f.Name)
			continue
		}
		if ls[line] != want[f.Name] {
			t.Errorf("definition of %s printed as %q, want %q", f.Name, ls[line], want[f.Name])
		}
	}
	gccBoth(t, text)
}

func TestPrintStructs(t *testing.T) {
	inner := &ir.Struct{Tag: "", Complete: true, Fields: []*ir.Field{{Name: "lo", Type: &ir.Basic{Kind: ir.Short}}, {Name: "hi", Type: &ir.Basic{Kind: ir.Short}}}}
	anonU := &ir.Struct{Union: true, Complete: true, Fields: []*ir.Field{{Name: "i", Type: ir.IntType}, {Name: "f", Type: &ir.Basic{Kind: ir.Float}}, {Type: inner}}}
	anonS := &ir.Struct{Complete: true, Fields: []*ir.Field{{Name: "x", Type: ir.IntType}, {Name: "y", Type: ir.IntType}}}
	v := &ir.Struct{Tag: "V", Complete: true, Fields: []*ir.Field{{Name: "kind", Type: ir.IntType}, {Type: anonU}, {Type: anonS}}}
	bf := &ir.Struct{Tag: "BF", Complete: true, Fields: []*ir.Field{
		{Name: "a", Type: ir.UIntType, BitField: true, Bits: 3},
		{Name: "b", Type: ir.IntType, BitField: true, Bits: 4},
		{Type: ir.UIntType, BitField: true, Bits: 0},
		{Name: "c", Type: ir.UIntType, BitField: true, Bits: 1},
		{Type: ir.IntType, BitField: true, Bits: 5},
		{Name: "flag", Type: ir.BoolType, BitField: true, Bits: 1},
		{Name: "wide", Type: ir.ULongLongType, BitField: true, Bits: 40},
	}}
	packed := &ir.Struct{Tag: "P", Complete: true, Packed: true, Fields: []*ir.Field{{Name: "c", Type: ir.CharType}, {Name: "i", Type: ir.IntType}}}
	aligned := &ir.Struct{Tag: "A", Complete: true, Align: 32, Fields: []*ir.Field{{Name: "c", Type: ir.CharType}, {Name: "i", Type: ir.IntType, Align: 16}}}
	// B contains C by value but is listed first: the printer must define C first.
	c := &ir.Struct{Tag: "C", Complete: true}
	b := &ir.Struct{Tag: "B", Complete: true, Fields: []*ir.Field{{Name: "cs", Type: arr(c, 2)}, {Name: "self", Type: ptr(nil)}}}
	b.Fields[1].Type = ptr(b)
	c.Fields = []*ir.Field{{Name: "back", Type: ptr(b)}, {Name: "n", Type: ir.IntType}}
	incomplete := &ir.Struct{Tag: "Opaque"}
	tagless := &ir.Struct{Complete: true, Fields: []*ir.Field{{Name: "z", Type: ir.IntType}}}
	dup1 := &ir.Struct{Tag: "D", Complete: true, Fields: []*ir.Field{{Name: "one", Type: ir.IntType}}}
	dup2 := &ir.Struct{Tag: "D", Complete: true, Fields: []*ir.Field{{Name: "two", Type: ir.IntType}}}
	p := &ir.Program{
		Structs: []*ir.Struct{inner, anonU, anonS, v, bf, packed, aligned, b, c, incomplete, tagless, dup1, dup2},
		Globals: []*ir.Var{global("gv", v), global("gbf", bf), global("gp", packed), global("ga", aligned), global("gb", b),
			global("op", ptr(incomplete)), global("tl", tagless), global("d1", dup1), global("d2", dup2)},
	}
	gv := p.Globals[0]
	p.Funcs = []*ir.Function{mainFunc(
		stmt(assign(&ir.Member{X: ref(gv), Field: inner.Fields[1], T: inner.Fields[1].Type}, lit(1))),
		stmt(assign(&ir.Member{X: ref(gv), Field: anonS.Fields[0], T: ir.IntType}, lit(2))),
		stmt(assign(&ir.Member{X: ref(p.Globals[1]), Field: bf.Fields[6], T: ir.ULongLongType}, lit(3))),
	)}
	text, _ := printProg(t, p)
	body := afterPrelude(t, text)
	for _, want := range []string{
		"struct V {\n  int kind;\n  union {\n    int i;\n    float f;\n    struct {\n      short lo;\n      short hi;\n    };\n  };\n  struct {\n    int x;\n    int y;\n  };\n};\n",
		"  unsigned int a : 3;\n  int b : 4;\n  unsigned int : 0;\n  unsigned int c : 1;\n  int : 5;\n  _Bool flag : 1;\n  unsigned long long wide : 40;\n",
		"struct P {\n  char c;\n  int i;\n} __attribute__((packed));\n",
		"  int i __attribute__((aligned(16)));\n} __attribute__((aligned(32)));\n",
		"struct Opaque;\n",
		"gv.hi = 1;", "gv.x = 2;", "gbf.wide = 3;",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("the printed program lacks\n%s", want)
		}
	}
	if strings.Index(body, "struct C {") > strings.Index(body, "struct B {") {
		t.Errorf("struct B is defined before struct C, which it contains by value")
	}
	if strings.Contains(body, "struct Opaque {") {
		t.Errorf("an incomplete struct is defined")
	}
	if !strings.Contains(body, "struct D {\n  int one;") || !strings.Contains(body, "struct D_1 {\n  int two;") {
		t.Errorf("two structs tagged D are not given distinct tags")
	}
	if !strings.Contains(body, "struct __anon10 tl;") {
		t.Errorf("the tagless struct is not named after its index")
	}
	gccBoth(t, text)
}

func TestIdentical(t *testing.T) {
	s1 := &ir.Struct{Tag: "S"}
	s2 := &ir.Struct{Tag: "S"}
	tests := []struct {
		a, b ir.Type
		want bool
	}{
		{ir.IntType, &ir.Basic{Kind: ir.Int}, true},
		{ir.IntType, ir.UIntType, false},
		{ir.BitVectorType(3), ir.BitVectorType(3), true},
		{ir.BitVectorType(3), ir.BitVectorType(4), false},
		{ptr(ir.IntType), ptr(ir.IntType), true},
		{ptr(ir.IntType), ptr(ir.CharType), false},
		{arr(ir.IntType, 3), arr(ir.IntType, 3), true},
		{arr(ir.IntType, 3), arr(ir.IntType, 4), false},
		{s1, s1, true},
		{s1, s2, false},
		{fn(ir.IntType, ir.IntType), fn(ir.IntType, ir.IntType), true},
		{fn(ir.IntType, ir.IntType), fn(ir.IntType, ir.LongType), false},
		{fn(ir.IntType), &ir.Func{Result: ir.IntType, Variadic: true}, false},
		{ptr(ir.IntType), arr(ir.IntType, 1), false},
	}
	for i, tc := range tests {
		if got := ir.Identical(tc.a, tc.b); got != tc.want {
			t.Errorf("%d: Identical(%v, %v) = %v", i, tc.a, tc.b, got)
		}
		if got := ir.Identical(tc.b, tc.a); got != tc.want {
			t.Errorf("%d: Identical(%v, %v) = %v (not symmetric)", i, tc.b, tc.a, got)
		}
	}
}
