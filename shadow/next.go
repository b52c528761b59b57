package shadow

import (
	"sort"

	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/model"
	"github.com/ladr-dev/ladr/translate/seq"
)

// nextLabels computes, for each visible statement j of a thread, the labels
// that execution can reach next after j's region without passing another
// visible label. A context ends right after statement j exactly when cs is
// the label execution reaches next, so "j is the last statement of C1" is
// cs ∈ next[j] when j's region falls through to j+1 only, and a guess
// otherwise (see rewriter.phases).
func nextLabels(tl *seq.ThreadLayout) [][]int {
	g := &flow{next: map[ir.Stmt]ir.Stmt{}, labels: map[string]ir.Stmt{}, labelJ: map[ir.Stmt]int{}, size: tl.Size}
	for j, l := range tl.Labels {
		g.labelJ[l] = j
	}
	g.build(tl.Func.Body, nil)
	out := make([][]int, tl.Size)
	for j := 0; j < tl.Size; j++ {
		seen := map[ir.Stmt]bool{}
		set := map[int]bool{}
		g.walk(g.next[tl.Labels[j]], seen, set)
		for l := range set {
			out[j] = append(out[j], l)
		}
		sort.Ints(out[j])
	}
	return out
}

// flow is the control flow of a thread body (all jumps go forward).
type flow struct {
	next   map[ir.Stmt]ir.Stmt // fall-through successor (nil: end of body)
	labels map[string]ir.Stmt
	labelJ map[ir.Stmt]int
	size   int
}

// first returns the first statement executed when entering s, or cont.
func (g *flow) first(list []ir.Stmt, cont ir.Stmt) ir.Stmt {
	if len(list) == 0 {
		return cont
	}
	return list[0]
}

// build records fall-through successors in block b, continuing with cont.
func (g *flow) build(b *ir.Block, cont ir.Stmt) {
	for i, s := range b.List {
		c := cont
		if i+1 < len(b.List) {
			c = b.List[i+1]
		}
		g.next[s] = c
		switch x := s.(type) {
		case *ir.Label:
			g.labels[x.Name] = s
		case *ir.Block:
			g.build(x, c)
		case *ir.If:
			g.build(x.Then, c)
			if x.Else != nil {
				g.build(x.Else, c)
			}
		}
	}
}

// walk explores from s, collecting the visible labels reached first.
func (g *flow) walk(s ir.Stmt, seen map[ir.Stmt]bool, set map[int]bool) {
	for {
		if s == nil {
			set[g.size] = true // end of the thread: its exit label
			return
		}
		if seen[s] {
			return
		}
		seen[s] = true
		if j, ok := g.labelJ[s]; ok {
			set[j] = true
			return
		}
		switch x := s.(type) {
		case *ir.Block:
			s = g.first(x.List, g.next[s])
			continue
		case *ir.If:
			g.walk(g.first(x.Then.List, g.next[s]), seen, set)
			if x.Else != nil {
				g.walk(g.first(x.Else.List, g.next[s]), seen, set)
			} else {
				g.walk(g.next[s], seen, set)
			}
			return
		case *ir.Goto:
			s = g.labels[x.Label]
			if s == nil {
				set[g.size] = true
				return
			}
			continue
		case *ir.Return:
			set[g.size] = true
			return
		case *ir.ExprStmt:
			if c, _ := bound.CallOf(x); c != nil {
				if f := ir.CalledFunc(c); f != nil && model.Lookup(f.Name).NoReturn() {
					set[g.size] = true
					return
				}
			}
		}
		s = g.next[s]
	}
}
