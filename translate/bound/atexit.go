package bound

import (
	"fmt"
	"strings"

	"github.com/ladr-dev/ladr/translate/ir"
)

// Names of the atexit model.
const (
	// AtexitRunFunc runs the registered handlers, last registered first.
	AtexitRunFunc = "__ladr_run_atexit"
	atexitCount   = "__ladr_atexit_n"
	atexitHandler = "__ladr_atexit_fn"
)

// LowerAtexit models the handlers registered with atexit. It runs after
// Hoist (which makes every atexit call a statement of its own) and before
// the inlining:
//
//   - atexit(h), for h a function the program defines, appends h's number
//     to a registry (__ladr_atexit_fn, __ladr_atexit_n) in an atomic
//     section, like the C library's lock, and returns 0;
//   - exit(c) and main's return (or its end) first call __ladr_run_atexit,
//     which pops the handlers one at a time, in an atomic section, and calls
//     each in the exiting thread while the other threads may still run: the
//     handlers' accesses are checked like any other;
//   - a handler that is not a function the program defines, and on_exit,
//     at_quick_exit and __cxa_atexit, are unsupported.
//
// The registry holds one entry per atexit call site of the program; a
// bounded program that registers more (a call in a loop or in a function
// called twice) is cut there (CheckAtexit). _exit, _Exit and abort run no
// handlers. A program without atexit calls is left unchanged.
func LowerAtexit(prog *ir.Program) {
	var sites []*ir.Call
	var handlers []*ir.Function
	num := map[*ir.Function]int{}
	for _, f := range prog.Funcs {
		if f.Body == nil {
			continue
		}
		ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
			if c, ok := n.(*ir.Call); ok && calleeName(c) == "atexit" {
				sites = append(sites, c)
				if len(c.Args) == 1 {
					if h := handlerOf(c.Args[0]); isHandler(h) && num[h] == 0 {
						handlers = append(handlers, h)
						num[h] = len(handlers)
					}
				}
			}
			return true
		})
	}
	if len(sites) == 0 {
		for _, f := range prog.Funcs {
			if f.Body != nil {
				ir.RewriteBlocks(f.Body, unsupportedHandlers)
			}
		}
		return
	}
	capacity := len(sites)
	var first ir.Loc
	first.Pos = sites[0].P
	first.Func = AtexitRunFunc
	count := prog.AddGlobal(atexitCount, ir.IntType, nil)
	table := prog.AddGlobal(atexitHandler, &ir.Array{Elem: ir.IntType, Len: int64(capacity)}, nil)
	begin := prog.DeclareFunc("__VERIFIER_atomic_begin", &ir.Func{Result: ir.VoidType})
	end := prog.DeclareFunc("__VERIFIER_atomic_end", &ir.Func{Result: ir.VoidType})
	run := buildAtexitRunner(prog, first, count, table, capacity, handlers, begin, end)

	for _, f := range prog.Funcs {
		if f.Body == nil || f == run {
			continue
		}
		ir.RewriteBlocks(f.Body, func(s ir.Stmt) []ir.Stmt {
			loc := *s.Origin()
			if r, ok := s.(*ir.Return); ok && f.Name == "main" {
				return exitThroughHandlers(f, loc, r, run)
			}
			call, lhs := CallOf(s)
			if call == nil {
				return []ir.Stmt{s}
			}
			switch name := calleeName(call); name {
			case "exit":
				return []ir.Stmt{ir.Exec(loc, ir.CallFn(run)), s}
			case "on_exit", "at_quick_exit", "__cxa_atexit":
				return unsupportedHandlers(s)
			case "atexit":
				var h *ir.Function
				if len(call.Args) == 1 {
					h = handlerOf(call.Args[0])
				}
				if !isHandler(h) {
					return []ir.Stmt{&ir.Unsupported{Loc: loc, What: "atexit with a handler that is not a function defined in the program"}}
				}
				return registerHandler(prog, loc, lhs, count, table, capacity, num[h], begin, end)
			}
			return []ir.Stmt{s}
		})
	}
	if main := prog.Func("main"); main != nil && main.Body != nil {
		if n := len(main.Body.List); n == 0 || !endsMain(main.Body.List[n-1]) {
			// Falling off the end of main returns 0.
			loc := main.Body.Loc
			if n > 0 {
				loc = *main.Body.List[n-1].Origin()
			}
			main.Body.List = append(main.Body.List, ir.Exec(loc, ir.CallFn(run)))
		}
	}
}

