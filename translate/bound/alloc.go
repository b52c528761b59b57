package bound

import (
	"fmt"

	"github.com/ladr-dev/ladr/translate/ir"
)

// BoundAllocations gives every allocation of a symbolic number of elements
// in the entry functions a constant capacity of k elements:
//
//	p = malloc(n * c);    becomes    bound(n > k); p = malloc(k * c);
//	p = calloc(n, c);     becomes    bound(n > k); p = calloc(k, c);
//
// (c a constant, n an expression without side effects that is not; the
// factors may come in either order, under casts). A bounded model checker
// represents an object of symbolic size as an array of unbounded size,
// whose constraints grow with the square of its accesses (SV-COMP's
// per-thread-array-join-counter, thirty statements with three such
// arrays, needed 6 GB at rounds 2, unwind 2 and finished nothing in a
// minute; with constant sizes, four seconds); an object of constant size
// is a few bit-vectors. Executions with n > k are cut, like the iterations
// past a loop's bound: the cut is reported, and asserted when the bounds
// are proved (the completeness check's program keeps the symbolic sizes:
// the pass is not run for it, translate.Config.SymbolicSizes, so the cut,
// marked Cut.Capacity, does not stand in the way of a proof). When n < k the object is larger than asked for, which
// a program can only tell through undefined behaviour (an access past its
// n elements) or by releasing it (a release writes every byte of the
// block, and no defined access reaches the bytes past n elements).
// A byte count without a constant factor (malloc(len + 1)) keeps its
// symbolic size: k bytes would cut almost every run. So does a count whose
// variables only ever hold constants (const int N = 16, or a variable
// assigned nothing but constants): the checker knows its value, and a
// capacity below it would cut every run. It returns the number of
// allocations bounded.
func BoundAllocations(prog *ir.Program, entries []*ir.Function, k int, notes *Notes) int {
	if k < 1 {
		return 0
	}
	a := &allocBounder{prog: prog, k: k, notes: notes, seen: map[ir.Pos]bool{}, varying: varyingVars(prog)}
	for _, f := range entries {
		if f.Body != nil {
			a.block(f.Body)
		}
	}
	return a.n
}

type allocBounder struct {
	prog  *ir.Program
	k     int
	notes *Notes
	seen  map[ir.Pos]bool
	n     int
	// varying: the variables that may hold something other than
	// constants (varyingVars).
	varying map[*ir.Var]bool
}

func (a *allocBounder) block(b *ir.Block) {
	var out []ir.Stmt
	for _, s := range b.List {
		if blk, ok := s.(*ir.Block); ok {
			a.block(blk)
			out = append(out, s)
			continue
		}
		ir.Inspect(s, func(n any) bool {
			if x, ok := n.(*ir.Block); ok {
				a.block(x)
				return false
			}
			_, isExpr := n.(ir.Expr)
			return !isExpr
		})
		if c := allocCall(s); c != nil {
			if cut := a.bound(s, c); cut != nil {
				out = append(out, cut)
			}
		}
		out = append(out, s)
	}
	b.List = out
}

// allocCall returns the call of malloc or calloc that s makes at its top:
// the statement, the right-hand side of an assignment, or a declaration's
// initializer, under casts.
func allocCall(s ir.Stmt) *ir.Call {
	var e ir.Expr
	switch x := s.(type) {
	case *ir.DeclStmt:
		if x.Init != nil && !x.Init.IsList {
			e = x.Init.Expr
		}
	case *ir.ExprStmt:
		e = x.X
		if as, ok := e.(*ir.Assign); ok && as.Op == ir.OpNone {
			e = as.R
		}
	}
	if e == nil {
		return nil
	}
	return ir.AllocCall(e)
}

