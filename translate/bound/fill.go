package bound

import (
	"strings"

	"github.com/ladr-dev/ladr/translate/ir"
)

// DropFillLoops removes, from the bodies of the entry functions, loops that
// give every byte of a freshly allocated object a nondeterministic value:
//
//	p = malloc(S);            (or T *p = malloc(S);)
//	{ i = 0; for (; i < S; ++i) p[i] = __VERIFIER_nondet_char(); }
//
// The bytes of a malloc'd object already hold nondeterministic values, so
// the loop changes nothing the program can observe, but it is S iterations
// long (often sizeof a large struct) and unwinding would cut it. It is
// removed only when exactly this shape holds: p is a local whose address is
// never taken (so no other thread can reach the object before the loop
// ends), p points to bytes, the loop counter starts at 0, counts up by one
// to the same side-effect-free size S, cannot wrap before S, and is not
// used outside the loop (otherwise it is set to S). It returns the number
// of loops removed.
func DropFillLoops(entries []*ir.Function) int {
	n := 0
	for _, f := range entries {
		if f.Body == nil {
			continue
		}
		addr := addressTaken(f.Body)
		ir.Inspect(ir.Stmt(f.Body), func(x any) bool {
			if b, ok := x.(*ir.Block); ok {
				// Before Inspect reads b.List for the children.
				for k := 0; k+1 < len(b.List); k++ {
					p, size := mallocInto(b.List[k])
					if p == nil || addr[p] || p.Class == ir.Global || p.Static || byteSize(ir.Elem(p.Type)) != 1 {
						continue
					}
					if dropFill(f.Body, b, k+1, p, size) {
						n++
					}
				}
			}
			_, isExpr := x.(ir.Expr)
			return !isExpr
		})
	}
	return n
}

// dropFill removes the fill loop of p at b.List[k] (a block holding the
// counter's initialization and the loop, or the two as b.List[k] and
// b.List[k+1]) when it has the exact shape. body is the whole function.
func dropFill(body, b *ir.Block, k int, p *ir.Var, size ir.Expr) bool {
	list, at := b.List, k
	if inner, ok := b.List[k].(*ir.Block); ok {
		list, at = inner.List, 0
		if len(list) != 2 {
			return false
		}
	}
	if at+1 >= len(list) {
		return false
	}
	i := zeroInit(list[at])
	loop, ok := list[at+1].(*ir.Loop)
	if i == nil || !ok || loop.Kind == ir.DoWhile || i.Class == ir.Global || i.Static || !fillLoop(loop, p, i, size) {
		return false
	}
	// The counter's uses outside the loop (its declaration and the
	// initialization aside) need its final value.
	uses := 0
	ir.Inspect(ir.Stmt(body), func(x any) bool {
		if x == loop {
			return false
		}
		if id, ok := x.(*ir.Ident); ok && id.Var == i {
			uses++
		}
		return true
	})
	if _, isDecl := list[at].(*ir.DeclStmt); !isDecl {
		uses-- // the initialization i = 0
	}
	var repl []ir.Stmt
	if uses > 0 {
		repl = []ir.Stmt{&ir.ExprStmt{Loc: loop.Loc, X: ir.Set(ir.Ref(i), &ir.Cast{X: ir.Clone(size), T: i.Type, P: loop.Pos})}}
	}
	nl := append(append(append([]ir.Stmt{}, list[:at+1]...), repl...), list[at+2:]...)
	if inner, ok := b.List[k].(*ir.Block); ok {
		inner.List = nl
	} else {
		b.List = nl
	}
	return true
}

// fillLoop reports whether loop is for (; i < size; ++i) p[i] = nondet byte.
func fillLoop(loop *ir.Loop, p, i *ir.Var, size ir.Expr) bool {
	c, ok := loop.Cond.(*ir.Binary)
	if !ok || c.Op != ir.Lt || !isVar(c.X, i) || !sameExpr(c.Y, size) || !counts(i.Type, size.Type()) {
		return false
	}
	switch post := loop.Post.(type) {
	case *ir.Unary:
		if (post.Op != ir.PreInc && post.Op != ir.PostInc) || !isVar(post.X, i) {
			return false
		}
	case *ir.Assign:
		if post.Op != ir.Add || !isVar(post.L, i) || !isOne(post.R) {
			return false
		}
	default:
		return false
	}
	if loop.Body == nil || len(loop.Body.List) != 1 {
		return false
	}
	st, ok := loop.Body.List[0].(*ir.ExprStmt)
	if !ok {
		return false
	}
	a, ok := st.X.(*ir.Assign)
	if !ok || a.Op != ir.OpNone {
		return false
	}
	ix, ok := a.L.(*ir.Index)
	if px, isIdent := ix.X.(*ir.Ident); !ok || !isIdent || px.Var != p || !isVar(ix.I, i) {
		return false
	}
	call, ok := ir.Uncast(a.R).(*ir.Call) // any byte of any value is any byte
	if !ok || len(call.Args) != 0 {
		return false
	}
	// A nondeterministic integer of any type but _Bool, converted to a
	// byte, can be any byte.
	fn := ir.CalledFunc(call)
	if fn == nil || fn.Body != nil || !strings.HasPrefix(fn.Name, "__VERIFIER_nondet_") || !ir.IsInteger(fn.Type.Result) {
		return false
	}
	b, ok := fn.Type.Result.(*ir.Basic)
	return ok && b.Kind != ir.Bool
}

