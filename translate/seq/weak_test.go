package seq_test

import (
	"strings"
	"testing"

	"github.com/ladr-dev/ladr/translate"
	"github.com/ladr-dev/ladr/translate/seq"
)

// TestWeakAtomics checks which atomic accesses the api pass records as
// weaker than seq_cst (Notes.Incomplete), for every property.
func TestWeakAtomics(t *testing.T) {
	tests := []struct {
		name string
		body string // statements of the thread
		want []string
	}{
		{"seq_cst", "__atomic_store_n(&x, 1, __ATOMIC_SEQ_CST); r = __atomic_load_n(&x, 5);", nil},
		{"relaxed store", "__atomic_store_n(&x, 1, __ATOMIC_RELAXED);", []string{"__atomic_store_n with memory order __ATOMIC_RELAXED"}},
		{"acquire load", "r = __atomic_load_n(&x, __ATOMIC_ACQUIRE);", []string{"__atomic_load_n with memory order __ATOMIC_ACQUIRE"}},
		{"generic load", "__atomic_load(&x, &r, __ATOMIC_CONSUME);", []string{"__atomic_load with memory order __ATOMIC_CONSUME"}},
		{"exchange", "int v = 1; __atomic_exchange(&x, &v, &r, __ATOMIC_ACQ_REL);", []string{"__atomic_exchange with memory order __ATOMIC_ACQ_REL"}},
		{"fetch op", "__atomic_fetch_add(&x, 1, __ATOMIC_RELEASE); __atomic_or_fetch(&x, 1, __ATOMIC_RELAXED);",
			[]string{"__atomic_fetch_add with memory order __ATOMIC_RELEASE", "__atomic_or_fetch with memory order __ATOMIC_RELAXED"}},
		{"cas failure order", "int e = 0; __atomic_compare_exchange_n(&x, &e, 1, 0, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED);",
			[]string{"__atomic_compare_exchange_n with memory order __ATOMIC_RELAXED"}},
		{"cas both orders", "int e = 0; __atomic_compare_exchange_n(&x, &e, 1, 1, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED);",
			[]string{"__atomic_compare_exchange_n with memory order __ATOMIC_ACQUIRE", "__atomic_compare_exchange_n with memory order __ATOMIC_RELAXED"}},
		{"not a constant", "__atomic_store_n(&x, 1, mo);", []string{"__atomic_store_n with a memory order that is not a constant"}},
		{"test and set", "__atomic_test_and_set(&x, __ATOMIC_ACQUIRE); __atomic_clear(&x, __ATOMIC_RELEASE);",
			[]string{"__atomic_test_and_set with memory order __ATOMIC_ACQUIRE", "__atomic_clear with memory order __ATOMIC_RELEASE"}},
		// Fences order the accesses around them; the weak behaviours come
		// from the accesses, which are recorded themselves.
		{"fences", "__atomic_thread_fence(__ATOMIC_ACQUIRE); __atomic_signal_fence(__ATOMIC_RELAXED);", nil},
		{"sync builtins", "__sync_fetch_and_add(&x, 1); __sync_synchronize(); __sync_lock_release(&x);", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := "#include <pthread.h>\nint x, r, mo;\nvoid *t(void *a) { " + tc.body + " return 0; }\n" +
				"int main(void) { pthread_t id; pthread_create(&id, 0, t, 0); pthread_join(id, 0); return 0; }\n"
			for _, p := range []seq.Property{seq.Race, seq.Assert} {
				u := run(t, src, "api", translate.Config{Property: p})
				var got []string
				for _, c := range u.Notes.Incomplete {
					if c.Pos.Line != 3 {
						t.Errorf("%s at %s, want line 3", c.What, c.Pos)
					}
					what, _, _ := strings.Cut(c.What, " (ladr explores")
					got = append(got, what)
				}
				if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
					t.Errorf("property %v: Incomplete = %q, want %q", p, got, tc.want)
				}
			}
		})
	}
}
