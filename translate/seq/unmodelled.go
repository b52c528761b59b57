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
// evidence (bound.Notes.Incomplete). With checked, the calls of
// model.OpUnmodelled functions are left out: their lowering asserts that
// they are not reached (Options.CheckUnmodelled).
func Unmodelled(prog *ir.Program, checked bool) []bound.Cut {
	return threadCallCuts(prog, func(loc ir.Loc, c *ir.Call, g *ir.Function) []bound.Cut {
		if g.Body != nil {
			return nil
		}
		if what := scannedAddress(g.Name, c); what != "" {
			return []bound.Cut{{Pos: UserPos(loc), What: what}}
		}
		if op := model.Lookup(g.Name).Op; checked || op != model.OpUnmodelled && op != model.OpSignalThread && op != model.OpCancel {
			return nil
		}
		return []bound.Cut{{Pos: UserPos(loc), What: UnmodelledWhat(g.Name)}}
	})
}

// UnmodelledWhat says that the function named name (model.OpUnmodelled)
// is not modelled.
func UnmodelledWhat(name string) string {
	if name == bound.CancelFunc {
		return "pthread_cancel is not modelled"
	}
	if name == bound.SignalThreadFunc {
		return "pthread_kill is not modelled (a signal handler that runs in the thread the signal is sent to)"
	}
	if strings.HasPrefix(name, model.UnmodelledPrefix) {
		return "not modelled by ladr's C library: " + strings.ReplaceAll(strings.TrimPrefix(name, model.UnmodelledPrefix), "_", " ")
	}
	return name + " is not modelled"
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

// scannedAddress says why a call of a scanf-like function reads a value
// ladr does not model: a %p conversion reads an address, which the model
// (any bytes) cannot give; a format that is not a literal may hold one.
func scannedAddress(name string, c *ir.Call) string {
	for _, e := range model.Lookup(name).Effects {
		if !e.Write || !e.Rest || e.Access != model.ByType || e.Arg < 1 || e.Arg-1 >= len(c.Args) {
			continue
		}
		lit, ok := ir.Uncast(c.Args[e.Arg-1]).(*ir.StringLit)
		if !ok {
			return name + " with a format that is not a literal (it may read an address with %p, which is not modelled)"
		}
		for i := 0; i+1 < len(lit.Val); i++ {
			if lit.Val[i] != '%' {
				continue
			}
			j := i + 1
			for j < len(lit.Val) && strings.IndexByte("*0123456789hljztL", lit.Val[j]) >= 0 {
				j++
			}
			if j < len(lit.Val) && lit.Val[j] == 'p' {
				return name + " reads an address (%p), which is not modelled"
			}
			if j < len(lit.Val) && lit.Val[j] == '%' {
				i = j
			}
		}
	}
	return ""
}
