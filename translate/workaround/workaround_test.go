package workaround_test

import (
	"strings"
	"testing"

	"github.com/ladr-dev/ladr/shadow"
	"github.com/ladr-dev/ladr/translate"
	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/cfront"
	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/seq"
)

// TestRouteCalloc: the calloc pass routes the threads' calls of calloc
// through __ladr_calloc for the cbmc target only, and leaves a program
// without calloc as it is.
func TestRouteCalloc(t *testing.T) {
	const withCalloc = `
#include <pthread.h>
#include <stdlib.h>
int *p;
void *w(void *a) { p = calloc(4, sizeof(int)); return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); pthread_join(t, 0); return 0; }
`
	tests := []struct {
		name   string
		src    string
		target translate.Target
		routed bool
	}{
		{"cbmc", withCalloc, translate.CBMC, true},
		{"generic", withCalloc, translate.Generic, false},
		{"no calloc", strings.ReplaceAll(withCalloc, "calloc(4, sizeof(int))", "malloc(4)"), translate.CBMC, false},
	}
	fe := cfront.New()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := fe.Parse("t.c", []byte(tc.src), cfront.Options{Model: cfront.LP64})
			if err != nil {
				t.Fatal(err)
			}
			cfg := translate.Config{Model: cfront.LP64, Limits: bound.Limits{Unwind: 2}, Rounds: 2, Property: seq.Race, Target: tc.target}
			u, err := translate.Run(p, cfg, []translate.Instrumenter{shadow.New(tc.target)}, translate.RunOptions{StopAfter: "calloc"})
			if err != nil {
				t.Fatal(err)
			}
			var helper *ir.Function
			calls := 0
			for _, f := range u.Prog.Funcs {
				if f.Name == "__ladr_calloc" {
					helper = f
				}
				if f.Thread == nil || f.Body == nil {
					continue
				}
				ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
					if c, ok := n.(*ir.Call); ok {
						if fn := ir.CalledFunc(c); fn != nil && fn.Name == "__ladr_calloc" {
							calls++
						}
					}
					return true
				})
			}
			if got := helper != nil && calls > 0; got != tc.routed {
				t.Errorf("routed = %v (helper %v, %d calls), want %v", got, helper != nil, calls, tc.routed)
			}
			if err := ir.Verify(u.Prog); err != nil {
				t.Errorf("after the pass: %v", err)
			}
		})
	}
}