// mallocInto matches p = malloc(size) and T *p = malloc(size) (with casts),
// with p a variable and size free of side effects.
func mallocInto(s ir.Stmt) (*ir.Var, ir.Expr) {
	lhs, rhs := ir.VarAssign(s)
	if lhs == nil {
		return nil, nil
	}
	c, ok := ir.Uncast(rhs).(*ir.Call)
	if !ok || len(c.Args) != 1 || ir.HasEffects(c.Args[0]) {
		return nil, nil
	}
	if fn := ir.CalledFunc(c); fn == nil || fn.Body != nil || (fn.Name != "malloc" && fn.Name != "__builtin_malloc") {
		return nil, nil
	}
	if !ir.IsPointer(lhs.Type) {
		return nil, nil
	}
	return lhs, c.Args[0]
}

// zeroInit matches i = 0 and the declaration T i = 0.
func zeroInit(s ir.Stmt) *ir.Var {
	switch s := s.(type) {
	case *ir.DeclStmt:
		if s.Init != nil && !s.Init.IsList && isZero(s.Init.Expr) {
			return s.Var
		}
	case *ir.ExprStmt:
		if a, ok := s.X.(*ir.Assign); ok && a.Op == ir.OpNone && isZero(a.R) {
			if id, ok := a.L.(*ir.Ident); ok {
				return id.Var
			}
		}
	}
	return nil
}

// isVar reports whether e is v, up to casts that keep every value of v.
func isVar(e ir.Expr, v *ir.Var) bool {
	id, ok := stripCasts(e).(*ir.Ident)
	return ok && id.Var == v
}

func isZero(e ir.Expr) bool {
	v, ok := constInt(e)
	return ok && v == 0
}

func isOne(e ir.Expr) bool {
	v, ok := constInt(e)
	return ok && v == 1
}

// sameExpr reports whether a and b are the same variable, constant or
// sizeof, up to casts that keep every value.
func sameExpr(a, b ir.Expr) bool {
	if x, ok := constInt(a); ok {
		y, ok := constInt(b)
		return ok && x == y
	}
	a, b = stripCasts(a), stripCasts(b)
	switch x := a.(type) {
	case *ir.Cast:
		y, ok := b.(*ir.Cast)
		return ok && ir.Identical(x.T, y.T) && sameExpr(x.X, y.X)
	case *ir.Ident:
		y, ok := b.(*ir.Ident)
		return ok && x.Var == y.Var
	case *ir.IntLit:
		y, ok := b.(*ir.IntLit)
		return ok && x.Val == y.Val
	case *ir.SizeofType:
		y, ok := b.(*ir.SizeofType)
		return ok && x.Align == y.Align && ir.Identical(x.Of, y.Of)
	}
	return false
}

// counts reports whether a counter of type ct counting up from 0 reaches
// any value of type st without wrapping, in either data model (long has 32
// or 64 bits): the same type, or a counter whose largest value in the
// narrower model is at least the size's largest value in the wider one.
func counts(ct, st ir.Type) bool {
	c, ok1 := ct.(*ir.Basic)
	s, ok2 := st.(*ir.Basic)
	if !ok1 || !ok2 {
		return false
	}
	cw, ok1 := intWidths[c.Kind]
	sw, ok2 := intWidths[s.Kind]
	if !ok1 || !ok2 {
		return false
	}
	if c.Kind == s.Kind {
		return true // i < S <= the type's maximum, so i+1 fits
	}
	return maxValue(cw[0], signedKinds[c.Kind]) >= maxValue(sw[1], signedKinds[s.Kind])
}

// intWidths are the smallest and largest widths in bits of the integer
// kinds over the ILP32 and LP64 data models.
var intWidths = map[ir.Kind][2]uint{
	ir.Char: {8, 8}, ir.SChar: {8, 8}, ir.UChar: {8, 8}, ir.Short: {16, 16}, ir.UShort: {16, 16},
	ir.Int: {32, 32}, ir.UInt: {32, 32}, ir.Long: {32, 64}, ir.ULong: {32, 64},
	ir.LongLong: {64, 64}, ir.ULongLong: {64, 64},
}

var signedKinds = map[ir.Kind]bool{ir.Char: true, ir.SChar: true, ir.Short: true, ir.Int: true, ir.Long: true, ir.LongLong: true}

// maxValue is the largest value of an integer of w bits.
func maxValue(w uint, signed bool) uint64 {
	if signed {
		w--
	}
	if w >= 64 {
		return ^uint64(0)
	}
	return 1<<w - 1
}

// byteSize reports 1 for the character types, 0 otherwise.
func byteSize(t ir.Type) int {
	if b, ok := t.(*ir.Basic); ok && (b.Kind == ir.Char || b.Kind == ir.SChar || b.Kind == ir.UChar) {
		return 1
	}
	return 0
}
