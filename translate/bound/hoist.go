package bound

import (
	"fmt"

	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/model"
)

// Hoist makes every call that inlining or the sequentialization must see
// as a statement of its own (calls to defined functions, calls through
// function pointers, and calls of synchronizing, atomic and control
// functions) into one: "f(args);" or "tmp = f(args);". Evaluation order is
// kept where C defines one: the right operand of && and ||, the arms of ?:,
// and the operands of the comma operator are lifted into if statements and
// statement sequences. Calls through function pointers become an if-chain
// over the functions whose address the program takes.
func Hoist(prog *ir.Program, notes *Notes) {
	h := &hoister{Builder: ir.Builder{Prefix: "__ladr_h"}, prog: prog, notes: notes}
	// The targets are fixed before any function is hoisted: the address
	// analysis runs once over the whole program (it used to run once per
	// function, quadratic in the program's size).
	taken := addrTaken(prog)
	for _, f := range prog.Funcs {
		if taken[f] {
			h.targets = append(h.targets, f)
		}
	}
	for _, f := range prog.Funcs {
		if f.Body == nil {
			continue
		}
		h.fn = f
		f.Body = h.block(f.Body)
	}
}

// addrTaken returns the functions whose address is taken (used other than
// as the callee of a direct call).
func addrTaken(prog *ir.Program) map[*ir.Function]bool {
	out := map[*ir.Function]bool{}
	var visit func(e ir.Expr, callee bool)
	visit = func(e ir.Expr, callee bool) {
		switch x := e.(type) {
		case nil:
		case *ir.FuncRef:
			if !callee {
				out[x.Fn] = true
			}
		case *ir.Call:
			visit(x.Fn, true)
			for _, a := range x.Args {
				visit(a, false)
			}
		case *ir.Unary:
			visit(x.X, callee && (x.Op == ir.Deref || x.Op == ir.Addr))
		case *ir.Cast:
			visit(x.X, callee)
		default:
			for _, c := range ir.Children(e) {
				visit(c, false)
			}
		}
	}
	visitInit := func(in *ir.Init) {
		ir.Inspect(in, func(n any) bool {
			if e, ok := n.(ir.Expr); ok {
				visit(e, false)
				return false
			}
			return true
		})
	}
	for _, v := range prog.Globals {
		visitInit(v.Init)
	}
	for _, f := range prog.Funcs {
		if f.Body == nil {
			continue
		}
		ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
			switch s := n.(type) {
			case ir.Expr:
				visit(s, false)
				return false
			case *ir.Init:
				visitInit(s)
				return false
			}
			return true
		})
	}
	return out
}

// pointees returns the functions the function-pointer expression e may
// hold, and whether that set is exact: e is a variable or parameter whose
// every assignment, initializer and (for a parameter) argument is a
// function or such a variable.
func (h *hoister) pointees(e ir.Expr) (map[*ir.Function]bool, bool) {
	if h.fpAssign == nil {
		h.collectFP()
	}
	out := map[*ir.Function]bool{}
	seen := map[*ir.Var]bool{}
	var value func(e ir.Expr) bool
	value = func(e ir.Expr) bool {
		switch x := e.(type) {
		case *ir.FuncRef:
			out[x.Fn] = true
			return true
		case *ir.Cast:
			return value(x.X)
		case *ir.Unary:
			if x.Op == ir.Addr || x.Op == ir.Deref {
				if _, ok := x.X.(*ir.FuncRef); ok {
					return value(x.X)
				}
			}
		case *ir.Ident:
			v := x.Var
			if seen[v] {
				return true
			}
			seen[v] = true
			vals, ok := h.fpAssign[v]
			if !ok {
				return false
			}
			for _, a := range vals {
				if a == nil || !value(a) {
					return false
				}
			}
			return true
		}
		return false
	}
	if !value(e) {
		return nil, false
	}
	return out, true
}

// collectFP records every value assigned to each variable (assignments,
// initializers, arguments for parameters; nil for an unknown one, an
// address taken among them).
func (h *hoister) collectFP() {
	h.fpAssign = map[*ir.Var][]ir.Expr{}
	ir.EachWrite(h.prog, func(v *ir.Var, e ir.Expr) { h.fpAssign[v] = append(h.fpAssign[v], e) })
	// Parameters of functions whose address is taken may receive any value.
	for _, f := range h.targets {
		for _, p := range f.Params {
			h.fpAssign[p] = append(h.fpAssign[p], nil)
		}
	}
}

