package shadow

import (
	"fmt"
	"strings"

	"github.com/ladr-dev/ladr/translate/ir"
)

// Which accesses can race at all.
//
// A race needs two accesses of different threads to the same memory, at
// least one a write and not both atomic. The instrumentation first runs
// dry and records every access it would check (its thread, whether it
// writes, whether it is atomic, and what it may touch); an access that has
// no such partner in another thread is left uninstrumented. Neither the
// shadow memory nor the phase checks ever involve it, so no race the
// instrumented program could report is lost, and the formula is smaller.
//
// What an access may touch is its root: the variable an lvalue lies in
// when it names it without going through a pointer (x, s.f, a[i], and
// *(&x), (&s)->f, p[i] with p = a decayed array), or "through a pointer"
// otherwise. Two roots may overlap when they are the same variable, or
// when one goes through a pointer and the other is a variable whose
// address is taken (sharing.Info.Taken), or when both go through
// pointers. Distinct variables never overlap. A pointer that free or
// realloc is given points to allocated memory, which no variable's access
// overlaps. Two accesses that both hold
// one mutex never race (package locks).
//
// A synchronization function's (atomic) access of its object through a
// pointer pairs only with releases of allocated memory: a free of the
// block that holds a mutex or a barrier another thread may still use is
// then checked (the release assertion); the function's access itself is
// never instrumented.

// surveyed is one access of the dry run.
type surveyed struct {
	ord    int     // ordinal of the check (both runs count alike)
	key    ir.Expr // the node that identifies it in both runs
	write  bool
	atomic bool
	thread int
	root   *ir.Var // nil: through a pointer
	heap   bool    // through a pointer to allocated memory (free's)
	sync   bool    // a synchronization function's access of its object
	// block: the pointer variable a heap or synchronization access goes
	// through (basePointer), nil if none.
	block *ir.Var
	locks []string // the mutexes surely held (locks.MustLocks)
}

// rootOf returns the variable an lvalue lies in, or nil when the lvalue is
// reached through a pointer that may point anywhere.
func rootOf(lv ir.Expr) *ir.Var {
	h := ir.HostOf(lv)
	if h.Ptr != nil {
		return pointee(h.Ptr)
	}
	return h.Var
}

// pointee returns the variable a pointer expression points into when the
// expression is the address of (a part of) that variable, possibly cast
// or moved by pointer arithmetic (which C confines to the object), or nil.
func pointee(p ir.Expr) *ir.Var {
	switch x := p.(type) {
	case *ir.Cast:
		return pointee(x.X)
	case *ir.Unary:
		if x.Op == ir.Addr {
			return rootOf(x.X)
		}
	case *ir.Binary:
		switch {
		case (x.Op == ir.Add || x.Op == ir.Sub) && isAddress(x.X.Type()):
			return pointee(x.X)
		case x.Op == ir.Add && isAddress(x.Y.Type()):
			return pointee(x.Y)
		}
	case *ir.Comma:
		return pointee(x.Y)
	}
	if ir.IsArray(p.Type()) {
		// An array used as a value decays to the address of its first
		// element.
		return rootOf(p)
	}
	return nil
}

func isAddress(t ir.Type) bool { return ir.IsPointer(t) || ir.IsArray(t) }

// summary counts, over a set of accesses, those of each kind per thread
// and set of mutexes held.
type summary struct {
	byClass map[class]*kinds
	locks   map[class][]string
}

// class is a thread and the mutexes it holds (sorted, joined).
type class struct {
	thread int
	locks  string
}

// kinds counts accesses: all, writes, non-atomic ones, non-atomic writes.
type kinds struct{ any, w, n, nw int }

func (k *kinds) add(a surveyed) {
	k.any++
	if a.write {
		k.w++
	}
	if !a.atomic {
		k.n++
		if a.write {
			k.nw++
		}
	}
}

func (s *summary) add(a surveyed) {
	if s.byClass == nil {
		s.byClass, s.locks = map[class]*kinds{}, map[class][]string{}
	}
	c := class{a.thread, strings.Join(a.locks, "\x00")}
	k := s.byClass[c]
	if k == nil {
		k = &kinds{}
		s.byClass[c] = k
		s.locks[c] = a.locks
	}
	k.add(a)
}

