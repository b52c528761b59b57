// Package split refines the atomicity of a threaded program for assertion
// checking: every statement that makes more than one access to possibly
// shared memory is split so that each resulting statement makes at most
// one. The lazy sequentialization runs each visible statement atomically;
// without this pass, x = x + 1 in two threads could never lose an update.
//
// Shared reads are lifted into temporaries in C's evaluation order; the
// right operand of && and ||, the arms of ?: and the operands after a comma
// are lifted into if statements and statement sequences, so their accesses
// happen only when C evaluates them. Statements inside atomic sections are
// left alone, as are statements touching _Atomic objects.
//
// The race instrumentation does not need this pass: a race between two
// accesses is adjacent in some interleaving of whole statements.
package split

import (
	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/sharing"
)

// Split rewrites the thread functions of prog.
func Split(prog *ir.Program, info *sharing.Info) {
	s := &splitter{Builder: ir.Builder{Prefix: "__ladr_sp"}, info: info}
	for _, f := range prog.Funcs {
		if f.Thread == nil || f.Body == nil {
			continue
		}
		s.block(f.Body, 0)
	}
}

type splitter struct {
	// Builder makes the temporaries (__ladr_spN, declared in pre) and the
	// statements at the statement being split (Loc).
	ir.Builder
	info *sharing.Info
	pre  []ir.Stmt
}

func markerDelta(s ir.Stmt) int {
	call, _ := bound.CallOf(s)
	if call == nil {
		return 0
	}
	if f := ir.CalledFunc(call); f != nil {
		switch f.Name {
		case "__VERIFIER_atomic_begin":
			return 1
		case "__VERIFIER_atomic_end":
			return -1
		}
	}
	return 0
}

func (s *splitter) block(b *ir.Block, depth int) {
	var out []ir.Stmt
	for _, st := range b.List {
		d := markerDelta(st)
		if depth > 0 {
			depth += d
			out = append(out, st)
			continue
		}
		depth += d
		switch x := st.(type) {
		case *ir.Block:
			s.block(x, depth)
			out = append(out, x)
		case *ir.If:
			out = append(out, s.stmt(x)...)
			s.block(x.Then, depth)
			if x.Else != nil {
				s.block(x.Else, depth)
			}
		default:
			out = append(out, s.stmt(st)...)
		}
	}
	b.List = out
}

// count returns the number of shared accesses of the expressions a
// statement evaluates itself (not those of nested statements).
func (s *splitter) count(st ir.Stmt) int {
	n := 0
	each := func(e ir.Expr) {
		if e != nil {
			n += len(s.info.Accesses(e))
		}
	}
	switch x := st.(type) {
	case *ir.ExprStmt:
		each(x.X)
	case *ir.If:
		each(x.Cond)
	case *ir.Return:
		each(x.X)
	case *ir.DeclStmt:
		ir.Inspect(x.Init, func(m any) bool {
			if e, ok := m.(ir.Expr); ok {
				each(e)
				return false
			}
			return true
		})
	}
	return n
}

// touchesAtomic reports whether a statement names an _Atomic variable.
func touchesAtomic(st ir.Stmt) bool {
	found := false
	ir.Inspect(st, func(m any) bool {
		if id, ok := m.(*ir.Ident); ok && id.Var.Atomic {
			found = true
		}
		if _, ok := m.(*ir.Block); ok {
			return false
		}
		return !found
	})
	return found
}

func (s *splitter) stmt(st ir.Stmt) []ir.Stmt {
	if s.count(st) < 2 || touchesAtomic(st) {
		return []ir.Stmt{st}
	}
	if call, _ := bound.CallOf(st); call != nil && !isPure(call) {
		// A modelled call: split its arguments only.
		s.pre, s.Loc = nil, *st.Origin()
		for i, a := range call.Args {
			call.Args[i] = s.expr(a)
		}
		return append(s.pre, st)
	}
	s.pre, s.Loc = nil, *st.Origin()
	switch x := st.(type) {
	case *ir.ExprStmt:
		x.X = s.top(x.X)
		if x.X == nil {
			return s.pre
		}
	case *ir.If:
		x.Cond = s.expr(x.Cond)
	case *ir.Return:
		x.X = s.expr(x.X)
	case *ir.DeclStmt:
		s.init(x.Init)
	}
	return append(s.pre, st)
}

func isPure(c *ir.Call) bool {
	f := ir.CalledFunc(c)
	return f != nil && !bound.NeedsStmt(c)
}