type hoister struct {
	// Builder makes the temporaries (__ladr_hN, declared in pre) and the
	// statements at the statement being hoisted (Loc); its counter also
	// numbers the labels.
	ir.Builder
	prog    *ir.Program
	notes   *Notes
	fn      *ir.Function
	targets []*ir.Function
	pre     []ir.Stmt
	// Function-pointer analysis (pointees).
	fpAssign map[*ir.Var][]ir.Expr
}

// NeedsStmt reports whether a call must be a statement of its own.
func NeedsStmt(c *ir.Call) bool {
	f := ir.CalledFunc(c)
	if f == nil {
		return true
	}
	if f.Body != nil {
		return true
	}
	return model.Lookup(f.Name).MustBeStatement()
}

func (h *hoister) temp(t ir.Type) *ir.Var { return h.Temp(t, &h.pre) }

func (h *hoister) label(kind string) string { return fmt.Sprintf("__ladr_%s%d", kind, h.Fresh()) }

func (h *hoister) emit(s ir.Stmt) { h.pre = append(h.pre, s) }

func (h *hoister) block(b *ir.Block) *ir.Block {
	out := &ir.Block{Loc: b.Loc}
	for _, s := range b.List {
		out.List = append(out.List, h.stmt(s)...)
	}
	return out
}

// sub runs f with an empty pre list and returns what it emitted.
func (h *hoister) sub(f func()) []ir.Stmt {
	save := h.pre
	h.pre = nil
	f()
	got := h.pre
	h.pre = save
	return got
}

func (h *hoister) stmt(s ir.Stmt) []ir.Stmt {
	h.Loc = *s.Origin()
	switch s := s.(type) {
	case *ir.ExprStmt:
		var x ir.Expr
		pre := h.sub(func() { x = h.top(s.X) })
		if x == nil {
			return pre
		}
		return append(pre, &ir.ExprStmt{Loc: s.Loc, X: x})
	case *ir.DeclStmt:
		if s.Init == nil {
			return []ir.Stmt{s}
		}
		if !s.Init.IsList {
			if c, ok := s.Init.Expr.(*ir.Call); ok && NeedsStmt(c) {
				decl := &ir.DeclStmt{Loc: s.Loc, Var: s.Var}
				var x ir.Expr
				pre := h.sub(func() { x = h.top(ir.Set(ir.Ref(s.Var), c)) })
				out := append([]ir.Stmt{decl}, pre...)
				if x == nil {
					// A call through a pointer: expanded into pre.
					return out
				}
				return append(out, &ir.ExprStmt{Loc: s.Loc, X: x})
			}
		}
		pre := h.sub(func() { h.init(s.Init) })
		return append(pre, s)
	case *ir.Block:
		return []ir.Stmt{h.block(s)}
	case *ir.If:
		var c ir.Expr
		pre := h.sub(func() { c = h.expr(s.Cond) })
		st := &ir.If{Loc: s.Loc, Cond: c, Then: h.block(s.Then)}
		if s.Else != nil {
			st.Else = h.block(s.Else)
		}
		return append(pre, st)
	case *ir.Return:
		if s.X == nil {
			return []ir.Stmt{s}
		}
		var x ir.Expr
		pre := h.sub(func() {
			x = h.expr(s.X)
		})
		return append(pre, &ir.Return{Loc: s.Loc, X: x})
	case *ir.Loop:
		return h.loop(s)
	}
	return []ir.Stmt{s}
}

func (h *hoister) init(in *ir.Init) {
	if in == nil {
		return
	}
	if !in.IsList {
		in.Expr = h.expr(in.Expr)
		return
	}
	for i := range in.List {
		h.init(in.List[i].Value)
	}
}

