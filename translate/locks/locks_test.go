package locks_test

import (
	"testing"

	"github.com/ladr-dev/ladr/translate"
	"github.com/ladr-dev/ladr/translate/cfront"
	"github.com/ladr-dev/ladr/translate/locks"
)

// TestHeldUnlocks checks which unlocks the analysis proves to release a
// mutex the thread holds: only those need no check that it does.
func TestHeldUnlocks(t *testing.T) {
	fe := cfront.New()
	for _, tc := range []struct {
		name, thread string
		held         int // unlocks proved held, in the thread and main
	}{
		{"locked before", "pthread_mutex_lock(&m); x = 1; pthread_mutex_unlock(&m);", 1},
		{"not locked", "x = 1; pthread_mutex_unlock(&m);", 0},
		{"locked on one path", "if (a) pthread_mutex_lock(&m); x = 1; pthread_mutex_unlock(&m);", 0},
		{"other mutex", "pthread_mutex_lock(&n); pthread_mutex_unlock(&m); pthread_mutex_unlock(&n);", 1},
		{"twice", "pthread_mutex_lock(&m); pthread_mutex_unlock(&m); pthread_mutex_unlock(&m);", 1},
		{"through a pointer", "pthread_mutex_t *p = a; pthread_mutex_lock(p); pthread_mutex_unlock(p);", 0},
		{"condition wait", "pthread_mutex_lock(&m); pthread_cond_wait(&c, &m); pthread_mutex_unlock(&m);", 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := "#include <pthread.h>\npthread_mutex_t m, n; pthread_cond_t c; int x;\nvoid *f(void *a) { " + tc.thread + " return 0; }\n" +
				"int main(void) { pthread_t t; pthread_create(&t, 0, f, 0); pthread_join(t, 0); return 0; }\n"
			p, err := fe.Parse("test.c", []byte(src), cfront.Options{Model: cfront.LP64})
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			u, err := translate.Run(p, translate.Config{Model: cfront.LP64, Rounds: 2}, nil, translate.RunOptions{StopAfter: "calloc"})
			if err != nil {
				t.Fatalf("Run: %v", err)
			}
			if got := len(locks.HeldUnlocks(u.Prog)); got != tc.held {
				t.Errorf("%d unlocks proved held, want %d", got, tc.held)
			}
		})
	}
}
