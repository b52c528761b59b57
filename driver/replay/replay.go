// Package replay re-executes a counterexample of a sequentialized program
// concretely: it compiles the program with gcc together with a small
// runtime (runtime.h) that answers each nondeterministic choice from the
// recorded counterexample and implements CBMC's shadow memory natively, runs
// it, and reports whether the same assertion fails.
//
// Choices are recorded by giving every __VERIFIER_nondet_* function of the
// program a body for CBMC (NondetBodies) that returns an uninitialized local
// named __ladr_nondet_value: CBMC's trace shows each call's value as an
// assignment to it, in execution order (Choices).
package replay

import (
	"bytes"
	"context"
	_ "embed"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/ladr-dev/ladr/driver/cbmc"
	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/record"
)

//go:embed runtime.h
var runtime string

// Choice is one nondeterministic value of a counterexample: the function
// that produced it and its bit pattern (sign-extended to 64 bits).
type Choice struct {
	Func string `json:"func"`
	Bits uint64 `json:"bits"`
}

// replayBodies returns the runtime's definitions of the nondet functions.
func replayBodies(prog *ir.Program, defined string) string {
	var b strings.Builder
	b.WriteString("\n/* ladr replay: nondet functions answered from the recorded choices */\n")
	for _, f := range record.NondetFuncs(prog) {
		b.WriteString(choiceBody(ir.Declare(f.Type.Result, f.Name+"(void)"), f))
	}
	// The functions the program declares and nothing defines that the
	// translation assumed return any value and do nothing else.
	outside := withoutCBMCOnly(defined)
	for _, f := range record.AssumedFuncs(prog) {
		if defines(outside, f.Name) {
			continue
		}
		if bt, ok := f.Type.Result.(*ir.Basic); ok && bt.Kind == ir.Void {
			fmt.Fprintf(&b, "%s { }\n", record.Signature(f))
			continue
		}
		b.WriteString(choiceBody(record.Signature(f), f))
	}
	if f := prog.Func(record.HeapFill); f != nil && f.Body == nil {
		b.WriteString(heapReplayBody(f))
	}
	// Functions whose calls were all inlined keep only a declaration (CBMC
	// needs no body to compare their addresses); the linker needs one. They
	// are never called: a call would stop the replay as diverged.
	for _, f := range prog.Funcs {
		if f.Body != nil || !f.Inlined || defines(defined, f.Name) {
			continue
		}
		b.WriteString(stub(prog, f))
	}
	return b.String()
}

// stub defines f of prog with a body that stops the replay as diverged:
// the program needs f's address but never calls it on the recorded path.
// Its types are named as in the printed prog (an anonymous struct such as
// glibc's siginfo_t has a tag there only).
func stub(prog *ir.Program, f *ir.Function) string {
	var params []string
	for i, pt := range f.Type.Params {
		params = append(params, ir.DeclareIn(prog, pt, fmt.Sprintf("__ladr_p%d", i)))
	}
	if f.Type.Variadic {
		params = append(params, "...")
	}
	if len(params) == 0 && !f.Type.NoProto {
		params = []string{"void"}
	}
	return fmt.Sprintf("%s { __CPROVER_assume(0); }\n", ir.DeclareIn(prog, f.Type.Result, f.Name+"("+strings.Join(params, ", ")+")"))
}

// undefinedRef matches the linker's report of a symbol nothing defines.
var undefinedRef = regexp.MustCompile("undefined reference to `([A-Za-z_][A-Za-z0-9_]*)'")

