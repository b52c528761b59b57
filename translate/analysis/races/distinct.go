package races

import (
	"fmt"
	"slices"

	"github.com/ladr-dev/ladr/translate/analysis"
	"github.com/ladr-dev/ladr/translate/analysis/flow"
	"github.com/ladr-dev/ladr/translate/analysis/threads"
	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/model"
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

// indexKind returns the variable an index is made of and the kind of its
// values when they are distinct among threads: x, a copy of the
// argument ("arg"), or j + k with j taken from a counter of step K and
// 0 <= k < K (the counter's tag).
func indexKind(e ir.Expr, copies map[*ir.Var]bool, counters map[*ir.Var]taken) (*ir.Var, string) {
	e = wideUncast(e)
	k := int64(0)
	if b, ok := e.(*ir.Binary); ok && b.Op == ir.Add {
		x, y := wideUncast(b.X), b.Y
		if _, isConst := constValue(x); isConst {
			x, y = wideUncast(b.Y), b.X
		}
		c, isConst := constValue(y)
		if !isConst {
			return nil, ""
		}
		e, k = x, c
	}
	id, ok := e.(*ir.Ident)
	if !ok {
		return nil, ""
	}
	if copies[id.Var] && k == 0 {
		return id.Var, "arg"
	}
	if t, ok := counters[id.Var]; ok && 0 <= k && k < t.step {
		return id.Var, t.tag
	}
	return nil, ""
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
func distinctKey(lv ir.Expr, copies map[*ir.Var]bool, counters map[*ir.Var]taken, elem ir.Type, fresh bool) string {
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
		if id, tag := indexKind(ix.I, copies, counters); id != nil {
			// Values of one kind are distinct among themselves only:
			// the argument's, or one counter's.
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

// Indices taken from a counter.
//
// In
//
//	pthread_mutex_lock(&m); j = next; next += K; pthread_mutex_unlock(&m);
//
// each execution of j = next takes a value no other execution takes, in
// any thread, when next is a global whose address is never taken and
// every write of it, anywhere, is an increment by the same K > 0 holding
// the same named lock. j + k, 0 <= k < K, then differs from the values any
// other take gives. A forward dataflow over the routine follows which
// locals hold such a taken value (through copies, and with the constants
// a path may have put there instead, until a test excludes them: j = 0 on
// a failure path, then if (j == 0) return).

// taken is what a local may hold: a value taken from counter tag (""
// for none) or one of the constants consts.
type taken struct {
	tag    string
	step   int64
	kind   ir.Kind // the counter's type
	consts []int64
}

// maxConsts bounds the constants a taken value tracks.
const maxConsts = 4

type takenState struct {
	reach bool
	vars  map[*ir.Var]taken
}

func (t taken) equal(u taken) bool {
	if t.tag != u.tag || t.step != u.step || t.kind != u.kind || len(t.consts) != len(u.consts) {
		return false
	}
	for i := range t.consts {
		if t.consts[i] != u.consts[i] {
			return false
		}
	}
	return true
}

// joinTaken returns what either may hold (ok false: nothing known).
func joinTaken(t, u taken) (taken, bool) {
	if t.tag != "" && u.tag != "" && (t.tag != u.tag || t.step != u.step || t.kind != u.kind) {
		return taken{}, false
	}
	out := taken{tag: t.tag, step: t.step, kind: t.kind}
	if out.tag == "" {
		out.tag, out.step, out.kind = u.tag, u.step, u.kind
	}
	out.consts = append([]int64(nil), t.consts...)
	for _, c := range u.consts {
		if !slices.Contains(out.consts, c) {
			out.consts = append(out.consts, c)
		}
	}
	if len(out.consts) > maxConsts {
		return taken{}, false
	}
	slices.Sort(out.consts)
	return out, true
}

// takenIndices returns, for the statements of routine f, the locals that
// surely hold a value taken from a counter (with the counter and its
// step), or nil when f takes none.
func takenIndices(f *ir.Function, entries []*ir.Function, held func(*ir.Function, ir.Stmt) []string) func(ir.Stmt) map[*ir.Var]taken {
	aliases, aliasDecls := localAliases(f)
	takes := counterTakes(f, entries, held, aliases)
	if len(takes) == 0 {
		return nil
	}
	addressed := map[*ir.Var]bool{}
	ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
		if d, ok := n.(*ir.DeclStmt); ok && aliasDecls[d] {
			return false // p = &j of an alias: its uses are *p
		}
		if u, ok := n.(*ir.Unary); ok && u.Op == ir.Addr {
			if v := ir.DirectVar(u.X); v != nil {
				addressed[v] = true
			}
		}
		return true
	})
	local := func(v *ir.Var) bool {
		return v != nil && v.Class == ir.Local && !v.Static && !addressed[v] && ir.IsInteger(v.Type)
	}
	// holds reports whether v keeps every value of a counter of kind k
	// (a type of at least its rank).
	holds := func(v *ir.Var, k ir.Kind) bool {
		b, ok := v.Type.(*ir.Basic)
		return ok && b.Kind >= k && b.Kind <= ir.ULongLong
	}
	copyOf := func(st takenState) takenState {
		out := takenState{reach: st.reach, vars: make(map[*ir.Var]taken, len(st.vars))}
		for k, v := range st.vars {
			out.vars[k] = v
		}
		return out
	}
	l := flow.Lattice[takenState]{
		Join: func(a, b takenState) takenState {
			switch {
			case !a.reach:
				return b
			case !b.reach:
				return a
			}
			out := takenState{reach: true, vars: map[*ir.Var]taken{}}
			for v, t := range a.vars {
				if u, ok := b.vars[v]; ok {
					if j, ok := joinTaken(t, u); ok {
						out.vars[v] = j
					}
				}
			}
			return out
		},
		Equal: func(a, b takenState) bool {
			if a.reach != b.reach || len(a.vars) != len(b.vars) {
				return false
			}
			for v, t := range a.vars {
				if u, ok := b.vars[v]; !ok || !t.equal(u) {
					return false
				}
			}
			return true
		},
		Transfer: func(s ir.Stmt, in takenState) takenState {
			if !in.reach || ends(s) {
				return takenState{}
			}
			out := copyOf(in)
			// Any write forgets what a variable held; the assignments
			// recognized below set it again.
			ir.Inspect(s, func(n any) bool {
				if w := ir.Modified(n); w != nil {
					delete(out.vars, w)
				}
				if w := aliasWrite(n, aliases); w != nil {
					delete(out.vars, w)
				}
				return true
			})
			if d, ok := s.(*ir.DeclStmt); ok {
				delete(out.vars, d.Var)
			}
			v, e := assignOf(s, aliases)
			if !local(v) || ir.Writes(e, v) {
				return out
			}
			if t, ok := takes[s]; ok {
				if holds(v, t.kind) {
					out.vars[v] = t
				}
			} else if c, ok := constValue(e); ok {
				out.vars[v] = taken{consts: []int64{c}}
			} else if id, ok := wideUncast(e).(*ir.Ident); ok && local(id.Var) {
				if t, ok := in.vars[id.Var]; ok && (t.tag == "" || holds(v, t.kind)) {
					out.vars[v] = t
				}
			}
			return out
		},
		Branch: func(cond ir.Expr, in takenState, isTaken bool) takenState {
			if !in.reach {
				return in
			}
			v, c, eq, ok := constTest(cond)
			if !ok || eq == isTaken {
				return in // only v != c removes c
			}
			t, ok := in.vars[v]
			if !ok || !slices.Contains(t.consts, c) {
				return in
			}
			out := copyOf(in)
			t.consts = slices.DeleteFunc(slices.Clone(t.consts), func(x int64) bool { return x == c })
			if t.tag == "" && len(t.consts) == 0 {
				out.reach = false // v holds none of its values here
				out.vars = nil
			} else {
				out.vars[v] = t
			}
			return out
		},
	}
	res, ok := flow.Forward(f.Body, takenState{reach: true, vars: map[*ir.Var]taken{}}, l)
	if !ok {
		return nil
	}
	return func(s ir.Stmt) map[*ir.Var]taken {
		st, ok := res.In[s]
		if !ok || !st.reach {
			return nil
		}
		out := map[*ir.Var]taken{}
		for v, t := range st.vars {
			if t.tag != "" && len(t.consts) == 0 {
				out[v] = t
			}
		}
		return out
	}
}

// constValue returns the value of an integer literal (possibly negated
// or converted to an integer type of at least 32 bits) between -2^31 and
// 2^31-1.
func constValue(e ir.Expr) (int64, bool) {
	neg := false
	e = wideUncast(e)
	if u, ok := e.(*ir.Unary); ok && u.Op == ir.Neg {
		neg, e = true, wideUncast(u.X)
	}
	l, ok := e.(*ir.IntLit)
	if !ok || l.Val >= 1<<31 {
		return 0, false
	}
	if neg {
		return -int64(l.Val), true
	}
	return int64(l.Val), true
}

// constTest recognizes v == c, v != c, v (v != 0) and !v (v == 0).
func constTest(e ir.Expr) (v *ir.Var, c int64, eq, ok bool) {
	switch x := e.(type) {
	case *ir.Ident:
		return x.Var, 0, false, true
	case *ir.Unary:
		if x.Op == ir.Not {
			if id, isID := wideUncast(x.X).(*ir.Ident); isID {
				return id.Var, 0, true, true
			}
		}
	case *ir.Binary:
		if x.Op != ir.Eq && x.Op != ir.Ne {
			return nil, 0, false, false
		}
		l, r := wideUncast(x.X), x.Y
		if _, isConst := constValue(l); isConst {
			l, r = wideUncast(x.Y), x.X
		}
		id, isID := l.(*ir.Ident)
		c, isConst := constValue(r)
		if isID && isConst {
			return id.Var, c, x.Op == ir.Eq, true
		}
	}
	return nil, 0, false, false
}

// counterTakes returns the statements of routine f that take a value from
// a counter: j = c (or T j = c) immediately followed by an increment of c
// by K, both holding a lock that every write of c, anywhere, holds, every
// one an increment by the same K.
func counterTakes(f *ir.Function, entries []*ir.Function, held func(*ir.Function, ir.Stmt) []string, aliases map[*ir.Var]*ir.Var) map[ir.Stmt]taken {
	out := map[ir.Stmt]taken{}
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
			j, c := readOfGlobal(s, aliases)
			if j == nil || j.Class == ir.Global || !ir.IsInteger(j.Type) {
				continue
			}
			// A signed counter (its overflow is undefined: the values
			// never wrap around to one taken before).
			ck, isBasic := c.Type.(*ir.Basic)
			if !isBasic || ck.Kind != ir.Int && ck.Kind != ir.Long && ck.Kind != ir.LongLong {
				continue
			}
			step := incrementOf(list[k+1], c)
			if step <= 0 {
				continue
			}
			locks := common(held(f, s), held(f, list[k+1]))
			if len(locks) == 0 || !onlyIncrements(c, step, entries, held, locks) {
				continue
			}
			out[s] = taken{tag: fmt.Sprintf("counter %s@%s step %d", c.Name, c.Pos, step), step: step, kind: ck.Kind}
		}
	}
	walk(f.Body.List)
	return out
}

