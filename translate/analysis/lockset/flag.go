package lockset

import (
	"github.com/ladr-dev/ladr/translate/analysis"
	"github.com/ladr-dev/ladr/translate/analysis/pointsto"
	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/model"
	"github.com/ladr-dev/ladr/translate/sharing"
)

// Locks made of a flag and atomic sections.
//
// SV-COMP's programs often build a lock from a variable and two atomic
// functions:
//
//	void __VERIFIER_atomic_acquire() { assume(m == 0); m = 1; }
//	void __VERIFIER_atomic_release() { assume(m == 1); m = 0; }
//
// An atomic section that waits for the flag to hold K0 and then sets it to
// another constant acquires a lock; one that sets it to K0 releases it.
// When every write of the flag's object is one of these (K0 the same for
// all), only one thread at a time can be past an acquire and before the
// next release: the flag is a mutex, which the lockset follows like one.

// flagOp is an acquire or a release of a flag lock.
type flagOp struct {
	key     string
	acquire bool
	// assumes: the section waits for the flag to hold assumed; it then
	// writes written.
	assumes          bool
	assumed, written uint64
}

// flagLocks finds the flag locks of p: the assignment statements that
// acquire or release one, by statement.
func (a *analyzer) flagLocks(p *analysis.Program) map[ir.Stmt]flagOp {
	ops := map[ir.Stmt]flagOp{}
	for _, f := range p.Entries {
		ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
			b, ok := n.(*ir.Block)
			if !ok {
				return true
			}
			for i := 0; i+2 < len(b.List); i++ {
				if markerOp(b.List[i]) != model.OpAtomicBegin || markerOp(b.List[i+2]) != model.OpAtomicEnd {
					continue
				}
				sec, ok := b.List[i+1].(*ir.Block)
				if !ok {
					continue
				}
				if s, op, ok := a.flagSection(sec); ok {
					ops[s] = op
				}
			}
			return true
		})
	}
	if len(ops) == 0 {
		return ops
	}
	// K0 is the flag's initial value (a global's); every operation must
	// be an acquire (waits for K0, writes another value) or a release
	// (writes K0), and nothing else may write the flag's object.
	bad := map[*pointsto.Object]bool{}
	for s, op := range ops {
		o := a.r.objs[op.key]
		k0, ok := initialValue(o)
		switch {
		case !ok:
			bad[o] = true
		case op.assumes && op.assumed == k0 && op.written != k0:
			op.acquire = true
			ops[s] = op
		case op.written == k0:
		default:
			bad[o] = true
		}
	}
	written := a.writtenObjects(p, ops)
	for s, op := range ops {
		o := a.r.objs[op.key]
		if bad[o] || written[o] {
			delete(ops, s)
		}
	}
	return ops
}

// markerOp returns the operation of an atomic section marker statement.
func markerOp(s ir.Stmt) model.Op {
	c, _ := bound.CallOf(s)
	if c == nil {
		return model.OpNone
	}
	f := ir.CalledFunc(c)
	if f == nil || f.Body != nil {
		return model.OpNone
	}
	return model.Lookup(f.Name).Op
}

// flatten returns the statements of nested blocks in order.
func flatten(b *ir.Block, out []ir.Stmt) []ir.Stmt {
	for _, s := range b.List {
		if x, ok := s.(*ir.Block); ok {
			out = flatten(x, out)
		} else {
			out = append(out, s)
		}
	}
	return out
}

