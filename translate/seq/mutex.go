package seq

import (
	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/model"
)

// KindUndefined is the kind of the assertions that fail where the program's
// behaviour is undefined and ladr does not pick one (the unlock of a normal
// mutex the thread does not hold): a check that fails one has no answer.
const KindUndefined = "undefined"

// KindUnmodelled is the kind of the assertions that fail where the program
// does something ladr does not model (bound.CheckModelledFunc): a check
// that fails one has no answer.
const KindUnmodelled = "unmodelled"

// KindUnmodelledCall is the kind of the assertions that fail where the
// program calls a function ladr does not model (Options.CheckUnmodelled):
// no violation, but a sign that the bounded program lacks the behaviours
// after the call; the check is made again with such paths ending there
// and the result marked incomplete (Unmodelled).
const KindUnmodelledCall = "unmodelled-call"

// checkModelled lowers __ladr_check_modelled(c, what).
func (c *site) checkModelled() error {
	what := "a construct that is not modelled"
	if str, ok := c.arg(1).(*ir.StringLit); ok {
		what = str.Val
	}
	// Inside ladr's C library model, the place is the program's call.
	loc := c.loc
	loc.Pos = UserPos(c.loc)
	c.add(c.s.assertion(loc, &ir.Unary{Op: ir.Not, X: c.arg(0), T: ir.IntType}, KindUnmodelled, what))
	return nil
}

// Mutex types.
//
// A mutex's state is its first int word (glibc's __lock): 0 when free, the
// owner's identifier plus one when held. Its type is glibc's __kind field,
// which the static initializers (PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP...)
// and pthread_mutex_init set, and a recursive mutex's lock count is its
// __count field. The attributes object keeps the type in its first int
// word (pthread_mutexattr_settype).
//
// When no mutex of the program can have another type than normal (no call
// of pthread_mutexattr_settype, no initializer of a non-zero __kind), the
// lowerings do not read the type: every mutex is normal.
//
// What each type does, per POSIX:
//
//   - normal: a relock by the owner blocks forever; an unlock by a thread
//     that does not hold the mutex is undefined (an assertion of kind
//     KindUndefined);
//   - recursive: a relock by the owner counts, an unlock counts down and
//     releases at zero; an unlock by another thread returns EPERM;
//   - errorcheck: a relock by the owner returns EDEADLK, an unlock by
//     another thread or of a free mutex returns EPERM.

// usesMutexKinds reports whether a mutex of prog may be of another type
// than normal: prog calls pthread_mutexattr_settype, initializes a __kind
// field with anything but 0 (glibc's static initializers), or reads or
// writes a __kind field itself.
func usesMutexKinds(prog *ir.Program) bool {
	found := false
	var initHas func(in *ir.Init, kindField bool) bool
	initHas = func(in *ir.Init, kindField bool) bool {
		if in == nil {
			return false
		}
		if !in.IsList {
			if !kindField {
				return false
			}
			lit, ok := ir.Uncast(in.Expr).(*ir.IntLit)
			return !ok || lit.Val != 0
		}
		for _, el := range in.List {
			if initHas(el.Value, el.Field != nil && el.Field.Name == "__kind") {
				return true
			}
		}
		return false
	}
	for _, v := range prog.Globals {
		if initHas(v.Init, false) {
			return true
		}
	}
	for _, f := range prog.Funcs {
		if f.Body == nil {
			continue
		}
		ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
			switch x := n.(type) {
			case *ir.Call:
				if model.Lookup(calleeName(x)).Op == model.OpMAttrSetType {
					found = true
				}
			case *ir.Init:
				// A declaration's or a compound literal's.
				if initHas(x, false) {
					found = true
				}
			case *ir.Member:
				// The program touches the type itself.
				if x.Field != nil && x.Field.Name == "__kind" {
					found = true
				}
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// callsOp reports whether prog calls a function of operation op.
func callsOp(prog *ir.Program, op model.Op) bool {
	found := false
	for _, f := range prog.Funcs {
		if f.Body == nil {
			continue
		}
		ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
			if c, ok := n.(*ir.Call); ok && model.Lookup(calleeName(c)).Op == op {
				found = true
			}
			return !found
		})
	}
	return found
}

// setsDetached reports whether prog may set a thread attributes object's
// detach state to detached: a call of pthread_attr_setdetachstate whose
// state is not the constant PTHREAD_CREATE_JOINABLE.
func setsDetached(prog *ir.Program) bool {
	found := false
	for _, f := range prog.Funcs {
		if f.Body == nil {
			continue
		}
		ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
			if c, ok := n.(*ir.Call); ok && model.Lookup(calleeName(c)).Op == model.OpAttrSetDetach {
				if len(c.Args) < 2 {
					found = true
					return false
				}
				if lit, isLit := ir.Uncast(c.Args[1]).(*ir.IntLit); !isLit || lit.Val != model.CreateJoinable {
					found = true
				}
			}
			return !found
		})
	}
	return found
}

