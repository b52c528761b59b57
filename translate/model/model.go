// Package model classifies the library functions a C program may call: the
// POSIX threads API, semaphores, SV-COMP's __VERIFIER_* functions, gcc's
// atomic builtins, memory and string functions. The passes consult it to
// decide which calls synchronize (and so must be statements of their own),
// which are modelled by ladr, which may stay inside expressions, and which
// are unknown.
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

// Op names the operation of a modelled function.
type Op string

// Info describes a known function.
type Info struct {
	Kind Kind
	Op   Op
}

var table = map[string]Info{}

func add(k Kind, names ...string) {
	for _, n := range names {
		table[n] = Info{Kind: k, Op: Op(n)}
	}
}

func init() {
	add(Sync,
		"pthread_create", "pthread_join", "pthread_exit", "pthread_detach",
		"pthread_mutex_init", "pthread_mutex_lock", "pthread_mutex_unlock", "pthread_mutex_trylock", "pthread_mutex_destroy",
		"pthread_mutex_timedlock",
		"pthread_cond_init", "pthread_cond_wait", "pthread_cond_timedwait", "pthread_cond_signal", "pthread_cond_broadcast", "pthread_cond_destroy",
		"pthread_rwlock_init", "pthread_rwlock_rdlock", "pthread_rwlock_wrlock", "pthread_rwlock_unlock", "pthread_rwlock_destroy",
		"pthread_rwlock_tryrdlock", "pthread_rwlock_trywrlock",
		"pthread_barrier_init", "pthread_barrier_wait", "pthread_barrier_destroy",
		"pthread_spin_init", "pthread_spin_lock", "pthread_spin_unlock", "pthread_spin_trylock", "pthread_spin_destroy",
		"sem_init", "sem_wait", "sem_post", "sem_trywait", "sem_destroy", "sem_getvalue",
		"pthread_key_create", "pthread_key_delete", "pthread_getspecific", "pthread_setspecific",
		"pthread_once",
		// Lowered by the atexit pass (package bound), or unsupported.
		"atexit", "on_exit", "at_quick_exit", "__cxa_atexit",
		"__VERIFIER_assume",
		// ladr's own intrinsics for multi-step operations.
		"__ladr_once", "__ladr_barrier_arrive", "__ladr_barrier_await",
	)
	add(AtomicMarker, "__VERIFIER_atomic_begin", "__VERIFIER_atomic_end")
	add(Control,
		"abort", "exit", "_exit", "_Exit", "__assert_fail", "__assert_perror_fail", "__assert",
		"reach_error", "__VERIFIER_error", "__builtin_unreachable", "__builtin_trap",
		"__xchg_wrong_size", "__cmpxchg_wrong_size", "__bad_percpu_size",
	)
	add(Pure,
		"pthread_self", "pthread_equal",
		"pthread_attr_init", "pthread_attr_destroy", "pthread_attr_setdetachstate", "pthread_attr_getdetachstate",
		"pthread_attr_setstacksize", "pthread_attr_getstacksize", "pthread_attr_setscope", "pthread_attr_setschedpolicy",
		"pthread_attr_setinheritsched", "pthread_attr_setschedparam",
		"pthread_mutexattr_init", "pthread_mutexattr_destroy", "pthread_mutexattr_settype", "pthread_mutexattr_setpshared",
		"pthread_mutexattr_setprotocol", "pthread_condattr_init", "pthread_condattr_destroy", "pthread_condattr_setpshared",
		"pthread_rwlockattr_init", "pthread_rwlockattr_destroy",
		"pthread_yield", "sched_yield", "usleep", "sleep", "nanosleep",
		"malloc", "calloc", "realloc", "free", "alloca", "__builtin_alloca",
		"memset", "memcpy", "memmove", "memcmp", "strlen", "strcpy", "strncpy", "strcmp", "strncmp", "strcat", "strncat",
		"strchr", "strrchr", "strdup", "strstr",
		"printf", "fprintf", "puts", "putchar", "fflush", "perror", "sprintf", "snprintf",
		"abs", "labs", "llabs",
		"__builtin_memset", "__builtin_memcpy", "__builtin_strlen", "__builtin_abs",
		"__builtin_constant_p", "__builtin_offsetof",
		"__CPROVER_assume", "__CPROVER_assert",
		"time", "rand", "srand", "random",
		"__builtin_bswap16", "__builtin_bswap32", "__builtin_bswap64", "ffs", "strerror",
		"scanf", "sscanf", "fscanf",
	)
	add(Atomic,
		"__atomic_load_n", "__atomic_store_n", "__atomic_exchange_n", "__atomic_compare_exchange_n",
		"__atomic_load", "__atomic_store", "__atomic_exchange", "__atomic_compare_exchange",
		"__atomic_fetch_add", "__atomic_fetch_sub", "__atomic_fetch_and", "__atomic_fetch_or", "__atomic_fetch_xor", "__atomic_fetch_nand",
		"__atomic_add_fetch", "__atomic_sub_fetch", "__atomic_and_fetch", "__atomic_or_fetch", "__atomic_xor_fetch", "__atomic_nand_fetch",
		"__atomic_test_and_set", "__atomic_clear", "__atomic_thread_fence", "__atomic_signal_fence",
		"__sync_fetch_and_add", "__sync_fetch_and_sub", "__sync_fetch_and_or", "__sync_fetch_and_and", "__sync_fetch_and_xor", "__sync_fetch_and_nand",
		"__sync_add_and_fetch", "__sync_sub_and_fetch", "__sync_or_and_fetch", "__sync_and_and_fetch", "__sync_xor_and_fetch", "__sync_nand_and_fetch",
		"__sync_bool_compare_and_swap", "__sync_val_compare_and_swap", "__sync_lock_test_and_set", "__sync_lock_release",
		"__sync_synchronize",
		"__c11_atomic_load", "__c11_atomic_store", "__c11_atomic_exchange", "__c11_atomic_fetch_add", "__c11_atomic_fetch_sub",
		"__c11_atomic_compare_exchange_strong", "__c11_atomic_compare_exchange_weak",
	)
}

