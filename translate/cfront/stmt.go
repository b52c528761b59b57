package cfront

import (
	"modernc.org/cc/v4"

	"github.com/ladr-dev/ladr/translate/ir"
)

func (l *lowerer) compound(cs *cc.CompoundStatement) *ir.Block {
	b := &ir.Block{Loc: l.loc(pos(cs))}
	if cs == nil {
		return b
	}
	for list := cs.BlockItemList; list != nil; list = list.BlockItemList {
		item := list.BlockItem
		if item == nil {
			continue
		}
		switch item.Case {
		case cc.BlockItemDecl:
			b.List = append(b.List, l.localDecl(item.Declaration)...)
		case cc.BlockItemStmt:
			b.List = append(b.List, l.stmt(item.Statement)...)
		case cc.BlockItemLabel:
			// __label__ declarations: nothing to do.
		case cc.BlockItemFuncDef:
			b.List = append(b.List, &ir.Unsupported{Loc: l.loc(pos(item)), What: "nested function definition"})
		}
	}
	return b
}

// localDecl lowers a block-scope declaration.
func (l *lowerer) localDecl(d *cc.Declaration) []ir.Stmt {
	if d.Case == cc.DeclarationAuto {
		return []ir.Stmt{&ir.Unsupported{Loc: l.loc(pos(d)), What: "__auto_type declaration"}}
	}
	if d.Case != cc.DeclarationDecl {
		return nil
	}
	var out []ir.Stmt
	for list := d.InitDeclaratorList; list != nil; list = list.InitDeclaratorList {
		id := list.InitDeclarator
		dd := id.Declarator
		if dd == nil || dd.IsTypename() {
			continue
		}
		if _, isFunc := dd.Type().(*cc.FunctionType); isFunc {
			l.function(dd)
			continue
		}
		if dd.IsExtern() || dd.Linkage() == cc.External {
			l.global(dd)
			continue
		}
		if dd.Name() == "__func__" {
			if dd.ReadCount() == 0 {
				continue // cc declares __func__ in every function body
			}
		}
		l.unsupportedType = ""
		name := dd.Name()
		if name == "__func__" {
			name = "__ladr_func"
		}
		v := &ir.Var{
			Name: name, Type: l.typ(dd.Type()), Class: ir.Local,
			Static: dd.IsStatic() || dd.StorageDuration() == cc.Static, ThreadLocal: dd.IsThreadLocal(),
			Atomic: dd.IsAtomic(), Volatile: dd.IsVolatile(), Pos: pos(dd), Func: l.fname,
		}
		l.locals[dd] = v
		ds := &ir.DeclStmt{Loc: l.loc(pos(dd)), Var: v}
		if l.unsupportedType != "" {
			out = append(out, &ir.Unsupported{Loc: ds.Loc, What: "type " + l.unsupportedType})
		}
		if id.Initializer != nil {
			l.pre = nil
			in := l.initializer(id.Initializer, dd.Type())
			v.Type = l.typ(dd.Type())
			if v.Static {
				v.Init = in
			} else {
				ds.Init = in
			}
			out = append(out, l.takePre()...)
		}
		if a, ok := v.Type.(*ir.Array); ok && a.LenExpr != nil {
			// A VLA typedef fixes its size where the typedef is: not modelled.
			if dd.Type().Typedef() != nil || !l.heapVLA(v, ds, a) {
				out = append(out, &ir.Unsupported{Loc: ds.Loc, What: "variable-length array " + v.Name})
			}
		}
		out = append(out, ds)
	}
	return out
}

func (l *lowerer) takePre() []ir.Stmt {
	p := l.pre
	l.pre = nil
	return p
}

// block lowers a statement into a block.
func (l *lowerer) block(s *cc.Statement) *ir.Block {
	if s != nil && s.Case == cc.StatementCompound {
		return l.compound(s.CompoundStatement)
	}
	b := &ir.Block{}
	if s != nil {
		b.Loc = l.loc(pos(s))
		b.List = l.stmt(s)
	}
	return b
}

// cexpr lowers an expression evaluated as part of statement s, returning
// the statements lifted out of it and the expression.
func (l *lowerer) cexpr(n cc.ExpressionNode) ([]ir.Stmt, ir.Expr) {
	l.pre = nil
	e := l.expr(n)
	return l.takePre(), e
}

