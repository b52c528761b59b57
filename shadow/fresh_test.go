package shadow

import (
	"testing"

	"github.com/ladr-dev/ladr/translate"
	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/cfront"
	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/seq"
)

// TestSeparateBlocks: pointers through two variables that only ever hold
// the results of their own allocation calls point into different blocks;
// any other way a variable gets its value makes it unknown.
func TestSeparateBlocks(t *testing.T) {
	const head = "#include <pthread.h>\n#include <stdlib.h>\nint n;\n"
	tests := []struct {
		name string
		src  string
		v, w string
		want bool
	}{
		{"two mallocs", `long *a, *b; int main(void) { a = malloc(8); b = malloc(8); return 0; }`, "a", "b", true},
		{"calloc and null", `long *a, *b; int main(void) { a = calloc(n, 8); b = 0; if (n) b = malloc(4); return 0; }`, "a", "b", true},
		{"local declaration", `long *a; int main(void) { long *b = malloc(8); a = malloc(8); return b != a; }`, "a", "b", true},
		{"copied", `long *a, *b; int main(void) { a = malloc(8); b = a; return 0; }`, "a", "b", false},
		{"address taken", `long *a, *b; int main(void) { long **pp; a = malloc(8); b = malloc(8); pp = &b; *pp = a; return 0; }`, "a", "b", false},
		{"incremented", `long *a, *b; int main(void) { a = malloc(8); b = malloc(8); b++; return 0; }`, "a", "b", false},
		{"realloc", `long *a, *b; int main(void) { a = malloc(8); b = malloc(8); b = realloc(b, 16); return 0; }`, "a", "b", false},
		{"initialized global", `long x; long *a, *b = &x; int main(void) { a = malloc(8); return b != a; }`, "a", "b", false},
		{"extern", `extern long *b; long *a; int main(void) { a = malloc(8); return b != a; }`, "a", "b", false},
		{"same variable", `long *a; int main(void) { a = malloc(8); return 0; }`, "a", "a", false},
		{"parameter", `long *a; void *f(void *p) { long *b = p; *b = 1; return 0; } int main(void) { pthread_t t; a = malloc(8); pthread_create(&t, 0, f, a); return 0; }`, "a", "b", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := cfront.New().Parse("c.c", []byte(head+tc.src), cfront.Options{})
			if err != nil {
				t.Fatal(err)
			}
			u, err := translate.Run(p, translate.Config{Limits: bound.Limits{Unwind: 2}, Rounds: 2, Property: seq.Race}, nil, translate.RunOptions{StopAfter: "visible"})
			if err != nil {
				t.Fatal(err)
			}
			vars := map[string]*ir.Var{}
			for _, g := range u.Prog.Globals {
				vars[g.Name] = g
			}
			for _, f := range u.Prog.Funcs {
				if f.Body == nil {
					continue
				}
				ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
					if d, ok := n.(*ir.DeclStmt); ok && vars[d.Var.Name] == nil {
						vars[d.Var.Name] = d.Var
					}
					return true
				})
			}
			v, w := vars[tc.v], vars[tc.w]
			if v == nil || w == nil {
				t.Fatalf("no variable %s or %s in\n%s", tc.v, tc.w, ir.String(u.Prog))
			}
			fresh := freshPointers(u.Prog)
			if got := separateBlocks(fresh, v, w); got != tc.want {
				t.Errorf("separateBlocks(%s, %s) = %v, want %v (fresh: %v)", tc.v, tc.w, got, tc.want, fresh)
			}
		})
	}
}
