package bound_test

import (
	"strings"
	"testing"

	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/ir"
)

// TestLowerSignals: each pthread_kill of a program with possible handlers
// becomes bound.SignalThreadFunc followed by one thread per handler; a
// handler that asks which thread runs it leaves pthread_kill as it is, and
// so does a program with no handler.
func TestLowerSignals(t *testing.T) {
	const prefix = `#include <pthread.h>
#include <signal.h>
int g;
void *t(void *a) { return 0; }
`
	const kill = `
int main(void) {
  pthread_t th;
  pthread_create(&th, 0, t, 0);
  pthread_kill(th, SIGUSR1);
  pthread_join(th, 0);
  return 0;
}
`
	for _, tc := range []struct {
		name     string
		handlers string
		threads  []string // the handler threads created after the call; nil: not rewritten
	}{
		{"signal", `static void h(int s) { g = s; } void install(void) { signal(SIGUSR1, h); }`, []string{"__ladr_sighandler_h"}},
		{"sigaction", `static void h(int s, siginfo_t *i, void *c) { g = s; }
void install(void) { struct sigaction sa = {0}; sa.sa_sigaction = h; sigaction(SIGUSR1, &sa, 0); }`, []string{"__ladr_sighandler_h"}},
		{"two", `static void h1(int s) { g = 1; } static void h2(int s) { g = 2; }
void install(void) { signal(SIGUSR1, h1); signal(SIGUSR2, h2); }`, []string{"__ladr_sighandler_h1", "__ladr_sighandler_h2"}},
		{"not a handler's type", `static int h(int s) { return s; } int (*fp)(int) = h;`, nil},
		{"asks its thread", `static void h(int s) { g = (int)pthread_self(); } void install(void) { signal(SIGUSR1, h); }`, nil},
		{"no handler", ``, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			u := run(t, prefix+tc.handlers+kill, "signals", bound.Limits{})
			main := body(t, u.Prog, "main")
			kills, sent := stmtsCalling(main, "pthread_kill"), stmtsCalling(main, bound.SignalThreadFunc)
			if tc.threads == nil {
				if len(kills) != 1 || len(sent) != 0 {
					t.Fatalf("pthread_kill rewritten: %d left, %d %s", len(kills), len(sent), bound.SignalThreadFunc)
				}
				return
			}
			if len(kills) != 0 || len(sent) != 1 {
				t.Fatalf("pthread_kill not rewritten: %d left, %d %s", len(kills), len(sent), bound.SignalThreadFunc)
			}
			var got []string
			for _, s := range stmtsCalling(main, "pthread_create") {
				c, _ := bound.CallOf(s)
				if f := bound.FuncOf(c.Args[2]); f != nil && strings.HasPrefix(f.Name, "__ladr_sighandler_") {
					if !ir.IsNullConst(c.Args[0]) {
						t.Errorf("%s: thread id %s, want none", f.Name, ir.ExprString(c.Args[0]))
					}
					got = append(got, f.Name)
				}
			}
			if strings.Join(got, " ") != strings.Join(tc.threads, " ") {
				t.Errorf("handler threads %v, want %v", got, tc.threads)
			}
		})
	}
}
