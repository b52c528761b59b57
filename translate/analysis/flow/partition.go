package flow

import (
	"sort"
	"strconv"
	"strings"

	"github.com/ladr-dev/ladr/translate/ir"
)

// Path correlation. A state of a dataflow analysis is the join of every
// path that reaches a statement, which loses what the paths agree on:
// after
//
//	if (i) lock(&m); ...; if (i) x++;
//
// the lock is held on some paths only, yet x++ is reached only on those.
// ForwardPartitioned keeps the states of paths apart by what they know of
// a few local integer variables (the tracked ones: == c, != 0, or
// nothing), and joins a statement's partitions only when a client reads
// the result. A partition whose facts contradict a branch condition is
// dropped on that branch.

// MaxPartitions bounds the partitions of a state; beyond it they are joined
// into one that knows nothing of the tracked variables.
const MaxPartitions = 16

// MaxTracked bounds the tracked variables of a body.
const MaxTracked = 8

// factKind is what a path knows of a tracked variable.
type factKind uint8

const (
	unknown factKind = iota
	equals           // == c
	nonZero          // != 0
)

type fact struct {
	kind factKind
	c    int64
}

// partitioned is a state split by facts: the key encodes the facts.
type partitioned[S any] map[string]part[S]

type part[S any] struct {
	facts []fact
	s     S
}

func factsKey(fs []fact) string {
	var b strings.Builder
	for _, f := range fs {
		switch f.kind {
		case unknown:
			b.WriteString("?,")
		case nonZero:
			b.WriteString("!0,")
		default:
			b.WriteString(strconv.FormatInt(f.c, 10))
			b.WriteByte(',')
		}
	}
	return b.String()
}

// ForwardPartitioned is Forward with the states of paths kept apart by
// what they know of the variables vars (see TrackedVars). The result's
// states are the joins of a statement's partitions.
func ForwardPartitioned[S any](body *ir.Block, entry S, l Lattice[S], vars []*ir.Var) (Result[S], bool) {
	if len(vars) == 0 {
		return Forward(body, entry, l)
	}
	idx := map[*ir.Var]int{}
	for i, v := range vars {
		idx[v] = i
	}
	pl := &partLattice[S]{l: l, idx: idx, n: len(vars)}
	start := partitioned[S]{}
	pl.add(start, make([]fact, len(vars)), entry)
	res, ok := Forward(body, start, pl.lattice())
	if !ok {
		return Result[S]{}, false
	}
	out := Result[S]{In: make(map[ir.Stmt]S, len(res.In)), Exit: pl.collapse(res.Exit)}
	for s, p := range res.In {
		out.In[s] = pl.collapse(p)
	}
	return out, true
}

type partLattice[S any] struct {
	l   Lattice[S]
	idx map[*ir.Var]int
	n   int
}

func (pl *partLattice[S]) lattice() Lattice[partitioned[S]] {
	out := Lattice[partitioned[S]]{
		Bottom:   partitioned[S]{},
		Join:     pl.join,
		Equal:    pl.equal,
		Transfer: pl.transfer,
		Exit:     pl.l.Exit,
		Branch:   pl.branch,
		Widen: func(old, nw partitioned[S]) partitioned[S] {
			// Forget the facts: one partition, which only grows.
			out := partitioned[S]{}
			pl.add(out, make([]fact, pl.n), pl.l.Join(pl.collapse(old), pl.collapse(nw)))
			return out
		},
	}
	if pl.l.AfterLoop != nil {
		out.AfterLoop = func(lp *ir.Loop, in partitioned[S]) partitioned[S] {
			res := partitioned[S]{}
			for _, p := range in {
				pl.add(res, p.facts, pl.l.AfterLoop(lp, p.s))
			}
			return pl.limit(res)
		}
	}
	return out
}

func (pl *partLattice[S]) bottom(s S) bool { return pl.l.Equal(s, pl.l.Bottom) }

// add joins state s with facts fs into m (unreachable states are dropped).
func (pl *partLattice[S]) add(m partitioned[S], fs []fact, s S) {
	if pl.bottom(s) {
		return
	}
	k := factsKey(fs)
	if old, ok := m[k]; ok {
		m[k] = part[S]{facts: old.facts, s: pl.l.Join(old.s, s)}
		return
	}
	m[k] = part[S]{facts: fs, s: s}
}

// limit joins the partitions into one without facts when they are too
// many.
func (pl *partLattice[S]) limit(m partitioned[S]) partitioned[S] {
	if len(m) <= MaxPartitions {
		return m
	}
	out := partitioned[S]{}
	pl.add(out, make([]fact, pl.n), pl.collapse(m))
	return out
}

// collapse joins the partitions, in a fixed order.
func (pl *partLattice[S]) collapse(m partitioned[S]) S {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	s := pl.l.Bottom
	for _, k := range keys {
		s = pl.l.Join(s, m[k].s)
	}
	return s
}

