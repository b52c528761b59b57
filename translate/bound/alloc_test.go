package bound_test

import (
	"strings"
	"testing"

	"github.com/ladr-dev/ladr/translate"
	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/cfront"
)

// TestBoundAllocations: an allocation of a symbolic number of elements
// gets the capacity of the largest loop bound, behind a cut; the other
// allocations keep their sizes.
func TestBoundAllocations(t *testing.T) {
	const head = `
#include <stdlib.h>
int __VERIFIER_nondet_int(void);
int n; long *g;
struct s { int a; char b[3]; };
`
	tests := []struct {
		name string
		body string
		lim  bound.Limits
		// want: texts the program after the pass contains, in order; none
		// when nothing is bounded.
		want []string
		cut  string // the cut's text, "" when none
	}{
		{"malloc n times sizeof", `int main(void) { n = __VERIFIER_nondet_int(); g = malloc(n * sizeof(long)); g[0] = 1; return 0; }`,
			bound.Limits{Unwind: 2},
			[]string{"__ladr_bound((unsigned long)n > 2UL", "g = malloc(2 * sizeof(long));"}, "allocation of a symbolic number of elements (n) at line 6 bounded to 2 elements"},
		{"sizeof times n, declaration", `int main(void) { int k = __VERIFIER_nondet_int(); struct s *p = malloc(sizeof(struct s) * k); return p != 0; }`,
			bound.Limits{Unwind: 3},
			[]string{"__ladr_bound((unsigned long)k > 3UL", "malloc(sizeof(struct s) * 3)"}, "bounded to 3 elements"},
		{"calloc", `int main(void) { unsigned k = __VERIFIER_nondet_int(); char *p = calloc(k, 4); return p[0]; }`,
			bound.Limits{Unwind: 2},
			[]string{"__ladr_bound((unsigned long)k > 2UL", "calloc(2U, 4"}, "(k)"},
		{"calloc constant first", `int main(void) { int k = __VERIFIER_nondet_int(); char *p = calloc(sizeof(int), k); return p[0]; }`,
			bound.Limits{Unwind: 2},
			[]string{"__ladr_bound((unsigned long)k > 2UL", "calloc(sizeof(int), 2)"}, "(k)"},
		{"largest bound", `int main(void) { n = __VERIFIER_nondet_int(); g = malloc(n * 8); for (int i = 0; i < n; i++) g[i] = i; return 0; }`,
			bound.Limits{Unwind: 2, UnwindSet: map[string]int{"main.0": 5}},
			[]string{"__ladr_bound((unsigned long)n > 5UL", "g = malloc(5 * 8"}, "bounded to 5 elements"},
		{"inside a branch", `int main(void) { n = __VERIFIER_nondet_int(); if (n > 1) { g = malloc(n * sizeof(long)); } return 0; }`,
			bound.Limits{Unwind: 2},
			[]string{"if (n > 1)", "__ladr_bound((unsigned long)n > 2UL", "g = malloc(2 * sizeof(long));"}, "bounded to 2 elements"},
		{"const global count", `const int N = 16; int main(void) { g = malloc(sizeof(long) * N); return 0; }`, bound.Limits{Unwind: 2}, nil, ""},
		{"count assigned constants only", `int main(void) { int k = 8; if (n) k = 4 * 4; g = malloc(k * sizeof(long)); return 0; }`, bound.Limits{Unwind: 2}, nil, ""},
		{"count assigned a constant and an input", `int main(void) { int k = 8; if (n) k = __VERIFIER_nondet_int(); g = malloc(k * sizeof(long)); return 0; }`, bound.Limits{Unwind: 2},
			[]string{"__ladr_bound((unsigned long)k > 2UL", "g = malloc(2 * sizeof(long));"}, "(k)"},
		{"extern count", `extern int m; int main(void) { g = malloc(m * sizeof(long)); return 0; }`, bound.Limits{Unwind: 2},
			[]string{"__ladr_bound((unsigned long)m > 2UL", "g = malloc(2 * sizeof(long));"}, "(m)"},
		{"constant size", `int main(void) { g = malloc(4 * sizeof(long)); return 0; }`, bound.Limits{Unwind: 2}, nil, ""},
		{"bytes", `int main(void) { n = __VERIFIER_nondet_int(); char *p = malloc(n + 1); return p[0]; }`, bound.Limits{Unwind: 2}, nil, ""},
		{"two symbolic factors", `int main(void) { int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int(); char *p = malloc(a * b); return p[0]; }`, bound.Limits{Unwind: 2}, nil, ""},
		{"side effects", `int main(void) { n = __VERIFIER_nondet_int(); g = malloc(n++ * sizeof(long)); return 0; }`, bound.Limits{Unwind: 2}, nil, ""},
		{"huge factor", `int main(void) { n = __VERIFIER_nondet_int(); char *p = malloc(n * 100000); return p[0]; }`, bound.Limits{Unwind: 2}, nil, ""},
		{"nested in a call", `void use(long *); int main(void) { n = __VERIFIER_nondet_int(); use(malloc(n * sizeof(long))); return 0; }`, bound.Limits{Unwind: 2}, nil, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			u := run(t, head+tc.body, "alloc", tc.lim)
			text := gccSyntax(t, u.Prog)
			main := text[strings.Index(text, "int main(void)"):]
			at := 0
			for _, w := range tc.want {
				j := strings.Index(main[at:], w)
				if j < 0 {
					t.Fatalf("no %q (in order) in\n%s", w, main)
				}
				at += j + len(w)
			}
			if tc.want == nil && strings.Contains(main, "__ladr_bound(") {
				t.Errorf("an allocation was bounded:\n%s", main)
			}
			var cuts []string
			for _, c := range u.Notes.Cuts {
				if strings.Contains(c.What, "allocation") {
					cuts = append(cuts, c.What)
				}
			}
			switch {
			case tc.cut == "" && len(cuts) > 0:
				t.Errorf("cuts %q, want none", cuts)
			case tc.cut != "" && (len(cuts) != 1 || !strings.Contains(cuts[0], tc.cut)):
				t.Errorf("cuts %q, want one containing %q", cuts, tc.cut)
			}
		})
	}
}

// TestBoundAllocationsProof: the program of a completeness check keeps the
// symbolic sizes (the pass is skipped).
func TestBoundAllocationsProof(t *testing.T) {
	src := "#include <stdlib.h>\nint __VERIFIER_nondet_int(void);\nint main(void) { int n = __VERIFIER_nondet_int(); long *g = malloc(n * sizeof(long)); return g != 0; }\n"
	u := runProve(t, src)
	if text := gccSyntax(t, u.Prog); !strings.Contains(text, "malloc(n * sizeof(long))") {
		t.Errorf("the proof's program lost the symbolic size:\n%s", text)
	}
}

// runProve runs the passes up to alloc for a completeness check.
func runProve(t testing.TB, src string) *translate.Unit {
	t.Helper()
	p, err := fe.Parse("test.c", []byte(src), cfront.Options{Model: cfront.LP64})
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	u, err := translate.Run(p, translate.Config{Model: cfront.LP64, Limits: bound.Limits{Unwind: 2}, Rounds: 2, SymbolicSizes: true}, nil, translate.RunOptions{StopAfter: "alloc"})
	if err != nil {
		t.Fatalf("translate.Run: %v", err)
	}
	return u
}
