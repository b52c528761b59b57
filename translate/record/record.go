// Package record makes CBMC's trace show every choice a counterexample
// depends on, so that replay (package driver/replay) can re-execute it:
// every __VERIFIER_nondet_* function gets a body for CBMC (NondetBodies)
// that returns an uninitialized local named ValueName, whose assignments
// the trace shows in execution order, and, on demand, the initial bytes of
// malloc'd objects are made choices too (RecordHeap, HeapBodies). The
// translation's passes heap and harness apply it; replay reads the
// choices back and answers them.
package record

import (
	"fmt"
	"sort"
	"strings"

	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/model"
)

// ValueName is the local whose trace assignments are the choices.
const ValueName = "__ladr_nondet_value"

// NondetFuncs returns the body-less __VERIFIER_nondet_* functions of prog
// with a scalar result, sorted by name.
func NondetFuncs(prog *ir.Program) []*ir.Function {
	var fs []*ir.Function
	for _, f := range prog.Funcs {
		if f.Body == nil && strings.HasPrefix(f.Name, "__VERIFIER_nondet_") && f.Type != nil && ir.IsScalar(f.Type.Result) {
			fs = append(fs, f)
		}
	}
	sort.Slice(fs, func(i, j int) bool { return fs[i].Name < fs[j].Name })
	return fs
}

// AssumedFuncs returns the functions prog declares and nothing defines
// that the translation assumes return a nondeterministic value and do
// nothing else (bound's check of undefined calls: not in ladr's library
// model, no name that suggests synchronization), called in prog, with a
// name not reserved to the implementation (no leading "__"), arithmetic
// parameters and an arithmetic or void result, sorted by name.
// Like the nondet functions, a scalar one gets a body that makes the trace
// record its value, and the replay answers it from the choices.
func AssumedFuncs(prog *ir.Program) []*ir.Function {
	called := map[*ir.Function]bool{}
	ir.InspectProgram(prog, func(n any) bool {
		if c, ok := n.(*ir.Call); ok {
			if f := ir.CalledFunc(c); f != nil {
				called[f] = true
			}
		}
		return true
	})
	var fs []*ir.Function
	for _, f := range prog.Funcs {
		// Names that begin with two underscores are the implementation's
		// (compiler built-ins, CBMC's, ladr's own).
		if f.Body != nil || f.Inlined || f.Type == nil || !called[f] || strings.HasPrefix(f.Name, "__") {
			continue
		}
		if model.Lookup(f.Name).Kind != model.Unknown || model.LooksSynchronizing(f.Name) || f.NoReturn {
			continue
		}
		ok := ir.IsArithmetic(f.Type.Result) || isVoid(f.Type.Result)
		for _, t := range f.Type.Params {
			ok = ok && ir.IsArithmetic(t)
		}
		if ok {
			fs = append(fs, f)
		}
	}
	sort.Slice(fs, func(i, j int) bool { return fs[i].Name < fs[j].Name })
	return fs
}

func isVoid(t ir.Type) bool {
	b, ok := t.(*ir.Basic)
	return ok && b.Kind == ir.Void
}

// Signature returns the head of a definition of f (its parameters named
// as declared, else __ladr_arg0, __ladr_arg1..., which traces do not
// show; an old-style head for a function declared without a prototype).
func Signature(f *ir.Function) string {
	var ps []string
	for i, t := range f.Type.Params {
		name := fmt.Sprintf("__ladr_arg%d", i)
		if i < len(f.Params) && f.Params[i] != nil && f.Params[i].Name != "" && !strings.HasPrefix(f.Params[i].Name, "__") {
			name = f.Params[i].Name
		}
		ps = append(ps, ir.Declare(t, name))
	}
	switch {
	case f.Type.NoProto:
		ps = nil
	case f.Type.Variadic:
		ps = append(ps, "...")
	case len(ps) == 0:
		ps = []string{"void"}
	}
	return ir.Declare(f.Type.Result, f.Name+"("+strings.Join(ps, ", ")+")")
}

