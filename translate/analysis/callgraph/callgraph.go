// Package callgraph is the call graph of a whole program as the front end
// lowered it (no call inlined, loops and recursion kept): which defined
// functions each call may reach, the start routines of its threads, and the
// functions whose address escapes into code ladr cannot see (a callback
// handed to a library function), which that code may call at any time.
//
// A call through a pointer may reach the defined functions whose address
// the program takes and whose type is the pointer's; when there is none,
// every such function whose type fits the call (the number of parameters,
// whether it returns a value, pointers fitting pointers to void). Only the
// first rule may leave a target out: a function stored in a pointer of
// another type through a cast. BuildSound drops the first rule, and adds
// to every call through a pointer the functions whose address the program
// converts to another type (a pointer to another function type, void *,
// an integer), whether they fit the call or not: C lets such a function be
// called through the other type, and does not say what it then does. A
// call through a pointer no function fits is unresolved and listed.
package callgraph

import (
	"slices"
	"sort"

	"github.com/ladr-dev/ladr/translate/analysis"
	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/model"
)

// Analyzer computes the Graph of the whole program (Pass.Prog; it reads
// no entries).
var Analyzer = &analysis.Analyzer{
	Name: "callgraph",
	Doc:  "the call graph of the whole program: direct and resolved indirect calls, thread start routines, escaped callbacks",
	Run:  func(p *analysis.Pass) (any, error) { return Build(p.Prog), nil },
}

// Site is one call in a function's body.
type Site struct {
	Call   *ir.Call
	Caller *ir.Function
	// Stmt is the statement that holds the call.
	Stmt ir.Stmt
	// Targets are the defined functions the call may reach (none for a
	// library function, or an unresolved call through a pointer).
	Targets []*ir.Function
	// Callee is the function called directly (nil through a pointer).
	Callee *ir.Function
	// InLoop: the call is in a loop of its function (or after a label a
	// backward goto may reach), so it may run several times per call of
	// the function.
	InLoop bool
}

// Create is one pthread_create call: the start routines it may start.
type Create struct {
	*Site
	Routines []*ir.Function
}

// Graph is the call graph.
type Graph struct {
	// Funcs are the defined functions, in the program's order.
	Funcs []*ir.Function
	// Sites are the calls in each defined function, in order.
	Sites map[*ir.Function][]*Site
	// Callers are the calls that may reach each defined function.
	Callers map[*ir.Function][]*Site
	// Creates are the pthread_create calls.
	Creates []*Create
	// Escaped are the defined functions whose address is passed to a
	// function without a body other than pthread_create and pthread_once
	// (a callback of an event library, a signal handler, an atexit
	// handler): code ladr cannot see may call them, in any thread.
	Escaped []*ir.Function
	// EscapedAt are the calls through which each escaped function
	// escapes.
	EscapedAt map[*ir.Function][]*Site
	// AddressTaken are the defined functions whose address the program
	// takes (outside direct calls).
	AddressTaken []*ir.Function
	// LibraryTaken are the functions without a body (the library's)
	// whose address the program takes: a call through a pointer may
	// reach them too.
	LibraryTaken []*ir.Function
	// Unresolved are the calls through a pointer that no function of the
	// program fits.
	Unresolved []*Site
	// exact: a call through a pointer reaches the functions of its own
	// type when there are any.
	exact bool
	// converted are the defined functions whose address the program
	// converts to another type: without exact, every call through a
	// pointer may reach them.
	converted []*ir.Function
	// deferred are the pthread_once calls whose routine is a pointer,
	// resolved once every address taken is known.
	deferred []*Site
}

// Build computes the call graph of prog; a call through a pointer may
// reach the functions of the pointer's own type only, when it has any.
func Build(prog *ir.Program) *Graph { return build(prog, true) }

// BuildSound computes the call graph of prog assuming the worst of calls
// through pointers: every address-taken function whose type fits (a
// function stored in a pointer of another type through a cast included).
func BuildSound(prog *ir.Program) *Graph { return build(prog, false) }

