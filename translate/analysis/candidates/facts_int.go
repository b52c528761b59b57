package candidates

import (
	"strconv"
	"strings"

	"github.com/ladr-dev/ladr/translate/ir"
)

// sfact is what a path knows of a signed integer variable: its value
// (exact) or the signs it may have (a set of sNeg, sZero, sPos).
type sfact struct {
	exact bool
	c     int64
	signs uint8
}

const (
	sNeg  = 1
	sZero = 2
	sPos  = 4
)

// unknownFact knows nothing.
var unknownFact = sfact{signs: sNeg | sZero | sPos}

func signOf(c int64) uint8 {
	switch {
	case c < 0:
		return sNeg
	case c == 0:
		return sZero
	}
	return sPos
}

func constFact(c int64) sfact { return sfact{exact: true, c: c, signs: signOf(c)} }

func (f sfact) key() string {
	if f.exact {
		return "=" + strconv.FormatInt(f.c, 10)
	}
	return strconv.Itoa(int(f.signs))
}

func factsKey(fs []sfact) string {
	var b strings.Builder
	for _, f := range fs {
		b.WriteString(f.key())
		b.WriteByte(',')
	}
	return b.String()
}

// compare restricts f to the values v with v op c (op one of ir.Eq, Ne,
// Lt, Le, Gt, Ge); false when none is left.
func (f sfact) compare(op ir.Op, c int64) (sfact, bool) {
	holds := func(x int64) bool {
		switch op {
		case ir.Eq:
			return x == c
		case ir.Ne:
			return x != c
		case ir.Lt:
			return x < c
		case ir.Le:
			return x <= c
		case ir.Gt:
			return x > c
		}
		return x >= c
	}
	if f.exact {
		return f, holds(f.c)
	}
	if op == ir.Eq {
		if f.signs&signOf(c) == 0 {
			return f, false
		}
		return constFact(c), true
	}
	// Whether some value of each sign class satisfies v op c: the class
	// of negative values is (-inf, -1], of positive ones [1, inf).
	some := func(class uint8) bool {
		switch class {
		case sZero:
			return holds(0)
		case sNeg:
			switch op {
			case ir.Gt:
				return -1 > c
			case ir.Ge:
				return -1 >= c
			}
			return true // Lt, Le: very negative values; Ne: -1 or -2
		}
		switch op {
		case ir.Lt:
			return 1 < c
		case ir.Le:
			return 1 <= c
		}
		return true
	}
	out := sfact{}
	for _, class := range []uint8{sNeg, sZero, sPos} {
		if f.signs&class != 0 && some(class) {
			out.signs |= class
		}
	}
	switch out.signs {
	case 0:
		return f, false
	case sZero:
		return constFact(0), true
	}
	return out, true
}

// negate is the comparison that holds where op does not.
func negate(op ir.Op) ir.Op {
	switch op {
	case ir.Eq:
		return ir.Ne
	case ir.Ne:
		return ir.Eq
	case ir.Lt:
		return ir.Ge
	case ir.Le:
		return ir.Gt
	case ir.Gt:
		return ir.Le
	}
	return ir.Lt
}

// mirror is the comparison c op' v for v op c.
func mirror(op ir.Op) ir.Op {
	switch op {
	case ir.Lt:
		return ir.Gt
	case ir.Le:
		return ir.Ge
	case ir.Gt:
		return ir.Lt
	case ir.Ge:
		return ir.Le
	}
	return op
}

// trackedKind returns the kind of a signed integer type of at least int's
// rank (int, long, long long), whose values hold every constant the facts
// use.
func trackedKind(t ir.Type) (ir.Kind, bool) {
	b, ok := t.(*ir.Basic)
	if !ok || b.Kind != ir.Int && b.Kind != ir.Long && b.Kind != ir.LongLong {
		return 0, false
	}
	return b.Kind, true
}

// fnInfo is what the count analysis tracks in one function: integer
// variables (parameters and locals of a tracked kind, never addressed,
// written only where the flow follows) that conditions test, assumptions
// name, returns give, or that flow into those.
type fnInfo struct {
	vars []*ir.Var
	idx  map[*ir.Var]int
	// params holds, for each parameter, its index in vars or -1.
	params     []int
	retTracked bool
	stmts      map[ir.Stmt]*stmtInfo
}

// maxCountVars bounds the tracked variables of a function.
const maxCountVars = 8

