package analysis

import (
	"fmt"

	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/model"
)

// Unfollowed returns the first construct of p the analyses do not follow
// (with its position), or "": an unsupported construct, a cut the passes
// before made in code the entries run, a call through a pointer, a call
// of a function ladr does not model, joins of detached threads.
func Unfollowed(p *Program) (string, ir.Pos) {
	if p.Notes != nil && len(p.Notes.Incomplete) > 0 {
		c := p.Notes.Incomplete[0]
		return c.What, c.Pos
	}
	// A cut the passes before made (recursion, a call through a pointer
	// to no known function) in code the threads run; cuts in functions
	// nothing calls are gone with inlining.
	if cuts := bound.CutsIn(p.Entries); len(cuts) > 0 {
		return "the program was bounded before the analysis: " + cuts[0].What, cuts[0].Pos
	}
	var why string
	var at ir.Pos
	var detach, join ir.Pos
	fail := func(pos ir.Pos, format string, args ...any) {
		if why == "" {
			why, at = fmt.Sprintf(format, args...), pos
		}
	}
	for _, f := range p.Entries {
		ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
			switch x := n.(type) {
			case *ir.Unsupported:
				fail(x.Pos, "unsupported: %s", x.What)
			case *ir.Bad:
				fail(x.P, "unsupported: %s", x.Why)
			case *ir.VaArg:
				fail(x.P, "va_arg")
			case *ir.Call:
				g := ir.CalledFunc(x)
				if g == nil {
					fail(x.P, "a call through a function pointer (%s)", ir.ExprString(x.Fn))
					return true
				}
				if g.Name == bound.BoundFunc {
					return false // bound.CutsIn, above
				}
				info := model.Lookup(g.Name)
				switch info.Op {
				case model.OpDetach, model.OpAttrSetDetach:
					detach = x.P
				case model.OpJoin:
					join = x.P
				}
				if g.Body != nil {
					if !info.MustBeStatement() {
						fail(x.P, "a call of %s that was not inlined", g.Name)
					}
					return true // modelled (reach_error), not inlined
				}
				switch {
				case info.Op == model.OpUnmodelled || info.Op == model.OpCheckModelled:
					fail(x.P, "%s is not modelled", g.Name)
				case info.Kind == model.Unknown:
					fail(x.P, "a call of %s, which ladr does not model", g.Name)
				case info.Op == model.OpNone && info.MustBeStatement():
					fail(x.P, "no model for %s", g.Name)
				}
			}
			return why == ""
		})
		if why != "" {
			return why, at
		}
	}
	if detach.IsValid() && join.IsValid() {
		// Joining a detached thread is undefined: the analysis does not
		// tell which threads are detached.
		return "detached threads and pthread_join (joining a detached thread is undefined)", detach
	}
	return "", ir.Pos{}
}

// RaceOnly returns the first call of p that the race analysis follows but
// a deadlock analysis must not (with what it is), or "": a pthread_kill
// whose handlers run as threads of their own (bound.LowerSignals: a
// handler that blocks on a lock the interrupted thread holds waits for
// ever, where its thread would wait for the unlock), a pthread_cancel
// followed as a no-op (bound.LowerCancel: a cancelled thread may end
// holding locks).
func RaceOnly(p *Program) (string, ir.Pos) {
	var what string
	var at ir.Pos
	for _, f := range p.Entries {
		ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
			if c, ok := n.(*ir.Call); ok && what == "" {
				if g := ir.CalledFunc(c); g != nil && g.Body == nil {
					switch model.Lookup(g.Name).Op {
					case model.OpSignalThread:
						what, at = "pthread_kill: a signal handler runs inside the thread it interrupts, which the lock-order analysis does not model", c.P
					case model.OpCancel:
						what, at = "pthread_cancel: a cancelled thread may end holding locks, which the lock-order analysis does not model", c.P
					}
				}
			}
			return what == ""
		})
	}
	return what, at
}

// CallOp returns the call a statement makes (f(...); or l = f(...);) and
// the library operation of its callee (model.OpNone for a defined
// function or a call through a pointer); nil when s is no call.
func CallOp(s ir.Stmt) (*ir.Call, model.Op) {
	c, _ := bound.CallOf(s)
	if c == nil {
		return nil, model.OpNone
	}
	f := ir.CalledFunc(c)
	if f == nil || f.Body != nil {
		return c, model.OpNone
	}
	return c, model.Lookup(f.Name).Op
}

// NoReturn reports whether a call never returns (exit, abort, a function
// declared noreturn, pthread_exit).
func NoReturn(c *ir.Call) bool {
	f := ir.CalledFunc(c)
	return f != nil && (f.NoReturn || f.Body == nil && model.Lookup(f.Name).NoReturn())
}

// IsThreadExit reports whether s ends its thread (pthread_exit).
func IsThreadExit(s ir.Stmt) bool {
	_, op := CallOp(s)
	return op == model.OpThreadExit
}
