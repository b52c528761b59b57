package seq

import (
	"fmt"

	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/model"
)

// WeakAtomics returns the atomic accesses of the thread functions of prog
// whose memory order is not a constant equal to __ATOMIC_SEQ_CST, one
// entry per source position and order. ladr explores sequentially
// consistent executions only: an access with a weaker order has behaviours
// (store buffering, a load that reads a stale value) and data races (a
// relaxed store does not publish the writes before it) that no explored
// execution shows. A violation found is still real (a sequentially
// consistent execution is an execution under any weaker order, and a race
// under its happens-before is a race under the weaker one), but finding
// none proves nothing, so the driver turns it into unknown.
//
// It must run before LowerAPI, which replaces the builtins' calls.
func WeakAtomics(prog *ir.Program) []bound.Cut {
	return threadCallCuts(prog, func(loc ir.Loc, c *ir.Call, g *ir.Function) []bound.Cut {
		var out []bound.Cut
		for _, i := range model.MemoryOrderArgs(g.Name) {
			if i >= len(c.Args) {
				continue
			}
			order, weak := weakOrder(c.Args[i])
			if !weak {
				continue
			}
			p := c.P
			if !p.IsValid() {
				p = loc.Pos
			}
			what := fmt.Sprintf("%s with %s (ladr explores sequentially consistent executions only; weaker orders allow more behaviours and races)", g.Name, order)
			out = append(out, bound.Cut{Pos: p, What: what})
		}
		return out
	})
}

// weakOrder describes the memory-order argument e ("memory order
// __ATOMIC_RELAXED") and reports whether it
// may be weaker than seq_cst: it is, unless e is a constant equal to
// __ATOMIC_SEQ_CST.
func weakOrder(e ir.Expr) (string, bool) {
	for {
		c, ok := e.(*ir.Cast)
		if !ok {
			break
		}
		e = c.X
	}
	lit, ok := e.(*ir.IntLit)
	if !ok {
		return "a memory order that is not a constant", true
	}
	if lit.Val == model.OrderSeqCst {
		return "", false
	}
	if name := model.OrderName(int64(lit.Val)); name != "" {
		return "memory order " + name, true
	}
	return fmt.Sprintf("memory order %d (not a valid order)", int64(lit.Val)), true
}
