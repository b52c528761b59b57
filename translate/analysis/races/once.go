package races

import (
	"fmt"
	"sort"

	"github.com/ladr-dev/ladr/translate/analysis/flow"
	"github.com/ladr-dev/ladr/translate/ir"
)

// One-time initialization under a lock.
//
//	lock(&l);
//	switch (state) {            // state: a global, initially 0
//	case 0: init(); state = 1;  // A: in a critical section that read 0
//	case 1: unlock(&l); use();  // B: after reading (or writing) non-0
//	}
//
// When every access of a global flag G holds one lock L and every write of
// G stores a constant other than G's initial value c0, G never returns to
// c0 once changed. An access A made in a critical section of L that read
// G == c0 (and no call since the read) then happens before any access B of
// another thread that, earlier in its own run, read G != c0 or wrote G
// under L: that thread's critical section comes after A's, since in any
// earlier one G was still c0 (a later one cannot read c0 again).

// onceFlag is a global flag G with its lock and initial value.
type onceFlag struct {
	g    *ir.Var
	lock string
	c0   int64
}

// onceFacts are, for the statements of a routine, the flags whose
// one-time initialization the statement is part of (init) and those the
// routine's thread has surely seen done before it (seen), as sets of flag
// indices.
type onceFacts struct {
	init, seen map[ir.Stmt]uint64
}

// findOnceFlags returns the flags of the program (at most 64).
func findOnceFlags(prog *ir.Program, entries []*ir.Function, held func(*ir.Function, ir.Stmt) []string) []onceFlag {
	type info struct {
		bad   bool
		locks []string
		any   bool
	}
	infos := map[*ir.Var]*info{}
	get := func(v *ir.Var) *info {
		in, ok := infos[v]
		if !ok {
			in = &info{}
			if !ir.IsInteger(v.Type) || v.Volatile || v.Atomic || v.ThreadLocal || v.Extern {
				in.bad = true
			}
			infos[v] = in
		}
		return in
	}
	for _, g := range prog.Globals {
		if g.Init != nil {
			ir.Inspect(g.Init, func(n any) bool {
				if u, ok := n.(*ir.Unary); ok && u.Op == ir.Addr {
					if v := ir.DirectVar(u.X); v != nil && v.Class == ir.Global {
						get(v).bad = true
					}
				}
				return true
			})
		}
	}
	for _, f := range entries {
		ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
			s, ok := n.(ir.Stmt)
			if !ok {
				return false
			}
			// The expressions the statement evaluates itself.
			var exprs []any
			switch x := s.(type) {
			case *ir.ExprStmt, *ir.DeclStmt, *ir.Return:
				exprs = []any{x}
			case *ir.If:
				exprs = []any{x.Cond}
			case *ir.Loop:
				exprs = []any{x.Cond, x.Post}
			default:
				return true
			}
			hs := held(f, s)
			assigned, value := ir.VarAssign(s)
			for _, e := range exprs {
				if e == nil || e == ir.Expr(nil) {
					continue
				}
				ir.Inspect(e, func(m any) bool {
					if u, ok := m.(*ir.Unary); ok && u.Op == ir.Addr {
						if v := ir.DirectVar(u.X); v != nil && v.Class == ir.Global {
							get(v).bad = true
						}
					}
					if w := ir.Modified(m); w != nil && w.Class == ir.Global {
						if _, ok := constValue(value); w != assigned || !ok {
							get(w).bad = true
						}
					}
					id, ok := m.(*ir.Ident)
					if !ok || id.Var.Class != ir.Global {
						return true
					}
					in := get(id.Var)
					if !in.any {
						in.any, in.locks = true, append([]string(nil), hs...)
					} else {
						in.locks = common(in.locks, hs)
					}
					return true
				})
			}
			return true
		})
	}
	var out []onceFlag
	for _, g := range prog.Globals {
		in, ok := infos[g]
		if !ok || in.bad || len(in.locks) == 0 || len(out) == 64 {
			continue
		}
		c0, ok := initialValue(g)
		if !ok {
			continue
		}
		// Every write stores a constant other than c0.
		good := true
		for _, f := range entries {
			ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
				if s, ok := n.(ir.Stmt); ok {
					if v, e := ir.VarAssign(s); v == g {
						if c, ok := constValue(e); !ok || c == c0 {
							good = false
						}
					}
				}
				return good
			})
		}
		if !good {
			continue
		}
		locks := append([]string(nil), in.locks...)
		sort.Strings(locks)
		out = append(out, onceFlag{g: g, lock: locks[0], c0: c0})
	}
	return out
}

// initialValue returns the value a global integer starts with.
func initialValue(g *ir.Var) (int64, bool) {
	if g.Init == nil {
		return 0, true
	}
	if g.Init.IsList {
		return 0, false
	}
	return constValue(g.Init.Expr)
}

// onceState is the dataflow state of one routine: the flags whose
// initialization the thread is in (init) and has seen done (seen), and
// the locals holding a flag's value as read under its lock (with whether
// the read was in the current critical section, no call since).
type onceState struct {
	reach      bool
	init, seen uint64
	vals       map[*ir.Var]onceVal
}

type onceVal struct {
	flag int
	cur  bool
}