func (pl *partLattice[S]) join(a, b partitioned[S]) partitioned[S] {
	if len(a) == 0 {
		return b
	}
	if len(b) == 0 {
		return a
	}
	out := partitioned[S]{}
	for _, p := range a {
		pl.add(out, p.facts, p.s)
	}
	for _, p := range b {
		pl.add(out, p.facts, p.s)
	}
	return pl.limit(out)
}

func (pl *partLattice[S]) equal(a, b partitioned[S]) bool {
	if len(a) != len(b) {
		return false
	}
	for k, p := range a {
		q, ok := b[k]
		if !ok || !pl.l.Equal(p.s, q.s) {
			return false
		}
	}
	return true
}

func (pl *partLattice[S]) transfer(s ir.Stmt, in partitioned[S]) partitioned[S] {
	out := partitioned[S]{}
	for _, p := range in {
		pl.add(out, pl.update(s, p.facts), pl.l.Transfer(s, p.s))
	}
	return pl.limit(out)
}

// update returns the facts after statement s.
func (pl *partLattice[S]) update(s ir.Stmt, fs []fact) []fact {
	var out []fact
	set := func(i int, f fact) {
		if out == nil {
			out = append([]fact(nil), fs...)
		}
		out[i] = f
	}
	v, e := ir.VarAssign(s)
	if i, ok := pl.idx[v]; ok && v != nil {
		f := fact{}
		if c, ok := intConst(e); ok {
			f = fact{kind: equals, c: c}
		} else if id, ok := e.(*ir.Ident); ok {
			if j, ok := pl.idx[id.Var]; ok {
				f = fs[j]
			}
		}
		set(i, f)
	} else if d, ok := s.(*ir.DeclStmt); ok {
		if i, ok := pl.idx[d.Var]; ok {
			set(i, fact{}) // uninitialized or a list
		}
	}
	// Any other write of a tracked variable (x += 1, x++, inside a
	// larger expression) loses what is known of it.
	ir.Inspect(s, func(n any) bool {
		if w := ir.Modified(n); w != nil {
			if i, ok := pl.idx[w]; ok && !(w == v && isTopAssign(s)) {
				set(i, fact{})
			}
		}
		return true
	})
	if out == nil {
		return fs
	}
	return out
}

// isTopAssign reports whether s is a plain assignment (its effect on the
// assigned variable is what update computed).
func isTopAssign(s ir.Stmt) bool {
	es, ok := s.(*ir.ExprStmt)
	if !ok {
		return false
	}
	a, ok := es.X.(*ir.Assign)
	if !ok || a.Op != ir.OpNone {
		return false
	}
	// The right side must not write the variable itself (v = v++ ...).
	v := ir.DirectVar(a.L)
	return !ir.Writes(a.R, v)
}

func (pl *partLattice[S]) branch(cond ir.Expr, in partitioned[S], taken bool) partitioned[S] {
	out := partitioned[S]{}
	t, ok := pl.test(cond)
	for _, p := range in {
		fs := p.facts
		if ok {
			var feasible bool
			fs, feasible = t.refine(fs, taken)
			if !feasible {
				continue
			}
		}
		s := p.s
		if pl.l.Branch != nil {
			s = pl.l.Branch(cond, s, taken)
		}
		pl.add(out, fs, s)
	}
	return pl.limit(out)
}

// test is a recognized condition: variable i compared with c (eq: ==,
// else !=).
type test struct {
	i  int
	c  int64
	eq bool
}

// test recognizes v, !v, v == c, v != c, c == v, c != v (v tracked).
func (pl *partLattice[S]) test(e ir.Expr) (test, bool) {
	switch x := e.(type) {
	case *ir.Ident:
		if i, ok := pl.idx[x.Var]; ok {
			return test{i: i, c: 0, eq: false}, true
		}
	case *ir.Cast:
		if trackedType(x.T) {
			return pl.test(x.X)
		}
	case *ir.Unary:
		if x.Op == ir.Not {
			if t, ok := pl.test(x.X); ok && t.c == 0 && !t.eq {
				return test{i: t.i, c: 0, eq: true}, true
			}
		}
	case *ir.Binary:
		if x.Op != ir.Eq && x.Op != ir.Ne {
			break
		}
		l, r := x.X, x.Y
		if _, ok := intConst(l); ok {
			l, r = r, l
		}
		id, ok := uncastTracked(l).(*ir.Ident)
		if !ok {
			break
		}
		i, ok := pl.idx[id.Var]
		if !ok {
			break
		}
		c, ok := intConst(r)
		if !ok {
			break
		}
		return test{i: i, c: c, eq: x.Op == ir.Eq}, true
	}
	return test{}, false
}

// refine returns the facts on the branch where the test is taken or not,
// and whether that branch is feasible with the facts.
func (t test) refine(fs []fact, taken bool) ([]fact, bool) {
	eq := t.eq == taken // the branch knows v == c (else v != c)
	f := fs[t.i]
	var nf fact
	switch {
	case eq:
		if f.kind == equals && f.c != t.c || f.kind == nonZero && t.c == 0 {
			return nil, false
		}
		nf = fact{kind: equals, c: t.c}
	default:
		if f.kind == equals && f.c == t.c {
			return nil, false
		}
		nf = f
		if f.kind == unknown && t.c == 0 {
			nf = fact{kind: nonZero}
		}
	}
	if nf == f {
		return fs, true
	}
	out := append([]fact(nil), fs...)
	out[t.i] = nf
	return out, true
}

