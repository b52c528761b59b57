package bound_test

import (
	"strings"
	"testing"

	"github.com/ladr-dev/ladr/translate/bound"
)

// TestLowerPthread checks the calls the pthread pass leaves: pthread_once
// becomes its three steps, glibc's cleanup machinery disappears (the
// handler calls stay), the key destructors get their runner, and what is
// not modelled is checked or left unsupported.
func TestLowerPthread(t *testing.T) {
	const head = "#include <pthread.h>\nint x;\nvoid h(void *a) { x = 1; }\nvoid init(void) { x = 2; }\npthread_once_t o = PTHREAD_ONCE_INIT;\n"
	for _, tc := range []struct {
		name, body string
		want, gone []string // called after the pass, and not
	}{
		{"once statement", "void *f(void *a) { pthread_once(&o, init); return 0; }",
			[]string{bound.OnceFunc, bound.OnceDoneFunc, bound.OnceWaitFunc, "init"}, []string{"pthread_once"}},
		{"once in a condition", "void *f(void *a) { if (pthread_once(&o, init)) return a; return 0; }",
			[]string{bound.OnceFunc, "init"}, []string{"pthread_once"}},
		{"once after &&", "void *f(void *a) { if (a && pthread_once(&o, init)) return a; return 0; }",
			[]string{"pthread_once"}, []string{bound.OnceFunc}},
		{"cleanup at exit", "void *f(void *a) { pthread_cleanup_push(h, a); if (a) pthread_exit(0); pthread_cleanup_pop(0); return 0; }",
			[]string{bound.CheckModelledFunc, "pthread_exit"}, []string{"__sigsetjmp_cancel", "__pthread_register_cancel", "__pthread_unregister_cancel", "__pthread_unwind_next"}},
		{"no cleanup", "void *f(void *a) { pthread_exit(0); }",
			[]string{"pthread_exit"}, []string{bound.CheckModelledFunc}},
		{"key destructor", "pthread_key_t k;\nvoid d(void *v) { x = 3; }\nvoid *f(void *a) { pthread_setspecific(k, a); return 0; }\nint g(void) { return pthread_key_create(&k, d); }",
			[]string{bound.RunDestructorsFunc, bound.CheckModelledFunc}, nil},
		{"key without destructor", "pthread_key_t k;\nvoid *f(void *a) { pthread_setspecific(k, a); return 0; }\nint g(void) { return pthread_key_create(&k, 0); }",
			nil, []string{bound.RunDestructorsFunc}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := head + tc.body + "\nint main(void) { pthread_t t; pthread_create(&t, 0, f, 0); pthread_join(t, 0); return 0; }\n"
			u := run(t, src, "pthread", bound.Limits{})
			text := gccSyntax(t, u.Prog)
			for _, w := range tc.want {
				if !strings.Contains(text, w+"(") {
					t.Errorf("%s is not called\n%s", w, text)
				}
			}
			for _, g := range tc.gone {
				if strings.Contains(text, " "+g+"(") && !strings.Contains(text, "int "+g+"(") && !strings.Contains(text, "void "+g+"(") {
					t.Errorf("%s is still called\n%s", g, text)
				}
			}
		})
	}
}
