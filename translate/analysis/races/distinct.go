package races

import (
	"fmt"

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
		default:
			if v := ir.Modified(x); v != nil {
				bad[v] = true
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
func distinctKey(lv ir.Expr, copies map[*ir.Var]bool, counters map[*ir.Var]string, elem ir.Type, fresh bool) string {
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
		if id, ok := wideUncast(ix.I).(*ir.Ident); ok && (copies[id.Var] || counters[id.Var] != "") {
			// Values of one kind are distinct among themselves only:
			// the argument's, or one counter's.
			tag := "arg"
			if !copies[id.Var] {
				tag = counters[id.Var]
			}
			if arr, ok := ix.X.(*ir.Ident); ok && arr.Var.Class == ir.Global {
				if ir.IsArray(ix.X.Type()) {
					return "index:" + tag + ":" + arr.Var.Name + "@" + arr.Var.Pos.String()
				}
				if ir.IsPointer(ix.X.Type()) {
					return "index-ptr:" + tag + ":" + arr.Var.Name + "@" + arr.Var.Pos.String()
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

// counterCopies returns the variables of routine f (with the counter they
// come from) that each hold a value
// no other thread's (nor another iteration's) variable holds: j in
//
//	pthread_mutex_lock(&m); j = next; next++; pthread_mutex_unlock(&m);
//
// when next is a global whose address is never taken and every write of
// it, anywhere, is an increment by one that holds the same named lock
// (lockset), and j is a local written only there.
func counterCopies(f *ir.Function, entries []*ir.Function, held func(*ir.Function, ir.Stmt) []string) map[*ir.Var]string {
	out := map[*ir.Var]string{}
	writes := map[*ir.Var]int{} // writes of each local of f
	ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
		switch x := n.(type) {
		case *ir.DeclStmt:
			if x.Init != nil {
				writes[x.Var]++
			}
		case *ir.Assign:
			if v := ir.Modified(x); v != nil {
				writes[v]++
			}
		case *ir.Unary:
			if v := ir.Modified(x); v != nil {
				writes[v] += 2 // an increment or an address: never one plain write
			}
		}
		return true
	})
	var walk func(list []ir.Stmt)
	walk = func(list []ir.Stmt) {
		for k, s := range list {
			switch x := s.(type) {
			case *ir.Block:
				walk(x.List)
				continue
			case *ir.If:
				walk(x.Then.List)
				if x.Else != nil {
					walk(x.Else.List)
				}
				continue
			case *ir.Loop:
				walk(x.Body.List)
				continue
			}
			if k+1 >= len(list) {
				continue
			}
			j, c := readOfGlobal(s)
			if j == nil || j.Class == ir.Global || writes[j] != 1 || !ir.IsInteger(j.Type) {
				continue
			}
			if !incrementOf(list[k+1], c) {
				continue
			}
			locks := common(held(f, s), held(f, list[k+1]))
			if len(locks) == 0 || !onlyIncrements(c, entries, held, locks) {
				continue
			}
			out[j] = fmt.Sprintf("counter %s@%s", c.Name, c.Pos)
		}
	}
	walk(f.Body.List)
	return out
}

// readOfGlobal recognizes j = c (or the declaration int j = c) with c a
// global integer variable.
func readOfGlobal(s ir.Stmt) (j, c *ir.Var) {
	lhs, rhs := ir.VarAssign(s)
	if lhs == nil {
		return nil, nil
	}
	id, ok := ir.Uncast(rhs).(*ir.Ident)
	if !ok || id.Var.Class != ir.Global || !ir.IsInteger(id.Var.Type) || id.Var.Volatile {
		return nil, nil
	}
	return lhs, id.Var
}

// incrementOf reports whether s is c++, ++c, c += 1 or c = c + 1.
func incrementOf(s ir.Stmt, c *ir.Var) bool {
	x, ok := s.(*ir.ExprStmt)
	if !ok {
		return false
	}
	isC := func(e ir.Expr) bool { id, ok := e.(*ir.Ident); return ok && id.Var == c }
	one := func(e ir.Expr) bool { l, ok := ir.Uncast(e).(*ir.IntLit); return ok && l.Val == 1 }
	switch e := x.X.(type) {
	case *ir.Unary:
		return (e.Op == ir.PostInc || e.Op == ir.PreInc) && isC(e.X)
	case *ir.Assign:
		if !isC(e.L) {
			return false
		}
		if e.Op == ir.Add {
			return one(e.R)
		}
		if b, ok := e.R.(*ir.Binary); ok && e.Op == ir.OpNone && b.Op == ir.Add {
			return isC(b.X) && one(b.Y)
		}
	}
	return false
}

// common returns the names in both lists.
func common(a, b []string) []string {
	var out []string
	for _, x := range a {
		for _, y := range b {
			if x == y {
				out = append(out, x)
			}
		}
	}
	return out
}

// onlyIncrements reports whether every write of the global counter c in
// the program is an increment statement holding one of locks, and c's
// address is never taken.
func onlyIncrements(c *ir.Var, entries []*ir.Function, held func(*ir.Function, ir.Stmt) []string, locks []string) bool {
	ok := true
	for _, f := range entries {
		ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
			if !ok {
				return false
			}
			s, isStmt := n.(ir.Stmt)
			if !isStmt {
				return true
			}
			switch s.(type) {
			case *ir.Block, *ir.If, *ir.Loop:
				return true
			}
			writes := false
			ir.Inspect(s, func(m any) bool {
				writes = writes || ir.Modified(m) == c
				return true
			})
			if writes && (!incrementOf(s, c) || len(common(held(f, s), locks)) == 0) {
				ok = false
			}
			return true
		})
	}
	return ok
}
