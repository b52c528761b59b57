// Package slice cuts a whole program down to the code one race candidate
// needs, so that the bounded check of lazy sequentialization can run on a
// program too large to inline whole.
//
// A slice of a parsed program keeps main, the functions on the call paths
// from main to the pthread_create calls that start the two threads of the
// candidate (through the threads that create them), the functions on the
// call paths from each thread's start routine to the function of its
// access, the small functions that take or release locks for them (lock
// wrappers, to a depth), and the small helpers kept functions call (at
// most MaxSmall statements, calling only modelled library functions and
// small helpers): with exact stubs all of them, with abstract stubs
// those that return a pointer (a stub's pointer is null or a fresh
// object, never one of the program's) and those that write memory
// through a pointer (a stub would leave it unwritten). A variadic
// function is kept only if it passes its variable arguments on to the
// library or never touches them.
// Every other function of the program, and every library function ladr
// has no model for that the kept code calls (or may call through a
// pointer: one whose address the program takes), becomes a stub:
//
//   - Abstract: the stub returns a nondeterministic value (for a pointer
//     to an object type: null or a fresh object of the type) and assigns
//     nondeterministic values to the integer globals (and their integer
//     members) the original function or its callees may assign; it first
//     calls its marker (MarkerOf), so that a counterexample tells whether
//     and where it went through abstracted code (then the race it shows is a potential one of the
//     program, not an execution of it).
//   - Exact: the stub ends the paths that reach it
//     (__VERIFIER_assume(0)): every execution of the slice is a prefix of
//     one of the program, so a race found is one of the program.
//
// A narrow slice (Spec.Narrow) keeps one shortest call chain instead of
// every path: from each routine to the function of its access, and from
// main to a function that creates each thread. It is the smallest slice
// that still runs both accesses; its stubs stand for more of the program.
//
// Threads of other start routines are still created where the kept code
// creates them; their routines are stubs.
//
// A slice for an assertion property (Spec.Errors) also keeps the callees
// of kept functions on the paths to the property's violations, so that no
// stub cuts one.
package slice

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/ladr-dev/ladr/translate/analysis/callgraph"
	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/libc"
	"github.com/ladr-dev/ladr/translate/model"
)

// Marker begins the name of the nondet function every abstract stub
// calls first (MarkerOf): a counterexample that records a choice of one
// went through that stub.
const Marker = "__VERIFIER_nondet_ladr_abstracted"

// MarkerOf names the marker of the abstract stub of function f.
func MarkerOf(f string) string { return Marker + "_" + f }

// StubOf returns the function whose abstract stub's marker is the nondet
// function fn, and whether fn is a marker.
func StubOf(fn string) (string, bool) {
	f, ok := strings.CutPrefix(fn, Marker+"_")
	if !ok {
		return "", false
	}
	return f, true
}

// Mode is how stubs stand for the code they replace.
type Mode int

// Modes.
const (
	// Abstract stubs return nondeterministic values and havoc globals.
	Abstract Mode = iota
	// Exact stubs end the paths that reach them.
	Exact
)

// String names m: abstract or exact.
func (m Mode) String() string {
	if m == Exact {
		return "exact"
	}
	return "abstract"
}

// ParseMode returns the mode named s (Mode.String).
func ParseMode(s string) (Mode, bool) {
	switch s {
	case "abstract":
		return Abstract, true
	case "exact":
		return Exact, true
	}
	return 0, false
}

// Side is one thread of a candidate: the start routine of the thread
// ("main" for main) and the function of its access.
type Side struct {
	Routine string `json:"routine"`
	Func    string `json:"func"`
}

// Spec names the two threads of a slice.
type Spec struct {
	First  Side `json:"first"`
	Second Side `json:"second"`
	// Narrow keeps one shortest call chain where the slice keeps every
	// path: from each routine to the function of its access, and from
	// main to the call that creates each thread. The callees off those
	// chains are stubs, so a narrow slice is far smaller (and its races
	// more often potential ones).
	Narrow bool `json:"narrow,omitempty"`
	// Errors are the operations of the library functions whose calls
	// are the violations an assertion property checks (model.OpReachError,
	// model.OpAssertFail): the slice also keeps every callee of a kept
	// function that may reach such a call, with the functions between,
	// so that its stubs cut no path to a violation of the property.
	Errors []model.Op `json:"errors,omitempty"`
	// Keep names functions of the program kept whole besides those the
	// slice keeps by itself: a refinement keeps the functions whose
	// stubs a potential race's counterexample ran (package driver). A
	// name the program does not define is ignored.
	Keep []string `json:"keep,omitempty"`
}

// Key identifies the slice of a spec (specs with the same key have the
// same slice).
func (s Spec) Key() string {
	a, b := s.First.Routine+"/"+s.First.Func, s.Second.Routine+"/"+s.Second.Func
	if b < a {
		a, b = b, a
	}
	k := a + "|" + b
	if s.Narrow {
		k += "|narrow"
	}
	for _, op := range s.Errors {
		k += "|" + string(op)
	}
	if len(s.Keep) > 0 {
		keep := slices.Clone(s.Keep)
		slices.Sort(keep)
		k += "|keep:" + strings.Join(slices.Compact(keep), ",")
	}
	return k
}

