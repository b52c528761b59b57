package seq

import (
	"strings"

	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/model"
)

// Unmodelled returns, once per function and position, the calls in the
// threads of prog of functions ladr does not model (model.OpUnmodelled:
// sending a signal, creating a pipe, the markers of ladr's C library
// model). Their lowering ends the paths that reach them, so the bounded
// program lacks behaviours: a violation found is one, finding none is no
// evidence (bound.Notes.Incomplete).
func Unmodelled(prog *ir.Program) []bound.Cut {
	return threadCallCuts(prog, func(loc ir.Loc, c *ir.Call, g *ir.Function) []bound.Cut {
		if g.Body != nil || model.Lookup(g.Name).Op != model.OpUnmodelled {
			return nil
		}
		what := g.Name + " is not modelled"
		if strings.HasPrefix(g.Name, model.UnmodelledPrefix) {
			what = "not modelled by ladr's C library: " + strings.ReplaceAll(strings.TrimPrefix(g.Name, model.UnmodelledPrefix), "_", " ")
		}
		return []bound.Cut{{Pos: userPos(loc), What: what}}
	})
}

// threadCallCuts calls cuts on every call of a known function in the
// thread functions of prog, with the location of the statement that holds
// it, and returns the cuts it gives, each position and text once.
func threadCallCuts(prog *ir.Program, cuts func(loc ir.Loc, c *ir.Call, g *ir.Function) []bound.Cut) []bound.Cut {
	var out []bound.Cut
	seen := map[string]bool{}
	for _, f := range prog.Funcs {
		if f.Thread == nil || f.Body == nil {
			continue
		}
		var loc ir.Loc
		ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
			if st, ok := n.(ir.Stmt); ok {
				loc = *st.Origin()
				return true
			}
			c, ok := n.(*ir.Call)
			if !ok {
				return true
			}
			g := ir.CalledFunc(c)
			if g == nil {
				return true
			}
			for _, cut := range cuts(loc, c, g) {
				if key := cut.Pos.String() + cut.What; !seen[key] {
					seen[key] = true
					out = append(out, cut)
				}
			}
			return true
		})
	}
	return out
}
