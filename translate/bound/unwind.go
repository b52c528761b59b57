package bound

import (
	"fmt"

	"github.com/ladr-dev/ladr/translate/ir"
)

// Unwind replaces every loop in the entry functions by Limits.UnwindFor
// copies of its body:
//
//	if (!c) goto brk; body1; cont1: post; ... bodyN; contN: post; bound(c); brk:
//
// where break and continue of the loop become jumps to brk and cont_k, and
// bound(c) marks the behaviours that would need more iterations. A do-while
// loop tests its condition after each copy. A goto inside the body back to
// the body's first statement (the "while_continue" label of CIL-generated
// code) is a continue. After unwinding, no function has a backward jump.
func Unwind(prog *ir.Program, entries []*ir.Function, lim Limits, notes *Notes) error {
	u := &unwinder{prog: prog, lim: lim, notes: notes, seen: map[ir.Pos]bool{}}
	for _, f := range entries {
		u.fn = f
		structureGotos(f.Body)
		u.addrTaken = addressTaken(f.Body)
		u.prefix = nil
		if f.Name == "main" && lim.MinPrefix > 0 {
			u.prefix = map[*ir.Loop]bool{}
			prefixLoops(f.Body, u.prefix)
		}
		if err := u.block(f.Body); err != nil {
			return err
		}
		if err := checkForward(f.Body); err != nil {
			return err
		}
	}
	return nil
}

type unwinder struct {
	prog  *ir.Program
	fn    *ir.Function // the function being unwound
	lim   Limits
	notes *Notes
	n     int
	seen  map[ir.Pos]bool
	size  int
	// addrTaken holds the locals of the current function whose address
	// is taken: a write through a pointer may change them anywhere.
	addrTaken map[*ir.Var]bool
	// prefix holds the loops of main's sequential prefix (prefixLoops),
	// when Limits.MinPrefix is set.
	prefix map[*ir.Loop]bool
}

// prefixLoops adds to out the loops of b that run before any thread is
// created: those of the statements before the first one that contains a
// pthread_create, and, within that statement when it is a block or an
// if, those before the creation in the same way. The function's gotos
// must be structured (structureGotos): a loop built from a backward goto
// around a creation is a loop containing it. A creation this misses
// (through a function not inlined) only makes a loop counted in the
// prefix that is not: a deeper bound, never fewer behaviours.
func prefixLoops(b *ir.Block, out map[*ir.Loop]bool) {
	for _, s := range b.List {
		if !createsThreads(s) {
			ir.Inspect(s, func(x any) bool {
				if l, ok := x.(*ir.Loop); ok {
					out[l] = true
				}
				return true
			})
			continue
		}
		switch x := s.(type) {
		case *ir.Block:
			prefixLoops(x, out)
		case *ir.If:
			prefixLoops(x.Then, out)
			if x.Else != nil {
				prefixLoops(x.Else, out)
			}
		}
		return
	}
}

// addressTaken returns the variables whose address is taken in b (an array
// decaying to a pointer counts: its elements can be written through it).
func addressTaken(b *ir.Block) map[*ir.Var]bool {
	m := map[*ir.Var]bool{}
	ir.Inspect(ir.Stmt(b), func(n any) bool {
		if x, ok := n.(*ir.Unary); ok && x.Op == ir.Addr {
			if id, ok := x.X.(*ir.Ident); ok {
				m[id.Var] = true
			}
		}
		return true
	})
	return m
}

func (u *unwinder) block(b *ir.Block) error {
	var out []ir.Stmt
	for _, s := range b.List {
		switch s := s.(type) {
		case *ir.Block:
			if err := u.block(s); err != nil {
				return err
			}
			out = append(out, s)
		case *ir.If:
			if err := u.block(s.Then); err != nil {
				return err
			}
			if s.Else != nil {
				if err := u.block(s.Else); err != nil {
					return err
				}
			}
			out = append(out, s)
		case *ir.Loop:
			var prev ir.Stmt
			if len(out) > 0 {
				prev = out[len(out)-1]
			}
			r, err := u.loop(s, prev)
			if err != nil {
				return err
			}
			out = append(out, r)
		default:
			out = append(out, s)
		}
	}
	b.List = out
	return nil
}

