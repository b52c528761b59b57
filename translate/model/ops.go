package model

// Op names the operation of a function: the key of its lowering.
type Op string

// Operations. Unless said otherwise, package seq lowers calls in
// seq.Sequentialize (its table lowerings); the comment names the functions.
const (
	// OpNone: calls are not lowered.
	OpNone Op = ""

	// Threads.
	OpThreadCreate   Op = "thread-create"  // pthread_create: lowered into __ladr_create by bound.Threads
	OpCreate         Op = "create"         // __ladr_create(id, &t, arg[, attr]): starts thread id
	OpJoin           Op = "join"           // pthread_join
	OpThreadExit     Op = "thread-exit"    // pthread_exit
	OpDetach         Op = "detach"         // pthread_detach: a later join of the thread is undefined
	OpAttrInit       Op = "attr-init"      // pthread_attr_init: joinable
	OpAttrSetDetach  Op = "attr-setdetach" // pthread_attr_setdetachstate
	OpAttrGetDetach  Op = "attr-getdetach" // pthread_attr_getdetachstate
	OpSelf           Op = "self"           // pthread_self, replaced inside expressions
	OpEqual          Op = "equal"          // pthread_equal, replaced inside expressions
	OpUnrun          Op = "unrun"          // __ladr_unrun: a thread that may not run (bound.Threads)
	OpBound          Op = "bound"          // __ladr_bound, __ladr_loop_bound: a bound reached (bound.Unwind)
	OpNoOp           Op = "no-op"          // detach, destroy, signal...: arguments evaluated, returns 0
	OpOnce           Op = "once"           // pthread_once: lowered by bound.LowerPthread into the three steps below
	OpOnceStep       Op = "once-step"      // __ladr_once(&o): returns whether the caller is first, marks o running
	OpOnceDone       Op = "once-done"      // __ladr_once_done(&o): o's init routine finished
	OpOnceWait       Op = "once-wait"      // __ladr_once_wait(&o): blocks until o's init routine finished
	OpAtExit         Op = "atexit"         // atexit and its relatives: lowered by bound.Atexit
	OpKeyCreate      Op = "key-create"     // pthread_key_create
	OpGetSpecific    Op = "get-specific"   // pthread_getspecific
	OpSetSpecific    Op = "set-specific"   // pthread_setspecific
	OpUnmodelled     Op = "unmodelled"     // raise, kill, pipe, pthread_cancel, robust mutexes...: the path ends, the result cannot be a proof
	OpSignalThread   Op = "signal-thread"  // __ladr_signal_thread (bound.LowerSignals): pthread_kill whose handlers run as threads for the analyses; not modelled by the bounded search
	OpCancel         Op = "cancel"         // __ladr_cancel (bound.LowerCancel): pthread_cancel that the race analysis follows as a no-op; not modelled by the bounded search
	OpCheckModelled  Op = "check-modelled" // __ladr_check_modelled(c, what): c is something not modelled (bound.LowerPthread)
	OpNondet         Op = "nondet"         // __VERIFIER_nondet_*: left to CBMC
	OpAtomicFunction Op = "atomic-function"
	OpAtomicBegin    Op = "atomic-begin" // __VERIFIER_atomic_begin (the numbering makes the section atomic)
	OpAtomicEnd      Op = "atomic-end"   // __VERIFIER_atomic_end

	// Locks.
	OpLockInit     Op = "lock-init"      // spin lock and rwlock init: state 0
	OpMutexInit    Op = "mutex-init"     // pthread_mutex_init: unlocked, of the attributes' type
	OpMAttrInit    Op = "mutexattr-init" // pthread_mutexattr_init: type normal
	OpMAttrSetType Op = "mutexattr-settype"
	OpMAttrGetType Op = "mutexattr-gettype"
	OpLock         Op = "lock"           // mutex and spin lock
	OpUnlock       Op = "unlock"         // mutex and spin lock
	OpTryLock      Op = "trylock"        // mutex and spin lock
	OpTimedLock    Op = "timedlock"      // pthread_mutex_timedlock
	OpReadLock     Op = "rdlock"         // pthread_rwlock_rdlock
	OpWriteLock    Op = "wrlock"         // pthread_rwlock_wrlock
	OpTryReadLock  Op = "tryrdlock"      // pthread_rwlock_tryrdlock
	OpTryWriteLock Op = "trywrlock"      // pthread_rwlock_trywrlock
	OpRWUnlock     Op = "rwlock-unlock"  // pthread_rwlock_unlock
	OpTimedRdLock  Op = "timedrdlock"    // pthread_rwlock_timedrdlock: rdlock or time out
	OpTimedWrLock  Op = "timedwrlock"    // pthread_rwlock_timedwrlock: wrlock or time out
	OpCondWait     Op = "cond-wait"      // pthread_cond_wait: unlock and lock (seq.LowerAPI)
	OpCondTimeWait Op = "cond-timedwait" // pthread_cond_timedwait: same, may time out (seq.LowerAPI)
	OpCondUnlock   Op = "cond-unlock"    // __ladr_cond_unlock: a condition wait's release of its mutex (seq.LowerAPI)
	OpCondAwait    Op = "cond-await"     // __ladr_cond_await: a condition wait's wait for a signal (property deadlock, seq.LowerAPI)

	// Barriers and semaphores.
	OpBarrierInit   Op = "barrier-init"
	OpBarrierWait   Op = "barrier-wait"   // pthread_barrier_wait: arrive and await (seq.LowerAPI)
	OpBarrierArrive Op = "barrier-arrive" // __ladr_barrier_arrive
	OpBarrierAwait  Op = "barrier-await"  // __ladr_barrier_await
	OpSemInit       Op = "sem-init"
	OpSemWait       Op = "sem-wait"
	OpSemPost       Op = "sem-post"
	OpSemTryWait    Op = "sem-trywait"
	OpSemGetValue   Op = "sem-getvalue"
	OpSemTimedWait  Op = "sem-timedwait" // sem_timedwait: wait or time out

	// Control.
	OpAssume     Op = "assume"      // __VERIFIER_assume
	OpReachError Op = "reach-error" // reach_error, __VERIFIER_error
	OpAssertFail Op = "assert-fail" // __assert_fail and its relatives
	OpExit       Op = "exit"        // exit, abort...: the program ends

	// Atomic builtins: atomic sections (seq.LowerAPI).
	OpFence              Op = "fence"                  // a fence: nothing (ladr is sequentially consistent)
	OpAtomicLoad         Op = "atomic-load"            // v = *p
	OpAtomicStore        Op = "atomic-store"           // *p = v
	OpAtomicExchange     Op = "atomic-exchange"        // old = *p, *p = v
	OpAtomicRelease      Op = "atomic-release"         // *p = 0
	OpAtomicLoadPtr      Op = "atomic-load-ptr"        // *r = *p
	OpAtomicStorePtr     Op = "atomic-store-ptr"       // *p = *v
	OpAtomicExchangePtr  Op = "atomic-exchange-ptr"    // *r = *p, *p = *v
	OpCompareExchange    Op = "compare-exchange"       // *p == *e ? *p = d : *e = *p
	OpCompareExchangePtr Op = "compare-exchange-ptr"   // same with *d
	OpBoolCAS            Op = "bool-compare-and-swap"  // *p == o ? *p = n, 1 : 0
	OpValCAS             Op = "value-compare-and-swap" // old = *p, *p == o ? *p = n
	OpTestAndSet         Op = "test-and-set"           // old = *(char *)p, *p = 1
	OpClear              Op = "clear"                  // *(char *)p = 0
	OpFetchThen          Op = "fetch-then"             // old = *p, *p = old Arith v; returns old
	OpThenFetch          Op = "then-fetch"             // *p = *p Arith v; returns the new value

	// Processes: ladr checks the parent process (bound.CheckForks makes a
	// fork unsupported when its child may matter).
	OpFork      Op = "fork"       // fork, vfork: the parent's result, -1 or a positive pid
	OpWaitChild Op = "wait-child" // wait, waitpid, wait3, wait4: any status and result
)

