package shadow

import (
	"fmt"

	"github.com/ladr-dev/ladr/translate"
	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/sharing"
)

// The translation modes of the LaDR paper (Fig. 4):
//
//	acc(e)  ACC:  evaluates e's side effects, instrumenting every access of
//	              possibly shared memory, including e itself when e is an
//	              lvalue whose value is used;
//	nacc(e) NACC: evaluates what is needed for the address of lvalue e,
//	              without accessing e;
//	wse(e)  WSE:  e's value (or lvalue) without side effects, valid after
//	              acc(e) or nacc(e) ran.
//
// acc and nacc return nil when there is nothing to evaluate. The array
// prefix mode PRE of the paper is the address computation of an array
// base (nacc); a pointer base is read (acc). Where re-evaluating a value
// after its side effects would be wrong (a call's result, x++, an operand
// of && || ?: whose other operands have side effects), acc stores the value
// in a temporary and wse returns it.

func (r *rewriter) value(e ir.Expr) (ir.Expr, bool) {
	if r.vals == nil {
		return nil, false
	}
	v, ok := r.vals[e]
	if ok {
		return ir.Clone(v), true
	}
	return nil, false
}

func (r *rewriter) bind(e ir.Expr, t *ir.Var) {
	if r.vals == nil {
		r.vals = map[ir.Expr]ir.Expr{}
	}
	r.vals[e] = ir.Ref(t)
}

func isArrayOrFunc(t ir.Type) bool { return ir.IsArray(t) || ir.IsFunc(t) }

func seqAll(es ...ir.Expr) ir.Expr {
	var out ir.Expr
	for _, e := range es {
		out = comma(out, e)
	}
	return out
}

// asInt makes a side-effect expression usable where a value is needed.
func asInt(e ir.Expr) ir.Expr {
	if e == nil {
		return ir.IntConst(0)
	}
	return &ir.Comma{X: e, Y: ir.IntConst(0)}
}

