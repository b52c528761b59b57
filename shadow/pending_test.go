package shadow_test

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

// pendingProg has T1 and main share x, y, g, a, p and the _Atomic z; i is
// T1's own. Line numbers matter: see TestPendingMarks.
const pendingProg = `#include <pthread.h>
int x, y, g, a[4], *p; _Atomic int z;
void *t(void *arg) {
  g = 0; int i = __VERIFIER_nondet_int() & 3;
  x = y + i;
  a[i] = 1;
  a[g & 3] = 2;
  x = __VERIFIER_nondet_int();
  if (x && y) g = 1;
  z = 1;
  *p = 3;
  x++;
  return 0;
}

int main(void) { pthread_t id; p = &y; pthread_create(&id, 0, t, 0); x = a[1] + a[2] + a[3] + y + g + *p + z; a[0] = 1; y = 2; g = 3; z = 2; return 0; }
`

// pendingMarks returns, per source line of t, the marks T1's statement
// there makes when a context ends just before it.
func pendingMarks(t *testing.T, target translate.Target, off bool) map[int]string {
	t.Helper()
	p, err := cfront.New().Parse("pend.c", []byte(pendingProg), cfront.Options{})
	if err != nil {
		t.Fatal(err)
	}
	in := shadow.New(target)
	if off {
		in.NoPendingChecks()
	}
	u, err := translate.Run(p, translate.Config{Limits: bound.Limits{Unwind: 1}, Rounds: 2, Property: seq.Race, Target: target},
		[]translate.Instrumenter{in}, translate.RunOptions{StopAfter: "shadow"})
	if err != nil {
		t.Fatal(err)
	}
	marks := map[int]string{}
	for _, tl := range u.Layout.Threads {
		if tl.Thread.ID != 1 {
			continue
		}
		for _, stmts := range tl.AtStop {
			for _, s := range stmts {
				ir.Inspect(s, func(n any) bool {
					if e, ok := n.(*ir.ExprStmt); ok {
						marks[e.Loc.Pos.Line] += ir.ExprString(e.X)
						return false
					}
					return true
				})
			}
		}
	}
	return marks
}

func TestPendingMarks(t *testing.T) {
	for _, tc := range []struct {
		target translate.Target
		read   func(lv string) string
		write  func(lv string) string
	}{
		{translate.CBMC,
			func(lv string) string { return `__CPROVER_set_field(&` + lv + `, "pr", (_Bool)1)` },
			func(lv string) string { return `__CPROVER_set_field(&` + lv + `, "pw", (_Bool)1)` }},
		{translate.Generic,
			func(lv string) string { return `__ladr_pa = (char *)&` + lv + `, __ladr_ps = sizeof(` + lv + `)` },
			func(lv string) string { return `__ladr_pa = (char *)&` + lv + `, __ladr_ps = sizeof(` + lv + `)` }},
	} {
		t.Run(tc.target.String(), func(t *testing.T) {
			m := pendingMarks(t, tc.target, false)
			for _, want := range []struct {
				line int
				text string
				why  string
			}{
				{5, tc.write("x"), "x = y + i marks its write of x"},
				{5, tc.read("y"), "and its read of y"},
				{6, tc.write("a[i]"), "an element at a private index is marked"},
				{7, tc.read("g"), "the read of g in the index is marked"},
				{12, tc.write("x"), "x++ writes x"},
			} {
				if !strings.Contains(m[want.line], want.text) {
					t.Errorf("line %d: %s: no %s in %q", want.line, want.why, want.text, m[want.line])
				}
			}
			for _, bad := range []struct {
				line int
				text string
				why  string
			}{
				{7, "a[g & 3]", "an element at a shared index can move before the statement runs"},
				{8, "&x", "a statement with a call runs code first"},
				{9, "y", "the right operand of && need not run"},
				{10, "z", "an atomic access is not marked"},
				{11, "*p", "p is shared: *p can move"},
			} {
				if strings.Contains(m[bad.line], bad.text) {
					t.Errorf("line %d: %s: %s marked in %q", bad.line, bad.why, bad.text, m[bad.line])
				}
			}
			if tc.target == translate.Generic && !strings.Contains(m[5], "__ladr_pw = (_Bool)0") {
				t.Errorf("line 5: the generic target does not record that the read of y is a read: %q", m[5])
			}
			if off := pendingMarks(t, tc.target, true); len(off) != 0 {
				t.Errorf("NoPendingChecks: marks %v", off)
			}
		})
	}
}
