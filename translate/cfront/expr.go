package cfront

import (
	"math/big"
	"strings"

	"modernc.org/cc/v4"

	"github.com/ladr-dev/ladr/translate/ir"
)

// expr lowers an expression. Statements it has to lift out (GNU statement
// expressions, declarations of temporaries) are appended to l.pre.
func (l *lowerer) expr(n cc.ExpressionNode) ir.Expr {
	if n == nil {
		return nil
	}
	p := pos(n)
	if c := l.constant(n); c != nil {
		return c
	}
	switch x := n.(type) {
	case *cc.ExpressionList:
		var out ir.Expr
		for list := x; list != nil; list = list.ExpressionList {
			e := l.expr(list.AssignmentExpression)
			if out == nil {
				out = e
			} else {
				out = &ir.Comma{X: out, Y: e, P: p}
			}
		}
		return out
	case *cc.AssignmentExpression:
		if x.Case == cc.AssignmentExpressionCond {
			return l.expr(x.ConditionalExpression)
		}
		lhs := l.expr(x.UnaryExpression)
		rhs := l.expr(x.AssignmentExpression)
		op := assignOps[x.Case]
		return &ir.Assign{Op: op, L: lhs, R: rhs, T: lhs.Type(), P: p}
	case *cc.ConditionalExpression:
		if x.Case == cc.ConditionalExpressionLOr {
			return l.expr(x.LogicalOrExpression)
		}
		c := l.expr(x.LogicalOrExpression)
		t := l.typ(x.Type())
		l.cond++
		defer func() { l.cond-- }()
		if x.ExpressionList == nil {
			// GNU a ?: b evaluates a once.
			// The temporary holds a's value: an array or a function
			// decays to a pointer.
			tmp := l.newTemp(decayParam(c.Type()))
			l.pre = append(l.pre, &ir.DeclStmt{Loc: l.loc(p), Var: tmp})
			c = &ir.Comma{X: ir.Set(ir.Ref(tmp), c), Y: ir.Ref(tmp), P: p}
			return &ir.Cond{C: c, X: ir.Ref(tmp), Y: l.expr(x.ConditionalExpression), T: t, P: p}
		}
		return &ir.Cond{C: c, X: l.expr(x.ExpressionList), Y: l.expr(x.ConditionalExpression), T: t, P: p}
	case *cc.LogicalOrExpression:
		if x.Case == cc.LogicalOrExpressionLAnd {
			return l.expr(x.LogicalAndExpression)
		}
		a := l.expr(x.LogicalOrExpression)
		l.cond++
		b := l.expr(x.LogicalAndExpression)
		l.cond--
		return &ir.Binary{Op: ir.LOr, X: a, Y: b, T: ir.IntType, P: p}
	case *cc.LogicalAndExpression:
		if x.Case == cc.LogicalAndExpressionOr {
			return l.expr(x.InclusiveOrExpression)
		}
		a := l.expr(x.LogicalAndExpression)
		l.cond++
		b := l.expr(x.InclusiveOrExpression)
		l.cond--
		return &ir.Binary{Op: ir.LAnd, X: a, Y: b, T: ir.IntType, P: p}
	case *cc.InclusiveOrExpression:
		if x.Case == cc.InclusiveOrExpressionXor {
			return l.expr(x.ExclusiveOrExpression)
		}
		return l.binary(ir.Or, x.InclusiveOrExpression, x.ExclusiveOrExpression, n)
	case *cc.ExclusiveOrExpression:
		if x.Case == cc.ExclusiveOrExpressionAnd {
			return l.expr(x.AndExpression)
		}
		return l.binary(ir.Xor, x.ExclusiveOrExpression, x.AndExpression, n)
	case *cc.AndExpression:
		if x.Case == cc.AndExpressionEq {
			return l.expr(x.EqualityExpression)
		}
		return l.binary(ir.And, x.AndExpression, x.EqualityExpression, n)
	case *cc.EqualityExpression:
		switch x.Case {
		case cc.EqualityExpressionEq:
			return l.binary(ir.Eq, x.EqualityExpression, x.RelationalExpression, n)
		case cc.EqualityExpressionNeq:
			return l.binary(ir.Ne, x.EqualityExpression, x.RelationalExpression, n)
		}
		return l.expr(x.RelationalExpression)
	case *cc.RelationalExpression:
		switch x.Case {
		case cc.RelationalExpressionLt:
			return l.binary(ir.Lt, x.RelationalExpression, x.ShiftExpression, n)
		case cc.RelationalExpressionGt:
			return l.binary(ir.Gt, x.RelationalExpression, x.ShiftExpression, n)
		case cc.RelationalExpressionLeq:
			return l.binary(ir.Le, x.RelationalExpression, x.ShiftExpression, n)
		case cc.RelationalExpressionGeq:
			return l.binary(ir.Ge, x.RelationalExpression, x.ShiftExpression, n)
		}
		return l.expr(x.ShiftExpression)
	case *cc.ShiftExpression:
		switch x.Case {
		case cc.ShiftExpressionLsh:
			return l.binary(ir.Shl, x.ShiftExpression, x.AdditiveExpression, n)
		case cc.ShiftExpressionRsh:
			return l.binary(ir.Shr, x.ShiftExpression, x.AdditiveExpression, n)
		}
		return l.expr(x.AdditiveExpression)
	case *cc.AdditiveExpression:
		switch x.Case {
		case cc.AdditiveExpressionAdd:
			return l.binary(ir.Add, x.AdditiveExpression, x.MultiplicativeExpression, n)
		case cc.AdditiveExpressionSub:
			return l.binary(ir.Sub, x.AdditiveExpression, x.MultiplicativeExpression, n)
		}
		return l.expr(x.MultiplicativeExpression)
	case *cc.MultiplicativeExpression:
		switch x.Case {
		case cc.MultiplicativeExpressionMul:
			return l.binary(ir.Mul, x.MultiplicativeExpression, x.CastExpression, n)
		case cc.MultiplicativeExpressionDiv:
			return l.binary(ir.Div, x.MultiplicativeExpression, x.CastExpression, n)
		case cc.MultiplicativeExpressionMod:
			return l.binary(ir.Rem, x.MultiplicativeExpression, x.CastExpression, n)
		}
		return l.expr(x.CastExpression)
	case *cc.CastExpression:
		if x.Case == cc.CastExpressionUnary {
			return l.expr(x.UnaryExpression)
		}
		return &ir.Cast{X: l.expr(x.CastExpression), T: l.typ(x.Type()), P: p}
	case *cc.UnaryExpression:
		return l.unary(x)
	case *cc.PostfixExpression:
		return l.postfix(x)
	case *cc.PrimaryExpression:
		return l.primary(x)
	case *cc.ConstantExpression:
		return l.expr(x.ConditionalExpression)
	}
	return &ir.Bad{Why: "expression form", T: ir.IntType, P: p}
}

