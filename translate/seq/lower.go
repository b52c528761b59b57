package seq

import (
	"strings"

	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/model"
)

// lowerings are the models of the library functions the sequentialization
// lowers in place, keyed by their operation in the library table
// (model.Info.Op): a call statement becomes the statements a lowering
// appends. The multi-step and atomic operations were split before, by
// LowerAPI.
var lowerings = map[model.Op]func(*site) error{
	model.OpCreate:        (*site).create,
	model.OpJoin:          (*site).join,
	model.OpThreadExit:    (*site).threadExit,
	model.OpDetach:        (*site).detach,
	model.OpAttrInit:      (*site).attrInit,
	model.OpAttrSetDetach: (*site).attrSetDetach,
	model.OpAttrGetDetach: (*site).attrGetDetach,
	model.OpNoOp:          (*site).noOp,
	model.OpLockInit:      (*site).lockInit,
	model.OpLock:          (*site).lock,
	model.OpUnlock:        (*site).unlock,
	model.OpTryLock:       func(c *site) error { return c.tryLock(false) },
	model.OpTimedLock:     func(c *site) error { return c.tryLock(true) },
	model.OpMutexInit:     (*site).mutexInit,
	model.OpMAttrInit:     (*site).mattrInit,
	model.OpMAttrSetType:  (*site).mattrSetType,
	model.OpMAttrGetType:  (*site).mattrGetType,
	model.OpTimedRdLock:   func(c *site) error { c.timedRWLock(true); return nil },
	model.OpTimedWrLock:   func(c *site) error { c.timedRWLock(false); return nil },
	model.OpSemTimedWait:  (*site).semTimedWait,
	model.OpOnceDone:      (*site).onceDone,
	model.OpOnceWait:      (*site).onceWait,
	model.OpCheckModelled: (*site).checkModelled,
	model.OpCondUnlock:    (*site).condUnlock,
	model.OpCondAwait:     (*site).condAwait,
	model.OpReadLock:      (*site).readLock,
	model.OpWriteLock:     (*site).writeLock,
	model.OpTryReadLock:   func(c *site) error { c.tryRWLock(true); return nil },
	model.OpTryWriteLock:  func(c *site) error { c.tryRWLock(false); return nil },
	model.OpRWUnlock:      (*site).rwUnlock,
	model.OpBarrierInit:   (*site).barrierInit,
	model.OpBarrierArrive: (*site).barrierArrive,
	model.OpBarrierAwait:  (*site).barrierAwait,
	model.OpSemInit:       (*site).semInit,
	model.OpSemWait:       (*site).semWait,
	model.OpSemPost:       (*site).semPost,
	model.OpSemTryWait:    (*site).semTryWait,
	model.OpSemGetValue:   (*site).semGetValue,
	model.OpKeyCreate:     (*site).keyCreate,
	model.OpGetSpecific:   func(c *site) error { c.specific(true); return nil },
	model.OpSetSpecific:   func(c *site) error { c.specific(false); return nil },
	model.OpOnceStep:      (*site).onceStep,
	model.OpAssume:        (*site).assumeArg,
	model.OpAtomicBegin:   func(*site) error { return nil }, // atomicity was established by the numbering
	model.OpAtomicEnd:     func(*site) error { return nil },
	model.OpUnrun:         (*site).unrun,
	model.OpBound:         (*site).bound,
	model.OpUnmodelled:    (*site).unmodelled,
	model.OpSignalThread:  (*site).unmodelled,
	model.OpCancel:        (*site).unmodelled,
	model.OpReachError:    (*site).reachError,
	model.OpAssertFail:    (*site).assertFail,
	model.OpExit:          (*site).exit,
	model.OpFork:          (*site).fork,
	model.OpWaitChild:     (*site).waitChild,
}

// site is a call statement being lowered: lhs = name(args...) or
// name(args...). The lowerings append statements to out.
type site struct {
	s    *sequentializer
	loc  ir.Loc
	name string
	args []ir.Expr
	lhs  ir.Expr
	call *ir.Call
	out  []ir.Stmt
}

// ret assigns the call's result.
func (c *site) ret(v ir.Expr) {
	if c.lhs != nil {
		c.out = append(c.out, exec(c.loc, &ir.Assign{L: c.lhs, R: v, T: c.lhs.Type()}))
	}
}

