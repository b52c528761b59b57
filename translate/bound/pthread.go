package bound

import (
	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/model"
)

// Names of the pthread models of LowerPthread.
const (
	// OnceFunc, OnceDoneFunc and OnceWaitFunc are the steps of
	// pthread_once (package seq lowers them).
	OnceFunc     = "__ladr_once"
	OnceDoneFunc = "__ladr_once_done"
	OnceWaitFunc = "__ladr_once_wait"
	// CheckModelledFunc is __ladr_check_modelled(c, what): where c holds,
	// the program does something ladr does not model (package seq makes
	// it an assertion whose failure is no answer).
	CheckModelledFunc = "__ladr_check_modelled"
	// cleanupCount is the thread-local number of cleanup handlers
	// registered.
	cleanupCount = "__ladr_cleanups"
)

// LowerPthread models the parts of the pthread API whose calls run the
// program's own functions. It runs before Hoist (which expands the calls
// through function pointers it makes) and the inlining:
//
//   - pthread_once(o, f), a statement (or the initializer of a
//     declaration), becomes
//
//     if (__ladr_once(o)) { f(); __ladr_once_done(o); } else __ladr_once_wait(o);
//
//     and returns 0: the first caller marks o running and runs f, the others
//     wait until f finished (the init routine runs exactly once, and what it
//     did happens before the other callers go on). A call in another form
//     stays, and is unsupported.
//
//   - glibc's pthread_cleanup_push and pthread_cleanup_pop (the macros
//     expand to __sigsetjmp_cancel, __pthread_register_cancel, a block, and
//     __pthread_unregister_cancel then the handler call if pop's argument
//     is non-zero): __sigsetjmp_cancel returns 0 (no cancellation reaches
//     the handler through the jump: pthread_cancel is unsupported), the
//     registration counts the handlers of the thread (__ladr_cleanups), and
//     a pthread_exit inside the block between a push and its pop first
//     calls the handlers of the enclosing pushes, innermost first. A
//     pthread_exit elsewhere while a handler is registered (in a function
//     the block calls) is not modelled: it is checked not to happen
//     (CheckModelledFunc).
//
//   - the destructors of pthread_key_create run at a thread's exit
//     (keyDestructors).
func LowerPthread(prog *ir.Program) {
	p := &pthreadLowerer{prog: prog, Builder: ir.Builder{Prefix: "__ladr_o"}}
	for _, f := range prog.Funcs {
		if f.Body != nil {
			p.usesCleanup = p.usesCleanup || callsFunc(f.Body, "__pthread_register_cancel")
		}
	}
	if p.usesCleanup {
		p.count = prog.AddGlobal(cleanupCount, ir.IntType, nil)
		p.count.ThreadLocal = true
	}
	p.keys = findKeyDestructors(prog)
	var routines map[*ir.Function]bool
	if p.keys != nil {
		routines = startRoutines(prog)
	}
	for _, f := range prog.Funcs {
		if f.Body == nil || p.keys != nil && f == p.keys.run {
			continue
		}
		p.Loc.Func = f.Name
		p.block(f.Body, nil)
		if routines[f] {
			p.keys.routineExits(&p.Builder, f)
		}
		ir.RewriteStmtExprs(f.Body, func(e ir.Expr) ir.Expr {
			if c, ok := e.(*ir.Call); ok && calleeName(c) == "__sigsetjmp_cancel" {
				return &ir.IntLit{Val: 0, T: c.T}
			}
			return e
		})
	}
}

type pthreadLowerer struct {
	ir.Builder
	prog        *ir.Program
	usesCleanup bool
	count       *ir.Var
	// keys: the model of the key destructors (nil: the program names
	// none).
	keys *keyDestructors
}

// cleanup is a pthread_cleanup_push whose pop has not been met: the
// handler and its argument.
type cleanup struct {
	routine, arg *ir.Var
}

func callsFunc(s ir.Stmt, name string) bool {
	found := false
	ir.Inspect(s, func(n any) bool {
		if c, ok := n.(*ir.Call); ok && calleeName(c) == name {
			found = true
		}
		return !found
	})
	return found
}