func build(prog *ir.Program, exact bool) *Graph {
	g := &Graph{exact: exact, Sites: map[*ir.Function][]*Site{}, Callers: map[*ir.Function][]*Site{}, EscapedAt: map[*ir.Function][]*Site{}}
	taken := map[*ir.Function]bool{}
	escaped := map[*ir.Function]bool{}
	for _, f := range prog.Funcs {
		if f.Body != nil {
			g.Funcs = append(g.Funcs, f)
		}
	}
	// Addresses taken: every FuncRef that is not the callee of a call.
	ir.InspectProgram(prog, func(n any) bool {
		switch x := n.(type) {
		case *ir.Call:
			if ir.CalledFunc(x) == nil {
				walkRefs(x.Fn, taken)
			}
			for _, a := range x.Args {
				walkRefs(a, taken)
			}
			return false
		case *ir.FuncRef:
			taken[x.Fn] = true
		}
		return true
	})
	for _, f := range g.Funcs {
		if taken[f] {
			g.AddressTaken = append(g.AddressTaken, f)
		}
	}
	if !exact {
		g.converted = convertedFuncs(prog)
	}
	for f := range taken {
		if f.Body == nil {
			g.LibraryTaken = append(g.LibraryTaken, f)
		}
	}
	sort.Slice(g.LibraryTaken, func(i, j int) bool { return g.LibraryTaken[i].Name < g.LibraryTaken[j].Name })
	for _, f := range g.Funcs {
		loops := 0
		backLabels := backwardLabels(f.Body)
		afterBack := false
		var stmt func(s ir.Stmt)
		visitCalls := func(s ir.Stmt, e ir.Expr) {
			for _, c := range ir.Calls(e) {
				site := &Site{Call: c, Caller: f, Stmt: s, Callee: ir.CalledFunc(c), InLoop: loops > 0 || afterBack}
				if site.Callee != nil {
					if site.Callee.Body != nil {
						site.Targets = []*ir.Function{site.Callee}
					} else {
						g.library(site, escaped)
					}
				} else {
					site.Targets = g.fitting(c)
					if len(site.Targets) == 0 {
						g.Unresolved = append(g.Unresolved, site)
					}
				}
				g.Sites[f] = append(g.Sites[f], site)
				for _, t := range site.Targets {
					g.Callers[t] = append(g.Callers[t], site)
				}
			}
		}
		stmt = func(s ir.Stmt) {
			switch s := s.(type) {
			case *ir.Block:
				for _, x := range s.List {
					stmt(x)
				}
			case *ir.ExprStmt:
				visitCalls(s, s.X)
			case *ir.DeclStmt:
				if s.Init != nil {
					ir.Inspect(s.Init, func(n any) bool {
						if e, ok := n.(ir.Expr); ok {
							visitCalls(s, e)
							return false
						}
						return true
					})
				}
			case *ir.If:
				visitCalls(s, s.Cond)
				stmt(s.Then)
				if s.Else != nil {
					stmt(s.Else)
				}
			case *ir.Loop:
				loops++
				if s.Cond != nil {
					visitCalls(s, s.Cond)
				}
				stmt(s.Body)
				if s.Post != nil {
					visitCalls(s, s.Post)
				}
				loops--
			case *ir.Label:
				if backLabels[s.Name] {
					afterBack = true
				}
			case *ir.Return:
				if s.X != nil {
					visitCalls(s, s.X)
				}
			}
		}
		stmt(f.Body)
	}
	for _, f := range g.Funcs {
		if escaped[f] {
			g.Escaped = append(g.Escaped, f)
		}
	}
	g.resolveCreates()
	for _, site := range g.deferred {
		for _, f := range g.AddressTaken {
			if len(f.Params) == 0 {
				site.Targets = append(site.Targets, f)
				g.Callers[f] = append(g.Callers[f], site)
			}
		}
	}
	return g
}