// arg returns argument i, 0 when the call has fewer.
func (c *site) arg(i int) ir.Expr {
	if i < len(c.args) {
		return c.args[i]
	}
	return ir.IntConst(0)
}

// saved evaluates an argument once into a temporary of pointer type.
func (c *site) saved(i int) ir.Expr {
	a := c.arg(i)
	if isSimple(a) {
		return a
	}
	t := c.s.temp(decay(a.Type()))
	c.out = append(c.out, exec(c.loc, ir.Set(ir.Ref(t), a)))
	return ir.Ref(t)
}

// word is the int at index i of the synchronization object p points to.
func (c *site) word(p ir.Expr, i int) ir.Expr {
	if i == 0 {
		if lv := stateField(p); lv != nil {
			return lv
		}
	}
	ip := &ir.Cast{X: clone(p), T: &ir.Pointer{Elem: ir.IntType}}
	if i == 0 {
		return &ir.Unary{Op: ir.Deref, X: ip, T: ir.IntType}
	}
	return &ir.Index{X: ip, I: ir.IntConst(int64(i)), T: ir.IntType}
}

// rd reads a synchronization object's state word as an int: the state
// field of glibc's types may be unsigned (pthread_rwlock_t's __readers),
// and the models store -1 in it.
func (c *site) rd(p ir.Expr) ir.Expr {
	w := c.word(p, 0)
	if b, ok := w.Type().(*ir.Basic); ok && b.Kind == ir.Int {
		return w
	}
	return &ir.Cast{X: w, T: ir.IntType}
}

// me1 is the calling thread's identifier plus one, the owner a lock
// records.
func (c *site) me1() ir.Expr { return ir.IntConst(int64(c.s.me + 1)) }

func (c *site) assume(e ir.Expr)  { c.out = append(c.out, c.s.d.Assume(c.loc, e)) }
func (c *site) set(l, r ir.Expr)  { c.out = append(c.out, exec(c.loc, ir.Set(l, r))) }
func (c *site) add(st ...ir.Stmt) { c.out = append(c.out, st...) }

// ifThen is if (cond) { l = r; }.
func (c *site) ifThen(cond, l, r ir.Expr) {
	c.add(&ir.If{Loc: c.loc, Cond: cond, Then: ir.NewBlock(c.loc, exec(c.loc, ir.Set(l, r)))})
}

// effects evaluates the arguments that have side effects.
func (c *site) effects() {
	for _, a := range c.args {
		if hasEffects(a) {
			c.add(exec(c.loc, a))
		}
	}
}

func (c *site) create() error {
	s := c.s
	id := int(c.args[0].(*ir.IntLit).Val)
	c.set(&ir.Unary{Op: ir.Deref, X: c.arg(1), T: ir.ULongType}, ir.Lit(int64(id), ir.ULongType))
	for _, p := range s.args[id] {
		c.set(ir.Ref(p), &ir.Cast{X: clone(c.arg(2)), T: p.Type})
	}
	c.set(&ir.Index{X: ir.Ref(s.d.Active), I: ir.IntConst(int64(id)), T: ir.BoolType}, ir.Lit(1, ir.BoolType))
	if s.detached != nil && len(c.args) > 3 {
		// Created detached: not joinable.
		a := c.saved(3)
		c.set(&ir.Index{X: ir.Ref(s.detached), I: ir.IntConst(int64(id)), T: ir.BoolType},
			ir.Bin(ir.LAnd, ir.Bin(ir.Ne, clone(a), &ir.Cast{X: ir.IntConst(0), T: a.Type()}, ir.IntType),
				ir.Bin(ir.Eq, c.rd(a), ir.IntConst(model.CreateDetached), ir.IntType), ir.IntType))
	}
	c.ret(ir.IntConst(0))
	return nil
}

// The detach state of a thread attributes object is its first word.
func (c *site) attrInit() error {
	c.set(c.word(c.saved(0), 0), ir.IntConst(model.CreateJoinable))
	c.ret(ir.IntConst(0))
	return nil
}

