package seq_test

import (
	"strings"
	"testing"

	"github.com/ladr-dev/ladr/translate"
)

// TestUnmodelled checks which calls the api pass records as not modelled
// (Notes.Incomplete), at the program's call, also when the marker is inside
// ladr's C library model; and that the lowering ends the path (an
// assumption of false, no call left).
func TestUnmodelled(t *testing.T) {
	tests := []struct {
		name string
		body string // statements of the thread (line 5)
		want []string
	}{
		{"killpg", "killpg(0, SIGTERM);", []string{"killpg is not modelled"}},
		{"pthread_kill", "pthread_kill(pthread_self(), SIGUSR1);", []string{"pthread_kill is not modelled"}},
		{"pipe", "int fds[2]; pipe(fds);", []string{"pipe is not modelled"}},
		{"model marker", "setvbuf(stdout, buf, _IOFBF, 8);", []string{"not modelled by ladr's C library: a stream buffer of the program"}},
		{"modelled", "x = atoi(\"1\"); write(1, buf, 1);", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := "#include <pthread.h>\n#include <signal.h>\n#include <unistd.h>\n#include <stdio.h>\n#include <stdlib.h>\nint x; char buf[8];\n" +
				"void *t(void *a) { " + tc.body + " return 0; }\n" +
				"int main(void) { pthread_t id; pthread_create(&id, 0, t, 0); pthread_join(id, 0); return 0; }\n"
			u := run(t, src, "seq", translate.Config{})
			var got []string
			for _, c := range u.Notes.Incomplete {
				if c.Pos.Line != 7 || c.Pos.File != "test.c" {
					t.Errorf("%s at %s, want test.c line 7", c.What, c.Pos)
				}
				got = append(got, c.What)
			}
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("Incomplete = %q, want %q", got, tc.want)
			}
			for _, name := range callNames(u.Prog) {
				if name == "killpg" || name == "pipe" || name == "pthread_kill" || strings.HasPrefix(name, "__ladr_unmodelled_") {
					t.Errorf("a call of %s is left after the sequentialization", name)
				}
			}
		})
	}
}