func (s *splitter) init(in *ir.Init) {
	if in == nil {
		return
	}
	if !in.IsList {
		in.Expr = s.expr(in.Expr)
		return
	}
	for i := range in.List {
		s.init(in.List[i].Value)
	}
}

func (s *splitter) emit(e ir.Expr) { s.pre = append(s.pre, s.Exec(e)) }

func (s *splitter) temp(t ir.Type) *ir.Var {
	if a, ok := t.(*ir.Array); ok {
		t = &ir.Pointer{Elem: a.Elem}
	}
	return s.Temp(t, &s.pre)
}

func (s *splitter) sub(f func()) []ir.Stmt {
	save := s.pre
	s.pre = nil
	f()
	got := s.pre
	s.pre = save
	return got
}

func (s *splitter) shared(lv ir.Expr) bool {
	return s.info.SharedLvalue(lv) && !ir.IsArray(lv.Type()) && !ir.IsFunc(lv.Type())
}

// top lowers the expression of an expression statement: its last write
// (if any) stays in the statement.
func (s *splitter) top(e ir.Expr) ir.Expr {
	switch x := e.(type) {
	case *ir.Assign:
		l := s.addr(x.L)
		r := s.expr(x.R)
		if x.Op != ir.OpNone && s.shared(l) {
			t := s.temp(l.Type())
			s.emit(ir.Set(ir.Ref(t), l))
			r = &ir.Binary{Op: x.Op, X: ir.Ref(t), Y: r, T: l.Type(), P: x.P}
			return &ir.Assign{L: ir.Clone(l), R: r, T: x.T, P: x.P}
		}
		return &ir.Assign{Op: x.Op, L: l, R: r, T: x.T, P: x.P}
	case *ir.Unary:
		switch x.Op {
		case ir.PreInc, ir.PreDec, ir.PostInc, ir.PostDec:
			l := s.addr(x.X)
			if !s.shared(l) {
				return &ir.Unary{Op: x.Op, X: l, T: x.T, P: x.P}
			}
			t := s.temp(l.Type())
			s.emit(ir.Set(ir.Ref(t), l))
			op := ir.Add
			if x.Op == ir.PreDec || x.Op == ir.PostDec {
				op = ir.Sub
			}
			return ir.Set(ir.Clone(l), &ir.Binary{Op: op, X: ir.Ref(t), Y: ir.IntConst(1), T: l.Type(), P: x.P})
		}
	case *ir.Comma:
		if a := s.top(x.X); a != nil {
			s.emit(a)
		}
		return s.top(x.Y)
	}
	return s.expr(e)
}

// addr lowers the address computation of an lvalue, keeping the lvalue.
func (s *splitter) addr(e ir.Expr) ir.Expr {
	switch x := e.(type) {
	case *ir.Index:
		var base ir.Expr
		if ir.IsArray(x.X.Type()) {
			base = s.addr(x.X)
		} else {
			base = s.expr(x.X)
		}
		return &ir.Index{X: base, I: s.expr(x.I), T: x.T, P: x.P}
	case *ir.Member:
		if x.Arrow {
			return &ir.Member{X: s.expr(x.X), Field: x.Field, Arrow: true, T: x.T, P: x.P}
		}
		if ir.IsLvalue(x.X) {
			return &ir.Member{X: s.addr(x.X), Field: x.Field, T: x.T, P: x.P}
		}
		return &ir.Member{X: s.expr(x.X), Field: x.Field, T: x.T, P: x.P}
	case *ir.Unary:
		if x.Op == ir.Deref {
			return &ir.Unary{Op: ir.Deref, X: s.expr(x.X), T: x.T, P: x.P}
		}
	}
	return e
}