var assignOps = map[cc.AssignmentExpressionCase]ir.Op{
	cc.AssignmentExpressionAssign: ir.OpNone, cc.AssignmentExpressionMul: ir.Mul,
	cc.AssignmentExpressionDiv: ir.Div, cc.AssignmentExpressionMod: ir.Rem,
	cc.AssignmentExpressionAdd: ir.Add, cc.AssignmentExpressionSub: ir.Sub,
	cc.AssignmentExpressionLsh: ir.Shl, cc.AssignmentExpressionRsh: ir.Shr,
	cc.AssignmentExpressionAnd: ir.And, cc.AssignmentExpressionXor: ir.Xor,
	cc.AssignmentExpressionOr: ir.Or,
}

func (l *lowerer) binary(op ir.Op, a, b cc.ExpressionNode, n cc.ExpressionNode) ir.Expr {
	return &ir.Binary{Op: op, X: l.expr(a), Y: l.expr(b), T: l.typ(n.Type()), P: pos(n)}
}

// constant folds an integer constant expression, or returns nil.
func (l *lowerer) constant(n cc.ExpressionNode) ir.Expr {
	switch x := n.(type) {
	case *cc.PrimaryExpression:
		switch x.Case {
		case cc.PrimaryExpressionIdent:
			if _, ok := x.ResolvedTo().(*cc.Enumerator); !ok {
				return nil
			}
		case cc.PrimaryExpressionInt, cc.PrimaryExpressionChar, cc.PrimaryExpressionLChar:
		default:
			return nil
		}
	case *cc.UnaryExpression:
		switch x.Case {
		case cc.UnaryExpressionSizeofExpr, cc.UnaryExpressionSizeofType, cc.UnaryExpressionAlignofExpr, cc.UnaryExpressionAlignofType:
			// Keep sizeof readable; CBMC computes the same value.
			return nil
		}
	case *cc.CastExpression:
		if x.Case != cc.CastExpressionCast {
			return nil
		}
	case *cc.PostfixExpression:
		// Member accesses, calls and subscripts are never constant
		// expressions, although cc gives ((T *)0)->f the value of f's
		// offset.
		if x.Case != cc.PostfixExpressionPrimary {
			return nil
		}
	case *cc.ExpressionList, *cc.AssignmentExpression:
		return nil
	}
	if !n.Pure() {
		return nil
	}
	t := n.Type()
	if t == nil || !cc.IsIntegerType(t) {
		return nil
	}
	it := l.typ(t)
	var val uint64
	switch v := n.Value().(type) {
	case cc.Int64Value:
		val = uint64(v)
	case cc.UInt64Value:
		val = uint64(v)
	default:
		return nil
	}
	if layoutDependent(n) {
		// offsetof (cc's "(size_t)&((T *)0)->member") stays symbolic:
		// its value depends on the data model, and the program must compute
		// it the way the compiler that runs it lays out T (CBMC with
		// --32/--64, gcc for replay).
		return nil
	}
	return &ir.IntLit{Val: val, T: it, P: pos(n)}
}