// top lowers the expression of an expression statement; it may return nil
// when nothing is left to evaluate.
func (h *hoister) top(e ir.Expr) ir.Expr {
	switch x := e.(type) {
	case *ir.Call:
		if NeedsStmt(x) {
			return h.callStmt(x, nil)
		}
	case *ir.Assign:
		if c, ok := x.R.(*ir.Call); ok && x.Op == ir.OpNone && NeedsStmt(c) {
			l := h.expr(x.L)
			return h.callStmt(c, l)
		}
	case *ir.Cast:
		if ir.IsVoid(x.T) {
			if c, ok := x.X.(*ir.Call); ok && NeedsStmt(c) {
				return h.callStmt(c, nil)
			}
		}
	case *ir.Comma:
		if y := h.top(x.X); y != nil {
			h.emit(h.Exec(y))
		}
		return h.top(x.Y)
	}
	return h.expr(e)
}

// callStmt lowers the arguments of a statement-level call and returns the
// statement expression (lhs = call or call). Indirect calls are expanded.
func (h *hoister) callStmt(c *ir.Call, lhs ir.Expr) ir.Expr {
	fn := h.expr(c.Fn)
	args := make([]ir.Expr, len(c.Args))
	for i, a := range c.Args {
		args[i] = h.expr(a)
	}
	nc := &ir.Call{Fn: fn, Args: args, T: c.T, P: c.P}
	if ir.CalledFunc(nc) == nil {
		h.indirect(nc, lhs)
		return nil
	}
	if lhs != nil {
		return &ir.Assign{L: lhs, R: nc, T: lhs.Type(), P: c.P}
	}
	return nc
}

// indirect expands a call through a function pointer into an if-chain of
// direct calls over the functions whose address is taken.
func (h *hoister) indirect(c *ir.Call, lhs ir.Expr) {
	fp := h.temp(c.Fn.Type())
	h.emit(h.Exec(ir.Set(ir.Ref(fp), c.Fn)))
	args := make([]ir.Expr, len(c.Args))
	for i, a := range c.Args {
		// An array (or function) argument is passed as a pointer: the
		// temporary holding it is one.
		switch at := a.Type().(type) {
		case *ir.Array:
			a = &ir.Cast{X: a, T: &ir.Pointer{Elem: at.Elem}}
		case *ir.Func:
			a = &ir.Cast{X: a, T: &ir.Pointer{Elem: at}}
		}
		t := h.temp(a.Type())
		h.emit(h.Exec(ir.Set(ir.Ref(t), a)))
		args[i] = ir.Ref(t)
	}
	var cands []*ir.Function
	known, exact := h.pointees(c.Fn)
	unpassable := false
	for _, f := range h.targets {
		if exact && !known[f] {
			continue
		}
		if len(f.Type.Params) == len(args) || f.Type.Variadic || f.Type.NoProto {
			if passable(f.Type, args) {
				cands = append(cands, f)
			} else {
				unpassable = true
			}
		}
	}
	var chain ir.Stmt
	switch {
	case exact && len(cands) > 0 && unpassable:
		// The pointer may hold a function the arguments cannot be
		// passed to (undefined behaviour): that call is cut, not taken
		// for another.
		msg := "call through a function pointer to a function whose parameters do not take the arguments"
		chain = boundCall(h.prog, h.Loc, ir.IntConst(1), msg)
		h.notes.cut(h.Loc.Pos, "%s", msg)
	case !exact || len(cands) == 0:
		msg := "call through a function pointer that points to no known function"
		chain = boundCall(h.prog, h.Loc, ir.IntConst(1), msg)
		h.notes.cut(h.Loc.Pos, "%s", msg)
	}
	for i := len(cands) - 1; i >= 0; i-- {
		f := cands[i]
		cargs := make([]ir.Expr, len(args))
		for j, a := range args {
			cargs[j] = ir.Clone(a)
		}
		var call ir.Expr = &ir.Call{Fn: &ir.FuncRef{Fn: f, P: c.P}, Args: cargs, T: f.Type.Result, P: c.P}
		if lhs != nil && !ir.IsVoid(f.Type.Result) {
			call = &ir.Assign{L: ir.Clone(lhs), R: call, T: lhs.Type(), P: c.P}
		}
		if chain == nil {
			// The pointer can only hold these functions (reading it
			// uninitialized is undefined): the last one needs no test.
			chain = h.Exec(call)
			continue
		}
		cmp := ir.Bin(ir.Eq, ir.Ref(fp), &ir.FuncRef{Fn: f, P: c.P}, ir.IntType)
		chain = &ir.If{Loc: h.Loc, Cond: cmp,
			Then: ir.NewBlock(h.Loc, h.Exec(call)),
			Else: ir.NewBlock(h.Loc, chain)}
	}
	h.emit(chain)
}