func (c *site) attrSetDetach() error {
	a := c.saved(0)
	v := c.s.temp(ir.IntType)
	c.set(ir.Ref(v), &ir.Cast{X: c.arg(1), T: ir.IntType})
	ok := ir.Bin(ir.LOr, ir.Bin(ir.Eq, ir.Ref(v), ir.IntConst(model.CreateJoinable), ir.IntType), ir.Bin(ir.Eq, ir.Ref(v), ir.IntConst(model.CreateDetached), ir.IntType), ir.IntType)
	c.ifThen(clone(ok), c.word(a, 0), ir.Ref(v))
	c.ret(&ir.Cond{C: ok, X: ir.IntConst(0), Y: ir.IntConst(model.EINVAL), T: ir.IntType})
	return nil
}

func (c *site) attrGetDetach() error {
	a := c.saved(0)
	c.set(&ir.Unary{Op: ir.Deref, X: &ir.Cast{X: c.arg(1), T: &ir.Pointer{Elem: ir.IntType}}, T: ir.IntType}, c.rd(a))
	c.ret(ir.IntConst(0))
	return nil
}

func (c *site) join() error {
	s := c.s
	t := c.saved(0)
	tt := &ir.Cast{X: clone(t), T: ir.UIntType}
	if s.d.Unrun != nil {
		// A thread that never runs never ends.
		c.assume(&ir.Unary{Op: ir.Not, X: ir.Ref(s.d.Unrun), T: ir.IntType})
	}
	if s.detached != nil {
		c.add(c.undefined(&ir.Unary{Op: ir.Not, X: c.unjoinable(tt), T: ir.IntType}, "pthread_join of a thread that is not joinable (detached or joined already)"))
	}
	real := ir.Bin(ir.Lt, tt, ir.Lit(int64(s.d.Threads), ir.UIntType), ir.IntType)
	ended := ir.Bin(ir.Eq, &ir.Index{X: ir.Ref(s.d.PC), I: clone(tt), T: s.d.CS.Type}, &ir.Index{X: ir.Ref(s.d.Size), I: clone(tt), T: s.d.CS.Type}, ir.IntType)
	var result ir.Expr = &ir.Index{X: ir.Ref(s.d.Retval), I: clone(tt), T: ir.VoidPtrType}
	if m := s.prog.InertThreads; m > 0 {
		// The identifiers after the threads' are those of inert
		// threads (bound.Threads): they end without a result.
		inert := ir.Bin(ir.Lt, clone(tt), ir.Lit(int64(s.d.Threads+m), ir.UIntType), ir.IntType)
		c.assume(&ir.Cond{C: clone(real), X: ended, Y: inert, T: ir.IntType})
		result = &ir.Cond{C: real, X: result, Y: &ir.Cast{X: ir.IntConst(0), T: ir.VoidPtrType}, T: ir.VoidPtrType}
	} else if wait, ok := s.blockIf(c.loc, &ir.Unary{Op: ir.Not, X: clone(ended), T: ir.IntType}, nil, clone(tt), c.what()); ok {
		// Property Deadlock: a running thread blocks the join, the
		// thread waits here.
		c.assume(real)
		c.add(wait...)
	} else {
		c.assume(ir.Bin(ir.LAnd, real, ended, ir.IntType))
	}
	if len(c.args) > 1 && !ir.IsNullConst(c.args[1]) {
		rp := c.saved(1)
		c.ifThen(clone(rp), &ir.Unary{Op: ir.Deref, X: &ir.Cast{X: clone(rp), T: &ir.Pointer{Elem: ir.VoidPtrType}}, T: ir.VoidPtrType}, result)
	}
	c.markUnjoinable(tt)
	c.ret(ir.IntConst(0))
	return nil
}

// unjoinable is the condition that thread tt (an unsigned identifier) is
// a thread that was detached or joined (__ladr_detached).
func (c *site) unjoinable(tt ir.Expr) ir.Expr {
	s := c.s
	inRange := ir.Bin(ir.Lt, clone(tt), ir.Lit(int64(s.d.Threads+s.prog.InertThreads), ir.UIntType), ir.IntType)
	return ir.Bin(ir.LAnd, inRange, &ir.Index{X: ir.Ref(s.detached), I: clone(tt), T: ir.BoolType}, ir.IntType)
}