// mutexField returns the lvalue of field name (glibc's __kind, __count) of
// the mutex p points to, reached through the union's __data member, or nil
// when the type has none.
func mutexField(p ir.Expr, name string) ir.Expr {
	pt, ok := p.Type().(*ir.Pointer)
	if !ok {
		return nil
	}
	find := func(t ir.Type, n string) *ir.Field {
		st, ok := t.(*ir.Struct)
		if !ok {
			return nil
		}
		for _, f := range st.Fields {
			if f.Name == n && !f.BitField {
				return f
			}
		}
		return nil
	}
	if f := find(pt.Elem, name); f != nil {
		return &ir.Member{X: clone(p), Field: f, Arrow: true, T: f.Type}
	}
	data := find(pt.Elem, "__data")
	if data == nil {
		return nil
	}
	f := find(data.Type, name)
	if f == nil {
		return nil
	}
	return &ir.Member{X: &ir.Member{X: clone(p), Field: data, Arrow: true, T: data.Type}, Field: f, T: f.Type}
}

// isMutex reports whether the call's function works on a mutex (not a
// spin lock).
func (c *site) isMutex() bool { return model.Lookup(c.name).Lock.Object == model.Mutex }

// mutexType returns, when the program's mutexes may have types, a
// temporary holding the type of the mutex m points to, and the lvalue of
// its lock count; nil, nil when every mutex is normal.
func (c *site) mutexType(m ir.Expr) (ir.Expr, ir.Expr, error) {
	if !c.s.kinds || !c.isMutex() {
		return nil, nil, nil
	}
	kind, count := mutexField(m, "__kind"), mutexField(m, "__count")
	if kind == nil || count == nil {
		return nil, nil, &bound.UnsupportedError{Pos: c.loc.Pos, What: c.name + " of a mutex whose type has no __kind and __count fields (glibc's), in a program that sets mutex types"}
	}
	k := c.s.temp(ir.IntType)
	c.set(ir.Ref(k), ir.Bin(ir.And, &ir.Cast{X: kind, T: ir.IntType}, ir.IntConst(model.MutexKindMask), ir.IntType))
	return ir.Ref(k), count, nil
}

func (c *site) is(k ir.Expr, kind int64) ir.Expr {
	return ir.Bin(ir.Eq, clone(k), ir.IntConst(kind), ir.IntType)
}

func (c *site) block(st ...ir.Stmt) *ir.Block { return ir.NewBlock(c.loc, st...) }

func (c *site) setStmt(l, r ir.Expr) ir.Stmt { return exec(c.loc, ir.Set(l, r)) }

// owned is the condition that the calling thread holds the lock m.
func (c *site) owned(m ir.Expr) ir.Expr { return ir.Bin(ir.Eq, c.rd(m), c.me1(), ir.IntType) }

// undefined is the assertion that cond holds, failing where the
// behaviour is undefined.
func (c *site) undefined(cond ir.Expr, what string) ir.Stmt {
	return c.s.assertion(c.loc, cond, KindUndefined, what)
}

func (c *site) mutexInit() error {
	m := c.saved(0)
	c.set(c.word(m, 0), ir.IntConst(0))
	if c.s.kinds {
		kind, count := mutexField(m, "__kind"), mutexField(m, "__count")
		if kind == nil || count == nil {
			return &bound.UnsupportedError{Pos: c.loc.Pos, What: "pthread_mutex_init of a mutex whose type has no __kind and __count fields (glibc's), in a program that sets mutex types"}
		}
		c.set(count, ir.IntConst(0))
		var k ir.Expr = ir.IntConst(model.MutexNormal)
		if a := c.arg(1); !ir.IsNullConst(a) {
			ap := c.saved(1)
			k = &ir.Cond{C: clone(ap), X: c.attrWord(ap), Y: ir.IntConst(model.MutexNormal), T: ir.IntType}
		}
		c.set(kind, &ir.Cast{X: k, T: kind.Type()})
	}
	c.ret(ir.IntConst(0))
	return nil
}

// attrWord is the int word of a mutex attributes object that holds the
// type.
func (c *site) attrWord(a ir.Expr) ir.Expr { return c.rd(a) }

func (c *site) mattrInit() error {
	a := c.saved(0)
	c.set(c.word(a, 0), ir.IntConst(model.MutexNormal))
	c.ret(ir.IntConst(0))
	return nil
}