// Info says what a slice kept and what it replaced.
type Info struct {
	// Kept are the functions of the program kept whole, Stubbed those
	// replaced by stubs, Library the library functions without a model
	// the kept code calls, given stubs.
	Kept, Stubbed, Library []string
	// OffChain counts the calls of a narrow slice's chain functions, other
	// than the chains' own, that call a stub of the function instead.
	OffChain int
	// Wide, for a narrow slice, lists the functions the wide slice of the
	// same threads and mode keeps (nil when it has none).
	Wide []string
}

// Summary describes a slice in one line.
func (in *Info) Summary() string {
	out := fmt.Sprintf("%d functions kept, %d stubbed, %d library functions stubbed", len(in.Kept), len(in.Stubbed), len(in.Library))
	if in.OffChain > 0 {
		out += fmt.Sprintf(", %d calls off the chains stubbed", in.OffChain)
	}
	return out
}

// LockDepth is how deep below a kept function a callee that takes or
// releases a lock is kept (with the functions between them).
const LockDepth = 2

// MaxWrapper is the most statements a lock wrapper kept has.
const MaxWrapper = 40

// size counts the statements of f's body.
func size(f *ir.Function) int {
	n := 0
	ir.Inspect(ir.Stmt(f.Body), func(x any) bool {
		if _, ok := x.(ir.Stmt); ok {
			n++
		}
		_, isExpr := x.(ir.Expr)
		return !isExpr
	})
	return n
}

// MaxHavoc bounds the globals one stub assigns.
const MaxHavoc = 64

// names lists, in program order, the functions of keep.
func (b *builder) names(keep map[*ir.Function]bool) []string {
	var out []string
	for _, f := range b.g.Funcs {
		if keep[f] {
			out = append(out, f.Name)
		}
	}
	return out
}

// keep returns the functions the slice of spec with stubs of mode m
// keeps whole.
func (b *builder) keep(spec Spec, m Mode) (map[*ir.Function]bool, error) {
	g := b.g
	main := b.byName["main"]
	if main == nil {
		return nil, fmt.Errorf("the program defines no main")
	}
	keep := map[*ir.Function]bool{main: true}
	for _, name := range spec.Keep {
		if f := b.byName[name]; f != nil && f.Body != nil {
			keep[f] = true
		}
	}
	// paths are the functions of the threads' paths to their accesses.
	paths := map[*ir.Function]bool{}
	for _, s := range []Side{spec.First, spec.Second} {
		r, f := b.byName[s.Routine], b.byName[s.Func]
		if r == nil || f == nil {
			return nil, fmt.Errorf("no function %s or %s in the program", s.Routine, s.Func)
		}
		var path map[*ir.Function]bool
		if spec.Narrow {
			path = b.chain([]*ir.Function{r}, map[*ir.Function]bool{f: true}, false)
		} else {
			path = intersect(b.reach([]*ir.Function{r}, false, false), b.reach([]*ir.Function{f}, true, false))
		}
		if !path[f] {
			return nil, fmt.Errorf("%s does not reach %s", s.Routine, s.Func)
		}
		for x := range path {
			keep[x], paths[x] = true, true
		}
		if r == main {
			continue
		}
		var creators []*ir.Function
		isCreator := map[*ir.Function]bool{}
		for _, c := range g.Creates {
			for _, rr := range c.Routines {
				if rr == r {
					creators = append(creators, c.Caller)
					isCreator[c.Caller] = true
				}
			}
		}
		var chain map[*ir.Function]bool
		if spec.Narrow {
			chain = b.chain([]*ir.Function{main}, isCreator, true)
		} else {
			chain = intersect(b.reach([]*ir.Function{main}, false, true), b.reach(creators, true, true))
		}
		if len(chain) == 0 {
			return nil, fmt.Errorf("main does not create a thread running %s", s.Routine)
		}
		for x := range chain {
			keep[x] = true
		}
	}
	// Lock wrappers the threads' paths call: small functions that take,
	// release or wait on a lock within LockDepth calls, to that depth.
	type item struct {
		f     *ir.Function
		depth int
	}
	var work []item
	for f := range paths {
		work = append(work, item{f, LockDepth})
	}
	memo := map[lockKey]lockNet{}
	for len(work) > 0 {
		it := work[len(work)-1]
		work = work[:len(work)-1]
		if it.depth == 0 {
			continue
		}
		for _, s := range g.Sites[it.f] {
			for _, t := range s.Targets {
				if !keep[t] && size(t) <= MaxWrapper && b.locking(t, it.depth-1, memo) {
					keep[t] = true
					work = append(work, item{t, it.depth - 1})
				}
			}
		}
	}
	// With exact stubs, the small helpers the kept functions call
	// directly: kept whole, so that fewer paths end at a stub. Abstract
	// stubs stand for them well enough (and the slice stays smaller),
	// except for a helper that returns a pointer, which the stub would
	// make null (Linux's netdev_priv: every access through its result
	// would fail): such helpers are kept with abstract stubs too.
	// A helper that returns a pointer may call deeper (LDV's allocators
	// wrap an allocator that wraps one): PointerDepth.
	// A small helper that writes memory through a pointer (an interrupt
	// handler setting its device's status fields, a setter) is kept with
	// abstract stubs too: its stub would leave that memory as it was,
	// and cut the paths that test what the helper writes.
	small, pointerSmall := map[*ir.Function]int{}, map[*ir.Function]int{}
	writes := map[*ir.Function]bool{}
	var helpers []*ir.Function
	for f := range keep {
		for _, s := range g.Sites[f] {
			t := s.Callee
			if t == nil || keep[t] {
				continue
			}
			deep := b.small(t, PointerDepth, pointerSmall)
			if deep && (ir.IsPointer(t.Type.Result) || b.writesThrough(t, writes)) || m == Exact && b.small(t, SmallDepth, small) {
				helpers = append(helpers, t)
			}
		}
	}
	for len(helpers) > 0 {
		t := helpers[len(helpers)-1]
		helpers = helpers[:len(helpers)-1]
		if keep[t] {
			continue
		}
		keep[t] = true
		for _, s := range g.Sites[t] {
			if u := s.Callee; u != nil && u.Body != nil && !keep[u] {
				helpers = append(helpers, u)
			}
		}
	}
	// The callees on the paths from kept functions to the property's
	// violations.
	if len(spec.Errors) > 0 {
		errs := b.reachErrors(spec.Errors)
		var work []*ir.Function
		for f := range keep {
			work = append(work, f)
		}
		for len(work) > 0 {
			f := work[len(work)-1]
			work = work[:len(work)-1]
			for _, t := range b.calls[f] {
				if !keep[t] && errs[t] {
					keep[t] = true
					work = append(work, t)
				}
			}
		}
	}
	// ladr does not inline a variadic function of the program that reads
	// its variable arguments: it is a stub, unless it only passes them on
	// to the library (a logger calling vsnprintf), where Build drops its
	// va_start and va_end.
	for f := range keep {
		if f.Type.Variadic && f != main && !passesVarArgsOn(f) && readsVarArgs(f) {
			delete(keep, f)
		}
	}
	return keep, nil
}

