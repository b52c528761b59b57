package bound_test

import (
	"strings"
	"testing"

	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/ir"
)

// TestCheckForks checks which forks the fork pass accepts (the child
// cannot matter: ladr checks the parent only) and which it makes
// unsupported, with the reason.
func TestCheckForks(t *testing.T) {
	const head = "#include <pthread.h>\n#include <unistd.h>\n#include <stdlib.h>\n#include <stdio.h>\n#include <assert.h>\n#include <sys/wait.h>\nint g;\n"
	tests := []struct {
		name, src string
		why       string // "" when accepted
	}{
		{"exec and exit", `int main(void) { pid_t p = fork(); if (p == 0) { char *a[] = { "/bin/true", 0 }; execv(a[0], a); _exit(1); } waitpid(p, 0, 0); return 0; }`, ""},
		{"if assignment else-if", `void *t(void *arg) { pid_t pid; if ((pid = fork()) == -1) perror("fork"); else if (pid == 0) { dup2(2, 1); char *a[] = { "/bin/ls", 0 }; execv(a[0], a); } else *(pid_t *)arg = pid; return 0; }
int main(void) { pthread_t th; pid_t p; pthread_create(&th, 0, t, &p); pthread_join(th, 0); return 0; }`, ""},
		{"child writes a global and exits", `int main(void) { if (fork() == 0) { g = 1; printf("child\n"); exit(0); } g = 2; return 0; }`, ""},
		{"child returns from main", `int main(void) { pid_t p = fork(); if (!p) { g = 3; return 0; } wait(0); return 0; }`, ""},
		{"switch", `int main(void) { pid_t p = fork(); switch (p) { case 0: _exit(0); case -1: return 1; default: break; } waitpid(p, 0, 0); return 0; }`, ""},
		{"harmless helper", `static void child(void) { printf("x\n"); _exit(0); } int main(void) { if (fork() == 0) child(); return 0; }`, ""},

		{"child creates a thread that does nothing", `void *t(void *a) { return 0; } int main(void) { pthread_t th; pid_t p = fork(); if (p == 0) { pthread_create(&th, 0, t, 0); pthread_join(th, 0); exit(0); } return 0; }`, ""},
		{"child creates a local-only thread", `void *t(void *a) { int n = 3; sleep((unsigned long)a); n++; return 0; } int main(void) { pthread_t th; pid_t p = fork(); if (p == 0) { pthread_create(&th, 0, t, 0); pthread_join(th, 0); exit(0); } return 0; }`, ""},
		{"child creates a thread that writes a global", `void *t(void *a) { g = 1; return 0; } int main(void) { pthread_t th; pid_t p = fork(); if (p == 0) { pthread_create(&th, 0, t, 0); g = 2; pthread_join(th, 0); exit(0); } return 0; }`, "creates a thread"},
		{"child creates a thread that writes through its argument", `void *t(void *a) { *(int *)a = 1; return 0; } int main(void) { pthread_t th; int x = 0; pid_t p = fork(); if (p == 0) { pthread_create(&th, 0, t, &x); x = 2; pthread_join(th, 0); exit(0); } return 0; }`, "creates a thread"},
		{"child creates a thread that asserts", `void *t(void *a) { int n = 0; assert(n == 0); return 0; } int main(void) { pthread_t th; if (fork() == 0) { pthread_create(&th, 0, t, 0); pthread_join(th, 0); exit(0); } return 0; }`, "creates a thread"},
		{"child asserts", `int main(void) { if (fork() == 0) { assert(g == 0); _exit(0); } return 0; }`, "may fail an assertion"},
		{"helper asserts", `static void child(void) { assert(g == 0); } int main(void) { if (fork() == 0) { child(); _exit(0); } return 0; }`, "calls child, which may fail an assertion"},
		{"child goes on in the parent's code", `int main(void) { fork(); assert(g == 0); return 0; }`, "may fail an assertion"},
		{"child returns to the caller", `static int spawn(void) { pid_t p = fork(); if (p == 0) return 1; return 0; } int main(void) { if (spawn()) g = 1; return 0; }`, "returns from spawn"},
		{"exit handlers", `static void h(void) { assert(g == 0); } int main(void) { atexit(h); if (fork() == 0) exit(0); return 0; }`, "exit handlers"},
		{"callback through a variable", `static int cmp(const void *a, const void *b) { assert(a != b); return 0; } int (*fp)(const void *, const void *) = cmp;
int main(void) { int a[2] = {0}; if (fork() == 0) { qsort(a, 2, sizeof(int), fp); _exit(0); } return 0; }`, "passes a function pointer to qsort"},
		{"the program's own fork", `pid_t fork(void) { return g; }
int main(void) { int p = fork(); if (p == 0) assert(g == 1); return 0; }`, ""},
		{"the program's own wait", `pid_t wait(int *s) { *s = 0; return 0; }
int main(void) { int st; pid_t p = fork(); if (p == 0) _exit(0); wait(&st); assert(st == 0); return 0; }`, ""},
		{"fork handlers", `static void h(void) { assert(g == 0); } int main(void) { pthread_atfork(0, 0, h); if (fork() == 0) _exit(0); return 0; }`, "pthread_atfork"},
		{"reassigned result", `int main(void) { pid_t p = fork(); p = 0; if (p == 0) { assert(0); } return 0; }`, "may fail an assertion"},
		{"function pointer", `static void (*fp)(void); int main(void) { if (fork() == 0) { fp(); _exit(0); } return 0; }`, "through a pointer"},
		{"signal handler", `#include <signal.h>
static void h(int s) { (void)s; } int main(void) { if (fork() == 0) { signal(2, h); _exit(0); } return 0; }`, "passes the function h to signal"},
		{"callback", `static int cmp(const void *a, const void *b) { assert(a != b); return 0; } int main(void) { int a[2] = {0}; if (fork() == 0) { qsort(a, 2, sizeof(int), cmp); _exit(0); } return 0; }`, "passes the function cmp"},
		{"vfork with a write", `int main(void) { if (vfork() == 0) { g = 1; _exit(0); } return 0; }`, "vfork"},
		{"vfork exec", `int main(void) { if (vfork() == 0) { execl("/bin/true", "true", (char *)0); _exit(1); } return 0; }`, ""},
		// The result is not followed: both branches are the child's, and
		// both are harmless.
		{"result in an array", `int main(void) { pid_t p[2]; p[0] = fork(); if (p[0] == 0) _exit(0); return 0; }`, ""},
		{"result in an array, assertion", `int main(void) { pid_t p[2]; p[0] = fork(); if (p[0] != 0) assert(g == 0); return 0; }`, "may fail an assertion"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			u := run(t, head+tc.src, "fork", bound.Limits{})
			var got []string
			for _, f := range u.Prog.Funcs {
				if f.Body == nil {
					continue
				}
				ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
					if s, ok := n.(*ir.Unsupported); ok && (strings.HasPrefix(s.What, "fork") || strings.HasPrefix(s.What, "vfork")) {
						got = append(got, s.What)
					}
					return true
				})
			}
			if tc.why == "" {
				if len(got) != 0 {
					t.Errorf("fork made unsupported: %q", got)
				}
				return
			}
			if len(got) != 1 {
				t.Fatalf("got %d unsupported forks %q, want one saying %q", len(got), got, tc.why)
			}
			ok := false
			for _, w := range strings.Split(tc.why, "|") {
				ok = ok || strings.Contains(got[0], w)
			}
			if !ok || !strings.Contains(got[0], "ladr checks the parent process only") {
				t.Errorf("unsupported fork says %q, want %q", got[0], tc.why)
			}
		})
	}
}

