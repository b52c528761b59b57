package races

import (
	"github.com/ladr-dev/ladr/translate/analysis/threads"
	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/ir"
)

// Accesses at a thread's own argument.
//
// When the threads of a class each receive an argument no other thread of
// the class receives (threads.Class.Distinct: &a[i] or (T)i from a
// counting loop), an access at that argument, *p or p->f with p a copy of
// the parameter, or a[x] with x a copy of it, touches memory that no other
// thread of the class touches at the same access shape: two threads of
// the class accessing there do not race.

// argCopies returns the variables of routine f that always hold its
// parameter's value: the parameter and the locals declared with it (or a
// copy, through conversions) and never written otherwise.
func argCopies(f *ir.Function) map[*ir.Var]bool {
	out := map[*ir.Var]bool{}
	if len(f.Params) == 0 {
		return out
	}
	bad := map[*ir.Var]bool{}
	inits := map[*ir.Var]ir.Expr{}
	ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
		switch x := n.(type) {
		case *ir.DeclStmt:
			if _, seen := inits[x.Var]; seen {
				bad[x.Var] = true
			}
			if x.Init != nil && !x.Init.IsList {
				inits[x.Var] = x.Init.Expr
			} else {
				bad[x.Var] = true
			}
		case *ir.Assign:
			if v := ir.DirectVar(x.L); v != nil {
				bad[v] = true
			}
		case *ir.Unary:
			switch x.Op {
			case ir.Addr, ir.PreInc, ir.PreDec, ir.PostInc, ir.PostDec:
				if v := ir.DirectVar(x.X); v != nil {
					bad[v] = true
				}
			}
		}
		return true
	})
	p := f.Params[0]
	if bad[p] {
		return out
	}
	out[p] = true
	for changed := true; changed; {
		changed = false
		for v, e := range inits {
			if out[v] || bad[v] {
				continue
			}
			if id, ok := wideUncast(e).(*ir.Ident); ok && out[id.Var] {
				out[v] = true
				changed = true
			}
		}
	}
	return out
}

// wideUncast strips conversions to pointers and to integers of at least
// 32 bits (which keep a counter's value).
func wideUncast(e ir.Expr) ir.Expr {
	for {
		c, ok := e.(*ir.Cast)
		if !ok {
			return e
		}
		if b, isBasic := c.T.(*ir.Basic); isBasic {
			switch b.Kind {
			case ir.Int, ir.UInt, ir.Long, ir.ULong, ir.LongLong, ir.ULongLong:
			default:
				return e
			}
		} else if !ir.IsPointer(c.T) {
			return e
		}
		e = c.X
	}
}

// argElem is the element type the argument of a class points to (&a[i]),
// or nil.
func argElem(cl *threads.Class) ir.Type {
	call, _ := bound.CallOf(cl.Site)
	if call == nil || len(call.Args) < 4 {
		return nil
	}
	u, ok := ir.Uncast(call.Args[3]).(*ir.Unary)
	if !ok || u.Op != ir.Addr {
		return nil
	}
	return u.X.Type()
}

// distinctKey returns the shape of an access at the thread's own
// argument ("" when it is not one): accesses of two threads of a Distinct
// class with the same shape touch different memory.
func distinctKey(lv ir.Expr, copies map[*ir.Var]bool, elem ir.Type, fresh bool) string {
	if fresh {
		// Anything reached from the argument's own block, through its
		// first pointer.
		for {
			switch x := lv.(type) {
			case *ir.Member:
				if x.Arrow {
					if id, ok := ir.Uncast(x.X).(*ir.Ident); ok && copies[id.Var] {
						return "block"
					}
					return ""
				}
				lv = x.X
				continue
			case *ir.Index:
				if ir.IsArray(x.X.Type()) {
					lv = x.X
					continue
				}
				if id, ok := ir.Uncast(x.X).(*ir.Ident); ok && copies[id.Var] {
					return "block"
				}
			case *ir.Unary:
				if x.Op == ir.Deref {
					if id, ok := ir.Uncast(x.X).(*ir.Ident); ok && copies[id.Var] {
						return "block"
					}
				}
			}
			return ""
		}
	}
	// a[x]: an array (or the block a global pointer points to, which must
	// not change while the threads run: StableBase) indexed by the
	// argument.
	if ix, ok := lv.(*ir.Index); ok {
		if id, ok := wideUncast(ix.I).(*ir.Ident); ok && copies[id.Var] {
			if arr, ok := ix.X.(*ir.Ident); ok && arr.Var.Class == ir.Global {
				if ir.IsArray(ix.X.Type()) {
					return "index:" + arr.Var.Name + "@" + arr.Var.Pos.String()
				}
				if ir.IsPointer(ix.X.Type()) {
					return "index-ptr:" + arr.Var.Name + "@" + arr.Var.Pos.String()
				}
			}
		}
		return ""
	}
	if elem == nil {
		return ""
	}
	// *p, p->f (and fields below): the element the argument points to.
	suffix := ""
	for {
		switch x := lv.(type) {
		case *ir.Member:
			if x.Arrow {
				if id, ok := ir.Uncast(x.X).(*ir.Ident); ok && copies[id.Var] && ir.Identical(ir.Elem(x.X.Type()), elem) {
					return "deref:->" + x.Field.Name + suffix
				}
				return ""
			}
			suffix = "." + x.Field.Name + suffix
			lv = x.X
		case *ir.Unary:
			if x.Op != ir.Deref {
				return ""
			}
			if id, ok := ir.Uncast(x.X).(*ir.Ident); ok && copies[id.Var] && ir.Identical(x.T, elem) {
				return "deref:" + suffix
			}
			return ""
		default:
			return ""
		}
	}
}
