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

// TestBracketedAttributes checks the workaround of cc/v4's rejection of
// C23 attributes (ccbugs.go): the harmless ones are blanked, positions
// stay exact, and the ones that change the layout stay rejected.
func TestBracketedAttributes(t *testing.T) {
	ok := "[[nodiscard]] static int f(int x) { return x; }\n" +
		"int main(void) {\n  [[maybe_unused]] int y = 0; [[gnu::unused, deprecated(\"no\")]] int z = 1;\n" +
		"  const char *s = \"[[packed]]\"; /* [[gnu::packed]] */\n  switch (f(y)) { case 0: y++; [[fallthrough]]; default: break; }\n  return s[0] - '[' + z - 1;\n}\n"
	gccSyntax(t, ok, LP64)
	p, err := fe.Parse("attr.c", []byte(ok), Options{Model: LP64})
	if err != nil {
		t.Fatalf("Parse: %v\n%s", err, ok)
	}
	main := p.Func("main")
	rets := collect[*ir.Return](ir.Stmt(main.Body))
	if len(rets) != 1 || rets[0].Loc.Pos.Line != 6 || rets[0].Loc.Pos.Col != 3 {
		t.Errorf("main's return at %+v, want 6:3", rets)
	}
	text, _ := printProg(t, p)
	if !strings.Contains(text, `"[[packed]]"`) {
		t.Errorf("a string was changed:\n%s", text)
	}
	bad := "struct s { char c; int i; } [[gnu::packed]];\nint main(void) { return 0; }\n"
	if _, err := fe.Parse("attr.c", []byte(bad), Options{Model: LP64}); err == nil {
		t.Errorf("[[gnu::packed]] is accepted (blanking it would change the layout)")
	}
}
