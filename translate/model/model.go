// Package model is ladr's table of library functions: the POSIX threads
// API, semaphores, SV-COMP's __VERIFIER_* functions, gcc's atomic builtins,
// memory and string functions, and ladr's own intrinsics. For each function
// it records, as data, what the passes need to know (see Info): its kind
// (which calls synchronize and so must be statements of their own, which
// may stay inside expressions), its operation (which lowering the
// sequentialization applies), whether and how it blocks, its lock role, its
// memory effects on its arguments, which arguments it does not capture and
// how a step of a trace that calls it is shown. The passes (seq, sharing,
// shadow) and the driver's trace read the table instead of testing names;
// a function that is not in it is unknown.
//
// The table is in table.go; its comment says how to add a function.
package model

import "strings"

// Kind classifies a function.
type Kind int

// Function kinds.
const (
	// Unknown is a function ladr has no model for.
	Unknown Kind = iota
	// Sync functions synchronize threads or are otherwise modelled by the
	// sequentialization; a call must be a statement of its own.
	Sync
	// Atomic functions are atomic read-modify-write operations; they become
	// atomic sections.
	Atomic
	// Control functions end the program or report a property violation.
	Control
	// Pure functions may stay inside expressions: nondeterministic values,
	// memory allocation, string and math functions CBMC models, output.
	Pure
	// AtomicMarker are __VERIFIER_atomic_begin/end.
	AtomicMarker
)

var kindNames = [...]string{Unknown: "unknown", Sync: "sync", Atomic: "atomic", Control: "control", Pure: "pure", AtomicMarker: "atomic-marker"}

// String returns the kind's name (sync, atomic, ...).
func (k Kind) String() string {
	if k >= 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "kind(?)"
}

// Info is the model of one function: one entry of the table.
type Info struct {
	// Name is the function's C name.
	Name string
	// Kind classifies the function.
	Kind Kind
	// Op is the function's operation: the key under which the pass that
	// lowers its calls (package seq for most, see Op's constants) finds
	// the lowering. Functions with the same operation (pthread_mutex_lock
	// and pthread_spin_lock) are lowered alike; OpNone means calls are
	// not lowered (a Pure function stays as it is; any other one with no
	// lowering makes the program unsupported).
	Op Op
	// Arith is the arithmetic of an atomic read-modify-write
	// (OpFetchThen, OpThenFetch).
	Arith Arith
	// Blocks says whether and until when a call blocks the calling thread.
	Blocks Blocking
	// Lock is the function's role on a lock, if any.
	Lock LockRole
	// Waits: the call waits for an event of another thread (a semaphore
	// post, a condition signal, a barrier's last arrival) or, like
	// sem_trywait, polls for one.
	Waits bool
	// MinArgs is the number of arguments below which a call has no
	// memory effects (an ill-formed call of an undeclared function).
	MinArgs int
	// Effects are the accesses a call makes through its pointer
	// arguments, in order.
	Effects []Effect
	// NoCapture holds the arguments whose addresses the function uses only
	// during the call, in the calling thread: passing &x there does not
	// make x address-taken.
	NoCapture ArgSet
	// ReturnsArg: the function returns a pointer into the memory one of
	// its arguments points to (memcpy, strchr).
	ReturnsArg bool
	// Orders are the indices of the memory-order arguments of an atomic
	// access (gcc's __atomic_* builtins), see MemoryOrderArgs.
	Orders []int
	// Step is how a step of a trace that calls the function is shown.
	Step StepKind
}

// MustBeStatement reports whether a call must be a statement of its own:
// the function synchronizes, is atomic, marks an atomic section or ends
// the program. Such calls are hoisted out of expressions, are never
// inlined away, and a call with no lowering is unsupported.
func (f Info) MustBeStatement() bool {
	switch f.Kind {
	case Sync, Atomic, AtomicMarker, Control:
		return true
	}
	return false
}

// Synchronizes reports whether a call synchronizes threads (Sync and
// Atomic functions): it is a visible point of the sequentialization.
func (f Info) Synchronizes() bool { return f.Kind == Sync || f.Kind == Atomic }

// NoReturn reports whether a call never returns: it ends the program
// (exit, abort, a failed assertion, reach_error) or the calling thread
// (pthread_exit).
func (f Info) NoReturn() bool {
	switch f.Op {
	case OpExit, OpReachError, OpAssertFail, OpThreadExit:
		return true
	}
	return false
}

// byName indexes the table.
var byName = func() map[string]Info {
	m := make(map[string]Info, len(table))
	for _, f := range table {
		m[f.Name] = f
	}
	return m
}()

// Lookup returns what ladr knows about the function named name: its entry
// of the table, or for names of families (__VERIFIER_nondet_*, __CPROVER_*,
// ladr's own __ladr_*) a model of the family, or Info{Name: name} (kind
// Unknown).
func Lookup(name string) Info {
	if info, ok := byName[name]; ok {
		return info
	}
	switch {
	case strings.HasPrefix(name, "__VERIFIER_nondet_"):
		return Info{Name: name, Kind: Pure, Op: OpNondet}
	case strings.HasPrefix(name, "__VERIFIER_atomic_"):
		// A defined function whose body runs as one atomic step; the caller
		// checks that it has a body.
		return Info{Name: name, Kind: Unknown, Op: OpAtomicFunction}
	case strings.HasPrefix(name, UnmodelledPrefix):
		// ladr's C library model marks what it does not model: a call
		// makes the result unknown.
		return Info{Name: name, Kind: Sync, Op: OpUnmodelled, NoCapture: AllArgs}
	case strings.HasPrefix(name, "__CPROVER_"), strings.HasPrefix(name, "__ladr_"):
		return Info{Name: name, Kind: Pure}
	}
	return Info{Name: name}
}