// passable reports whether the arguments args can be passed to a function
// of type t: a struct or union goes only to a parameter of the same
// type, and only such a parameter takes one. (A call through a pointer
// to a function of an incompatible type is undefined; an assignment
// between them is no C.)
func passable(t *ir.Func, args []ir.Expr) bool {
	for i, a := range args {
		if i >= len(t.Params) {
			break
		}
		p, at := t.Params[i], a.Type()
		if !ir.IsStruct(p) && !ir.IsStruct(at) || p == at {
			continue
		}
		ps, ok1 := p.(*ir.Struct)
		as, ok2 := at.(*ir.Struct)
		if !ok1 || !ok2 || ps.Tag != as.Tag || ps.Union != as.Union {
			return false
		}
	}
	return true
}

// expr lowers an expression in an rvalue or lvalue context.
func (h *hoister) expr(e ir.Expr) ir.Expr {
	switch x := e.(type) {
	case nil:
		return nil
	case *ir.Call:
		if !NeedsStmt(x) {
			x.Fn = h.expr(x.Fn)
			for i := range x.Args {
				x.Args[i] = h.expr(x.Args[i])
			}
			return x
		}
		if ir.IsVoid(x.T) {
			if s := h.callStmt(x, nil); s != nil {
				h.emit(h.Exec(s))
			}
			return &ir.Cast{X: ir.IntConst(0), T: ir.VoidType, P: x.P}
		}
		t := h.temp(x.T)
		if s := h.callStmt(x, ir.Ref(t)); s != nil {
			h.emit(h.Exec(s))
		}
		return ir.Ref(t)
	case *ir.Binary:
		if x.Op != ir.LAnd && x.Op != ir.LOr {
			x.X = h.expr(x.X)
			x.Y = h.expr(x.Y)
			return x
		}
		a := h.expr(x.X)
		var b ir.Expr
		preB := h.sub(func() { b = h.expr(x.Y) })
		if len(preB) == 0 {
			x.X, x.Y = a, b
			return x
		}
		t := h.temp(ir.IntType)
		setB := append(preB, h.Exec(ir.Set(ir.Ref(t), ir.Bin(ir.Ne, b, ir.IntConst(0), ir.IntType))))
		if x.Op == ir.LAnd {
			h.emit(&ir.If{Loc: h.Loc, Cond: a, Then: ir.NewBlock(h.Loc, setB...),
				Else: ir.NewBlock(h.Loc, h.Exec(ir.Set(ir.Ref(t), ir.IntConst(0))))})
		} else {
			h.emit(&ir.If{Loc: h.Loc, Cond: a, Then: ir.NewBlock(h.Loc, h.Exec(ir.Set(ir.Ref(t), ir.IntConst(1)))),
				Else: ir.NewBlock(h.Loc, setB...)})
		}
		return ir.Ref(t)
	case *ir.Cond:
		c := h.expr(x.C)
		var a, b ir.Expr
		preA := h.sub(func() { a = h.expr(x.X) })
		preB := h.sub(func() { b = h.expr(x.Y) })
		if len(preA) == 0 && len(preB) == 0 {
			x.C, x.X, x.Y = c, a, b
			return x
		}
		if ir.IsVoid(x.T) {
			h.emit(&ir.If{Loc: h.Loc, Cond: c,
				Then: ir.NewBlock(h.Loc, append(preA, h.Exec(a))...),
				Else: ir.NewBlock(h.Loc, append(preB, h.Exec(b))...)})
			return &ir.Cast{X: ir.IntConst(0), T: ir.VoidType, P: x.P}
		}
		t := h.temp(x.T)
		h.emit(&ir.If{Loc: h.Loc, Cond: c,
			Then: ir.NewBlock(h.Loc, append(preA, h.Exec(ir.Set(ir.Ref(t), a)))...),
			Else: ir.NewBlock(h.Loc, append(preB, h.Exec(ir.Set(ir.Ref(t), b)))...)})
		return ir.Ref(t)
	case *ir.Comma:
		a := h.expr(x.X)
		mark := len(h.pre)
		b := h.expr(x.Y)
		if len(h.pre) == mark {
			x.X, x.Y = a, b
			return x
		}
		// Y lifted statements: X's remaining effects come first.
		rest := append([]ir.Stmt{h.Exec(a)}, h.pre[mark:]...)
		h.pre = append(h.pre[:mark], rest...)
		return b
	case *ir.SizeofExpr:
		return x
	case *ir.Unary:
		x.X = h.expr(x.X)
	case *ir.Assign:
		x.L = h.expr(x.L)
		x.R = h.expr(x.R)
	case *ir.Index:
		x.X = h.expr(x.X)
		x.I = h.expr(x.I)
	case *ir.Member:
		x.X = h.expr(x.X)
	case *ir.Cast:
		x.X = h.expr(x.X)
	case *ir.VaArg:
		x.X = h.expr(x.X)
	case *ir.CompoundLit:
		h.init(x.Init)
	}
	return e
}

