package bound

import "github.com/ladr-dev/ladr/translate/ir"

// UnrunFunc is the intrinsic that ends a cut thread-creation loop:
// unrun(c) means "when c holds, the remaining iterations create threads
// that never run". Unlike LoopBoundFunc it does not cut the behaviours
// beyond the bound: the program goes on after the loop as if the later
// threads had been created and never scheduled, which is one of the
// program's real schedules. The sequentialization sets a flag that makes
// every later pthread_join block (such a thread would have to finish
// first), or asserts !c when the bounds must be proved sufficient.
const UnrunFunc = "__ladr_unrun"

// spawnLoop reports whether a loop only creates threads whose identifiers
// are used for nothing but joining, so that leaving it early, with the
// threads of the iterations left out never scheduled, is a behaviour of the
// original program:
//
//	for (i = c0; cond(i); i = step(i)) pthread_create(&t[e], attr, f, arg);
//
// Either the counter i is not used after the loop, or the loop is
// "i op C" with op <, <=, >, >= (or !=), C a constant and a step of +1 or -1,
// so that the iterations left out end with i at a known final value, which
// is returned (the real program may run them with no other thread
// scheduled: that is one of its schedules, even when i is shared). cond,
// step and the arguments change nothing else; t is a local array (or variable) of fn whose every
// other use is as the identifier argument of pthread_create (&t[e]) or
// pthread_join (t[e]), so that the identifiers the skipped iterations would
// have stored are never read except by a join, which the sequentialization
// blocks.
func spawnLoop(fn *ir.Function, prev ir.Stmt, l *ir.Loop) (bool, ir.Expr) {
	if fn == nil || l.Kind != ir.For || l.Cond == nil || l.Post == nil || ir.HasEffects(l.Cond) {
		return false, nil
	}
	ctr, ok := postVar(l.Post)
	if !ok {
		return false, nil
	}
	switch x := l.Post.(type) {
	case *ir.Unary:
		if x.Op != ir.PreInc && x.Op != ir.PostInc && x.Op != ir.PreDec && x.Op != ir.PostDec {
			return false, nil
		}
	case *ir.Assign:
		if ir.HasEffects(x.R) {
			return false, nil
		}
	}
	body := flatten(l.Body)
	if len(body) != 1 {
		return false, nil
	}
	c, lhs := CallOf(body[0])
	if c == nil || lhs != nil || calleeName(c) != "pthread_create" || len(c.Args) != 4 {
		return false, nil
	}
	for _, a := range c.Args {
		if ir.HasEffects(a) {
			return false, nil
		}
	}
	ids := idVar(c.Args[0], true)
	if ids == nil || ids.Class != ir.Local || ids.Static || ids == ctr {
		return false, nil
	}
	final := finalValue(l, ctr)
	// The counter: referenced only by the loop and its initialization
	// (a statement of the function as it stands, not an unwound copy).
	switch prev.(type) {
	case *ir.DeclStmt, *ir.ExprStmt:
	default:
		prev = nil
	}
	if final == nil && (ctr.IsStaticStorage() || refs(fn.Body, ctr) != refs(l, ctr)+refs(prev, ctr)) {
		return false, nil
	}
	// The identifiers: only created and joined.
	allowed := 0
	ir.Inspect(ir.Stmt(fn.Body), func(n any) bool {
		if c, ok := n.(*ir.Call); ok && len(c.Args) > 0 {
			switch calleeName(c) {
			case "pthread_create":
				if idVar(c.Args[0], true) == ids && refs(c.Args[0], ids) == 1 {
					allowed++
				}
			case "pthread_join":
				if idVar(c.Args[0], false) == ids && refs(c.Args[0], ids) == 1 {
					allowed++
				}
			}
		}
		return true
	})
	if refs(fn.Body, ids) != allowed {
		return false, nil
	}
	return true, final
}

// finalValue returns the value the counter v of loop l has when the loop
// ends, run from any value for which its condition holds: for "v < C" and
// "v != C" stepping by +1, C; "v <= C", C+1; "v > C" and "v != C" stepping
// by -1, C; "v >= C", C-1. Nil otherwise.
func finalValue(l *ir.Loop, v *ir.Var) ir.Expr {
	cmp, ok := l.Cond.(*ir.Binary)
	if !ok || !ir.IsInteger(v.Type) {
		return nil
	}
	cv, op, limit := counter(cmp)
	if cv != v {
		return nil
	}
	step, ok := stepOf(l.Post, v)
	if !ok {
		return nil
	}
	var final int64
	switch {
	case step == 1 && (op == ir.Lt || op == ir.Ne):
		final = limit
	case step == 1 && op == ir.Le:
		final = limit + 1
	case step == -1 && (op == ir.Gt || op == ir.Ne):
		final = limit
	case step == -1 && op == ir.Ge:
		final = limit - 1
	default:
		return nil
	}
	// The comparison must be one of mathematical integers, and the final
	// value representable.
	if !inRange(final, final, v.Type, cmp.X.Type(), cmp.Y.Type()) || !inRange(limit, limit, v.Type, cmp.X.Type(), cmp.Y.Type()) {
		return nil
	}
	return ir.Lit(final, v.Type)
}

// idVar returns t for a thread identifier argument &t or &t[e] (addr) or
// t or t[e] (!addr), else nil.
func idVar(e ir.Expr, addr bool) *ir.Var {
	if addr {
		u, ok := e.(*ir.Unary)
		if !ok || u.Op != ir.Addr {
			return nil
		}
		e = u.X
	}
	if ix, ok := e.(*ir.Index); ok {
		e = ix.X
	}
	if id, ok := e.(*ir.Ident); ok {
		return id.Var
	}
	return nil
}

// refs counts the references to v in n (a statement or an expression).
func refs(n any, v *ir.Var) int {
	k := 0
	if n == nil {
		return 0
	}
	ir.Inspect(n, func(m any) bool {
		if id, ok := m.(*ir.Ident); ok && id.Var == v {
			k++
		}
		return true
	})
	return k
}

// flatten returns the statements of b with nested plain blocks opened.
func flatten(b *ir.Block) []ir.Stmt {
	var out []ir.Stmt
	for _, s := range b.List {
		if inner, ok := s.(*ir.Block); ok {
			out = append(out, flatten(inner)...)
			continue
		}
		out = append(out, s)
	}
	return out
}
