package cfront

import (
	"strings"
	"testing"

	"github.com/ladr-dev/ladr/translate/ir"
)

// TestReturnPrototypeNames checks the workaround of cc/v4's defect with
// the parameter names of a return type's prototype (ccbugs.go): gcc
// accepts these programs, ladr must parse them, and positions stay exact.
func TestReturnPrototypeNames(t *testing.T) {
	tests := []struct {
		name, file, src string
		retLine, retCol int // the position of the return statement in get
	}{
		{"same as a parameter", "t.c",
			"int f(void *p) { return p != 0; }\nint (*get(void *opaque))(void *opaque) { if (opaque) return f; return 0; }\nint main(void) { return get(0) != 0; }\n", 2, 64},
		{"same as a local", "t.c",
			"int f(void *p) { return p != 0; }\nint (*get(int n))(void *opaque, int n) {\n  void *opaque = 0; return opaque ? 0 : f;\n}\nint main(void) { return get(0) != 0; }\n", 3, 21},
		{"signal-like", "t.c",
			"void h(int s) { (void)s; }\nvoid (*sig(int s, void (*fn)(int s)))(int s) { return s ? fn : h; }\nint main(void) { return sig(0, h) != h; }\n", 2, 48},
		{"struct member too", "t.c",
			"struct ops { void *opaque; int (*f)(void *opaque, int n); };\nint (*pick(struct ops *o, void *opaque))(void *opaque, int n) { return o->opaque == opaque ? o->f : 0; }\nint main(void) { return 0; }\n", 2, 65},
		{"preprocessed with line markers", "t.i",
			"# 1 \"orig.c\"\nint f(void *p) { return p != 0; }\n# 2 \"orig.c\"\nint (*get(void *opaque))(void *opaque) { return opaque ? f : 0; }\nint main(void) { return 0; }\n", 4, 42},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			gccSyntax(t, tc.src, LP64)
			p, err := fe.Parse(tc.file, []byte(tc.src), Options{Model: LP64})
			if err != nil {
				t.Fatalf("Parse: %v\n%s", err, tc.src)
			}
			var get *ir.Function
			for _, f := range p.Funcs {
				if f.Body != nil && (f.Name == "get" || f.Name == "sig" || f.Name == "pick") {
					get = f
				}
			}
			if get == nil {
				t.Fatalf("no definition of get")
			}
			rets := collect[*ir.Return](ir.Stmt(get.Body))
			if len(rets) == 0 {
				t.Fatalf("no return statement in %s", get.Name)
			}
			pos := rets[len(rets)-1].Loc.Pos
			if pos.Line != tc.retLine || pos.Col != tc.retCol {
				t.Errorf("the last return of %s is at %d:%d, want %d:%d", get.Name, pos.Line, pos.Col, tc.retLine, tc.retCol)
			}
			if len(get.Params) == 0 || strings.TrimSpace(get.Params[0].Name) == "" {
				t.Errorf("the function's own parameters lost their names: %+v", get.Params)
			}
		})
	}
}