// NondetBodies returns C definitions, for CBMC, of the nondet functions of
// prog and of the assumed functions with a result: each returns an
// uninitialized local, so the trace records its value.
func NondetBodies(prog *ir.Program) string {
	var b strings.Builder
	b.WriteString("\n/* ladr: nondet functions whose values the trace records */\n#ifndef __LADR_REPLAY\n")
	eachValued(prog, func(head string, t ir.Type) {
		fmt.Fprintf(&b, "%s { %s; return %s; }\n", head, ir.Declare(t, ValueName), ValueName)
	})
	b.WriteString("#endif\n")
	return b.String()
}

// PinnedBodies returns C definitions, for CBMC, of the nondet functions of
// prog and of the assumed functions with a result that answer pins, the
// choices of one execution in order (bit patterns, as replay.Choice's),
// one per call, and end the path past the last. Each assigns its value to
// ValueName, so the trace records it as NondetBodies' do; CBMC's
// constant propagation then follows the one execution.
func PinnedBodies(prog *ir.Program, pins []uint64) string {
	var b strings.Builder
	b.WriteString("\n/* ladr: nondet functions answering the choices of one execution */\n#ifndef __LADR_REPLAY\n")
	fmt.Fprintf(&b, "static const unsigned long long __ladr_pins[%d] = {", max(len(pins), 1))
	for i, p := range pins {
		if i > 0 {
			b.WriteString(",")
		}
		if i%8 == 0 {
			b.WriteString("\n  ")
		}
		fmt.Fprintf(&b, "%#xULL", p)
	}
	fmt.Fprintf(&b, "};\nstatic unsigned long __ladr_pin;\n")
	eachValued(prog, func(head string, t ir.Type) {
		val := "__ladr_pins[__ladr_pin]"
		if bt, ok := t.(*ir.Basic); ok && bt.Kind == ir.Bool {
			val = "(" + val + " != 0)"
		}
		// One assignment of ValueName per call, its declaration's (the
		// trace shows a declaration without a value as one too).
		fmt.Fprintf(&b, "%s { __CPROVER_assume(__ladr_pin < %d); %s = (%s)%s; __ladr_pin++; return %s; }\n",
			head, len(pins), ir.Declare(t, ValueName), strings.TrimSpace(ir.Declare(t, "")), val, ValueName)
	})
	b.WriteString("#endif\n")
	return b.String()
}

// eachValued calls def with the head of the definition and the result type
// of each function whose values the trace records: the nondet functions of
// prog and its assumed functions with a result.
func eachValued(prog *ir.Program, def func(head string, t ir.Type)) {
	for _, f := range NondetFuncs(prog) {
		def(ir.Declare(f.Type.Result, f.Name+"(void)"), f.Type.Result)
	}
	for _, f := range AssumedFuncs(prog) {
		if !isVoid(f.Type.Result) {
			def(Signature(f), f.Type.Result)
		}
	}
}

// ChoiceFuncs returns the names of prog's functions whose assignments of
// ValueName are choices besides IsChoiceFunc's: the assumed functions.
func ChoiceFuncs(prog *ir.Program) map[string]bool {
	m := map[string]bool{}
	for _, f := range AssumedFuncs(prog) {
		m[f.Name] = true
	}
	return m
}

// Heap recording. CBMC gives the bytes of a malloc'd object
// nondeterministic initial values but does not show them in its trace, so
// a counterexample that reads memory before writing it cannot be replayed
// from the choices alone. RecordHeap makes those values choices: every
// malloc result passes through HeapFill, which for CBMC assigns each of
// the first HeapLimit bytes a recorded value (a __ladr_heap_size choice
// with the count, then one __ladr_heap_byte choice per byte), and in the
// replay copies the recorded bytes into the object glibc returned.
//
// Recording costs one byte-wise write per allocated byte, so ladr uses it
// only to check again a counterexample the replay refused.

// HeapFill is the function every malloc result passes through.
const HeapFill = "__ladr_heap_fill"

// HeapLimit is the number of leading bytes of an allocation recorded; the
// rest keep CBMC's unrecorded values (a replay that reads them may refuse
// the counterexample, never confirm a wrong one).
const HeapLimit = 1024

// heapFuncs are the functions whose __ladr_nondet_value assignments are
// heap choices.
var heapFuncs = []string{"__ladr_heap_size", "__ladr_heap_byte"}

// IsChoiceFunc reports whether assignments of the nondet value in function
// fn are choices.
func IsChoiceFunc(fn string) bool {
	if strings.HasPrefix(fn, "__VERIFIER_nondet_") {
		return true
	}
	for _, h := range heapFuncs {
		if fn == h {
			return true
		}
	}
	return false
}