// layoutDependent reports whether a constant expression takes an address
// (the offsetof idiom), whose value depends on the layout of a type.
func layoutDependent(n cc.Node) bool {
	for _, t := range cc.NodeTokens(n) {
		if t.Ch == '&' {
			return true
		}
	}
	return false
}

func (l *lowerer) unary(x *cc.UnaryExpression) ir.Expr {
	p := pos(x)
	t := l.typ(x.Type())
	un := func(op ir.Op, n cc.ExpressionNode) ir.Expr {
		return &ir.Unary{Op: op, X: l.expr(n), T: t, P: p}
	}
	switch x.Case {
	case cc.UnaryExpressionPostfix:
		return l.expr(x.PostfixExpression)
	case cc.UnaryExpressionInc:
		return un(ir.PreInc, x.UnaryExpression)
	case cc.UnaryExpressionDec:
		return un(ir.PreDec, x.UnaryExpression)
	case cc.UnaryExpressionAddrof:
		return un(ir.Addr, x.CastExpression)
	case cc.UnaryExpressionDeref:
		d := un(ir.Deref, x.CastExpression).(*ir.Unary)
		d.T = objectType(d.T, ir.Elem(d.X.Type()))
		return d
	case cc.UnaryExpressionPlus:
		return un(ir.Plus, x.CastExpression)
	case cc.UnaryExpressionMinus:
		return un(ir.Neg, x.CastExpression)
	case cc.UnaryExpressionCpl:
		return un(ir.BitNot, x.CastExpression)
	case cc.UnaryExpressionNot:
		return un(ir.Not, x.CastExpression)
	case cc.UnaryExpressionSizeofExpr:
		save := l.pre
		e := l.expr(x.UnaryExpression)
		l.pre = save
		return &ir.SizeofExpr{X: e, T: t, P: p}
	case cc.UnaryExpressionSizeofType:
		return &ir.SizeofType{Of: l.typ(x.TypeName.Type()), T: t, P: p}
	case cc.UnaryExpressionAlignofExpr:
		return &ir.SizeofType{Of: l.typ(x.UnaryExpression.Type()), Align: true, T: t, P: p}
	case cc.UnaryExpressionAlignofType:
		return &ir.SizeofType{Of: l.typ(x.TypeName.Type()), Align: true, T: t, P: p}
	case cc.UnaryExpressionReal:
		return un(ir.Real, x.UnaryExpression)
	case cc.UnaryExpressionImag:
		return un(ir.Imag, x.UnaryExpression)
	case cc.UnaryExpressionLabelAddr:
		return &ir.Bad{Why: "address of a label (&&label)", T: t, P: p}
	}
	return &ir.Bad{Why: "unary expression", T: t, P: p}
}

