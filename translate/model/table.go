package model

// table is ladr's model of the library: one entry per function.
//
// To add a library function, add one entry here and fill in what applies:
//
//   - Kind (required): Sync for functions the sequentialization models
//     (their calls become statements of their own), Atomic for atomic
//     read-modify-writes, Control for functions that end the program,
//     Pure for functions that may stay inside expressions and that CBMC
//     models (or whose result is left nondeterministic);
//   - Op: the operation, whose lowering package seq registers (seq's
//     lowerings table, or seq.LowerAPI for multi-step and atomic ones); a
//     new operation needs a new Op constant and its lowering there. A Sync,
//     Atomic or Control function without a lowering makes calls
//     unsupported;
//   - Blocks and Waits: whether and until when a call blocks;
//   - Lock: acquire, release or try-acquire of a mutex, spin lock or
//     read-write lock, and which argument points to the lock;
//   - Effects and MinArgs: what a call reads and writes through its
//     pointer arguments, and how many bytes (the race instrumentation
//     checks these accesses; a function that writes through a pointer
//     without an Effect hides races);
//   - NoCapture and ReturnsArg: which pointer arguments do not escape, and
//     whether the result points into an argument's memory (the sharing
//     analysis);
//   - Orders: the memory-order arguments of an atomic access;
//   - Step: how a trace shows a statement that calls it.
//
// The tests of this package check the table's consistency (every entry has
// a kind, lock roles name an argument, effects name arguments below
// MinArgs...); package seq's tests check that every operation of a
// function that must be a statement has a lowering. Add a test of the new
// function's lowering and effects in the package that reads the field.
var table = []Info{
	// Threads.
	{Name: "pthread_create", Kind: Sync, Op: OpThreadCreate, NoCapture: Args(0, 1), Step: StepCreate},
	{Name: "pthread_join", Kind: Sync, Op: OpJoin, Blocks: UntilEnded, Effects: typed(1, true), NoCapture: Args(1), Step: StepJoin},
	{Name: "pthread_exit", Kind: Sync, Op: OpThreadExit, NoCapture: AllArgs},
	{Name: "pthread_detach", Kind: Sync, Op: OpDetach, NoCapture: AllArgs},
	// Cancellation is not modelled by the bounded search: a call of
	// pthread_cancel ends its path, so no cancellation point ever acts
	// and the cancelability state only needs its memory effect. The
	// static race analysis follows it as a no-op where bound.LowerCancel
	// made it __ladr_cancel.
	{Name: "pthread_cancel", Kind: Sync, Op: OpUnmodelled, NoCapture: AllArgs},
	{Name: "__ladr_cancel", Kind: Sync, Op: OpCancel, NoCapture: AllArgs},
	{Name: "pthread_setcancelstate", Kind: Pure, MinArgs: 2, Effects: typed(1, true), NoCapture: AllArgs},
	{Name: "pthread_setcanceltype", Kind: Pure, MinArgs: 2, Effects: typed(1, true), NoCapture: AllArgs},
	{Name: "pthread_testcancel", Kind: Pure, Op: OpNoOp},
	{Name: "pthread_self", Kind: Pure, Op: OpSelf},
	{Name: "pthread_equal", Kind: Pure, Op: OpEqual},
	{Name: "pthread_key_create", Kind: Sync, Op: OpKeyCreate, Effects: typed(0, true), NoCapture: AllArgs},
	{Name: "pthread_key_delete", Kind: Sync, Op: OpNoOp, NoCapture: AllArgs},
	{Name: "pthread_getspecific", Kind: Sync, Op: OpGetSpecific, NoCapture: AllArgs},
	{Name: "pthread_setspecific", Kind: Sync, Op: OpSetSpecific, NoCapture: Args(0)},
	{Name: "pthread_once", Kind: Sync, Op: OpOnce, NoCapture: AllArgs},
	// Pure functions with a no-op lowering: CBMC has no body for them, and
	// a call of a function without a body fails CBMC's completeness
	// check (--unwinding-assertions): lowered, a proof can complete.
	{Name: "pthread_yield", Kind: Pure, Op: OpNoOp},
	{Name: "sched_yield", Kind: Pure, Op: OpNoOp},

	// Mutexes and spin locks.
	{Name: "pthread_mutex_init", Kind: Sync, Op: OpMutexInit, Effects: typed(1, false), NoCapture: AllArgs},
	{Name: "pthread_mutex_lock", Kind: Sync, Op: OpLock, Blocks: UntilUnlocked, Lock: LockRole{Act: Acquire, Object: Mutex}, Effects: syncObject(0), NoCapture: AllArgs, Step: StepLock},
	{Name: "pthread_mutex_unlock", Kind: Sync, Op: OpUnlock, Lock: LockRole{Act: Release, Object: Mutex}, Effects: syncObject(0), NoCapture: AllArgs, Step: StepUnlock},
	{Name: "pthread_mutex_trylock", Kind: Sync, Op: OpTryLock, Lock: LockRole{Act: TryAcquire, Object: Mutex}, Effects: syncObject(0), NoCapture: AllArgs, Step: StepLock},
	{Name: "pthread_mutex_timedlock", Kind: Sync, Op: OpTimedLock, Blocks: UntilUnlockedOrTimeout, Lock: LockRole{Act: TryAcquire, Object: Mutex},
		Effects: append(syncObject(0), typed(1, false)...), NoCapture: AllArgs},
	{Name: "pthread_mutex_destroy", Kind: Sync, Op: OpNoOp, NoCapture: AllArgs},
	{Name: "pthread_spin_init", Kind: Sync, Op: OpLockInit, NoCapture: AllArgs},
	{Name: "pthread_spin_lock", Kind: Sync, Op: OpLock, Blocks: UntilUnlocked, Lock: LockRole{Act: Acquire, Object: SpinLock}, Effects: syncObject(0), NoCapture: AllArgs, Step: StepLock},
	{Name: "pthread_spin_unlock", Kind: Sync, Op: OpUnlock, Lock: LockRole{Act: Release, Object: SpinLock}, Effects: syncObject(0), NoCapture: AllArgs, Step: StepUnlock},
	{Name: "pthread_spin_trylock", Kind: Sync, Op: OpTryLock, Lock: LockRole{Act: TryAcquire, Object: SpinLock}, Effects: syncObject(0), NoCapture: AllArgs, Step: StepLock},
	{Name: "pthread_spin_destroy", Kind: Sync, Op: OpNoOp, NoCapture: AllArgs},

	// Read-write locks.
	{Name: "pthread_rwlock_init", Kind: Sync, Op: OpLockInit, Effects: typed(1, false), NoCapture: AllArgs},
	{Name: "pthread_rwlock_rdlock", Kind: Sync, Op: OpReadLock, Blocks: UntilNoWriter, Lock: LockRole{Act: Acquire, Object: RWLock, Mode: Shared}, Effects: syncObject(0), NoCapture: AllArgs, Step: StepLock},
	{Name: "pthread_rwlock_wrlock", Kind: Sync, Op: OpWriteLock, Blocks: UntilUnlocked, Lock: LockRole{Act: Acquire, Object: RWLock}, Effects: syncObject(0), NoCapture: AllArgs, Step: StepLock},
	{Name: "pthread_rwlock_tryrdlock", Kind: Sync, Op: OpTryReadLock, Lock: LockRole{Act: TryAcquire, Object: RWLock, Mode: Shared}, Effects: syncObject(0), NoCapture: AllArgs, Step: StepLock},
	{Name: "pthread_rwlock_trywrlock", Kind: Sync, Op: OpTryWriteLock, Lock: LockRole{Act: TryAcquire, Object: RWLock}, Effects: syncObject(0), NoCapture: AllArgs, Step: StepLock},
	{Name: "pthread_rwlock_unlock", Kind: Sync, Op: OpRWUnlock, Lock: LockRole{Act: Release, Object: RWLock}, Effects: syncObject(0), NoCapture: AllArgs, Step: StepUnlock},
	{Name: "pthread_rwlock_timedrdlock", Kind: Sync, Op: OpTimedRdLock, Blocks: UntilUnlockedOrTimeout, Lock: LockRole{Act: TryAcquire, Object: RWLock, Mode: Shared},
		Effects: append(syncObject(0), typed(1, false)...), NoCapture: AllArgs, Step: StepLock},
	{Name: "pthread_rwlock_timedwrlock", Kind: Sync, Op: OpTimedWrLock, Blocks: UntilUnlockedOrTimeout, Lock: LockRole{Act: TryAcquire, Object: RWLock},
		Effects: append(syncObject(0), typed(1, false)...), NoCapture: AllArgs, Step: StepLock},
	{Name: "pthread_rwlock_destroy", Kind: Sync, Op: OpNoOp, NoCapture: AllArgs},

	// Condition variables.
	{Name: "pthread_cond_init", Kind: Sync, Op: OpNoOp, Effects: typed(1, false), NoCapture: AllArgs},
	{Name: "pthread_cond_wait", Kind: Sync, Op: OpCondWait, Blocks: UntilSignalled, Waits: true,
		Lock: LockRole{Act: ReleaseReacquire, Object: Mutex, Arg: 1}, NoCapture: AllArgs, Step: StepWait},
	{Name: "pthread_cond_timedwait", Kind: Sync, Op: OpCondTimeWait, Blocks: UntilSignalled, Waits: true,
		Lock: LockRole{Act: ReleaseReacquire, Object: Mutex, Arg: 1}, Effects: typed(2, false), NoCapture: AllArgs, Step: StepWait},
	{Name: "pthread_cond_signal", Kind: Sync, Op: OpNoOp, Effects: syncObject(0), NoCapture: AllArgs, Step: StepSignal},
	{Name: "pthread_cond_broadcast", Kind: Sync, Op: OpNoOp, Effects: syncObject(0), NoCapture: AllArgs, Step: StepSignal},
	{Name: "pthread_cond_destroy", Kind: Sync, Op: OpNoOp, NoCapture: AllArgs},

	// Barriers.
	{Name: "pthread_barrier_init", Kind: Sync, Op: OpBarrierInit, Effects: typed(1, false), NoCapture: AllArgs},
	{Name: "pthread_barrier_wait", Kind: Sync, Op: OpBarrierWait, Blocks: UntilAllArrived, Waits: true, NoCapture: AllArgs},
	{Name: "pthread_barrier_destroy", Kind: Sync, Op: OpNoOp, NoCapture: AllArgs},

	// Semaphores.
	{Name: "sem_init", Kind: Sync, Op: OpSemInit, NoCapture: AllArgs},
	{Name: "sem_wait", Kind: Sync, Op: OpSemWait, Blocks: UntilPosted, Waits: true, Effects: syncObject(0), NoCapture: AllArgs, Step: StepLock},
	{Name: "sem_post", Kind: Sync, Op: OpSemPost, Effects: syncObject(0), NoCapture: AllArgs, Step: StepUnlock},
	{Name: "sem_trywait", Kind: Sync, Op: OpSemTryWait, Waits: true, Effects: syncObject(0), NoCapture: AllArgs, Step: StepLock},
	{Name: "sem_timedwait", Kind: Sync, Op: OpSemTimedWait, Blocks: UntilPosted, Waits: true, Effects: append(syncObject(0), typed(1, false)...), NoCapture: AllArgs, Step: StepLock},
	{Name: "sem_getvalue", Kind: Sync, Op: OpSemGetValue, Effects: typed(1, true), NoCapture: AllArgs},
	{Name: "sem_destroy", Kind: Sync, Op: OpNoOp, NoCapture: AllArgs},

	// Attributes objects: the setters write the object and read what they
	// are given (pthread_attr_setschedparam's struct), the getters read the
	// object and write the result.
	// The detach state is kept in the attributes object: a thread created
	// detached cannot be joined (package seq).
	{Name: "pthread_attr_init", Kind: Sync, Op: OpAttrInit, Effects: typed(0, true), NoCapture: AllArgs},
	{Name: "pthread_attr_setdetachstate", Kind: Sync, Op: OpAttrSetDetach, Effects: typed(0, true), NoCapture: AllArgs},
	{Name: "pthread_attr_getdetachstate", Kind: Sync, Op: OpAttrGetDetach, Effects: append(typed(0, false), typed(1, true)...), NoCapture: AllArgs},
	attrSet("pthread_attr_destroy"), attrSet("pthread_attr_setstacksize"), attrGet("pthread_attr_getstacksize"),
	attrSet("pthread_attr_setscope"), attrSet("pthread_attr_setschedpolicy"), attrSet("pthread_attr_setinheritsched"),
	attrSet("pthread_attr_setschedparam"),
	attrGet("pthread_attr_getscope"), attrGet("pthread_attr_getschedpolicy"), attrGet("pthread_attr_getinheritsched"),
	attrGet("pthread_attr_getschedparam"), attrSet("pthread_attr_setguardsize"), attrGet("pthread_attr_getguardsize"),
	attrWrite("pthread_attr_setstack"), attrGet("pthread_attr_getstack"), attrWrite("pthread_attr_setstackaddr"),
	attrGet("pthread_attr_getstackaddr"),
	// The type of a mutex (normal, recursive, errorcheck) is kept in its
	// attributes object: these are modelled (package seq).
	{Name: "pthread_mutexattr_init", Kind: Sync, Op: OpMAttrInit, Effects: typed(0, true), NoCapture: AllArgs},
	{Name: "pthread_mutexattr_settype", Kind: Sync, Op: OpMAttrSetType, Effects: typed(0, true), NoCapture: AllArgs},
	{Name: "pthread_mutexattr_gettype", Kind: Sync, Op: OpMAttrGetType, Effects: append(typed(0, false), typed(1, true)...), NoCapture: AllArgs},
	attrSet("pthread_mutexattr_destroy"),
	attrSet("pthread_mutexattr_setpshared"), attrGet("pthread_mutexattr_getpshared"),
	attrSet("pthread_mutexattr_setprotocol"), attrGet("pthread_mutexattr_getprotocol"),
	attrSet("pthread_condattr_init"), attrSet("pthread_condattr_destroy"), attrSet("pthread_condattr_setpshared"),
	attrGet("pthread_condattr_getpshared"), attrSet("pthread_condattr_setclock"), attrGet("pthread_condattr_getclock"),
	attrSet("pthread_rwlockattr_init"), attrSet("pthread_rwlockattr_destroy"), attrSet("pthread_rwlockattr_setpshared"),
	attrGet("pthread_rwlockattr_getpshared"), attrSet("pthread_rwlockattr_setkind_np"), attrGet("pthread_rwlockattr_getkind_np"),
	attrSet("pthread_barrierattr_init"), attrSet("pthread_barrierattr_destroy"), attrSet("pthread_barrierattr_setpshared"),
	// A thread's attributes, name and clock: pthread_getattr_np fills an
	// attributes object, pthread_setname_np reads the name,
	// pthread_getname_np writes it, pthread_getcpuclockid writes the clock.
	{Name: "pthread_getattr_np", Kind: Pure, MinArgs: 2, Effects: typed(1, true), NoCapture: AllArgs},
	{Name: "pthread_setname_np", Kind: Pure, Op: OpNoOp, MinArgs: 2, Effects: []Effect{{Arg: 1, Size: sizeString(1)}}, NoCapture: AllArgs},
	{Name: "pthread_getname_np", Kind: Pure, MinArgs: 3, Effects: []Effect{{Arg: 1, Write: true, Size: sizeArg(2)}}, NoCapture: AllArgs},
	{Name: "pthread_getcpuclockid", Kind: Pure, MinArgs: 2, Effects: typed(1, true), NoCapture: AllArgs},
	// Robust mutexes (a lock of one whose owner ended returns EOWNERDEAD)
	// are not modelled: a program that makes one is unsupported.
	{Name: "pthread_mutexattr_setrobust", Kind: Sync, Op: OpUnmodelled, NoCapture: AllArgs},
	{Name: "pthread_mutexattr_setrobust_np", Kind: Sync, Op: OpUnmodelled, NoCapture: AllArgs},
	{Name: "pthread_mutex_consistent", Kind: Sync, Op: OpUnmodelled, NoCapture: AllArgs},
	{Name: "pthread_mutex_consistent_np", Kind: Sync, Op: OpUnmodelled, NoCapture: AllArgs},
	attrGet("pthread_mutexattr_getrobust"),

	// C11 threads: not modelled (a program that calls them is unsupported),
	// but a program's own functions of these names show as lock steps.
	{Name: "mtx_lock", Kind: Unknown, Step: StepLock},
	{Name: "mtx_unlock", Kind: Unknown, Step: StepUnlock},
	{Name: "thrd_join", Kind: Unknown, Step: StepJoin},

	// Exit handlers, lowered by the atexit pass (or unsupported).
	{Name: "atexit", Kind: Sync, Op: OpAtExit, NoCapture: AllArgs},
	{Name: "on_exit", Kind: Sync, Op: OpAtExit, NoCapture: AllArgs},
	{Name: "at_quick_exit", Kind: Sync, Op: OpAtExit, NoCapture: AllArgs},
	{Name: "__cxa_atexit", Kind: Sync, Op: OpAtExit, NoCapture: AllArgs},

	// SV-COMP.
	{Name: "__VERIFIER_assume", Kind: Sync, Op: OpAssume, NoCapture: AllArgs},
	{Name: "__VERIFIER_atomic_begin", Kind: AtomicMarker, Op: OpAtomicBegin, Step: StepLock},
	{Name: "__VERIFIER_atomic_end", Kind: AtomicMarker, Op: OpAtomicEnd, Step: StepUnlock},
	{Name: "reach_error", Kind: Control, Op: OpReachError},
	{Name: "__VERIFIER_error", Kind: Control, Op: OpReachError},
	{Name: "__CPROVER_assume", Kind: Pure},
	{Name: "__CPROVER_assert", Kind: Pure},

	// ladr's own intrinsics: the multi-step operations of seq.LowerAPI and
	// the calls the bound passes add. Like every __ladr_ function the bound
	// passes add after hoisting, __ladr_create, __ladr_unrun and the bounds
	// are Pure: their calls are statements by construction.
	{Name: "__ladr_once", Kind: Sync, Op: OpOnceStep, Effects: syncObject(0), NoCapture: AllArgs},
	{Name: "__ladr_once_done", Kind: Sync, Op: OpOnceDone, Effects: syncObject(0), NoCapture: AllArgs, Step: StepUnlock},
	{Name: "__ladr_once_wait", Kind: Sync, Op: OpOnceWait, Blocks: UntilPosted, Waits: true, Effects: syncObject(0), NoCapture: AllArgs, Step: StepLock},
	{Name: "__ladr_barrier_arrive", Kind: Sync, Op: OpBarrierArrive, Effects: syncObject(0), NoCapture: AllArgs},
	{Name: "__ladr_barrier_await", Kind: Sync, Op: OpBarrierAwait, Blocks: UntilAllArrived, Waits: true, Effects: syncObject(0), NoCapture: AllArgs},
	{Name: "__ladr_check_modelled", Kind: Pure, Op: OpCheckModelled},
	{Name: "__ladr_cond_await", Kind: Sync, Op: OpCondAwait, Blocks: UntilSignalled, Waits: true, Effects: syncObject(0), NoCapture: AllArgs},
	{Name: "__ladr_cond_unlock", Kind: Sync, Op: OpCondUnlock, Lock: LockRole{Act: Release, Object: Mutex}, Effects: syncObject(0), NoCapture: AllArgs, Step: StepUnlock},
	{Name: "__ladr_create", Kind: Pure, Op: OpCreate, Effects: typed(1, true), NoCapture: Args(1)},
	{Name: "__ladr_unrun", Kind: Pure, Op: OpUnrun},
	{Name: "__ladr_bound", Kind: Pure, Op: OpBound},
	{Name: "__ladr_loop_bound", Kind: Pure, Op: OpBound},

	// The end of the program.
	{Name: "abort", Kind: Control, Op: OpExit},
	{Name: "exit", Kind: Control, Op: OpExit},
	{Name: "_exit", Kind: Control, Op: OpExit},
	{Name: "_Exit", Kind: Control, Op: OpExit},
	{Name: "__builtin_trap", Kind: Control, Op: OpExit},
	{Name: "__builtin_unreachable", Kind: Control, Op: OpExit},
	{Name: "__assert_fail", Kind: Control, Op: OpAssertFail},
	{Name: "__assert_perror_fail", Kind: Control, Op: OpAssertFail},
	{Name: "__assert", Kind: Control, Op: OpAssertFail},
	// The Linux kernel's link-time errors: no lowering (unsupported).
	{Name: "__xchg_wrong_size", Kind: Control},
	{Name: "__cmpxchg_wrong_size", Kind: Control},
	{Name: "__bad_percpu_size", Kind: Control},

	// Processes: the parent's side of fork (bound.CheckForks decides
	// whether the child may be left out) and of waiting for a child. The
	// status a wait stores is any int; a struct rusage is not modelled.
	{Name: "fork", Kind: Sync, Op: OpFork},
	{Name: "vfork", Kind: Sync, Op: OpFork},
	{Name: "wait", Kind: Sync, Op: OpWaitChild, Effects: typed(0, true), NoCapture: AllArgs},
	{Name: "waitpid", Kind: Sync, Op: OpWaitChild, Effects: typed(1, true), NoCapture: AllArgs},
	{Name: "wait3", Kind: Sync, Op: OpWaitChild, Effects: typed(0, true), NoCapture: AllArgs},
	{Name: "wait4", Kind: Sync, Op: OpWaitChild, Effects: typed(1, true), NoCapture: AllArgs},
	// Not modelled: a call ends the path that reaches it, and the result
	// cannot be a proof (a violation found elsewhere stands; finding none
	// is unknown). setjmp returns only once (ladr's C library model), so
	// a long jump is not modelled. Signals are never delivered (ladr's C library model records
	// dispositions and masks only), so sending one is not modelled; and
	// read and write do not synchronize threads, so the descriptors
	// through which threads of one process can (pipes, sockets, eventfd,
	// FIFOs...) are not modelled either.
	unmodelled("killpg"), unmodelled("timer_settime"), unmodelled("sigqueue"), unmodelled("tgkill"), unmodelled("tkill"),
	unmodelled("pthread_kill"), {Name: "__ladr_signal_thread", Kind: Sync, Op: OpSignalThread, NoCapture: AllArgs},
	unmodelled("pthread_sigqueue"), unmodelled("sigsuspend"), unmodelled("sigwait"),
	unmodelled("sigwaitinfo"), unmodelled("sigtimedwait"), unmodelled("pause"),
	unmodelled("longjmp"), unmodelled("_longjmp"), unmodelled("siglongjmp"), unmodelled("__longjmp_chk"),
	unmodelled("pipe"), unmodelled("pipe2"), unmodelled("socketpair"), unmodelled("socket"), unmodelled("eventfd"),
	unmodelled("mkfifo"), unmodelled("mkfifoat"), unmodelled("signalfd"), unmodelled("timerfd_create"),
	unmodelled("epoll_create"), unmodelled("epoll_create1"), unmodelled("inotify_init"), unmodelled("inotify_init1"),
	unmodelled("memfd_create"), unmodelled("shm_open"),

	// Time.
	{Name: "usleep", Kind: Pure},
	{Name: "sleep", Kind: Pure},
	{Name: "nanosleep", Kind: Pure, Effects: append(typed(0, false), typed(1, true)...), NoCapture: AllArgs},

	// Memory.
	{Name: "malloc", Kind: Pure},
	{Name: "calloc", Kind: Pure},
	{Name: "alloca", Kind: Pure},
	{Name: "__builtin_alloca", Kind: Pure},
	{Name: "realloc", Kind: Pure, MinArgs: 1, Effects: []Effect{{Arg: 0, Write: true, Access: FreeBlock}}},
	{Name: "free", Kind: Pure, MinArgs: 1, Effects: []Effect{{Arg: 0, Write: true, Access: FreeBlock}}},
	memset("memset"), memset("__builtin_memset"),
	memcpy("memcpy"), memcpy("memmove"), memcpy("__builtin_memcpy"),
	{Name: "memcmp", Kind: Pure, MinArgs: 2, Effects: memcmpEffects, NoCapture: AllArgs},
	// Not modelled, but known to the race instrumentation.
	{Name: "__builtin_memmove", Kind: Unknown, MinArgs: 2, Effects: memcpyEffects, ReturnsArg: true},
	{Name: "__builtin_memcmp", Kind: Unknown, MinArgs: 2, Effects: memcmpEffects},

	// Strings.
	{Name: "strlen", Kind: Pure, MinArgs: 1, Effects: readString, NoCapture: AllArgs},
	{Name: "__builtin_strlen", Kind: Pure, MinArgs: 1, Effects: readString, NoCapture: AllArgs},
	{Name: "strdup", Kind: Pure, MinArgs: 1, Effects: readString},
	{Name: "strcpy", Kind: Pure, MinArgs: 2, Effects: []Effect{{Arg: 1, Size: sizeString(1)}, {Arg: 0, Write: true, Size: sizeString(1)}},
		NoCapture: AllArgs, ReturnsArg: true},
	// strncpy reads up to the terminating zero or n bytes, and writes n
	// bytes (padding with zeros).
	{Name: "strncpy", Kind: Pure, MinArgs: 3, Effects: []Effect{{Arg: 1, Size: sizeStringMax(1, 2)}, {Arg: 0, Write: true, Size: sizeArg(2)}},
		NoCapture: AllArgs, ReturnsArg: true},
	{Name: "strcat", Kind: Pure, MinArgs: 2, Effects: []Effect{{Arg: 0, Size: sizeString(0)}, {Arg: 1, Size: sizeString(1)},
		{Arg: 0, AtEnd: true, Write: true, Size: sizeString(1)}}, NoCapture: AllArgs, ReturnsArg: true},
	// strncat reads s up to its zero or n bytes, and appends that and a
	// zero.
	{Name: "strncat", Kind: Pure, MinArgs: 3, Effects: []Effect{{Arg: 0, Size: sizeString(0)}, {Arg: 1, Size: sizeStringMax(1, 2)},
		{Arg: 0, AtEnd: true, Write: true, Size: Size{Kind: SizeStringMaxZero, Arg: 1, Max: 2}}}, NoCapture: AllArgs, ReturnsArg: true},
	{Name: "strcmp", Kind: Pure, MinArgs: 2, Effects: approxTwo, NoCapture: AllArgs},
	{Name: "strncmp", Kind: Pure, MinArgs: 2, Effects: approxTwo, NoCapture: AllArgs},
	{Name: "strstr", Kind: Pure, MinArgs: 2, Effects: approxTwo, ReturnsArg: true},
	{Name: "strchr", Kind: Pure, MinArgs: 1, Effects: []Effect{{Arg: 0, Access: Approx}}, NoCapture: AllArgs, ReturnsArg: true},
	{Name: "strrchr", Kind: Pure, MinArgs: 1, Effects: []Effect{{Arg: 0, Access: Approx}}, NoCapture: AllArgs, ReturnsArg: true},
	{Name: "strerror", Kind: Pure},

	// Input and output: the strings printed with %s are read, sprintf's
	// buffer written; scanf writes the arguments after the format.
	{Name: "printf", Kind: Pure, MinArgs: 1, Effects: printed(0), NoCapture: AllArgs},
	{Name: "fprintf", Kind: Pure, MinArgs: 2, Effects: printed(1), NoCapture: AllArgs},
	{Name: "dprintf", Kind: Pure, MinArgs: 2, Effects: printed(1), NoCapture: AllArgs},
	{Name: "sprintf", Kind: Pure, MinArgs: 2, Effects: append([]Effect{{Arg: 0, Write: true, Access: Formatted, Format: 1}}, printed(1)...), NoCapture: AllArgs},
	{Name: "snprintf", Kind: Pure, MinArgs: 3, Effects: append([]Effect{{Arg: 0, Write: true, Access: Formatted, Format: 2, Size: sizeArg(1)}}, printed(2)...), NoCapture: AllArgs},
	{Name: "puts", Kind: Pure, MinArgs: 1, Effects: readString, NoCapture: AllArgs},
	{Name: "perror", Kind: Pure, MinArgs: 1, Effects: readString, NoCapture: AllArgs},
	{Name: "putchar", Kind: Pure},
	{Name: "fflush", Kind: Pure},
	{Name: "scanf", Kind: Pure, Effects: scanned(1), NoCapture: AllArgs},
	{Name: "sscanf", Kind: Pure, Effects: append([]Effect{{Arg: 0, Access: Approx}}, scanned(2)...), NoCapture: AllArgs},
	{Name: "fscanf", Kind: Pure, Effects: scanned(2), NoCapture: AllArgs},

	// Arithmetic and others.
	{Name: "abs", Kind: Pure},
	{Name: "labs", Kind: Pure},
	// <math.h> functions of numbers only (no pointer argument): values.
	{Name: "__builtin_isfinite", Kind: Pure}, {Name: "__builtin_isnan", Kind: Pure}, {Name: "__builtin_isinf", Kind: Pure}, {Name: "__builtin_isinf_sign", Kind: Pure},
	{Name: "__builtin_isnormal", Kind: Pure}, {Name: "__builtin_fpclassify", Kind: Pure}, {Name: "__builtin_signbit", Kind: Pure}, {Name: "__builtin_fabs", Kind: Pure},
	{Name: "__builtin_huge_val", Kind: Pure}, {Name: "__builtin_huge_valf", Kind: Pure}, {Name: "__builtin_inf", Kind: Pure}, {Name: "__builtin_inff", Kind: Pure},
	{Name: "sqrt", Kind: Pure}, {Name: "sqrtf", Kind: Pure}, {Name: "sqrtl", Kind: Pure}, {Name: "fabs", Kind: Pure},
	{Name: "fabsf", Kind: Pure}, {Name: "fabsl", Kind: Pure}, {Name: "sin", Kind: Pure}, {Name: "sinf", Kind: Pure},
	{Name: "sinl", Kind: Pure}, {Name: "cos", Kind: Pure}, {Name: "cosf", Kind: Pure}, {Name: "cosl", Kind: Pure},
	{Name: "tan", Kind: Pure}, {Name: "tanf", Kind: Pure}, {Name: "tanl", Kind: Pure}, {Name: "asin", Kind: Pure},
	{Name: "asinf", Kind: Pure}, {Name: "asinl", Kind: Pure}, {Name: "acos", Kind: Pure}, {Name: "acosf", Kind: Pure},
	{Name: "acosl", Kind: Pure}, {Name: "atan", Kind: Pure}, {Name: "atanf", Kind: Pure}, {Name: "atanl", Kind: Pure},
	{Name: "atan2", Kind: Pure}, {Name: "atan2f", Kind: Pure}, {Name: "atan2l", Kind: Pure}, {Name: "sinh", Kind: Pure},
	{Name: "sinhf", Kind: Pure}, {Name: "sinhl", Kind: Pure}, {Name: "cosh", Kind: Pure}, {Name: "coshf", Kind: Pure},
	{Name: "coshl", Kind: Pure}, {Name: "tanh", Kind: Pure}, {Name: "tanhf", Kind: Pure}, {Name: "tanhl", Kind: Pure},
	{Name: "asinh", Kind: Pure}, {Name: "asinhf", Kind: Pure}, {Name: "asinhl", Kind: Pure}, {Name: "acosh", Kind: Pure},
	{Name: "acoshf", Kind: Pure}, {Name: "acoshl", Kind: Pure}, {Name: "atanh", Kind: Pure}, {Name: "atanhf", Kind: Pure},
	{Name: "atanhl", Kind: Pure}, {Name: "exp", Kind: Pure}, {Name: "expf", Kind: Pure}, {Name: "expl", Kind: Pure},
	{Name: "exp2", Kind: Pure}, {Name: "exp2f", Kind: Pure}, {Name: "exp2l", Kind: Pure}, {Name: "expm1", Kind: Pure},
	{Name: "expm1f", Kind: Pure}, {Name: "expm1l", Kind: Pure}, {Name: "log", Kind: Pure}, {Name: "logf", Kind: Pure},
	{Name: "logl", Kind: Pure}, {Name: "log10", Kind: Pure}, {Name: "log10f", Kind: Pure}, {Name: "log10l", Kind: Pure},
	{Name: "log2", Kind: Pure}, {Name: "log2f", Kind: Pure}, {Name: "log2l", Kind: Pure}, {Name: "log1p", Kind: Pure},
	{Name: "log1pf", Kind: Pure}, {Name: "log1pl", Kind: Pure}, {Name: "logb", Kind: Pure}, {Name: "logbf", Kind: Pure},
	{Name: "logbl", Kind: Pure}, {Name: "pow", Kind: Pure}, {Name: "powf", Kind: Pure}, {Name: "powl", Kind: Pure},
	{Name: "hypot", Kind: Pure}, {Name: "hypotf", Kind: Pure}, {Name: "hypotl", Kind: Pure}, {Name: "cbrt", Kind: Pure},
	{Name: "cbrtf", Kind: Pure}, {Name: "cbrtl", Kind: Pure}, {Name: "floor", Kind: Pure}, {Name: "floorf", Kind: Pure},
	{Name: "floorl", Kind: Pure}, {Name: "ceil", Kind: Pure}, {Name: "ceilf", Kind: Pure}, {Name: "ceill", Kind: Pure},
	{Name: "round", Kind: Pure}, {Name: "roundf", Kind: Pure}, {Name: "roundl", Kind: Pure}, {Name: "trunc", Kind: Pure},
	{Name: "truncf", Kind: Pure}, {Name: "truncl", Kind: Pure}, {Name: "rint", Kind: Pure}, {Name: "rintf", Kind: Pure},
	{Name: "rintl", Kind: Pure}, {Name: "nearbyint", Kind: Pure}, {Name: "nearbyintf", Kind: Pure}, {Name: "nearbyintl", Kind: Pure},
	{Name: "fmod", Kind: Pure}, {Name: "fmodf", Kind: Pure}, {Name: "fmodl", Kind: Pure}, {Name: "remainder", Kind: Pure},
	{Name: "remainderf", Kind: Pure}, {Name: "remainderl", Kind: Pure}, {Name: "fmin", Kind: Pure}, {Name: "fminf", Kind: Pure},
	{Name: "fminl", Kind: Pure}, {Name: "fmax", Kind: Pure}, {Name: "fmaxf", Kind: Pure}, {Name: "fmaxl", Kind: Pure},
	{Name: "fdim", Kind: Pure}, {Name: "fdimf", Kind: Pure}, {Name: "fdiml", Kind: Pure}, {Name: "fma", Kind: Pure},
	{Name: "fmaf", Kind: Pure}, {Name: "fmal", Kind: Pure}, {Name: "copysign", Kind: Pure}, {Name: "copysignf", Kind: Pure},
	{Name: "copysignl", Kind: Pure}, {Name: "erf", Kind: Pure}, {Name: "erff", Kind: Pure}, {Name: "erfl", Kind: Pure},
	{Name: "erfc", Kind: Pure}, {Name: "erfcf", Kind: Pure}, {Name: "erfcl", Kind: Pure}, {Name: "tgamma", Kind: Pure},
	{Name: "tgammaf", Kind: Pure}, {Name: "tgammal", Kind: Pure}, {Name: "lgamma", Kind: Pure}, {Name: "lgammaf", Kind: Pure},
	{Name: "lgammal", Kind: Pure}, {Name: "ldexp", Kind: Pure}, {Name: "ldexpf", Kind: Pure}, {Name: "ldexpl", Kind: Pure},
	{Name: "scalbn", Kind: Pure}, {Name: "scalbnf", Kind: Pure}, {Name: "scalbnl", Kind: Pure}, {Name: "scalbln", Kind: Pure},
	{Name: "scalblnf", Kind: Pure}, {Name: "scalblnl", Kind: Pure}, {Name: "ilogb", Kind: Pure}, {Name: "ilogbf", Kind: Pure},
	{Name: "ilogbl", Kind: Pure}, {Name: "lround", Kind: Pure}, {Name: "lroundf", Kind: Pure}, {Name: "lroundl", Kind: Pure},
	{Name: "llround", Kind: Pure}, {Name: "llroundf", Kind: Pure}, {Name: "llroundl", Kind: Pure}, {Name: "lrint", Kind: Pure},
	{Name: "lrintf", Kind: Pure}, {Name: "lrintl", Kind: Pure}, {Name: "llrint", Kind: Pure}, {Name: "llrintf", Kind: Pure},
	{Name: "llrintl", Kind: Pure},
	{Name: "llabs", Kind: Pure},
	{Name: "__builtin_abs", Kind: Pure},
	{Name: "__builtin_constant_p", Kind: Pure},
	{Name: "__builtin_offsetof", Kind: Pure},
	{Name: "__builtin_bswap16", Kind: Pure},
	{Name: "__builtin_bswap32", Kind: Pure},
	{Name: "__builtin_bswap64", Kind: Pure},
	{Name: "ffs", Kind: Pure},
	{Name: "rand", Kind: Pure},
	{Name: "srand", Kind: Pure},
	{Name: "random", Kind: Pure},

	// gcc's __atomic builtins.
	{Name: "__atomic_load_n", Kind: Atomic, Op: OpAtomicLoad, Orders: []int{1}},
	{Name: "__atomic_store_n", Kind: Atomic, Op: OpAtomicStore, Orders: []int{2}},
	{Name: "__atomic_exchange_n", Kind: Atomic, Op: OpAtomicExchange, Orders: []int{2}},
	{Name: "__atomic_compare_exchange_n", Kind: Atomic, Op: OpCompareExchange, Orders: []int{4, 5}},
	{Name: "__atomic_load", Kind: Atomic, Op: OpAtomicLoadPtr, Orders: []int{2}},
	{Name: "__atomic_store", Kind: Atomic, Op: OpAtomicStorePtr, Orders: []int{2}},
	{Name: "__atomic_exchange", Kind: Atomic, Op: OpAtomicExchangePtr, Orders: []int{3}},
	{Name: "__atomic_compare_exchange", Kind: Atomic, Op: OpCompareExchangePtr, Orders: []int{4, 5}},
	rmw("__atomic_fetch_add", OpFetchThen, ArithAdd, 2), rmw("__atomic_fetch_sub", OpFetchThen, ArithSub, 2),
	rmw("__atomic_fetch_and", OpFetchThen, ArithAnd, 2), rmw("__atomic_fetch_or", OpFetchThen, ArithOr, 2),
	rmw("__atomic_fetch_xor", OpFetchThen, ArithXor, 2), rmw("__atomic_fetch_nand", OpFetchThen, ArithNand, 2),
	rmw("__atomic_add_fetch", OpThenFetch, ArithAdd, 2), rmw("__atomic_sub_fetch", OpThenFetch, ArithSub, 2),
	rmw("__atomic_and_fetch", OpThenFetch, ArithAnd, 2), rmw("__atomic_or_fetch", OpThenFetch, ArithOr, 2),
	rmw("__atomic_xor_fetch", OpThenFetch, ArithXor, 2), rmw("__atomic_nand_fetch", OpThenFetch, ArithNand, 2),
	{Name: "__atomic_test_and_set", Kind: Atomic, Op: OpTestAndSet, Orders: []int{1}},
	{Name: "__atomic_clear", Kind: Atomic, Op: OpClear, Orders: []int{1}},
	{Name: "__atomic_thread_fence", Kind: Atomic, Op: OpFence},
	{Name: "__atomic_signal_fence", Kind: Atomic, Op: OpFence},

	// gcc's legacy __sync builtins (full barriers: no order argument).
	rmw("__sync_fetch_and_add", OpFetchThen, ArithAdd, -1), rmw("__sync_fetch_and_sub", OpFetchThen, ArithSub, -1),
	rmw("__sync_fetch_and_or", OpFetchThen, ArithOr, -1), rmw("__sync_fetch_and_and", OpFetchThen, ArithAnd, -1),
	rmw("__sync_fetch_and_xor", OpFetchThen, ArithXor, -1), rmw("__sync_fetch_and_nand", OpFetchThen, ArithNand, -1),
	rmw("__sync_add_and_fetch", OpThenFetch, ArithAdd, -1), rmw("__sync_sub_and_fetch", OpThenFetch, ArithSub, -1),
	rmw("__sync_or_and_fetch", OpThenFetch, ArithOr, -1), rmw("__sync_and_and_fetch", OpThenFetch, ArithAnd, -1),
	rmw("__sync_xor_and_fetch", OpThenFetch, ArithXor, -1), rmw("__sync_nand_and_fetch", OpThenFetch, ArithNand, -1),
	{Name: "__sync_bool_compare_and_swap", Kind: Atomic, Op: OpBoolCAS},
	{Name: "__sync_val_compare_and_swap", Kind: Atomic, Op: OpValCAS},
	{Name: "__sync_lock_test_and_set", Kind: Atomic, Op: OpAtomicExchange},
	{Name: "__sync_lock_release", Kind: Atomic, Op: OpAtomicRelease},
	{Name: "__sync_synchronize", Kind: Atomic, Op: OpFence},

	// clang's __c11_atomic functions.
	{Name: "__c11_atomic_load", Kind: Atomic, Op: OpAtomicLoad, Orders: []int{1}},
	{Name: "__c11_atomic_store", Kind: Atomic, Op: OpAtomicStore, Orders: []int{2}},
	{Name: "__c11_atomic_exchange", Kind: Atomic, Op: OpAtomicExchange, Orders: []int{2}},
	rmw("__c11_atomic_fetch_add", OpFetchThen, ArithAdd, 2), rmw("__c11_atomic_fetch_sub", OpFetchThen, ArithSub, 2),
	{Name: "__c11_atomic_compare_exchange_strong", Kind: Atomic, Op: OpCompareExchange, Orders: []int{3, 4}},
	{Name: "__c11_atomic_compare_exchange_weak", Kind: Atomic, Op: OpCompareExchange, Orders: []int{3, 4}},
}