// markUnjoinable records that thread tt is no longer joinable, when the
// program detaches threads.
func (c *site) markUnjoinable(tt ir.Expr) {
	s := c.s
	if s.detached == nil {
		return
	}
	c.ifThen(ir.Bin(ir.Lt, clone(tt), ir.Lit(int64(s.d.Threads+s.prog.InertThreads), ir.UIntType), ir.IntType),
		&ir.Index{X: ir.Ref(s.detached), I: clone(tt), T: ir.BoolType}, ir.Lit(1, ir.BoolType))
}

// detach marks thread t no longer joinable (__ladr_detached): joining or
// detaching it again is undefined, and so is detaching an identifier that
// is no thread's.
func (c *site) detach() error {
	s := c.s
	if s.detached != nil {
		t := c.saved(0)
		tt := &ir.Cast{X: clone(t), T: ir.UIntType}
		valid := ir.Bin(ir.Lt, clone(tt), ir.Lit(int64(s.d.Threads+s.prog.InertThreads), ir.UIntType), ir.IntType)
		ok := ir.Bin(ir.LAnd, valid, &ir.Unary{Op: ir.Not, X: c.unjoinable(tt), T: ir.IntType}, ir.IntType)
		c.add(c.undefined(ok, "pthread_detach of a thread that is not joinable (detached or joined already, or no thread)"))
		c.markUnjoinable(tt)
	} else {
		c.effects()
	}
	c.ret(ir.IntConst(0))
	return nil
}

func (c *site) threadExit() error {
	s := c.s
	if s.me != 0 {
		c.set(&ir.Index{X: ir.Ref(s.d.Retval), I: ir.IntConst(int64(s.me)), T: ir.VoidPtrType}, &ir.Cast{X: c.arg(0), T: ir.VoidPtrType})
	}
	c.add(s.jumpOut(c.loc)...)
	return nil
}

func (c *site) noOp() error {
	if c.s.opt.Property == Deadlock && (c.name == "pthread_cond_signal" || c.name == "pthread_cond_broadcast") && len(c.args) > 0 {
		// Property Deadlock: a signal counts (it wakes every waiter).
		cv := c.saved(0)
		c.set(c.word(cv, 0), ir.Bin(ir.Add, c.rd(cv), ir.IntConst(1), ir.IntType))
		c.ret(ir.IntConst(0))
		return nil
	}
	c.effects()
	c.ret(ir.IntConst(0))
	return nil
}

func (c *site) lockInit() error {
	c.set(c.word(c.arg(0), 0), ir.IntConst(0))
	c.ret(ir.IntConst(0))
	return nil
}

// condAwait waits, for property Deadlock, for a signal or broadcast of the
// condition after the wait began (its count differs from the one
// condUnlock noted); else it does not block.
func (c *site) condAwait() error {
	s := c.s
	if s.opt.Property != Deadlock {
		return nil
	}
	cv := c.saved(0)
	noted := &ir.Index{X: ir.Ref(s.d.WaitGen), I: ir.IntConst(int64(s.me)), T: ir.IntType}
	same := ir.Bin(ir.Eq, c.rd(cv), noted, ir.IntType)
	what := "pthread_cond_wait(" + ir.ExprString(c.arg(0)) + ", " + ir.ExprString(c.arg(1)) + ")"
	if wait, ok := s.blockOn(c.loc, same, c.wordPtr(cv), waitSame, clone(noted), nil, what); ok {
		c.add(wait...)
	}
	return nil
}

// wordPtr is the address of the state word of the synchronization object
// p points to, as an int pointer (property Deadlock's wait).
func (c *site) wordPtr(p ir.Expr) ir.Expr {
	w := c.word(p, 0)
	return &ir.Cast{X: &ir.Unary{Op: ir.Addr, X: w, T: &ir.Pointer{Elem: w.Type()}}, T: &ir.Pointer{Elem: ir.IntType}}
}

func (c *site) readLock() error {
	m := c.saved(0)
	// Property Deadlock: a writer blocks the reader, which waits here.
	if wait, ok := c.s.blockOn(c.loc, ir.Bin(ir.Lt, c.rd(m), ir.IntConst(0), ir.IntType), c.wordPtr(m), waitWriter, nil, nil, c.what()); ok {
		c.add(wait...)
	}
	c.assume(ir.Bin(ir.Ge, c.rd(m), ir.IntConst(0), ir.IntType))
	c.set(c.word(m, 0), ir.Bin(ir.Add, c.rd(m), ir.IntConst(1), ir.IntType))
	c.ret(ir.IntConst(0))
	return nil
}

