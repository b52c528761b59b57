package threads

import (
	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/model"
)

// Loops that create and join threads.
//
// The common shape
//
//	for (i = 0; i < n; i++) pthread_create(&t[i], 0, f, &a[i]);
//	...
//	for (j = 0; j < n; j++) pthread_join(t[j], 0);
//
// creates one thread per value of i, each with a distinct argument, and
// joins every one of them: after the second loop none runs. Both facts
// hold when the creating loop runs at most once in its routine (it is in
// no other loop and the routine has no backward jump), its counter takes
// each value once (only the post statement writes it), the handle array
// is written by nothing but that create, and the joining loop counts over
// the same values (same start, same bound, a bound no statement between
// the loops may change), joining t[j] in every iteration.

// counted is a counting loop: for (v = start; v < bound; v++).
type counted struct {
	loop  *ir.Loop
	v     *ir.Var
	start int64
	bound ir.Expr
	le    bool // v <= bound
}

// countedLoop recognizes the loop at list[k] with its initialization at
// list[k-1].
func countedLoop(list []ir.Stmt, k int) (counted, bool) {
	l, ok := list[k].(*ir.Loop)
	if !ok || l.Kind != ir.For || k == 0 {
		return counted{}, false
	}
	var v *ir.Var
	var init ir.Expr
	switch x := list[k-1].(type) {
	case *ir.DeclStmt:
		if x.Init == nil || x.Init.IsList {
			return counted{}, false
		}
		v, init = x.Var, x.Init.Expr
	case *ir.ExprStmt:
		a, ok := x.X.(*ir.Assign)
		if !ok || a.Op != ir.OpNone {
			return counted{}, false
		}
		id, ok := a.L.(*ir.Ident)
		if !ok {
			return counted{}, false
		}
		v, init = id.Var, a.R
	default:
		return counted{}, false
	}
	lit, ok := ir.Uncast(init).(*ir.IntLit)
	if !ok || v.Class == ir.Global || !ir.IsInteger(v.Type) {
		return counted{}, false
	}
	cond, ok := l.Cond.(*ir.Binary)
	if !ok || (cond.Op != ir.Lt && cond.Op != ir.Le) {
		return counted{}, false
	}
	if id, ok := ir.Uncast(cond.X).(*ir.Ident); !ok || id.Var != v {
		return counted{}, false
	}
	if !increments(l.Post, v) || writes(l.Body, v) {
		return counted{}, false
	}
	return counted{loop: l, v: v, start: int64(lit.Val), bound: cond.Y, le: cond.Op == ir.Le}, true
}

// increments reports whether e is v++, ++v, v += 1 or v = v + 1.
func increments(e ir.Expr, v *ir.Var) bool {
	isV := func(x ir.Expr) bool { id, ok := x.(*ir.Ident); return ok && id.Var == v }
	one := func(x ir.Expr) bool { l, ok := ir.Uncast(x).(*ir.IntLit); return ok && l.Val == 1 }
	switch x := e.(type) {
	case *ir.Unary:
		return (x.Op == ir.PostInc || x.Op == ir.PreInc) && isV(x.X)
	case *ir.Assign:
		if !isV(x.L) {
			return false
		}
		if x.Op == ir.Add {
			return one(x.R)
		}
		if b, ok := x.R.(*ir.Binary); ok && x.Op == ir.OpNone && b.Op == ir.Add {
			return isV(b.X) && one(b.Y)
		}
	}
	return false
}

// writes reports whether anything under n writes v or takes its address.
func writes(n any, v *ir.Var) bool {
	found := false
	ir.Inspect(n, func(x any) bool {
		switch y := x.(type) {
		case *ir.Assign:
			if ir.DirectVar(y.L) == v {
				found = true
			}
		case *ir.Unary:
			switch y.Op {
			case ir.Addr, ir.PreInc, ir.PreDec, ir.PostInc, ir.PostDec:
				if ir.DirectVar(y.X) == v {
					found = true
				}
			}
		case *ir.DeclStmt:
			if y.Var == v {
				found = true
			}
		}
		return !found
	})
	return found
}

// backwardJump reports whether body has a goto to a label before it.
func backwardJump(body *ir.Block) bool {
	seen := map[string]bool{}
	back := false
	ir.Inspect(ir.Stmt(body), func(x any) bool {
		switch y := x.(type) {
		case *ir.Label:
			seen[y.Name] = true
		case *ir.Goto:
			if seen[y.Label] {
				back = true
			}
		}
		return true
	})
	return back
}