// missingStubs returns stubs for the functions of prog that the linker
// found undefined: declared, never defined, and not in the C library (a
// Linux driver's file operations table names functions the task leaves
// out). Their addresses are distinct, as in CBMC. A global variable
// declared extern and defined nowhere (a struct or a pointer: the
// sequentializer defines the others, with a nondeterministic value) is
// defined with the value zero, one of the values CBMC may have given it:
// a counterexample that needs another one does not replay.
func missingStubs(prog *ir.Program, linkErr string) (stubs string, zeroed []string) {
	var b strings.Builder
	seen := map[string]bool{}
	for _, m := range undefinedRef.FindAllStringSubmatch(linkErr, -1) {
		name := m[1]
		if v := prog.Global(name); v != nil && v.Extern && !seen[name] {
			seen[name] = true
			fmt.Fprintf(&b, "%s;\n", ir.DeclareIn(prog, v.Type, name))
			zeroed = append(zeroed, name)
			continue
		}
		f := prog.Func(name)
		if seen[name] || f == nil || f.Body != nil || f.Type == nil {
			continue
		}
		seen[name] = true
		b.WriteString(stub(prog, f))
	}
	return b.String(), zeroed
}

// choiceBody defines f, with the head given, to return its next recorded
// choice.
func choiceBody(head string, f *ir.Function) string {
	if bt, ok := f.Type.Result.(*ir.Basic); ok && bt.Kind == ir.Bool {
		// CBMC's trace shows a _Bool choice's byte as chosen (0x10, say),
		// and CBMC reads any byte but zero as true; gcc's _Bool holds 0
		// or 1 only.
		return fmt.Sprintf("%s { unsigned char %s; __ladr_rt_take(&%s, sizeof %s, %q); return %s != 0; }\n",
			head, record.ValueName, record.ValueName, record.ValueName, f.Name, record.ValueName)
	}
	return fmt.Sprintf("%s { %s; __ladr_rt_take(&%s, sizeof %s, %q); return %s; }\n",
		head, ir.Declare(f.Type.Result, record.ValueName), record.ValueName, record.ValueName, f.Name, record.ValueName)
}

// withoutCBMCOnly returns text without its "#ifndef __LADR_REPLAY" blocks
// (the bodies CBMC gets and the replay does not).
func withoutCBMCOnly(text string) string {
	var b strings.Builder
	skip := false
	for _, line := range strings.SplitAfter(text, "\n") {
		switch {
		case strings.HasPrefix(line, "#ifndef __LADR_REPLAY"):
			skip = true
		case skip && strings.HasPrefix(line, "#endif"):
			skip = false
		case !skip:
			b.WriteString(line)
		}
	}
	return b.String()
}

// defines reports whether the C text defines a function named name (the
// target's harness and the runtime define some functions, reach_error
// among them, whose calls the program had inlined).
func defines(text, name string) bool {
	re, err := regexp.Compile(`(?m)^[A-Za-z_][^;{}()\n]*\b` + regexp.QuoteMeta(name) + `\s*\([^;{}]*\)\s*\{`)
	return err == nil && re.MatchString(text)
}

// Choices extracts the recorded choices from CBMC's trace of prog, a
// program that contains NondetBodies.
func Choices(trace []cbmc.Step, prog *ir.Program) ([]Choice, error) {
	var cs []Choice
	assumed := record.ChoiceFuncs(prog)
	for _, st := range trace {
		if st.Type != cbmc.StepAssignment || st.LHS != record.ValueName || !record.IsChoiceFunc(st.Location.Function) && !assumed[st.Location.Function] {
			continue
		}
		bits, err := bitsOf(st.Value)
		if err != nil {
			return nil, fmt.Errorf("choice %d (%s): %w", len(cs), st.Location.Function, err)
		}
		cs = append(cs, Choice{Func: st.Location.Function, Bits: bits})
	}
	return cs, nil
}

// bitsOf reads a scalar value's bit pattern, sign-extending signed integers.
func bitsOf(v cbmc.Value) (uint64, error) {
	if v.Name == "pointer" {
		if v.Data == "NULL" || strings.Contains(v.Data, "NULL") {
			return 0, nil
		}
		return 0, fmt.Errorf("a non-null nondet pointer (%s) cannot be replayed", v.Data)
	}
	bin := v.Binary
	if bin == "" {
		return 0, fmt.Errorf("value %q has no bit pattern", v.Data)
	}
	if len(bin) > 64 {
		bin = bin[len(bin)-64:]
	}
	u, err := strconv.ParseUint(bin, 2, 64)
	if err != nil {
		return 0, fmt.Errorf("bit pattern %q: %w", v.Binary, err)
	}
	w := len(bin)
	// CBMC calls ILP32's unsigned long __CPROVER_size_t; its data says
	// unsigned by a u suffix.
	unsigned := strings.Contains(v.Type, "unsigned") || strings.Contains(v.Type, "size_t") ||
		strings.HasSuffix(strings.TrimRight(strings.ToLower(v.Data), "l"), "u")
	signed := v.Name == "integer" && !unsigned && !strings.Contains(v.Type, "_Bool") && !strings.Contains(v.Type, "bool")
	if signed && w < 64 && u&(1<<(w-1)) != 0 {
		u |= ^uint64(0) << w
	}
	return u, nil
}

