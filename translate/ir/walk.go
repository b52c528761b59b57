package ir

import "strings"

// eachChild calls f with a pointer to every non-nil child slot of n (a
// Stmt, an Expr or an *Init), in evaluation order where C defines one (left
// to right otherwise; a loop's condition, then its step, then its body): an
// *Expr for an expression, an **Init for an initializer, a *Stmt for a
// statement of a block and a **Block for the blocks of an if statement or a
// loop. It is the one description of the IR's child edges: Inspect,
// Children, the rewriters and Cloner all follow it, so a new node kind or
// field is added here once. f may replace the child through the pointer.
func eachChild(n any, f func(slot any)) {
	expr := func(p *Expr) {
		if *p != nil {
			f(p)
		}
	}
	init := func(p **Init) {
		if *p != nil {
			f(p)
		}
	}
	block := func(p **Block) {
		if *p != nil {
			f(p)
		}
	}
	switch n := n.(type) {
	// Statements.
	case *ExprStmt:
		expr(&n.X)
	case *DeclStmt:
		init(&n.Init)
	case *Block:
		for i := range n.List {
			if n.List[i] != nil {
				f(&n.List[i])
			}
		}
	case *If:
		expr(&n.Cond)
		block(&n.Then)
		block(&n.Else)
	case *Loop:
		expr(&n.Cond)
		expr(&n.Post)
		block(&n.Body)
	case *Return:
		expr(&n.X)
	// Initializers.
	case *Init:
		expr(&n.Expr)
		for i := range n.List {
			init(&n.List[i].Value)
		}
	// Expressions.
	case *Unary:
		expr(&n.X)
	case *Binary:
		expr(&n.X)
		expr(&n.Y)
	case *Assign:
		expr(&n.L)
		expr(&n.R)
	case *Cond:
		expr(&n.C)
		expr(&n.X)
		expr(&n.Y)
	case *Comma:
		expr(&n.X)
		expr(&n.Y)
	case *Index:
		expr(&n.X)
		expr(&n.I)
	case *Member:
		expr(&n.X)
	case *Cast:
		expr(&n.X)
	case *Call:
		expr(&n.Fn)
		for i := range n.Args {
			expr(&n.Args[i])
		}
	case *SizeofExpr:
		expr(&n.X)
	case *VaArg:
		expr(&n.X)
	case *CompoundLit:
		init(&n.Init)
	}
}

// Inspect traverses the tree rooted at n (a Stmt, an Expr or an *Init) in
// depth-first order, calling f for each node before its children. If f
// returns false, the node's children are skipped. The initializer of a
// compound literal is not visited as an *Init: its expressions are the
// literal's children (see Children).
func Inspect(n any, f func(any) bool) {
	switch n := n.(type) {
	case nil:
		return
	case Stmt:
		if n == nil || !f(n) {
			return
		}
		eachChild(n, func(slot any) { Inspect(deref(slot), f) })
	case Expr:
		if n == nil || !f(n) {
			return
		}
		for _, c := range Children(n) {
			Inspect(c, f)
		}
	case *Init:
		if n == nil || !f(n) {
			return
		}
		eachChild(n, func(slot any) { Inspect(deref(slot), f) })
	}
}

// InspectProgram runs Inspect with f over the body of every function prog
// defines and the initializer of every global that has one.
func InspectProgram(prog *Program, f func(any) bool) {
	for _, fn := range prog.Funcs {
		if fn.Body != nil {
			Inspect(Stmt(fn.Body), f)
		}
	}
	for _, v := range prog.Globals {
		if v.Init != nil {
			Inspect(v.Init, f)
		}
	}
}

// deref returns the node held in a slot eachChild passes.
func deref(slot any) any {
	switch p := slot.(type) {
	case *Expr:
		return *p
	case **Init:
		return *p
	case *Stmt:
		return *p
	case **Block:
		return Stmt(*p)
	}
	panic("ir: unknown child slot")
}

// Children returns the direct sub-expressions of e in evaluation order where
// C defines one (left to right otherwise); those of a compound literal are
// the expressions of its initializer. The operand of sizeof is included:
// callers that care about evaluation must skip SizeofExpr.
func Children(e Expr) []Expr {
	var out []Expr
	var add func(slot any)
	add = func(slot any) {
		switch p := slot.(type) {
		case *Expr:
			out = append(out, *p)
		case **Init:
			eachChild(*p, add)
		}
	}
	eachChild(e, add)
	return out
}

// RewriteExpr rebuilds e bottom-up, replacing every sub-expression x (after
// its own children were rewritten) by f(x). Nodes are modified in place.
func RewriteExpr(e Expr, f func(Expr) Expr) Expr {
	if e == nil {
		return nil
	}
	eachChild(e, func(slot any) { rewriteSlot(slot, f) })
	return f(e)
}

