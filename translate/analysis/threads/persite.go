package threads

import (
	"fmt"

	"github.com/ladr-dev/ladr/translate/analysis"
	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/ir"
)

// MaxSites bounds the routine copies PerSite makes.
const MaxSites = 256

// PerSite returns a copy of p in which every pthread_create site starts a
// copy of its start routine of its own (and the sites in that copy,
// copies of theirs): each routine then has one class, the argument its
// parameter receives is the one of its site, and its variables and
// allocation sites are its own. main is copied too; p is not changed.
// ok is false when the copies would be too many (over MaxSites) or a
// routine creates threads of itself.
func PerSite(p *analysis.Program) (*analysis.Program, bool) {
	if len(p.Entries) == 0 {
		return p, false
	}
	entries := map[*ir.Function]bool{}
	for _, f := range p.Entries {
		entries[f] = true
	}
	out := &analysis.Program{Prog: p.Prog, Notes: p.Notes, ParamArgs: map[*ir.Var]ir.Expr{}}
	n := 0
	var copyOf func(f *ir.Function, stack []*ir.Function) (*ir.Function, error)
	copyOf = func(f *ir.Function, stack []*ir.Function) (*ir.Function, error) {
		for _, g := range stack {
			if g == f {
				return nil, fmt.Errorf("cycle")
			}
		}
		if n++; n > MaxSites {
			return nil, fmt.Errorf("too many")
		}
		cl := &ir.Cloner{}
		nf := *f
		nf.Params = nil
		for _, v := range f.Params {
			nf.Params = append(nf.Params, cl.CopyVar(v))
		}
		nf.Body = cl.Block(f.Body)
		out.Entries = append(out.Entries, &nf)
		var err error
		ir.Inspect(ir.Stmt(nf.Body), func(x any) bool {
			if err != nil {
				return false
			}
			s, ok := x.(*ir.ExprStmt)
			if !ok {
				return true
			}
			c, _ := bound.CallOf(s)
			if c == nil || !isCreate(c) || len(c.Args) != 4 {
				return true
			}
			t := bound.FuncOf(c.Args[2])
			if t == nil || !entries[t] {
				return true
			}
			var nt *ir.Function
			nt, err = copyOf(t, append(stack, f))
			if err != nil {
				return false
			}
			c.Args[2] = &ir.FuncRef{Fn: nt, P: c.Args[2].Pos()}
			if len(nt.Params) > 0 {
				out.ParamArgs[nt.Params[0]] = c.Args[3]
			}
			return false
		})
		return &nf, err
	}
	if _, err := copyOf(p.Entries[0], nil); err != nil {
		return p, false
	}
	return out, true
}

// Prepare returns the program the analyses of a property run over: p with
// one copy of a start routine per create site when they are few
// (PerSite); or, when p holds a construct they do not follow
// (analysis.Unfollowed), why and where.
func Prepare(p *analysis.Program) (q *analysis.Program, why string, at ir.Pos) {
	if why, at := analysis.Unfollowed(p); why != "" {
		return nil, why, at
	}
	if q, ok := PerSite(p); ok {
		return q, "", ir.Pos{}
	}
	return p, "", ir.Pos{}
}