func isTrue(e ir.Expr) bool {
	if e == nil {
		return true
	}
	if l, ok := e.(*ir.IntLit); ok {
		return l.Val != 0
	}
	return false
}

func (u *unwinder) loop(s *ir.Loop, prev ir.Stmt) (ir.Stmt, error) {
	loc := s.Loc
	n := u.lim.UnwindFor(loc.Func, s.ID, loc.Pos)
	if n < u.lim.MinSpawn && createsThreads(s.Body) {
		n = u.lim.MinSpawn
	}
	if n < u.lim.MinPrefix && u.prefix[s] {
		n = u.lim.MinPrefix
	}
	if s.Kind == ir.DoWhile && n < 1 {
		n = 1
	}
	// A loop whose number of iterations is a small constant is unwound
	// completely: cutting an initialization loop would cut every path.
	// A loop that creates threads is unwound completely when it creates
	// at most maxAutoThreads (a bug may need every thread, and a bound
	// below the count would leave threads out at every step of the
	// search); a longer one not further than the bound (each iteration
	// is a thread more), but when the bound covers its constant trip
	// count it is complete too.
	complete := false
	if trip, ok := tripCount(prev, s); ok && !u.addrTaken[counterVar(s)] {
		spawns := createsThreads(s.Body)
		switch {
		case spawns && (trip <= maxAutoThreads || n >= trip):
			// Complete; copies past the trip count would never run, but
			// each would be a thread.
			n = trip
		case !spawns && trip <= maxAutoUnwind && trip*max(countStmts(s.Body), 1) <= maxAutoStmts && trip > n:
			n = trip
		}
		complete = n >= trip
	}
	// A loop whose condition is constantly false (do { ... } while (0)
	// macros) runs its body at most once: nothing is cut.
	if v, ok := constInt(s.Cond); ok && v == 0 && s.Cond != nil {
		n, complete = 0, true
		if s.Kind == ir.DoWhile {
			n = 1
		}
	}
	spawn, final := spawnLoop(u.fn, prev, s)
	// The counter of a counting loop has a known value in each copy.
	ctr, hasCtr := counterOf(prev, s)
	if hasCtr && u.addrTaken[ctr.v] {
		hasCtr = false
	}
	u.n++
	id := u.n
	brk := fmt.Sprintf("__ladr_brk%d", id)
	if isTrue(s.Cond) && s.Post == nil {
		continueGotos(s.Body)
	}
	if err := u.block(s.Body); err != nil {
		return nil, err
	}
	defined := map[string]bool{}
	ir.Inspect(ir.Stmt(s.Body), func(x any) bool {
		if l, ok := x.(*ir.Label); ok {
			defined[l.Name] = true
		}
		return true
	})
	test := func() ir.Stmt {
		var c ir.Expr = ir.IntConst(1)
		if s.Cond != nil {
			c = ir.Clone(s.Cond)
		}
		return &ir.If{Loc: loc, Cond: &ir.Unary{Op: ir.Not, X: c, T: ir.IntType, P: loc.Pos},
			Then: ir.NewBlock(loc, &ir.Goto{Loc: loc, Label: brk}), Exit: true}
	}
	var list []ir.Stmt
	for k := 1; k <= n; k++ {
		// Values are substituted only while the counter cannot have
		// wrapped around (it moves monotonically from its start).
		if hasCtr && !inRange(ctr.start, ctr.start+int64(k)*ctr.step, ctr.v.Type) {
			hasCtr = false
		}
		if s.Kind != ir.DoWhile && (!isTrue(s.Cond) || u.lim.LoopHeads) {
			t := test()
			if hasCtr {
				ctr.substitute(t, k-1)
			}
			list = append(list, t)
		}
		cont := fmt.Sprintf("__ladr_cont%d_%d", id, k)
		suffix := fmt.Sprintf("_u%d_%d", id, k)
		cl := &ir.Cloner{Label: func(l string) string {
			if defined[l] {
				return l + suffix
			}
			return l
		}}
		body := cl.Block(s.Body)
		if hasCtr {
			ctr.substitute(body, k-1)
		}
		rewriteOutsideLoops(body, func(st ir.Stmt) []ir.Stmt {
			switch x := st.(type) {
			case *ir.Break:
				return []ir.Stmt{&ir.Goto{Loc: x.Loc, Label: brk}}
			case *ir.Continue:
				return []ir.Stmt{&ir.Goto{Loc: x.Loc, Label: cont}}
			}
			return []ir.Stmt{st}
		})
		list = append(list, body, &ir.Label{Loc: loc, Name: cont})
		if s.Post != nil {
			post := ir.Clone(s.Post)
			if hasCtr {
				post = ir.Set(ir.Ref(ctr.v), ctr.value(k))
			}
			list = append(list, &ir.ExprStmt{Loc: loc, X: post})
		}
		if s.Kind == ir.DoWhile && k < n && !isTrue(s.Cond) {
			list = append(list, test())
		}
		u.size += countStmts(body)
		if u.size > u.lim.maxStmts() {
			return nil, &UnsupportedError{Pos: loc.Pos, What: fmt.Sprintf("program larger than %d statements after unwinding", u.lim.maxStmts()), TooLarge: true}
		}
	}
	if complete {
		list = append(list, &ir.Label{Loc: loc, Name: brk})
		return &ir.Block{Loc: loc, List: list}, nil
	}
	what := fmt.Sprintf("loop %s.%d at line %d unwound %d times", loc.Func, s.ID, loc.Pos.Line, n)
	if s.ID == GotoLoopID {
		what = fmt.Sprintf("loop built from goto at line %d unwound %d times", loc.Pos.Line, n)
	}
	marker := LoopBoundFunc
	if spawn {
		what += " (the threads of later iterations are created but never run, and joins block)"
		marker = UnrunFunc
	}
	if !u.seen[loc.Pos] {
		u.seen[loc.Pos] = true
		u.notes.cut(loc.Pos, "%s", what)
	}
	var c ir.Expr = ir.IntConst(1)
	if s.Cond != nil {
		c = ir.Clone(s.Cond)
		if hasCtr {
			c = ctr.substituteExpr(c, n)
		}
	}
	if spawn && final != nil {
		// The skipped iterations leave the counter at its final value.
		ctrVar := counterVar(s)
		list = append(list, &ir.If{Loc: loc, Cond: c, Then: ir.NewBlock(loc,
			boundCallOf(u.prog, marker, loc, ir.IntConst(1), what),
			&ir.ExprStmt{Loc: loc, X: ir.Set(ir.Ref(ctrVar), final)})})
		list = append(list, &ir.Label{Loc: loc, Name: brk})
		return &ir.Block{Loc: loc, List: list}, nil
	}
	list = append(list, boundCallOf(u.prog, marker, loc, c, what), &ir.Label{Loc: loc, Name: brk})
	return &ir.Block{Loc: loc, List: list}, nil
}