func (c *counter) fn(f *ir.Function) *fnInfo {
	if fi := c.info[f]; fi != nil {
		return fi
	}
	fi := &fnInfo{idx: map[*ir.Var]int{}, stmts: map[ir.Stmt]*stmtInfo{}}
	c.info[f] = fi
	if f.Type != nil {
		_, fi.retTracked = trackedKind(f.Type.Result)
	}
	candidate := map[*ir.Var]bool{}
	var order []*ir.Var
	for _, p := range f.Params {
		if _, ok := trackedKind(p.Type); ok && !p.Volatile {
			candidate[p] = true
			order = append(order, p)
		}
	}
	ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
		if d, ok := n.(*ir.DeclStmt); ok {
			v := d.Var
			if _, ok := trackedKind(v.Type); ok && v.Class == ir.Local && !v.Static && !v.Volatile && !v.Atomic && !candidate[v] {
				candidate[v] = true
				order = append(order, v)
			}
		}
		return true
	})
	// Addressed variables, and those written where the flow does not
	// transfer, are not tracked.
	hide := func(e ir.Expr) {
		if e == nil {
			return
		}
		ir.Inspect(e, func(n any) bool {
			if w := ir.Modified(n); w != nil {
				delete(candidate, w)
			}
			return true
		})
	}
	ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
		switch x := n.(type) {
		case *ir.Unary:
			if x.Op == ir.Addr {
				if v := ir.DirectVar(x.X); v != nil {
					delete(candidate, v)
				}
			}
		case *ir.If:
			hide(x.Cond)
		case *ir.Loop:
			hide(x.Cond)
			hide(x.Post)
		case *ir.Return:
			hide(x.X)
		}
		return true
	})
	want := map[*ir.Var]bool{}
	mark := func(e ir.Expr) {
		ir.Inspect(e, func(n any) bool {
			if id, ok := n.(*ir.Ident); ok && candidate[id.Var] {
				want[id.Var] = true
			}
			return true
		})
	}
	ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
		switch x := n.(type) {
		case *ir.If:
			mark(x.Cond)
		case *ir.Loop:
			if x.Cond != nil {
				mark(x.Cond)
			}
		case *ir.Return:
			if x.X != nil && fi.retTracked {
				mark(x.X)
			}
		case *ir.ExprStmt:
			if call := topCall(x); call != nil {
				if g := ir.CalledFunc(call); g != nil {
					if cond, ok := c.assumes(g, call); ok {
						mark(cond)
					}
				}
			}
		}
		return true
	})
	// What flows into a wanted variable: copies, and the arguments of a
	// call whose value it gets.
	for changed := true; changed; {
		changed = false
		ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
			s, ok := n.(ir.Stmt)
			if !ok {
				return true
			}
			v, e := ir.VarAssign(s)
			if v == nil || !want[v] {
				return true
			}
			var from []ir.Expr
			switch x := ir.Uncast(e).(type) {
			case *ir.Ident:
				from = append(from, x)
			case *ir.Call:
				for _, a := range x.Args {
					if id, ok := ir.Uncast(a).(*ir.Ident); ok {
						from = append(from, id)
					}
				}
			}
			for _, x := range from {
				if id := x.(*ir.Ident); candidate[id.Var] && !want[id.Var] {
					want[id.Var] = true
					changed = true
				}
			}
			return true
		})
	}
	for _, v := range order {
		if want[v] && candidate[v] && len(fi.vars) < maxCountVars {
			fi.idx[v] = len(fi.vars)
			fi.vars = append(fi.vars, v)
		}
	}
	for _, p := range f.Params {
		i, ok := fi.idx[p]
		if !ok {
			i = -1
		}
		fi.params = append(fi.params, i)
	}
	return fi
}

// stmtInfo is what the count analysis reads of a statement: the tracked
// variable it assigns (ai, -1 for none: assigned = rhs), and the tracked
// variables it otherwise writes or declares (lost).
type stmtInfo struct {
	assigned *ir.Var
	rhs      ir.Expr
	ai       int
	lost     []int
}

func (fi *fnInfo) stmt(s ir.Stmt) *stmtInfo {
	if si := fi.stmts[s]; si != nil {
		return si
	}
	si := &stmtInfo{ai: -1}
	si.assigned, si.rhs = ir.VarAssign(s)
	if i, ok := fi.idx[si.assigned]; ok && si.assigned != nil {
		si.ai = i
	}
	lost := map[int]bool{}
	ir.Inspect(s, func(n any) bool {
		if w := ir.Modified(n); w != nil {
			if i, ok := fi.idx[w]; ok && i != si.ai {
				lost[i] = true
			}
		}
		return true
	})
	if d, ok := s.(*ir.DeclStmt); ok && si.ai < 0 {
		if i, ok := fi.idx[d.Var]; ok {
			lost[i] = true
		}
	}
	for i := range fi.vars {
		if lost[i] {
			si.lost = append(si.lost, i)
		}
	}
	fi.stmts[s] = si
	return si
}