// UnmodelledPrefix starts the names of the functions by which ladr's C
// library model (package libc) marks a behaviour it does not model
// (__ladr_unmodelled_setvbuf_buffer): they have no body and no lowering,
// so a reachable call makes the result unknown.
const UnmodelledPrefix = "__ladr_unmodelled_"

// IsAtomicFunction reports whether name follows SV-COMP's convention for
// functions that execute atomically (__VERIFIER_atomic_*, other than the
// begin/end markers).
func IsAtomicFunction(name string) bool {
	return strings.HasPrefix(name, "__VERIFIER_atomic_") && name != "__VERIFIER_atomic_begin" && name != "__VERIFIER_atomic_end"
}

// LooksSynchronizing reports whether an unknown function's name suggests it
// synchronizes threads (a lock, a wait, an atomic operation). Treating such
// a function as a no-op could report races that cannot happen, so calls to
// them make the result unknown.
func LooksSynchronizing(name string) bool {
	n := strings.ToLower(name)
	for _, w := range []string{"lock", "mutex", "sem_", "semaphore", "atomic", "barrier", "cond_", "wait", "signal", "join",
		"thread", "spin", "fence", "synchron", "cmpxchg", "xchg", "_cas", "futex", "rcu_", "fork", "clone", "kthread", "queue_work",
		"schedule", "complete", "tasklet", "timer", "irq"} {
		if strings.Contains(n, w) {
			return true
		}
	}
	return false
}

// MayRelease reports whether a call of the function named name may release
// a lock the calling thread holds, or lets other threads run while it
// waits: the functions with a releasing lock role, those that wait, and,
// for a function ladr does not model, a name that says "unlock" (a
// program's own unlock wrapper left as a call).
func MayRelease(name string) bool {
	f := Lookup(name)
	return f.Lock.Act.Releases() || f.Waits || strings.Contains(name, "unlock")
}

// Errno values used by the models (Linux).
const (
	EPERM     = 1
	EBUSY     = 16
	EINVAL    = 22
	EDEADLK   = 35
	ETIMEDOUT = 110
	EAGAIN    = 11
)

// Detach states (PTHREAD_CREATE_JOINABLE, PTHREAD_CREATE_DETACHED).
const (
	CreateJoinable = 0
	CreateDetached = 1
)

// Mutex types: the values of glibc's PTHREAD_MUTEX_* constants, which its
// static initializers store in the mutex's __kind field and
// pthread_mutexattr_settype in the attributes object.
const (
	MutexNormal     = 0
	MutexRecursive  = 1
	MutexErrorCheck = 2
	// MutexKindMask selects the type from __kind (glibc keeps flags in
	// the higher bits; type 3, PTHREAD_MUTEX_ADAPTIVE_NP, behaves as a
	// normal mutex).
	MutexKindMask = 3
)

// Memory orders of gcc's atomic builtins (__ATOMIC_RELAXED and so on).
const (
	OrderRelaxed = 0
	OrderConsume = 1
	OrderAcquire = 2
	OrderRelease = 3
	OrderAcqRel  = 4
	OrderSeqCst  = 5
)

// OrderName returns the macro naming a memory order, or "" for a value
// that is not one.
func OrderName(v int64) string {
	switch v {
	case OrderRelaxed:
		return "__ATOMIC_RELAXED"
	case OrderConsume:
		return "__ATOMIC_CONSUME"
	case OrderAcquire:
		return "__ATOMIC_ACQUIRE"
	case OrderRelease:
		return "__ATOMIC_RELEASE"
	case OrderAcqRel:
		return "__ATOMIC_ACQ_REL"
	case OrderSeqCst:
		return "__ATOMIC_SEQ_CST"
	}
	return ""
}

// MemoryOrderArgs returns the indices of the memory-order arguments of the
// atomic memory access named name (gcc's __atomic_* builtins and clang's
// __c11_atomic_* functions; compare-exchange has two, for success and for
// failure), or nil for a function that takes none: the table's Orders, and
// for a fetch-and-op builtin the table does not list (__atomic_fetch_max)
// the third argument. The fences are left out: a fence orders the accesses
// around it, and ladr explores sequentially consistent executions only, in
// which every access is already ordered; behaviours a fence weaker than
// seq_cst allows beyond those come from the non-seq_cst accesses it orders
// (a fence between seq_cst accesses adds nothing), and those accesses are
// reported themselves. The __sync_* builtins are full barriers (seq_cst)
// and take no order.
func MemoryOrderArgs(name string) []int {
	if f, ok := byName[name]; ok && f.Orders != nil {
		return f.Orders
	}
	if strings.HasPrefix(name, "__atomic_fetch_") || strings.HasPrefix(name, "__atomic_") && strings.HasSuffix(name, "_fetch") {
		return []int{2}
	}
	return nil
}

// Functions returns the entries of the table, in the table's order.
func Functions() []Info { return append([]Info(nil), table...) }
