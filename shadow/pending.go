package shadow

import (
	"github.com/ladr-dev/ladr/translate"
	"github.com/ladr-dev/ladr/translate/ir"
)

// Pending accesses.
//
// LaDR's check needs the two racing accesses adjacent across one context
// switch: the last statement of C1 marks what it writes, the first
// statement of C2 checks. When the second access is not the first of its
// context (main joins a thread, then reads what another thread writes
// under a mutex), that costs rounds. The pending check lets C1 end
// *before* a statement j of thread T: T then stops at j with j not run, and
// j's accesses are marked (writes in field pw, reads in pr) when the
// context ends there (seq.ThreadLayout.AtStop). Every statement of C2, not
// only its first, checks its accesses against those marks: a write
// against pw and pr, a read against pw.
//
// A hit is a race: T does not run during C2, so in the state before the
// hitting statement T is still about to run j, whose accesses are enabled
// whatever the other threads did (j is a plain statement, not a
// synchronization; its only store is its last access, and its reads
// change nothing another thread sees, so T can run up to any of its
// accesses), and the other thread is about
// to run its access. The address of a marked access was computed when C1
// ended and is the same in that state: it reads only memory no other
// thread accesses (stableAddr: a[i] with i local, p->f with p local, a
// global), and T did not run. Hence the conditions on j (pendable): no
// call, no side effect but the outermost assignment or increment (its
// addresses are those of the state before it), no && || ?: (an access
// there need not happen), not in an atomic section. Only non-atomic
// accesses of the program's own lvalues are marked (a marked access and
// any access hitting it then race, atomic or not), and bit-field accesses
// neither mark nor check (their checks cover the whole struct).

// pendingAccess is a checked access of the statement being rewritten and
// the address it checks.
type pendingAccess struct {
	site       *Site
	addr, size ir.Expr // size: generic target only
}

// markPending records the pending marks of statement s, just rewritten,
// when s is the visible statement at label j (j >= 0) and may be pending
// (ok: pendable before the rewriting).
func (r *rewriter) markPending(j int, s ir.Stmt, ok bool) {
	in := r.in
	if in.dry || !in.pending || j < 0 || !ok || len(r.pend) == 0 || !r.tl.Visible[s] || r.tl.Atomic[s] {
		return
	}
	v := in.vars
	loc := *s.Origin()
	k := ir.Lit(1, ir.BoolType)
	var marks []ir.Expr
	var pick ir.Stmt
	if in.target == translate.Generic {
		// One of the accesses, chosen nondeterministically, is tracked
		// (as C1's writes are). The choice is a statement without a
		// source position: the trace shows no value for it.
		nd := in.prog.DeclareFunc("__VERIFIER_nondet_uint", &ir.Func{Result: ir.UIntType})
		pick = &ir.ExprStmt{Loc: ir.Loc{Func: loc.Func}, X: ir.Set(ir.Ref(v.pick), ir.CallFn(nd))}
		for i, a := range r.pend {
			chosen := ir.Bin(ir.Eq, ir.Ref(v.pick), ir.Lit(int64(i), ir.UIntType), ir.IntType)
			marks = append(marks, ir.Bin(ir.LAnd, chosen, seqAll(
				ir.Set(ir.Ref(v.pa), &ir.Cast{X: ir.Clone(a.addr), T: ir.CharPtrType}),
				ir.Set(ir.Ref(v.ps), ir.Clone(a.size)),
				ir.Set(ir.Ref(v.pk), ir.Lit(int64(a.site.ID), ir.UIntType)),
				ir.Set(ir.Ref(v.pw), ir.Lit(b2i(a.site.Write), ir.BoolType)),
				ir.IntConst(1)), ir.IntType))
		}
	} else {
		marks = append(marks, ir.Set(ir.Ref(v.c1p), ir.Lit(int64(r.region), ir.UIntType)))
		for _, a := range r.pend {
			f := fieldPendR
			if a.site.Write {
				f = fieldPendW
			}
			marks = append(marks, in.setField(ir.Clone(a.addr), f, ir.Clone(k)))
			in.pendingSites[r.region] = append(in.pendingSites[r.region], a.site)
		}
	}
	c1 := ir.Bin(ir.LAnd, ir.Ref(v.dr0), &ir.Unary{Op: ir.Not, X: ir.Ref(v.dr1), T: ir.IntType}, ir.IntType)
	// cs == j again (seq tests it too): the trace takes a condition on cs
	// for the sequentialization's own, and shows no step for it.
	lay := in.layout
	c1 = ir.Bin(ir.LAnd, ir.Bin(ir.Eq, ir.Ref(lay.CS), ir.Lit(int64(j), lay.CS.Type), ir.IntType), c1, ir.IntType)
	if r.tl.AtStop == nil {
		r.tl.AtStop = map[int][]ir.Stmt{}
	}
	then := ir.NewBlock(loc, &ir.ExprStmt{Loc: loc, X: seqAll(marks...)})
	if pick != nil {
		then.List = append([]ir.Stmt{pick}, then.List...)
	}
	r.tl.AtStop[j] = append(r.tl.AtStop[j], &ir.If{Loc: loc, Cond: c1, Then: then})
}