// expr lowers an expression whose value is used: every shared read ends up
// in a statement of its own.
func (s *splitter) expr(e ir.Expr) ir.Expr {
	switch x := e.(type) {
	case nil:
		return nil
	case *ir.Ident, *ir.Index, *ir.Member:
		l := s.addr(e)
		if !s.shared(l) {
			return l
		}
		t := s.temp(l.Type())
		s.emit(ir.Set(ir.Ref(t), l))
		return ir.Ref(t)
	case *ir.Unary:
		switch x.Op {
		case ir.Addr:
			return &ir.Unary{Op: ir.Addr, X: s.addr(x.X), T: x.T, P: x.P}
		case ir.Deref:
			l := s.addr(e)
			if !s.shared(l) {
				return l
			}
			t := s.temp(l.Type())
			s.emit(ir.Set(ir.Ref(t), l))
			return ir.Ref(t)
		case ir.PreInc, ir.PreDec, ir.PostInc, ir.PostDec:
			l := s.addr(x.X)
			if !s.shared(l) {
				return &ir.Unary{Op: x.Op, X: l, T: x.T, P: x.P}
			}
			t := s.temp(l.Type())
			s.emit(ir.Set(ir.Ref(t), l))
			op := ir.Add
			if x.Op == ir.PreDec || x.Op == ir.PostDec {
				op = ir.Sub
			}
			nv := &ir.Binary{Op: op, X: ir.Ref(t), Y: ir.IntConst(1), T: l.Type()}
			if x.Op == ir.PreInc || x.Op == ir.PreDec {
				t2 := s.temp(l.Type())
				s.emit(ir.Set(ir.Ref(t2), nv))
				s.emit(ir.Set(ir.Clone(l), ir.Ref(t2)))
				return ir.Ref(t2)
			}
			s.emit(ir.Set(ir.Clone(l), nv))
			return ir.Ref(t)
		}
		return &ir.Unary{Op: x.Op, X: s.expr(x.X), T: x.T, P: x.P}
	case *ir.Assign:
		a := s.top(x)
		as := a.(*ir.Assign)
		if !s.shared(as.L) {
			s.emit(a)
			return ir.Clone(as.L)
		}
		t := s.temp(as.L.Type())
		s.emit(ir.Set(ir.Ref(t), as.R))
		s.emit(ir.Set(as.L, ir.Ref(t)))
		return ir.Ref(t)
	case *ir.Binary:
		if x.Op != ir.LAnd && x.Op != ir.LOr {
			a := s.expr(x.X)
			b := s.expr(x.Y)
			return &ir.Binary{Op: x.Op, X: a, Y: b, T: x.T, P: x.P}
		}
		a := s.expr(x.X)
		var b ir.Expr
		preB := s.sub(func() { b = s.expr(x.Y) })
		if len(preB) == 0 {
			return &ir.Binary{Op: x.Op, X: a, Y: b, T: x.T, P: x.P}
		}
		t := s.temp(ir.IntType)
		setB := append(preB, s.Exec(ir.Set(ir.Ref(t), ir.Bin(ir.Ne, b, ir.IntConst(0), ir.IntType))))
		var then, els []ir.Stmt
		if x.Op == ir.LAnd {
			then, els = setB, []ir.Stmt{s.Exec(ir.Set(ir.Ref(t), ir.IntConst(0)))}
		} else {
			then, els = []ir.Stmt{s.Exec(ir.Set(ir.Ref(t), ir.IntConst(1)))}, setB
		}
		s.pre = append(s.pre, &ir.If{Loc: s.Loc, Cond: a, Then: ir.NewBlock(s.Loc, then...), Else: ir.NewBlock(s.Loc, els...)})
		return ir.Ref(t)
	case *ir.Cond:
		c := s.expr(x.C)
		var a, b ir.Expr
		preA := s.sub(func() { a = s.expr(x.X) })
		preB := s.sub(func() { b = s.expr(x.Y) })
		if len(preA) == 0 && len(preB) == 0 {
			return &ir.Cond{C: c, X: a, Y: b, T: x.T, P: x.P}
		}
		if ir.IsVoid(x.T) {
			s.pre = append(s.pre, &ir.If{Loc: s.Loc, Cond: c,
				Then: ir.NewBlock(s.Loc, append(preA, s.Exec(a))...),
				Else: ir.NewBlock(s.Loc, append(preB, s.Exec(b))...)})
			return &ir.Cast{X: ir.IntConst(0), T: ir.VoidType}
		}
		t := s.temp(x.T)
		s.pre = append(s.pre, &ir.If{Loc: s.Loc, Cond: c,
			Then: ir.NewBlock(s.Loc, append(preA, s.Exec(ir.Set(ir.Ref(t), a)))...),
			Else: ir.NewBlock(s.Loc, append(preB, s.Exec(ir.Set(ir.Ref(t), b)))...)})
		return ir.Ref(t)
	case *ir.Comma:
		if a := s.top(x.X); a != nil {
			s.emit(a)
		}
		return s.expr(x.Y)
	case *ir.Cast:
		return &ir.Cast{X: s.expr(x.X), T: x.T, P: x.P}
	case *ir.Call:
		args := make([]ir.Expr, len(x.Args))
		for i, a := range x.Args {
			args[i] = s.expr(a)
		}
		return &ir.Call{Fn: x.Fn, Args: args, T: x.T, P: x.P}
	}
	return e
}
