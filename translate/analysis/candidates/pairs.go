package candidates

import (
	"fmt"
	"sort"
	"strings"
)

// pairs judges every pair of overlapping accesses of accs and fills res's
// counts and candidates.
func (a *analyzer) pairs(accs []*access, res *Result) {
	// Overlapping accesses share their leaf type, their root (variable
	// or object type), or a whole object and a variable of its type.
	buckets := map[string][]int{}
	for i, x := range accs {
		buckets["leaf "+x.l.leaf] = append(buckets["leaf "+x.l.leaf], i)
		if x.l.v != nil {
			key := fmt.Sprintf("var %p", x.l.v)
			buckets[key] = append(buckets[key], i)
			tk := "whole " + typeKey(x.l.v.Type)
			buckets[tk] = append(buckets[tk], i)
		} else {
			buckets["type "+x.l.typ] = append(buckets["type "+x.l.typ], i)
			if x.l.path == "" {
				buckets["whole "+x.l.typ] = append(buckets["whole "+x.l.typ], i)
			}
		}
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
				if !x.write && !y.write || !a.overlap(x.l, y.l) {
					continue
				}
				if !a.parallel(x, y) {
					continue
				}
				res.Pairs++
				if x.atomic && y.atomic {
					res.Excluded["atomic"]++
					continue
				}
				if common := commonLock(x, y); common != "" {
					res.Excluded["common lock"]++
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
	for _, c := range best {
		res.Candidates = append(res.Candidates, *c)
	}
	res.Total = len(res.Candidates)
	sort.Slice(res.Candidates, func(i, j int) bool {
		ci, cj := res.Candidates[i], res.Candidates[j]
		if ci.Rank != cj.Rank {
			return ci.Rank > cj.Rank
		}
		if ci.First.Position != cj.First.Position {
			return ci.First.Position < cj.First.Position
		}
		return ci.Second.Position < cj.Second.Position
	})
	if len(res.Candidates) > MaxListed {
		res.Candidates = res.Candidates[:MaxListed]
	}
}

// parallel reports whether threads may run x and y at once: two kinds of
// threads, or two threads of a kind that may have several.
func (a *analyzer) parallel(x, y *access) bool {
	for _, kx := range a.runBy[x.f] {
		for _, ky := range a.runBy[y.f] {
			switch {
			case kx == ky:
				if a.kinds[kx].many {
					return true
				}
			case kx == 0:
				if x.mainIdx >= a.created[ky] {
					return true
				}
			case ky == 0:
				if y.mainIdx >= a.created[kx] {
					return true
				}
			default:
				return true
			}
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
		c.Why = "no lock held at both"
		c.Rank++
	}
	if len(kinds) == 0 {
		c.Rank += 4
	}
	if x.write && y.write {
		c.Rank += 2
	}
	if x.l.v != nil && y.l.v != nil {
		c.Rank += 2
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
