package races

import (
	"github.com/ladr-dev/ladr/translate/ir"
)

// Argument is why a pair of accesses cannot race.
type Argument string

// The arguments, in the order a proof lists them.
const (
	// ArgReadOnly: neither access writes.
	ArgReadOnly Argument = "read-only"
	// ArgSameThread: both accesses are made by one thread, which runs
	// once.
	ArgSameThread Argument = "same thread"
	// ArgOrdered: the threads cannot run in parallel at these accesses
	// (the creation of one thread comes after the access of the other, or
	// its join before it).
	ArgOrdered Argument = "ordered by create/join"
	// ArgLock: both accesses hold one lock (a mutex, a write-locked
	// rwlock, or an atomic section).
	ArgLock Argument = "common lock"
	// ArgAtomic: both accesses are atomic.
	ArgAtomic Argument = "atomic"
	// ArgOnce: one access is part of a one-time initialization under a
	// lock (it read the flag's initial value in its critical section),
	// which the other access's thread saw done before it.
	ArgOnce Argument = "ordered by a one-time initialization"
	// ArgDisjoint: the accesses touch different memory (different
	// fields, different constant indices, different objects).
	ArgDisjoint Argument = "disjoint memory"
)

// Arguments lists the arguments in the order a proof reports them.
var Arguments = []Argument{ArgDisjoint, ArgReadOnly, ArgSameThread, ArgOrdered, ArgOnce, ArgAtomic, ArgLock}

// Access is one access to memory that another thread may touch.
type Access struct {
	Pos ir.Pos
	// Thread is the start routine of the thread making it ("main" for
	// main).
	Thread string
	// Lvalue is the accessed lvalue as C text.
	Lvalue string
	Write  bool
	Atomic bool
	// Locks are the locks surely held (names as C text).
	Locks []string
}

// Pair is two accesses that may touch the same memory, with the argument
// that excludes a race between them ("" for a race candidate).
type Pair struct {
	A, B     Access
	Argument Argument
	// Detail adds to the argument (the lock's name).
	Detail string
}

// Proof is the result of the race analysis.
type Proof struct {
	// Proved: no two accesses of the program may race, in any execution
	// (no bound involved).
	Proved bool
	// Declined, when set, is the construct the analysis does not follow,
	// at DeclinedAt: it concludes nothing.
	Declined   string
	DeclinedAt ir.Pos
	// Accesses is the number of accesses to memory another thread may
	// reach.
	Accesses int
	// Excluded counts the pairs each argument excluded.
	Excluded map[Argument]int
	// Pairs are the pairs of accesses to overlapping memory, excluded or
	// not (for --explain-proof).
	Pairs []Pair
	// Candidates are the pairs no argument excludes: possible races.
	Candidates []Pair
	// seen are the accesses the analysis judged, risky those in a
	// candidate pair (MayRace), by accessKey.
	seen, risky map[accessKey]bool
}

// accessKey identifies an access across the passes that follow the
// analysis: its position, its lvalue as text and whether it writes.
type accessKey struct {
	pos    ir.Pos
	lvalue string
	write  bool
}

// MayRace reports whether the access of lvalue (as C text) at pos may
// race: false only when the analysis judged an access of that lvalue at
// that position, with no candidate pair at that position. The race
// instrumentation leaves the accesses that cannot race unchecked.
func (p *Proof) MayRace(pos ir.Pos, lvalue string, write bool) bool {
	if p == nil || p.Declined != "" || !pos.IsValid() {
		return true
	}
	k := accessKey{pos: pos, lvalue: lvalue, write: write}
	if !p.seen[k] {
		return true
	}
	return p.risky[accessKey{pos: pos}]
}
