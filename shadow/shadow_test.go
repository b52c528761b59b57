package shadow_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/ladr-dev/ladr/shadow"
	"github.com/ladr-dev/ladr/translate"
	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/cfront"
	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/seq"
)

// prog has T1 and main touch x, y, a and s; loc and i are T1's own.
const prog = `#include <pthread.h>
struct S { int f; int g; } s;
int a[4]; int x, y;
void *t(void *arg) {
  int loc = 3;
  int i = __VERIFIER_nondet_int();
  x = y + loc;
  a[i & 3] = 1;
  s.g = 2;
  x++;
  __atomic_fetch_add(&y, 1, 5);
  return 0;
}
int main(void) { pthread_t id; pthread_create(&id, 0, t, 0); x = a[1] + s.f + s.g + y; y = 2; return 0; }
`

// instrumented returns, for each line of t's body (7 to 11), the text the
// shadow pass makes of it (the statement lines that carry it, joined).
func instrumented(t *testing.T, target translate.Target) map[int]string {
	t.Helper()
	fe := cfront.New()
	p, err := fe.Parse("sh.c", []byte(prog), cfront.Options{})
	if err != nil {
		t.Fatal(err)
	}
	u, err := translate.Run(p, translate.Config{Limits: bound.Limits{Unwind: 1}, Rounds: 2, Property: seq.Race, Target: target},
		[]translate.Instrumenter{shadow.New(target)}, translate.RunOptions{StopAfter: "shadow"})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if _, err := ir.Fprint(&b, u.Prog, ir.PrintOptions{Comments: true}); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	lines := map[int]string{}
	for _, l := range strings.Split(text, "\n") {
		for n := 7; n <= 11; n++ {
			if strings.HasSuffix(l, "// sh.c:"+strconv.Itoa(n)) && !strings.Contains(l, "__ladr_P1 = ") && !strings.Contains(l, "__ladr_P2 = ") {
				lines[n] += l + "\n"
			}
		}
	}
	return lines
}

func TestInstrumentation(t *testing.T) {
	for _, tc := range []struct {
		target   translate.Target
		write    func(lv string) string // marks lv as written (phase 1)
		checkW   func(lv string) string // checks lv against a write (phase 2)
		wholeObj []string               // checks that would alias distinct elements
		atomic   []string               // the atomic write's mark and check
	}{
		{translate.CBMC,
			func(lv string) string { return `__CPROVER_set_field(&` + lv + `, "w", (_Bool)1)` },
			func(lv string) string { return `__CPROVER_get_field(&` + lv + `, "w")` },
			[]string{`__CPROVER_set_field(&a,`, `__CPROVER_set_field(&s,`, `__CPROVER_get_field(&a,`, `__CPROVER_get_field(&s,`},
			[]string{`__CPROVER_set_field(&y, "w", (_Bool)1)`, `__CPROVER_get_field(&y, "n")`}},
		{translate.Generic,
			func(lv string) string { return `__ladr_wa = (char *)&` + lv + `, __ladr_ws = sizeof(` + lv + `)` },
			func(lv string) string { return `(char *)&` + lv + ` < __ladr_wa + __ladr_ws` },
			[]string{`(char *)&a,`, `(char *)&s,`, `(char *)&a <`, `(char *)&s <`},
			[]string{`__ladr_wa = (char *)&y, __ladr_ws = sizeof(y)`, `__ladr_wn = (_Bool)0`, `&& __ladr_wn)`}},
	} {
		t.Run(tc.target.String(), func(t *testing.T) {
			l := instrumented(t, tc.target)
			for _, want := range []struct {
				line int
				text string
				why  string
			}{
				{7, tc.write("x"), "the write of x is marked"},
				{7, tc.checkW("x"), "the write of x is checked"},
				{7, tc.checkW("y"), "the read of y is checked against a write"},
				{8, tc.write("a[i & 3]"), "the element written is marked, not the array"},
				{8, tc.checkW("a[i & 3]"), "the element written is checked"},
				{9, tc.write("s.g"), "the field written is marked, not the struct"},
				{10, tc.write("x"), "x++ writes x"},
			} {
				if !strings.Contains(l[want.line], want.text) {
					t.Errorf("line %d: %s: no %s in\n%s", want.line, want.why, want.text, l[want.line])
				}
			}
			for n := 7; n <= 10; n++ {
				for _, bad := range append(tc.wholeObj, "&loc", "&i,", "&i)") {
					if strings.Contains(l[n], bad) {
						t.Errorf("line %d: %s instrumented:\n%s", n, bad, l[n])
					}
				}
			}
			// x++ is evaluated once, after its checks.
			if c := strings.Count(l[10], "x++"); c != 1 {
				t.Errorf("line 10 evaluates x++ %d times:\n%s", c, l[10])
			}
			// The atomic read-modify-write of y races only with a plain
			// access: its write is marked atomic, its checks ask for a
			// non-atomic write.
			for _, want := range tc.atomic {
				if !strings.Contains(l[11], want) {
					t.Errorf("the atomic operation on y: no %s in\n%s", want, l[11])
				}
			}
			if strings.Contains(l[11], "__ladr_wn = (_Bool)1") || strings.Contains(l[11], `set_field(&y, "n", (_Bool)1)`) {
				t.Errorf("the atomic write of y is marked non-atomic:\n%s", l[11])
			}
		})
	}
}