// reachErrors returns the defined functions that may reach a call of a
// library function with one of the operations ops (a direct call, or a
// call of a function that may reach one).
func (b *builder) reachErrors(ops []model.Op) map[*ir.Function]bool {
	var roots []*ir.Function
	for _, f := range b.g.Funcs {
		for _, s := range b.g.Sites[f] {
			if c := s.Callee; c != nil && slices.Contains(ops, model.Lookup(c.Name).Op) {
				roots = append(roots, f)
				break
			}
		}
	}
	return b.reach(roots, true, false)
}

// ReachingErrors names the functions of prog that may reach a call of a
// library function with one of the operations ops (a direct call, or a
// call of a function that may reach one).
func ReachingErrors(prog *ir.Program, ops []model.Op) map[string]bool {
	b := newBuilder(prog, callgraph.Build(prog))
	out := map[string]bool{}
	for f := range b.reachErrors(ops) {
		out[f.Name] = true
	}
	return out
}

// writesThrough reports whether f, or a function it calls directly or
// through its callees, assigns memory through a pointer (*p = v, p->f++,
// p[i] = v). memo holds the answers so far (false while one is asked,
// so that a cycle ends).
func (b *builder) writesThrough(f *ir.Function, memo map[*ir.Function]bool) bool {
	if v, ok := memo[f]; ok || f.Body == nil {
		return v
	}
	memo[f] = false
	found := false
	ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
		if lv := ir.Written(n); lv != nil && ir.HostOf(lv).Ptr != nil {
			found = true
		}
		return !found
	})
	for _, s := range b.g.Sites[f] {
		if found {
			break
		}
		if c := s.Callee; c != nil {
			found = b.writesThrough(c, memo)
		}
	}
	memo[f] = found
	return found
}

// MaxSmall is the most statements a small helper has, SmallDepth how
// deep its own calls may go, PointerDepth how deep those of a helper that
// returns a pointer may go.
const (
	MaxSmall     = 25
	SmallDepth   = 2
	PointerDepth = 4
)

