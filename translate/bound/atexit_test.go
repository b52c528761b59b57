package bound_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/ir"
)

// TestLowerAtexit checks the atexit model after the thread copies: the
// handlers run at main's return and at exit(), last registered first.
func TestLowerAtexit(t *testing.T) {
	tests := []struct {
		name string
		src  string
		// want lists the handlers main calls, in order, after inlining.
		want []string
		// cut: the registrations outnumber the registry.
		cut bool
	}{
		{"none", "void h(void) {}\nint main(void) { return 0; }", nil, false},
		{"one", "void h(void) { x = 1; }\nint main(void) { atexit(h); return 0; }", []string{"x = 1"}, false},
		{"falls off main", "void h(void) { x = 1; }\nint main(void) { atexit(&h); }", []string{"x = 1"}, false},
		{"exit", "void h(void) { x = 1; }\nint main(void) { atexit(h); exit(3); }", []string{"x = 1"}, false},
		// Two call sites: two registry entries, each step dispatches to
		// either handler.
		{"two", "void a(void) { x = 1; }\nvoid b(void) { x = 2; }\nint main(void) { atexit(a); if (x) atexit(b); return 0; }",
			[]string{"x = 1", "x = 2", "x = 1", "x = 2"}, false},
		{"in a loop", "void h(void) { x = 1; }\nint main(void) { for (int i = 0; i < 3; i++) atexit(h); return 0; }", []string{"x = 1"}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := "#include <stdlib.h>\nint x;\n" + tc.src + "\n"
			u := run(t, src, "dce", bound.Limits{})
			var got []string
			ir.Inspect(body(t, u.Prog, "main"), func(n any) bool {
				if a, ok := n.(*ir.Assign); ok {
					if id, ok := a.L.(*ir.Ident); ok && id.Var.Name == "x" {
						got = append(got, strings.TrimSpace(ir.ExprString(a)))
					}
				}
				return true
			})
			if strings.Join(got, "; ") != strings.Join(tc.want, "; ") {
				t.Errorf("handler code in main = %q, want %q", got, tc.want)
			}
			cut := false
			for _, c := range u.Notes.Cuts {
				cut = cut || strings.Contains(c.What, "atexit registrations")
			}
			if cut != tc.cut {
				t.Errorf("registry cut = %v, want %v (cuts %v)", cut, tc.cut, u.Notes.Cuts)
			}
			gccSyntax(t, u.Prog)
		})
	}
}

// TestAtexitUnsupported checks the handlers ladr does not model.
func TestAtexitUnsupported(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"pointer", "void h(void) {}\nvoid (*p)(void) = h;\nint main(void) { atexit(p); return 0; }", "atexit with a handler that is not a function defined in the program"},
		{"undefined", "void h(void);\nint main(void) { atexit(h); return 0; }", "atexit with a handler that is not a function defined in the program"},
		{"on_exit", "void h(int s, void *a) {}\nint main(void) { on_exit(h, 0); return 0; }", "on_exit (its handlers are not modelled)"},
		{"at_quick_exit", "void h(void) {}\nint main(void) { at_quick_exit(h); return 0; }", "at_quick_exit (its handlers are not modelled)"},
		{"pthread_exit in main", "#include <pthread.h>\nvoid h(void) {}\nint main(void) { atexit(h); pthread_exit(0); }", "pthread_exit in main when atexit handlers are registered"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			u, err := runErr(t, "#include <stdlib.h>\n"+tc.src+"\n", "", bound.Limits{})
			var ue *bound.UnsupportedError
			if err == nil {
				t.Fatalf("no error; program:\n%s", ir.String(u.Prog))
			}
			if !errors.As(err, &ue) || !strings.HasPrefix(ue.What, tc.want) || !ue.Pos.IsValid() {
				t.Fatalf("error %v, want unsupported %q with a position", err, tc.want)
			}
		})
	}
}
