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
	ir.EachWrite(prog, func(v *ir.Var, val ir.Expr) {
		if !ir.IsPointer(v.Type) || val != nil && isNullPtr(val) {
			return
		}
		c := (*ir.Call)(nil)
		if val != nil {
			c = allocCall(val)
		}
		if c == nil {
			bad[v] = true
			return
		}
		if sites[v] == nil {
			sites[v] = map[*ir.Call]bool{}
		}
		sites[v][c] = true
	})
	// Fresh: never written anything else, no parameter. A variable never
	// written is a global holding a null pointer (a local that is never
	// assigned is left out: it holds nothing a defined program reads).
	out := map[*ir.Var]map[*ir.Call]bool{}
	collect := func(v *ir.Var) {
		if !ir.IsPointer(v.Type) || bad[v] || v.Class == ir.Param {
			return
		}
		if _, done := out[v]; !done {
			out[v] = sites[v]
			if out[v] == nil {
				out[v] = map[*ir.Call]bool{}
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

// allocCall returns the call of malloc or calloc e is (under casts, or
// RouteCalloc's helper), or nil.
func allocCall(e ir.Expr) *ir.Call {
	if c, ok := ir.Uncast(e).(*ir.Call); ok {
		if fn := ir.CalledFunc(c); fn != nil && fn.Name == workaround.CallocHelper {
			return c
		}
	}
	return ir.AllocCall(e)
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