// sameKind reports whether v holds every value call may return (both of
// tracked kinds, v's of at least the call's rank).
func (fi *fnInfo) sameKind(v *ir.Var, call *ir.Call) bool {
	vk, ok := trackedKind(v.Type)
	ck, ok2 := trackedKind(call.Type())
	return ok && ok2 && vk >= ck
}

// eval is what facts tell of e's value converted to type t.
func (fi *fnInfo) eval(e ir.Expr, facts []sfact, t ir.Type) sfact {
	tk, ok := trackedKind(t)
	if !ok {
		return unknownFact
	}
	switch x := e.(type) {
	case *ir.IntLit:
		if k, ok := trackedKind(x.T); ok && k <= tk {
			v := int64(x.Val)
			if v >= -1<<31 && v < 1<<31 {
				return constFact(v)
			}
		}
	case *ir.Unary:
		if x.Op == ir.Neg {
			if lit, ok := x.X.(*ir.IntLit); ok {
				if k, ok := trackedKind(x.T); ok && k <= tk {
					if v := int64(lit.Val); v >= 0 && v < 1<<31 {
						return constFact(-v)
					}
				}
			}
		}
	case *ir.Cast:
		if k, ok := trackedKind(x.T); ok && k <= tk {
			if k2, ok := trackedKind(x.X.Type()); ok && k2 <= k {
				return fi.eval(x.X, facts, x.T)
			}
		}
	case *ir.Ident:
		if i, ok := fi.idx[x.Var]; ok {
			if k, ok := trackedKind(x.Var.Type); ok && k <= tk {
				return facts[i]
			}
		}
	}
	return unknownFact
}

// tracked returns the index of the tracked variable e names (through
// casts that keep its value), or -1.
func (fi *fnInfo) tracked(e ir.Expr) int {
	for {
		c, ok := e.(*ir.Cast)
		if !ok {
			break
		}
		k, ok := trackedKind(c.T)
		k2, ok2 := trackedKind(c.X.Type())
		if !ok || !ok2 || k2 > k {
			return -1
		}
		e = c.X
	}
	if id, ok := e.(*ir.Ident); ok {
		if i, ok := fi.idx[id.Var]; ok {
			return i
		}
	}
	return -1
}

// refine returns the facts on the branch where cond is true (taken) or
// false, and whether that branch is feasible.
func (fi *fnInfo) refine(cond ir.Expr, facts []sfact, taken bool) ([]sfact, bool) {
	i, op, c := -1, ir.Op(0), int64(0)
	switch x := cond.(type) {
	case *ir.Unary:
		if x.Op == ir.Not {
			return fi.refine(x.X, facts, !taken)
		}
	case *ir.Binary:
		switch x.Op {
		case ir.Eq, ir.Ne, ir.Lt, ir.Le, ir.Gt, ir.Ge:
			if j := fi.tracked(x.X); j >= 0 {
				if f := fi.eval(x.Y, facts, fi.vars[j].Type); f.exact {
					if k, ok := trackedKind(x.X.Type()); ok && sameOperands(x, k) {
						i, op, c = j, x.Op, f.c
					}
				}
			} else if j := fi.tracked(x.Y); j >= 0 {
				if f := fi.eval(x.X, facts, fi.vars[j].Type); f.exact {
					if k, ok := trackedKind(x.Y.Type()); ok && sameOperands(x, k) {
						i, op, c = j, mirror(x.Op), f.c
					}
				}
			}
		}
	default:
		if j := fi.tracked(cond); j >= 0 {
			i, op, c = j, ir.Ne, 0
		}
	}
	if i < 0 {
		return facts, true
	}
	if !taken {
		op = negate(op)
	}
	f, ok := facts[i].compare(op, c)
	if !ok {
		return nil, false
	}
	if f == facts[i] {
		return facts, true
	}
	out := append([]sfact(nil), facts...)
	out[i] = f
	return out, true
}

// sameOperands reports whether both operands of the comparison x have the
// tracked kind k (compared as signed values of that kind).
func sameOperands(x *ir.Binary, k ir.Kind) bool {
	k1, ok1 := trackedKind(x.X.Type())
	k2, ok2 := trackedKind(x.Y.Type())
	return ok1 && ok2 && k1 == k && k2 == k
}