func (r *rewriter) acc(e ir.Expr) ir.Expr {
	switch x := e.(type) {
	case nil, *ir.IntLit, *ir.FloatLit, *ir.StringLit, *ir.SizeofType, *ir.SizeofExpr, *ir.FuncRef, *ir.Bad, *ir.VaArg, *ir.CompoundLit:
		return nil
	case *ir.Ident:
		return r.check(x, false)
	case *ir.Unary:
		switch x.Op {
		case ir.Addr:
			return r.nacc(x.X)
		case ir.Deref:
			return comma(r.acc(x.X), r.check(x, false))
		case ir.PreInc, ir.PreDec:
			return seqAll(r.nacc(x.X), r.check(x.X, false), r.check(x.X, true), &ir.Unary{Op: x.Op, X: r.wse(x.X), T: x.T, P: x.P})
		case ir.PostInc, ir.PostDec:
			t := r.temp(x.T)
			r.bind(x, t)
			return seqAll(r.nacc(x.X), r.check(x.X, false), r.check(x.X, true), ir.Set(ir.Ref(t), &ir.Unary{Op: x.Op, X: r.wse(x.X), T: x.T, P: x.P}))
		}
		return r.acc(x.X)
	case *ir.Binary:
		if x.Op != ir.LAnd && x.Op != ir.LOr {
			return comma(r.acc(x.X), r.acc(x.Y))
		}
		a := r.acc(x.X)
		b := r.acc(x.Y)
		if b == nil {
			return a
		}
		if pure(x.Y) {
			// Only checks in the right operand: run them when it is evaluated.
			var then, els ir.Expr = asInt(b), ir.IntConst(0)
			if x.Op == ir.LOr {
				then, els = els, then
			}
			return comma(a, &ir.Cond{C: r.wse(x.X), X: then, Y: els, T: ir.IntType, P: x.P})
		}
		t := r.temp(ir.IntType)
		r.bind(x, t)
		return comma(a, ir.Set(ir.Ref(t), &ir.Binary{Op: x.Op, X: r.wse(x.X), Y: &ir.Comma{X: b, Y: r.wse(x.Y)}, T: ir.IntType, P: x.P}))
	case *ir.Assign:
		if c, ok := x.R.(*ir.Call); ok && x.Op == ir.OpNone {
			// l = f(args): call and store in one assignment (no temporary:
			// CBMC types a malloc'd object by the pointer it is stored in).
			var pre ir.Expr
			for _, a := range c.Args {
				pre = comma(pre, r.acc(a))
			}
			pre = seqAll(pre, r.acc(c.Fn), r.memChecks(c), r.nacc(x.L), r.check(x.L, true))
			return comma(pre, &ir.Assign{L: r.wse(x.L), R: r.wseCall(c), T: x.T, P: x.P})
		}
		var read ir.Expr
		if x.Op != ir.OpNone {
			read = r.check(x.L, false)
		}
		return seqAll(r.nacc(x.L), r.acc(x.R), read, r.check(x.L, true), &ir.Assign{Op: x.Op, L: r.wse(x.L), R: r.wse(x.R), T: x.T, P: x.P})
	case *ir.Cond:
		c := r.acc(x.C)
		xa, ya := r.acc(x.X), r.acc(x.Y)
		if xa == nil && ya == nil {
			return c
		}
		var cond ir.Expr
		if pure(x.X) && pure(x.Y) {
			cond = r.wse(x.C)
		} else {
			t := r.temp(ir.IntType)
			r.bind(x.C, t)
			c = comma(c, ir.Set(ir.Ref(t), r.wse(x.C)))
			cond = ir.Ref(t)
		}
		return comma(c, &ir.Cond{C: cond, X: asInt(xa), Y: asInt(ya), T: ir.IntType, P: x.P})
	case *ir.Comma:
		return comma(r.acc(x.X), r.acc(x.Y))
	case *ir.Index:
		return seqAll(r.base(x.X), r.acc(x.I), r.check(x, false))
	case *ir.Member:
		var a ir.Expr
		if x.Arrow {
			a = r.acc(x.X)
		} else if ir.IsLvalue(x.X) {
			a = r.nacc(x.X)
		} else {
			return r.acc(x.X) // member of an rvalue (a call's result)
		}
		return comma(a, r.check(x, false))
	case *ir.Cast:
		return r.acc(x.X)
	case *ir.Call:
		var pre ir.Expr
		for _, a := range x.Args {
			pre = comma(pre, r.acc(a))
		}
		pre = comma(pre, r.acc(x.Fn))
		pre = comma(pre, r.memChecks(x))
		call := r.wseCall(x)
		if ir.IsVoid(x.T) {
			return comma(pre, call)
		}
		t := r.temp(x.T)
		r.bind(x, t)
		return comma(pre, ir.Set(ir.Ref(t), call))
	}
	return nil
}

// base evaluates the base of an index expression: an array is addressed
// (the paper's PRE mode), a pointer is read.
func (r *rewriter) base(e ir.Expr) ir.Expr {
	if ir.IsArray(e.Type()) {
		return r.nacc(e)
	}
	return r.acc(e)
}

func (r *rewriter) nacc(e ir.Expr) ir.Expr {
	switch x := e.(type) {
	case *ir.Ident, *ir.StringLit, *ir.CompoundLit, nil:
		return nil
	case *ir.Unary:
		if x.Op == ir.Deref {
			return r.acc(x.X)
		}
	case *ir.Index:
		return seqAll(r.base(x.X), r.acc(x.I))
	case *ir.Member:
		if x.Arrow {
			return r.acc(x.X)
		}
		if ir.IsLvalue(x.X) {
			return r.nacc(x.X)
		}
	}
	return r.acc(e)
}

func (r *rewriter) wse(e ir.Expr) ir.Expr {
	if v, ok := r.value(e); ok {
		return v
	}
	switch x := e.(type) {
	case nil:
		return nil
	case *ir.Assign:
		return r.wse(x.L)
	case *ir.Unary:
		switch x.Op {
		case ir.PreInc, ir.PreDec:
			return r.wse(x.X)
		}
		return &ir.Unary{Op: x.Op, X: r.wse(x.X), T: x.T, P: x.P}
	case *ir.Comma:
		return r.wse(x.Y)
	case *ir.Cond:
		c, ok := r.value(x.C)
		if !ok {
			c = r.wse(x.C)
		}
		return &ir.Cond{C: c, X: r.wse(x.X), Y: r.wse(x.Y), T: x.T, P: x.P}
	case *ir.Binary:
		return &ir.Binary{Op: x.Op, X: r.wse(x.X), Y: r.wse(x.Y), T: x.T, P: x.P}
	case *ir.Index:
		return &ir.Index{X: r.wse(x.X), I: r.wse(x.I), T: x.T, P: x.P}
	case *ir.Member:
		return &ir.Member{X: r.wse(x.X), Field: x.Field, Arrow: x.Arrow, T: x.T, P: x.P}
	case *ir.Cast:
		return &ir.Cast{X: r.wse(x.X), T: x.T, P: x.P}
	case *ir.Call:
		if ir.IsVoid(x.T) {
			return &ir.Cast{X: ir.IntConst(0), T: ir.VoidType}
		}
		return r.wseCall(x)
	}
	return ir.Clone(e)
}