// ends reports whether statement s ends the thread or the program (exit,
// abort, pthread_exit): no statement runs after it.
func ends(s ir.Stmt) bool {
	_, op := analysis.CallOp(s)
	return op == model.OpExit || op == model.OpThreadExit
}

// localAliases returns the local pointers of f that only ever point to
// one local integer j: declared T *p = &j, never written otherwise nor
// addressed, and used only as *p (with their declarations).
func localAliases(f *ir.Function) (map[*ir.Var]*ir.Var, map[*ir.DeclStmt]bool) {
	cand := map[*ir.Var]*ir.Var{}
	decls := map[*ir.Var]*ir.DeclStmt{}
	ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
		d, ok := n.(*ir.DeclStmt)
		if !ok || d.Init == nil || d.Init.IsList || d.Var.Static || !ir.IsPointer(d.Var.Type) {
			return true
		}
		u, ok := d.Init.Expr.(*ir.Unary)
		if !ok || u.Op != ir.Addr {
			return true
		}
		id, ok := u.X.(*ir.Ident)
		if !ok || id.Var.Class != ir.Local || id.Var.Static || !ir.IsInteger(id.Var.Type) {
			return true
		}
		if _, twice := decls[d.Var]; twice {
			delete(cand, d.Var)
			return true
		}
		cand[d.Var], decls[d.Var] = id.Var, d
		return true
	})
	if len(cand) == 0 {
		return nil, nil
	}
	// Every other occurrence of p must be the operand of *.
	bad := map[*ir.Var]bool{}
	var visit func(n any, underDeref bool)
	visit = func(n any, underDeref bool) {
		ir.Inspect(n, func(m any) bool {
			switch x := m.(type) {
			case *ir.DeclStmt:
				if decls[x.Var] == x {
					return false
				}
			case *ir.Unary:
				if x.Op == ir.Deref {
					if id, ok := x.X.(*ir.Ident); ok && cand[id.Var] != nil {
						return false // *p
					}
				}
			case *ir.Ident:
				if cand[x.Var] != nil {
					bad[x.Var] = true
				}
			}
			return true
		})
	}
	visit(ir.Stmt(f.Body), false)
	out := map[*ir.Var]*ir.Var{}
	ds := map[*ir.DeclStmt]bool{}
	for p, j := range cand {
		if !bad[p] {
			out[p] = j
			ds[decls[p]] = true
		}
	}
	return out, ds
}