func (l *lowerer) stmt(s *cc.Statement) []ir.Stmt {
	if s == nil {
		return nil
	}
	p := pos(s)
	l.stmtPos = p
	switch s.Case {
	case cc.StatementCompound:
		return []ir.Stmt{l.compound(s.CompoundStatement)}
	case cc.StatementExpr:
		es := s.ExpressionStatement
		if es.ExpressionList == nil {
			return nil
		}
		return l.exprStmt(es.ExpressionList, pos(es))
	case cc.StatementLabeled:
		return l.labeled(s.LabeledStatement)
	case cc.StatementSelection:
		return l.selection(s.SelectionStatement)
	case cc.StatementIteration:
		return l.iteration(s.IterationStatement)
	case cc.StatementJump:
		return l.jump(s.JumpStatement)
	case cc.StatementAsm:
		return l.asmStmt(s.AsmStatement.Asm, p)
	}
	return []ir.Stmt{&ir.Unsupported{Loc: l.loc(p), What: "statement"}}
}

// exprStmt lowers an expression statement. A top-level comma expression
// becomes a sequence of statements (the comma is a sequence point), and a
// statement expression at the top is spliced in.
func (l *lowerer) exprStmt(n cc.ExpressionNode, p ir.Pos) []ir.Stmt {
	var out []ir.Stmt
	for _, part := range commaParts(n) {
		pre, e := l.cexpr(part)
		out = append(out, pre...)
		if e == nil || isNoEffect(e) {
			continue
		}
		out = append(out, &ir.ExprStmt{Loc: l.loc(pos(part)), X: e})
	}
	return out
}

// isNoEffect reports whether a discarded expression can be dropped: a
// constant, a void cast of a constant, or a sizeof.
func isNoEffect(e ir.Expr) bool {
	switch e := e.(type) {
	case *ir.IntLit, *ir.FloatLit, *ir.SizeofExpr, *ir.SizeofType:
		return true
	case *ir.Cast:
		return isNoEffect(e.X)
	}
	return false
}

// commaParts splits a (possibly parenthesized) comma expression list.
func commaParts(n cc.ExpressionNode) []cc.ExpressionNode {
	switch x := n.(type) {
	case *cc.ExpressionList:
		var out []cc.ExpressionNode
		for list := x; list != nil; list = list.ExpressionList {
			out = append(out, commaParts(list.AssignmentExpression)...)
		}
		return out
	case *cc.PrimaryExpression:
		if x.Case == cc.PrimaryExpressionExpr {
			return commaParts(x.ExpressionList)
		}
	case *cc.CastExpression:
		// (void)(a, b) at statement level.
		if x.Case == cc.CastExpressionCast && x.TypeName != nil && x.Type().Kind() == cc.Void {
			return commaParts(x.CastExpression)
		}
	}
	return []cc.ExpressionNode{n}
}

func (l *lowerer) labeled(ls *cc.LabeledStatement) []ir.Stmt {
	p := pos(ls)
	switch ls.Case {
	case cc.LabeledStatementLabel:
		return append([]ir.Stmt{&ir.Label{Loc: l.loc(p), Name: ls.Token.SrcStr()}}, l.stmt(ls.Statement)...)
	case cc.LabeledStatementCaseLabel, cc.LabeledStatementRange, cc.LabeledStatementDefault:
		if len(l.switchs) == 0 {
			return append([]ir.Stmt{&ir.Unsupported{Loc: l.loc(p), What: "case label outside switch"}}, l.stmt(ls.Statement)...)
		}
		sw := l.switchs[len(l.switchs)-1]
		lab := l.newLabel("case")
		switch ls.Case {
		case cc.LabeledStatementDefault:
			sw.deflt = lab
		case cc.LabeledStatementCaseLabel:
			sw.cases = append(sw.cases, switchCase{lo: l.constExpr(ls.ConstantExpression), label: lab})
		case cc.LabeledStatementRange:
			sw.cases = append(sw.cases, switchCase{lo: l.constExpr(ls.ConstantExpression), hi: l.constExpr(ls.ConstantExpression2), label: lab})
		}
		return append([]ir.Stmt{&ir.Label{Loc: l.loc(p), Name: lab}}, l.stmt(ls.Statement)...)
	}
	return l.stmt(ls.Statement)
}

func (l *lowerer) constExpr(n cc.ExpressionNode) ir.Expr {
	save := l.pre
	e := l.expr(n)
	l.pre = save
	return e
}