func (r *rewriter) wseCall(x *ir.Call) *ir.Call {
	args := make([]ir.Expr, len(x.Args))
	for i, a := range x.Args {
		args[i] = r.wse(a)
	}
	return &ir.Call{Fn: r.wse(x.Fn), Args: args, T: x.T, P: x.P}
}

// memChecks instruments the memory a library call accesses through its
// pointer arguments (sharing.MemAccesses).
func (r *rewriter) memChecks(c *ir.Call) ir.Expr {
	f := ir.CalledFunc(c)
	if f == nil || f.Body != nil {
		return nil
	}
	var out ir.Expr
	for _, a := range sharing.MemAccesses(f.Name, c.Args) {
		a.Pointer = r.wse(a.Pointer)
		lv := a.Lvalue()
		if a.Size != nil {
			a.Size = r.in.declareCalls(r.wse(a.Size))
		}
		m := &memRegion{MemAccess: a, call: f.Name}
		out = comma(out, r.checkKey(lv, false, c, m))
		if a.Write {
			out = comma(out, r.checkKey(lv, true, c, m))
		}
	}
	return out
}

// memRegion is the memory a library function accesses through a pointer
// (sharing.MemAccesses: Size bytes from the pointer, one byte when Size is
// nil; an Unchecked access is surveyed, so that a partner makes the result
// unknown, but not instrumented), with its pointer and size rewritten.
type memRegion struct {
	sharing.MemAccess
	call string
	// block: the region is the whole heap block the pointer points to
	// (a release, wholeBlock).
	block bool
}

// wholeBlock is a release's region checked as a write of every byte of
// the block: __CPROVER_OBJECT_SIZE(p) bytes from p (free and realloc take
// a pointer to the start of a block), none when p is null.
func (in *Instrumenter) wholeBlock(mem *memRegion) *memRegion {
	m := *mem
	m.Unchecked, m.Typed, m.Write, m.block = "", false, true, true
	p := m.Pointer
	objSize := in.prog.DeclareFunc("__CPROVER_OBJECT_SIZE", &ir.Func{Result: ir.ULongType, NoProto: true})
	size := &ir.Call{Fn: &ir.FuncRef{Fn: objSize}, Args: []ir.Expr{ir.Clone(p)}, T: ir.ULongType, P: p.Pos()}
	m.Size = &ir.Cond{C: ir.Bin(ir.Ne, ir.Clone(p), &ir.Cast{X: ir.IntConst(0), T: p.Type()}, ir.IntType), X: size, Y: ir.Lit(0, ir.ULongType), T: ir.ULongType}
	return &m
}

// declareCalls makes the functions e calls (strlen in the sizes of string
// functions) declared functions of the program.
func (in *Instrumenter) declareCalls(e ir.Expr) ir.Expr {
	ir.Inspect(e, func(n any) bool {
		if c, ok := n.(*ir.Call); ok {
			if f := ir.CalledFunc(c); f != nil && f.Body == nil {
				c.Fn = &ir.FuncRef{Fn: in.prog.DeclareFunc(f.Name, f.Type), P: c.P}
			}
		}
		return true
	})
	return e
}

// constSize reports whether a size is an integer constant expression
// (literals and sizeof of complete, fixed-size types).
func constSize(e ir.Expr) bool {
	ok := true
	ir.Inspect(e, func(n any) bool {
		switch x := n.(type) {
		case *ir.IntLit, *ir.Cast:
		case *ir.Binary:
			switch x.Op {
			case ir.Add, ir.Sub, ir.Mul, ir.Div:
			default:
				ok = false
			}
		case *ir.SizeofType:
			ok = ok && ir.FixedSize(x.Of)
			return false
		case *ir.SizeofExpr:
			ok = ok && ir.FixedSize(x.X.Type())
			return false
		default:
			ok = false
		}
		return ok
	})
	return ok
}