// RecordHeap routes the result of every direct call of malloc in prog
// through HeapFill: l = malloc(n) becomes (T)HeapFill(l = malloc(n), n), so
// that CBMC still types the object by the pointer it is stored in, and any
// other malloc(n) becomes (T)HeapFill(malloc(n), n). A size expression with
// side effects is not evaluated twice: such calls are left alone. It
// reports whether any call was rewritten.
func RecordHeap(prog *ir.Program) bool {
	malloc := prog.Func("malloc")
	if malloc == nil {
		return false
	}
	fill := &ir.Function{Name: HeapFill, Type: &ir.Func{Result: ir.VoidPtrType, Params: []ir.Type{ir.VoidPtrType, ir.ULongType}}}
	isMalloc := func(e ir.Expr) (*ir.Call, bool) {
		if c, ok := e.(*ir.Cast); ok {
			e = c.X
		}
		c, ok := e.(*ir.Call)
		if !ok || ir.CalledFunc(c) != malloc || len(c.Args) != 1 || ir.HasEffects(c.Args[0]) {
			return nil, false
		}
		return c, true
	}
	wrap := func(x ir.Expr, c *ir.Call) ir.Expr {
		size := &ir.Cast{X: (&ir.Cloner{}).Expr(c.Args[0]), T: ir.ULongType, P: c.P}
		call := &ir.Call{Fn: &ir.FuncRef{Fn: fill, P: c.P}, Args: []ir.Expr{&ir.Cast{X: x, T: ir.VoidPtrType, P: c.P}, size}, T: ir.VoidPtrType, P: c.P}
		return &ir.Cast{X: call, T: x.Type(), P: c.P}
	}
	done := map[*ir.Call]bool{}
	rewrite := func(e ir.Expr) ir.Expr {
		if a, ok := e.(*ir.Assign); ok && a.Op == ir.OpNone {
			if c, ok := isMalloc(a.R); ok && !done[c] {
				done[c] = true
				return wrap(a, c)
			}
		}
		return e
	}
	for _, f := range prog.Funcs {
		if f.Body != nil {
			ir.RewriteStmtExprs(f.Body, rewrite)
		}
	}
	// Calls of malloc that are not the right side of an assignment.
	for _, f := range prog.Funcs {
		if f.Body == nil {
			continue
		}
		ir.RewriteStmtExprs(f.Body, func(e ir.Expr) ir.Expr {
			if c, ok := e.(*ir.Call); ok {
				if c, ok := isMalloc(c); ok && !done[c] {
					done[c] = true
					return wrap(c, c)
				}
			}
			return e
		})
	}
	if len(done) == 0 {
		return false
	}
	prog.Funcs = append(prog.Funcs, fill)
	return true
}

// HeapBodies returns the definitions, for CBMC, of HeapFill and the
// functions whose trace assignments record the heap's initial bytes.
func HeapBodies(prog *ir.Program) string {
	f := prog.Func(HeapFill)
	if f == nil {
		return ""
	}
	return fmt.Sprintf(`
/* ladr: the initial bytes of malloc'd objects, recorded in the trace */
#ifndef __LADR_REPLAY
static unsigned long __ladr_heap_size(unsigned long n) { unsigned long __ladr_nondet_value; __CPROVER_assume(__ladr_nondet_value == n); return __ladr_nondet_value; }
static unsigned char __ladr_heap_byte(void) { unsigned char __ladr_nondet_value; return __ladr_nondet_value; }
%s {
  if (p) {
    unsigned char *b = (unsigned char *)p;
    unsigned long k = __ladr_heap_size(n < %dUL ? n : %dUL);
    for (unsigned long i = 0; i < k; i++)
      b[i] = __ladr_heap_byte();
  }
  return p;
}
#endif
`, HeapSignature(f), HeapLimit, HeapLimit)
}

// HeapSignature is the C declarator of HeapFill (f) with its parameters
// named p and n.
func HeapSignature(f *ir.Function) string {
	return ir.Declare(f.Type.Result, HeapFill+"("+ir.Declare(f.Type.Params[0], "p")+", "+ir.Declare(f.Type.Params[1], "n")+")")
}