// typed is the access of the object argument i points to.
func typed(i int, write bool) []Effect { return []Effect{{Arg: i, Write: write, Access: Typed}} }

// syncObject is the access a synchronization function makes to the object
// argument i points to (a mutex, a semaphore, a barrier): an atomic write
// of the whole object. Two of them never race; a plain access of the
// object's memory by another thread (a memset, a free of the block that
// holds it while the function may still run) does.
func syncObject(i int) []Effect { return []Effect{{Arg: i, Write: true, Access: Typed, Atomic: true}} }

// Effects shared by several functions.
var (
	readString    = []Effect{{Arg: 0, Size: sizeString(0)}}
	approxTwo     = []Effect{{Arg: 0, Access: Approx}, {Arg: 1, Access: Approx}}
	memcpyEffects = []Effect{{Arg: 1, Size: sizeArg(2)}, {Arg: 0, Write: true, Size: sizeArg(2)}}
	memcmpEffects = []Effect{{Arg: 0, Size: sizeArg(2)}, {Arg: 1, Size: sizeArg(2)}}
)

func memset(name string) Info {
	return Info{Name: name, Kind: Pure, MinArgs: 1, Effects: []Effect{{Arg: 0, Write: true, Size: sizeArg(2)}}, NoCapture: AllArgs, ReturnsArg: true}
}

