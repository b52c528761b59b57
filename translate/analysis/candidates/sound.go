package candidates

import (
	"fmt"

	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/ir"
)

// soundChecks declines a proof for what the analysis does not follow in
// code the program may run: a construct ladr does not model, a call
// through a pointer no function fits, a non-local jump, a backward goto
// in main's body (its
// statements' order is what tells main's part before the threads), a
// cast between pointers to two struct types (the analysis tells memory
// through pointers by type).
func (a *analyzer) soundChecks() {
	for _, cr := range a.g.Creates {
		if !a.reached(cr.Caller) {
			continue
		}
		if f := bound.FuncOf(cr.Call.Args[2]); len(cr.Routines) == 0 || f != nil && f.Body == nil {
			a.decline("a thread whose start routine is defined nowhere", cr.Call.P)
			return
		}
	}
	// A call through a pointer may reach a library function whose address
	// the program takes: its effects are not followed there.
	for _, lib := range a.g.LibraryTaken {
		for _, f := range a.g.Funcs {
			if !a.reached(f) {
				continue
			}
			for _, s := range a.g.Sites[f] {
				if s.Callee == nil && (lib.Type == nil || len(lib.Type.Params) == len(s.Call.Args) || lib.Type.Variadic) {
					a.decline("a call through a pointer that may reach the library function "+lib.Name, s.Call.P)
					return
				}
			}
		}
	}
	for _, s := range a.g.Unresolved {
		if a.reached(s.Caller) {
			a.decline("a call through a pointer that no function of the program fits", s.Call.P)
			return
		}
	}
	if main := a.prog.Func("main"); main != nil && main.Body != nil {
		// Any goto back to a label before it (in main's body, at any
		// depth) may run a top-level statement again.
		seen := map[string]bool{}
		ir.Inspect(ir.Stmt(main.Body), func(n any) bool {
			switch x := n.(type) {
			case *ir.Label:
				seen[x.Name] = true
			case *ir.Goto:
				if seen[x.Label] && !a.declined() {
					a.decline("a goto back to a label of main's body", x.Pos)
				}
			}
			return true
		})
	}
	for _, f := range a.g.Funcs {
		if !a.reached(f) || a.declined() {
			continue
		}
		ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
			if a.declined() {
				return false
			}
			switch x := n.(type) {
			case *ir.Call:
				if g := ir.CalledFunc(x); g != nil && nonLocalJumps[g.Name] {
					a.decline("a non-local jump ("+g.Name+"): the lock analysis follows structured control flow", x.P)
				} else if g != nil && unfollowed[g.Name] {
					a.decline(g.Name+": what it does to threads (signals, cancellation, detaching, processes) is not followed by the whole-program analysis", x.P)
				}
			case *ir.Unsupported:
				a.decline("unsupported: "+x.What, x.Pos)
			case *ir.Bad:
				a.decline("unsupported: "+x.Why, x.P)
			case *ir.Cast:
				if from, to := structElem(x.X.Type()), structElem(x.T); from != nil && to != nil && typeKey(from) != typeKey(to) {
					a.decline(fmt.Sprintf("a cast from a pointer to %s to a pointer to %s (memory through pointers is told by type)", typeKey(from), typeKey(to)), x.P)
				}
			}
			return true
		})
	}
}

// nonLocalJumps are the functions that jump across functions.
var nonLocalJumps = map[string]bool{"setjmp": true, "_setjmp": true, "__sigsetjmp": true, "sigsetjmp": true,
	"longjmp": true, "_longjmp": true, "siglongjmp": true, "__longjmp_chk": true}

// unfollowed are the functions whose effect on threads the whole-program
// analysis does not follow: signal handlers and their delivery, timers
// that signal, cancellation, detaching (whose misuse the bounded search
// reports), processes and contexts.
var unfollowed = map[string]bool{
	"signal": true, "sigaction": true, "sigset": true, "bsd_signal": true, "sysv_signal": true, "__sysv_signal": true, "sigvec": true,
	"raise": true, "kill": true, "killpg": true, "tgkill": true, "tkill": true, "sigqueue": true, "pthread_kill": true, "pthread_sigqueue": true,
	"alarm": true, "ualarm": true, "setitimer": true, "timer_create": true,
	"pthread_cancel": true, "pthread_detach": true, "pthread_attr_setdetachstate": true,
	"fork": true, "vfork": true, "clone": true, "setcontext": true, "swapcontext": true, "makecontext": true,
}

// reached reports whether main or a thread may run f.
func (a *analyzer) reached(f *ir.Function) bool {
	if a.reach == nil {
		var roots []*ir.Function
		for _, k := range a.kinds {
			roots = append(roots, k.routine)
		}
		a.reach = map[*ir.Function]bool{}
		for _, g := range a.g.Reach(roots...) {
			a.reach[g] = true
		}
	}
	return a.reach[f]
}

// structElem returns the struct type t points to, or nil.
func structElem(t ir.Type) *ir.Struct {
	p, ok := t.(*ir.Pointer)
	if !ok {
		return nil
	}
	st, _ := p.Elem.(*ir.Struct)
	return st
}
