package ir

// Cloner makes deep copies of statements and expressions, substituting
// variables and labels. It is used by inlining and by the creation of one
// copy of a thread function per create site.
type Cloner struct {
	// Vars maps variables to their replacements; variables declared inside
	// the cloned code (DeclStmt) are copied and added to it.
	Vars map[*Var]*Var
	// Label renames labels and goto targets; nil keeps them.
	Label func(string) string
	// Site, when not nil, is added as the outermost call site of every cloned
	// statement's inlining chain.
	Site *InlineSite
	// VarName, when not nil, names the copies of declared variables.
	VarName func(*Var) string

	chains map[*InlineSite]*InlineSite
}

func (c *Cloner) label(s string) string {
	if c.Label == nil {
		return s
	}
	return c.Label(s)
}

func (c *Cloner) loc(l Loc) Loc {
	if c.Site == nil {
		return l
	}
	l.Inline = c.chain(l.Inline)
	return l
}

func (c *Cloner) chain(s *InlineSite) *InlineSite {
	if s == nil {
		return c.Site
	}
	if c.chains == nil {
		c.chains = map[*InlineSite]*InlineSite{}
	}
	if r, ok := c.chains[s]; ok {
		return r
	}
	r := &InlineSite{Pos: s.Pos, Func: s.Func, Parent: c.chain(s.Parent)}
	c.chains[s] = r
	return r
}

// CopyVar returns a fresh copy of v registered as its replacement.
func (c *Cloner) CopyVar(v *Var) *Var {
	if c.Vars == nil {
		c.Vars = map[*Var]*Var{}
	}
	nv := *v
	if c.VarName != nil {
		nv.Name = c.VarName(v)
	}
	if v.Init != nil {
		nv.Init = c.Init(v.Init)
	}
	c.Vars[v] = &nv
	return &nv
}

// Block clones a block.
func (c *Cloner) Block(b *Block) *Block {
	if b == nil {
		return nil
	}
	return c.Stmt(b).(*Block)
}

// Stmt clones a statement.
func (c *Cloner) Stmt(s Stmt) Stmt {
	var n Stmt
	switch s := s.(type) {
	case *ExprStmt:
		x := *s
		n = &x
	case *DeclStmt:
		// The copy of the variable is made before its initializer is
		// cloned, which may refer to it.
		x := *s
		x.Var = c.CopyVar(s.Var)
		n = &x
	case *Block:
		x := *s
		x.List = append(make([]Stmt, 0, len(s.List)), s.List...)
		n = &x
	case *If:
		x := *s
		n = &x
	case *Loop:
		x := *s
		n = &x
	case *Break:
		x := *s
		n = &x
	case *Continue:
		x := *s
		n = &x
	case *Goto:
		x := *s
		x.Label = c.label(s.Label)
		n = &x
	case *Label:
		x := *s
		x.Name = c.label(s.Name)
		n = &x
	case *Return:
		x := *s
		n = &x
	case *Unsupported:
		x := *s
		n = &x
	default:
		panic("ir: clone of unknown statement")
	}
	*n.Origin() = c.loc(*s.Origin())
	eachChild(n, c.cloneSlot)
	return n
}

// cloneSlot replaces the child in a slot of a shallow copy by its clone.
func (c *Cloner) cloneSlot(slot any) {
	switch p := slot.(type) {
	case *Expr:
		*p = c.Expr(*p)
	case **Init:
		*p = c.Init(*p)
	case *Stmt:
		*p = c.Stmt(*p)
	case **Block:
		*p = c.Block(*p)
	}
}

// Init clones an initializer.
func (c *Cloner) Init(in *Init) *Init {
	if in == nil {
		return nil
	}
	n := *in
	if in.List != nil {
		n.List = append(make([]InitElem, 0, len(in.List)), in.List...)
	}
	eachChild(&n, c.cloneSlot)
	return &n
}

// Expr clones an expression.
func (c *Cloner) Expr(e Expr) Expr {
	var n Expr
	switch e := e.(type) {
	case nil:
		return nil
	case *Ident:
		x := *e
		if nv, ok := c.Vars[e.Var]; ok {
			x.Var = nv
		}
		n = &x
	case *FuncRef:
		x := *e
		n = &x
	case *IntLit:
		x := *e
		n = &x
	case *FloatLit:
		x := *e
		n = &x
	case *StringLit:
		x := *e
		n = &x
	case *Unary:
		x := *e
		n = &x
	case *Binary:
		x := *e
		n = &x
	case *Assign:
		x := *e
		n = &x
	case *Cond:
		x := *e
		n = &x
	case *Comma:
		x := *e
		n = &x
	case *Index:
		x := *e
		n = &x
	case *Member:
		x := *e
		n = &x
	case *Cast:
		x := *e
		n = &x
	case *Call:
		x := *e
		x.Args = append(make([]Expr, 0, len(e.Args)), e.Args...)
		n = &x
	case *SizeofType:
		x := *e
		n = &x
	case *SizeofExpr:
		x := *e
		n = &x
	case *CompoundLit:
		x := *e
		n = &x
	case *VaArg:
		x := *e
		n = &x
	case *Bad:
		x := *e
		n = &x
	default:
		panic("ir: clone of unknown expression")
	}
	eachChild(n, c.cloneSlot)
	return n
}