// assignOf is ir.VarAssign that also reads *p = e, p an alias of j
// (localAliases), as j = e.
func assignOf(s ir.Stmt, aliases map[*ir.Var]*ir.Var) (*ir.Var, ir.Expr) {
	if v, e := ir.VarAssign(s); v != nil {
		return v, e
	}
	es, ok := s.(*ir.ExprStmt)
	if !ok {
		return nil, nil
	}
	a, ok := es.X.(*ir.Assign)
	if !ok || a.Op != ir.OpNone {
		return nil, nil
	}
	if u, ok := a.L.(*ir.Unary); ok && u.Op == ir.Deref {
		if id, ok := u.X.(*ir.Ident); ok && aliases[id.Var] != nil {
			return aliases[id.Var], a.R
		}
	}
	return nil, nil
}

// aliasWrite returns the local an expression node writes through an alias
// (*p = e, *p += e, ++*p...), or nil.
func aliasWrite(n any, aliases map[*ir.Var]*ir.Var) *ir.Var {
	if u, ok := ir.Written(n).(*ir.Unary); ok && u.Op == ir.Deref {
		if id, ok := u.X.(*ir.Ident); ok {
			return aliases[id.Var]
		}
	}
	return nil
}

// readOfGlobal recognizes j = c (or the declaration int j = c) with c a
// global integer variable.
func readOfGlobal(s ir.Stmt, aliases map[*ir.Var]*ir.Var) (j, c *ir.Var) {
	lhs, rhs := assignOf(s, aliases)
	if lhs == nil {
		return nil, nil
	}
	id, ok := ir.Uncast(rhs).(*ir.Ident)
	if !ok || id.Var.Class != ir.Global || !ir.IsInteger(id.Var.Type) || id.Var.Volatile {
		return nil, nil
	}
	return lhs, id.Var
}