// unsupportedHandlers replaces a call of on_exit, at_quick_exit or
// __cxa_atexit, whose handlers are not modelled, by an Unsupported
// statement.
func unsupportedHandlers(s ir.Stmt) []ir.Stmt {
	if call, _ := CallOf(s); call != nil {
		switch name := calleeName(call); name {
		case "on_exit", "at_quick_exit", "__cxa_atexit":
			return []ir.Stmt{&ir.Unsupported{Loc: *s.Origin(), What: name + " (its handlers are not modelled)"}}
		}
	}
	return []ir.Stmt{s}
}

// isHandler reports whether f is a function the program defines that
// takes no parameters, as an atexit handler must.
func isHandler(f *ir.Function) bool {
	return f != nil && f.Body != nil && len(f.Params) == 0
}

// endsMain reports whether s, the last statement of main, leaves it: a
// return or a call of exit, _exit, _Exit or abort.
func endsMain(s ir.Stmt) bool {
	if _, ok := s.(*ir.Return); ok {
		return true
	}
	if call, _ := CallOf(s); call != nil {
		switch calleeName(call) {
		case "exit", "_exit", "_Exit", "abort":
			return true
		}
	}
	return false
}

// handlerOf returns the function an atexit argument designates (h, &h,
// (void (*)(void))h), or nil.
func handlerOf(e ir.Expr) *ir.Function {
	for {
		switch x := e.(type) {
		case *ir.FuncRef:
			return x.Fn
		case *ir.Cast:
			e = x.X
		case *ir.Unary:
			if x.Op != ir.Addr {
				return nil
			}
			e = x.X
		default:
			return nil
		}
	}
}

// atexitOverflow ends the message of the cut at a registration beyond the
// registry's capacity.
const atexitOverflow = "atexit registrations (one per call site)"

// IsAtexitOverflow reports whether a cut's message is the one of a
// registration beyond the registry's capacity. The handler it drops is one
// an earlier registration of the same call site already runs, at the same
// exit, in the same thread: what a static analysis of races concludes does
// not depend on it.
func IsAtexitOverflow(what string) bool { return strings.HasSuffix(what, atexitOverflow) }

// registerHandler returns the statements of atexit(h), h being handler
// number k: an atomic append to the registry, then the result 0.
func registerHandler(prog *ir.Program, loc ir.Loc, lhs ir.Expr, count, table *ir.Var, capacity, k int, begin, end *ir.Function) []ir.Stmt {
	slot := &ir.Index{X: ir.Ref(table), I: ir.Ref(count), T: ir.IntType}
	full := fmt.Sprintf("more than %d %s", capacity, atexitOverflow)
	out := []ir.Stmt{
		ir.Exec(loc, ir.CallFn(begin)),
		&ir.If{Loc: loc, Cond: ir.Bin(ir.Lt, ir.Ref(count), ir.IntConst(int64(capacity)), ir.IntType),
			Then: ir.NewBlock(loc,
				ir.Exec(loc, ir.Set(slot, ir.IntConst(int64(k)))),
				ir.Exec(loc, ir.Set(ir.Ref(count), ir.Bin(ir.Add, ir.Ref(count), ir.IntConst(1), ir.IntType)))),
			Else: ir.NewBlock(loc, boundCall(prog, loc, ir.IntConst(1), full))},
		ir.Exec(loc, ir.CallFn(end)),
	}
	if lhs != nil {
		out = append(out, ir.Exec(loc, &ir.Assign{L: lhs, R: ir.IntConst(0), T: lhs.Type()}))
	}
	return out
}

// exitThroughHandlers rewrites main's return: the value is computed, the
// handlers run, then main returns it.
func exitThroughHandlers(main *ir.Function, loc ir.Loc, r *ir.Return, run *ir.Function) []ir.Stmt {
	if r.X == nil {
		return []ir.Stmt{ir.Exec(loc, ir.CallFn(run)), r}
	}
	t := main.Type.Result
	if t == nil || ir.IsVoid(t) {
		t = r.X.Type()
	}
	v := &ir.Var{Name: "__ladr_exit_status", Type: t, Class: ir.Local, Func: main.Name, Synthetic: true}
	return []ir.Stmt{
		&ir.DeclStmt{Loc: loc, Var: v},
		ir.Exec(loc, ir.Set(ir.Ref(v), r.X)),
		ir.Exec(loc, ir.CallFn(run)),
		&ir.Return{Loc: loc, X: ir.Ref(v)},
	}
}

