package seq_test

import (
	"strings"
	"testing"

	"github.com/ladr-dev/ladr/translate"
	"github.com/ladr-dev/ladr/translate/cfront"
	"github.com/ladr-dev/ladr/translate/ir"
)

// TestMutexTypes checks what the lowering of the mutex functions reads and
// writes: the type (glibc's __kind, through the union's __data, in both
// data models) only in programs that may set one, the unlock check only
// where the lock analysis does not prove the mutex held.
func TestMutexTypes(t *testing.T) {
	const thread = `
void *f(void *a) { pthread_mutex_lock(p); x = 1; pthread_mutex_unlock(p); return 0; }
int main(void) { pthread_t t; INIT pthread_create(&t, 0, f, 0); pthread_mutex_lock(&m); x = 2; pthread_mutex_unlock(&m); pthread_join(t, 0); return 0; }
`
	for _, tc := range []struct {
		name, decl, init string
		kind             bool // the type is read
		checks           int  // unlocks checked (the thread's, through a pointer)
	}{
		{"default", "pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;", "", false, 1},
		{"static recursive", "pthread_mutex_t m = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;", "", true, 1},
		{"settype", "pthread_mutex_t m;", "pthread_mutexattr_t at; pthread_mutexattr_init(&at); pthread_mutexattr_settype(&at, PTHREAD_MUTEX_ERRORCHECK); pthread_mutex_init(&m, &at);", true, 1},
		{"init without type", "pthread_mutex_t m;", "pthread_mutex_init(&m, 0);", false, 1},
	} {
		for _, model := range []cfront.Model{cfront.LP64, cfront.ILP32} {
			t.Run(tc.name+"/"+model.String(), func(t *testing.T) {
				src := "#define _GNU_SOURCE\n#include <pthread.h>\nint x;\n" + tc.decl + "\npthread_mutex_t *p = &m;\n" + strings.Replace(thread, "INIT", tc.init, 1)
				u := run(t, src, "seq", translate.Config{Model: model})
				text := ir.String(u.Prog)
				if got := strings.Contains(text, "__kind &"); got != tc.kind {
					t.Errorf("reads the mutex type: %v, want %v\n%s", got, tc.kind, text)
				}
				if !tc.kind {
					if got := strings.Count(text, "ladr:undefined:"); got != tc.checks {
						t.Errorf("%d unlock checks, want %d\n%s", got, tc.checks, text)
					}
				}
				gccSyntax(t, text, model == cfront.ILP32)
			})
		}
	}
}