// loopFacts are the facts of one routine's create and join loops.
type loopFacts struct {
	// distinct: the classes whose threads each receive an argument no
	// other thread of the class receives, by site.
	distinct map[ir.Stmt]bool
	// joinAll maps a joining loop to the site whose threads it joins.
	joinAll map[*ir.Loop]ir.Stmt
}

// createLoop is a creating loop found in a routine's outermost loops.
type createLoop struct {
	c      counted
	site   ir.Stmt
	handle *ir.Var // the handle array t of &t[i]
	list   []ir.Stmt
	k      int
}

// findLoops computes the loop facts of routine f (in the copy of the
// program where every site has its own routine copy).
func findLoops(f *ir.Function, entries []*ir.Function) loopFacts {
	lf := loopFacts{distinct: map[ir.Stmt]bool{}, joinAll: map[*ir.Loop]ir.Stmt{}}
	if backwardJump(f.Body) {
		return lf
	}
	// Outermost counted loops, in any block that is not inside a loop.
	var creates []createLoop
	var joins []struct {
		c      counted
		handle *ir.Var
		list   []ir.Stmt
		k      int
	}
	var walk func(b *ir.Block)
	walk = func(b *ir.Block) {
		for k, s := range b.List {
			switch x := s.(type) {
			case *ir.Block:
				walk(x)
				continue
			case *ir.If:
				walk(x.Then)
				if x.Else != nil {
					walk(x.Else)
				}
				continue
			case *ir.Loop:
			default:
				continue
			}
			c, ok := countedLoop(b.List, k)
			if !ok {
				continue
			}
			if site, h, ok := createIn(c); ok {
				creates = append(creates, createLoop{c: c, site: site, handle: h, list: b.List, k: k})
				if distinctArg(site, c.v) {
					lf.distinct[site] = true
				}
			}
			if h, ok := joinIn(c); ok {
				joins = append(joins, struct {
					c      counted
					handle *ir.Var
					list   []ir.Stmt
					k      int
				}{c, h, b.List, k})
			}
		}
	}
	walk(f.Body)
	for _, cr := range creates {
		if !onlyCreateWrites(cr.handle, cr.site, entries) {
			continue
		}
		for _, j := range joins {
			if j.handle != cr.handle || j.c.start != cr.c.start || j.c.le != cr.c.le || !sameBound(cr.c.bound, j.c.bound) {
				continue
			}
			// The bound must not change from the creating loop to the
			// joining one: a constant, or a local no statement writes
			// after its initialization (flow-insensitively: nowhere but
			// in declarations and statements before the creating loop's
			// block, and never address-taken).
			if !stableBound(cr.c.bound, f) {
				continue
			}
			lf.joinAll[j.c.loop] = cr.site
		}
	}
	return lf
}

// createIn returns the create statement of a counting loop's body: one
// statement of the body's own list creating a thread with handle &t[i].
func createIn(c counted) (ir.Stmt, *ir.Var, bool) {
	var site ir.Stmt
	var handle *ir.Var
	n := 0
	ir.Inspect(ir.Stmt(c.loop.Body), func(x any) bool {
		if call, ok := x.(*ir.Call); ok && isCreate(call) {
			n++
		}
		return true
	})
	if n != 1 {
		return nil, nil, false
	}
	for _, s := range flatList(c.loop.Body) {
		call, _ := bound.CallOf(s)
		if call == nil || !isCreate(call) || len(call.Args) != 4 {
			continue
		}
		u, ok := ir.Uncast(call.Args[0]).(*ir.Unary)
		if !ok || u.Op != ir.Addr {
			return nil, nil, false
		}
		ix, ok := u.X.(*ir.Index)
		if !ok {
			return nil, nil, false
		}
		arr, ok := ix.X.(*ir.Ident)
		idx, ok2 := ir.Uncast(ix.I).(*ir.Ident)
		if !ok || !ok2 || idx.Var != c.v || !ir.IsArray(arr.Var.Type) {
			return nil, nil, false
		}
		site, handle = s, arr.Var
	}
	return site, handle, site != nil
}

// flatList is the statements of b and of the blocks directly in it.
func flatList(b *ir.Block) []ir.Stmt {
	var out []ir.Stmt
	for _, s := range b.List {
		if x, ok := s.(*ir.Block); ok {
			out = append(out, flatList(x)...)
		} else {
			out = append(out, s)
		}
	}
	return out
}

