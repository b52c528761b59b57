// Package locks is the analysis of the mutexes a thread surely holds at
// each statement of its bounded body (MustLocks), which the race
// instrumentation uses to skip pairs of accesses under the same mutex, and
// the sequentialization to know which unlocks release a mutex the thread
// holds (HeldUnlocks).
package locks

import (
	"fmt"
	"sort"
	"strings"

	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/model"
)

// Locks a thread surely holds.
//
// Two accesses that hold the same mutex cannot be adjacent in an
// interleaving: the second thread cannot hold the mutex while the first
// does. MustLocks computes, for each statement of a thread body, the
// mutexes held whenever the statement starts, by a forward analysis over
// the bounded body (its jumps all go forward): pthread_mutex_lock(&m) adds
// m, pthread_mutex_unlock(&m) removes it, and where paths meet only the
// mutexes held on every path remain. A mutex is named only when the
// argument is the address of one object fixed at compile time (&m, &q.cs,
// &locks[2]); a lock through a pointer adds nothing, and an unlock through
// a pointer may release any mutex, so it empties the set. Anything the
// analysis does not follow (a loop, a jump backward) empties the set too:
// fewer locks held only means more accesses are checked.

// lockset is a set of mutexes; top is the state of unreachable code (the
// identity of the meet).
type lockset struct {
	top  bool
	held map[string]bool
}

func (l lockset) clone() lockset {
	c := lockset{top: l.top, held: map[string]bool{}}
	for k := range l.held {
		c.held[k] = true
	}
	return c
}

// meet intersects two states.
func meet(a, b lockset) lockset {
	switch {
	case a.top:
		return b.clone()
	case b.top:
		return a.clone()
	}
	c := lockset{held: map[string]bool{}}
	for k := range a.held {
		if b.held[k] {
			c.held[k] = true
		}
	}
	return c
}

