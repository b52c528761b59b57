package lockset

import (
	"fmt"

	"github.com/ladr-dev/ladr/translate/ir"
)

// Locks of the object a pointer points to.
//
// pthread_mutex_lock(&p->m); p->f++; pthread_mutex_unlock(&p->m) protects
// p->f by the mutex of the same object, whatever object p points to. Two
// threads doing so with pointers to one struct type S either point to one
// object (they hold one mutex) or to two objects (their accesses touch
// different memory): the pair cannot race. The lock is held, symbolically,
// while p keeps its value (a local variable whose address is not taken,
// not written since); an unlock of the same form releases it. An unlock in
// any other form that the thread may not hold (or through a pointer the
// analysis cannot name) may release such a lock of another thread: then
// no per-object lock protects anything.

// symLock is a lock held through a pointer variable: the mutex at path of
// the object of struct type st that v points to.
type symLock struct {
	v    *ir.Var
	st   *ir.Struct
	path string
}

func (l symLock) key() string { return fmt.Sprintf("sym|%p|%p|%s", l.v, l.st, l.path) }

// family is the lock's name without the variable: the per-object lock of
// the struct type.
func (l symLock) family() string { return fmt.Sprintf("%p|%s", l.st, l.path) }

// symbolic recognizes &p->path (p a trackable local pointer to a struct
// that is not a union).
func (a *analyzer) symbolic(arg ir.Expr) (symLock, bool) {
	u, ok := ir.Uncast(arg).(*ir.Unary)
	if !ok || u.Op != ir.Addr {
		return symLock{}, false
	}
	path := ""
	e := u.X
	for {
		m, ok := e.(*ir.Member)
		if !ok || m.Field == nil || m.Field.Name == "" {
			return symLock{}, false
		}
		path = "." + m.Field.Name + path
		if !m.Arrow {
			if st, ok := m.X.Type().(*ir.Struct); !ok || st.Union {
				return symLock{}, false
			}
			e = m.X
			continue
		}
		id, ok := m.X.(*ir.Ident)
		if !ok || !a.trackable[id.Var] {
			return symLock{}, false
		}
		st, ok := ir.Elem(id.Var.Type).(*ir.Struct)
		if !ok || st.Union {
			return symLock{}, false
		}
		return symLock{v: id.Var, st: st, path: path}, true
	}
}

// SymBase returns the pointer variable and struct type an lvalue is
// reached through: p->f, p->s.g, p->a[i] (nil when it is none).
func SymBase(lv ir.Expr) (*ir.Var, *ir.Struct) {
	for {
		switch x := lv.(type) {
		case *ir.Member:
			if x.Arrow {
				id, ok := x.X.(*ir.Ident)
				if !ok {
					return nil, nil
				}
				st, ok := ir.Elem(id.Var.Type).(*ir.Struct)
				if !ok || st.Union {
					return nil, nil
				}
				return id.Var, st
			}
			lv = x.X
		case *ir.Index:
			if !ir.IsArray(x.X.Type()) {
				return nil, nil
			}
			lv = x.X
		default:
			return nil, nil
		}
	}
}

// ObjectLock returns the per-object lock family that protects an access
// through p to an object of type st at statement s of f: a lock of the
// object p points to that the thread holds there ("" when none, or when
// some thread may release such locks without holding them).
func (r *Result) ObjectLock(f *ir.Function, s ir.Stmt, p *ir.Var, st *ir.Struct) string {
	if r.anyUnowned || r.symUnowned || p == nil {
		return ""
	}
	h := r.At(f, s)
	best := ""
	for k := range h {
		l, ok := r.syms[k]
		if ok && l.v == p && l.st == st && (best == "" || l.family() < best) {
			best = l.family()
		}
	}
	return best
}