func (l *lowerer) postfix(x *cc.PostfixExpression) ir.Expr {
	p := pos(x)
	switch x.Case {
	case cc.PostfixExpressionPrimary:
		return l.expr(x.PrimaryExpression)
	case cc.PostfixExpressionIndex:
		a := l.expr(x.PostfixExpression)
		i := l.expr(x.ExpressionList)
		if ir.IsInteger(a.Type()) && !ir.IsInteger(i.Type()) {
			a, i = i, a // i[a]
		}
		return &ir.Index{X: a, I: i, T: objectType(l.typ(x.Type()), ir.Elem(a.Type())), P: p}
	case cc.PostfixExpressionCall:
		return l.call(x)
	case cc.PostfixExpressionSelect, cc.PostfixExpressionPSelect:
		base := l.expr(x.PostfixExpression)
		f := x.Field()
		if f == nil {
			return &ir.Bad{Why: "member access", T: ir.IntType, P: p}
		}
		fld := l.field(f)
		return &ir.Member{X: base, Field: fld, Arrow: x.Case == cc.PostfixExpressionPSelect, T: objectType(l.typ(x.Type()), fld.Type), P: p}
	case cc.PostfixExpressionInc:
		return &ir.Unary{Op: ir.PostInc, X: l.expr(x.PostfixExpression), T: l.typ(x.Type()), P: p}
	case cc.PostfixExpressionDec:
		return &ir.Unary{Op: ir.PostDec, X: l.expr(x.PostfixExpression), T: l.typ(x.Type()), P: p}
	case cc.PostfixExpressionComplit:
		return &ir.CompoundLit{Init: l.initList(x.InitializerList, x.TypeName.Type(), p), T: l.typ(x.Type()), P: p}
	}
	return &ir.Bad{Why: "postfix expression", T: ir.IntType, P: p}
}

// objectType is the type of an lvalue that designates an object of type
// obj: cc types a member, an element or a *p of array type as the pointer
// it decays to (in every expression, s.a[i] and q = s.a alike), but the IR
// keeps the array type, as it does for an identifier, so that the passes
// see an array being addressed, not a pointer being read. Other lvalues
// keep the type cc gives them (a bit-field's, a qualified member's).
func objectType(t, obj ir.Type) ir.Type {
	if a, ok := obj.(*ir.Array); ok {
		if _, ok := t.(*ir.Pointer); ok {
			return a
		}
	}
	return t
}

// initList lowers the initializer list of a compound literal of type t.
func (l *lowerer) initList(list *cc.InitializerList, t cc.Type, p ir.Pos) *ir.Init {
	var leaves []*cc.Initializer
	for ; list != nil; list = list.InitializerList {
		if list.Initializer != nil {
			leaves = collectLeaves(list.Initializer, leaves)
		}
	}
	return l.placeLeaves(t, leaves, 0, p)
}

func (l *lowerer) call(x *cc.PostfixExpression) ir.Expr {
	p := pos(x)
	fn := l.expr(x.PostfixExpression)
	var args []ir.Expr
	for list := x.ArgumentExpressionList; list != nil; list = list.ArgumentExpressionList {
		args = append(args, l.expr(list.AssignmentExpression))
	}
	t := l.typ(x.Type())
	if fr, ok := fn.(*ir.FuncRef); ok {
		switch fr.Fn.Name {
		case "__builtin_expect":
			if len(args) == 2 {
				return &ir.Cast{X: args[0], T: t, P: p}
			}
		case "__builtin_assume_aligned":
			if len(args) >= 1 {
				return args[0]
			}
		}
	}
	return &ir.Call{Fn: fn, Args: args, T: t, P: p}
}

