package bound

import (
	"fmt"

	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/model"
)

// SignalThreadFunc replaces pthread_kill where LowerSignals gave the
// signal's possible handlers threads of their own (model.OpSignalThread).
// The bounded search does not model the delivery: its lowering is that of
// a function ladr does not model (the path ends there). The static
// analyses follow it: the handlers' threads, created right after it, are
// what the delivery may run.
const SignalThreadFunc = "__ladr_signal_thread"

// handlerThreadPrefix starts the names of the start routines that run a
// possible signal handler (LowerSignals).
const handlerThreadPrefix = "__ladr_sighandler_"

// LowerSignals prepares pthread_kill for the static analyses of the
// unbounded program. A signal sent to a thread runs its handler in that
// thread, at any point after the call where the signal is not blocked,
// while the thread's own code waits. Each possible handler is run instead
// as a thread created right after the call (one per function whose
// address the program takes and whose type is a handler's: void (int), or
// void (int, siginfo_t *, void *)), never joined: every order of the
// handler's accesses against those of the other threads that the
// delivery allows, this allows too, so a race-freedom proof with it
// holds. (It allows more: the handler interleaved with the thread it
// interrupts, and running when the signal is blocked or ignored, or after
// the thread ended.)
//
// The call becomes SignalThreadFunc, which the bounded search does not
// model. Nothing is rewritten when a handler's code asks which thread runs
// it (pthread_self, thread-specific data, pthread_exit), jumps out
// (longjmp) or calls through a pointer, or when the signal's number has
// side effects: pthread_kill then stays a function ladr does not model.
// Runs after hoist (a pthread_kill call is a statement of its own).
func LowerSignals(prog *ir.Program) {
	create := prog.Func("pthread_create")
	if create == nil || create.Type == nil || len(create.Type.Params) != 4 {
		return
	}
	var kills []*ir.Function
	for _, f := range prog.Funcs {
		if f.Body != nil && callsFunc(f.Body, "pthread_kill") {
			kills = append(kills, f)
		}
	}
	if len(kills) == 0 {
		return
	}
	handlers, ok := signalHandlers(prog)
	if !ok || len(handlers) == 0 {
		return
	}
	kill := prog.Func("pthread_kill")
	signalThread := prog.DeclareFunc(SignalThreadFunc, kill.Type)
	var routines []*ir.Function
	for _, h := range handlers {
		routines = append(routines, handlerThread(prog, h))
	}
	for _, f := range kills {
		ir.RewriteBlocks(f.Body, func(s ir.Stmt) []ir.Stmt {
			c, _ := CallOf(s)
			if c == nil || ir.CalledFunc(c) != kill || len(c.Args) != 2 || ir.HasEffects(c.Args[1]) {
				return []ir.Stmt{s}
			}
			loc := *s.Origin()
			sig := c.Args[1]
			c.Fn = &ir.FuncRef{Fn: signalThread, P: c.Fn.Pos()}
			out := []ir.Stmt{s}
			for _, r := range routines {
				pt := create.Type.Params
				out = append(out, ir.Exec(loc, &ir.Call{Fn: &ir.FuncRef{Fn: create, P: c.P}, Args: []ir.Expr{
					&ir.Cast{X: ir.IntConst(0), T: pt[0]},
					&ir.Cast{X: ir.IntConst(0), T: pt[1]},
					&ir.FuncRef{Fn: r, P: c.P},
					&ir.Cast{X: &ir.Cast{X: ir.Clone(sig), T: ir.LongType}, T: ir.VoidPtrType},
				}, T: create.Type.Result, P: c.P}))
			}
			return out
		})
	}
}

