package seq

import (
	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/model"
)

// LowerAPI rewrites, in the thread functions, the library calls whose model
// takes more than one step or an atomic section, before visible statements
// are numbered:
//
//   - pthread_cond_wait(c, m) releases m (CondUnlockFunc), lets other
//     threads run (spurious wake-ups are allowed, so signal and broadcast
//     need no model), and takes m again: two statements;
//   - pthread_barrier_wait(b) arrives, then waits for the barrier's
//     generation to change: two statements;
//   - gcc's __atomic_* and __sync_* builtins and the __c11_atomic_*
//     functions become atomic sections doing the read-modify-write on plain
//     lvalues; the arguments are evaluated before and the result is
//     assigned after the section.
//
// CondUnlockFunc is the release of the mutex of a condition wait:
// undefined (unknown) unless the thread holds the mutex, once (a
// recursive mutex locked more than once is not released by glibc's wait:
// not modelled, also unknown).
const CondUnlockFunc = "__ladr_cond_unlock"

// CondAwaitFunc is a condition wait's wait for a signal (property
// Deadlock).
const CondAwaitFunc = "__ladr_cond_await"

// For property Deadlock, a condition wait takes three statements: the
// release of the mutex, which also notes the condition's signal count
// (CondUnlockFunc with the condition as its second argument), the wait
// for a signal or broadcast after that (CondAwaitFunc: spurious wake-ups
// are not counted on), and the relock; signal and broadcast count.
func LowerAPI(prog *ir.Program, p Property) error {
	a := &apiLowerer{Builder: ir.Builder{Prefix: "__ladr_a"}, prog: prog, deadlock: p == Deadlock}
	for _, f := range prog.Funcs {
		if f.Thread == nil {
			continue
		}
		a.fn = f
		ir.RewriteBlocks(f.Body, a.stmt)
	}
	return nil
}

type apiLowerer struct {
	// Builder makes the temporaries (__ladr_aN) and the statements at the
	// call being lowered (Loc).
	ir.Builder
	prog *ir.Program
	fn   *ir.Function
	// deadlock: property Deadlock (a condition wait waits for a signal).
	deadlock bool
}

func (a *apiLowerer) fnDecl(name string, result ir.Type) *ir.Function {
	return a.prog.DeclareFunc(name, &ir.Func{Result: result, NoProto: true})
}

// save evaluates e into a fresh temporary and returns a reference to it.
func (a *apiLowerer) save(e ir.Expr, out *[]ir.Stmt) ir.Expr {
	t := e.Type()
	if arr, ok := t.(*ir.Array); ok {
		t = &ir.Pointer{Elem: arr.Elem}
	}
	if ft, ok := t.(*ir.Func); ok {
		t = &ir.Pointer{Elem: ft}
	}
	v := a.temp(t, out)
	*out = append(*out, a.exec(ir.Set(ir.Ref(v), e)))
	return ir.Ref(v)
}

// isAddrOfSimple reports whether e is &x or &x.f or &a[c] for a variable
// x, a constant c: evaluating it twice is the same as once.
func isAddrOfSimple(e ir.Expr) bool {
	u, ok := e.(*ir.Unary)
	if !ok || u.Op != ir.Addr {
		return false
	}
	var simple func(ir.Expr) bool
	simple = func(e ir.Expr) bool {
		switch x := e.(type) {
		case *ir.Ident:
			return true
		case *ir.Member:
			return !x.Arrow && simple(x.X)
		case *ir.Index:
			_, c := x.I.(*ir.IntLit)
			return c && ir.IsArray(x.X.Type()) && simple(x.X)
		}
		return false
	}
	return simple(u.X)
}

// temp and exec are the Builder's, under the names the lowering's switch
// uses.
func (a *apiLowerer) temp(t ir.Type, out *[]ir.Stmt) *ir.Var { return a.Temp(t, out) }

func (a *apiLowerer) exec(e ir.Expr) ir.Stmt { return a.Exec(e) }

// clone returns a deep copy of e.
func clone(e ir.Expr) ir.Expr { return ir.Clone(e) }

func deref(p ir.Expr, t ir.Type) ir.Expr {
	if a, ok := p.(*ir.Unary); ok && a.Op == ir.Addr && (t == nil || ir.Identical(t, a.X.Type())) {
		return clone(a.X) // *&x is x
	}
	if t == nil {
		t = ir.Elem(p.Type())
	}
	if t == nil || ir.IsVoid(t) {
		t = ir.IntType
		p = &ir.Cast{X: p, T: &ir.Pointer{Elem: t}}
	}
	return &ir.Unary{Op: ir.Deref, X: clone(p), T: t, P: p.Pos()}
}