// TestForkPrunesChildSwitch checks the pruning of a switch on fork's
// result (lowered to gotos): the child's case goes, the parent's stay, and
// code before the fork that a loop reaches again is kept.
func TestForkPrunesChildSwitch(t *testing.T) {
	src := `#include <unistd.h>
#include <stdio.h>
#include <sys/wait.h>
int g;
int main(void) {
	int n = 0;
again:
	g = n;
	switch (fork()) {
	case 0: { char *a[] = { "/bin/ls", 0 }; execv(a[0], a); _exit(127); }
	case -1: perror("fork"); return 1;
	default: break;
	}
	if (++n < 2) goto again;
	wait(0);
	return 0;
}`
	u := run(t, src, "fork", bound.Limits{})
	text := ir.String(u.Prog)
	text = text[strings.Index(text, "int main(void)\n"):]
	if strings.Contains(text, "execv(") || strings.Contains(text, "_exit(") {
		t.Errorf("the child's case is kept:\n%s", text)
	}
	for _, w := range []string{"perror(", "g = n", "wait(", "goto again"} {
		if !strings.Contains(text, w) {
			t.Errorf("the parent's %q is dropped:\n%s", w, text)
		}
	}
}

// TestForkPruneKeepsCodeBeforeFork checks that a test of fork's result
// before the fork (the variable is not yet set on the first iteration) is
// kept.
func TestForkPruneKeepsCodeBeforeFork(t *testing.T) {
	src := `#include <unistd.h>
int g;
int main(void) {
	pid_t pid;
	int i;
	for (i = 0; i < 2; i++) {
		if (pid == 0) g = 1;
		pid = fork();
		if (pid == 0) _exit(0);
	}
	return 0;
}`
	u := run(t, src, "fork", bound.Limits{})
	text := ir.String(u.Prog)
	text = text[strings.Index(text, "int main(void)\n"):]
	if !strings.Contains(text, "g = 1") {
		t.Errorf("the test before the fork is dropped:\n%s", text)
	}
	if strings.Contains(text, "_exit(") {
		t.Errorf("the child's branch is kept:\n%s", text)
	}
}

// TestForkPrunesChildBranch checks that the branch only the child runs is
// dropped after an accepted fork (its calls, such as execv, need no
// model), and the parent's branches are kept.
func TestForkPrunesChildBranch(t *testing.T) {
	src := `#include <unistd.h>
#include <stdio.h>
int g;
int main(void) {
	pid_t pid;
	if ((pid = fork()) == -1) perror("fork");
	else if (pid == 0) { char *a[] = { "/bin/ls", 0 }; execv(a[0], a); }
	else g = pid;
	return 0;
}`
	u := run(t, src, "fork", bound.Limits{})
	text := ir.String(u.Prog)
	text = text[strings.Index(text, "int main(void)\n"):]
	if strings.Contains(text, "execv(") {
		t.Errorf("the child's branch is kept:\n%s", text)
	}
	for _, w := range []string{"perror(", "g = pid"} {
		if !strings.Contains(text, w) {
			t.Errorf("the parent's %q is dropped:\n%s", w, text)
		}
	}
}
