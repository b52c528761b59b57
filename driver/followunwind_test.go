package driver

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/ladr-dev/ladr/property"
	"github.com/ladr-dev/ladr/translate/cfront"
	"github.com/ladr-dev/ladr/translate/follow"
)

// TestFollowUnwind checks that the search for a witness starts at the
// least unwinding whose bounded program has enough copies of the lines
// the witness passes, found by translation alone.
func TestFollowUnwind(t *testing.T) {
	src := `extern int __VERIFIER_nondet_int(void);
int x;
int main(void) {
  int n = __VERIFIER_nondet_int();
  for (int i = 0; i < n; i++)
    x++;
  return 0;
}
`
	input := filepath.Join(t.TempDir(), "loop.c")
	if err := os.WriteFile(input, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	// iterations passes line 6 (the loop's body) n times, each after
	// the loop's test on line 5.
	iterations := func(n int) *follow.Spec {
		s := &follow.Spec{File: input}
		for range n {
			s.Waypoints = append(s.Waypoints,
				follow.Waypoint{Line: 5, Thread: 0, Creates: follow.AnyThread},
				follow.Waypoint{Line: 6, Thread: 0, Creates: follow.AnyThread})
		}
		s.Waypoints = append(s.Waypoints, follow.Waypoint{Line: 7, Thread: 0, Creates: follow.AnyThread})
		return s
	}
	for _, tc := range []struct {
		name string
		spec *follow.Spec
		want int
	}{
		{"no iteration", iterations(0), 2},
		{"two iterations", iterations(2), 2},
		{"five iterations", iterations(5), 5},
		{"eleven iterations", iterations(11), 11},
		{"more than any unwinding tried", iterations(maxFollowUnwind + 1), 0},
		{"out of program order", &follow.Spec{File: input, Waypoints: []follow.Waypoint{
			{Line: 7, Thread: 0, Creates: follow.AnyThread}, {Line: 4, Thread: 0, Creates: follow.AnyThread}}}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opt := Options{Input: input, Model: cfront.LP64, Property: property.UnreachCall, Follow: tc.spec}
			if got := followUnwind(context.Background(), cfront.New(), opt); got != tc.want {
				t.Errorf("followUnwind = %d, want %d", got, tc.want)
			}
		})
	}
}

// TestFollowUnwindLoopExit checks that a loop's last test, which the
// bounded program makes where it cuts the loop, is a step a witness can
// pass: two iterations and the test that leaves the loop fit unwind 2.
func TestFollowUnwindLoopExit(t *testing.T) {
	src := `extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int i = 0;
  while (i < n)
    i++;
  return 0;
}
`
	input := filepath.Join(t.TempDir(), "while.c")
	if err := os.WriteFile(input, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	wp := func(line int) follow.Waypoint {
		return follow.Waypoint{Line: line, Thread: 0, Creates: follow.AnyThread}
	}
	spec := &follow.Spec{File: input, Waypoints: []follow.Waypoint{wp(5), wp(6), wp(5), wp(6), wp(5), wp(7)}}
	opt := Options{Input: input, Model: cfront.LP64, Property: property.UnreachCall, Follow: spec}
	if got := followUnwind(context.Background(), cfront.New(), opt); got != 2 {
		t.Errorf("followUnwind = %d, want 2", got)
	}
}