// loopCounter is the counter of a counting loop: start, step constant, not
// changed by the body.
type loopCounter struct {
	v           *ir.Var
	start, step int64
}

// counterOf recognizes "i = c0; for (...; ...; i += k)" with a body that
// does not change i.
func counterOf(prev ir.Stmt, l *ir.Loop) (loopCounter, bool) {
	if l.Kind != ir.For || l.Post == nil || prev == nil {
		return loopCounter{}, false
	}
	id, ok := postVar(l.Post)
	if !ok || id.Class == ir.Global || !ir.IsInteger(id.Type) {
		return loopCounter{}, false
	}
	start, ok := initialValue(prev, id)
	if !ok {
		return loopCounter{}, false
	}
	step, ok := stepOf(l.Post, id)
	if !ok || step == 0 || modifies(l.Body, id) {
		return loopCounter{}, false
	}
	if l.Cond != nil && modifiesExpr(l.Cond, id) {
		return loopCounter{}, false
	}
	if _, _, ok := intRange(id.Type); !ok {
		return loopCounter{}, false
	}
	return loopCounter{v: id, start: start, step: step}, true
}

// counterVar is the variable the post-expression of a for loop steps, or
// nil.
func counterVar(l *ir.Loop) *ir.Var {
	if l.Post == nil {
		return nil
	}
	v, _ := postVar(l.Post)
	return v
}

