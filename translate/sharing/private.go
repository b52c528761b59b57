package sharing

import (
	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/model"
)

// privateBlocks returns the pointer variables of prog whose blocks no
// other thread can reach: a local pointer p (block scope, automatic,
// address never taken, named in one function: one thread) that only ever receives a fresh block (p = malloc(...),
// p = calloc(...)) or a null pointer, and whose value is used only
//
//   - to access the block: *p, p[i], p->f, of a non-array type and not
//     under & (which would make a pointer into the block);
//   - as an argument the called library function does not capture
//     (model.Info.NoCapture: memset...) and, when the call's value is
//     used, does not return (model.Info.ReturnsArg), or given to free;
//   - in a comparison (p == q, p != q, !p) or under sizeof.
//
// No copy of p's value exists anywhere, so the blocks it points to are
// reachable through p only, and p belongs to one thread: every access
// through p is of memory private to that thread (a stress test's
// malloc, memset, free).
func privateBlocks(prog *ir.Program, taken map[*ir.Var]bool) map[*ir.Var]bool {
	s := &blockScan{total: map[*ir.Var]int{}, allowed: map[*ir.Var]int{}, bad: map[*ir.Var]bool{}}
	cand := func(v *ir.Var) bool {
		return v.Class == ir.Local && !v.Static && !taken[v] && ir.IsPointer(v.Type)
	}
	s.cand = cand
	for _, v := range prog.Globals {
		ir.Inspect(v.Init, func(n any) bool {
			if x, ok := n.(*ir.Ident); ok {
				s.total[x.Var]++
			}
			return true
		})
	}
	// The function each variable occurs in: a variable of two functions
	// (two threads) is not private to one.
	home := map[*ir.Var]*ir.Function{}
	for _, f := range prog.Funcs {
		if f.Body == nil {
			continue
		}
		ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
			var v *ir.Var
			switch x := n.(type) {
			case *ir.Ident:
				v = x.Var
			case *ir.DeclStmt:
				v = x.Var
			}
			if v != nil {
				if h, ok := home[v]; ok && h != f {
					s.bad[v] = true
				}
				home[v] = f
			}
			return true
		})
		ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
			switch x := n.(type) {
			case *ir.DeclStmt:
				if x.Init != nil {
					// An initializer: the variable's value is not a fresh
					// block (initialized pointers are rare; give up).
					s.bad[x.Var] = true
					ir.Inspect(x.Init, func(m any) bool {
						if id, ok := m.(*ir.Ident); ok {
							s.total[id.Var]++
						}
						return true
					})
				}
				return false
			case *ir.ExprStmt:
				s.count(x.X)
				s.scan(x.X, false, true)
				return false
			case ir.Expr:
				s.count(x)
				s.scan(x, false, false)
				return false
			}
			return true
		})
	}
	out := map[*ir.Var]bool{}
	for v, n := range s.total {
		if cand(v) && !s.bad[v] && s.allowed[v] == n {
			out[v] = true
		}
	}
	return out
}

// blockScan counts each variable's occurrences and those of the allowed
// forms (privateBlocks).
type blockScan struct {
	cand    func(*ir.Var) bool
	total   map[*ir.Var]int
	allowed map[*ir.Var]int
	bad     map[*ir.Var]bool
}

func (s *blockScan) count(e ir.Expr) {
	ir.Inspect(e, func(n any) bool {
		if x, ok := n.(*ir.Ident); ok {
			s.total[x.Var]++
		}
		return true
	})
}

// pointerVar returns the candidate variable e is, casts aside.
func (s *blockScan) pointerVar(e ir.Expr) *ir.Var {
	if x, ok := ir.Uncast(e).(*ir.Ident); ok && s.cand(x.Var) {
		return x.Var
	}
	return nil
}

// allow counts an allowed occurrence of the candidate e is, and reports
// whether it is one.
func (s *blockScan) allow(e ir.Expr) bool {
	if v := s.pointerVar(e); v != nil {
		s.allowed[v]++
		return true
	}
	return false
}

// scan walks e; addr: e's address is used (operand of &, or base of . or
// of [] on an array under &); discard: e's value is not used.
func (s *blockScan) scan(e ir.Expr, addr, discard bool) {
	switch x := e.(type) {
	case nil:
	case *ir.Assign:
		if id, ok := x.L.(*ir.Ident); ok && x.Op == ir.OpNone && s.cand(id.Var) && (ir.AllocCall(x.R) != nil || ir.IsNullConst(x.R)) {
			s.allowed[id.Var]++
		} else {
			s.scan(x.L, false, false)
		}
		s.scan(x.R, false, false)
	case *ir.Unary:
		switch x.Op {
		case ir.Addr:
			s.scan(x.X, true, false)
		case ir.Deref:
			if !addr && !ir.IsArray(x.T) && !ir.IsFunc(x.T) && s.allow(x.X) {
				return
			}
			s.scan(x.X, false, false)
		case ir.Not:
			if s.allow(x.X) {
				return
			}
			s.scan(x.X, false, false)
		default:
			s.scan(x.X, false, false)
		}
	case *ir.Index:
		if ir.IsArray(x.X.Type()) {
			s.scan(x.X, addr, false)
		} else if addr || ir.IsArray(x.T) || !s.allow(x.X) {
			s.scan(x.X, false, false)
		}
		s.scan(x.I, false, false)
	case *ir.Member:
		if !x.Arrow {
			s.scan(x.X, addr || ir.IsArray(x.T), false)
		} else if addr || ir.IsArray(x.T) || !s.allow(x.X) {
			s.scan(x.X, false, false)
		}
	case *ir.Binary:
		if x.Op == ir.Eq || x.Op == ir.Ne {
			if !s.allow(x.X) {
				s.scan(x.X, false, false)
			}
			if !s.allow(x.Y) {
				s.scan(x.Y, false, false)
			}
			return
		}
		s.scan(x.X, false, false)
		s.scan(x.Y, false, false)
	case *ir.SizeofExpr:
		ir.Inspect(x, func(n any) bool {
			if id, ok := n.(*ir.Ident); ok && s.cand(id.Var) {
				s.allowed[id.Var]++
			}
			return true
		})
	case *ir.Call:
		s.scan(x.Fn, false, false)
		f := ir.CalledFunc(x)
		for i, a := range x.Args {
			if f != nil && f.Body == nil && noCapture(f.Name, i, discard) && s.allow(a) {
				continue
			}
			s.scan(a, false, false)
		}
	default:
		for _, ch := range ir.Children(e) {
			s.scan(ch, false, false)
		}
	}
}

// noCapture reports whether argument i of a call of the library function
// name leaves no copy of its value behind: the function does not capture
// it (model.Info.NoCapture) and, unless the call's value is discarded,
// does not return it; free's argument ends its block's life.
func noCapture(name string, i int, discard bool) bool {
	if name == "free" {
		return i == 0
	}
	f := model.Lookup(name)
	return f.NoCapture.Has(i) && (discard || !f.ReturnsArg)
}