func (c *site) writeLock() error {
	m := c.saved(0)
	// Property Deadlock: readers or a writer block the writer.
	if wait, ok := c.s.blockOn(c.loc, ir.Bin(ir.Ne, c.rd(m), ir.IntConst(0), ir.IntType), c.wordPtr(m), waitHeld, nil, nil, c.what()); ok {
		c.add(wait...)
	}
	c.assume(ir.Bin(ir.Eq, c.rd(m), ir.IntConst(0), ir.IntType))
	c.set(c.word(m, 0), ir.IntConst(-1))
	c.ret(ir.IntConst(0))
	return nil
}

// tryRWLock takes a read-write lock for reading or writing if it can.
func (c *site) tryRWLock(read bool) {
	m := c.saved(0)
	ok := c.s.temp(ir.IntType)
	if read {
		c.set(ir.Ref(ok), ir.Bin(ir.Ge, c.rd(m), ir.IntConst(0), ir.IntType))
		c.ifThen(ir.Ref(ok), c.word(m, 0), ir.Bin(ir.Add, c.rd(m), ir.IntConst(1), ir.IntType))
	} else {
		c.set(ir.Ref(ok), ir.Bin(ir.Eq, c.rd(m), ir.IntConst(0), ir.IntType))
		c.ifThen(ir.Ref(ok), c.word(m, 0), ir.IntConst(-1))
	}
	c.ret(&ir.Cond{C: ir.Ref(ok), X: ir.IntConst(0), Y: ir.IntConst(model.EBUSY), T: ir.IntType})
}

// timedRWLock takes a read-write lock for reading or writing, waiting
// until it can, or times out (only when it cannot take it at once).
func (c *site) timedRWLock(read bool) {
	m := c.saved(0)
	r := c.s.temp(ir.IntType)
	var can, next ir.Expr
	if read {
		can, next = ir.Bin(ir.Ge, c.rd(m), ir.IntConst(0), ir.IntType), ir.Bin(ir.Add, c.rd(m), ir.IntConst(1), ir.IntType)
	} else {
		can, next = ir.Bin(ir.Eq, c.rd(m), ir.IntConst(0), ir.IntType), ir.IntConst(-1)
	}
	nb := c.s.fn("__VERIFIER_nondet_bool", ir.BoolType)
	c.add(&ir.If{Loc: c.loc, Cond: ir.Bin(ir.LAnd, &ir.Unary{Op: ir.Not, X: can, T: ir.IntType}, ir.CallFn(nb), ir.IntType),
		Then: c.block(c.setStmt(ir.Ref(r), ir.IntConst(model.ETIMEDOUT))),
		Else: c.block(c.s.d.Assume(c.loc, clone(can)), c.setStmt(c.word(m, 0), next), c.setStmt(ir.Ref(r), ir.IntConst(0)))})
	c.ret(ir.Ref(r))
}

// semTimedWait waits for the semaphore, or times out (only when it cannot
// take it at once); it returns -1 then (errno is not set).
func (c *site) semTimedWait() error {
	m := c.saved(0)
	r := c.s.temp(ir.IntType)
	can := ir.Bin(ir.Gt, c.rd(m), ir.IntConst(0), ir.IntType)
	nb := c.s.fn("__VERIFIER_nondet_bool", ir.BoolType)
	c.add(&ir.If{Loc: c.loc, Cond: ir.Bin(ir.LAnd, &ir.Unary{Op: ir.Not, X: can, T: ir.IntType}, ir.CallFn(nb), ir.IntType),
		Then: c.block(c.setStmt(ir.Ref(r), ir.IntConst(-1))),
		Else: c.block(c.s.d.Assume(c.loc, clone(can)), c.setStmt(c.word(m, 0), ir.Bin(ir.Sub, c.word(m, 0), ir.IntConst(1), ir.IntType)), c.setStmt(ir.Ref(r), ir.IntConst(0)))})
	c.ret(ir.Ref(r))
	return nil
}