// joinIn returns the handle array of a joining loop: its body joins
// t[j] on every iteration (a statement of its own list, and nothing in
// the body jumps).
func joinIn(c counted) (*ir.Var, bool) {
	jumps := false
	ir.Inspect(ir.Stmt(c.loop.Body), func(x any) bool {
		switch x.(type) {
		case *ir.Break, *ir.Continue, *ir.Goto, *ir.Return:
			jumps = true
		}
		return !jumps
	})
	if jumps {
		return nil, false
	}
	for _, s := range flatList(c.loop.Body) {
		call, _ := bound.CallOf(s)
		if call == nil || len(call.Args) == 0 {
			continue
		}
		f := ir.CalledFunc(call)
		if f == nil || f.Body != nil || model.Lookup(f.Name).Op != model.OpJoin {
			continue
		}
		ix, ok := ir.Uncast(call.Args[0]).(*ir.Index)
		if !ok {
			continue
		}
		arr, ok := ix.X.(*ir.Ident)
		idx, ok2 := ir.Uncast(ix.I).(*ir.Ident)
		if ok && ok2 && idx.Var == c.v && ir.IsArray(arr.Var.Type) {
			return arr.Var, true
		}
	}
	return nil, false
}

// distinctArg reports whether a create passes each iteration's counter
// value in a form that differs between iterations: (T)i, &a[i], a + i.
func distinctArg(site ir.Stmt, i *ir.Var) bool {
	call, _ := bound.CallOf(site)
	arg := ir.Uncast(call.Args[3])
	switch x := arg.(type) {
	case *ir.Ident:
		return x.Var == i
	case *ir.Unary:
		if x.Op != ir.Addr {
			return false
		}
		ix, ok := x.X.(*ir.Index)
		if !ok {
			return false
		}
		id, ok := ir.Uncast(ix.I).(*ir.Ident)
		if !ok || id.Var != i {
			return false
		}
		// The array's address must not depend on the iteration.
		base, ok := ix.X.(*ir.Ident)
		return ok && ir.IsArray(base.Var.Type)
	}
	return false
}

// onlyCreateWrites reports whether nothing but the create at site writes
// the handle array or takes its address.
func onlyCreateWrites(h *ir.Var, site ir.Stmt, entries []*ir.Function) bool {
	call, _ := bound.CallOf(site)
	ok := true
	for _, f := range entries {
		ir.Inspect(ir.Stmt(f.Body), func(x any) bool {
			if c, isCall := x.(*ir.Call); isCall && c == call {
				return false // its own &t[i]
			}
			switch y := x.(type) {
			case *ir.Assign:
				if ir.HostOf(y.L).Var == h {
					ok = false
				}
			case *ir.Unary:
				switch y.Op {
				case ir.Addr, ir.PreInc, ir.PreDec, ir.PostInc, ir.PostDec:
					if ir.HostOf(y.X).Var == h {
						ok = false
					}
				}
			case *ir.Call:
				for _, a := range y.Args {
					if id, isID := ir.Uncast(a).(*ir.Ident); isID && id.Var == h {
						ok = false // the array decays: memset(t, ...)
					}
				}
			}
			return ok
		})
	}
	return ok
}

func sameBound(a, b ir.Expr) bool {
	a, b = ir.Uncast(a), ir.Uncast(b)
	switch x := a.(type) {
	case *ir.IntLit:
		y, ok := b.(*ir.IntLit)
		return ok && x.Val == y.Val
	case *ir.Ident:
		y, ok := b.(*ir.Ident)
		return ok && x.Var == y.Var
	}
	return false
}

// stableBound reports whether a loop bound cannot change once the
// routine's loops start: a constant, or a local variable of f whose
// address is never taken and that is written only by statements that are
// not inside any loop and come before... (conservatively: written at most
// in f's top-level statements before the first loop of f).
func stableBound(b ir.Expr, f *ir.Function) bool {
	b = ir.Uncast(b)
	if _, ok := b.(*ir.IntLit); ok {
		return true
	}
	id, ok := b.(*ir.Ident)
	if !ok || id.Var.Class == ir.Global || id.Var.Volatile {
		return false
	}
	v := id.Var
	// Every write of v is before the first loop of the routine, in
	// statement order of a walk of the body.
	seenLoop := false
	ok = true
	ir.Inspect(ir.Stmt(f.Body), func(x any) bool {
		if _, isLoop := x.(*ir.Loop); isLoop {
			seenLoop = true
		}
		if seenLoop {
			if s, isStmt := x.(ir.Stmt); isStmt && writes(s, v) {
				if _, isBlock := s.(*ir.Block); !isBlock {
					if _, isIf := s.(*ir.If); !isIf {
						ok = false
					}
				}
			}
		}
		if u, isU := x.(*ir.Unary); isU && u.Op == ir.Addr && ir.DirectVar(u.X) == v {
			ok = false
		}
		return ok
	})
	return ok
}