// onceAnalysis computes the onceFacts of routine f.
func onceAnalysis(f *ir.Function, flags []onceFlag, held func(*ir.Function, ir.Stmt) []string) onceFacts {
	idx := map[*ir.Var]int{}
	for i, fl := range flags {
		idx[fl.g] = i
	}
	holds := func(s ir.Stmt, i int) bool {
		for _, h := range held(f, s) {
			if h == flags[i].lock {
				return true
			}
		}
		return false
	}
	addressed := map[*ir.Var]bool{}
	// The held locks at a condition: those of its If or Loop.
	condStmt := map[ir.Expr]ir.Stmt{}
	ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
		switch x := n.(type) {
		case *ir.Unary:
			if x.Op == ir.Addr {
				if v := ir.DirectVar(x.X); v != nil {
					addressed[v] = true
				}
			}
		case *ir.If:
			condStmt[x.Cond] = x
		case *ir.Loop:
			if x.Cond != nil {
				condStmt[x.Cond] = x
			}
		}
		return true
	})
	clone := func(s onceState) onceState {
		out := onceState{reach: s.reach, init: s.init, seen: s.seen, vals: make(map[*ir.Var]onceVal, len(s.vals))}
		for k, v := range s.vals {
			out.vals[k] = v
		}
		return out
	}
	l := flow.Lattice[onceState]{
		Join: func(a, b onceState) onceState {
			switch {
			case !a.reach:
				return b
			case !b.reach:
				return a
			}
			out := onceState{reach: true, init: a.init & b.init, seen: a.seen & b.seen, vals: map[*ir.Var]onceVal{}}
			for v, x := range a.vals {
				if y, ok := b.vals[v]; ok && x.flag == y.flag {
					out.vals[v] = onceVal{flag: x.flag, cur: x.cur && y.cur}
				}
			}
			return out
		},
		Equal: func(a, b onceState) bool {
			if a.reach != b.reach || a.init != b.init || a.seen != b.seen || len(a.vals) != len(b.vals) {
				return false
			}
			for v, x := range a.vals {
				if y, ok := b.vals[v]; !ok || x != y {
					return false
				}
			}
			return true
		},
		Transfer: func(s ir.Stmt, in onceState) onceState {
			if !in.reach || ends(s) {
				return onceState{}
			}
			out := clone(in)
			call := false
			ir.Inspect(s, func(n any) bool {
				if _, ok := n.(*ir.Call); ok {
					call = true
				}
				if w := ir.Modified(n); w != nil {
					delete(out.vals, w)
				}
				return true
			})
			if d, ok := s.(*ir.DeclStmt); ok {
				delete(out.vals, d.Var)
			}
			if call {
				// A call may release the lock: the critical section may
				// have ended.
				out.init = 0
				for v, x := range out.vals {
					out.vals[v] = onceVal{flag: x.flag}
				}
			}
			v, e := ir.VarAssign(s)
			if v == nil {
				return out
			}
			if i, ok := idx[v]; ok {
				// G = c (c != c0, as every write of a flag): the flag is
				// seen done by its writer.
				if holds(s, i) {
					out.seen |= 1 << i
				}
				return out
			}
			if v.Class != ir.Local || v.Static || addressed[v] || !ir.IsInteger(v.Type) || call {
				return out
			}
			switch x := wideUncast(e).(type) {
			case *ir.Ident:
				if i, ok := idx[x.Var]; ok && holds(s, i) && sameWidth(v.Type, x.Var.Type) {
					out.vals[v] = onceVal{flag: i, cur: true}
				} else if y, ok := in.vals[x.Var]; ok && sameWidth(v.Type, x.Var.Type) {
					out.vals[v] = y
				}
			}
			return out
		},
		Branch: func(cond ir.Expr, in onceState, taken bool) onceState {
			if !in.reach {
				return in
			}
			v, c, eq, ok := constTest(cond)
			if !ok {
				return in
			}
			var i int
			var cur bool
			if j, isFlag := idx[v]; isFlag {
				s, known := condStmt[cond]
				if !known || !holds(s, j) {
					return in
				}
				i, cur = j, true
			} else if x, isVal := in.vals[v]; isVal {
				i, cur = x.flag, x.cur
			} else {
				return in
			}
			out := clone(in)
			knowsEq := eq == taken // the branch knows v == c, else v != c
			switch {
			case knowsEq && c == flags[i].c0:
				if cur {
					out.init |= 1 << i
				}
			case knowsEq || c == flags[i].c0:
				// v == c with c != c0, or v != c0: the flag was set.
				out.seen |= 1 << i
			}
			return out
		},
	}
	res, ok := flow.Forward(f.Body, onceState{reach: true, vals: map[*ir.Var]onceVal{}}, l)
	facts := onceFacts{init: map[ir.Stmt]uint64{}, seen: map[ir.Stmt]uint64{}}
	if !ok {
		return facts
	}
	for s, st := range res.In {
		if !st.reach {
			continue
		}
		// An initialization holds the flag's lock where it accesses.
		for i := range flags {
			if st.init&(1<<i) != 0 && !holds(s, i) {
				st.init &^= 1 << i
			}
		}
		facts.init[s] = st.init
		facts.seen[s] = st.seen
	}
	return facts
}

// sameWidth reports whether a value of type from fits a variable of
// type to unchanged (same or larger rank, both integers).
func sameWidth(to, from ir.Type) bool {
	a, ok1 := to.(*ir.Basic)
	b, ok2 := from.(*ir.Basic)
	return ok1 && ok2 && a.Kind >= b.Kind && a.Kind <= ir.ULongLong && b.Kind >= ir.Bool
}

// onceOrdered reports whether a one-time initialization orders a before
// b, or b before a, and names the flag.
func onceOrdered(a, b *access, flags []onceFlag) (string, bool) {
	if m := a.onceInit & b.onceSeen; m != 0 {
		return onceName(flags, m), true
	}
	if m := b.onceInit & a.onceSeen; m != 0 {
		return onceName(flags, m), true
	}
	return "", false
}

func onceName(flags []onceFlag, m uint64) string {
	for i := range flags {
		if m&(1<<i) != 0 {
			return fmt.Sprintf("flag %s, initially %d, under %s", flags[i].g.Name, flags[i].c0, flags[i].lock)
		}
	}
	return ""
}
