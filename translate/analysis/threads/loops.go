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
	v, init := ir.VarAssign(list[k-1])
	if v == nil {
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
	if !increments(l.Post, v) || ir.Writes(l.Body, v) {
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
	// other thread of the class receives, by site; fresh: those whose
	// argument is a block allocated for the thread.
	distinct map[ir.Stmt]bool
	fresh    map[ir.Stmt]bool
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
	lf := loopFacts{distinct: map[ir.Stmt]bool{}, fresh: map[ir.Stmt]bool{}, joinAll: map[*ir.Loop]ir.Stmt{}}
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
				if distinctArg(site, c.v, f) {
					lf.distinct[site] = true
				} else if freshArg(site, c.loop) {
					lf.distinct[site] = true
					lf.fresh[site] = true
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
		if !ok || !ok2 || idx.Var != c.v || !handleArray(arr.Var) {
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
		if ok && ok2 && idx.Var == c.v && handleArray(arr.Var) {
			return arr.Var, true
		}
	}
	return nil, false
}

// handleArray reports whether v may hold the handles of a counting loop:
// an array, or a local pointer (to a block of handles).
func handleArray(v *ir.Var) bool {
	return ir.IsArray(v.Type) || ir.IsPointer(v.Type) && v.Class != ir.Global && !v.Volatile
}

// distinctArg reports whether a create passes each iteration's counter
// value in a form that differs between iterations: (T)i, &a[i], a + i.
func distinctArg(site ir.Stmt, i *ir.Var, f *ir.Function) bool {
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
		// The array's address must not depend on the iteration: an
		// array, or a local pointer no statement writes once the
		// routine's loops start.
		base, ok := ix.X.(*ir.Ident)
		if !ok {
			return false
		}
		if ir.IsArray(base.Var.Type) {
			return true
		}
		return ir.IsPointer(base.Var.Type) && base.Var.Class != ir.Global && stableBound(base, f)
	}
	return false
}

// freshArg reports whether a create in a loop passes a block allocated in
// the same iteration: a variable declared in the loop's body with a call
// of malloc or calloc, and not written otherwise.
func freshArg(site ir.Stmt, l *ir.Loop) bool {
	call, _ := bound.CallOf(site)
	id, ok := ir.Uncast(call.Args[3]).(*ir.Ident)
	if !ok {
		return false
	}
	v := id.Var
	decl := false
	bad := false
	ir.Inspect(ir.Stmt(l.Body), func(x any) bool {
		switch y := x.(type) {
		case *ir.DeclStmt:
			if y.Var == v {
				if y.Init == nil || y.Init.IsList || ir.AllocCall(y.Init.Expr) == nil || decl {
					bad = true
				}
				decl = true
			}
		default:
			if ir.Modified(x) == v {
				bad = true
			}
		}
		return !bad
	})
	return decl && !bad
}

// onlyCreateWrites reports whether the handle array is used only as the
// create's &t[i], in joins (t[j]), in free(t) and, for a pointer, in its
// initialization, which no statement after the routine's first loop may
// redo: nothing else writes a handle or aliases the array.
func onlyCreateWrites(h *ir.Var, site ir.Stmt, entries []*ir.Function) bool {
	call, _ := bound.CallOf(site)
	ok := true
	for _, f := range entries {
		ir.Inspect(ir.Stmt(f.Body), func(x any) bool {
			if !ok {
				return false
			}
			switch y := x.(type) {
			case *ir.DeclStmt:
				if y.Var == h && ir.IsArray(h.Type) && y.Init != nil {
					ok = false
				}
				return true
			case *ir.Call:
				if y == call {
					return false // its own &t[i]
				}
				if g := ir.CalledFunc(y); g != nil && g.Body == nil && len(y.Args) > 0 {
					switch op := model.Lookup(g.Name).Op; {
					case op == model.OpJoin:
						if ix, isIx := ir.Uncast(y.Args[0]).(*ir.Index); isIx {
							if id, isID := ix.X.(*ir.Ident); isID && id.Var == h {
								for _, a := range y.Args[1:] {
									ok = ok && !uses(a, h)
								}
								return false
							}
						}
					case g.Name == "free":
						if id, isID := ir.Uncast(y.Args[0]).(*ir.Ident); isID && id.Var == h {
							return false
						}
					}
				}
			case *ir.Assign:
				if id, isID := y.L.(*ir.Ident); isID && id.Var == h && y.Op == ir.OpNone && ir.IsPointer(h.Type) {
					ok = !uses(y.R, h)
					return false
				}
			case *ir.Ident:
				if y.Var == h {
					ok = false
				}
			}
			return ok
		})
	}
	if ok && ir.IsPointer(h.Type) {
		for _, f := range entries {
			if !stableBound(&ir.Ident{Var: h}, f) {
				return false
			}
		}
	}
	return ok
}

func uses(e ir.Expr, v *ir.Var) bool {
	found := false
	ir.Inspect(e, func(x any) bool {
		if id, ok := x.(*ir.Ident); ok && id.Var == v {
			found = true
		}
		return !found
	})
	return found
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
			if s, isStmt := x.(ir.Stmt); isStmt && ir.Writes(s, v) {
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
