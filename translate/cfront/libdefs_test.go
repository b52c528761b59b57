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

// TestRenameShadowing: a program's own definition of a function ladr
// models (sem_wait, pthread_mutex_lock) is renamed so that it is not taken
// for the library's; the functions SV-COMP asks programs to define, pure
// library functions and mere declarations keep their names.
func TestRenameShadowing(t *testing.T) {
	for _, tc := range []struct {
		name, src   string
		fn, renamed string // renamed "" = kept
	}{
		{"own sem_wait", "typedef struct { volatile unsigned v; } sem_t; static void sem_wait(sem_t *p) { while (!p->v) ; p->v--; } sem_t s; int main(void) { sem_wait(&s); return 0; }",
			"sem_wait", "sem_wait__program"},
		{"own pthread_mutex_lock", "void pthread_mutex_lock(int *m) { *m = 1; } int m; int main(void) { pthread_mutex_lock(&m); return 0; }",
			"pthread_mutex_lock", "pthread_mutex_lock__program"},
		{"fresh name taken", "void sem_post__program(void) {} void sem_post(int *p) { (*p)++; } int s; int main(void) { sem_post(&s); sem_post__program(); return 0; }",
			"sem_post", "sem_post__program_"},
		{"reach_error kept", "void reach_error(void) { } int main(void) { reach_error(); return 0; }", "reach_error", ""},
		{"__VERIFIER_error kept", "void __VERIFIER_error(void) { } int main(void) { __VERIFIER_error(); return 0; }", "__VERIFIER_error", ""},
		{"pure function kept", "int ffs(int i) { return 7; } int main(void) { return ffs(3); }", "ffs", ""},
		{"declaration only", "#include <semaphore.h>\nsem_t s; int main(void) { sem_wait(&s); return 0; }", "sem_wait", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := parseOK(t, tc.src, LP64)
			if tc.renamed == "" {
				if p.Func(tc.fn) == nil {
					t.Fatalf("%s was renamed", tc.fn)
				}
				return
			}
			if f := p.Func(tc.fn); f != nil {
				t.Fatalf("%s kept its name", tc.fn)
			}
			f := p.Func(tc.renamed)
			if f == nil || f.Body == nil {
				t.Fatalf("no definition %s", tc.renamed)
			}
			// The call in main calls the renamed function.
			called := false
			ir.Inspect(ir.Stmt(p.Func("main").Body), func(n any) bool {
				if c, ok := n.(*ir.Call); ok && ir.CalledFunc(c) == f {
					called = true
				}
				return true
			})
			if !called {
				t.Errorf("main does not call %s", tc.renamed)
			}
		})
	}
}