// bound rewrites the size of the allocation c (in statement s) and returns
// the cut to put before s, or nil when the size is left alone.
func (a *allocBounder) bound(s ir.Stmt, c *ir.Call) ir.Stmt {
	var n ir.Expr // the symbolic element count
	var set func(count ir.Expr)
	// The size's type (size_t): n is compared in it, so that a negative n
	// (a huge size) is cut too.
	var t ir.Type = ir.ULongType
	if ft := ir.CalledFunc(c).Type; ft != nil && len(ft.Params) == len(c.Args) && ir.IsInteger(ft.Params[0]) {
		t = ft.Params[0]
	}
	if len(c.Args) == 2 {
		// calloc(n, c) or calloc(c, n).
		for i := range 2 {
			if !constFactor(c.Args[1-i]) || constFactor(c.Args[i]) {
				continue
			}
			n = c.Args[i]
			set = func(count ir.Expr) { c.Args[i] = count }
			break
		}
	} else {
		mul, ok := ir.Uncast(c.Args[0]).(*ir.Binary)
		if !ok || mul.Op != ir.Mul || !ir.IsInteger(mul.T) {
			return nil
		}
		for i, side := range []ir.Expr{mul.X, mul.Y} {
			other := []ir.Expr{mul.Y, mul.X}[i]
			if !constFactor(other) || constFactor(side) {
				continue
			}
			n = side
			set = func(count ir.Expr) {
				if i == 0 {
					mul.X = count
				} else {
					mul.Y = count
				}
			}
			break
		}
	}
	if n == nil || ir.HasEffects(n) || !ir.IsInteger(n.Type()) || a.knownValue(n) {
		return nil
	}
	k := uint64(a.k)
	a.n++
	loc := stmtLoc(s)
	what := fmt.Sprintf("allocation of a symbolic number of elements (%s) at line %d bounded to %d elements", ir.ExprString(n), loc.Pos.Line, a.k)
	if !a.seen[loc.Pos] && a.notes != nil {
		a.seen[loc.Pos] = true
		a.notes.Cuts = append(a.notes.Cuts, Cut{Pos: loc.Pos, What: what, Capacity: true})
	}
	var conv ir.Expr = ir.Clone(n)
	if !ir.Identical(n.Type(), t) {
		conv = &ir.Cast{X: conv, T: t}
	}
	cond := ir.Bin(ir.Gt, conv, ir.Lit(int64(k), t), ir.IntType)
	set(ir.Lit(int64(k), n.Type()))
	return boundCall(a.prog, loc, cond, what)
}

// maxFactor bounds a literal factor: a larger one (an element of more than
// 64 KB) is not an element size, and its capacity would not be small.
const maxFactor = 1 << 16

// constFactor reports whether e is a small positive constant: a literal,
// a sizeof, or a product of such (under casts).
func constFactor(e ir.Expr) bool {
	switch x := ir.Uncast(e).(type) {
	case *ir.IntLit:
		return x.Val > 0 && x.Val <= maxFactor
	case *ir.SizeofType, *ir.SizeofExpr:
		return true
	case *ir.Binary:
		return x.Op == ir.Mul && constFactor(x.X) && constFactor(x.Y)
	}
	return false
}

// stmtLoc returns the location of a declaration or expression statement.
func stmtLoc(s ir.Stmt) ir.Loc {
	switch x := s.(type) {
	case *ir.DeclStmt:
		return x.Loc
	case *ir.ExprStmt:
		return x.Loc
	}
	return ir.Loc{}
}

// knownValue reports whether every variable e reads only ever holds
// constants (so e has a value the checker computes).
func (a *allocBounder) knownValue(e ir.Expr) bool {
	known := true
	ir.Inspect(e, func(n any) bool {
		switch x := n.(type) {
		case *ir.Ident:
			if a.varying[x.Var] || x.Var.Class == ir.Param || !ir.IsInteger(x.Var.Type) {
				known = false
			}
		case *ir.Unary:
			if x.Op == ir.Deref {
				known = false
			}
		case *ir.Member, *ir.Index, *ir.Call:
			known = false
		}
		return known
	})
	return known
}

// constantExpr reports whether e is made of integer literals, sizeof and
// operators alone.
func constantExpr(e ir.Expr) bool {
	ok := true
	ir.Inspect(e, func(n any) bool {
		switch x := n.(type) {
		case *ir.IntLit, *ir.SizeofType, *ir.SizeofExpr, *ir.Cast, *ir.Binary, *ir.Cond:
		case *ir.Unary:
			if x.Op == ir.Deref || x.Op == ir.Addr {
				ok = false
			}
		default:
			ok = false
		}
		return ok && !isSizeof(n)
	})
	return ok
}

// isSizeof reports whether n is a sizeof, whose operand is not evaluated.
func isSizeof(n any) bool {
	switch n.(type) {
	case *ir.SizeofType, *ir.SizeofExpr:
		return true
	}
	return false
}

// varyingVars returns the variables of prog that may hold something
// other than an integer constant: those written a value that is not a
// constant expression, or a value ir.EachWrite does not give (an address
// taken, ++, an extern global), and the parameters. The others hold
// constants only (or nothing a defined program reads).
func varyingVars(prog *ir.Program) map[*ir.Var]bool {
	varying := map[*ir.Var]bool{}
	ir.EachWrite(prog, func(v *ir.Var, val ir.Expr) {
		if val == nil || !constantExpr(val) {
			varying[v] = true
		}
	})
	for _, f := range prog.Funcs {
		for _, p := range f.Params {
			varying[p] = true
		}
	}
	return varying
}
