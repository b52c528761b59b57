package shadow

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
// does. mustLocks computes, for each statement of a thread body, the
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
}

// mustLocks returns the mutexes surely held when each statement of body
// starts (no entry: none).
func mustLocks(body *ir.Block) map[ir.Stmt][]string {
	f := &lockFlow{at: map[ir.Stmt][]string{}, pending: map[string]lockset{}, seen: map[string]bool{}}
	f.block(body, lockset{held: map[string]bool{}})
	if f.failed {
		return map[ir.Stmt][]string{}
	}
	return f.at
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
		cur = unlocks(x.Cond, cur)
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
		return lockCall(x, cur)
	case *ir.DeclStmt:
		if x.Init != nil {
			ir.Inspect(x.Init, func(n any) bool {
				if e, ok := n.(ir.Expr); ok {
					cur = unlocks(e, cur)
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

// lockCall applies a statement's calls of pthread_mutex_lock and
// pthread_mutex_unlock to the state. A call in any other form than the
// statement's own (r = f(...) or f(...)) is not followed: an unlocking one
// empties the set.
func lockCall(s *ir.ExprStmt, cur lockset) lockset {
	if cur.top {
		return cur
	}
	call, _ := bound.CallOf(s)
	if fn := calledName(call); call != nil && len(call.Args) >= 1 {
		switch fn {
		case "pthread_mutex_lock":
			if k := mutexKey(call.Args[0]); k != "" {
				cur = cur.clone()
				cur.held[k] = true
			}
			return cur
		case "pthread_mutex_unlock":
			cur = cur.clone()
			if k := mutexKey(call.Args[0]); k != "" {
				delete(cur.held, k)
			} else {
				cur.held = map[string]bool{}
			}
			return cur
		}
	}
	return unlocks(s.X, cur)
}

// unlocks empties the state when e calls a function that may release a
// lock.
func unlocks(e ir.Expr, cur lockset) lockset {
	if cur.top {
		return cur
	}
	found := false
	ir.Inspect(e, func(n any) bool {
		if c, ok := n.(*ir.Call); ok {
			name := calledName(c)
			if name == "" || strings.Contains(name, "unlock") || model.Lookup(name).Kind == model.Sync && strings.Contains(name, "wait") {
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
// constant indices. It returns "" otherwise.
func mutexKey(p ir.Expr) string {
	for {
		c, ok := p.(*ir.Cast)
		if !ok {
			break
		}
		p = c.X
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