// loop lifts calls out of a loop's condition and step.
func (h *hoister) loop(s *ir.Loop) []ir.Stmt {
	body := h.block(s.Body)
	h.Loc = s.Loc
	var cond, post ir.Expr
	preC := h.sub(func() { cond = h.expr(s.Cond) })
	h.Loc = s.Loc
	preP := h.sub(func() { post = h.expr(s.Post) })
	if len(preC) == 0 && len(preP) == 0 {
		return []ir.Stmt{&ir.Loop{Loc: s.Loc, Kind: s.Kind, Cond: cond, Post: post, Body: body, ID: s.ID}}
	}
	loc := s.Loc
	brk := func() ir.Stmt {
		return &ir.If{Loc: loc, Cond: &ir.Unary{Op: ir.Not, X: cond, T: ir.IntType, P: loc.Pos}, Then: ir.NewBlock(loc, &ir.Break{Loc: loc})}
	}
	var list []ir.Stmt
	cont := h.label("cont")
	replaceContinue(body, cont)
	switch s.Kind {
	case ir.DoWhile:
		list = append(list, body.List...)
		list = append(list, &ir.Label{Loc: loc, Name: cont})
		list = append(list, preC...)
		if cond != nil {
			list = append(list, brk())
		}
	default:
		list = append(list, preC...)
		if cond != nil {
			list = append(list, brk())
		}
		list = append(list, body.List...)
		list = append(list, &ir.Label{Loc: loc, Name: cont})
		list = append(list, preP...)
		if post != nil {
			list = append(list, &ir.ExprStmt{Loc: loc, X: post})
		}
	}
	return []ir.Stmt{&ir.Loop{Loc: loc, Kind: ir.While, Body: ir.NewBlock(loc, list...), ID: s.ID}}
}

// replaceContinue turns the continue statements of a loop body (not those
// of nested loops) into goto label.
func replaceContinue(b *ir.Block, label string) {
	rewriteOutsideLoops(b, func(s ir.Stmt) []ir.Stmt {
		if c, ok := s.(*ir.Continue); ok {
			return []ir.Stmt{&ir.Goto{Loc: c.Loc, Label: label}}
		}
		return []ir.Stmt{s}
	})
}

// rewriteOutsideLoops is ir.RewriteBlocks that does not enter nested loops.
func rewriteOutsideLoops(s ir.Stmt, f func(ir.Stmt) []ir.Stmt) { rewriteStmts(s, f, false) }

// rewriteStmts replaces every statement x of the blocks under s (nested
// loops' bodies too when loops is set) by f(x), innermost first.
func rewriteStmts(s ir.Stmt, f func(ir.Stmt) []ir.Stmt, loops bool) {
	switch s := s.(type) {
	case *ir.Block:
		var out []ir.Stmt
		for _, x := range s.List {
			rewriteStmts(x, f, loops)
			out = append(out, f(x)...)
		}
		s.List = out
	case *ir.If:
		rewriteStmts(s.Then, f, loops)
		if s.Else != nil {
			rewriteStmts(s.Else, f, loops)
		}
	case *ir.Loop:
		if loops {
			rewriteStmts(s.Body, f, loops)
		}
	}
}
