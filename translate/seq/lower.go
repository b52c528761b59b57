package seq

import (
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
	model.OpNoOp:          (*site).noOp,
	model.OpLockInit:      (*site).lockInit,
	model.OpLock:          (*site).lock,
	model.OpUnlock:        (*site).unlock,
	model.OpTryLock:       func(c *site) error { c.tryLock(false); return nil },
	model.OpTimedLock:     func(c *site) error { c.tryLock(true); return nil },
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
	model.OpReachError:    (*site).reachError,
	model.OpAssertFail:    (*site).assertFail,
	model.OpExit:          (*site).exit,
}

// site is a call statement being lowered: lhs = name(args...) or
// name(args...). The lowerings append statements to out.
type site struct {
	s    *sequentializer
	loc  ir.Loc
	name string
	args []ir.Expr
	lhs  ir.Expr
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
	real := ir.Bin(ir.Lt, tt, ir.Lit(int64(s.d.Threads), ir.UIntType), ir.IntType)
	ended := ir.Bin(ir.Eq, &ir.Index{X: ir.Ref(s.d.PC), I: clone(tt), T: s.d.CS.Type}, &ir.Index{X: ir.Ref(s.d.Size), I: clone(tt), T: s.d.CS.Type}, ir.IntType)
	var result ir.Expr = &ir.Index{X: ir.Ref(s.d.Retval), I: clone(tt), T: ir.VoidPtrType}
	if m := s.prog.InertThreads; m > 0 {
		// The identifiers after the threads' are those of inert
		// threads (bound.Threads): they end without a result.
		inert := ir.Bin(ir.Lt, clone(tt), ir.Lit(int64(s.d.Threads+m), ir.UIntType), ir.IntType)
		c.assume(&ir.Cond{C: clone(real), X: ended, Y: inert, T: ir.IntType})
		result = &ir.Cond{C: real, X: result, Y: &ir.Cast{X: ir.IntConst(0), T: ir.VoidPtrType}, T: ir.VoidPtrType}
	} else {
		c.assume(ir.Bin(ir.LAnd, real, ended, ir.IntType))
	}
	if len(c.args) > 1 && !ir.IsNullConst(c.args[1]) {
		rp := c.saved(1)
		c.ifThen(clone(rp), &ir.Unary{Op: ir.Deref, X: &ir.Cast{X: clone(rp), T: &ir.Pointer{Elem: ir.VoidPtrType}}, T: ir.VoidPtrType}, result)
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
	c.effects()
	c.ret(ir.IntConst(0))
	return nil
}

func (c *site) lockInit() error {
	c.set(c.word(c.arg(0), 0), ir.IntConst(0))
	c.ret(ir.IntConst(0))
	return nil
}

func (c *site) lock() error {
	m := c.saved(0)
	c.assume(ir.Bin(ir.Eq, c.word(m, 0), ir.IntConst(0), ir.IntType))
	c.set(c.word(m, 0), c.me1())
	c.ret(ir.IntConst(0))
	return nil
}

func (c *site) unlock() error {
	c.set(c.word(c.arg(0), 0), ir.IntConst(0))
	c.ret(ir.IntConst(0))
	return nil
}

// tryLock takes the lock if it is free; timed, either the lock is taken
// (perhaps after waiting) or it times out.
func (c *site) tryLock(timed bool) {
	m := c.saved(0)
	free := c.s.temp(ir.IntType)
	c.set(ir.Ref(free), ir.Bin(ir.Eq, c.word(m, 0), ir.IntConst(0), ir.IntType))
	errno := model.EBUSY
	if timed {
		nb := c.s.fn("__VERIFIER_nondet_bool", ir.BoolType)
		c.set(ir.Ref(free), ir.Bin(ir.LAnd, ir.Ref(free), ir.CallFn(nb), ir.IntType))
		errno = model.ETIMEDOUT
	}
	c.ifThen(ir.Ref(free), c.word(m, 0), c.me1())
	c.ret(&ir.Cond{C: ir.Ref(free), X: ir.IntConst(0), Y: ir.IntConst(int64(errno)), T: ir.IntType})
}

func (c *site) readLock() error {
	m := c.saved(0)
	c.assume(ir.Bin(ir.Ge, c.rd(m), ir.IntConst(0), ir.IntType))
	c.set(c.word(m, 0), ir.Bin(ir.Add, c.rd(m), ir.IntConst(1), ir.IntType))
	c.ret(ir.IntConst(0))
	return nil
}

func (c *site) writeLock() error {
	m := c.saved(0)
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

func (c *site) onceStep() error {
	o := c.saved(0)
	first := c.s.temp(ir.IntType)
	c.set(ir.Ref(first), ir.Bin(ir.Eq, c.word(o, 0), ir.IntConst(0), ir.IntType))
	c.set(c.word(o, 0), ir.IntConst(1))
	c.ret(ir.Ref(first))
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
// model (Unmodelled notes it as incomplete: finding no violation is then
// no evidence).
func (c *site) unmodelled() error {
	c.add(c.s.d.Assume(c.loc, ir.IntConst(0)))
	return nil
}

func (c *site) reachError() error {
	s := c.s
	if s.opt.Property != Race {
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