func (c *site) rwUnlock() error {
	m := c.saved(0)
	c.set(c.word(m, 0), &ir.Cond{C: ir.Bin(ir.Gt, c.rd(m), ir.IntConst(0), ir.IntType), X: ir.Bin(ir.Sub, c.rd(m), ir.IntConst(1), ir.IntType), Y: ir.IntConst(0), T: ir.IntType})
	c.ret(ir.IntConst(0))
	return nil
}

// A barrier's state: word 0 (its first field, glibc's long __align) holds
// the number of threads it waits for, and the int words barrierCount and
// barrierGen the arrivals and the generation. They lie past an 8-byte
// first field: with LP64 the words 1 and 2 would overlap __align, and a
// count written there would change the number awaited (the barrier would
// never open).
const (
	barrierCount = 2
	barrierGen   = 3
)

func (c *site) barrierInit() error {
	b := c.saved(0)
	c.set(c.word(b, 0), &ir.Cast{X: c.arg(2), T: ir.IntType})
	c.set(c.word(b, barrierCount), ir.IntConst(0))
	c.set(c.word(b, barrierGen), ir.IntConst(0))
	c.ret(ir.IntConst(0))
	return nil
}

func (c *site) barrierArrive() error {
	loc := c.loc
	b := c.saved(0)
	g := c.s.temp(ir.IntType)
	c.set(ir.Ref(g), ir.Bin(ir.Mul, c.word(b, barrierGen), ir.IntConst(2), ir.IntType))
	c.set(c.word(b, barrierCount), ir.Bin(ir.Add, c.word(b, barrierCount), ir.IntConst(1), ir.IntType))
	c.add(&ir.If{Loc: loc, Cond: ir.Bin(ir.Ge, c.word(b, barrierCount), c.word(b, 0), ir.IntType), Then: ir.NewBlock(loc,
		exec(loc, ir.Set(c.word(b, barrierCount), ir.IntConst(0))),
		exec(loc, ir.Set(c.word(b, barrierGen), ir.Bin(ir.Add, c.word(b, barrierGen), ir.IntConst(1), ir.IntType))),
		exec(loc, ir.Set(ir.Ref(g), ir.Bin(ir.Add, ir.Ref(g), ir.IntConst(1), ir.IntType))))})
	c.ret(ir.Ref(g))
	return nil
}

func (c *site) barrierAwait() error {
	b := c.saved(0)
	// Property Deadlock: the barrier not filled since the thread arrived
	// blocks it.
	gen := ir.Bin(ir.Div, c.arg(1), ir.IntConst(2), ir.IntType)
	ptr := &ir.Cast{X: &ir.Unary{Op: ir.Addr, X: c.word(b, barrierGen), T: &ir.Pointer{Elem: ir.IntType}}, T: &ir.Pointer{Elem: ir.IntType}}
	if wait, ok := c.s.blockOn(c.loc, ir.Bin(ir.Eq, c.word(b, barrierGen), clone(gen), ir.IntType), ptr, waitSame, clone(gen), nil, "pthread_barrier_wait("+ir.ExprString(c.arg(0))+")"); ok {
		c.add(wait...)
	}
	c.assume(ir.Bin(ir.Ne, c.word(b, barrierGen), ir.Bin(ir.Div, c.arg(1), ir.IntConst(2), ir.IntType), ir.IntType))
	return nil
}

func (c *site) semInit() error {
	c.set(c.word(c.arg(0), 0), &ir.Cast{X: c.arg(2), T: ir.IntType})
	c.ret(ir.IntConst(0))
	return nil
}

func (c *site) semWait() error {
	m := c.saved(0)
	// Property Deadlock: a semaphore at zero blocks.
	if wait, ok := c.s.blockOn(c.loc, ir.Bin(ir.Le, c.rd(m), ir.IntConst(0), ir.IntType), c.wordPtr(m), waitEmpty, nil, nil, c.what()); ok {
		c.add(wait...)
	}
	c.assume(ir.Bin(ir.Gt, c.rd(m), ir.IntConst(0), ir.IntType))
	c.set(c.word(m, 0), ir.Bin(ir.Sub, c.word(m, 0), ir.IntConst(1), ir.IntType))
	c.ret(ir.IntConst(0))
	return nil
}