// Arith is the arithmetic of an atomic read-modify-write.
type Arith string

// Arithmetic operations of the atomic builtins.
const (
	ArithAdd  Arith = "add"
	ArithSub  Arith = "sub"
	ArithAnd  Arith = "and"
	ArithOr   Arith = "or"
	ArithXor  Arith = "xor"
	ArithNand Arith = "nand" // ~(x & v)
)

// Blocking says until when a call blocks the calling thread.
type Blocking int

// Ways to block.
const (
	// NoBlock: the call returns at once.
	NoBlock Blocking = iota
	// UntilUnlocked: until no thread holds the lock (lock, wrlock).
	UntilUnlocked
	// UntilNoWriter: until no thread holds the lock for writing (rdlock).
	UntilNoWriter
	// UntilUnlockedOrTimeout: until the lock is free or the time limit
	// passes (timedlock).
	UntilUnlockedOrTimeout
	// UntilEnded: until the thread ends (join).
	UntilEnded
	// UntilPosted: until the semaphore's value is positive (sem_wait).
	UntilPosted
	// UntilSignalled: until the condition is signalled, or spuriously,
	// and the mutex is free again (cond wait; timedwait may time out).
	UntilSignalled
	// UntilAllArrived: until every thread of the barrier has arrived.
	UntilAllArrived
)