// rewriteSlot applies RewriteExpr with f to the expressions in one
// expression or initializer slot.
func rewriteSlot(slot any, f func(Expr) Expr) {
	switch p := slot.(type) {
	case *Expr:
		*p = RewriteExpr(*p, f)
	case **Init:
		eachChild(*p, func(slot any) { rewriteSlot(slot, f) })
	}
}

// RewriteStmtExprs applies RewriteExpr with f to every expression directly
// held by s and by the statements nested in s.
func RewriteStmtExprs(s Stmt, f func(Expr) Expr) {
	Inspect(s, func(n any) bool {
		switch n.(type) {
		case Stmt:
			eachChild(n, func(slot any) { rewriteSlot(slot, f) })
			return true
		}
		return false
	})
}

// RewriteBlocks visits every block nested in s (including s itself when it
// is a block), innermost first, and replaces each statement of the block by
// the list f returns for it (return nil to delete, or []Stmt{st} to keep).
func RewriteBlocks(s Stmt, f func(Stmt) []Stmt) {
	if b, ok := s.(*Block); ok {
		var out []Stmt
		for _, x := range b.List {
			RewriteBlocks(x, f)
			out = append(out, f(x)...)
		}
		b.List = out
		return
	}
	eachChild(s, func(slot any) {
		if p, ok := slot.(**Block); ok {
			RewriteBlocks(*p, f)
		}
	})
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

// Written returns the lvalue the node n assigns: the left side of an
// assignment (compound ones too), the operand of an increment or a
// decrement; nil for any other node.
func Written(n any) Expr {
	switch x := n.(type) {
	case *Assign:
		return x.L
	case *Unary:
		switch x.Op {
		case PreInc, PreDec, PostInc, PostDec:
			return x.X
		}
	}
	return nil
}

// ReadsVarArgs reports whether a function body may read its variable
// arguments: it uses va_arg or calls a va_* builtin (va_start, va_copy).
func ReadsVarArgs(body *Block) bool {
	found := false
	Inspect(Stmt(body), func(n any) bool {
		switch x := n.(type) {
		case *VaArg:
			found = true
		case *Call:
			if g := CalledFunc(x); g != nil && (strings.HasPrefix(g.Name, "__builtin_va_") || strings.HasPrefix(g.Name, "va_")) {
				found = true
			}
		}
		return !found
	})
	return found
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

// EachWrite calls write(v, val) for every write of a variable of prog that
// names the variable: a global's or a declaration's initializer, a plain
// assignment v = val, and a defined function's parameter receiving a
// direct call's argument. val is nil for a write whose value it does not
// give: a list initializer, a compound assignment, ++ and --, an extern
// global's value (set outside the program), and the variable's address
// taken (anything may be written through the pointer). A parameter of a
// function called through a pointer, or a thread's start routine, gets
// values EachWrite does not see: callers that follow parameters must add
// those.
func EachWrite(prog *Program, write func(v *Var, val Expr)) {
	for _, g := range prog.Globals {
		switch {
		case g.Init != nil && !g.Init.IsList:
			write(g, g.Init.Expr)
		case g.Init != nil || g.Extern:
			write(g, nil)
		}
	}
	for _, f := range prog.Funcs {
		if f.Body == nil {
			continue
		}
		Inspect(Stmt(f.Body), func(n any) bool {
			switch x := n.(type) {
			case *DeclStmt:
				if x.Init != nil {
					if x.Init.IsList {
						write(x.Var, nil)
					} else {
						write(x.Var, x.Init.Expr)
					}
				}
			case *Assign:
				if id, ok := x.L.(*Ident); ok {
					if x.Op != OpNone {
						write(id.Var, nil)
					} else {
						write(id.Var, x.R)
					}
				}
			case *Unary:
				if id, ok := x.X.(*Ident); ok {
					switch x.Op {
					case Addr, PreInc, PreDec, PostInc, PostDec:
						write(id.Var, nil)
					}
				}
			case *Call:
				g := CalledFunc(x)
				if g == nil || g.Body == nil {
					return true
				}
				for i, p := range g.Params {
					if i < len(x.Args) {
						write(p, x.Args[i])
					}
				}
			}
			return true
		})
	}
}

// AllocCall returns the call e is (under casts) when it is one of the C
// library's malloc(size) or calloc(count, size) (or their builtins; a
// program that defines them is left out), else nil.
func AllocCall(e Expr) *Call {
	c, ok := Uncast(e).(*Call)
	if !ok {
		return nil
	}
	fn := CalledFunc(c)
	if fn == nil || fn.Body != nil {
		return nil
	}
	switch fn.Name {
	case "malloc", "__builtin_malloc":
		if len(c.Args) == 1 {
			return c
		}
	case "calloc", "__builtin_calloc":
		if len(c.Args) == 2 {
			return c
		}
	}
	return nil
}