func (l *lowerer) primary(x *cc.PrimaryExpression) ir.Expr {
	p := pos(x)
	switch x.Case {
	case cc.PrimaryExpressionIdent:
		switch d := x.ResolvedTo().(type) {
		case *cc.Declarator:
			if _, ok := d.Type().(*cc.FunctionType); ok {
				return &ir.FuncRef{Fn: l.function(d), P: p}
			}
			if v := l.locals[d]; v != nil {
				return &ir.Ident{Var: v, P: p}
			}
			if d.IsParam() {
				return &ir.Bad{Why: "parameter " + d.Name(), T: l.typ(d.Type()), P: p}
			}
			if d.LexicalScope() != nil && d.LexicalScope() != l.ast.Scope && !d.IsExtern() && d.Linkage() != cc.External {
				// A local declared later in a block we have not seen (should
				// not happen in valid C).
				return &ir.Bad{Why: "identifier " + d.Name(), T: l.typ(d.Type()), P: p}
			}
			return &ir.Ident{Var: l.global(d), P: p}
		case *cc.Enumerator:
			if c := l.constant(x); c != nil {
				return c
			}
		case *cc.Parameter:
			if d.Declarator != nil {
				if v := l.locals[d.Declarator]; v != nil {
					return &ir.Ident{Var: v, P: p}
				}
			}
		}
		return &ir.Bad{Why: "identifier " + x.Token.SrcStr(), T: ir.IntType, P: p}
	case cc.PrimaryExpressionInt, cc.PrimaryExpressionChar, cc.PrimaryExpressionLChar:
		if c := l.constant(x); c != nil {
			return c
		}
		return &ir.Bad{Why: "constant " + x.Token.SrcStr(), T: ir.IntType, P: p}
	case cc.PrimaryExpressionFloat:
		t := l.typ(x.Type())
		switch v := x.Value().(type) {
		case cc.Float64Value:
			return &ir.FloatLit{Val: float64(v), T: t, P: p}
		case *cc.LongDoubleValue:
			f, _ := (*big.Float)(v).Float64()
			return &ir.FloatLit{Val: f, T: t, P: p}
		}
		return &ir.Bad{Why: "floating constant " + x.Token.SrcStr(), T: t, P: p}
	case cc.PrimaryExpressionString, cc.PrimaryExpressionLString:
		t := l.typ(x.Type())
		switch v := x.Value().(type) {
		case cc.StringValue:
			return &ir.StringLit{Val: strings.TrimSuffix(string(v), "\x00"), ElemSize: 1, T: t, P: p}
		case cc.UTF32StringValue:
			return &ir.StringLit{Val: strings.TrimSuffix(string([]rune(v)), "\x00"), ElemSize: 4, T: t, P: p}
		case cc.UTF16StringValue:
			rs := make([]rune, len(v))
			for i, c := range v {
				rs[i] = rune(c)
			}
			return &ir.StringLit{Val: strings.TrimSuffix(string(rs), "\x00"), ElemSize: 2, T: t, P: p}
		}
		return &ir.Bad{Why: "string literal", T: t, P: p}
	case cc.PrimaryExpressionExpr:
		return l.expr(x.ExpressionList)
	case cc.PrimaryExpressionStmt:
		return l.stmtExpr(x)
	case cc.PrimaryExpressionGeneric:
		if a := x.GenericSelection.Associated(); a != nil {
			return l.expr(a.AssignmentExpression)
		}
		return &ir.Bad{Why: "_Generic selection", T: ir.IntType, P: p}
	}
	return &ir.Bad{Why: "primary expression", T: ir.IntType, P: p}
}

// stmtExpr lowers a GNU statement expression ({ ...; e; }) by lifting its
// statements in front of the statement being lowered; the value is kept in
// a temporary. This is only correct when the expression is evaluated
// unconditionally, so inside &&, || and ?: operands it is reported as a
// construct ladr does not model.
func (l *lowerer) stmtExpr(x *cc.PrimaryExpression) ir.Expr {
	p := pos(x)
	t := l.typ(x.Type())
	if l.cond > 0 {
		return &ir.Bad{Why: "statement expression in a conditionally evaluated operand", T: t, P: p}
	}
	saved := l.pre
	cs := x.CompoundStatement
	var items []*cc.BlockItem
	for list := cs.BlockItemList; list != nil; list = list.BlockItemList {
		if list.BlockItem != nil {
			items = append(items, list.BlockItem)
		}
	}
	var body []ir.Stmt
	var value ir.Expr
	for i, item := range items {
		last := i == len(items)-1
		if last && item.Case == cc.BlockItemStmt && item.Statement.Case == cc.StatementExpr && item.Statement.ExpressionStatement.ExpressionList != nil && !ir.IsVoid(t) {
			pre, e := l.cexpr(item.Statement.ExpressionStatement.ExpressionList)
			body = append(body, pre...)
			value = e
			continue
		}
		switch item.Case {
		case cc.BlockItemDecl:
			body = append(body, l.localDecl(item.Declaration)...)
		case cc.BlockItemStmt:
			body = append(body, l.stmt(item.Statement)...)
		}
	}
	loc := l.loc(p)
	var result ir.Expr = &ir.Cast{X: ir.IntConst(0), T: ir.VoidType, P: p}
	var pre []ir.Stmt
	if value != nil {
		tmp := l.newTemp(t)
		pre = append(pre, &ir.DeclStmt{Loc: loc, Var: tmp})
		body = append(body, &ir.ExprStmt{Loc: loc, X: ir.Set(ir.Ref(tmp), value)})
		result = ir.Ref(tmp)
	}
	l.pre = append(append(saved, pre...), &ir.Block{Loc: loc, List: body})
	return result
}