// stableAddr reports whether the address of lvalue lv reads only memory
// no other thread may access.
func (r *rewriter) stableAddr(lv ir.Expr) bool {
	switch x := lv.(type) {
	case *ir.Ident:
		return true
	case *ir.Index:
		base := r.stableVal(x.X)
		if ir.IsArray(x.X.Type()) {
			base = r.stableAddr(x.X)
		}
		return base && r.stableVal(x.I)
	case *ir.Member:
		if x.Arrow {
			return r.stableVal(x.X)
		}
		return ir.IsLvalue(x.X) && r.stableAddr(x.X)
	case *ir.Unary:
		return x.Op == ir.Deref && r.stableVal(x.X)
	}
	return false
}

// stableVal reports whether the value of e reads only memory no other
// thread may access.
func (r *rewriter) stableVal(e ir.Expr) bool {
	switch x := e.(type) {
	case *ir.IntLit, *ir.SizeofType, *ir.SizeofExpr, *ir.FuncRef, *ir.StringLit:
		return true
	case *ir.Ident, *ir.Index, *ir.Member:
		if ir.IsArray(e.Type()) {
			return r.stableAddr(e) // the array's address
		}
		return !r.in.info.SharedLvalue(e) && r.stableAddr(e)
	case *ir.Unary:
		switch x.Op {
		case ir.Addr:
			return r.stableAddr(x.X)
		case ir.Deref:
			if ir.IsArray(e.Type()) {
				return r.stableVal(x.X)
			}
			return !r.in.info.SharedLvalue(e) && r.stableVal(x.X)
		case ir.Neg, ir.Not, ir.BitNot, ir.Plus:
			return r.stableVal(x.X)
		}
		return false
	case *ir.Binary:
		return r.stableVal(x.X) && r.stableVal(x.Y)
	case *ir.Cast:
		return r.stableVal(x.X)
	}
	return false
}

// pendable reports whether statement s may be pending: its accesses and
// their addresses are those of the state before it runs, and each of them
// happens when it runs.
func pendable(s ir.Stmt) bool {
	switch x := s.(type) {
	case *ir.ExprStmt:
		switch e := x.X.(type) {
		case *ir.Assign:
			if _, call := e.R.(*ir.Call); call {
				return false
			}
			return plain(e.L) && plain(e.R)
		case *ir.Unary:
			switch e.Op {
			case ir.PreInc, ir.PreDec, ir.PostInc, ir.PostDec:
				return plain(e.X)
			}
		}
		return plain(x.X)
	case *ir.If:
		return plain(x.Cond)
	case *ir.Return:
		return x.X == nil || plain(x.X)
	case *ir.DeclStmt:
		if x.Init == nil || x.Init.IsList || !plain(x.Init.Expr) {
			return false
		}
		self := false
		ir.Inspect(x.Init.Expr, func(n any) bool {
			if id, ok := n.(*ir.Ident); ok && id.Var == x.Var {
				self = true
			}
			return !self
		})
		return !self
	}
	return false
}

// plain reports whether e has no side effects and evaluates every operand
// (no && || ?:).
func plain(e ir.Expr) bool {
	if e == nil || !pure(e) {
		return false
	}
	ok := true
	ir.Inspect(e, func(n any) bool {
		switch x := n.(type) {
		case *ir.Binary:
			if x.Op == ir.LAnd || x.Op == ir.LOr {
				ok = false
			}
		case *ir.Cond, *ir.Call:
			ok = false
		case *ir.SizeofExpr:
			return false
		}
		return ok
	})
	return ok
}

// pendingCheck returns the phase-2 check of a pending mark for an access
// at addr with the given site id: in C2 (dr1), the first hit records the
// access (drd) and that it hit a pending mark (drp).
func (in *Instrumenter) pendingCheck(addr, size ir.Expr, write bool, id ir.Expr) ir.Expr {
	v := in.vars
	var hit ir.Expr
	if in.target == translate.Generic {
		hit = overlaps(addr, size, v.pa, v.ps)
		if !write {
			hit = ir.Bin(ir.LAnd, hit, ir.Ref(v.pw), ir.IntType)
		}
	} else {
		hit = in.getField(ir.Clone(addr), fieldPendW)
		if write {
			hit = ir.Bin(ir.LOr, hit, in.getField(ir.Clone(addr), fieldPendR), ir.IntType)
		}
	}
	noneYet := &ir.Unary{Op: ir.Not, X: ir.Ref(v.drd), T: ir.IntType}
	record := seqAll(ir.Set(ir.Ref(v.drd), ir.Clone(id)), ir.Set(ir.Ref(v.drp), ir.Lit(1, ir.BoolType)), ir.IntConst(1))
	return ir.Bin(ir.LAnd, ir.Bin(ir.LAnd, ir.Bin(ir.LAnd, ir.Ref(v.dr1), noneYet, ir.IntType), hit, ir.IntType), record, ir.IntType)
}

// pendingOf returns the access of the statement pending when C1 ended
// (region) that access second races with: one on the same lvalue, or the
// same variable, or else the first that conflicts with it.
func (in *Instrumenter) pendingOf(region int, second *Site) *Site {
	var cands []*Site
	for _, s := range in.pendingSites[region] {
		if s.Write || second.Write {
			cands = append(cands, s)
		}
	}
	return partnerOf(cands, second)
}

// NoPendingChecks turns the pending check off: C1 then ends only after a
// statement, as in the LaDR paper.
func (in *Instrumenter) NoPendingChecks() { in.pending = false }