// flagSection recognizes the body of an atomic section that acquires or
// releases a flag lock: [declarations of pointers], [assume(L == K)],
// L = K'. It returns the assignment.
func (a *analyzer) flagSection(sec *ir.Block) (ir.Stmt, flagOp, bool) {
	list := flatten(sec, nil)
	var assumed ir.Expr // the condition assumed, if any
	var conds = map[*ir.Var]ir.Expr{}
	for i, s := range list {
		switch x := s.(type) {
		case *ir.DeclStmt:
			if x.Init != nil && x.Init.Expr != nil && !x.Init.IsList {
				conds[x.Var] = x.Init.Expr
			}
			continue
		case *ir.If:
			// if (!cond) abort();
			u, ok := x.Cond.(*ir.Unary)
			if !ok || u.Op != ir.Not || x.Else != nil || !abortsOnly(x.Then) || assumed != nil {
				return nil, flagOp{}, false
			}
			if id, ok := ir.Uncast(u.X).(*ir.Ident); ok && conds[id.Var] != nil {
				assumed = conds[id.Var]
			} else {
				assumed = u.X
			}
			continue
		case *ir.ExprStmt:
			if c, _ := bound.CallOf(x); c != nil {
				if f := ir.CalledFunc(c); f != nil && f.Body == nil && model.Lookup(f.Name).Op == model.OpAssume && len(c.Args) == 1 && assumed == nil {
					assumed = c.Args[0]
					continue
				}
				return nil, flagOp{}, false
			}
			as, ok := x.X.(*ir.Assign)
			if !ok || as.Op != ir.OpNone || i != len(list)-1 {
				return nil, flagOp{}, false
			}
			k1, ok := constant(as.R)
			if !ok {
				return nil, flagOp{}, false
			}
			key, ok := a.name(&ir.Unary{Op: ir.Addr, X: as.L, T: &ir.Pointer{Elem: as.L.Type()}})
			if !ok {
				return nil, flagOp{}, false
			}
			if assumed == nil {
				return x, flagOp{key: key, written: k1}, true
			}
			eq, ok := assumed.(*ir.Binary)
			if !ok || eq.Op != ir.Eq {
				return nil, flagOp{}, false
			}
			k, ok := constant(eq.Y)
			if !ok {
				return nil, flagOp{}, false
			}
			key2, ok := a.name(&ir.Unary{Op: ir.Addr, X: eq.X, T: &ir.Pointer{Elem: eq.X.Type()}})
			if !ok || key2 != key {
				return nil, flagOp{}, false
			}
			return x, flagOp{key: key, assumes: true, assumed: k, written: k1}, true
		default:
			return nil, flagOp{}, false
		}
	}
	return nil, flagOp{}, false
}

// abortsOnly reports whether a block only ends the program.
func abortsOnly(b *ir.Block) bool {
	list := flatten(b, nil)
	if len(list) == 0 {
		return false
	}
	c, _ := bound.CallOf(list[0])
	if c == nil {
		return false
	}
	f := ir.CalledFunc(c)
	return f != nil && f.Body == nil && model.Lookup(f.Name).NoReturn()
}

// initialValue returns the initial value of a flag: a global scalar
// variable, initialized with a constant or not at all.
func initialValue(o *pointsto.Object) (uint64, bool) {
	if o == nil || o.Kind != pointsto.ObjVar || o.Var.Class != ir.Global || !ir.IsInteger(o.Var.Type) {
		return 0, false
	}
	in := o.Var.Init
	if in == nil {
		return 0, true
	}
	if in.IsList || in.Expr == nil {
		return 0, false
	}
	return constant(in.Expr)
}

func constant(e ir.Expr) (uint64, bool) {
	if l, ok := ir.Uncast(e).(*ir.IntLit); ok {
		return l.Val, true
	}
	return 0, false
}

// writtenObjects returns the objects some statement other than the flag
// operations may write.
func (a *analyzer) writtenObjects(p *analysis.Program, ops map[ir.Stmt]flagOp) map[*pointsto.Object]bool {
	w := map[*pointsto.Object]bool{}
	mark := func(s pointsto.Set) {
		for _, l := range s {
			w[l.Obj] = true
		}
	}
	for _, f := range p.Entries {
		ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
			switch x := n.(type) {
			case *ir.ExprStmt:
				if _, ok := ops[x]; ok {
					return false
				}
			case *ir.DeclStmt:
				mark(a.pts.Lvalue(&ir.Ident{Var: x.Var}))
			case *ir.Assign:
				mark(a.pts.Lvalue(x.L))
			case *ir.Unary:
				switch x.Op {
				case ir.PreInc, ir.PreDec, ir.PostInc, ir.PostDec:
					mark(a.pts.Lvalue(x.X))
				}
			case *ir.Call:
				g := ir.CalledFunc(x)
				if g == nil || g.Body != nil {
					for _, arg := range x.Args {
						mark(a.pts.Eval(arg))
					}
					return true
				}
				info := model.Lookup(g.Name)
				if info.Kind == model.Atomic {
					for _, arg := range x.Args {
						mark(a.pts.Eval(arg))
					}
				}
				for _, m := range sharing.MemAccesses(g.Name, x.Args) {
					if m.Write || m.Heap {
						mark(a.pts.Eval(m.Pointer))
					}
				}
			}
			return true
		})
	}
	return w
}
