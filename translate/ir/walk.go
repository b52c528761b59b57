package ir

// Inspect traverses the tree rooted at n (a Stmt, an Expr or an *Init) in
// depth-first order, calling f for each node before its children. If f
// returns false, the node's children are skipped.
func Inspect(n any, f func(any) bool) {
	switch n := n.(type) {
	case nil:
		return
	case Stmt:
		if n == nil || !f(n) {
			return
		}
		inspectStmt(n, f)
	case Expr:
		if n == nil || !f(n) {
			return
		}
		inspectExpr(n, f)
	case *Init:
		if n == nil || !f(n) {
			return
		}
		Inspect(n.Expr, f)
		for _, el := range n.List {
			Inspect(el.Value, f)
		}
	}
}

func inspectStmt(s Stmt, f func(any) bool) {
	switch s := s.(type) {
	case *ExprStmt:
		Inspect(s.X, f)
	case *DeclStmt:
		if s.Init != nil {
			Inspect(s.Init, f)
		}
	case *Block:
		for _, x := range s.List {
			Inspect(x, f)
		}
	case *If:
		Inspect(s.Cond, f)
		Inspect(Stmt(s.Then), f)
		if s.Else != nil {
			Inspect(Stmt(s.Else), f)
		}
	case *Loop:
		if s.Cond != nil {
			Inspect(s.Cond, f)
		}
		if s.Post != nil {
			Inspect(s.Post, f)
		}
		Inspect(Stmt(s.Body), f)
	case *Return:
		if s.X != nil {
			Inspect(s.X, f)
		}
	}
}

func inspectExpr(e Expr, f func(any) bool) {
	for _, c := range Children(e) {
		Inspect(c, f)
	}
}

// Children returns the direct sub-expressions of e in evaluation order where
// C defines one (left to right otherwise). The operand of sizeof is
// included: callers that care about evaluation must skip SizeofExpr.
func Children(e Expr) []Expr {
	switch e := e.(type) {
	case *Unary:
		return []Expr{e.X}
	case *Binary:
		return []Expr{e.X, e.Y}
	case *Assign:
		return []Expr{e.L, e.R}
	case *Cond:
		return []Expr{e.C, e.X, e.Y}
	case *Comma:
		return []Expr{e.X, e.Y}
	case *Index:
		return []Expr{e.X, e.I}
	case *Member:
		return []Expr{e.X}
	case *Cast:
		return []Expr{e.X}
	case *Call:
		return append([]Expr{e.Fn}, e.Args...)
	case *SizeofExpr:
		return []Expr{e.X}
	case *VaArg:
		return []Expr{e.X}
	case *CompoundLit:
		var out []Expr
		Inspect(e.Init, func(n any) bool {
			if x, ok := n.(Expr); ok {
				out = append(out, x)
				return false
			}
			return true
		})
		return out
	}
	return nil
}

// RewriteExpr rebuilds e bottom-up, replacing every sub-expression x (after
// its own children were rewritten) by f(x). Nodes are modified in place.
func RewriteExpr(e Expr, f func(Expr) Expr) Expr {
	if e == nil {
		return nil
	}
	switch x := e.(type) {
	case *Unary:
		x.X = RewriteExpr(x.X, f)
	case *Binary:
		x.X = RewriteExpr(x.X, f)
		x.Y = RewriteExpr(x.Y, f)
	case *Assign:
		x.L = RewriteExpr(x.L, f)
		x.R = RewriteExpr(x.R, f)
	case *Cond:
		x.C = RewriteExpr(x.C, f)
		x.X = RewriteExpr(x.X, f)
		x.Y = RewriteExpr(x.Y, f)
	case *Comma:
		x.X = RewriteExpr(x.X, f)
		x.Y = RewriteExpr(x.Y, f)
	case *Index:
		x.X = RewriteExpr(x.X, f)
		x.I = RewriteExpr(x.I, f)
	case *Member:
		x.X = RewriteExpr(x.X, f)
	case *Cast:
		x.X = RewriteExpr(x.X, f)
	case *Call:
		x.Fn = RewriteExpr(x.Fn, f)
		for i := range x.Args {
			x.Args[i] = RewriteExpr(x.Args[i], f)
		}
	case *SizeofExpr:
		x.X = RewriteExpr(x.X, f)
	case *VaArg:
		x.X = RewriteExpr(x.X, f)
	case *CompoundLit:
		rewriteInit(x.Init, f)
	}
	return f(e)
}

func rewriteInit(in *Init, f func(Expr) Expr) {
	if in == nil {
		return
	}
	if in.Expr != nil {
		in.Expr = RewriteExpr(in.Expr, f)
	}
	for i := range in.List {
		rewriteInit(in.List[i].Value, f)
	}
}

// RewriteStmtExprs applies RewriteExpr with f to every expression directly
// held by s and by the statements nested in s.
func RewriteStmtExprs(s Stmt, f func(Expr) Expr) {
	Inspect(s, func(n any) bool {
		switch s := n.(type) {
		case *ExprStmt:
			s.X = RewriteExpr(s.X, f)
		case *DeclStmt:
			rewriteInit(s.Init, f)
		case *If:
			s.Cond = RewriteExpr(s.Cond, f)
		case *Loop:
			s.Cond = RewriteExpr(s.Cond, f)
			s.Post = RewriteExpr(s.Post, f)
		case *Return:
			s.X = RewriteExpr(s.X, f)
		case Expr:
			return false
		}
		return true
	})
}

// RewriteBlocks visits every block nested in s (including s itself when it
// is a block), innermost first, and replaces each statement of the block by
// the list f returns for it (return nil to delete, or []Stmt{st} to keep).
func RewriteBlocks(s Stmt, f func(Stmt) []Stmt) {
	switch s := s.(type) {
	case *Block:
		var out []Stmt
		for _, x := range s.List {
			RewriteBlocks(x, f)
			out = append(out, f(x)...)
		}
		s.List = out
	case *If:
		RewriteBlocks(s.Then, f)
		if s.Else != nil {
			RewriteBlocks(s.Else, f)
		}
	case *Loop:
		RewriteBlocks(s.Body, f)
	}
}

// Calls returns the calls in e in evaluation order (operands before the call).
func Calls(e Expr) []*Call {
	var out []*Call
	var walk func(Expr)
	walk = func(e Expr) {
		if e == nil {
			return
		}
		if _, ok := e.(*SizeofExpr); ok {
			return
		}
		for _, c := range Children(e) {
			walk(c)
		}
		if c, ok := e.(*Call); ok {
			out = append(out, c)
		}
	}
	walk(e)
	return out
}

// CalledFunc returns the function a call calls directly, or nil for a call
// through a pointer.
func CalledFunc(c *Call) *Function {
	fn := c.Fn
	for {
		switch x := fn.(type) {
		case *FuncRef:
			return x.Fn
		case *Unary:
			if x.Op == Deref || x.Op == Addr {
				fn = x.X
				continue
			}
		case *Cast:
			fn = x.X
			continue
		}
		return nil
	}
}

// HasEffects reports whether evaluating e may change the program state:
// it contains a call, an assignment or an increment or decrement.
func HasEffects(e Expr) bool {
	found := false
	Inspect(e, func(n any) bool {
		switch x := n.(type) {
		case *Call, *Assign:
			found = true
		case *Unary:
			if x.Op == PreInc || x.Op == PreDec || x.Op == PostInc || x.Op == PostDec {
				found = true
			}
		}
		return !found
	})
	return found
}
