package seq_test

import (
	"strings"
	"testing"

	"github.com/ladr-dev/ladr/translate"
	"github.com/ladr-dev/ladr/translate/ir"
)

// TestForkWaitLowering checks the parent's side of fork (the result is -1
// or positive) and of waitpid (any status, a result of at least -1).
func TestForkWaitLowering(t *testing.T) {
	src := `#include <pthread.h>
#include <unistd.h>
#include <sys/wait.h>
int g;
void *t(void *a) { g = 1; return 0; }
int main(void) {
	pthread_t th;
	int status = 5;
	pthread_create(&th, 0, t, 0);
	pid_t p = fork();
	if (p == 0) _exit(0);
	int r = waitpid(p, &status, 0);
	pthread_join(th, 0);
	return r + status;
}`
	u := run(t, src, "seq", translate.Config{})
	f := threadFunc(t, u.Prog, 0)
	all := ir.String(u.Prog)
	text := all[strings.Index(all, "void "+f.Name+"(void)\n"):]
	text = strings.Join(strings.Fields(text), " ")
	for _, w := range []string{"== -1 ||", "> 0", "status = __VERIFIER_nondet_int()", ">= -1"} {
		if !strings.Contains(text, w) {
			t.Errorf("no %q in the main thread:\n%s", w, text)
		}
	}
	if strings.Contains(text, "fork()") || strings.Contains(text, "waitpid(") {
		t.Errorf("a call of fork or waitpid is left:\n%s", text)
	}
	gccSyntax(t, all, false)

	// A struct rusage is not modelled.
	_, err := runCfg(t, `#include <sys/wait.h>
#include <sys/resource.h>
int main(void) { struct rusage ru; int st; return wait4(-1, &st, 0, &ru); }`, "seq", translate.Config{})
	if err == nil || !strings.Contains(err.Error(), "struct rusage") {
		t.Errorf("wait4 with a struct rusage: %v, want unsupported", err)
	}
}