// small reports whether f is a small helper: a function of the program
// of at most MaxSmall statements, not variadic, whose calls are all direct
// calls of library functions ladr models or of small helpers, to depth d
// (a leaf like a list constructor or a getter). memo records 1 for small,
// -1 for not, per function, from the first depth asked.
func (b *builder) small(f *ir.Function, d int, memo map[*ir.Function]int) bool {
	if v, ok := memo[f]; ok {
		return v > 0
	}
	if f.Body == nil || f.Type.Variadic && readsVarArgs(f) || f.Name == "main" || libc.IsModelFile(f.Pos.File) || size(f) > MaxSmall {
		memo[f] = -1
		return false
	}
	memo[f] = -1 // a cycle is not small
	for _, s := range b.g.Sites[f] {
		c := s.Callee
		switch {
		case c == nil:
			return false
		case c.Body == nil:
			if model.Lookup(c.Name).Kind == model.Unknown {
				return false
			}
		case d == 0 || !b.small(c, d-1, memo):
			return false
		}
	}
	memo[f] = 1
	return true
}

// OffChainSuffix ends the name of the stub that a narrow slice's calls of
// a chain function off the chain call.
const OffChainSuffix = "__ladr_off_chain"

// offChain makes the kept code of a narrow slice run each function of its
// chains from one call only: for each call edge of a chain, its caller's
// first direct call of the callee stays; every other direct call of the
// chains' callees in kept code calls a stub of the callee (of mode m,
// assigning, when abstract, the globals of read the callee may assign).
// A logger called from every line of a handler is then inlined once. It
// returns the number of calls redirected.
// A function of whole (Spec.Keep) is called from every call.
func (b *builder) offChain(keep map[*ir.Function]bool, m Mode, read map[string]bool, whole []string) int {
	own := map[*ir.Call]bool{}
	targets := map[*ir.Function]bool{}
	for _, e := range b.edges {
		for _, s := range b.g.Sites[e[0]] {
			if s.Callee == e[1] {
				own[s.Call] = true
				targets[e[1]] = true
				break
			}
		}
	}
	stubs := map[*ir.Function]*ir.Function{}
	n := 0
	for _, f := range b.g.Funcs {
		if !keep[f] {
			continue
		}
		for _, s := range b.g.Sites[f] {
			g := s.Callee
			if g == nil || !targets[g] || own[s.Call] || slices.Contains(whole, g.Name) {
				continue
			}
			st := stubs[g]
			if st == nil {
				st = &ir.Function{Name: g.Name + OffChainSuffix, Type: g.Type, Pos: g.Pos, Static: g.Static}
				cl := &ir.Cloner{}
				for _, p := range g.Params {
					v := cl.CopyVar(p)
					v.Func = st.Name
					st.Params = append(st.Params, v)
				}
				b.prog.Funcs = append(b.prog.Funcs, st)
				var havoc []ir.Expr
				if m == Abstract {
					havoc = b.assigned(g, read)
				}
				b.stub(st, m, havoc, g)
				stubs[g] = st
			}
			s.Call.Fn = &ir.FuncRef{Fn: st, P: s.Call.Fn.Pos()}
			n++
		}
	}
	return n
}

// isVaCall reports whether c calls __builtin_va_start or __builtin_va_end.
func isVaCall(c *ir.Call) bool {
	g := ir.CalledFunc(c)
	return g != nil && g.Body == nil && (g.Name == "__builtin_va_start" || g.Name == "__builtin_va_end")
}

// readsVarArgs reports whether f may read its variable arguments
// (ir.ReadsVarArgs; a declaration may). A variadic function that does not
// (an LDV model's dev_err returning a nondeterministic value) is inlined
// like any other; its calls' further arguments are evaluated and dropped.
func readsVarArgs(f *ir.Function) bool {
	return f.Body == nil || ir.ReadsVarArgs(f.Body)
}

// passesVarArgsOn reports whether the variadic f reads its variable
// arguments only in library functions it passes its va_list to: it uses
// no va_arg or va_copy, and apart from va_start and va_end, its va_list
// variables appear only as arguments of calls of functions without a
// body. Such a function, its va_start and va_end dropped, reads no
// variable argument itself; the library functions are stubs of a slice.
func passesVarArgsOn(f *ir.Function) bool {
	if f.Body == nil {
		return false
	}
	lists := map[*ir.Var]bool{}
	ok := true
	ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
		switch x := n.(type) {
		case *ir.VaArg:
			ok = false
		case *ir.Call:
			g := ir.CalledFunc(x)
			if g != nil && g.Body == nil && strings.HasPrefix(g.Name, "__builtin_va_") && !isVaCall(x) {
				ok = false
			}
			if isVaCall(x) && len(x.Args) > 0 {
				id, isID := ir.Uncast(x.Args[0]).(*ir.Ident)
				if !isID {
					ok = false
				} else {
					lists[id.Var] = true
				}
			}
		}
		return ok
	})
	if !ok || len(lists) == 0 {
		return false
	}
	// Every use of a va_list variable is an argument of a va call or of
	// a library function.
	total, allowed := 0, 0
	ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
		switch x := n.(type) {
		case *ir.Ident:
			if lists[x.Var] {
				total++
			}
		case *ir.Call:
			g := ir.CalledFunc(x)
			if g == nil || g.Body != nil {
				break
			}
			for _, a := range x.Args {
				if id, isID := ir.Uncast(a).(*ir.Ident); isID && lists[id.Var] {
					allowed++
				}
			}
		}
		return true
	})
	return total == allowed
}

