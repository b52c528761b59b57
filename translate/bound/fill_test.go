package bound_test

import (
	"strings"
	"testing"

	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/ir"
)

// TestDropFillLoops: a loop that gives every byte of a fresh malloc'd
// object a nondeterministic value is removed, only in exactly that shape.
func TestDropFillLoops(t *testing.T) {
	const head = `
#include <stdlib.h>
char __VERIFIER_nondet_char(void);
int __VERIFIER_nondet_int(void);
char **pp;
`
	tests := []struct {
		name string
		body string
		drop bool
		// after: a statement the result must contain.
		after string
	}{
		{"external_alloc", `
void *alloc(unsigned int size) {
  char *p = malloc(size);
  for (unsigned i = 0; i < size; ++i) p[i] = __VERIFIER_nondet_char();
  return p;
}
int main(void) { int *x = alloc(sizeof(int)); return *x; }`, true, ""},
		{"assigned, constant size, i++", `
int main(void) {
  unsigned char *p; unsigned long i;
  p = (unsigned char *)malloc(40);
  i = 0;
  for (; i < 40; i++) p[i] = (unsigned char)__VERIFIER_nondet_int();
  return p[3];
}`, true, ""},
		{"counter used after", `
int main(void) {
  char *p = malloc(8); unsigned i = 0;
  for (; i < 8; i += 1) p[i] = __VERIFIER_nondet_char();
  return i;
}`, true, "i = (unsigned int)8"},
		{"address of p taken", `
int main(void) {
  char *p = malloc(8);
  pp = &p;
  for (unsigned i = 0; i < 8; ++i) p[i] = __VERIFIER_nondet_char();
  return 0;
}`, false, ""},
		{"int elements", `
int main(void) {
  int *p = malloc(8);
  for (unsigned i = 0; i < 8; ++i) p[i] = __VERIFIER_nondet_int();
  return 0;
}`, false, ""},
		{"other bound", `
int main(void) {
  char *p = malloc(8);
  for (unsigned i = 0; i < 4; ++i) p[i] = __VERIFIER_nondet_char();
  return 0;
}`, false, ""},
		{"other element", `
int main(void) {
  char *p = malloc(9);
  for (unsigned i = 0; i < 8; ++i) p[i + 1] = __VERIFIER_nondet_char();
  return 0;
}`, false, ""},
		{"a constant value", `
int main(void) {
  char *p = malloc(8);
  for (unsigned i = 0; i < 8; ++i) p[i] = 0;
  return 0;
}`, false, ""},
		{"a statement between", `
int main(void) {
  char *p = malloc(8);
  *pp = p;
  for (unsigned i = 0; i < 8; ++i) p[i] = __VERIFIER_nondet_char();
  return 0;
}`, false, ""},
		{"int counter, long size (wraps with 64-bit long)", `
int main(void) {
  unsigned long n = 8; char *p = malloc(n);
  for (unsigned i = 0; i < n; ++i) p[i] = __VERIFIER_nondet_char();
  return 0;
}`, false, ""},
		{"long counter, int size", `
int main(void) {
  unsigned n = 8; char *p = malloc(n);
  for (unsigned long i = 0; i < n; ++i) p[i] = __VERIFIER_nondet_char();
  return 0;
}`, true, ""},
		{"narrow counter", `
int main(void) {
  char *p = malloc(300);
  for (unsigned char i = 0; i < 300; ++i) p[i] = __VERIFIER_nondet_char();
  return 0;
}`, false, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			u := run(t, head+tc.body, "fill", bound.Limits{Unwind: 2})
			main := body(t, u.Prog, "main")
			loops := len(collect[*ir.Loop](main))
			if tc.drop != (loops == 0) {
				t.Errorf("fill loop dropped: %v, want %v", loops == 0, tc.drop)
			}
			if tc.after != "" && !strings.Contains(gccSyntax(t, u.Prog), tc.after) {
				t.Errorf("missing %q", tc.after)
			}
			gccSyntax(t, u.Prog)
		})
	}
}
