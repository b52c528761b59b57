package candidates

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// pairs judges every pair of overlapping accesses of accs and fills res's
// counts and candidates.
func (a *analyzer) pairs(accs []*access, res *Result) {
	// Overlapping accesses name one variable, or one's object type holds
	// the other's (see overlap): they share a bucket of a leaf type.
	// Assuming the worst, an access through a pointer to bytes may
	// overlap anything: all share one bucket.
	buckets := map[string][]int{}
	if a.nested == nil {
		a.nested = nestedTypes(a.prog)
	}
	anyBytes := false
	for i, x := range accs {
		buckets["leaf "+x.l.leaf] = append(buckets["leaf "+x.l.leaf], i)
		for n := range a.nested[x.l.leaf] {
			buckets["leaf "+n] = append(buckets["leaf "+n], i)
		}
		if x.l.v != nil {
			key := fmt.Sprintf("var %p", x.l.v)
			buckets[key] = append(buckets[key], i)
		}
		anyBytes = anyBytes || x.l.bytes
	}
	if anyBytes && a.sound {
		all := make([]int, len(accs))
		for i := range all {
			all[i] = i
		}
		buckets["all"] = all
	}
	type pair struct{ i, j int }
	seen := map[pair]bool{}
	best := map[string]*Candidate{}
	for _, idx := range buckets {
		for p := 0; p < len(idx); p++ {
			for q := p; q < len(idx); q++ {
				i, j := idx[p], idx[q]
				if i > j {
					i, j = j, i
				}
				if seen[pair{i, j}] {
					continue
				}
				seen[pair{i, j}] = true
				x, y := accs[i], accs[j]
				if !x.write && !y.write || x.sync && !y.sync && !y.free && y.l.v == nil || y.sync && !x.sync && !x.free && x.l.v == nil || !a.overlap(x.l, y.l) {
					continue
				}
				if !a.parallel(x, y, true) {
					if a.parallel(x, y, false) {
						// Only a singleton fact keeps them apart.
						for _, k := range a.runBy[x.f] {
							if f := a.kinds[k].singleton; f != nil && slices.Contains(a.runBy[y.f], k) {
								f.Excluded++
								break
							}
						}
					}
					continue
				}
				if f := a.excludedByFact(x, y); f != nil {
					f.Excluded++
					continue
				}
				res.Pairs++
				if x.atomic && y.atomic {
					res.Excluded["atomic"]++
					continue
				}
				if common := commonLock(x, y); common != "" {
					res.Excluded["common lock"]++
					a.creditHolds(x, y, common)
					continue
				}
				c := a.candidate(x, y)
				key := c.First.Position + "|" + c.Second.Position
				if old := best[key]; old == nil || old.Rank < c.Rank {
					best[key] = &c
				}
			}
		}
	}
	var all []Candidate
	for _, c := range best {
		all = append(all, *c)
	}
	res.Total = len(all)
	sort.Slice(all, func(i, j int) bool {
		ci, cj := all[i], all[j]
		if ci.Rank != cj.Rank {
			return ci.Rank > cj.Rank
		}
		if ci.First.Position != cj.First.Position {
			return ci.First.Position < cj.First.Position
		}
		return ci.Second.Position < cj.Second.Position
	})
	// The list names every memory once before any twice: the best pair
	// of each memory, in rank order, then the others.
	first := map[string]bool{}
	var rest []Candidate
	for _, c := range all {
		if !first[c.Memory] {
			first[c.Memory] = true
			res.Candidates = append(res.Candidates, c)
		} else {
			rest = append(rest, c)
		}
	}
	res.Memories = len(first)
	res.Candidates = append(res.Candidates, rest...)
	res.all = res.Candidates
	if len(res.Candidates) > MaxListed {
		res.Candidates = res.Candidates[:MaxListed]
	}
}

// creditHolds counts a pair a holds fact's lock excluded, for the facts
// whose lock it is and inside whose function one of the accesses is.
func (a *analyzer) creditHolds(x, y *access, key string) {
	for _, h := range a.holdsFacts {
		if h.key == key && (h.inside[x.f] || h.inside[y.f]) {
			h.fact.Excluded++
		}
	}
}

// parallel reports whether threads may run x and y at once: two kinds of
// threads, or two threads of a kind that may have several (unless a
// singleton fact says otherwise and facts are taken).
func (a *analyzer) parallel(x, y *access, facts bool) bool {
	for _, kx := range a.runBy[x.f] {
		for _, ky := range a.runBy[y.f] {
			switch {
			case kx == ky:
				if k := a.kinds[kx]; k.many || !facts && k.singleton != nil {
					return true
				}
			case kx == 0:
				if a.mainWhile(x, ky) && !a.ordered(x, kx, ky) {
					return true
				}
			case ky == 0:
				if a.mainWhile(y, kx) && !a.ordered(y, ky, kx) {
					return true
				}
			case a.ordered(x, kx, ky) || a.ordered(y, ky, kx) || a.apart(kx, ky):
			default:
				return true
			}
		}
	}
	return false
}