// intRange returns a range of values every integer of type t can hold in
// both data models (long is taken as 32 bits, plain char as [0, 127]); ok
// is false for types ladr does not reason about (_Bool, bit vectors,
// 128-bit integers).
func intRange(t ir.Type) (lo, hi int64, ok bool) {
	b, isBasic := t.(*ir.Basic)
	if !isBasic {
		return 0, 0, false
	}
	switch b.Kind {
	case ir.Char:
		return 0, 127, true
	case ir.SChar:
		return -128, 127, true
	case ir.UChar:
		return 0, 255, true
	case ir.Short:
		return -1 << 15, 1<<15 - 1, true
	case ir.UShort:
		return 0, 1<<16 - 1, true
	case ir.Int, ir.Long:
		return -1 << 31, 1<<31 - 1, true
	case ir.UInt, ir.ULong:
		return 0, 1<<32 - 1, true
	case ir.LongLong:
		return -1 << 62, 1 << 62, true
	case ir.ULongLong:
		return 0, 1 << 62, true
	}
	return 0, 0, false
}

// inRange reports whether every value in [a, b] fits every type in ts.
func inRange(a, b int64, ts ...ir.Type) bool {
	if a > b {
		a, b = b, a
	}
	for _, t := range ts {
		lo, hi, ok := intRange(t)
		if !ok || a < lo || b > hi {
			return false
		}
	}
	return true
}

func postVar(post ir.Expr) (*ir.Var, bool) {
	switch x := post.(type) {
	case *ir.Unary:
		if id, ok := x.X.(*ir.Ident); ok {
			return id.Var, true
		}
	case *ir.Assign:
		if id, ok := x.L.(*ir.Ident); ok {
			return id.Var, true
		}
	}
	return nil, false
}

func modifiesExpr(e ir.Expr, v *ir.Var) bool {
	return modifies(&ir.Block{List: []ir.Stmt{&ir.ExprStmt{X: e}}}, v)
}

// value is the counter's value at the start of iteration k (from 0).
func (c loopCounter) value(k int) ir.Expr {
	return ir.Lit(c.start+int64(k)*c.step, c.v.Type)
}

// substitute replaces the reads of the counter in s by its value in
// iteration k.
func (c loopCounter) substitute(s ir.Stmt, k int) {
	ir.RewriteStmtExprs(s, func(e ir.Expr) ir.Expr {
		if id, ok := e.(*ir.Ident); ok && id.Var == c.v {
			l := c.value(k).(*ir.IntLit)
			l.P = id.P
			return l
		}
		return e
	})
}

func (c loopCounter) substituteExpr(e ir.Expr, k int) ir.Expr {
	return ir.RewriteExpr(e, func(x ir.Expr) ir.Expr {
		if id, ok := x.(*ir.Ident); ok && id.Var == c.v {
			return c.value(k)
		}
		return x
	})
}

// Limits of the complete unwinding of constant loops.
const (
	maxAutoUnwind = 128
	// maxAutoThreads is the most threads a thread-creating loop of
	// constant trip count makes when it is unwound completely whatever
	// the bound.
	maxAutoThreads = 4
	maxAutoStmts   = 20000
)

// createsThreads reports whether a statement (a loop body) calls
// pthread_create.
func createsThreads(s ir.Stmt) bool {
	found := false
	ir.Inspect(s, func(n any) bool {
		if c, ok := n.(*ir.Call); ok && calleeName(c) == "pthread_create" {
			found = true
		}
		return !found
	})
	return found
}

