// Package flow is a forward dataflow engine over the structured IR of one
// function body: blocks, ifs, loops of the three kinds, break, continue,
// return and goto (backward jumps included). It computes, for a lattice
// of states given as functions, the state on entry of every statement (the
// state in which an If's or a Loop's condition is evaluated, for them) at
// the fixpoint, and the state at the function's exits.
package flow

import "github.com/ladr-dev/ladr/translate/ir"

// Lattice is a lattice of states S with the transfer function of the
// statements that do something (expression statements and declarations).
type Lattice[S any] struct {
	// Bottom is the state of unreachable code (the identity of Join).
	Bottom S
	// Join merges the states of two paths.
	Join func(a, b S) S
	// Equal reports whether two states are equal (the fixpoint test).
	Equal func(a, b S) bool
	// Transfer returns the state after an *ir.ExprStmt or *ir.DeclStmt
	// that starts in state in. A statement that ends the thread or the
	// program (exit, pthread_exit) returns Bottom; Exits tells the
	// thread's exits apart.
	Transfer func(s ir.Stmt, in S) S
	// Exit, when set, reports whether the statement s (an *ir.ExprStmt)
	// ends the thread: its state on entry is one of the exit states.
	Exit func(s ir.Stmt) bool
	// Branch, when set, refines the state in which a branch on cond is
	// taken (taken true: cond holds) or not.
	Branch func(cond ir.Expr, in S, taken bool) S
	// AfterLoop, when set, transforms the state in which a loop is left
	// (what a whole loop does that no one iteration does).
	AfterLoop func(l *ir.Loop, out S) S
	// Widen, when set, replaces the join at a loop's head once the loop
	// has iterated WidenAfter times without a fixpoint: it returns a state
	// above both, from which the iteration ends (for a lattice whose join
	// alone may not stabilise).
	Widen func(old, new S) S
}

// WidenAfter is the number of iterations of a loop after which
// Lattice.Widen is applied at its head (and the number of rounds over
// backward gotos after which it is applied at their labels).
const WidenAfter = 8

// Result is the fixpoint of a body.
type Result[S any] struct {
	// In holds the state on entry of each statement reached.
	In map[ir.Stmt]S
	// Exit is the join of the states where the body ends: its returns,
	// its end, and the statements Lattice.Exit names.
	Exit S
	// End is the state in which control falls off the body's end (no
	// return statement).
	End S
}

type loopCtx[S any] struct {
	brk, cont S
}

type engine[S any] struct {
	l       Lattice[S]
	in      map[ir.Stmt]S
	labels  map[string]S
	changed bool
	loops   []*loopCtx[S]
	exit    S
	round   int // the outer iteration (over backward gotos)
}

// maxRounds bounds the outer iterations over backward gotos; the lattices
// used are finite and small, so it is never reached in practice, and
// reaching it is reported (ok false) rather than giving a state that is
// not a fixpoint.
const maxRounds = 1000

// Forward computes the fixpoint of body from the state entry. ok is false
// when no fixpoint was found within the iteration bound.
func Forward[S any](body *ir.Block, entry S, l Lattice[S]) (res Result[S], ok bool) {
	e := &engine[S]{l: l, labels: map[string]S{}}
	for round := 0; round < maxRounds; round++ {
		e.round = round
		e.in = map[ir.Stmt]S{}
		e.changed = false
		e.exit = l.Bottom
		out := e.block(body, entry)
		if !e.changed {
			e.exit = l.Join(e.exit, out)
			return Result[S]{In: e.in, Exit: e.exit, End: out}, true
		}
	}
	return Result[S]{}, false
}

func (e *engine[S]) block(b *ir.Block, cur S) S {
	if b == nil {
		return cur
	}
	for _, s := range b.List {
		cur = e.stmt(s, cur)
	}
	return cur
}

// record joins cur into the entry state of s (a statement may be visited
// several times while a loop iterates; the last visit is at the fixpoint,
// and joining keeps earlier visits, which only adds behaviours).
func (e *engine[S]) record(s ir.Stmt, cur S) {
	if old, ok := e.in[s]; ok {
		e.in[s] = e.l.Join(old, cur)
	} else {
		e.in[s] = cur
	}
}