func (l *lowerer) selection(ss *cc.SelectionStatement) []ir.Stmt {
	p := pos(ss)
	switch ss.Case {
	case cc.SelectionStatementIf, cc.SelectionStatementIfElse:
		pre, c := l.cexpr(ss.ExpressionList)
		st := &ir.If{Loc: l.loc(p), Cond: c, Then: l.block(ss.Statement)}
		if ss.Case == cc.SelectionStatementIfElse {
			st.Else = l.block(ss.Statement2)
		}
		return append(pre, st)
	case cc.SelectionStatementSwitch:
		return l.switchStmt(ss)
	}
	return nil
}

// switchStmt lowers switch (e) body into
//
//	tmp = e; if (tmp == c1) goto L1; ...; goto Ldefault_or_end; body; end:
func (l *lowerer) switchStmt(ss *cc.SelectionStatement) []ir.Stmt {
	p := pos(ss)
	loc := l.loc(p)
	pre, c := l.cexpr(ss.ExpressionList)
	t := promote(c.Type())
	tmp := l.newTemp(t)
	end := l.newLabel("swend")
	sw := &switchCtx{}
	l.switchs = append(l.switchs, sw)
	l.breaks = append(l.breaks, end)
	body := l.block(ss.Statement)
	l.breaks = l.breaks[:len(l.breaks)-1]
	l.switchs = l.switchs[:len(l.switchs)-1]

	out := append(pre, &ir.DeclStmt{Loc: loc, Var: tmp, Init: &ir.Init{Expr: c, T: t}})
	for _, cs := range sw.cases {
		var cond ir.Expr
		if cs.hi == nil {
			cond = ir.Bin(ir.Eq, ir.Ref(tmp), cs.lo, ir.IntType)
		} else {
			cond = ir.Bin(ir.LAnd, ir.Bin(ir.Ge, ir.Ref(tmp), cs.lo, ir.IntType), ir.Bin(ir.Le, ir.Ref(tmp), cs.hi, ir.IntType), ir.IntType)
		}
		out = append(out, &ir.If{Loc: loc, Cond: cond, Then: ir.NewBlock(loc, &ir.Goto{Loc: loc, Label: cs.label})})
	}
	target := sw.deflt
	if target == "" {
		target = end
	}
	out = append(out, &ir.Goto{Loc: loc, Label: target}, body, &ir.Label{Loc: loc, Name: end})
	return []ir.Stmt{ir.NewBlock(loc, out...)}
}

// promote applies the integer promotions to the type of a switch operand.
func promote(t ir.Type) ir.Type {
	b, ok := t.(*ir.Basic)
	if !ok {
		return t
	}
	switch b.Kind {
	case ir.Bool, ir.Char, ir.SChar, ir.UChar, ir.Short, ir.UShort:
		return ir.IntType
	}
	return t
}

func (l *lowerer) iteration(is *cc.IterationStatement) []ir.Stmt {
	p := pos(is)
	loc := l.loc(p)
	id := l.loopN
	l.loopN++
	l.breaks = append(l.breaks, "")
	defer func() { l.breaks = l.breaks[:len(l.breaks)-1] }()
	var out []ir.Stmt
	lp := &ir.Loop{Loc: loc, ID: id}
	condOf := func(n cc.ExpressionNode) ir.Expr {
		if n == nil {
			return nil
		}
		pre, c := l.cexpr(n)
		if len(pre) > 0 {
			return &ir.Bad{Why: "statement expression in a loop condition", T: ir.IntType, P: pos(n)}
		}
		return c
	}
	switch is.Case {
	case cc.IterationStatementWhile:
		lp.Kind = ir.While
		lp.Cond = condOf(is.ExpressionList)
		lp.Body = l.block(is.Statement)
	case cc.IterationStatementDo:
		lp.Kind = ir.DoWhile
		lp.Body = l.block(is.Statement)
		lp.Cond = condOf(is.ExpressionList)
	case cc.IterationStatementFor:
		lp.Kind = ir.For
		if is.ExpressionList != nil {
			out = append(out, l.exprStmt(is.ExpressionList, p)...)
		}
		lp.Cond = condOf(is.ExpressionList2)
		lp.Post = condOf(is.ExpressionList3)
		lp.Body = l.block(is.Statement)
	case cc.IterationStatementForDecl:
		lp.Kind = ir.For
		out = append(out, l.localDecl(is.Declaration)...)
		lp.Cond = condOf(is.ExpressionList)
		lp.Post = condOf(is.ExpressionList2)
		lp.Body = l.block(is.Statement)
	}
	out = append(out, lp)
	if len(out) > 1 {
		return []ir.Stmt{ir.NewBlock(loc, out...)}
	}
	return out
}