// dropVaCalls removes the va_start and va_end statements of f.
func dropVaCalls(f *ir.Function) {
	ir.RewriteBlocks(f.Body, func(s ir.Stmt) []ir.Stmt {
		if es, ok := s.(*ir.ExprStmt); ok {
			if c, ok := es.X.(*ir.Call); ok && isVaCall(c) {
				return nil
			}
		}
		return []ir.Stmt{s}
	})
}

// Build rewrites prog, a program as parsed (no pass ran), into the slice of
// spec, with stubs of mode m. The error says why spec has no slice (a
// routine or function the program does not define, a function its
// routine does not reach, a routine main does not create).
func Build(prog *ir.Program, spec Spec, m Mode) (*Info, error) {
	g := callgraph.Build(prog)
	b := newBuilder(prog, g)
	keep, err := b.keep(spec, m)
	if err != nil {
		return nil, err
	}
	info := &Info{}
	if spec.Narrow {
		wide := spec
		wide.Narrow = false
		if wk, err := b.keep(wide, m); err == nil {
			info.Wide = b.names(wk)
		}
	}
	// The globals each stub havocs, and what it writes through its
	// pointer parameters, from the original bodies.
	havoc := map[*ir.Function][]ir.Expr{}
	b.pwrites = map[*ir.Function][]map[string]bool{}
	if m == Abstract {
		for _, f := range g.Funcs {
			b.paramWrites(f, b.pwrites)
		}
		read := b.used(keep)
		for _, f := range g.Funcs {
			if !keep[f] && !libc.IsModelFile(f.Pos.File) {
				havoc[f] = b.assigned(f, read)
			}
		}
	}
	if spec.Narrow {
		var read map[string]bool
		if m == Abstract {
			read = b.used(keep)
		}
		info.OffChain = b.offChain(keep, m, read, spec.Keep)
	}
	// Library functions without a model that the kept code calls, or
	// may call through a pointer (those whose address the program
	// takes: a struct of callbacks naming a library function, say).
	var library []*ir.Function
	seenLib := map[*ir.Function]bool{}
	addLib := func(c *ir.Function) {
		if c == nil || c.Body != nil || seenLib[c] || model.Lookup(c.Name).Kind != model.Unknown || c.Name == "__builtin_va_start" || c.Name == "__builtin_va_end" {
			return
		}
		seenLib[c] = true
		library = append(library, c)
	}
	for f := range keep {
		for _, s := range g.Sites[f] {
			addLib(s.Callee)
		}
	}
	for _, c := range g.LibraryTaken {
		addLib(c)
	}
	sort.Slice(library, func(i, j int) bool { return library[i].Name < library[j].Name })
	for _, f := range g.Funcs {
		switch {
		case keep[f]:
			info.Kept = append(info.Kept, f.Name)
			if f.Type.Variadic {
				dropVaCalls(f)
			}
		case libc.IsModelFile(f.Pos.File):
		default:
			info.Stubbed = append(info.Stubbed, f.Name)
			b.stub(f, m, havoc[f], f)
		}
	}
	for _, f := range library {
		info.Library = append(info.Library, f.Name)
		if t := unionParams(f.Type); t != nil {
			// A transparent union (glibc's __SOCKADDR_ARG) takes a
			// pointer: the stub's parameter is one.
			f.Type, f.Params = t, nil
		}
		if len(f.Params) != len(f.Type.Params) {
			f.Params = nil
			for i, t := range f.Type.Params {
				f.Params = append(f.Params, &ir.Var{Name: fmt.Sprintf("a%d", i), Type: t, Class: ir.Param, Func: f.Name, Synthetic: true})
			}
		}
		b.stub(f, m, nil, nil)
	}
	b.unvariadic()
	return info, nil
}

// unvariadic makes the variadic stubs plain functions of their fixed
// parameters (ladr does not inline a variadic function of the program),
// dropping the further arguments of their calls (evaluated before the
// call when they have effects).
func (b *builder) unvariadic() {
	fixed := map[*ir.Function]bool{}
	for _, f := range b.stubs {
		if f.Type.Variadic {
			t := *f.Type
			t.Variadic = false
			f.Type = &t
			fixed[f] = true
		}
	}
	if len(fixed) == 0 {
		return
	}
	for _, f := range b.prog.Funcs {
		if f.Body == nil {
			continue
		}
		ir.RewriteBlocks(f.Body, func(s ir.Stmt) []ir.Stmt {
			var pre []ir.Stmt
			ir.RewriteStmtExprs(s, func(e ir.Expr) ir.Expr {
				return ir.RewriteExpr(e, func(e ir.Expr) ir.Expr {
					c, ok := e.(*ir.Call)
					if !ok {
						return e
					}
					g := ir.CalledFunc(c)
					if g == nil || !fixed[g] || len(c.Args) <= len(g.Type.Params) {
						return e
					}
					for _, a := range c.Args[len(g.Type.Params):] {
						if ir.HasEffects(a) {
							pre = append(pre, &ir.ExprStmt{Loc: *s.Origin(), X: a})
						}
					}
					c.Args = c.Args[:len(g.Type.Params)]
					return e
				})
			})
			return append(pre, s)
		})
	}
}