// resolveCreates finds the start routines of each pthread_create: the
// function it names; for a parameter of its function (a wrapper such as
// create_worker(func, arg)), the functions every call of the wrapper
// names there; else every address-taken function that takes one pointer
// or nothing.
func (g *Graph) resolveCreates() {
	for _, cr := range g.Creates {
		arg := cr.Call.Args[2]
		if f := bound.FuncOf(arg); f != nil && f.Body != nil {
			cr.Routines = []*ir.Function{f}
			continue
		}
		if rs, ok := g.viaParam(cr.Caller, arg); ok {
			cr.Routines = rs
			continue
		}
		for _, f := range g.AddressTaken {
			if !g.exact || len(f.Params) == 0 || len(f.Params) == 1 && ir.IsPointer(f.Params[0].Type) {
				cr.Routines = append(cr.Routines, f)
			}
		}
	}
}

// viaParam resolves e, a parameter of f, to the functions every call of f
// passes there (false when one does not name a defined function).
func (g *Graph) viaParam(f *ir.Function, e ir.Expr) ([]*ir.Function, bool) {
	id, ok := ir.Uncast(e).(*ir.Ident)
	if !ok || id.Var.Class != ir.Param || len(g.Callers[f]) == 0 {
		return nil, false
	}
	idx := -1
	for i, p := range f.Params {
		if p == id.Var {
			idx = i
		}
	}
	if idx < 0 || assigned(f, id.Var) {
		return nil, false
	}
	seen := map[*ir.Function]bool{}
	var out []*ir.Function
	for _, s := range g.Callers[f] {
		if idx >= len(s.Call.Args) {
			return nil, false
		}
		r := bound.FuncOf(s.Call.Args[idx])
		if r == nil || r.Body == nil {
			return nil, false
		}
		if !seen[r] {
			seen[r] = true
			out = append(out, r)
		}
	}
	return out, true
}

// assigned reports whether f assigns to v or takes its address.
func assigned(f *ir.Function, v *ir.Var) bool {
	found := false
	ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
		switch x := n.(type) {
		case *ir.Assign:
			if id, ok := x.L.(*ir.Ident); ok && id.Var == v {
				found = true
			}
		case *ir.Unary:
			if id, ok := x.X.(*ir.Ident); ok && id.Var == v && x.Op != ir.Deref {
				found = true
			}
		}
		return !found
	})
	return found
}

// walkRefs marks the functions e uses as values (not those it calls
// directly).
func walkRefs(e ir.Expr, taken map[*ir.Function]bool) {
	for _, f := range valueRefs(e) {
		taken[f] = true
	}
}

// valueRefs returns the functions e uses as values: named, not called
// directly.
func valueRefs(e ir.Expr) []*ir.Function {
	var out []*ir.Function
	var walk func(e ir.Expr)
	walk = func(e ir.Expr) {
		switch x := e.(type) {
		case nil:
			return
		case *ir.FuncRef:
			out = append(out, x.Fn)
			return
		case *ir.Call:
			if ir.CalledFunc(x) == nil {
				walk(x.Fn)
			}
			for _, a := range x.Args {
				walk(a)
			}
			return
		case *ir.CompoundLit:
			ir.Inspect(x.Init, func(n any) bool {
				if sub, ok := n.(ir.Expr); ok {
					walk(sub)
					return false
				}
				return true
			})
			return
		}
		for _, c := range ir.Children(e) {
			walk(c)
		}
	}
	walk(e)
	return out
}

// library handles a call of a function without a body: pthread_create
// starts its routine; a function of the program passed to another
// library function ladr does not know escapes.
func (g *Graph) library(site *Site, escaped map[*ir.Function]bool) {
	info := model.Lookup(site.Callee.Name)
	if info.Op == model.OpThreadCreate && len(site.Call.Args) >= 3 {
		// The routine is resolved once every call is known (resolveCreates).
		g.Creates = append(g.Creates, &Create{Site: site})
		return
	}
	if info.Op == model.OpOnce {
		// pthread_once's routine runs in the calling thread: the function
		// it names, or through a pointer every address-taken function
		// without parameters.
		if len(site.Call.Args) < 2 {
			return
		}
		if f := bound.FuncOf(site.Call.Args[1]); f != nil {
			if f.Body != nil {
				site.Targets = append(site.Targets, f)
			}
			return
		}
		g.deferred = append(g.deferred, site)
		return
	}
	// Any other library function given a function of the program (a
	// signal handler, an atexit handler, an event callback, a comparison
	// for qsort) may call it, at any time.
	for _, a := range site.Call.Args {
		for _, f := range valueRefs(a) {
			if f.Body != nil {
				escaped[f] = true
				g.EscapedAt[f] = append(g.EscapedAt[f], site)
			}
		}
	}
}

