package bound

import (
	"fmt"
	"strings"

	"github.com/ladr-dev/ladr/translate/ir"
)

// InertSet holds the start routines whose threads are inert: nothing a
// thread running one does can be observed by another thread or by the
// property, and it ends on every path. Such a thread need not be in the
// bounded program (see Threads): any schedule of the others is a schedule
// of the program with the inert thread run to its end at some point, and
// the inert thread's steps commute with every other step.
type InertSet map[*ir.Function]bool

// FindInert returns the start routines, among the functions passed to
// pthread_create, whose threads are inert. It looks at the unbounded
// program (before inlining and unwinding): a start routine is inert when
// it and every function it calls, transitively,
//
//   - read and write only their own local variables and parameters: no
//     global or static variable, no dereference of a pointer (*p, p->f,
//     p[i]), no va_arg, so no memory another thread can reach;
//   - call no function but defined ones that are inert in turn and the
//     nondeterministic-value functions __VERIFIER_nondet_* (no
//     synchronization, no thread creation, no assert, reach_error, abort,
//     exit or pthread_exit, no library call with memory effects);
//   - end on every path: no loop, no jump back (every goto goes to a label
//     later in the function), no recursion;
//   - hold no statement ladr does not model.
//
// When the program may read a thread's result (a pthread_join whose result
// pointer is not a null constant, or pthread_join used other than by a
// direct call), the start routine must moreover return a null constant or
// nothing on every return, which is the result a join of an inert thread
// gives. Inertness is decided per start routine; the thread pass still
// gives each inert thread an identifier of its own.
func FindInert(prog *ir.Program) InertSet {
	out := InertSet{}
	resultRead := false
	var starts []*ir.Function
	for _, f := range prog.Funcs {
		if f.Body == nil {
			continue
		}
		callees := map[*ir.FuncRef]bool{}
		ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
			switch x := n.(type) {
			case *ir.Call:
				if r, ok := x.Fn.(*ir.FuncRef); ok {
					callees[r] = true
				}
				switch calleeName(x) {
				case "pthread_create":
					if len(x.Args) == 4 {
						if s := FuncOf(x.Args[2]); s != nil && s.Body != nil {
							starts = append(starts, s)
						}
					}
				case "pthread_join":
					if len(x.Args) != 2 || !ir.IsNullConst(x.Args[1]) {
						resultRead = true
					}
				}
			case *ir.FuncRef:
				if strings.Contains(x.Fn.Name, "join") && !callees[x] {
					resultRead = true
				}
			}
			return true
		})
	}
	for _, v := range prog.Globals {
		ir.Inspect(v.Init, func(n any) bool {
			if x, ok := n.(*ir.FuncRef); ok && strings.Contains(x.Fn.Name, "join") {
				resultRead = true
			}
			return true
		})
	}
	c := &inertChecker{done: map[*ir.Function]bool{}, busy: map[*ir.Function]bool{}}
	for _, s := range starts {
		if _, seen := out[s]; seen {
			continue
		}
		out[s] = c.function(s, resultRead)
	}
	for f, ok := range out {
		if !ok {
			delete(out, f)
		}
	}
	return out
}

// inertChecker decides inertness of functions, remembering the verdicts
// on callees.
type inertChecker struct {
	done map[*ir.Function]bool // callee verdicts
	busy map[*ir.Function]bool // on the current chain of calls
}

// callee reports whether calling f is inert.
func (c *inertChecker) callee(f *ir.Function) bool {
	if ok, seen := c.done[f]; seen {
		return ok
	}
	ok := c.function(f, false)
	c.done[f] = ok
	return ok
}

// function reports whether f's body is inert; nullReturns requires every
// return to give a null constant or nothing.
func (c *inertChecker) function(f *ir.Function, nullReturns bool) bool {
	if f.Body == nil || c.busy[f] {
		return false // undefined, or recursive
	}
	c.busy[f] = true
	defer delete(c.busy, f)
	// Statements in source order: every goto must jump to a later label.
	var stmts []ir.Stmt
	ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
		if s, ok := n.(ir.Stmt); ok {
			stmts = append(stmts, s)
			return true
		}
		return false
	})
	label := map[string]int{}
	for i, s := range stmts {
		if l, ok := s.(*ir.Label); ok {
			label[l.Name] = i
		}
	}
	for i, s := range stmts {
		switch x := s.(type) {
		case *ir.Block, *ir.Label:
		case *ir.ExprStmt:
			if !c.expr(x.X) {
				return false
			}
		case *ir.DeclStmt:
			v := x.Var
			if v.Class != ir.Local || v.Static || v.Extern || v.ThreadLocal || hasVLA(v.Type) {
				return false
			}
			if x.Init != nil && !c.init(x.Init) {
				return false
			}
		case *ir.If:
			if !c.expr(x.Cond) {
				return false
			}
		case *ir.Goto:
			if j, ok := label[x.Label]; !ok || j <= i {
				return false
			}
		case *ir.Return:
			if x.X != nil && (!c.expr(x.X) || nullReturns && !ir.IsNullConst(x.X)) {
				return false
			}
		default: // loops, break, continue, unsupported statements
			return false
		}
	}
	return true
}

