package bound

import (
	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/model"
)

// CancelFunc replaces pthread_cancel where LowerCancel found that the
// static analyses may treat it as doing nothing (model.OpCancel). The
// bounded search does not model cancellation: its lowering is that of a
// function ladr does not model (the path ends there).
const CancelFunc = "__ladr_cancel"

// LowerCancel prepares pthread_cancel for the static race analysis of the
// unbounded program. A cancelled thread ends at a cancellation point (at
// any point, with asynchronous cancelability), so what it does is a
// prefix of what it would do uncancelled, and its joiner then goes on as
// after any join: every access order against the other threads that
// cancellation allows, the program without it allows too, except what
// runs at the cancellation: cleanup handlers and thread-specific data
// destructors, and the join's result (PTHREAD_CANCELED), which the
// joiner may test. So the calls become CancelFunc, which the race
// analysis follows as a no-op, only in a program with no cleanup handler
// (pthread_cleanup_push), no thread-specific data destructor and no join
// that reads the result; otherwise pthread_cancel stays a function ladr
// does not model. The lock-order analysis declines CancelFunc (a
// cancelled thread may end holding locks). Runs before pass pthread, which
// lowers cleanup handlers.
func LowerCancel(prog *ir.Program) {
	cancel := prog.Func("pthread_cancel")
	if cancel == nil || cancel.Body != nil {
		return
	}
	var calls []*ir.Call
	ok := true
	for _, f := range prog.Funcs {
		if f.Body == nil {
			continue
		}
		ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
			c, isCall := n.(*ir.Call)
			if !isCall {
				return true
			}
			g := ir.CalledFunc(c)
			if g == nil || g.Body != nil {
				return true
			}
			switch {
			case g == cancel:
				calls = append(calls, c)
			case g.Name == "__pthread_register_cancel" || g.Name == "_pthread_cleanup_push" || g.Name == "pthread_cleanup_push" || g.Name == "__pthread_cleanup_push":
				ok = false
			case model.Lookup(g.Name).Op == model.OpKeyCreate:
				ok = ok && len(c.Args) == 2 && ir.IsNullConst(c.Args[1])
			case model.Lookup(g.Name).Op == model.OpJoin:
				ok = ok && (len(c.Args) < 2 || ir.IsNullConst(c.Args[1]))
			}
			return true
		})
	}
	if !ok || len(calls) == 0 {
		return
	}
	f := prog.DeclareFunc(CancelFunc, cancel.Type)
	for _, c := range calls {
		c.Fn = &ir.FuncRef{Fn: f, P: c.Fn.Pos()}
	}
}