func (c *site) mattrSetType() error {
	a := c.saved(0)
	k := c.s.temp(ir.IntType)
	c.set(ir.Ref(k), &ir.Cast{X: c.arg(1), T: ir.IntType})
	ok := ir.Bin(ir.LAnd, ir.Bin(ir.Ge, ir.Ref(k), ir.IntConst(0), ir.IntType), ir.Bin(ir.Le, ir.Ref(k), ir.IntConst(model.MutexKindMask), ir.IntType), ir.IntType)
	c.ifThen(clone(ok), c.word(a, 0), ir.Ref(k))
	c.ret(&ir.Cond{C: ok, X: ir.IntConst(0), Y: ir.IntConst(model.EINVAL), T: ir.IntType})
	return nil
}

func (c *site) mattrGetType() error {
	a := c.saved(0)
	c.set(&ir.Unary{Op: ir.Deref, X: &ir.Cast{X: c.arg(1), T: &ir.Pointer{Elem: ir.IntType}}, T: ir.IntType}, c.attrWord(a))
	c.ret(ir.IntConst(0))
	return nil
}

func (c *site) lock() error {
	m := c.saved(0)
	k, count, err := c.mutexType(m)
	if err != nil {
		return err
	}
	take := []ir.Stmt{c.s.d.Assume(c.loc, ir.Bin(ir.Eq, c.word(m, 0), ir.IntConst(0), ir.IntType)), c.setStmt(c.word(m, 0), c.me1())}
	if k == nil {
		// Property Deadlock: a held mutex blocks, the thread waits here
		// (a relock by the owner of a normal mutex too, for ever).
		held := ir.Bin(ir.Ne, c.word(m, 0), ir.IntConst(0), ir.IntType)
		if wait, ok := c.s.blockIf(c.loc, held, c.wordPtr(m), nil, c.what()); ok {
			c.add(wait...)
			c.add(c.setStmt(c.word(m, 0), c.me1()))
			c.ret(ir.IntConst(0))
			return nil
		}
	}
	if k == nil {
		c.add(take...)
		c.ret(ir.IntConst(0))
		return nil
	}
	// Property Deadlock: a mutex held blocks, except a recursive or
	// error-checking one its owner takes again (it counts, or fails).
	held := ir.Bin(ir.Ne, c.word(m, 0), ir.IntConst(0), ir.IntType)
	mine := ir.Bin(ir.LAnd, c.owned(m), ir.Bin(ir.LOr, c.is(k, model.MutexRecursive), c.is(k, model.MutexErrorCheck), ir.IntType), ir.IntType)
	if wait, ok := c.s.blockIf(c.loc, ir.Bin(ir.LAnd, held, &ir.Unary{Op: ir.Not, X: mine, T: ir.IntType}, ir.IntType),
		c.wordPtr(m), nil, c.what()); ok {
		c.add(wait...)
	}
	r := c.s.temp(ir.IntType)
	take = append(take, c.setStmt(clone(count), ir.IntConst(1)), c.setStmt(ir.Ref(r), ir.IntConst(0)))
	c.add(&ir.If{Loc: c.loc, Cond: ir.Bin(ir.LAnd, c.owned(m), c.is(k, model.MutexRecursive), ir.IntType),
		Then: c.block(c.setStmt(clone(count), ir.Bin(ir.Add, clone(count), ir.IntConst(1), count.Type())), c.setStmt(ir.Ref(r), ir.IntConst(0))),
		Else: c.block(&ir.If{Loc: c.loc, Cond: ir.Bin(ir.LAnd, c.owned(m), c.is(k, model.MutexErrorCheck), ir.IntType),
			Then: c.block(c.setStmt(ir.Ref(r), ir.IntConst(model.EDEADLK))),
			Else: c.block(take...)})})
	c.ret(ir.Ref(r))
	return nil
}

func (c *site) unlock() error {
	m := c.saved(0)
	if !c.isMutex() {
		c.set(c.word(m, 0), ir.IntConst(0))
		c.ret(ir.IntConst(0))
		return nil
	}
	k, count, err := c.mutexType(m)
	if err != nil {
		return err
	}
	const what = "unlock of a normal mutex the thread does not hold"
	if k == nil {
		if !c.s.opt.HeldUnlocks[c.call] {
			c.add(c.undefined(c.owned(m), what))
		}
		c.set(c.word(m, 0), ir.IntConst(0))
		c.ret(ir.IntConst(0))
		return nil
	}
	r := c.s.temp(ir.IntType)
	checked := ir.Bin(ir.LOr, c.is(k, model.MutexRecursive), c.is(k, model.MutexErrorCheck), ir.IntType)
	release := c.block(c.setStmt(c.word(m, 0), ir.IntConst(0)), c.setStmt(clone(count), ir.IntConst(0)), c.setStmt(ir.Ref(r), ir.IntConst(0)))
	c.add(&ir.If{Loc: c.loc, Cond: &ir.Unary{Op: ir.Not, X: c.owned(m), T: ir.IntType},
		Then: c.block(&ir.If{Loc: c.loc, Cond: checked,
			Then: c.block(c.setStmt(ir.Ref(r), ir.IntConst(model.EPERM))),
			Else: c.block(c.undefined(ir.IntConst(0), what), c.setStmt(c.word(m, 0), ir.IntConst(0)), c.setStmt(ir.Ref(r), ir.IntConst(0)))}),
		Else: c.block(&ir.If{Loc: c.loc, Cond: ir.Bin(ir.LAnd, c.is(k, model.MutexRecursive), ir.Bin(ir.Gt, clone(count), ir.IntConst(1), ir.IntType), ir.IntType),
			Then: c.block(c.setStmt(clone(count), ir.Bin(ir.Sub, clone(count), ir.IntConst(1), count.Type())), c.setStmt(ir.Ref(r), ir.IntConst(0))),
			Else: release})})
	c.ret(ir.Ref(r))
	return nil
}