func (c *site) semPost() error {
	m := c.saved(0)
	c.set(c.word(m, 0), ir.Bin(ir.Add, c.word(m, 0), ir.IntConst(1), ir.IntType))
	c.ret(ir.IntConst(0))
	return nil
}

func (c *site) semTryWait() error {
	m := c.saved(0)
	ok := c.s.temp(ir.IntType)
	c.set(ir.Ref(ok), ir.Bin(ir.Gt, c.rd(m), ir.IntConst(0), ir.IntType))
	c.ifThen(ir.Ref(ok), c.word(m, 0), ir.Bin(ir.Sub, c.rd(m), ir.IntConst(1), ir.IntType))
	c.ret(&ir.Cond{C: ir.Ref(ok), X: ir.IntConst(0), Y: ir.IntConst(-1), T: ir.IntType})
	return nil
}

func (c *site) semGetValue() error {
	c.set(&ir.Unary{Op: ir.Deref, X: &ir.Cast{X: c.arg(1), T: &ir.Pointer{Elem: ir.IntType}}, T: ir.IntType}, c.rd(c.arg(0)))
	c.ret(ir.IntConst(0))
	return nil
}

func (c *site) keyCreate() error {
	s := c.s
	if len(c.args) > 1 && !ir.IsNullConst(c.args[1]) {
		// A destructor runs when a thread exits with a non-NULL
		// value for the key: ignoring it could hide a violation.
		return &bound.UnsupportedError{Pos: c.loc.Pos, What: "pthread_key_create with a destructor (the calls of destructors at thread exit are not modelled)"}
	}
	s.ensureKeys()
	c.set(&ir.Unary{Op: ir.Deref, X: &ir.Cast{X: c.arg(0), T: &ir.Pointer{Elem: ir.UIntType}}, T: ir.UIntType}, ir.Ref(s.nkeys))
	c.set(ir.Ref(s.nkeys), ir.Bin(ir.Add, ir.Ref(s.nkeys), ir.IntConst(1), ir.UIntType))
	c.ret(ir.IntConst(0))
	return nil
}

// specific gets or sets the calling thread's value of a key.
func (c *site) specific(get bool) {
	s := c.s
	s.ensureKeys()
	k := c.saved(0)
	kk := &ir.Cast{X: clone(k), T: ir.UIntType}
	c.assume(ir.Bin(ir.Lt, kk, ir.Lit(maxKeys, ir.UIntType), ir.IntType))
	slot := &ir.Index{X: &ir.Index{X: ir.Ref(s.keys), I: clone(kk), T: &ir.Array{Elem: ir.VoidPtrType, Len: int64(s.d.Threads)}}, I: ir.IntConst(int64(s.me)), T: ir.VoidPtrType}
	if get {
		c.ret(slot)
	} else {
		c.set(slot, &ir.Cast{X: c.arg(1), T: ir.VoidPtrType})
		c.ret(ir.IntConst(0))
	}
}

// A pthread_once_t's word is 0 before its init routine runs, 1 while it
// runs and 2 once it finished (bound.LowerPthread).
func (c *site) onceStep() error {
	o := c.saved(0)
	first := c.s.temp(ir.IntType)
	c.set(ir.Ref(first), ir.Bin(ir.Eq, c.word(o, 0), ir.IntConst(0), ir.IntType))
	c.ifThen(ir.Ref(first), c.word(o, 0), ir.IntConst(1))
	c.ret(ir.Ref(first))
	return nil
}

func (c *site) onceDone() error {
	c.set(c.word(c.saved(0), 0), ir.IntConst(2))
	return nil
}

func (c *site) onceWait() error {
	c.assume(ir.Bin(ir.Eq, c.word(c.saved(0), 0), ir.IntConst(2), ir.IntType))
	return nil
}

func (c *site) assumeArg() error {
	c.assume(c.arg(0))
	return nil
}

func (c *site) unrun() error {
	s := c.s
	if s.d.Unrun == nil {
		c.add(s.boundCheck(c.loc, c.arg(0), c.arg(1))...)
		return nil
	}
	c.ifThen(c.arg(0), ir.Ref(s.d.Unrun), ir.Lit(1, ir.BoolType))
	return nil
}

