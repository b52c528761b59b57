package driver

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestCheckArgs: Options.Args fixes main's arguments (through the front
// end's model of them): the race below happens only when the first
// argument is "2" (atoi, from ladr's C library model, decides). Without
// Args, the nondeterministic arguments include "2". This runs the real
// CBMC.
func TestCheckArgs(t *testing.T) {
	src := `#include <pthread.h>
#include <stdlib.h>
int x;
void *t(void *a) { x = 1; return 0; }
int main(int argc, char **argv) {
  pthread_t id;
  int n = argc > 1 ? atoi(argv[1]) : 0;
  pthread_create(&id, 0, t, 0);
  if (n == 2)
    x = 2;
  pthread_join(id, 0);
  return 0;
}
`
	path := filepath.Join(t.TempDir(), "args.c")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name      string
		args      []string
		violation bool
	}{
		{"racy argument", []string{"2"}, true},
		{"other argument", []string{"3"}, false},
		{"no argument", []string{}, false},
		{"nondeterministic", nil, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := Check(context.Background(), Options{Input: path, Args: tc.args, Rounds: 2, Unwind: 3, Timeout: 2 * time.Minute, NoReplay: true})
			var be *BackendError
			if errors.As(err, &be) {
				t.Fatalf("CBMC is needed (scripts/install-cbmc, or LADR_CBMC): %v", err)
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := res.Result == Violation; got != tc.violation {
				t.Errorf("result %s (%s), want violation %v", res.Result, res.Reason, tc.violation)
			}
			if !tc.violation && res.Result != NoViolationFound {
				t.Errorf("result %s (%s), want no violation found", res.Result, res.Reason)
			}
		})
	}
}