func (a *apiLowerer) stmt(s ir.Stmt) []ir.Stmt {
	call, lhs := bound.CallOf(s)
	if call == nil {
		return []ir.Stmt{s}
	}
	f := ir.CalledFunc(call)
	if f == nil {
		return []ir.Stmt{s}
	}
	a.Loc = *s.Origin()
	args := call.Args
	var out []ir.Stmt
	result := func(v ir.Expr) {
		if lhs != nil && v != nil {
			out = append(out, a.exec(&ir.Assign{L: lhs, R: v, T: lhs.Type(), P: call.P}))
		}
	}
	info := model.Lookup(f.Name)
	switch info.Op {
	case model.OpCondWait, model.OpCondTimeWait:
		if len(args) < 2 {
			return []ir.Stmt{s}
		}
		m := a.save(args[1], &out)
		unlock := a.fnDecl(CondUnlockFunc, ir.IntType)
		lock := a.fnDecl("pthread_mutex_lock", ir.IntType)
		if a.deadlock && info.Op == model.OpCondWait {
			c := a.save(args[0], &out)
			// The wait names the call's own arguments when they are
			// simple (its report shows them).
			cw, mw := clone(c), clone(m)
			if isSimple(args[0]) && isSimple(args[1]) {
				cw, mw = clone(args[0]), clone(args[1])
			}
			await := a.fnDecl(CondAwaitFunc, ir.VoidType)
			out = append(out, a.exec(ir.CallFn(unlock, m, c)), a.exec(ir.CallFn(await, cw, mw)), a.exec(ir.CallFn(lock, clone(m))))
		} else {
			out = append(out, a.exec(ir.CallFn(unlock, m)), a.exec(ir.CallFn(lock, clone(m))))
		}
		if info.Op == model.OpCondTimeWait {
			nb := a.fnDecl("__VERIFIER_nondet_bool", ir.BoolType)
			result(&ir.Cond{C: ir.CallFn(nb), X: ir.IntConst(0), Y: ir.IntConst(model.ETIMEDOUT), T: ir.IntType})
		} else {
			result(ir.IntConst(0))
		}
		return out
	case model.OpBarrierWait:
		if len(args) != 1 {
			return []ir.Stmt{s}
		}
		b := a.save(args[0], &out)
		g := a.temp(ir.IntType, &out)
		arrive := a.fnDecl("__ladr_barrier_arrive", ir.IntType)
		await := a.fnDecl("__ladr_barrier_await", ir.VoidType)
		out = append(out, a.exec(ir.Set(ir.Ref(g), ir.CallFn(arrive, b))), a.exec(ir.CallFn(await, clone(b), ir.Ref(g))))
		result(&ir.Cond{C: ir.Bin(ir.And, ir.Ref(g), ir.IntConst(1), ir.IntType), X: ir.IntConst(-1), Y: ir.IntConst(0), T: ir.IntType})
		return out
	}
	if info.Kind != model.Atomic {
		return []ir.Stmt{s}
	}
	return a.atomic(info, call, lhs)
}

// arith maps the atomic builtins' arithmetic to the IR's operators (nand
// is ~(x & v)).
var arith = map[model.Arith]ir.Op{model.ArithAdd: ir.Add, model.ArithSub: ir.Sub, model.ArithAnd: ir.And,
	model.ArithOr: ir.Or, model.ArithXor: ir.Xor, model.ArithNand: ir.And}

