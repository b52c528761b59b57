package replay

import (
	"context"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ladr-dev/ladr/driver/cbmc"
	"github.com/ladr-dev/ladr/translate/cfront"
	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/record"
)

func TestBitsOf(t *testing.T) {
	tests := []struct {
		v    cbmc.Value
		want uint64
		err  bool
	}{
		{cbmc.Value{Name: "integer", Type: "signed int", Binary: "11111111111111111111111111111111"}, ^uint64(0), false},
		{cbmc.Value{Name: "integer", Type: "unsigned int", Binary: "11111111111111111111111111111111"}, 0xffffffff, false},
		{cbmc.Value{Name: "integer", Type: "signed char", Binary: "10000000"}, ^uint64(0x7f), false},
		{cbmc.Value{Name: "integer", Type: "_Bool", Binary: "1"}, 1, false},
		{cbmc.Value{Name: "integer", Type: "signed long int", Binary: "00000000000000000000000000000101"}, 5, false},
		// ILP32's unsigned long, as CBMC names it: zero-extended.
		{cbmc.Value{Name: "integer", Type: "__CPROVER_size_t", Data: "2147483648u", Binary: "10000000000000000000000000000000"}, 0x80000000, false},
		{cbmc.Value{Name: "integer", Type: "", Data: "4294967295ul", Binary: "11111111111111111111111111111111"}, 0xffffffff, false},
		{cbmc.Value{Name: "pointer", Data: "NULL"}, 0, false},
		{cbmc.Value{Name: "pointer", Data: "&x"}, 0, true},
		{cbmc.Value{Name: "integer", Data: "?"}, 0, true},
	}
	for _, tc := range tests {
		got, err := bitsOf(tc.v)
		if (err != nil) != tc.err || (!tc.err && got != tc.want) {
			t.Errorf("bitsOf(%+v) = %#x, %v; want %#x, error %v", tc.v, got, err, tc.want, tc.err)
		}
	}
}

func TestChoicesFromTrace(t *testing.T) {
	trace := []cbmc.Step{
		{Type: cbmc.StepAssignment, LHS: "x", Value: cbmc.Value{Name: "integer", Binary: "1"}},
		{Type: cbmc.StepAssignment, LHS: record.ValueName, Location: cbmc.Location{Function: "__VERIFIER_nondet_int"}, Value: cbmc.Value{Name: "integer", Type: "signed int", Binary: "00000000000000000000000000000111"}},
		{Type: cbmc.StepAssignment, LHS: record.ValueName, Location: cbmc.Location{Function: "helper"}, Value: cbmc.Value{Name: "integer", Binary: "1"}},
		{Type: cbmc.StepAssignment, LHS: record.ValueName, Location: cbmc.Location{Function: "__VERIFIER_nondet_uint"}, Value: cbmc.Value{Name: "integer", Type: "unsigned int", Binary: "00000000000000000000000000000010"}},
		{Type: cbmc.StepAssignment, LHS: record.ValueName, Location: cbmc.Location{Function: "sensor"}, Value: cbmc.Value{Name: "integer", Type: "signed int", Binary: "00000000000000000000000000000011"}},
	}
	// sensor is declared and defined nowhere: the translation assumes it
	// returns any value (a choice); helper is the program's own.
	prog, err := cfront.New().Parse("t.c", []byte("int sensor(int);\nint helper(void) { return sensor(1); }\nint main(void) { return helper(); }\n"), cfront.Options{Model: cfront.LP64})
	if err != nil {
		t.Fatal(err)
	}
	cs, err := Choices(trace, prog)
	if err != nil {
		t.Fatal(err)
	}
	want := []Choice{{"__VERIFIER_nondet_int", 7}, {"__VERIFIER_nondet_uint", 2}, {"sensor", 3}}
	if !slices.Equal(cs, want) {
		t.Errorf("choices %v, want %v", cs, want)
	}
}