// NeedsGenericError reports that the cbmc target cannot check an access:
// CBMC's shadow memory takes the size of an access from its type, and a
// library call accesses a number of bytes only known when it runs. The
// driver then checks the program with the generic encoding.
type NeedsGenericError struct {
	Pos  ir.Pos
	What string
}

func (e *NeedsGenericError) Error() string {
	return fmt.Sprintf("%s: %s (the generic encoding checks it)", e.Pos, e.What)
}

// check instruments one access of lvalue lv: a write marks lv's bytes in
// phase 1; every access checks them in phase 2.
func (r *rewriter) check(lv ir.Expr, write bool) ir.Expr {
	return r.checkKey(lv, write, lv, nil)
}

// checkKey is check with the node that identifies the access in both runs
// of the instrumentation (the lvalue, or the call of a library function
// whose accesses are built anew each time). A library call's access is
// of mem's region, which starts at lvalue lv (its first byte).
func (r *rewriter) checkKey(lv ir.Expr, write bool, key ir.Expr, mem *memRegion) ir.Expr {
	ord := r.in.ord
	r.in.ord++
	if isArrayOrFunc(lv.Type()) {
		// C never reads or writes an array or a function as a whole (an
		// array is addressed, a function called). Every access is
		// instrumented here, so this is the one place that says so.
		return nil
	}
	if !r.in.info.SharedLvalue(lv) {
		return nil
	}
	in := r.in
	v := in.vars
	atomic := r.atomic || isAtomicVar(ir.DirectVar(lv)) || mem != nil && mem.Atomic
	if in.dry {
		var block *ir.Var
		if mem != nil && (mem.Heap || mem.Atomic) {
			block = basePointer(mem.Pointer)
		}
		in.survey = append(in.survey, surveyed{ord: ord, key: key, write: write, atomic: atomic, thread: r.tl.Thread.ID, root: rootOf(lv), heap: mem != nil && mem.Heap, sync: mem != nil && mem.Atomic, block: block, locks: r.locks})
		return nil
	}
	if !in.retraced(ord, key, write) {
		return nil
	}
	if mem != nil && mem.Atomic {
		// A synchronization function's access of its object is surveyed,
		// so that a release of the block that holds the object while
		// another thread may still use it is checked (releaseCheck), but
		// not instrumented: its partners are plain accesses of the
		// object's bytes by the program (a memset), which ladr does not
		// check against it.
		return nil
	}
	if !in.keep[ord] {
		in.Pruned++
		return nil
	}
	if mem != nil && mem.Unchecked != "" && mem.Heap {
		if !in.noRelease && in.prog.Func(bound.UnrunFunc) == nil {
			// A release (free): checked instead by the release
			// assertion, that no other thread is alive when it runs.
			return r.releaseCheck()
		}
		if !in.syncPartner[ord] {
			// Another thread may be alive: the release is a write of
			// every byte of the block (as C11 and ThreadSanitizer
			// see it), so an access by another thread that is not
			// ordered with it races with it. (A block that may hold
			// a synchronization object another thread uses stays
			// unchecked: those accesses are not instrumented.)
			mem = in.wholeBlock(mem)
		}
	}
	if mem != nil && mem.Unchecked != "" {
		// Another thread may access the memory; the access is not
		// modelled, so a run that finds no race says unknown.
		if in.unchecked == nil {
			what := mem.Unchecked
			if mem.Heap {
				what += ", and it may run while another thread that may use a synchronization object in the block is alive"
			}
			in.unchecked = &Site{Pos: lv.Pos(), Approx: what}
		}
		return nil
	}
	if m, ok := lv.(*ir.Member); ok && m.Field.BitField && in.target == translate.Generic {
		// The generic target does not track bit-fields: a run that finds
		// no race says unknown (Approximation).
		if in.unchecked == nil {
			in.unchecked = &Site{Pos: lv.Pos(), Approx: "the generic encoding does not check bit-fields (" + lvalueText(lv) + "); --target cbmc does"}
		}
		return nil
	}
	site := &Site{ID: len(in.Sites) + 1, Write: write, Atomic: atomic, Lvalue: lvalueText(lv), base: baseName(lv), Pos: lv.Pos(), Loc: r.loc, Thread: r.tl.Thread, Region: r.region}
	if !site.Pos.IsValid() {
		site.Pos = r.loc.Pos
	}
	var addr ir.Expr
	var size ir.Expr
	if mem != nil {
		site.Library = true
		site.Approx = mem.Approx
		if !mem.Typed {
			site.Lvalue = fmt.Sprintf("%s[0] (%s)", lvalueText(ir.Uncast(lv.(*ir.Unary).X)), mem.call)
		}
	}
	if mem != nil && mem.Size != nil {
		// size bytes from the pointer (lv is *(unsigned char *)p).
		p := lv.(*ir.Unary).X
		site.Lvalue = fmt.Sprintf("%s[0 .. %s) (%s)", lvalueText(ir.Uncast(p)), lvalueText(mem.Size), mem.call)
		if mem.block {
			site.Lvalue = fmt.Sprintf("the block %s points to (%s releases it)", lvalueText(ir.Uncast(p)), mem.call)
		}
		if in.target == translate.Generic {
			addr, size = p, ir.Clone(mem.Size)
		} else {
			if !constSize(mem.Size) {
				in.err = &NeedsGenericError{Pos: site.Pos, What: fmt.Sprintf("%s accesses %s bytes", mem.call, lvalueText(mem.Size))}
				return nil
			}
			// CBMC's shadow memory covers the pointed-to type.
			bytes := &ir.Pointer{Elem: &ir.Array{Elem: ir.UCharType, Len: -1, LenExpr: ir.Clone(mem.Size)}}
			addr = &ir.Cast{X: ir.Uncast(p), T: bytes}
		}
	} else if m, ok := lv.(*ir.Member); ok && m.Field.BitField {
		site.BitField = true
		in.bitf = true
		if m.Arrow {
			addr = r.wse(m.X)
		} else {
			addr = ir.AddrOf(r.wse(m.X))
		}
	} else {
		w := r.wse(lv)
		addr = ir.AddrOf(w)
		size = &ir.SizeofExpr{X: ir.Clone(w), T: ir.ULongType}
	}
	in.Sites = append(in.Sites, site)
	id := ir.Lit(int64(site.ID), ir.UIntType)
	// Phase 2: does this access hit a location C1's last statement wrote?
	var hit ir.Expr
	if in.target == translate.Generic {
		hit = overlaps(addr, size, v.wa, v.ws)
		if atomic {
			hit = ir.Bin(ir.LAnd, hit, ir.Ref(v.wn), ir.IntType)
		}
	} else {
		field := fieldWrite
		switch {
		case site.BitField && atomic:
			field = fieldBitNA
		case site.BitField:
			field = fieldBitWrite
		case atomic && in.atomics:
			field = fieldNonAtom
		}
		hit = in.getField(ir.Clone(addr), field)
	}
	var p2 ir.Expr = ir.Ref(v.p2)
	if in.pending {
		// Only the first hit is recorded (see pendingCheck).
		p2 = ir.Bin(ir.LAnd, p2, &ir.Unary{Op: ir.Not, X: ir.Ref(v.drd), T: ir.IntType}, ir.IntType)
	}
	var phase2 ir.Expr = ir.Bin(ir.LAnd, ir.Bin(ir.LAnd, p2, hit, ir.IntType), ir.Set(ir.Ref(v.drd), ir.Clone(id)), ir.IntType)
	if in.pending && !site.BitField {
		phase2 = comma(phase2, in.pendingCheck(addr, size, write, id))
		if mem == nil && !atomic && r.stableAddr(lv) {
			r.pend = append(r.pend, pendingAccess{site: site, addr: ir.Clone(addr), size: ir.Clone(size)})
		}
	}
	if !write {
		return phase2
	}
	// Phase 1: mark the written bytes.
	var mark ir.Expr
	if in.target == translate.Generic {
		nd := in.prog.DeclareFunc("__VERIFIER_nondet_bool", &ir.Func{Result: ir.BoolType})
		mark = ir.Bin(ir.LAnd, ir.CallFn(nd), seqAll(
			ir.Set(ir.Ref(v.wa), &ir.Cast{X: ir.Clone(addr), T: ir.CharPtrType}),
			ir.Set(ir.Ref(v.ws), ir.Clone(size)),
			ir.Set(ir.Ref(v.wk), ir.Clone(id)),
			ir.Set(ir.Ref(v.wn), ir.Lit(b2i(!atomic), ir.BoolType)),
			ir.IntConst(1)), ir.IntType)
	} else {
		k := ir.Lit(1, ir.BoolType)
		wf, nf := fieldWrite, fieldNonAtom
		if site.BitField {
			wf, nf = fieldBitWrite, fieldBitNA
		}
		marks := []ir.Expr{in.setField(ir.Clone(addr), wf, k)}
		if !atomic && in.atomics {
			marks = append(marks, in.setField(ir.Clone(addr), nf, ir.Clone(k)))
		}
		marks = append(marks, ir.Set(ir.Ref(v.c1), ir.Lit(int64(site.Region), ir.UIntType)), ir.IntConst(1))
		mark = seqAll(marks...)
	}
	phase1 := ir.Bin(ir.LAnd, ir.Ref(v.p1), mark, ir.IntType)
	return comma(phase1, phase2)
}

