package shadow

import (
	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/workaround"
)

// Fresh pointers: which heap blocks a release may share with a
// synchronization object.
//
// A release (free) of a block that holds a mutex another thread may still
// use is not modelled (the release stays unchecked and a run that finds
// no race says unknown). Which blocks those are is decided here for the
// common shape of per-thread arrays:
//
//	tids = malloc(n * sizeof(pthread_t));
//	mutexes = malloc(n * sizeof(pthread_mutex_t));
//	... pthread_mutex_lock(&mutexes[i]) ...
//	free(tids);
//
// A fresh pointer variable is one that only ever holds the result of a
// malloc or calloc call or a null pointer: every assignment to it is
// plain and of such a value, its address is never taken (nothing writes
// it through a pointer), it is no parameter (a call would set it) and a
// global has no initializer but a null one. Its value then points into a
// block one of its calls returned, or nowhere; two fresh variables whose
// sets of calls are disjoint never point into one block (each call
// returns a new block each time it runs).

// freshPointers returns the fresh pointer variables of prog with the
// allocation calls each may hold the result of.
func freshPointers(prog *ir.Program) map[*ir.Var]map[*ir.Call]bool {
	sites := map[*ir.Var]map[*ir.Call]bool{}
	bad := map[*ir.Var]bool{}
	assign := func(v *ir.Var, val ir.Expr) {
		if !ir.IsPointer(v.Type) {
			return
		}
		if isNullPtr(val) {
			return
		}
		c := allocCall(val)
		if c == nil {
			bad[v] = true
			return
		}
		if sites[v] == nil {
			sites[v] = map[*ir.Call]bool{}
		}
		sites[v][c] = true
	}
	for _, g := range prog.Globals {
		if g.Init != nil && (g.Init.IsList || !isNullPtr(g.Init.Expr)) {
			bad[g] = true
		}
	}
	for _, f := range prog.Funcs {
		for _, p := range f.Params {
			bad[p] = true
		}
		if f.Body == nil {
			continue
		}
		ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
			switch x := n.(type) {
			case *ir.DeclStmt:
				if x.Init != nil {
					if x.Init.IsList {
						bad[x.Var] = true
					} else {
						assign(x.Var, x.Init.Expr)
					}
				}
			case *ir.Assign:
				if id, ok := x.L.(*ir.Ident); ok {
					if x.Op != ir.OpNone {
						bad[id.Var] = true
					} else {
						assign(id.Var, x.R)
					}
				}
			case *ir.Unary:
				if id, ok := x.X.(*ir.Ident); ok {
					switch x.Op {
					case ir.Addr, ir.PreInc, ir.PreDec, ir.PostInc, ir.PostDec:
						bad[id.Var] = true
					}
				}
			}
			return true
		})
	}
	out := map[*ir.Var]map[*ir.Call]bool{}
	// Variables never assigned hold a null pointer (a global) or nothing
	// a defined program reads: fresh with no call.
	collect := func(v *ir.Var) {
		if v != nil && ir.IsPointer(v.Type) && !bad[v] && v.Class != ir.Param {
			if _, done := out[v]; !done {
				out[v] = sites[v]
				if out[v] == nil {
					out[v] = map[*ir.Call]bool{}
				}
			}
		}
	}
	for v := range sites {
		collect(v)
	}
	for _, g := range prog.Globals {
		collect(g)
	}
	return out
}

// isNullPtr reports whether e is a null pointer constant (0 under casts).
func isNullPtr(e ir.Expr) bool {
	l, ok := ir.Uncast(e).(*ir.IntLit)
	return ok && l.Val == 0
}

// allocCall returns the call of malloc or calloc e is (under casts), or
// nil.
func allocCall(e ir.Expr) *ir.Call {
	c, ok := ir.Uncast(e).(*ir.Call)
	if !ok {
		return nil
	}
	fn := ir.CalledFunc(c)
	if fn == nil {
		return nil
	}
	if fn.Name == workaround.CallocHelper {
		return c
	}
	switch fn.Name {
	case "malloc", "__builtin_malloc", "calloc", "__builtin_calloc":
		if fn.Body == nil {
			return c
		}
	}
	return nil
}

// basePointer returns the pointer variable p points through: p itself,
// or the variable p derives from by casts, pointer arithmetic (which C
// confines to the block) or the address of a part of what it points to
// (&v[i], &v->f); nil when there is none.
func basePointer(p ir.Expr) *ir.Var {
	switch x := p.(type) {
	case *ir.Ident:
		if ir.IsPointer(x.Var.Type) {
			return x.Var
		}
	case *ir.Cast:
		return basePointer(x.X)
	case *ir.Binary:
		switch {
		case (x.Op == ir.Add || x.Op == ir.Sub) && ir.IsPointer(x.X.Type()):
			return basePointer(x.X)
		case x.Op == ir.Add && ir.IsPointer(x.Y.Type()):
			return basePointer(x.Y)
		}
	case *ir.Unary:
		if x.Op == ir.Addr {
			if h := ir.HostOf(x.X); h.Ptr != nil {
				return basePointer(h.Ptr)
			}
		}
	case *ir.Comma:
		return basePointer(x.Y)
	}
	return nil
}

// separateBlocks reports whether pointers through the variables v and w
// surely point into different blocks: both fresh, with no allocation call
// in common.
func separateBlocks(fresh map[*ir.Var]map[*ir.Call]bool, v, w *ir.Var) bool {
	if v == nil || w == nil || v == w {
		return false
	}
	sv, okv := fresh[v]
	sw, okw := fresh[w]
	if !okv || !okw {
		return false
	}
	for c := range sv {
		if sw[c] {
			return false
		}
	}
	return true
}