// tripCount returns the number of iterations of a counting loop
//
//	i = c0; for (; i < C; i += k) body
//
// (with <=, !=, >, >= and decrements), when i is an integer local the body
// does not modify and c0, C, k are constants. The loop iterates at most
// that often (a break may leave it earlier).
func tripCount(prev ir.Stmt, l *ir.Loop) (int, bool) {
	if l.Kind != ir.For || l.Cond == nil || l.Post == nil || prev == nil {
		return 0, false
	}
	cmp, ok := l.Cond.(*ir.Binary)
	if !ok {
		return 0, false
	}
	v, op, limit := counter(cmp)
	if v == nil || v.Class == ir.Global || !ir.IsInteger(v.Type) {
		return 0, false
	}
	start, ok := initialValue(prev, v)
	if !ok {
		return 0, false
	}
	step, ok := stepOf(l.Post, v)
	if !ok || step == 0 {
		return 0, false
	}
	if modifies(l.Body, v) {
		return 0, false
	}
	var trip int64
	switch {
	case op == ir.Lt && step > 0:
		trip = ceilDiv(limit-start, step)
	case op == ir.Le && step > 0:
		trip = ceilDiv(limit-start+1, step)
	case op == ir.Gt && step < 0:
		trip = ceilDiv(start-limit, -step)
	case op == ir.Ge && step < 0:
		trip = ceilDiv(start-limit+1, -step)
	case op == ir.Ne && step != 0 && (limit-start)%step == 0 && (limit-start)/step >= 0:
		trip = (limit - start) / step
	default:
		return 0, false
	}
	if trip < 0 {
		trip = 0
	}
	if trip > 1<<20 || start < -(1<<31) || start > 1<<31 || limit < -(1<<31) || limit > 1<<31 {
		return 0, false
	}
	// The count is exact only if the comparison is a comparison of
	// mathematical integers: every value the counter takes (up to the
	// one that ends the loop) and the limit fit the counter's type and
	// both operand types, so no conversion or wrap-around changes them.
	last := start + trip*step
	types := []ir.Type{v.Type, cmp.X.Type(), cmp.Y.Type()}
	if !inRange(start, last, types...) || !inRange(limit, limit, types...) {
		return 0, false
	}
	return int(trip), true
}

func ceilDiv(a, b int64) int64 {
	if a <= 0 {
		return 0
	}
	return (a + b - 1) / b
}

// counter reads "i op C" or "C op i" (normalized to i op C).
func counter(b *ir.Binary) (*ir.Var, ir.Op, int64) {
	flip := map[ir.Op]ir.Op{ir.Lt: ir.Gt, ir.Gt: ir.Lt, ir.Le: ir.Ge, ir.Ge: ir.Le, ir.Ne: ir.Ne}
	if _, ok := flip[b.Op]; !ok {
		return nil, 0, 0
	}
	if id, ok := stripCasts(b.X).(*ir.Ident); ok {
		if c, ok := constInt(b.Y); ok {
			return id.Var, b.Op, c
		}
	}
	if id, ok := stripCasts(b.Y).(*ir.Ident); ok {
		if c, ok := constInt(b.X); ok {
			return id.Var, flip[b.Op], c
		}
	}
	return nil, 0, 0
}

// stripCasts removes the integer casts that preserve every value of their
// operand (widening to a type whose range contains the operand's).
func stripCasts(e ir.Expr) ir.Expr {
	for {
		c, ok := e.(*ir.Cast)
		if !ok || !ir.IsInteger(c.T) || !ir.IsInteger(c.X.Type()) {
			return e
		}
		lo, hi, ok := intRange(c.X.Type())
		if !ok || !inRange(lo, hi, c.T) {
			return e
		}
		e = c.X
	}
}

func constInt(e ir.Expr) (int64, bool) {
	switch x := e.(type) {
	case *ir.Cast:
		// A cast whose operand does not fit the target type would change
		// the value (wrap-around): not a constant ladr reasons about.
		v, ok := constInt(x.X)
		if !ok || !ir.IsInteger(x.T) || !inRange(v, v, x.T) {
			return 0, false
		}
		return v, true
	case *ir.IntLit:
		if ir.IsSigned(x.T) {
			return int64(x.Val), true
		}
		if x.Val > 1<<62 {
			return 0, false
		}
		return int64(x.Val), true
	case *ir.Unary:
		if x.Op == ir.Neg {
			if v, ok := constInt(x.X); ok && (v == 0 || !ir.IsInteger(x.T) || ir.IsSigned(x.T)) {
				return -v, true
			}
		}
	}
	return 0, false
}

