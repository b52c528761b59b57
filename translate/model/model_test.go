package model

import (
	"strings"
	"testing"
)

// TestTable checks the consistency of every entry of the table.
func TestTable(t *testing.T) {
	seen := map[string]bool{}
	for _, f := range table {
		if f.Name == "" {
			t.Errorf("an entry without a name: %+v", f)
			continue
		}
		if seen[f.Name] {
			t.Errorf("%s: listed twice", f.Name)
		}
		seen[f.Name] = true
		if f.Kind == Unknown && (f.Op != OpNone || f.Lock.Act != NoLock || f.Blocks != NoBlock) {
			t.Errorf("%s: unknown, but with an operation, a lock role or a way to block", f.Name)
		}
		if (f.Kind == Sync || f.Kind == Atomic || f.Kind == AtomicMarker) && f.Op == OpNone {
			t.Errorf("%s: a %s function without an operation", f.Name, f.Kind)
		}
		if f.Kind == Atomic && f.Step != StepStatement {
			t.Errorf("%s: an atomic builtin shown as a %s step", f.Name, f.Step)
		}
		if (f.Op == OpFetchThen || f.Op == OpThenFetch) != (f.Arith != "") {
			t.Errorf("%s: operation %s with arithmetic %q", f.Name, f.Op, f.Arith)
		}
		if f.Lock.Act != NoLock {
			if f.Lock.Object == 0 || f.Lock.Arg < 0 || f.Lock.Arg > 1 {
				t.Errorf("%s: lock role %+v names no lock object or argument", f.Name, f.Lock)
			}
			if f.Lock.Act == Acquire && f.Blocks == NoBlock {
				t.Errorf("%s: acquires a lock without blocking", f.Name)
			}
		}
		if f.Lock.Mode == Shared && f.Lock.Object != RWLock {
			t.Errorf("%s: only read-write locks are shared", f.Name)
		}
		if f.Waits && f.Kind != Sync {
			t.Errorf("%s: waits, but is not Sync", f.Name)
		}
		for _, e := range f.Effects {
			if e.Arg < 0 || !e.Rest && f.MinArgs > 0 && e.Arg >= f.MinArgs {
				t.Errorf("%s: effect %+v on an argument at or after MinArgs %d", f.Name, e, f.MinArgs)
			}
			if e.Size.Kind != SizeNone && e.Access != Bytes && !(e.Access == Formatted && e.Size.Kind == SizeArg) {
				t.Errorf("%s: effect %+v has a size but does not access bytes", f.Name, e)
			}
			if (e.Size.Kind == SizeString || e.Size.Kind == SizeStringMax || e.Size.Kind == SizeStringMaxZero) && e.Size.Arg >= f.MinArgs ||
				(e.Size.Kind == SizeStringMax || e.Size.Kind == SizeStringMaxZero) && e.Size.Max >= f.MinArgs {
				t.Errorf("%s: the size of effect %+v reads an argument a call may not have (MinArgs %d)", f.Name, e, f.MinArgs)
			}
			if (e.Access == Format || e.Access == Formatted) && (f.MinArgs == 0 || e.Arg >= f.MinArgs || e.Format >= f.MinArgs) {
				t.Errorf("%s: effect %+v: a format a call may not have (MinArgs %d)", f.Name, e, f.MinArgs)
			}
			if e.AtEnd && e.Arg >= f.MinArgs {
				t.Errorf("%s: effect %+v at the end of a string a call may not have", f.Name, e)
			}
		}
		if len(f.Orders) > 0 && f.Kind != Atomic {
			t.Errorf("%s: memory orders of a function that is not atomic", f.Name)
		}
	}
}

// TestLookup checks the kinds, operations and families Lookup returns.
func TestLookup(t *testing.T) {
	for _, tc := range []struct {
		name string
		kind Kind
		op   Op
	}{
		{"pthread_mutex_lock", Sync, OpLock},
		{"pthread_spin_lock", Sync, OpLock},
		{"pthread_create", Sync, OpThreadCreate},
		{"__ladr_create", Pure, OpCreate},
		{"__ladr_something", Pure, OpNone},
		{"__CPROVER_foo", Pure, OpNone},
		{"__VERIFIER_nondet_int", Pure, OpNondet},
		{"__VERIFIER_atomic_inc", Unknown, OpAtomicFunction},
		{"__VERIFIER_atomic_begin", AtomicMarker, OpAtomicBegin},
		{"__atomic_fetch_nand", Atomic, OpFetchThen},
		{"__sync_add_and_fetch", Atomic, OpThenFetch},
		{"reach_error", Control, OpReachError},
		{"__xchg_wrong_size", Control, OpNone},
		{"strlen", Pure, OpNone},
		{"mtx_lock", Unknown, OpNone},
		{"frobnicate", Unknown, OpNone},
	} {
		f := Lookup(tc.name)
		if f.Kind != tc.kind || f.Op != tc.op || f.Name != tc.name {
			t.Errorf("Lookup(%s) = %s %q %q, want %s %q", tc.name, f.Kind, f.Op, f.Name, tc.kind, tc.op)
		}
	}
}