// unionParams returns t with its union parameters made void pointers, or
// nil when it has none.
func unionParams(t *ir.Func) *ir.Func {
	var out *ir.Func
	for i, p := range t.Params {
		if st, ok := p.(*ir.Struct); ok && st.Union {
			if out == nil {
				c := *t
				c.Params = append([]ir.Type(nil), t.Params...)
				out = &c
			}
			out.Params[i] = ir.VoidPtrType
		}
	}
	return out
}

type builder struct {
	prog   *ir.Program
	g      *callgraph.Graph
	byName map[string]*ir.Function
	// calls and creates are the call edges and the thread-creation edges
	// (creating function to routine), callers and creators reversed.
	calls, callers, creates, creators map[*ir.Function][]*ir.Function
	// writes are the integer global paths each function assigns itself
	// (writesOf).
	writes map[*ir.Function][]ir.Expr
	// stubs are the functions given stub bodies.
	stubs []*ir.Function
	// pwrites are the member paths each function may write through each
	// of its pointer parameters (paramWrites), from the original bodies.
	pwrites map[*ir.Function][]map[string]bool
	// edges are the call edges (caller, callee) of the chains of a
	// narrow slice.
	edges [][2]*ir.Function
}

// newBuilder computes the edges of g once.
func newBuilder(prog *ir.Program, g *callgraph.Graph) *builder {
	b := &builder{prog: prog, g: g, byName: map[string]*ir.Function{},
		calls: map[*ir.Function][]*ir.Function{}, callers: map[*ir.Function][]*ir.Function{},
		creates: map[*ir.Function][]*ir.Function{}, creators: map[*ir.Function][]*ir.Function{},
		writes: map[*ir.Function][]ir.Expr{}}
	for _, f := range g.Funcs {
		b.byName[f.Name] = f
		for _, s := range g.Sites[f] {
			for _, t := range s.Targets {
				b.calls[f] = append(b.calls[f], t)
				b.callers[t] = append(b.callers[t], f)
			}
		}
	}
	for _, c := range g.Creates {
		for _, r := range c.Routines {
			b.creates[c.Caller] = append(b.creates[c.Caller], r)
			b.creators[r] = append(b.creators[r], c.Caller)
		}
	}
	return b
}

// reach returns the defined functions reachable from roots over calls
// (backward: the functions that reach them), and over thread creations
// (from a creating function to its routines) with creates.
func (b *builder) reach(roots []*ir.Function, backward, creates bool) map[*ir.Function]bool {
	calls, threads := b.calls, b.creates
	if backward {
		calls, threads = b.callers, b.creators
	}
	next := func(f *ir.Function) []*ir.Function {
		if !creates {
			return calls[f]
		}
		return append(append([]*ir.Function(nil), calls[f]...), threads[f]...)
	}
	seen := map[*ir.Function]bool{}
	var stack []*ir.Function
	for _, r := range roots {
		if r != nil && !seen[r] {
			seen[r] = true
			stack = append(stack, r)
		}
	}
	for len(stack) > 0 {
		f := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, t := range next(f) {
			if !seen[t] {
				seen[t] = true
				stack = append(stack, t)
			}
		}
	}
	return seen
}

// chain returns the functions of one shortest chain of calls (and, with
// creates, thread creations) from roots to a function of targets, empty
// when none reaches one. Among chains of the same length the first found
// in call-site order is taken.
func (b *builder) chain(roots []*ir.Function, targets map[*ir.Function]bool, creates bool) map[*ir.Function]bool {
	from := map[*ir.Function]*ir.Function{}
	var queue []*ir.Function
	for _, r := range roots {
		if _, ok := from[r]; !ok {
			from[r] = nil
			queue = append(queue, r)
		}
	}
	for len(queue) > 0 {
		f := queue[0]
		queue = queue[1:]
		if targets[f] {
			out := map[*ir.Function]bool{}
			for x := f; x != nil; x = from[x] {
				out[x] = true
				if p := from[x]; p != nil && slices.Contains(b.calls[p], x) {
					b.edges = append(b.edges, [2]*ir.Function{p, x})
				}
			}
			return out
		}
		next := b.calls[f]
		if creates {
			next = append(append([]*ir.Function(nil), next...), b.creates[f]...)
		}
		for _, t := range next {
			if _, ok := from[t]; !ok {
				from[t] = f
				queue = append(queue, t)
			}
		}
	}
	return map[*ir.Function]bool{}
}