// condUnlock releases the mutex of a condition wait, which the thread
// must hold (else undefined, or EPERM for an errorcheck mutex, where the
// wait returns at once: neither is modelled) and hold once (a recursive
// mutex held more than once: not modelled).
func (c *site) condUnlock() error {
	m := c.saved(0)
	k, count, err := c.mutexType(m)
	if err != nil {
		return err
	}
	if !c.s.opt.HeldUnlocks[c.call] || k != nil {
		c.add(c.undefined(c.owned(m), "pthread_cond_wait on a mutex the thread does not hold (for an errorcheck mutex it returns EPERM: not modelled)"))
	}
	if k != nil {
		once := ir.Bin(ir.LOr, &ir.Unary{Op: ir.Not, X: c.is(k, model.MutexRecursive), T: ir.IntType}, ir.Bin(ir.Le, clone(count), ir.IntConst(1), ir.IntType), ir.IntType)
		c.add(c.s.assertion(c.loc, once, KindUnmodelled, "pthread_cond_wait on a recursive mutex locked more than once"))
		c.set(clone(count), ir.IntConst(0))
	}
	c.set(c.word(m, 0), ir.IntConst(0))
	if c.s.opt.Property == Deadlock && len(c.args) > 1 {
		// Note the condition's signal count (condAwait).
		cv := c.saved(1)
		c.set(&ir.Index{X: ir.Ref(c.s.d.WaitGen), I: ir.IntConst(int64(c.s.me)), T: ir.IntType}, c.rd(cv))
	}
	c.ret(ir.IntConst(0))
	return nil
}

// tryLock takes the lock if it is free (a recursive mutex the caller
// holds: counts). Timed, a lock that is not free either times out or is
// waited for: the thread blocks until it is free and takes it.
func (c *site) tryLock(timed bool) error {
	m := c.saved(0)
	k, count, err := c.mutexType(m)
	if err != nil {
		return err
	}
	r := c.s.temp(ir.IntType)
	free := ir.Bin(ir.Eq, c.word(m, 0), ir.IntConst(0), ir.IntType)
	take := []ir.Stmt{c.setStmt(c.word(m, 0), c.me1()), c.setStmt(ir.Ref(r), ir.IntConst(0))}
	if k != nil {
		take = append(take, c.setStmt(clone(count), ir.IntConst(1)))
	}
	busy := []ir.Stmt{c.setStmt(ir.Ref(r), ir.IntConst(model.EBUSY))}
	if timed {
		nb := c.s.fn("__VERIFIER_nondet_bool", ir.BoolType)
		wait := append([]ir.Stmt{c.s.d.Assume(c.loc, clone(free))}, take...)
		busy = []ir.Stmt{&ir.If{Loc: c.loc, Cond: ir.CallFn(nb),
			Then: c.block(c.setStmt(ir.Ref(r), ir.IntConst(model.ETIMEDOUT))), Else: c.block(wait...)}}
	}
	var st ir.Stmt = &ir.If{Loc: c.loc, Cond: free, Then: c.block(take...), Else: c.block(busy...)}
	if k != nil {
		deadlock := c.block(c.setStmt(ir.Ref(r), ir.IntConst(model.EBUSY)))
		if timed {
			deadlock = c.block(c.setStmt(ir.Ref(r), ir.IntConst(model.EDEADLK)))
		}
		st = &ir.If{Loc: c.loc, Cond: ir.Bin(ir.LAnd, c.owned(m), c.is(k, model.MutexRecursive), ir.IntType),
			Then: c.block(c.setStmt(clone(count), ir.Bin(ir.Add, clone(count), ir.IntConst(1), count.Type())), c.setStmt(ir.Ref(r), ir.IntConst(0))),
			Else: c.block(&ir.If{Loc: c.loc, Cond: ir.Bin(ir.LAnd, c.owned(m), c.is(k, model.MutexErrorCheck), ir.IntType),
				Then: deadlock, Else: c.block(st)})}
	}
	c.add(st)
	c.ret(ir.Ref(r))
	return nil
}