// TestMustBeStatement checks the recurring test of the passes.
func TestMustBeStatement(t *testing.T) {
	for _, tc := range []struct {
		name      string
		stmt, syn bool
	}{
		{"pthread_mutex_lock", true, true},
		{"__atomic_load_n", true, true},
		{"__VERIFIER_atomic_end", true, false},
		{"exit", true, false},
		{"malloc", false, false},
		{"__ladr_create", false, false},
		{"frobnicate", false, false},
	} {
		f := Lookup(tc.name)
		if f.MustBeStatement() != tc.stmt || f.Synchronizes() != tc.syn {
			t.Errorf("%s: MustBeStatement %v Synchronizes %v, want %v %v", tc.name, f.MustBeStatement(), f.Synchronizes(), tc.stmt, tc.syn)
		}
	}
}

// TestMayRelease checks which calls end what the lockset analysis knows.
func TestMayRelease(t *testing.T) {
	for _, tc := range []struct {
		name string
		want bool
	}{
		{"pthread_mutex_unlock", true},
		{"pthread_spin_unlock", true},
		{"pthread_rwlock_unlock", true},
		{"pthread_cond_wait", true},
		{"sem_wait", true},
		{"sem_trywait", true},
		{"pthread_barrier_wait", true},
		{"__ladr_barrier_await", true},
		{"my_unlock", true},
		{"pthread_mutex_lock", false},
		{"sem_post", false},
		{"pthread_join", false},
		{"wait_for_it", false},
	} {
		if got := MayRelease(tc.name); got != tc.want {
			t.Errorf("MayRelease(%s) = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestMemoryOrderArgs checks the memory-order arguments.
func TestMemoryOrderArgs(t *testing.T) {
	for _, tc := range []struct {
		name string
		want []int
	}{
		{"__atomic_load_n", []int{1}},
		{"__atomic_compare_exchange", []int{4, 5}},
		{"__c11_atomic_compare_exchange_weak", []int{3, 4}},
		{"__atomic_fetch_add", []int{2}},
		{"__atomic_max_fetch", []int{2}}, // not in the table
		{"__sync_fetch_and_add", nil},
		{"__atomic_thread_fence", nil},
		{"strlen", nil},
	} {
		got := MemoryOrderArgs(tc.name)
		if len(got) != len(tc.want) || len(got) > 0 && got[0] != tc.want[0] {
			t.Errorf("MemoryOrderArgs(%s) = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestStepKinds checks the trace's kinds and their names.
func TestStepKinds(t *testing.T) {
	for _, tc := range []struct {
		name string
		want string
	}{
		{"pthread_create", "create"},
		{"pthread_join", "join"},
		{"thrd_join", "join"},
		{"pthread_mutex_lock", "lock"},
		{"sem_post", "unlock"},
		{"__VERIFIER_atomic_begin", "lock"},
		{"pthread_cond_timedwait", "wait"},
		{"pthread_cond_broadcast", "signal"},
		{"pthread_mutex_timedlock", "statement"},
		{"malloc", "statement"},
	} {
		if got := Lookup(tc.name).Step.String(); got != tc.want {
			t.Errorf("%s: step %s, want %s", tc.name, got, tc.want)
		}
	}
}

// TestIsInstrumentation checks the variables a trace hides.
func TestIsInstrumentation(t *testing.T) {
	for _, tc := range []struct {
		lvalue string
		want   bool
	}{
		{"__ladr_pc[1l]", true},
		{"__ladr_pc0", true},
		{"__ladr_c1new", true},
		{"__ladr_rel", true},
		{"__ladr_wk", true},
		{"__ladr_nondet_value", true},
		{"__ladr_t3", false},
		{"__ladr_active[1]", false},
		{"x", false},
	} {
		if got := IsInstrumentation(tc.lvalue); got != tc.want {
			t.Errorf("IsInstrumentation(%s) = %v, want %v", tc.lvalue, got, tc.want)
		}
	}
	for name := range instrumentation {
		if !strings.HasPrefix(name, InternalPrefix) {
			t.Errorf("%s: an instrumentation variable without ladr's prefix", name)
		}
	}
}

// TestArgSet checks argument sets.
func TestArgSet(t *testing.T) {
	s := Args(0, 2)
	for i, want := range []bool{true, false, true, false} {
		if s.Has(i) != want {
			t.Errorf("Args(0, 2).Has(%d) = %v", i, s.Has(i))
		}
	}
	if !AllArgs.Has(70) || Args(1).Has(70) || Args().Has(0) {
		t.Error("AllArgs holds every argument, Args() none")
	}
}

// TestNoReturn checks the functions whose calls do not return.
func TestNoReturn(t *testing.T) {
	var got []string
	for _, f := range table {
		if f.NoReturn() {
			got = append(got, f.Name)
		}
	}
	want := "pthread_exit reach_error __VERIFIER_error abort exit _exit _Exit __builtin_trap __builtin_unreachable __assert_fail __assert_perror_fail __assert"
	if strings.Join(got, " ") != want {
		t.Errorf("NoReturn functions:\n%s\nwant\n%s", strings.Join(got, " "), want)
	}
}