// LockAct is what a function does to a lock.
type LockAct int

// Acts on locks.
const (
	NoLock LockAct = iota
	// Acquire takes the lock, blocking until it can.
	Acquire
	// TryAcquire takes the lock if it is free and says whether it did.
	TryAcquire
	// Release releases the lock.
	Release
	// ReleaseReacquire releases the lock and takes it again before
	// returning (pthread_cond_wait's mutex).
	ReleaseReacquire
)

// Releases reports whether the act releases the lock.
func (a LockAct) Releases() bool { return a == Release || a == ReleaseReacquire }

// LockObject is the kind of lock.
type LockObject int

// Kinds of lock.
const (
	Mutex LockObject = iota + 1
	SpinLock
	RWLock
)

// LockMode says how a read-write lock is taken.
type LockMode int

// Lock modes.
const (
	// Exclusive: for writing (a mutex or spin lock is always exclusive).
	Exclusive LockMode = iota
	// Shared: for reading.
	Shared
)

// LockRole is a function's role on a lock.
type LockRole struct {
	Act    LockAct
	Object LockObject
	Mode   LockMode
	// Arg is the argument that points to the lock.
	Arg int
}

// StepKind is how a trace shows a step that calls a function. The order
// is a priority: a statement calling several functions shows as the
// smallest kind.
type StepKind int

// Kinds of steps.
const (
	StepStatement StepKind = iota // a plain statement
	StepCreate                    // creates a thread
	StepJoin                      // waits for a thread's end
	StepUnlock                    // releases a lock, posts a semaphore, ends an atomic section
	StepLock                      // takes a lock, waits on a semaphore, begins an atomic section
	StepWait                      // waits for a condition
	StepSignal                    // signals a condition
)

var stepNames = [...]string{StepStatement: "statement", StepCreate: "create", StepJoin: "join", StepUnlock: "unlock",
	StepLock: "lock", StepWait: "wait", StepSignal: "signal"}

// String returns the kind as the trace prints it (create, lock...).
func (k StepKind) String() string {
	if k >= 0 && int(k) < len(stepNames) {
		return stepNames[k]
	}
	return "statement"
}

// ArgSet is a set of argument indices.
type ArgSet uint64

// AllArgs holds every argument.
const AllArgs = ^ArgSet(0)

// Args returns the set of the arguments is.
func Args(is ...int) ArgSet {
	var s ArgSet
	for _, i := range is {
		s |= 1 << uint(i)
	}
	return s
}

// Has reports whether argument i is in the set.
func (s ArgSet) Has(i int) bool {
	return i >= 0 && i < 64 && s&(1<<uint(i)) != 0 || i >= 64 && s == AllArgs
}