func intersect(a, b map[*ir.Function]bool) map[*ir.Function]bool {
	out := map[*ir.Function]bool{}
	for f := range a {
		if b[f] {
			out[f] = true
		}
	}
	return out
}

// locking reports whether f is a lock wrapper within d calls: it waits
// on a condition or barrier (the caller's lock), or it takes locks it does
// not release or releases locks it did not take, counting, regardless of
// paths, its own lock calls and those of its callees to depth d. A
// function whose lock calls balance (a logger that locks around its
// output) is no wrapper: its stub leaves the caller's locks as they were.
// memo records, per function and depth, the net count and whether it
// waits.
func (b *builder) locking(f *ir.Function, d int, memo map[lockKey]lockNet) bool {
	n := b.lockNet(f, d, memo)
	return n.waits || n.net != 0
}

// lockKey is a function at a depth.
type lockKey struct {
	f *ir.Function
	d int
}

// lockNet is what a function does to locks: acquisitions less releases,
// and whether it waits.
type lockNet struct {
	net   int
	waits bool
}

func (b *builder) lockNet(f *ir.Function, d int, memo map[lockKey]lockNet) lockNet {
	k := lockKey{f, d}
	if v, ok := memo[k]; ok {
		return v
	}
	memo[k] = lockNet{} // a cycle adds nothing through itself
	var out lockNet
	for _, s := range b.g.Sites[f] {
		if c := s.Callee; c != nil && c.Body == nil {
			in := model.Lookup(c.Name)
			switch in.Lock.Act {
			case model.Acquire, model.TryAcquire:
				out.net++
			case model.Release:
				out.net--
			}
			out.waits = out.waits || in.Waits || in.Lock.Act == model.ReleaseReacquire
			continue
		}
		if d > 0 && len(s.Targets) > 0 {
			// Through a pointer, any target's effect: the first that
			// has one.
			for _, t := range s.Targets {
				if n := b.lockNet(t, d-1, memo); n.net != 0 || n.waits {
					out.net += n.net
					out.waits = out.waits || n.waits
					break
				}
			}
		}
	}
	memo[k] = out
	return out
}

// used returns the global paths (globalPath) the functions of keep
// access.
func (b *builder) used(keep map[*ir.Function]bool) map[string]bool {
	out := map[string]bool{}
	for f := range keep {
		ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
			if e, ok := n.(ir.Expr); ok {
				if p, ok := globalPath(e); ok {
					out[p] = true
				}
			}
			return true
		})
	}
	return out
}

// assigned returns the integer globals (and integer member paths of
// globals) that f and the functions it reaches assign and the kept code
// accesses (read), each once, at most MaxHavoc (the first in the
// program's order of functions).
func (b *builder) assigned(f *ir.Function, read map[string]bool) []ir.Expr {
	var out []ir.Expr
	seen := map[string]bool{}
	for _, g := range b.g.Reach(f) {
		for _, lhs := range b.writesOf(g) {
			key, _ := globalPath(lhs)
			if len(out) >= MaxHavoc || seen[key] || !read[key] {
				continue
			}
			seen[key] = true
			out = append(out, lhs)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		a, _ := globalPath(out[i])
		c, _ := globalPath(out[j])
		return a < c
	})
	return out
}

// writesOf returns the integer global paths f's own body assigns, each
// once, computed once per function.
func (b *builder) writesOf(f *ir.Function) []ir.Expr {
	if w, ok := b.writes[f]; ok {
		return w
	}
	var out []ir.Expr
	seen := map[string]bool{}
	ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
		lhs := ir.Written(n)
		if lhs == nil || !ir.IsInteger(lhs.Type()) {
			return true
		}
		if key, ok := globalPath(lhs); ok && !seen[key] {
			seen[key] = true
			out = append(out, lhs)
		}
		return true
	})
	b.writes[f] = out
	return out
}

// globalPath names e when it is a global variable or a chain of members
// of one (no pointer, no index).
func globalPath(e ir.Expr) (string, bool) {
	switch x := e.(type) {
	case *ir.Ident:
		v := x.Var
		if !v.IsStaticStorage() || v.Class != ir.Global || v.Atomic || v.ThreadLocal || v.Synthetic {
			return "", false
		}
		return v.Name, true
	case *ir.Member:
		if x.Arrow {
			return "", false
		}
		p, ok := globalPath(x.X)
		return p + "." + x.Field.Name, ok
	}
	return "", false
}