// init reports whether an initializer is inert.
func (c *inertChecker) init(in *ir.Init) bool {
	ok := true
	ir.Inspect(in, func(n any) bool {
		if e, isExpr := n.(ir.Expr); isExpr {
			ok = ok && c.expr(e)
			return false
		}
		return ok
	})
	return ok
}

// expr reports whether evaluating e touches only the function's own
// locals and calls only inert functions.
func (c *inertChecker) expr(e ir.Expr) bool {
	ok := true
	ir.Inspect(e, func(n any) bool {
		if !ok {
			return false
		}
		switch x := n.(type) {
		case *ir.Ident:
			v := x.Var
			ok = (v.Class == ir.Local || v.Class == ir.Param) && !v.Static && !v.Extern && !v.ThreadLocal
		case *ir.FuncRef:
			ok = false // a function's address, other than as a direct callee
		case *ir.Call:
			f := directCallee(x)
			switch {
			case f == nil:
				ok = false
			case f.Body == nil:
				ok = strings.HasPrefix(f.Name, "__VERIFIER_nondet_") && len(x.Args) == 0
			default:
				ok = c.callee(f)
			}
			for _, a := range x.Args {
				ok = ok && c.expr(a)
			}
			return false
		case *ir.Unary:
			ok = x.Op != ir.Deref
		case *ir.Member:
			ok = !x.Arrow
		case *ir.Index:
			// Only an element of a local array (not a parameter, whose
			// array type stands for a pointer).
			ok = ir.IsArray(x.X.Type()) && isLocal(ir.DirectVar(x.X))
		case *ir.VaArg, *ir.Bad:
			ok = false
		case *ir.CompoundLit:
			ok = c.init(x.Init)
			return false
		}
		return ok
	})
	return ok
}

// directCallee returns the function a call names directly (f(...),
// (*f)(...), (&f)(...)), or nil for a call through a pointer variable.
func directCallee(c *ir.Call) *ir.Function {
	return FuncOf(c.Fn)
}

// hasVLA reports whether a type has an array whose length is computed at
// run time (the variable then lives on the heap).
func hasVLA(t ir.Type) bool {
	switch t := t.(type) {
	case *ir.Array:
		return t.LenExpr != nil || hasVLA(t.Elem)
	case *ir.Pointer:
		return hasVLA(t.Elem)
	}
	return false
}

// inertNotes describes the inert threads left out of the bounded program,
// one message per start routine, in the order of their first creation.
func inertNotes(sites []inertSite) []string {
	type group struct {
		fn    string
		n     int
		where []ir.Pos
		seen  map[ir.Pos]bool
	}
	var groups []*group
	byFn := map[string]*group{}
	for _, s := range sites {
		g := byFn[s.fn]
		if g == nil {
			g = &group{fn: s.fn, seen: map[ir.Pos]bool{}}
			byFn[s.fn] = g
			groups = append(groups, g)
		}
		g.n++
		if !g.seen[s.pos] {
			g.seen[s.pos] = true
			g.where = append(g.where, s.pos)
		}
	}
	var out []string
	for _, g := range groups {
		var at []string
		for i, p := range g.where {
			if i == 3 {
				break
			}
			at = append(at, p.String())
		}
		where := strings.Join(at, ", ")
		if k := len(g.where) - len(at); k > 0 {
			where += fmt.Sprintf(" and %d more sites", k)
		}
		if g.n == 1 {
			out = append(out, fmt.Sprintf("1 thread of %s (created at %s) touches no shared memory and ends: not scheduled", g.fn, where))
			continue
		}
		out = append(out, fmt.Sprintf("%d threads of %s (created at %s) touch no shared memory and end: not scheduled", g.n, g.fn, where))
	}
	return out
}

// inertSite is one creation of an inert thread.
type inertSite struct {
	fn  string
	pos ir.Pos
}

// isLocal reports whether v is a local variable (v may be nil).
func isLocal(v *ir.Var) bool { return v != nil && v.Class == ir.Local }