// overlaps returns base && (addr < base + n && base < addr + size): the
// generic target's test that the size bytes at addr overlap a tracked
// range (base, n bytes; base null when none is tracked).
func overlaps(addr, size ir.Expr, base, n *ir.Var) ir.Expr {
	ca := &ir.Cast{X: ir.Clone(addr), T: ir.CharPtrType}
	b := ir.Ref(base)
	both := ir.Bin(ir.LAnd,
		ir.Bin(ir.Lt, ca, ir.Bin(ir.Add, ir.Clone(b), ir.Ref(n), ir.CharPtrType), ir.IntType),
		ir.Bin(ir.Lt, ir.Clone(b), ir.Bin(ir.Add, ir.Clone(ca), ir.Clone(size), ir.CharPtrType), ir.IntType), ir.IntType)
	return ir.Bin(ir.LAnd, b, both, ir.IntType)
}

// releaseCheck returns __ladr_rel |= <another thread is alive>, for a
// release (free) in this thread: a thread is alive when it was created and
// has not ended. When none is, no other thread can access the block while
// or after it is released, except threads this one creates later (which
// come after the release); the release cannot race. The final release
// assertion (driverExt.Final) checks that __ladr_rel stays 0; when it
// fails, the driver checks again without release checks, and the release
// is then unchecked (NoReleaseChecks).
func (r *rewriter) releaseCheck() ir.Expr {
	in := r.in
	if len(in.layout.Threads) < 2 {
		return nil // no other thread
	}
	if in.vars.rel == nil {
		in.vars.rel = in.prog.AddGlobal("__ladr_rel", ir.BoolType, nil)
	}
	active := in.layout.Active(in.prog)
	var alive ir.Expr
	for _, tl := range in.layout.Threads {
		if id := tl.Thread.ID; id != r.tl.Thread.ID {
			alive = or(alive, ir.Bin(ir.LAnd, &ir.Index{X: ir.Ref(active), I: ir.IntConst(int64(id)), T: ir.BoolType},
				&ir.Unary{Op: ir.Not, X: in.layout.Ended(tl), T: ir.IntType}, ir.IntType))
		}
	}
	return ir.Set(ir.Ref(in.vars.rel), ir.Bin(ir.LOr, ir.Ref(in.vars.rel), alive, ir.IntType))
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

func str(s string) *ir.StringLit {
	return &ir.StringLit{Val: s, ElemSize: 1, T: &ir.Array{Elem: ir.CharType, Len: int64(len(s) + 1)}}
}

func (in *Instrumenter) getField(addr ir.Expr, field string) ir.Expr {
	f := in.prog.DeclareFunc("__CPROVER_get_field", &ir.Func{Result: ir.BoolType, NoProto: true})
	return &ir.Call{Fn: &ir.FuncRef{Fn: f}, Args: []ir.Expr{addr, str(field)}, T: ir.BoolType}
}

func (in *Instrumenter) setField(addr ir.Expr, field string, v ir.Expr) ir.Expr {
	f := in.prog.DeclareFunc("__CPROVER_set_field", &ir.Func{Result: ir.VoidType, NoProto: true})
	return &ir.Call{Fn: &ir.FuncRef{Fn: f}, Args: []ir.Expr{addr, str(field), v}, T: ir.VoidType}
}

// isAtomicVar reports whether v is an _Atomic object (v may be nil: an
// lvalue reached through a pointer).
func isAtomicVar(v *ir.Var) bool { return v != nil && v.Atomic }