func (e *engine[S]) stmt(s ir.Stmt, cur S) S {
	if lb, ok := s.(*ir.Label); ok {
		if st, ok := e.labels[lb.Name]; ok {
			cur = e.l.Join(cur, st)
		}
	}
	e.record(s, cur)
	switch x := s.(type) {
	case *ir.Block:
		return e.block(x, cur)
	case *ir.If:
		t := e.block(x.Then, e.branch(x.Cond, cur, true))
		f := e.branch(x.Cond, cur, false)
		if x.Else != nil {
			f = e.block(x.Else, f)
		}
		return e.l.Join(t, f)
	case *ir.Loop:
		return e.loop(x, cur)
	case *ir.Break:
		if n := len(e.loops); n > 0 {
			lc := e.loops[n-1]
			lc.brk = e.l.Join(lc.brk, cur)
		}
		return e.l.Bottom
	case *ir.Continue:
		if n := len(e.loops); n > 0 {
			lc := e.loops[n-1]
			lc.cont = e.l.Join(lc.cont, cur)
		}
		return e.l.Bottom
	case *ir.Goto:
		old, ok := e.labels[x.Label]
		nw := cur
		if ok {
			nw = e.l.Join(old, cur)
			if e.round >= WidenAfter && e.l.Widen != nil {
				nw = e.l.Widen(old, nw)
			}
		}
		if !ok || !e.l.Equal(old, nw) {
			e.labels[x.Label] = nw
			e.changed = true
		}
		return e.l.Bottom
	case *ir.Return:
		e.exit = e.l.Join(e.exit, cur)
		return e.l.Bottom
	case *ir.ExprStmt:
		if e.l.Exit != nil && e.l.Exit(x) {
			e.exit = e.l.Join(e.exit, cur)
		}
		return e.l.Transfer(x, cur)
	case *ir.DeclStmt:
		return e.l.Transfer(x, cur)
	}
	// Labels and statements without effect.
	return cur
}

// branch refines a state by a condition (nil: none, always taken).
func (e *engine[S]) branch(cond ir.Expr, in S, taken bool) S {
	if lit, ok := ir.Uncast(cond).(*ir.IntLit); ok && cond != nil && ir.IsInteger(cond.Type()) && ir.IsInteger(lit.Type()) {
		// A constant condition (while (1)): one branch is never taken.
		if (lit.Val != 0) != taken && !narrows(cond, lit) {
			return e.l.Bottom
		}
	}
	if e.l.Branch == nil || cond == nil {
		return in
	}
	return e.l.Branch(cond, in, taken)
}

// loop iterates a loop until the state at its head is stable. The
// condition and the post statement are evaluated in the head's state
// (they hold no statement that changes a state: calls that matter are
// statements of their own).
func (e *engine[S]) loop(x *ir.Loop, in S) S {
	head := in
	for iter := 1; ; iter++ {
		lc := &loopCtx[S]{brk: e.l.Bottom, cont: e.l.Bottom}
		e.loops = append(e.loops, lc)
		e.record(x, head)
		entry := head
		if x.Kind != ir.DoWhile {
			entry = e.branch(x.Cond, head, true)
		}
		out := e.block(x.Body, entry)
		e.loops = e.loops[:len(e.loops)-1]
		back := e.l.Join(out, lc.cont)
		next := e.l.Join(in, back)
		if iter >= WidenAfter && e.l.Widen != nil {
			next = e.l.Widen(head, next)
		}
		if e.l.Equal(next, head) {
			// Leaving: the condition fails at the head (or, for a
			// do-while, after the body), or a break.
			exit := lc.brk
			switch {
			case x.Cond == nil:
				// for (;;) and while (1): left by a break only.
			case x.Kind == ir.DoWhile:
				exit = e.l.Join(exit, e.branch(x.Cond, back, false))
			default:
				exit = e.l.Join(exit, e.branch(x.Cond, head, false))
			}
			if e.l.AfterLoop != nil {
				exit = e.l.AfterLoop(x, exit)
			}
			return exit
		}
		head = next
	}
}

// narrows reports whether the casts from lit to cond may change a
// non-zero value into zero: a conversion to a type narrower than int other
// than _Bool, or a literal that an int cannot hold.
func narrows(cond ir.Expr, lit *ir.IntLit) bool {
	if lit.Val >= 1<<31 {
		return true
	}
	for e := cond; e != ir.Expr(lit); {
		c, ok := e.(*ir.Cast)
		if !ok {
			return true
		}
		b, ok := c.T.(*ir.Basic)
		if !ok || b.Kind < ir.Int && b.Kind != ir.Bool {
			return true
		}
		e = c.X
	}
	return false
}
