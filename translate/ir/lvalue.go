package ir

// Host is the view of an lvalue as a host and an offset: the object the
// lvalue lies in, and the member and index steps that lead from that object
// to the lvalue. The host is either a variable (Var: x, x.f, x[i] of an
// array x, and their combinations) or the object a pointer points to (Ptr:
// *p, p->f, p[i] of a pointer p, and the steps below them). An expression
// that is neither (a string literal, a compound literal, a member of a
// call's result, an rvalue) has neither Var nor Ptr.
type Host struct {
	// Var is the variable the lvalue lies in, reached without a pointer.
	Var *Var
	// Ptr is the pointer expression the lvalue is reached through.
	Ptr Expr
	// Deref is set when Ptr is dereferenced by a unary * (*Ptr), not by ->
	// or by indexing.
	Deref bool
	// Offset lists the *Member (not Arrow) and *Index (of an array) steps
	// from the host to the lvalue, nearest the host first. The step that
	// goes through Ptr (p->f, p[i]) is the first one when there is one.
	Offset []Expr
}

// HostOf returns the host and offset view of the lvalue e.
func HostOf(e Expr) Host {
	var h Host
	for {
		switch x := e.(type) {
		case *Ident:
			h.Var = x.Var
			return h.reversed()
		case *Member:
			h.Offset = append(h.Offset, x)
			if x.Arrow {
				h.Ptr = x.X
				return h.reversed()
			}
			e = x.X
		case *Index:
			h.Offset = append(h.Offset, x)
			if !IsArray(x.X.Type()) {
				h.Ptr = x.X
				return h.reversed()
			}
			e = x.X
		case *Unary:
			if x.Op == Deref {
				h.Ptr, h.Deref = x.X, true
			}
			return h.reversed()
		default:
			return h.reversed()
		}
	}
}

// reversed puts the offset steps, collected from the lvalue down, in order
// from the host.
func (h Host) reversed() Host {
	for i, j := 0, len(h.Offset)-1; i < j; i, j = i+1, j-1 {
		h.Offset[i], h.Offset[j] = h.Offset[j], h.Offset[i]
	}
	return h
}

// DirectVar returns the variable the lvalue e designates (a part of)
// without going through a pointer: x, x.f, x[i] of an array x, and their
// combinations. It returns nil for an lvalue reached through a pointer
// (p->f, *p, p[i]).
func DirectVar(e Expr) *Var { return HostOf(e).Var }

// Modified returns the variable an expression node writes or takes the
// address of directly: the host variable of an assignment's left side, or
// of the operand of ++, -- or &; nil for any other node.
func Modified(n any) *Var {
	switch x := n.(type) {
	case *Assign:
		return DirectVar(x.L)
	case *Unary:
		switch x.Op {
		case Addr, PreInc, PreDec, PostInc, PostDec:
			return DirectVar(x.X)
		}
	}
	return nil
}

// Writes reports whether anything under n declares v, writes it or takes
// its address.
func Writes(n any, v *Var) bool {
	found := false
	Inspect(n, func(x any) bool {
		if d, ok := x.(*DeclStmt); ok && d.Var == v || Modified(x) == v {
			found = true
		}
		return !found
	})
	return found
}

// VarAssign returns v and e when s is v = e; or the declaration T v = e;
// (nil otherwise).
func VarAssign(s Stmt) (*Var, Expr) {
	switch x := s.(type) {
	case *DeclStmt:
		if x.Init != nil && !x.Init.IsList {
			return x.Var, x.Init.Expr
		}
	case *ExprStmt:
		if a, ok := x.X.(*Assign); ok && a.Op == OpNone {
			if id, ok := a.L.(*Ident); ok {
				return id.Var, a.R
			}
		}
	}
	return nil, nil
}
