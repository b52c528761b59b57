package cfront

import (
	"testing"

	"github.com/ladr-dev/ladr/translate/ir"
)

// TestLibDefs: a called, undefined ffs gets ladr's definition; a program's
// own definition and an uncalled declaration are left alone.
func TestLibDefs(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		defined   bool
		file      string // file of the body's first statement
	}{
		{"called", "int ffs(int); int g; int main(void) { return ffs(g); }", true, LibDefsFile},
		{"own definition", "int ffs(int i) { return 7; } int main(void) { return ffs(3); }", true, "test.c"},
		{"declared only", "int ffs(int); int main(void) { return 0; }", false, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := parseOK(t, tc.src, LP64)
			f := p.Func("ffs")
			if f == nil || (f.Body != nil) != tc.defined {
				t.Fatalf("ffs: %+v, want defined %v", f, tc.defined)
			}
			if tc.defined {
				if got := f.Body.List[0].Origin().Pos.File; got != tc.file {
					t.Errorf("body from %s, want %s", got, tc.file)
				}
				if len(f.Params) != 1 || !ir.IsInteger(f.Params[0].Type) {
					t.Errorf("params %v", f.Params)
				}
			}
		})
	}
}