// TestRun replays a small program: the recorded choices decide whether the
// assertion fails, the shadow memory works natively, and a wrong choice
// sequence is reported as a divergence.
func TestRun(t *testing.T) {
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Fatal("gcc is needed for replay")
	}
	prog := &ir.Program{}
	prog.DeclareFunc("__VERIFIER_nondet_int", &ir.Func{Result: ir.IntType})
	prog.DeclareFunc("__VERIFIER_nondet_uint", &ir.Func{Result: &ir.Basic{Kind: ir.UInt}})
	text := ir.Prelude + `
int __VERIFIER_nondet_int(void);
unsigned int __VERIFIER_nondet_uint(void);
int g[4];
int main(void) {
  __CPROVER_field_decl_global("w", (_Bool)0);
  int a = __VERIFIER_nondet_int();
  unsigned int i = __VERIFIER_nondet_uint();
  __CPROVER_assume(i < 4U);
  __CPROVER_set_field(&g[i], "w", (_Bool)1);
  __CPROVER_assert(!(__CPROVER_get_field(&g[2], "w") && a < 0), "ladr:test");
  return 0;
}
`
	tests := []struct {
		name     string
		choices  []Choice
		violated bool
		diverged string
	}{
		{"violation", []Choice{{"__VERIFIER_nondet_int", ^uint64(0)}, {"__VERIFIER_nondet_uint", 2}}, true, ""},
		{"other element", []Choice{{"__VERIFIER_nondet_int", ^uint64(0)}, {"__VERIFIER_nondet_uint", 1}}, false, "ran to its end"},
		{"positive", []Choice{{"__VERIFIER_nondet_int", 3}, {"__VERIFIER_nondet_uint", 2}}, false, "ran to its end"},
		{"assumption", []Choice{{"__VERIFIER_nondet_int", 3}, {"__VERIFIER_nondet_uint", 9}}, false, "an assumption does not hold"},
		{"too few", []Choice{{"__VERIFIER_nondet_int", 3}}, false, "after the 1 recorded choices"},
		{"wrong function", []Choice{{"__VERIFIER_nondet_uint", 3}, {"__VERIFIER_nondet_uint", 2}}, false, "recorded for __VERIFIER_nondet_uint"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, err := Run(context.Background(), []byte(text), prog, tc.choices, Options{Dir: t.TempDir()})
			if err != nil {
				t.Fatal(err)
			}
			if out.Violated != tc.violated {
				t.Fatalf("violated %v, want %v (diverged: %s)", out.Violated, tc.violated, out.Diverged)
			}
			if tc.violated && out.Message != "ladr:test" {
				t.Errorf("message %q, want ladr:test", out.Message)
			}
			if !strings.Contains(out.Diverged, tc.diverged) {
				t.Errorf("diverged %q, want it to contain %q", out.Diverged, tc.diverged)
			}
		})
	}
}

// TestRunBool replays a _Bool choice as CBMC reads it: CBMC's trace may
// show any byte for one (parallel-barrier-loop.wvr's loop condition was
// 0x10, true for CBMC), and the replay's _Bool must be true for every byte
// but zero (gcc's _Bool holding 0x10 read false under !).
func TestRunBool(t *testing.T) {
	prog := &ir.Program{}
	prog.DeclareFunc("__VERIFIER_nondet_bool", &ir.Func{Result: ir.BoolType})
	text := ir.Prelude + `
_Bool __VERIFIER_nondet_bool(void);
int main(void) {
  _Bool b = __VERIFIER_nondet_bool();
  if (!b)
    __CPROVER_assume(0);
  __CPROVER_assert(b == 0, "ladr:test");
  return 0;
}
`
	for _, tc := range []struct {
		bits     uint64
		violated bool
	}{{0, false}, {1, true}, {0x10, true}, {0x80, true}} {
		out, err := Run(context.Background(), []byte(text), prog, []Choice{{"__VERIFIER_nondet_bool", tc.bits}}, Options{Dir: t.TempDir()})
		if err != nil {
			t.Fatal(err)
		}
		if out.Violated != tc.violated {
			t.Errorf("choice %#x: violated %v, want %v (diverged: %s)", tc.bits, out.Violated, tc.violated, out.Diverged)
		}
	}
}

// TestRunStopped: a replay stopped from outside (another member of the
// portfolio answered) is an error, not a program that "did not end within"
// the replay's time.
func TestRunStopped(t *testing.T) {
	text := ir.Prelude + "int main(void) { for (;;) ; }\n"
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	out, err := Run(ctx, []byte(text), &ir.Program{}, nil, Options{Dir: t.TempDir(), Timeout: time.Minute})
	if err == nil {
		t.Fatalf("a stopped replay reported %+v", out)
	}
}

func TestRunRejectsForeignText(t *testing.T) {
	if _, err := Run(context.Background(), []byte("int main(void){return 0;}"), &ir.Program{}, nil, Options{}); err == nil {
		t.Error("a program without ladr's prelude was accepted")
	}
}

// TestReplayBodies: the replay answers the nondet functions and the
// functions the program declares and nothing defines from the choices,
// a _Bool one of either kind true for every byte but zero, and a void
// undefined function does nothing.
func TestReplayBodies(t *testing.T) {
	src := "_Bool __VERIFIER_nondet_bool(void);\n_Bool ready(int unit);\nvoid note(int level);\nint main(void) { note(1); return ready(2) && __VERIFIER_nondet_bool(); }\n"
	prog, err := cfront.New().Parse("t.c", []byte(src), cfront.Options{Model: cfront.LP64})
	if err != nil {
		t.Fatal(err)
	}
	got := replayBodies(prog, "")
	for _, want := range []string{
		`_Bool __VERIFIER_nondet_bool(void) { unsigned char __ladr_nondet_value; __ladr_rt_take(&__ladr_nondet_value, sizeof __ladr_nondet_value, "__VERIFIER_nondet_bool"); return __ladr_nondet_value != 0; }`,
		`__ladr_rt_take(&__ladr_nondet_value, sizeof __ladr_nondet_value, "ready"); return __ladr_nondet_value != 0; }`,
		`void note(`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in\n%s", want, got)
		}
	}
}