// ordered reports whether access x, made by a thread of kind kx, happens
// before or after every thread of kind ky: kx's thread is the one that
// creates ky's threads and makes x where none it created runs (not
// created yet, or joined).
func (a *analyzer) ordered(x *access, kx, ky int) bool {
	k := a.kinds[ky]
	return k.creator == a.kinds[kx] && k.live != nil && k.live.count(x.f, x.stmt) <= 0
}

// apart reports whether no thread of kind kx runs while one of kind ky
// does: one thread creates both, and neither's create site runs while it
// has a thread of the other running (so each thread of one was joined
// before each of the other was created, or the other way round).
func (a *analyzer) apart(kx, ky int) bool {
	x, y := a.kinds[kx], a.kinds[ky]
	return x.creator != nil && x.creator == y.creator && x.live != nil && y.live != nil &&
		y.live.count(x.site.Caller, x.site.Stmt) <= 0 && x.live.count(y.site.Caller, y.site.Stmt) <= 0
}

// mainWhile reports whether main may make access x while a thread of kind
// k runs: at a top-level statement of its body from k's creation on and
// before the statement that joins k's thread.
func (a *analyzer) mainWhile(x *access, k int) bool {
	for _, i := range x.mainAt {
		if i >= a.created[k] && i < a.joined[k] {
			return true
		}
	}
	return false
}

// commonLock returns a lock surely held at both accesses (not both only
// reading it), or "".
func commonLock(x, y *access) string {
	for k, m := range x.must {
		if n, ok := y.must[k]; ok && !(m == "r" && n == "r") {
			return k
		}
	}
	return ""
}

// candidate describes the pair x, y.
func (a *analyzer) candidate(x, y *access) Candidate {
	if y.pos.String() < x.pos.String() {
		x, y = y, x
	}
	side := func(z *access) Side {
		s := Side{Pos: z.pos, Position: z.pos.String(), Func: z.f.Name, Write: z.write, Threads: a.names(a.runBy[z.f])}
		for k := range z.must {
			s.Locks = append(s.Locks, lockName(k))
		}
		for k := range z.kind {
			s.Locks = append(s.Locks, lockName(k))
		}
		sort.Strings(s.Locks)
		return s
	}
	c := Candidate{Memory: memoryName(x.l, y.l), First: side(x), Second: side(y)}
	var kinds []string
	for k := range x.kind {
		if y.kind[k] {
			kinds = append(kinds, lockName(k))
		}
	}
	sort.Strings(kinds)
	switch {
	case len(kinds) > 0:
		c.Why = "both hold a lock of one kind (" + strings.Join(kinds, ", ") + "), which may be two objects"
	case len(x.must)+len(x.kind) == 0 && len(y.must)+len(y.kind) == 0:
		c.Why = "no lock held at either"
		c.Rank += 2
	default:
		held := func(s Side) string {
			if len(s.Locks) == 0 {
				return "none"
			}
			return strings.Join(s.Locks, ", ")
		}
		c.Why = "no lock common to both (the first holds " + held(c.First) + ", the second " + held(c.Second) + ")"
		c.Rank++
	}
	if len(kinds) == 0 {
		c.Rank += 4
	}
	if x.write && y.write {
		c.Rank += 2
	}
	switch {
	case x.l.v != nil && y.l.v != nil:
		c.Rank += 2
	case x.l.v == nil && y.l.v == nil && x.l.path != "" && x.l.String() == y.l.String():
		// Both name the same member of the same type: likelier than a
		// pair one side of which reaches the memory through a cast
		// (*(unsigned long *)p + 49 against every unsigned long).
		c.Rank++
	}
	if x.atomic || y.atomic {
		c.Why += "; one access is atomic, the other not"
	}
	if x.f == y.f && x.pos == y.pos {
		c.Why += "; two threads at the same place"
	}
	return c
}

// lockName shows a lock key.
func lockName(k string) string {
	if k == atomicSection {
		return "an atomic section"
	}
	k = k[1:]
	if i := strings.LastIndex(k, "@"); i > 0 {
		k = k[:i]
	}
	return k
}

// memoryName names the memory of two overlapping accesses.
func memoryName(x, y loc) string {
	if x.v != nil {
		return x.String()
	}
	if y.v != nil {
		return y.String()
	}
	if len(x.path) >= len(y.path) {
		return x.String()
	}
	return y.String()
}