// Outcome is the result of a replay.
type Outcome struct {
	// Violated is true when an assertion failed; Message is its text.
	Violated bool
	Message  string
	// Diverged explains why the execution left the recorded path.
	Diverged string
	// ZeroedExterns names the variables declared extern and defined
	// nowhere that the replay defined with the value zero (CBMC gives
	// them any value).
	ZeroedExterns []string
	// Stdout and Stderr are the program's output (shortened).
	Stdout, Stderr string
}

// Options configure a replay.
type Options struct {
	// GCC is the compiler (default "gcc" from PATH).
	GCC string
	// Dir is a scratch directory (a temporary one when empty).
	Dir string
	// Timeout bounds the run of the compiled program (default 20 s).
	Timeout time.Duration
}

// Run compiles text (a program printed by ir.Fprint, followed by any
// harness) with the replay runtime and the choices, runs it, and reports
// what happened. The error is non-nil when the program could not be built
// or run at all.
func Run(ctx context.Context, text []byte, prog *ir.Program, choices []Choice, opt Options) (*Outcome, error) {
	dir, done, err := scratch(text, opt, "replay")
	if err != nil {
		return nil, err
	}
	defer done()
	var src bytes.Buffer
	src.WriteString("#define __LADR_REPLAY 1\n")
	src.WriteString(ir.Prelude)
	n := len(choices)
	fmt.Fprintf(&src, "static const unsigned long long __ladr_rt_choices[%d] = {", max(n, 1))
	for i, c := range choices {
		if i > 0 {
			src.WriteString(",")
		}
		if i%8 == 0 {
			src.WriteString("\n  ")
		}
		fmt.Fprintf(&src, "%#xULL", c.Bits)
	}
	fmt.Fprintf(&src, "};\nstatic const char *const __ladr_rt_funcs[%d] = {", max(n, 1))
	for i, c := range choices {
		if i > 0 {
			src.WriteString(",")
		}
		fmt.Fprintf(&src, "%q", c.Func)
	}
	fmt.Fprintf(&src, "};\nstatic const unsigned long __ladr_rt_nchoices = %d;\n", n)
	src.WriteString(runtime)
	src.Write(text[len(ir.Prelude):])
	src.WriteString(replayBodies(prog, src.String()))
	// free is the runtime's __wrap_free (keeps the block, see runtime.h).
	exe, zeroed, err := compile(ctx, opt.GCC, dir, "replay", &src, prog, "-O0", "-Wl,--wrap=free")
	if err != nil {
		return nil, fmt.Errorf("replay: %w", err)
	}
	timeout := opt.Timeout
	if timeout <= 0 {
		timeout = 20 * time.Second
	}
	rctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cmd := exec.CommandContext(rctx, exe)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &tail{b: &stdout, n: 1 << 16}, &limited{&stderr, 1 << 16}
	err = cmd.Run()
	out := &Outcome{Stdout: stdout.String(), Stderr: stderr.String(), ZeroedExterns: zeroed}
	var ee *exec.ExitError
	// The program's own exit status comes first: it may have ended just
	// before a context did.
	switch {
	case err == nil:
		out.Diverged = "the program ran to its end without a violation"
	case errors.As(err, &ee) && ee.ExitCode() == 10:
		out.Violated = true
		out.Message = after(out.Stdout, "ladr-replay: violated: ")
	case errors.As(err, &ee) && ee.ExitCode() == 11:
		out.Diverged = after(out.Stdout, "ladr-replay: diverged: ")
	case ctx.Err() != nil:
		// Stopped from outside (another search answered, the time is
		// up): no outcome of the program's.
		return nil, fmt.Errorf("replay stopped: %w", context.Cause(ctx))
	case rctx.Err() != nil:
		out.Diverged = fmt.Sprintf("the program did not end within %s", timeout)
	default:
		out.Diverged = fmt.Sprintf("the program stopped abnormally (%v)", err)
	}
	return out, nil
}