// buildAtexitRunner defines __ladr_run_atexit, one step per registry
// entry (no loop, so nothing to unwind):
//
//	atomic { k = 0; if (n > 0) { n--; k = fn[n]; } }
//	if (k == 1) h1(); else if (k == 2) h2(); ...
//	(again, capacity times)
func buildAtexitRunner(prog *ir.Program, loc ir.Loc, count, table *ir.Var, capacity int, handlers []*ir.Function, begin, end *ir.Function) *ir.Function {
	body := ir.NewBlock(loc)
	for step := 0; step < capacity; step++ {
		k := &ir.Var{Name: fmt.Sprintf("__ladr_k%d", step), Type: ir.IntType, Class: ir.Local, Func: AtexitRunFunc, Synthetic: true}
		body.List = append(body.List,
			&ir.DeclStmt{Loc: loc, Var: k},
			ir.Exec(loc, ir.CallFn(begin)),
			ir.Exec(loc, ir.Set(ir.Ref(k), ir.IntConst(0))),
			&ir.If{Loc: loc, Cond: ir.Bin(ir.Gt, ir.Ref(count), ir.IntConst(0), ir.IntType),
				Then: ir.NewBlock(loc,
					ir.Exec(loc, ir.Set(ir.Ref(count), ir.Bin(ir.Sub, ir.Ref(count), ir.IntConst(1), ir.IntType))),
					ir.Exec(loc, ir.Set(ir.Ref(k), &ir.Index{X: ir.Ref(table), I: ir.Ref(count), T: ir.IntType})))},
			ir.Exec(loc, ir.CallFn(end)),
		)
		var dispatch ir.Stmt
		for j := len(handlers) - 1; j >= 0; j-- {
			dispatch = &ir.If{Loc: loc, Cond: ir.Bin(ir.Eq, ir.Ref(k), ir.IntConst(int64(j+1)), ir.IntType),
				Then: ir.NewBlock(loc, ir.Exec(loc, ir.CallFn(handlers[j]))), Else: elseBlock(loc, dispatch)}
		}
		if dispatch != nil {
			body.List = append(body.List, dispatch)
		}
	}
	run := prog.DeclareFunc(AtexitRunFunc, &ir.Func{Result: ir.VoidType})
	run.Pos = loc.Pos
	run.Body = body
	return run
}

func elseBlock(loc ir.Loc, s ir.Stmt) *ir.Block {
	if s == nil {
		return nil
	}
	return ir.NewBlock(loc, s)
}

// CheckAtexit checks the atexit model in the bounded program (after the
// thread copies): a registry smaller than the registrations the bounded
// program holds is a cut (each registration statement runs at most once,
// as no loop is left), and main's pthread_exit is unsupported when the
// program registers handlers (they run when the last thread ends).
func CheckAtexit(prog *ir.Program, notes *Notes) error {
	table := prog.Global(atexitHandler)
	if table == nil {
		return nil
	}
	capacity := table.Type.(*ir.Array).Len
	registrations := int64(0)
	var at ir.Pos
	for _, f := range prog.Funcs {
		if f.Thread == nil || f.Body == nil {
			continue
		}
		var err error
		var loc ir.Loc
		ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
			if err != nil {
				return false
			}
			switch x := n.(type) {
			case ir.Stmt:
				loc = *x.Origin()
			case *ir.Assign:
				if ix, ok := x.L.(*ir.Index); ok {
					if id, ok := ix.X.(*ir.Ident); ok && id.Var == table {
						registrations++
						at = loc.Pos
					}
				}
			case *ir.Call:
				if f.Thread.ID == 0 && calleeName(x) == "pthread_exit" {
					err = &UnsupportedError{Pos: loc.Pos, What: "pthread_exit in main when atexit handlers are registered (they run when the last thread ends, which is not modelled)"}
				}
			}
			return true
		})
		if err != nil {
			return err
		}
	}
	if registrations > capacity {
		notes.cut(at, "more than %d %s", capacity, atexitOverflow)
	}
	return nil
}