// signalHandlers returns the functions of prog that may be signal
// handlers: defined, address taken, of a handler's type. ok is false when
// one of them (or a function it calls) does what a handler's thread
// cannot stand for.
func signalHandlers(prog *ir.Program) (hs []*ir.Function, ok bool) {
	taken := map[*ir.Function]bool{}
	for _, f := range prog.Funcs {
		if f.Body == nil {
			continue
		}
		ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
			if c, isCall := n.(*ir.Call); isCall {
				if _, direct := c.Fn.(*ir.FuncRef); direct {
					for _, a := range c.Args {
						ir.Inspect(a, func(m any) bool {
							if r, isRef := m.(*ir.FuncRef); isRef {
								taken[r.Fn] = true
							}
							return true
						})
					}
					return false
				}
			}
			if r, isRef := n.(*ir.FuncRef); isRef {
				taken[r.Fn] = true
			}
			return true
		})
	}
	for _, g := range prog.Globals {
		if g.Init != nil {
			ir.Inspect(g.Init, func(m any) bool {
				if r, isRef := m.(*ir.FuncRef); isRef {
					taken[r.Fn] = true
				}
				return true
			})
		}
	}
	for _, f := range prog.Funcs {
		if !taken[f] || f.Body == nil || !handlerType(f.Type) {
			continue
		}
		if !handlerFollowed(f, map[*ir.Function]bool{}) {
			return nil, false
		}
		hs = append(hs, f)
	}
	return hs, true
}

// handlerType reports whether t is void (int) or void (int, T *, void *).
func handlerType(t *ir.Func) bool {
	if t == nil || !ir.IsVoid(t.Result) || t.Variadic {
		return false
	}
	p := t.Params
	isInt := func(t ir.Type) bool { b, ok := t.(*ir.Basic); return ok && b.Kind == ir.Int }
	switch len(p) {
	case 1:
		return isInt(p[0])
	case 3:
		return isInt(p[0]) && ir.IsPointer(p[1]) && ir.IsPointer(p[2])
	}
	return false
}

// handlerFollowed reports whether a handler's thread stands for its runs
// inside the thread it interrupts: f and the functions it calls never ask
// which thread runs them, never end or leave it other than by returning,
// and make no call through a pointer.
func handlerFollowed(f *ir.Function, seen map[*ir.Function]bool) bool {
	if seen[f] {
		return true
	}
	seen[f] = true
	ok := true
	ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
		c, isCall := n.(*ir.Call)
		if !isCall || !ok {
			return ok
		}
		g := ir.CalledFunc(c)
		if g == nil {
			ok = false
			return false
		}
		if g.Body != nil {
			ok = handlerFollowed(g, seen)
			return ok
		}
		switch model.Lookup(g.Name).Op {
		case model.OpSelf, model.OpEqual, model.OpGetSpecific, model.OpSetSpecific, model.OpThreadExit, model.OpUnmodelled:
			ok = false
		}
		return ok
	})
	return ok
}

// handlerThread returns the start routine that runs handler h with the
// signal's number its argument: h(sig), or h(sig, 0, 0).
func handlerThread(prog *ir.Program, h *ir.Function) *ir.Function {
	loc := ir.Loc{Func: h.Name, Pos: h.Pos}
	arg := &ir.Var{Name: "__ladr_sig", Type: ir.VoidPtrType, Class: ir.Param}
	args := []ir.Expr{&ir.Cast{X: &ir.Cast{X: ir.Ref(arg), T: ir.LongType}, T: ir.IntType}}
	for _, pt := range h.Type.Params[1:] {
		args = append(args, &ir.Cast{X: ir.IntConst(0), T: pt})
	}
	call := &ir.Call{Fn: &ir.FuncRef{Fn: h, P: h.Pos}, Args: args, T: ir.VoidType, P: h.Pos}
	f := &ir.Function{
		Name:   fmt.Sprintf("%s%s", handlerThreadPrefix, h.Name),
		Type:   &ir.Func{Result: ir.VoidPtrType, Params: []ir.Type{ir.VoidPtrType}},
		Params: []*ir.Var{arg}, Static: true, Pos: h.Pos,
		Body: ir.NewBlock(loc, ir.Exec(loc, call), &ir.Return{Loc: loc, X: &ir.Cast{X: ir.IntConst(0), T: ir.VoidPtrType}}),
	}
	prog.Funcs = append(prog.Funcs, f)
	return f
}