// stub replaces f's body by a stub of mode m assigning havoc and, when
// abstract, the integer members origin (f itself, or the function an
// off-chain stub stands for; nil for the library) may write through its
// pointer parameters.
func (b *builder) stub(f *ir.Function, m Mode, havoc []ir.Expr, origin *ir.Function) {
	loc := ir.Loc{Pos: f.Pos, Func: f.Name}
	body := ir.NewBlock(loc)
	add := func(e ir.Expr) { body.List = append(body.List, &ir.ExprStmt{Loc: loc, X: e}) }
	if m == Exact {
		assume := b.prog.DeclareFunc("__VERIFIER_assume", &ir.Func{Result: ir.VoidType, Params: []ir.Type{ir.IntType}})
		add(ir.CallFn(assume, ir.IntConst(0)))
	} else {
		add(ir.CallFn(b.nondet(MarkerOf(f.Name), ir.IntType)))
		for _, h := range havoc {
			x := (&ir.Cloner{}).Expr(h)
			add(&ir.Assign{L: x, R: b.value(x.Type(), loc, body, m), T: x.Type(), P: f.Pos})
		}
		// What it writes through its pointer parameters, where they are
		// not null.
		for i, lvs := range paramHavoc(f, b.pwrites[origin]) {
			if len(lvs) == 0 {
				continue
			}
			p := f.Params[i]
			then := ir.NewBlock(loc)
			for _, lv := range lvs {
				then.List = append(then.List, &ir.ExprStmt{Loc: loc, X: &ir.Assign{L: lv, R: b.value(lv.Type(), loc, body, m), T: lv.Type(), P: f.Pos}})
			}
			cond := &ir.Binary{Op: ir.Ne, X: ir.Ref(p), Y: &ir.Cast{X: ir.IntConst(0), T: p.Type}, T: ir.IntType, P: f.Pos}
			body.List = append(body.List, &ir.If{Loc: loc, Cond: cond, Then: then})
		}
	}
	if t := f.Type.Result; t != nil && !ir.IsVoid(t) {
		body.List = append(body.List, &ir.Return{Loc: loc, X: b.value(t, loc, body, m)})
	} else {
		body.List = append(body.List, &ir.Return{Loc: loc})
	}
	f.Body = body
	f.Inline = false
	b.stubs = append(b.stubs, f)
}

// value is a value of type t for a stub of mode m: nondeterministic for
// arithmetic types; for a pointer to an object type, with abstract stubs,
// null or a fresh zeroed object (a constructor such as zstd's
// FIO_createPreferences stubbed must not end every path that tests its
// result), else null; an uninitialized local (declared in body) for the
// rest.
func (b *builder) value(t ir.Type, loc ir.Loc, body *ir.Block, m Mode) ir.Expr {
	switch {
	case ir.IsInteger(t):
		return &ir.Cast{X: ir.CallFn(b.nondet("__VERIFIER_nondet_long", ir.LongType)), T: t}
	case ir.IsArithmetic(t):
		return &ir.Cast{X: ir.CallFn(b.nondet("__VERIFIER_nondet_double", &ir.Basic{Kind: ir.Double})), T: t}
	case ir.IsPointer(t):
		null := &ir.Cast{X: ir.IntConst(0), T: t}
		el := t.(*ir.Pointer).Elem
		if m != Abstract || !objectType(el) {
			return null
		}
		// Zeroed: a member read from uninitialized heap is any value for
		// CBMC, and a pointer member of it then points nowhere the
		// replay can follow (masscan's stubbed payloads_udp_create made
		// payloads_udp_trim walk such a list: the replay diverged, or
		// crashed).
		calloc := b.prog.DeclareFunc("calloc", &ir.Func{Result: ir.VoidPtrType, Params: []ir.Type{ir.ULongType, ir.ULongType}})
		fresh := &ir.Cast{X: ir.CallFn(calloc, ir.Lit(1, ir.ULongType), &ir.SizeofType{Of: el, T: ir.ULongType}), T: t}
		return &ir.Cond{C: ir.CallFn(b.nondet("__VERIFIER_nondet_int", ir.IntType)), X: fresh, Y: null, T: t}
	}
	v := &ir.Var{Name: "__ladr_stub_value", Type: t, Class: ir.Local, Func: loc.Func, Synthetic: true}
	body.List = append(body.List, &ir.DeclStmt{Loc: loc, Var: v})
	return ir.Ref(v)
}

// objectType reports whether a stub can make a fresh object of type t:
// a complete type other than void and functions.
func objectType(t ir.Type) bool {
	switch x := t.(type) {
	case *ir.Basic:
		return x.Kind != ir.Void
	case *ir.Pointer:
		return true
	case *ir.Struct:
		return x.Complete
	case *ir.Array:
		return x.Len > 0 && x.LenExpr == nil && objectType(x.Elem)
	}
	return false
}

// nondet declares the nondet function name returning t.
func (b *builder) nondet(name string, t ir.Type) *ir.Function {
	return b.prog.DeclareFunc(name, &ir.Func{Result: t})
}

// Describe says in one line what a slice of spec is.
func Describe(spec Spec) string {
	side := func(s Side) string {
		if s.Routine == s.Func {
			return s.Routine
		}
		return s.Routine + " → " + s.Func
	}
	return strings.Join([]string{side(spec.First), side(spec.Second)}, " and ")
}