func memcpy(name string) Info {
	return Info{Name: name, Kind: Pure, MinArgs: 2, Effects: memcpyEffects, NoCapture: AllArgs, ReturnsArg: true}
}

// attrSet is a function that sets (or initializes) an attributes object;
// the attribute is not modelled (the call, a statement, is lowered to
// returning 0).
func attrSet(name string) Info {
	return Info{Name: name, Kind: Pure, Op: OpNoOp, Effects: []Effect{{Arg: 0, Write: true, Access: Typed}, {Arg: 1, Rest: true, Access: Typed}}, NoCapture: AllArgs}
}

// attrWrite is a function that sets an attribute to the value of its
// arguments, not to what they point to (pthread_attr_setstack's address).
func attrWrite(name string) Info {
	return Info{Name: name, Kind: Pure, Op: OpNoOp, Effects: typed(0, true), NoCapture: AllArgs}
}

// attrGet is a function that gets an attribute.
func attrGet(name string) Info {
	return Info{Name: name, Kind: Pure, Effects: []Effect{{Arg: 0, Access: Typed}, {Arg: 1, Rest: true, Write: true, Access: Typed}}, NoCapture: AllArgs}
}

// printed reads the arguments of the printf format at argument format as
// its conversions say.
func printed(format int) []Effect {
	return []Effect{{Arg: format, Access: Format}}
}

// scanned writes the arguments from first on.
func scanned(first int) []Effect {
	return []Effect{{Arg: first, Rest: true, Write: true, Access: ByType}}
}

// rmw is an atomic read-modify-write; order is the index of its memory
// order argument (-1: none).
func rmw(name string, op Op, a Arith, order int) Info {
	f := Info{Name: name, Kind: Atomic, Op: op, Arith: a}
	if order >= 0 {
		f.Orders = []int{order}
	}
	return f
}

// unmodelled is a function ladr does not model and that no assumption may
// replace (OpUnmodelled): a path that calls it ends there, and the result
// is no proof.
func unmodelled(name string) Info {
	return Info{Name: name, Kind: Sync, Op: OpUnmodelled, NoCapture: AllArgs}
}