// incrementOf returns K when s is c++, ++c (K = 1), c += K or c = c + K
// with K a positive constant, else 0.
func incrementOf(s ir.Stmt, c *ir.Var) int64 {
	x, ok := s.(*ir.ExprStmt)
	if !ok {
		return 0
	}
	isC := func(e ir.Expr) bool { id, ok := e.(*ir.Ident); return ok && id.Var == c }
	step := func(e ir.Expr) int64 {
		if k, ok := constValue(e); ok && k > 0 {
			return k
		}
		return 0
	}
	switch e := x.X.(type) {
	case *ir.Unary:
		if (e.Op == ir.PostInc || e.Op == ir.PreInc) && isC(e.X) {
			return 1
		}
	case *ir.Assign:
		if !isC(e.L) {
			return 0
		}
		if e.Op == ir.Add {
			return step(e.R)
		}
		if b, ok := e.R.(*ir.Binary); ok && e.Op == ir.OpNone && b.Op == ir.Add && isC(b.X) {
			return step(b.Y)
		}
	}
	return 0
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
// the program is an increment by step holding one of locks, and c's
// address is never taken.
func onlyIncrements(c *ir.Var, step int64, entries []*ir.Function, held func(*ir.Function, ir.Stmt) []string, locks []string) bool {
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
			if writes && (incrementOf(s, c) != step || len(common(held(f, s), locks)) == 0) {
				ok = false
			}
			return true
		})
	}
	return ok
}