func initialValue(prev ir.Stmt, v *ir.Var) (int64, bool) {
	switch p := prev.(type) {
	case *ir.DeclStmt:
		if p.Var == v && p.Init != nil && !p.Init.IsList {
			return constInt(p.Init.Expr)
		}
	case *ir.ExprStmt:
		if a, ok := p.X.(*ir.Assign); ok && a.Op == ir.OpNone {
			if id, ok := a.L.(*ir.Ident); ok && id.Var == v {
				return constInt(a.R)
			}
		}
	case *ir.Block:
		if len(p.List) > 0 {
			return initialValue(p.List[len(p.List)-1], v)
		}
	}
	return 0, false
}

// stepOf reads i++, ++i, i--, --i, i += k, i -= k, i = i + k.
func stepOf(post ir.Expr, v *ir.Var) (int64, bool) {
	isV := func(e ir.Expr) bool { id, ok := e.(*ir.Ident); return ok && id.Var == v }
	switch x := post.(type) {
	case *ir.Unary:
		if !isV(x.X) {
			return 0, false
		}
		switch x.Op {
		case ir.PreInc, ir.PostInc:
			return 1, true
		case ir.PreDec, ir.PostDec:
			return -1, true
		}
	case *ir.Assign:
		if !isV(x.L) {
			return 0, false
		}
		switch x.Op {
		case ir.Add:
			return constInt(x.R)
		case ir.Sub:
			k, ok := constInt(x.R)
			return -k, ok
		case ir.OpNone:
			if b, ok := x.R.(*ir.Binary); ok && isV(stripCasts(b.X)) {
				k, ok := constInt(b.Y)
				if b.Op == ir.Add {
					return k, ok
				}
				if b.Op == ir.Sub {
					return -k, ok
				}
			}
		}
	}
	return 0, false
}

// modifies reports whether a block may change v: it assigns v or takes its
// address.
func modifies(b *ir.Block, v *ir.Var) bool {
	found := false
	isV := func(e ir.Expr) bool { id, ok := e.(*ir.Ident); return ok && id.Var == v }
	ir.Inspect(ir.Stmt(b), func(n any) bool {
		switch x := n.(type) {
		case *ir.Assign:
			found = found || isV(x.L)
		case *ir.Unary:
			switch x.Op {
			case ir.Addr, ir.PreInc, ir.PreDec, ir.PostInc, ir.PostDec:
				found = found || isV(x.X)
			}
		}
		return !found
	})
	return found
}

// continueGotos turns a goto back to the label(s) at the very start of a
// loop body into continue (CIL writes continue as goto while_continue).
func continueGotos(body *ir.Block) {
	heads := map[string]bool{}
	for _, s := range body.List {
		l, ok := s.(*ir.Label)
		if !ok {
			break
		}
		heads[l.Name] = true
	}
	if len(heads) == 0 {
		return
	}
	rewriteOutsideLoops(body, func(s ir.Stmt) []ir.Stmt {
		if g, ok := s.(*ir.Goto); ok && heads[g.Label] {
			return []ir.Stmt{&ir.Continue{Loc: g.Loc}}
		}
		return []ir.Stmt{s}
	})
}

// checkForward reports a goto to a label that precedes it (or that does not
// exist): after unwinding every jump must go forward.
func checkForward(b *ir.Block) error {
	pos := map[string]int{}
	var gotos []*ir.Goto
	var gotoAt []int
	i := 0
	ir.Inspect(ir.Stmt(b), func(x any) bool {
		switch s := x.(type) {
		case *ir.Label:
			pos[s.Name] = i
		case *ir.Goto:
			gotos = append(gotos, s)
			gotoAt = append(gotoAt, i)
		case ir.Expr:
			return false
		}
		i++
		return true
	})
	for k, g := range gotos {
		p, ok := pos[g.Label]
		if !ok {
			return &UnsupportedError{Pos: g.Loc.Pos, What: "goto " + g.Label + " into a loop or to a missing label"}
		}
		if p < gotoAt[k] {
			return &UnsupportedError{Pos: g.Loc.Pos, What: "backward goto " + g.Label + " (a loop built from goto)"}
		}
	}
	return nil
}