// compile writes src, a C program for prog, to dir/name.c and compiles it
// with gcc (GCC from PATH when empty) and flags into dir/name, which it
// returns. When the linker finds functions or variables that prog declares
// and nothing defines, it compiles once more with definitions of them
// (missingStubs); zeroed names the variables defined with the value zero.
// The error names the compiler and the first lines of its output.
func compile(ctx context.Context, gcc, dir, name string, src *bytes.Buffer, prog *ir.Program, flags ...string) (exe string, zeroed []string, err error) {
	if gcc == "" {
		gcc = "gcc"
	}
	cfile := filepath.Join(dir, name+".c")
	exe = filepath.Join(dir, name)
	args := append([]string{"-std=gnu11", "-w", "-fno-strict-aliasing"}, flags...)
	args = append(args, "-o", exe, cfile, "-lm", "-lpthread")
	run := func() ([]byte, error) {
		if err := os.WriteFile(cfile, src.Bytes(), 0o644); err != nil {
			return nil, err
		}
		return exec.CommandContext(ctx, gcc, args...).CombinedOutput()
	}
	out, err := run()
	if err != nil && ctx.Err() == nil {
		var stubs string
		if stubs, zeroed = missingStubs(prog, string(out)); stubs != "" {
			src.WriteString("\n/* ladr: functions the program declares and nothing defines */\n" + stubs)
			out, err = run()
		}
	}
	if err != nil {
		msg := firstLines(string(out), 3)
		if msg == "" {
			msg = err.Error() // killed, or gcc could not start
		}
		return "", nil, fmt.Errorf("compiling the program with %s failed: %s", gcc, msg)
	}
	return exe, zeroed, nil
}

// after returns the rest of the line of s that starts with prefix.
func after(s, prefix string) string {
	i := strings.LastIndex(s, prefix)
	if i < 0 {
		return strings.TrimSpace(s)
	}
	rest := s[i+len(prefix):]
	if j := strings.IndexByte(rest, '\n'); j >= 0 {
		rest = rest[:j]
	}
	return rest
}

func firstLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, " | ")
}

// limited is a writer that keeps the first n bytes.
type limited struct {
	b *bytes.Buffer
	n int
}

func (l *limited) Write(p []byte) (int, error) {
	if room := l.n - l.b.Len(); room > 0 {
		l.b.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

// tail is a writer that keeps the last n bytes (the runtime's verdict is
// the last thing the program prints).
type tail struct {
	b *bytes.Buffer
	n int
}

func (t *tail) Write(p []byte) (int, error) {
	t.b.Write(p)
	if over := t.b.Len() - t.n; over > 0 {
		rest := append([]byte{}, t.b.Bytes()[over:]...)
		t.b.Reset()
		t.b.Write(rest)
	}
	return len(p), nil
}

// scratch checks that text starts with ladr's prelude and returns the
// directory a build of it for what ("replay", "explore") works in:
// opt.Dir, or a fresh temporary one that done removes.
func scratch(text []byte, opt Options, what string) (dir string, done func(), err error) {
	if !bytes.HasPrefix(text, []byte(ir.Prelude)) {
		return "", nil, fmt.Errorf("%s: the program does not start with ladr's prelude", what)
	}
	if opt.Dir != "" {
		return opt.Dir, func() {}, nil
	}
	d, err := os.MkdirTemp("", "ladr-"+what+"-")
	if err != nil {
		return "", nil, err
	}
	return d, func() { os.RemoveAll(d) }, nil
}