// block lowers the statements of b; open are the cleanup handlers pushed
// around b, outermost first.
func (p *pthreadLowerer) block(b *ir.Block, open []cleanup) {
	var out []ir.Stmt
	// The handlers pushed in b itself (their pops come later in b).
	mine := append([]cleanup(nil), open...)
	vars := map[string]*ir.Var{}
	for _, s := range b.List {
		p.Loc = *s.Origin()
		if d, ok := s.(*ir.DeclStmt); ok {
			vars[d.Var.Name] = d.Var
			if call := declCall(d); call != nil && model.Lookup(calleeName(call)).Op == model.OpOnce {
				d.Init = nil
				out = append(out, d)
				out = append(out, p.once(call, ir.Ref(d.Var))...)
				continue
			}
			if call := declCall(d); call != nil && model.Lookup(calleeName(call)).Op == model.OpKeyCreate && p.keys != nil {
				if st := p.keys.create(&p.Builder, call, ir.Ref(d.Var)); st != nil {
					d.Init = nil
					out = append(out, d)
					out = append(out, st...)
					continue
				}
			}
		}
		call, lhs := CallOf(s)
		name := ""
		if call != nil {
			name = calleeName(call)
		}
		switch {
		case name == "__pthread_register_cancel":
			r, a := vars["__cancel_routine"], vars["__cancel_arg"]
			if r == nil || a == nil {
				out = append(out, &ir.Unsupported{Loc: p.Loc, What: "pthread_cleanup_push in an unknown form"})
				continue
			}
			mine = append(mine, cleanup{routine: r, arg: a})
			out = append(out, p.Assign(ir.Ref(p.count), ir.Bin(ir.Add, ir.Ref(p.count), ir.IntConst(1), ir.IntType)))
			continue
		case name == "__pthread_unregister_cancel":
			if len(mine) > len(open) {
				mine = mine[:len(mine)-1]
			}
			out = append(out, p.Assign(ir.Ref(p.count), ir.Bin(ir.Sub, ir.Ref(p.count), ir.IntConst(1), ir.IntType)))
			continue
		case name == "__pthread_unwind_next":
			// Reached only when __sigsetjmp_cancel returns non-zero:
			// never.
			continue
		case model.Lookup(name).Op == model.OpOnce:
			out = append(out, p.once(call, lhs)...)
			continue
		case model.Lookup(name).Op == model.OpKeyCreate && p.keys != nil:
			if st := p.keys.create(&p.Builder, call, lhs); st != nil {
				out = append(out, st...)
				continue
			}
		case model.Lookup(name).Op == model.OpThreadExit && !p.usesCleanup && p.keys != nil:
			out = append(out, p.keys.atExit(p.Loc), s)
			continue
		case model.Lookup(name).Op == model.OpThreadExit && p.usesCleanup:
			// The handlers pushed around the call, innermost first.
			for i := len(mine) - 1; i >= 0; i-- {
				h := mine[i]
				out = append(out,
					p.Assign(ir.Ref(p.count), ir.Bin(ir.Sub, ir.Ref(p.count), ir.IntConst(1), ir.IntType)),
					p.Exec(&ir.Call{Fn: ir.Ref(h.routine), Args: []ir.Expr{ir.Ref(h.arg)}, T: ir.VoidType, P: p.Loc.Pos}))
			}
			check := p.prog.DeclareFunc(CheckModelledFunc, &ir.Func{Result: ir.VoidType, NoProto: true})
			what := "pthread_exit while a cleanup handler pushed in a calling function is registered"
			out = append(out, p.Exec(ir.CallFn(check, ir.Bin(ir.Ne, ir.Ref(p.count), ir.IntConst(0), ir.IntType), stringLit(what))))
			if p.keys != nil {
				out = append(out, p.keys.atExit(p.Loc))
			}
			out = append(out, s)
			continue
		}
		out = append(out, p.hoistOnce(s)...)
		p.nested(s, mine)
		out = append(out, s)
	}
	b.List = out
}