func (l *lowerer) jump(js *cc.JumpStatement) []ir.Stmt {
	loc := l.loc(pos(js))
	switch js.Case {
	case cc.JumpStatementGoto:
		return []ir.Stmt{&ir.Goto{Loc: loc, Label: js.Token2.SrcStr()}}
	case cc.JumpStatementGotoExpr:
		return []ir.Stmt{&ir.Unsupported{Loc: loc, What: "computed goto"}}
	case cc.JumpStatementContinue:
		return []ir.Stmt{&ir.Continue{Loc: loc}}
	case cc.JumpStatementBreak:
		if len(l.breaks) > 0 && l.breaks[len(l.breaks)-1] != "" {
			return []ir.Stmt{&ir.Goto{Loc: loc, Label: l.breaks[len(l.breaks)-1]}}
		}
		return []ir.Stmt{&ir.Break{Loc: loc}}
	case cc.JumpStatementReturn:
		if js.ExpressionList == nil {
			return []ir.Stmt{&ir.Return{Loc: loc}}
		}
		pre, e := l.cexpr(js.ExpressionList)
		if l.fn != nil && ir.IsVoid(l.fn.Type.Result) {
			// return f(); in a void function.
			return append(pre, &ir.ExprStmt{Loc: loc, X: e}, &ir.Return{Loc: loc})
		}
		return append(pre, &ir.Return{Loc: loc, X: e})
	}
	return nil
}

// heapVLA turns the variable-length array v (T v[n], declared by ds) into
// a pointer to n elements allocated on the heap, T *v = malloc(n * sizeof
// T): ladr's thread simulation functions keep their locals in static
// storage, which cannot hold a VLA. Every use of v but sizeof v and &v
// means the same for the pointer; checkVLAs reports those two at the end
// of the function. It returns false when v cannot be turned (a static or
// initialized VLA, a multi-dimensional one).
func (l *lowerer) heapVLA(v *ir.Var, ds *ir.DeclStmt, a *ir.Array) bool {
	if v.Static || ds.Init != nil || ir.HasEffects(a.LenExpr) {
		return false
	}
	if e, ok := a.Elem.(*ir.Array); ok && e.LenExpr != nil {
		return false
	}
	malloc := l.funcs["malloc"]
	if malloc == nil {
		malloc = &ir.Function{Name: "malloc", Type: &ir.Func{Result: ir.VoidPtrType, Params: []ir.Type{ir.ULongType}}}
		l.funcs["malloc"] = malloc
		l.prog.Funcs = append(l.prog.Funcs, malloc)
	}
	pt := &ir.Pointer{Elem: a.Elem}
	size := ir.Bin(ir.Mul, &ir.Cast{X: a.LenExpr, T: ir.ULongType, P: ds.Pos}, &ir.SizeofType{Of: a.Elem, T: ir.ULongType, P: ds.Pos}, ir.ULongType)
	v.Type = pt
	ds.Init = &ir.Init{Expr: &ir.Cast{X: ir.CallFn(malloc, size), T: pt, P: ds.Pos}, T: pt, P: ds.Pos}
	l.vlas = append(l.vlas, vla{v: v, loc: ds.Loc})
	return true
}

// vla is a variable-length array turned into a pointer by heapVLA.
type vla struct {
	v   *ir.Var
	loc ir.Loc
}

// checkVLAs reports, at the start of body, each VLA of the function whose
// size or address is taken: for those the pointer heapVLA made would mean
// something else.
func (l *lowerer) checkVLAs(body *ir.Block) {
	var bad []ir.Stmt
	for _, x := range l.vlas {
		used := false
		ir.Inspect(ir.Stmt(body), func(n any) bool {
			switch e := n.(type) {
			case *ir.Unary:
				if id, ok := e.X.(*ir.Ident); ok && e.Op == ir.Addr && id.Var == x.v {
					used = true
				}
			case *ir.SizeofExpr:
				ir.Inspect(e.X, func(m any) bool {
					if id, ok := m.(*ir.Ident); ok && id.Var == x.v {
						used = true
					}
					return !used
				})
			}
			return !used
		})
		if used {
			bad = append(bad, &ir.Unsupported{Loc: x.loc, What: "variable-length array " + x.v.Name + " whose size or address is taken"})
		}
	}
	l.vlas = nil
	body.List = append(bad, body.List...)
}