// trackedType reports whether t is a signed integer type of at least 32
// bits (int, long, long long), whose values hold every constant the
// facts use.
func trackedType(t ir.Type) bool {
	b, ok := t.(*ir.Basic)
	return ok && (b.Kind == ir.Int || b.Kind == ir.Long || b.Kind == ir.LongLong)
}

// uncastTracked removes the casts to tracked types (which keep the value
// of a tracked variable).
func uncastTracked(e ir.Expr) ir.Expr {
	for {
		c, ok := e.(*ir.Cast)
		if !ok || !trackedType(c.T) {
			return e
		}
		e = c.X
	}
}

// intConst returns the value of an integer constant expression of a
// tracked type between -2^31 and 2^31-1 (a literal, possibly negated or
// cast to a tracked type).
func intConst(e ir.Expr) (int64, bool) {
	switch x := e.(type) {
	case *ir.IntLit:
		if !trackedType(x.T) {
			return 0, false
		}
		v := int64(x.Val)
		if v < -1<<31 || v >= 1<<31 {
			return 0, false
		}
		return v, true
	case *ir.Cast:
		if trackedType(x.T) {
			return intConst(x.X)
		}
	case *ir.Unary:
		if x.Op == ir.Neg && trackedType(x.T) {
			if v, ok := intConst(x.X); ok && v != -1<<31 {
				return -v, true
			}
		}
	}
	return 0, false
}

// TrackedVars returns the variables worth tracking in body: local
// variables of a tracked type, never addressed, that a branch condition
// tests against a constant (v, !v, v == c, v != c), and the tracked-type
// locals copied into them (v = w), at most MaxTracked, in declaration
// order.
func TrackedVars(body *ir.Block) []*ir.Var {
	decl := map[*ir.Var]int{}
	addressed := map[*ir.Var]bool{}
	var order []*ir.Var
	ir.Inspect(ir.Stmt(body), func(n any) bool {
		switch x := n.(type) {
		case *ir.DeclStmt:
			if x.Var.Class == ir.Local && !x.Var.Static && !x.Var.Volatile && !x.Var.Atomic && trackedType(x.Var.Type) {
				if _, ok := decl[x.Var]; !ok {
					decl[x.Var] = len(order)
					order = append(order, x.Var)
				}
			}
		case *ir.Unary:
			if x.Op == ir.Addr {
				if v := ir.DirectVar(x.X); v != nil {
					addressed[v] = true
				}
			}
		}
		return true
	})
	// A variable written where the engine does not transfer (a
	// condition, a loop's post expression) cannot be followed.
	hidden := map[*ir.Var]bool{}
	hide := func(e ir.Expr) {
		if e == nil {
			return
		}
		ir.Inspect(e, func(n any) bool {
			if w := ir.Modified(n); w != nil {
				hidden[w] = true
			}
			return true
		})
	}
	ir.Inspect(ir.Stmt(body), func(n any) bool {
		switch x := n.(type) {
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
	ok := func(v *ir.Var) bool { _, d := decl[v]; return d && !addressed[v] && !hidden[v] }
	want := map[*ir.Var]bool{}
	probe := &partLattice[struct{}]{idx: map[*ir.Var]int{}}
	for _, v := range order {
		if ok(v) {
			probe.idx[v] = 0
		}
	}
	var conds []ir.Expr
	ir.Inspect(ir.Stmt(body), func(n any) bool {
		switch x := n.(type) {
		case *ir.If:
			conds = append(conds, x.Cond)
		case *ir.Loop:
			if x.Cond != nil {
				conds = append(conds, x.Cond)
			}
		}
		return true
	})
	for _, c := range conds {
		if _, isTest := probe.test(c); isTest {
			for _, v := range condVars(c) {
				if ok(v) {
					want[v] = true
				}
			}
		}
	}
	// Copies into wanted variables, to a fixpoint.
	for changed := true; changed; {
		changed = false
		ir.Inspect(ir.Stmt(body), func(n any) bool {
			s, isStmt := n.(ir.Stmt)
			if !isStmt {
				return true
			}
			v, e := ir.VarAssign(s)
			if v == nil || !want[v] {
				return true
			}
			if id, isID := e.(*ir.Ident); isID && ok(id.Var) && !want[id.Var] {
				want[id.Var] = true
				changed = true
			}
			return true
		})
	}
	var out []*ir.Var
	for _, v := range order {
		if want[v] && len(out) < MaxTracked {
			out = append(out, v)
		}
	}
	return out
}

// condVars returns the variables a condition names directly.
func condVars(e ir.Expr) []*ir.Var {
	var out []*ir.Var
	ir.Inspect(e, func(n any) bool {
		if id, ok := n.(*ir.Ident); ok {
			out = append(out, id.Var)
		}
		return true
	})
	return out
}