// keys returns the mutexes held, sorted.
func (l lockset) keys() []string {
	if l.top {
		return nil
	}
	var out []string
	for k := range l.held {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// lockFlow is the analysis of one thread body.
type lockFlow struct {
	at      map[ir.Stmt][]string // mutexes held when a statement starts
	pending map[string]lockset   // states at forward gotos, by label
	seen    map[string]bool      // labels passed
	failed  bool                 // a jump backward: nothing is known
	// aliases maps local pointers assigned once, to &m, to m's name.
	aliases map[*ir.Var]string
	locks   *Use
}

// Use records, over all threads, the unlocks that make a mutex no
// protection: an unlock of m where the thread does not surely hold m (m
// may be released on another thread's behalf, or only on some paths), and
// an unlock through a pointer the analysis cannot name (it may release any
// mutex).
type Use struct {
	unowned map[string]bool
	unnamed bool
}

// MustLocks returns the mutexes surely held when each statement of body
// starts (no entry: none), and records the body's unlocks in use.
func MustLocks(body *ir.Block, use *Use) map[ir.Stmt][]string {
	f := &lockFlow{at: map[ir.Stmt][]string{}, pending: map[string]lockset{}, seen: map[string]bool{}, aliases: pointerAliases(body), locks: use}
	f.block(body, lockset{held: map[string]bool{}})
	if f.failed {
		return map[ir.Stmt][]string{}
	}
	return f.at
}

// Filter returns the mutexes of locks that keep the other threads that
// hold them out: those no unowned or unnamed unlock may release.
func (u *Use) Filter(locks []string) []string {
	if u.unnamed {
		return nil
	}
	var out []string
	for _, k := range locks {
		if !u.unowned[k] {
			out = append(out, k)
		}
	}
	return out
}

// pointerAliases finds the local pointers of a thread body assigned once,
// to the address of a mutex fixed at compile time (pthread_cond_wait's
// lowering saves its mutex argument so), and never address-taken.
func pointerAliases(body *ir.Block) map[*ir.Var]string {
	assigned := map[*ir.Var]int{}
	key := map[*ir.Var]string{}
	note := func(v *ir.Var, rhs ir.Expr) {
		assigned[v]++
		if rhs != nil {
			key[v] = mutexKey(rhs, nil)
		}
	}
	ir.Inspect(ir.Stmt(body), func(n any) bool {
		switch x := n.(type) {
		case *ir.DeclStmt:
			if x.Var.Class == ir.Local && x.Init != nil && !x.Init.IsList {
				note(x.Var, x.Init.Expr)
			}
		case *ir.Assign:
			if id, ok := x.L.(*ir.Ident); ok {
				var rhs ir.Expr
				if x.Op == ir.OpNone {
					rhs = x.R
				}
				note(id.Var, rhs)
				if rhs == nil {
					assigned[id.Var]++
				}
			}
		case *ir.Unary:
			switch x.Op {
			case ir.Addr, ir.PreInc, ir.PreDec, ir.PostInc, ir.PostDec:
				if id, ok := x.X.(*ir.Ident); ok {
					assigned[id.Var] += 2
				}
			}
		}
		return true
	})
	out := map[*ir.Var]string{}
	for v, n := range assigned {
		if n == 1 && v.Class == ir.Local && key[v] != "" {
			out[v] = key[v]
		}
	}
	return out
}

// block analyses b from state in and returns the state after it.
func (f *lockFlow) block(b *ir.Block, in lockset) lockset {
	cur := in
	for _, s := range b.List {
		cur = f.stmt(s, cur)
	}
	return cur
}

func (f *lockFlow) stmt(s ir.Stmt, cur lockset) lockset {
	if l, ok := s.(*ir.Label); ok {
		f.seen[l.Name] = true
		if p, ok := f.pending[l.Name]; ok {
			cur = meet(cur, p)
			delete(f.pending, l.Name)
		}
	}
	if k := cur.keys(); len(k) > 0 {
		f.at[s] = k
	}
	if cur.top {
		// Unreachable from the start, except through labels inside.
		cur = lockset{top: true}
	}
	switch x := s.(type) {
	case *ir.Block:
		return f.block(x, cur)
	case *ir.If:
		cur = f.unlocks(x.Cond, cur)
		t := f.block(x.Then, cur.clone())
		e := cur.clone()
		if x.Else != nil {
			e = f.block(x.Else, e)
		}
		return meet(t, e)
	case *ir.Goto:
		if f.seen[x.Label] {
			f.failed = true
			return lockset{held: map[string]bool{}}
		}
		if p, ok := f.pending[x.Label]; ok {
			f.pending[x.Label] = meet(p, cur)
		} else {
			f.pending[x.Label] = cur.clone()
		}
		return lockset{top: true}
	case *ir.Return:
		return lockset{top: true}
	case *ir.ExprStmt:
		return f.lockCall(x, cur)
	case *ir.DeclStmt:
		if x.Init != nil {
			ir.Inspect(x.Init, func(n any) bool {
				if e, ok := n.(ir.Expr); ok {
					cur = f.unlocks(e, cur)
					return false
				}
				return true
			})
		}
		return cur
	case *ir.Label:
		return cur
	}
	// A loop, break, continue or anything else the analysis does not
	// follow: nothing is known any more.
	f.failed = true
	return lockset{held: map[string]bool{}}
}

// lockCall applies a statement's call of a function that acquires or
// releases a mutex (model.Info.Lock: pthread_mutex_lock and
// pthread_mutex_unlock) to the state. A call in any other form than the
// statement's own (r = f(...) or f(...)) is not followed: an unlocking one
// empties the set.
func (f *lockFlow) lockCall(s *ir.ExprStmt, cur lockset) lockset {
	call, _ := bound.CallOf(s)
	// Only mutexes are followed (model.Mutex): the accesses under a spin
	// lock or a read-write lock are all checked.
	if role := model.Lookup(calledName(call)).Lock; call != nil && role.Object == model.Mutex && role.Arg < len(call.Args) {
		switch role.Act {
		case model.Acquire:
			if k := mutexKey(call.Args[role.Arg], f.aliases); k != "" && !cur.top {
				cur = cur.clone()
				cur.held[k] = true
			}
			return cur
		case model.Release:
			k := mutexKey(call.Args[role.Arg], f.aliases)
			switch {
			case k == "":
				f.locks.unnamed = true
			case cur.top || !cur.held[k]:
				f.locks.unowned[k] = true
			}
			if cur.top {
				return cur
			}
			cur = cur.clone()
			if k != "" {
				delete(cur.held, k)
			} else {
				cur.held = map[string]bool{}
			}
			return cur
		}
	}
	return f.unlocks(s.X, cur)
}

// unlocks empties the state when e calls a function that may release a
// lock or wait (model.MayRelease), or a function through a pointer.
func (f *lockFlow) unlocks(e ir.Expr, cur lockset) lockset {
	if cur.top {
		return cur
	}
	found := false
	ir.Inspect(e, func(n any) bool {
		if c, ok := n.(*ir.Call); ok {
			if name := calledName(c); name == "" || model.MayRelease(name) {
				found = true
			}
		}
		return !found
	})
	if found {
		return lockset{held: map[string]bool{}}
	}
	return cur
}

// calledName is the name of the function c calls ("" through a pointer).
func calledName(c *ir.Call) string {
	if c == nil {
		return ""
	}
	if f := ir.CalledFunc(c); f != nil {
		return f.Name
	}
	return ""
}

// mutexKey names the mutex &path points to when path is one object fixed
// at compile time: a variable, its members, and array elements with
// constant indices, or a pointer in aliases. It returns "" otherwise.
func mutexKey(p ir.Expr, aliases map[*ir.Var]string) string {
	p = ir.Uncast(p)
	if id, ok := p.(*ir.Ident); ok {
		return aliases[id.Var]
	}
	a, ok := p.(*ir.Unary)
	if !ok || a.Op != ir.Addr {
		return ""
	}
	var v *ir.Var
	var path []string
	for e := a.X; v == nil; {
		switch x := e.(type) {
		case *ir.Ident:
			v = x.Var
		case *ir.Member:
			if x.Arrow {
				return ""
			}
			path = append(path, "."+x.Field.Name)
			e = x.X
		case *ir.Index:
			lit, ok := x.I.(*ir.IntLit)
			if !ok || !ir.IsArray(x.X.Type()) {
				return ""
			}
			path = append(path, fmt.Sprintf("[%d]", lit.Val))
			e = x.X
		default:
			return ""
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%p %s", v, v.Name)
	for i := len(path) - 1; i >= 0; i-- {
		b.WriteString(path[i])
	}
	return b.String()
}

// NewUse returns an empty record of unlocks.
func NewUse() *Use { return &Use{unowned: map[string]bool{}} }

// HeldUnlocks returns the calls, in the thread functions of prog (after
// the unwinding: their jumps all go forward), that release a mutex the
// calling thread surely holds (by the analysis of MustLocks). The
// sequentialization checks the others: an unlock of a normal mutex the
// thread does not hold is undefined.
func HeldUnlocks(prog *ir.Program) map[*ir.Call]bool {
	out := map[*ir.Call]bool{}
	for _, f := range prog.Funcs {
		if f.Thread == nil || f.Body == nil {
			continue
		}
		at := MustLocks(f.Body, NewUse())
		aliases := pointerAliases(f.Body)
		ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
			es, ok := n.(*ir.ExprStmt)
			if !ok {
				return true
			}
			call, _ := bound.CallOf(es)
			role := model.Lookup(calledName(call)).Lock
			if call == nil || role.Object != model.Mutex || role.Act != model.Release || role.Arg >= len(call.Args) {
				return true
			}
			if k := mutexKey(call.Args[role.Arg], aliases); k != "" {
				for _, h := range at[es] {
					if h == k {
						out[call] = true
					}
				}
			}
			return true
		})
	}
	return out
}