// Lookup returns what ladr knows about the function named name.
func Lookup(name string) Info {
	if info, ok := table[name]; ok {
		return info
	}
	switch {
	case strings.HasPrefix(name, "__VERIFIER_nondet_"):
		return Info{Kind: Pure, Op: "nondet"}
	case strings.HasPrefix(name, "__VERIFIER_atomic_"):
		// A defined function whose body runs as one atomic step; the caller
		// checks that it has a body.
		return Info{Kind: Unknown, Op: "atomic-function"}
	case strings.HasPrefix(name, "__CPROVER_"), strings.HasPrefix(name, "__ladr_"):
		return Info{Kind: Pure, Op: Op(name)}
	}
	return Info{}
}

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

// Errno values used by the models (Linux).
const (
	EBUSY     = 16
	ETIMEDOUT = 110
	EAGAIN    = 11
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
// failure), or nil for a function that takes none. The fences are left out:
// a fence orders the accesses around it, and ladr explores sequentially
// consistent executions only, in which every access is already ordered;
// behaviours a fence weaker than seq_cst allows beyond those come from the
// non-seq_cst accesses it orders (a fence between seq_cst accesses adds
// nothing), and those accesses are reported themselves. The __sync_*
// builtins are full barriers (seq_cst) and take no order.
func MemoryOrderArgs(name string) []int {
	switch name {
	case "__atomic_load_n", "__atomic_test_and_set", "__atomic_clear", "__c11_atomic_load":
		return []int{1}
	case "__atomic_load", "__atomic_store_n", "__atomic_store", "__atomic_exchange_n",
		"__c11_atomic_store", "__c11_atomic_exchange", "__c11_atomic_fetch_add", "__c11_atomic_fetch_sub":
		return []int{2}
	case "__atomic_exchange":
		return []int{3}
	case "__atomic_compare_exchange_n", "__atomic_compare_exchange":
		return []int{4, 5}
	case "__c11_atomic_compare_exchange_strong", "__c11_atomic_compare_exchange_weak":
		return []int{3, 4}
	}
	if strings.HasPrefix(name, "__atomic_fetch_") || strings.HasPrefix(name, "__atomic_") && strings.HasSuffix(name, "_fetch") {
		return []int{2}
	}
	return nil
}
