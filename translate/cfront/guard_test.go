package cfront

import (
	"fmt"
	"strings"
	"testing"
)

// TestFindHazards: the guard flags the invalid forms on which cc loops and
// nothing that is valid C.
func TestFindHazards(t *testing.T) {
	tests := []struct {
		src  string
		kind string // "" for none
	}{
		{"int *p = 0;", ""},
		{"int a, b; int c(void) { return a * b; }", ""},
		{"int x; void f(void) { x *= 2; }", ""},
		{"int (*fp)(void);", ""},
		{"void f(int * restrict p, char * const * q);", ""},
		{"void f(int a[*]);", ""},
		{"struct A; struct A *q; struct A *h[2] = { 0 };", ""},
		{"struct A { int x; }; struct A h[2] = { { 1 } };", ""},
		{"struct A { struct A *next[2]; };", ""},
		{"typedef struct A T; struct A { int x; }; T h[2];", ""},
		{"int n = sizeof(int *);", ""},
		{"enum E { A }; enum E e;", ""},
		{"char *s = \"* ;\";", ""},
		{"int * ;", "pointer"},
		{"int *", "pointer"},
		{"int * const", "pointer"},
		{"int * __attribute__((unused)) }", "pointer"},
		{"int * char x;", "pointer"},
		{"int x; enum", "enum"},
		{"struct A; struct A h[2] = { 1 };", "array"},
		{"union U; union U u[1];", "array"},
		{"typedef struct A T; T h[2] = { 1 };", "array"},
		{"struct A { struct A arr[2]; } s = { 1 };", "array"},
		{"int x = " + strings.Repeat("(", MaxNesting) + "1" + strings.Repeat(")", MaxNesting) + ";", ""},
		{"int f(void) " + strings.Repeat("{", MaxNesting) + strings.Repeat("}", MaxNesting), ""},
		{"int x; void f(void) { " + strings.Repeat("if (x) ", MaxNesting-2) + "x = 1; }", ""},
		{"int x; void f(void) { " + strings.Repeat("if (x) x = 1; else ", 3*MaxNesting) + "x = 2; }", ""},
		{"int x; void f(void) { " + strings.Repeat("for (;;) ", MaxNesting-2) + "x = 1; }", ""},
		{"int x; void f(void) { " + strings.Repeat("if (x) ", MaxNesting+1) + "x = 1; }", "nesting"},
		{"int x; void f(void) { " + strings.Repeat("while (x) {", MaxNesting/2) + strings.Repeat("if (x)", MaxNesting/2+1) + " x = 1;" + strings.Repeat("}", MaxNesting/2) + " }", "nesting"},
		{"int x = " + strings.Repeat("(", MaxNesting+1) + "1" + strings.Repeat(")", MaxNesting+1) + ";", "nesting"},
		{"int a" + strings.Repeat("[1]", 10) + "; int f(void) " + strings.Repeat("{ (", MaxNesting/2+1) + "x" + strings.Repeat("); }", MaxNesting/2+1), "nesting"},
	}
	for _, tc := range tests {
		toks, _ := lexC([]byte(tc.src), true)
		h := findHazard(toks)
		if len(tc.src) > 80 {
			tc.src = fmt.Sprintf("%s... (%d bytes)", tc.src[:80], len(tc.src))
		}
		switch {
		case tc.kind == "" && h != nil:
			t.Errorf("%q: hazard %s (%s), want none", tc.src, h.kind, h.msg)
		case tc.kind != "" && h == nil:
			t.Errorf("%q: no hazard, want %s", tc.src, tc.kind)
		case tc.kind != "" && h.kind != tc.kind:
			t.Errorf("%q: hazard %s, want %s", tc.src, h.kind, tc.kind)
		}
	}
}

// TestGuardLiteral: only an unterminated literal that ends in a backslash
// at the end of the input is flagged, at its position.
func TestGuardLiteral(t *testing.T) {
	for _, tc := range []struct {
		src       string
		line, col int
	}{
		{"int x;\nchar *s = \"ab\\", 2, 11},
		{"int c = '\\", 1, 9},
		{"char *s = \"a\\\n", 1, 11},
		{"char *s = \"\\\\\";", 0, 0},
		{"char *s = \"abc", 0, 0},
		{"// it's \\\nint x;", 0, 0},
		{"/* \" \\ */ int x;", 0, 0},
	} {
		err := guardLiteral("g.c", []byte(tc.src))
		if tc.line == 0 {
			if err != nil {
				t.Errorf("%q: %v, want no error", tc.src, err)
			}
			continue
		}
		e, ok := err.(*Error)
		if !ok || e.Pos.Line != tc.line || e.Pos.Col != tc.col {
			t.Errorf("%q: %v, want an error at %d:%d", tc.src, err, tc.line, tc.col)
		}
	}
}