// partner reports whether the set has an access of another thread than
// a's, holding no mutex a holds, that can race with a: one of the two
// writes, not both atomic.
func (s *summary) partner(a surveyed) bool {
	if s == nil {
		return false
	}
	for c, k := range s.byClass {
		if c.thread == a.thread || common(s.locks[c], a.locks) {
			continue
		}
		var n int
		switch {
		case a.write && !a.atomic:
			n = k.any
		case a.write:
			n = k.n
		case !a.atomic:
			n = k.w
		default:
			n = k.nw
		}
		if n > 0 {
			return true
		}
	}
	return false
}

// common reports whether two sorted sets of mutexes share one.
func common(a, b []string) bool {
	for i, j := 0, 0; i < len(a) && j < len(b); {
		switch {
		case a[i] == b[j]:
			return true
		case a[i] < b[j]:
			i++
		default:
			j++
		}
	}
	return false
}

// candidates returns the ordinals of the surveyed accesses that may race
// with an access of another thread.
func (in *Instrumenter) candidates() map[int]bool {
	byRoot := map[*ir.Var]*summary{}
	// Through pointers; on address-taken variables; through pointers to
	// allocated memory.
	var viaPtr, taken, heap summary
	for i := range in.survey {
		in.survey[i].locks = in.lockUse.Filter(in.survey[i].locks)
	}
	var syncs []surveyed // synchronization objects reached through pointers
	in.syncPartner = map[int]bool{}
	var fresh map[*ir.Var]map[*ir.Call]bool
	for _, a := range in.survey {
		switch {
		case a.sync:
			if a.root == nil {
				syncs = append(syncs, a)
			}
		case a.heap:
			heap.add(a)
		case a.root == nil:
			viaPtr.add(a)
		default:
			s := byRoot[a.root]
			if s == nil {
				s = &summary{}
				byRoot[a.root] = s
			}
			s.add(a)
			if in.info.Taken[a.root] {
				taken.add(a)
			}
		}
	}
	keep := map[int]bool{}
	for _, a := range in.survey {
		var ok bool
		switch {
		case a.sync:
		case a.heap:
			// The synchronization objects that may lie in the block a
			// releases: all of them but those surely in other blocks.
			var near summary
			for _, o := range syncs {
				if a.block != nil && o.block != nil && o.block != a.block {
					if fresh == nil {
						fresh = freshPointers(in.prog)
					}
					if separateBlocks(fresh, a.block, o.block) {
						continue
					}
				}
				near.add(o)
			}
			in.syncPartner[a.ord] = near.partner(a)
			ok = viaPtr.partner(a) || heap.partner(a) || in.syncPartner[a.ord]
		case a.root == nil:
			ok = viaPtr.partner(a) || taken.partner(a) || heap.partner(a)
		default:
			ok = byRoot[a.root].partner(a) || in.info.Taken[a.root] && viaPtr.partner(a)
		}
		if ok && !a.sync && !a.heap && !in.static.MayRace(a.key.Pos(), lvalueText(a.key), a.write) {
			// The static analysis of the unbounded program judged this
			// access and found no access it may race with.
			ok = false
			in.StaticPruned++
		}
		if ok && in.only != nil && !a.sync && !in.only(a.key.Pos()) {
			ok = false
		}
		if ok {
			keep[a.ord] = true
		}
	}
	return keep
}

// retraced reports whether the real run's check ord is the dry run's: the
// same node, read or written. The two runs visit the program alike; if
// they ever did not, no access is left uninstrumented and the translation
// fails (a bug in ladr, never a missed race).
func (in *Instrumenter) retraced(ord int, key ir.Expr, write bool) bool {
	if in.err != nil {
		return false
	}
	if len(in.survey) == 0 || in.survey[0].ord != ord || in.survey[0].key != key || in.survey[0].write != write {
		in.err = fmt.Errorf("race instrumentation: check %d is not the access the survey recorded", ord)
		return false
	}
	in.survey = in.survey[1:]
	return true
}