func (c *site) bound() error {
	c.add(c.s.boundCheck(c.loc, c.arg(0), c.arg(1))...)
	return nil
}

// unmodelled ends the paths that reach a call of a function ladr does not
// model. With Options.CheckUnmodelled an assertion of kind
// KindUnmodelledCall fails there first, so that the checker tells whether
// the bounded program reaches one; otherwise Unmodelled notes the call as
// incomplete (finding no violation is then no evidence).
func (c *site) unmodelled() error {
	if c.s.opt.CheckUnmodelled {
		loc := c.loc
		loc.Pos = UserPos(c.loc)
		c.add(c.s.assertion(loc, ir.IntConst(0), KindUnmodelledCall, UnmodelledWhat(c.name)))
	}
	c.add(c.s.d.Assume(c.loc, ir.IntConst(0)))
	return nil
}

// what is the call as C text.
func (c *site) what() string {
	var args []string
	for _, a := range c.args {
		args = append(args, ir.ExprString(a))
	}
	return c.name + "(" + strings.Join(args, ", ") + ")"
}

func (c *site) reachError() error {
	s := c.s
	if s.opt.Property != Race && s.opt.Property != Deadlock {
		c.add(s.assertion(c.loc, ir.IntConst(0), "reach_error", c.name+"()"))
	}
	c.add(s.exitProgram(c.loc)...)
	return nil
}

func (c *site) assertFail() error {
	s := c.s
	if s.opt.Property == Assert {
		text := "assertion"
		if str, ok := c.arg(0).(*ir.StringLit); ok {
			text = "assertion " + str.Val
		}
		c.add(s.assertion(c.loc, ir.IntConst(0), "assert", text))
	}
	c.add(s.exitProgram(c.loc)...)
	return nil
}

func (c *site) exit() error {
	c.effects()
	c.add(c.s.exitProgram(c.loc)...)
	return nil
}

// fork returns what the parent process sees: -1 (failure) or the child's
// pid, any positive value. The child is not run: bound.CheckForks made the
// call unsupported unless the child cannot matter.
func (c *site) fork() error {
	s := c.s
	nd := s.fn("__VERIFIER_nondet_int", ir.IntType)
	r := s.temp(ir.IntType)
	c.set(ir.Ref(r), ir.CallFn(nd))
	c.assume(ir.Bin(ir.LOr, ir.Bin(ir.Eq, ir.Ref(r), ir.IntConst(-1), ir.IntType), ir.Bin(ir.Gt, ir.Ref(r), ir.IntConst(0), ir.IntType), ir.IntType))
	c.ret(ir.Ref(r))
	return nil
}

// waitStatus is the argument of each wait function that points to the
// status, and the one that points to a struct rusage (-1 if none).
var waitStatus = map[string][2]int{"wait": {0, -1}, "waitpid": {1, -1}, "wait3": {0, 2}, "wait4": {1, 3}}

// waitChild stores any status (when the status pointer is not null) and
// returns any result of at least -1 (a pid, 0 with WNOHANG, or -1): the
// child's processes are not modelled.
func (c *site) waitChild() error {
	s := c.s
	idx := waitStatus[c.name]
	if ru := idx[1]; ru >= 0 && ru < len(c.args) && !ir.IsNullConst(c.args[ru]) {
		return &bound.UnsupportedError{Pos: c.loc.Pos, What: c.name + " with a struct rusage (its contents are not modelled)"}
	}
	for i, a := range c.args {
		if i != idx[0] && hasEffects(a) {
			c.add(exec(c.loc, a))
		}
	}
	nd := s.fn("__VERIFIER_nondet_int", ir.IntType)
	if st := idx[0]; st < len(c.args) && !ir.IsNullConst(c.args[st]) {
		p := c.saved(st)
		c.ifThen(clone(p), &ir.Unary{Op: ir.Deref, X: &ir.Cast{X: clone(p), T: &ir.Pointer{Elem: ir.IntType}}, T: ir.IntType}, ir.CallFn(nd))
	}
	r := s.temp(ir.IntType)
	c.set(ir.Ref(r), ir.CallFn(nd))
	c.assume(ir.Bin(ir.Ge, ir.Ref(r), ir.IntConst(-1), ir.IntType))
	c.ret(ir.Ref(r))
	return nil
}