// atomic lowers an atomic builtin into an atomic section, by its
// operation in the library table.
func (a *apiLowerer) atomic(f model.Info, call *ir.Call, lhs ir.Expr) []ir.Stmt {
	name := f.Name
	var out []ir.Stmt
	switch f.Op {
	case model.OpFence:
		if lhs != nil {
			return []ir.Stmt{a.exec(&ir.Assign{L: lhs, R: ir.IntConst(0), T: lhs.Type()})}
		}
		return nil
	}
	args := make([]ir.Expr, len(call.Args))
	for i, x := range call.Args {
		if isAddrOfSimple(x) {
			args[i] = x // &x needs no temporary (and keeps reports readable)
		} else {
			args[i] = a.save(x, &out)
		}
	}
	if len(args) == 0 {
		return []ir.Stmt{&ir.Unsupported{Loc: a.Loc, What: "atomic builtin " + name + " without arguments"}}
	}
	p := args[0]
	elem := ir.Elem(p.Type())
	if elem == nil || ir.IsVoid(elem) {
		elem = call.T
	}
	begin := a.fnDecl("__VERIFIER_atomic_begin", ir.VoidType)
	end := a.fnDecl("__VERIFIER_atomic_end", ir.VoidType)
	var body []ir.Stmt
	var res ir.Expr
	set := func(l, r ir.Expr) { body = append(body, a.exec(&ir.Assign{L: l, R: r, T: l.Type()})) }
	arg := func(i int) ir.Expr {
		if i < len(args) {
			return clone(args[i])
		}
		return ir.IntConst(0)
	}
	rmw := func(op ir.Op, fetchFirst, nand bool) {
		t := a.temp(elem, &out)
		if fetchFirst {
			set(ir.Ref(t), deref(p, elem))
			var nv ir.Expr = ir.Bin(op, ir.Ref(t), arg(1), elem)
			if nand {
				nv = &ir.Unary{Op: ir.BitNot, X: ir.Bin(ir.And, ir.Ref(t), arg(1), elem), T: elem}
			}
			set(deref(p, elem), nv)
		} else {
			var nv ir.Expr = ir.Bin(op, deref(p, elem), arg(1), elem)
			if nand {
				nv = &ir.Unary{Op: ir.BitNot, X: ir.Bin(ir.And, deref(p, elem), arg(1), elem), T: elem}
			}
			set(ir.Ref(t), nv)
			set(deref(p, elem), ir.Ref(t))
		}
		res = ir.Ref(t)
	}
	switch f.Op {
	case model.OpAtomicLoad:
		t := a.temp(elem, &out)
		set(ir.Ref(t), deref(p, elem))
		res = ir.Ref(t)
	case model.OpAtomicStore:
		set(deref(p, elem), arg(1))
	case model.OpAtomicExchange:
		t := a.temp(elem, &out)
		set(ir.Ref(t), deref(p, elem))
		set(deref(p, elem), arg(1))
		res = ir.Ref(t)
	case model.OpAtomicRelease:
		set(deref(p, elem), ir.IntConst(0))
	case model.OpAtomicLoadPtr:
		set(deref(arg(1), elem), deref(p, elem))
	case model.OpAtomicStorePtr:
		set(deref(p, elem), deref(arg(1), elem))
	case model.OpAtomicExchangePtr:
		set(deref(arg(2), elem), deref(p, elem))
		set(deref(p, elem), deref(arg(1), elem))
	case model.OpCompareExchange, model.OpCompareExchangePtr:
		t := a.temp(ir.BoolType, &out)
		desired := arg(2)
		if f.Op == model.OpCompareExchangePtr {
			desired = deref(arg(2), elem)
		}
		set(ir.Ref(t), ir.Bin(ir.Eq, deref(p, elem), deref(arg(1), elem), ir.IntType))
		body = append(body, &ir.If{Loc: a.Loc, Cond: ir.Ref(t),
			Then: ir.NewBlock(a.Loc, a.exec(ir.Set(deref(p, elem), desired))),
			Else: ir.NewBlock(a.Loc, a.exec(ir.Set(deref(arg(1), elem), deref(p, elem))))})
		res = ir.Ref(t)
	case model.OpBoolCAS:
		t := a.temp(ir.BoolType, &out)
		set(ir.Ref(t), ir.Bin(ir.Eq, deref(p, elem), arg(1), ir.IntType))
		body = append(body, &ir.If{Loc: a.Loc, Cond: ir.Ref(t), Then: ir.NewBlock(a.Loc, a.exec(ir.Set(deref(p, elem), arg(2))))})
		res = ir.Ref(t)
	case model.OpValCAS:
		t := a.temp(elem, &out)
		set(ir.Ref(t), deref(p, elem))
		body = append(body, &ir.If{Loc: a.Loc, Cond: ir.Bin(ir.Eq, ir.Ref(t), arg(1), ir.IntType), Then: ir.NewBlock(a.Loc, a.exec(ir.Set(deref(p, elem), arg(2))))})
		res = ir.Ref(t)
	case model.OpTestAndSet:
		t := a.temp(ir.BoolType, &out)
		set(ir.Ref(t), deref(p, ir.UCharType))
		set(deref(p, ir.UCharType), ir.IntConst(1))
		res = ir.Ref(t)
	case model.OpClear:
		set(deref(p, ir.UCharType), ir.IntConst(0))
	case model.OpFetchThen, model.OpThenFetch:
		rmw(arith[f.Arith], f.Op == model.OpFetchThen, f.Arith == model.ArithNand)
	default:
		return []ir.Stmt{&ir.Unsupported{Loc: a.Loc, What: "atomic builtin " + name}}
	}
	out = append(out, a.exec(ir.CallFn(begin)))
	out = append(out, body...)
	out = append(out, a.exec(ir.CallFn(end)))
	if lhs != nil && res != nil {
		out = append(out, a.exec(&ir.Assign{L: lhs, R: res, T: lhs.Type(), P: call.P}))
	}
	return out
}