// fitting returns the address-taken functions a call through a pointer may
// reach: those of the pointer's own type when there are any, else those
// whose type fits the pointer's (the same number of
// parameters, each of a fitting type, and a fitting result; a pointer to
// void fits every pointer; an unprototyped or variadic type takes more
// arguments).
func (g *Graph) fitting(c *ir.Call) []*ir.Function {
	ft := calleeType(c)
	if ft != nil && g.exact {
		// The functions of the pointer's own type, when there are any: a
		// function of another type is stored in such a pointer only
		// through a cast.
		var exact []*ir.Function
		for _, f := range g.AddressTaken {
			if f.Type != nil && fitsExactly(ft, f.Type) {
				exact = append(exact, f)
			}
		}
		if len(exact) > 0 {
			return exact
		}
	}
	var out []*ir.Function
	for _, f := range g.AddressTaken {
		n := len(f.Params)
		variadic := f.Type != nil && f.Type.Variadic
		if n != len(c.Args) && !(variadic && len(c.Args) >= n) {
			continue
		}
		if f.Type != nil && ir.IsVoid(f.Type.Result) != ir.IsVoid(c.T) {
			continue
		}
		if ft != nil && f.Type != nil && !fits(ft, f.Type) {
			continue
		}
		out = append(out, f)
	}
	for _, f := range g.converted {
		if !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	return out
}

// convertedFuncs returns the defined functions whose address the program
// converts to a type other than a pointer to their own type, in the
// program's order.
func convertedFuncs(prog *ir.Program) []*ir.Function {
	conv := map[*ir.Function]bool{}
	ir.InspectProgram(prog, func(n any) bool {
		c, ok := n.(*ir.Cast)
		if !ok {
			return true
		}
		for _, f := range valueRefs(c.X) {
			if f.Body == nil || f.Type == nil {
				continue
			}
			to := c.T
			if p, ok := to.(*ir.Pointer); ok {
				to = p.Elem
			}
			if ft, ok := to.(*ir.Func); !ok || !fitsExactly(ft, f.Type) {
				conv[f] = true
			}
		}
		return true
	})
	var out []*ir.Function
	for _, f := range prog.Funcs {
		if conv[f] {
			out = append(out, f)
		}
	}
	return out
}

// fitsExactly reports whether f is p's type: the same parameter and
// result types (struct types of one tag alike).
func fitsExactly(p, f *ir.Func) bool {
	if len(p.Params) != len(f.Params) || p.Variadic != f.Variadic {
		return false
	}
	same := func(a, b ir.Type) bool {
		if ir.Identical(a, b) {
			return true
		}
		pa, aok := a.(*ir.Pointer)
		pb, bok := b.(*ir.Pointer)
		return aok && bok && (ir.Identical(pa.Elem, pb.Elem) || sameTag(pa.Elem, pb.Elem))
	}
	for i := range p.Params {
		if !same(p.Params[i], f.Params[i]) {
			return false
		}
	}
	return same(p.Result, f.Result)
}

// calleeType returns the function type a call through a pointer calls.
func calleeType(c *ir.Call) *ir.Func {
	t := c.Fn.Type()
	if p, ok := t.(*ir.Pointer); ok {
		t = p.Elem
	}
	ft, _ := t.(*ir.Func)
	if ft == nil || len(ft.Params) == 0 && ft.Variadic {
		return nil
	}
	return ft
}

// fits reports whether a function of type f may be called through a
// pointer of type p.
func fits(p, f *ir.Func) bool {
	if len(p.Params) != len(f.Params) {
		return p.Variadic || f.Variadic
	}
	for i := range p.Params {
		if !fitType(p.Params[i], f.Params[i]) {
			return false
		}
	}
	return fitType(p.Result, f.Result)
}

// fitType reports whether values of types a and b may be passed for each
// other: identical types, two integer types, any pointer and a
// pointer to void.
func fitType(a, b ir.Type) bool {
	if ir.Identical(a, b) {
		return true
	}
	pa, aok := a.(*ir.Pointer)
	pb, bok := b.(*ir.Pointer)
	if aok && bok {
		return ir.IsVoid(pa.Elem) || ir.IsVoid(pb.Elem) || fitType(pa.Elem, pb.Elem) || sameTag(pa.Elem, pb.Elem)
	}
	return ir.IsInteger(a) && ir.IsInteger(b)
}

// sameTag reports whether a and b are struct types of one tag (the same
// type seen from two translation units).
func sameTag(a, b ir.Type) bool {
	sa, aok := a.(*ir.Struct)
	sb, bok := b.(*ir.Struct)
	return aok && bok && sa.Tag != "" && sa.Tag == sb.Tag && sa.Union == sb.Union
}

// backwardLabels returns the labels of body that a goto after them jumps
// to (the loops built from goto).
func backwardLabels(body *ir.Block) map[string]bool {
	seen := map[string]bool{}
	back := map[string]bool{}
	ir.Inspect(ir.Stmt(body), func(n any) bool {
		switch x := n.(type) {
		case *ir.Label:
			seen[x.Name] = true
		case *ir.Goto:
			if seen[x.Label] {
				back[x.Label] = true
			}
		}
		return true
	})
	return back
}

// Reach returns the defined functions reachable from roots (the roots
// included), in the program's order.
func (g *Graph) Reach(roots ...*ir.Function) []*ir.Function {
	seen := map[*ir.Function]bool{}
	var stack []*ir.Function
	for _, r := range roots {
		if r != nil && r.Body != nil && !seen[r] {
			seen[r] = true
			stack = append(stack, r)
		}
	}
	for len(stack) > 0 {
		f := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, s := range g.Sites[f] {
			for _, t := range s.Targets {
				if !seen[t] {
					seen[t] = true
					stack = append(stack, t)
				}
			}
		}
	}
	var out []*ir.Function
	for _, f := range g.Funcs {
		if seen[f] {
			out = append(out, f)
		}
	}
	return out
}

// PostOrder returns the defined functions callees first (a function in a
// cycle of calls comes after the others of its cycle it calls, except the
// call that closes the cycle), and the functions on a cycle.
func (g *Graph) PostOrder() (order []*ir.Function, recursive map[*ir.Function]bool) {
	const (
		white = iota
		grey
		black
	)
	color := map[*ir.Function]int{}
	recursive = map[*ir.Function]bool{}
	type frame struct {
		f *ir.Function
		i int // next site
		j int // next target of the site
	}
	for _, root := range g.Funcs {
		if color[root] != white {
			continue
		}
		stack := []frame{{f: root}}
		color[root] = grey
		for len(stack) > 0 {
			top := &stack[len(stack)-1]
			sites := g.Sites[top.f]
			if top.i >= len(sites) {
				color[top.f] = black
				order = append(order, top.f)
				stack = stack[:len(stack)-1]
				continue
			}
			ts := sites[top.i].Targets
			if top.j >= len(ts) {
				top.i++
				top.j = 0
				continue
			}
			t := ts[top.j]
			top.j++
			switch color[t] {
			case white:
				color[t] = grey
				stack = append(stack, frame{f: t})
			case grey:
				// A cycle: every function on the stack from t up.
				for k := len(stack) - 1; k >= 0; k-- {
					recursive[stack[k].f] = true
					if stack[k].f == t {
						break
					}
				}
			}
		}
	}
	return order, recursive
}

// SortedNames returns the names of fs, sorted (for tests and reports).
func SortedNames(fs []*ir.Function) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Name)
	}
	sort.Strings(out)
	return out
}