// hoistOnce lowers the calls of pthread_once (and of pthread_key_create
// with a destructor) inside the expressions of s (if (pthread_once(&o, f))
// ..., return pthread_key_create(&k, d)): each is replaced by a temporary
// its lowering, placed before s, sets. A call in
// an operand that may not be evaluated (after && or ||, in a branch of
// ?:) or in a loop's condition stays, and is unsupported.
func (p *pthreadLowerer) hoistOnce(s ir.Stmt) []ir.Stmt {
	var slot *ir.Expr
	switch x := s.(type) {
	case *ir.ExprStmt:
		slot = &x.X
	case *ir.If:
		slot = &x.Cond
	case *ir.Return:
		slot = &x.X
	case *ir.DeclStmt:
		if x.Init != nil && !x.Init.IsList {
			slot = &x.Init.Expr
		}
	}
	if slot == nil || *slot == nil {
		return nil
	}
	var pre []ir.Stmt
	var rewrite func(e ir.Expr, sure bool) ir.Expr
	rewrite = func(e ir.Expr, sure bool) ir.Expr {
		switch x := e.(type) {
		case *ir.Call:
			for i, a := range x.Args {
				x.Args[i] = rewrite(a, sure)
			}
			if !sure {
				return x
			}
			switch op := model.Lookup(calleeName(x)).Op; {
			case op == model.OpOnce:
				t := p.Temp(x.T, &pre)
				pre = append(pre, p.once(x, ir.Ref(t))...)
				return ir.Ref(t)
			case op == model.OpKeyCreate && p.keys != nil:
				var st []ir.Stmt
				t := p.Temp(x.T, &st)
				if low := p.keys.create(&p.Builder, x, ir.Ref(t)); low != nil {
					pre = append(append(pre, st...), low...)
					return ir.Ref(t)
				}
			}
			return x
		case *ir.Binary:
			x.X = rewrite(x.X, sure)
			x.Y = rewrite(x.Y, sure && x.Op != ir.LAnd && x.Op != ir.LOr)
			return x
		case *ir.Cond:
			x.C = rewrite(x.C, sure)
			x.X = rewrite(x.X, false)
			x.Y = rewrite(x.Y, false)
			return x
		case *ir.Unary:
			x.X = rewrite(x.X, sure)
			return x
		case *ir.Cast:
			x.X = rewrite(x.X, sure)
			return x
		case *ir.Assign:
			x.R = rewrite(x.R, sure)
			return x
		}
		return e
	}
	*slot = rewrite(*slot, true)
	return pre
}

// nested lowers the blocks nested in s.
func (p *pthreadLowerer) nested(s ir.Stmt, open []cleanup) {
	switch x := s.(type) {
	case *ir.Block:
		p.block(x, open)
	case *ir.If:
		p.block(x.Then, open)
		if x.Else != nil {
			p.block(x.Else, open)
		}
	case *ir.Loop:
		p.block(x.Body, open)
	}
}

// declCall returns the call a declaration is initialized with, if its
// initializer is exactly one call.
func declCall(d *ir.DeclStmt) *ir.Call {
	if d.Init == nil || d.Init.IsList {
		return nil
	}
	c, _ := d.Init.Expr.(*ir.Call)
	return c
}

// once lowers lhs = pthread_once(o, f).
func (p *pthreadLowerer) once(call *ir.Call, lhs ir.Expr) []ir.Stmt {
	if len(call.Args) != 2 {
		return []ir.Stmt{&ir.Unsupported{Loc: p.Loc, What: "pthread_once with other than two arguments"}}
	}
	var out []ir.Stmt
	o := call.Args[0]
	if _, simple := ir.Uncast(o).(*ir.Ident); !simple && !isAddrOf(o) {
		t := p.Temp(o.Type(), &out)
		out = append(out, p.Assign(ir.Ref(t), o))
		o = ir.Ref(t)
	}
	fn := call.Args[1]
	var routine ir.Expr
	if h := handlerOf(fn); h != nil {
		routine = &ir.FuncRef{Fn: h, P: call.P}
	} else {
		routine = fn
	}
	first := p.Temp(ir.IntType, &out)
	step := p.prog.DeclareFunc(OnceFunc, &ir.Func{Result: ir.IntType, NoProto: true})
	done := p.prog.DeclareFunc(OnceDoneFunc, &ir.Func{Result: ir.VoidType, NoProto: true})
	wait := p.prog.DeclareFunc(OnceWaitFunc, &ir.Func{Result: ir.VoidType, NoProto: true})
	out = append(out, p.Assign(ir.Ref(first), ir.CallFn(step, ir.Clone(o))))
	out = append(out, &ir.If{Loc: p.Loc, Cond: ir.Ref(first),
		Then: ir.NewBlock(p.Loc, p.Exec(&ir.Call{Fn: routine, T: ir.VoidType, P: call.P}), p.Exec(ir.CallFn(done, ir.Clone(o)))),
		Else: ir.NewBlock(p.Loc, p.Exec(ir.CallFn(wait, ir.Clone(o))))})
	if lhs != nil {
		out = append(out, p.Assign(lhs, &ir.Cast{X: ir.IntConst(0), T: lhs.Type()}))
	}
	return []ir.Stmt{ir.NewBlock(p.Loc, out...)}
}

// isAddrOf reports whether e is &x for a variable x.
func isAddrOf(e ir.Expr) bool {
	u, ok := ir.Uncast(e).(*ir.Unary)
	if !ok || u.Op != ir.Addr {
		return false
	}
	_, ok = u.X.(*ir.Ident)
	return ok
}

// stringLit is the C string s.
func stringLit(s string) *ir.StringLit {
	return &ir.StringLit{Val: s, ElemSize: 1, T: &ir.Array{Elem: ir.CharType, Len: int64(len(s) + 1)}}
}
