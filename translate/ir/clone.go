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
	nb := &Block{Loc: c.loc(b.Loc), List: make([]Stmt, 0, len(b.List))}
	for _, s := range b.List {
		nb.List = append(nb.List, c.Stmt(s))
	}
	return nb
}

// Stmt clones a statement.
func (c *Cloner) Stmt(s Stmt) Stmt {
	switch s := s.(type) {
	case *ExprStmt:
		return &ExprStmt{Loc: c.loc(s.Loc), X: c.Expr(s.X)}
	case *DeclStmt:
		nv := c.CopyVar(s.Var)
		return &DeclStmt{Loc: c.loc(s.Loc), Var: nv, Init: c.Init(s.Init)}
	case *Block:
		return c.Block(s)
	case *If:
		return &If{Loc: c.loc(s.Loc), Cond: c.Expr(s.Cond), Then: c.Block(s.Then), Else: c.Block(s.Else)}
	case *Loop:
		return &Loop{Loc: c.loc(s.Loc), Kind: s.Kind, Cond: c.Expr(s.Cond), Post: c.Expr(s.Post), Body: c.Block(s.Body), ID: s.ID}
	case *Break:
		return &Break{Loc: c.loc(s.Loc)}
	case *Continue:
		return &Continue{Loc: c.loc(s.Loc)}
	case *Goto:
		return &Goto{Loc: c.loc(s.Loc), Label: c.label(s.Label)}
	case *Label:
		return &Label{Loc: c.loc(s.Loc), Name: c.label(s.Name)}
	case *Return:
		return &Return{Loc: c.loc(s.Loc), X: c.Expr(s.X)}
	case *Unsupported:
		return &Unsupported{Loc: c.loc(s.Loc), What: s.What}
	}
	panic("ir: clone of unknown statement")
}

// Init clones an initializer.
func (c *Cloner) Init(in *Init) *Init {
	if in == nil {
		return nil
	}
	n := &Init{Expr: c.Expr(in.Expr), IsList: in.IsList, T: in.T, P: in.P}
	if in.List != nil {
		n.List = make([]InitElem, len(in.List))
		for i, el := range in.List {
			n.List[i] = InitElem{Field: el.Field, Index: el.Index, Value: c.Init(el.Value)}
		}
	}
	return n
}

// Expr clones an expression.
func (c *Cloner) Expr(e Expr) Expr {
	switch e := e.(type) {
	case nil:
		return nil
	case *Ident:
		if nv, ok := c.Vars[e.Var]; ok {
			return &Ident{Var: nv, P: e.P}
		}
		return &Ident{Var: e.Var, P: e.P}
	case *FuncRef:
		return &FuncRef{Fn: e.Fn, P: e.P}
	case *IntLit:
		n := *e
		return &n
	case *FloatLit:
		n := *e
		return &n
	case *StringLit:
		n := *e
		return &n
	case *Unary:
		return &Unary{Op: e.Op, X: c.Expr(e.X), T: e.T, P: e.P}
	case *Binary:
		return &Binary{Op: e.Op, X: c.Expr(e.X), Y: c.Expr(e.Y), T: e.T, P: e.P}
	case *Assign:
		return &Assign{Op: e.Op, L: c.Expr(e.L), R: c.Expr(e.R), T: e.T, P: e.P}
	case *Cond:
		return &Cond{C: c.Expr(e.C), X: c.Expr(e.X), Y: c.Expr(e.Y), T: e.T, P: e.P}
	case *Comma:
		return &Comma{X: c.Expr(e.X), Y: c.Expr(e.Y), P: e.P}
	case *Index:
		return &Index{X: c.Expr(e.X), I: c.Expr(e.I), T: e.T, P: e.P}
	case *Member:
		return &Member{X: c.Expr(e.X), Field: e.Field, Arrow: e.Arrow, T: e.T, P: e.P}
	case *Cast:
		return &Cast{X: c.Expr(e.X), T: e.T, P: e.P}
	case *Call:
		args := make([]Expr, len(e.Args))
		for i, a := range e.Args {
			args[i] = c.Expr(a)
		}
		return &Call{Fn: c.Expr(e.Fn), Args: args, T: e.T, P: e.P}
	case *SizeofType:
		n := *e
		return &n
	case *SizeofExpr:
		return &SizeofExpr{X: c.Expr(e.X), T: e.T, P: e.P}
	case *CompoundLit:
		return &CompoundLit{Init: c.Init(e.Init), T: e.T, P: e.P}
	case *VaArg:
		return &VaArg{X: c.Expr(e.X), T: e.T, P: e.P}
	case *Bad:
		n := *e
		return &n
	}
	panic("ir: clone of unknown expression")
}
