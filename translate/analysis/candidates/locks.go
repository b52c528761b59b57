package candidates

import (
	"maps"

	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/model"
	"github.com/ladr-dev/ladr/translate/sharing"
)

// state is the locks surely held at a point: must keys (one object) and
// kind keys (prefixed "~": a lock reached through a pointer or an array)
// with their mode ("w" exclusive, "r" shared). nil is an unreachable point.
type state map[string]string

// meet is the locks held on both paths.
func meet(a, b state) state {
	if a == nil {
		return maps.Clone(b)
	}
	if b == nil {
		return maps.Clone(a)
	}
	out := state{}
	for k, m := range a {
		if n, ok := b[k]; ok {
			if n != m {
				m = "r"
			}
			out[k] = m
		}
	}
	return out
}

func equal(a, b state) bool {
	if (a == nil) != (b == nil) || len(a) != len(b) {
		return false
	}
	for k, m := range a {
		if b[k] != m {
			return false
		}
	}
	return true
}

// lockKey returns the key of the lock p points to: a must key when p is
// the address of one object (a variable, a member of one), else a kind key.
func (a *analyzer) lockKey(p ir.Expr) string {
	inner := ir.Uncast(p)
	if u, ok := inner.(*ir.Unary); ok && u.Op == ir.Addr {
		if l, ok := a.locOf(u.X); ok {
			if l.v != nil && !containsIndex(l.path) {
				return "=" + l.v.Name + l.path + "@" + l.v.Pos.String()
			}
			return "~" + l.String()
		}
	}
	if t := ir.Elem(inner.Type()); t != nil {
		return "~*(" + typeKey(t) + " *)"
	}
	return "~lock"
}

func containsIndex(path string) bool {
	for i := 0; i+1 < len(path); i++ {
		if path[i] == '[' {
			return true
		}
	}
	return false
}

// walker runs the must-lockset flow over one function.
type walker struct {
	a *analyzer
	f *ir.Function
	// collect: record the accesses (else only states).
	collect bool
	// inMain: the walk is of main's body; top is the index of the
	// top-level statement walked.
	inMain bool
	top    int
	accs   []*access
	// exits are the states at the function's returns.
	exits state
	// sites records the state at each call site.
	sites map[*ir.Call]state
	// loops: the states of the breaks and continues of the loops being
	// walked, innermost last.
	breaks, conts []state
	// labels: the states of the forward gotos seen, by label; back: the
	// labels a goto after them jumps to.
	labels map[string]state
	back   map[string]bool
	// cur is the statement walked (the innermost).
	cur ir.Stmt
}

// walk runs the flow over w.f from entry and returns the exit state.
func (w *walker) walk(entry state) state {
	w.labels = map[string]state{}
	w.back = map[string]bool{}
	seen := map[string]bool{}
	ir.Inspect(ir.Stmt(w.f.Body), func(n any) bool {
		switch x := n.(type) {
		case *ir.Label:
			seen[x.Name] = true
		case *ir.Goto:
			if seen[x.Label] {
				w.back[x.Label] = true
			}
		}
		return true
	})
	w.sites = map[*ir.Call]state{}
	w.exits = nil
	end := w.block(w.f.Body, maps.Clone(entry), true)
	w.exits = meet(w.exits, end)
	if end == nil && w.exits == nil {
		w.exits = nil
	}
	return w.exits
}

func (w *walker) block(b *ir.Block, st state, top bool) state {
	for i, s := range b.List {
		if top && w.inMain {
			w.top = i
		}
		st = w.stmt(s, st)
	}
	return st
}

func (w *walker) stmt(s ir.Stmt, st state) state {
	if _, ok := s.(*ir.Block); !ok {
		w.cur = s
	}
	switch s := s.(type) {
	case *ir.Block:
		return w.block(s, st, false)
	case *ir.ExprStmt:
		return w.expr(s.X, st)
	case *ir.DeclStmt:
		if s.Init != nil {
			var out = st
			ir.Inspect(s.Init, func(n any) bool {
				if e, ok := n.(ir.Expr); ok {
					out = w.expr(e, out)
					return false
				}
				return true
			})
			return out
		}
		return st
	case *ir.If:
		key, mode, successThen, try := w.trylock(s.Cond)
		st = w.expr(s.Cond, st)
		if st == nil {
			return nil
		}
		ts, es := maps.Clone(st), maps.Clone(st)
		if try {
			if successThen {
				ts[key] = mode
			} else {
				es[key] = mode
			}
		}
		t := w.block(s.Then, ts, false)
		e := es
		if s.Else != nil {
			e = w.block(s.Else, es, false)
		}
		return meet2(t, e)
	case *ir.Loop:
		head := st
		var out state
		for i := 0; ; i++ {
			w.breaks = append(w.breaks, nil)
			w.conts = append(w.conts, nil)
			h := head
			if s.Kind != ir.DoWhile && s.Cond != nil {
				w.cur = s
				h = w.expr(s.Cond, h)
			}
			body := w.block(s.Body, maps.Clone(h), false)
			body = meet2(body, w.conts[len(w.conts)-1])
			w.cur = s
			if s.Post != nil && body != nil {
				body = w.expr(s.Post, body)
			}
			if s.Kind == ir.DoWhile && s.Cond != nil && body != nil {
				body = w.expr(s.Cond, body)
			}
			brk := w.breaks[len(w.breaks)-1]
			w.breaks = w.breaks[:len(w.breaks)-1]
			w.conts = w.conts[:len(w.conts)-1]
			next := meet2(st, body)
			if equal(next, head) || i >= 3 {
				if i >= 3 && !equal(next, head) {
					head = state{}
					continue
				}
				out = brk
				if s.Cond != nil {
					exitSt := h
					if s.Kind == ir.DoWhile {
						exitSt = body
					}
					out = meet2(out, exitSt)
				}
				break
			}
			head = next
		}
		return out
	case *ir.Break:
		if n := len(w.breaks); n > 0 {
			w.breaks[n-1] = meet2(w.breaks[n-1], st)
		}
		return nil
	case *ir.Continue:
		if n := len(w.conts); n > 0 {
			w.conts[n-1] = meet2(w.conts[n-1], st)
		}
		return nil
	case *ir.Goto:
		if !w.back[s.Label] {
			w.labels[s.Label] = meet2(w.labels[s.Label], st)
		}
		return nil
	case *ir.Label:
		if w.back[s.Name] {
			return state{}
		}
		return meet2(st, w.labels[s.Name])
	case *ir.Return:
		if s.X != nil {
			st = w.expr(s.X, st)
		}
		w.exits = meet2(w.exits, st)
		return nil
	}
	return st
}

// trylock recognises a condition that tests whether a trylock call
// succeeded (it returns 0 then): trylock(&m), trylock(&m) == 0, != 0,
// !trylock(&m). It returns the lock, its mode, and whether the then branch
// is the success's.
func (w *walker) trylock(cond ir.Expr) (key, mode string, successThen, ok bool) {
	successThen = false // a plain call: nonzero (failure) runs then
	e := cond
	switch x := cond.(type) {
	case *ir.Binary:
		if (x.Op == ir.Eq || x.Op == ir.Ne) && isZero(x.Y) {
			e, successThen = x.X, x.Op == ir.Eq
		}
	case *ir.Unary:
		if x.Op == ir.Not {
			e, successThen = x.X, true
		}
	}
	c, isCall := ir.Uncast(e).(*ir.Call)
	if !isCall {
		return "", "", false, false
	}
	f := ir.CalledFunc(c)
	if f == nil || f.Body != nil {
		return "", "", false, false
	}
	role := model.Lookup(f.Name).Lock
	if role.Act != model.TryAcquire || role.Arg >= len(c.Args) {
		return "", "", false, false
	}
	mode = "w"
	if role.Mode == model.Shared {
		mode = "r"
	}
	return w.a.lockKey(c.Args[role.Arg]), mode, successThen, true
}

// isZero reports whether e is the constant 0.
func isZero(e ir.Expr) bool {
	lit, ok := ir.Uncast(e).(*ir.IntLit)
	return ok && lit.Val == 0
}

// meet2 is meet where nil (unreachable) is the identity.
func meet2(a, b state) state {
	if a == nil && b == nil {
		return nil
	}
	return meet(a, b)
}

// expr records the accesses of e with the locks of st and returns the
// state after e's calls.
func (w *walker) expr(e ir.Expr, st state) state {
	if e == nil || st == nil {
		return st
	}
	if w.collect {
		w.accesses(e, st)
	}
	for _, c := range ir.Calls(e) {
		st = w.call(c, st)
	}
	return st
}

// call applies the effect of call c on the locks held.
func (w *walker) call(c *ir.Call, st state) state {
	w.sites[c] = meet2(w.sites[c], st)
	callee := ir.CalledFunc(c)
	if callee != nil && callee.Body == nil {
		switch callee.Name {
		case "__VERIFIER_atomic_begin":
			out := maps.Clone(st)
			out[atomicSection] = "w"
			return out
		case "__VERIFIER_atomic_end":
			out := maps.Clone(st)
			delete(out, atomicSection)
			return out
		}
		info := model.Lookup(callee.Name)
		role := info.Lock
		if role.Act == model.NoLock || role.Arg >= len(c.Args) {
			return st
		}
		key := w.a.lockKey(c.Args[role.Arg])
		out := maps.Clone(st)
		if _, held := st[key]; !held && role.Act.Releases() && w.collect && w.a.sound && !w.a.declined() {
			// Releasing a lock the thread may not hold is undefined for
			// a normal mutex, which the bounded search checks.
			w.a.decline("an unlock of a lock the thread may not hold here ("+lockName(key)+")", c.P)
		}
		switch role.Act {
		case model.Acquire:
			mode := "w"
			if role.Mode == model.Shared {
				mode = "r"
			}
			out[key] = mode
		case model.Release:
			w.release(out, key)
		}
		return out
	}
	targets := w.a.targets(c)
	if len(targets) == 0 {
		return st
	}
	var acq state
	out := state{}
	for k, m := range st {
		kept := true
		for _, t := range targets {
			if !w.a.keep[t][k] {
				kept = false
			}
		}
		if kept {
			out[k] = m
		}
	}
	for i, t := range targets {
		if i == 0 {
			acq = maps.Clone(w.a.acq[t])
		} else {
			acq = meet(acq, w.a.acq[t])
		}
	}
	for k, m := range acq {
		out[k] = m
	}
	return out
}

// release removes the lock key from st: a kind key (a lock through a
// pointer) may be any lock a pointer may reach.
func (w *walker) release(st state, key string) {
	if key[0] == '=' {
		delete(st, key)
		return
	}
	for k := range st {
		if k[0] == '~' || w.a.lockEscapes[k] {
			delete(st, k)
		}
	}
}

// targets returns the defined functions call c may reach.
func (a *analyzer) targets(c *ir.Call) []*ir.Function {
	return a.siteOf[c]
}

// summaries computes acq and keep of every function, callees first. keep
// is the exit state of a walk from every lock held: a recursion's
// functions start from keeping every lock and are walked again until
// nothing changes (a greatest fixed point, as for any must analysis).
func (a *analyzer) summaries() {
	a.acq = map[*ir.Function]map[string]string{}
	a.keep = map[*ir.Function]map[string]bool{}
	a.siteOf = map[*ir.Call][]*ir.Function{}
	for _, sites := range a.g.Sites {
		for _, s := range sites {
			a.siteOf[s.Call] = s.Targets
		}
	}
	a.lockEscapes = lockEscapes(a.prog, a)
	a.allLocks = a.lockKeys()
	all := map[string]bool{}
	for k := range a.allLocks {
		all[k] = true
	}
	order, _ := a.g.PostOrder()
	for _, f := range order {
		a.acq[f] = state{}
		a.keep[f] = all
	}
	for round := 0; ; round++ {
		changed := false
		for _, f := range order {
			w := &walker{a: a, f: f}
			acq := state{}
			for k, m := range w.walk(state{}) {
				if k[0] == '=' {
					acq[k] = m
				}
			}
			keep := map[string]bool{}
			for k := range w.walk(a.allLocks) {
				keep[k] = true
			}
			if len(keep) != len(a.keep[f]) || len(acq) != len(a.acq[f]) {
				changed = true
			}
			a.acq[f], a.keep[f] = acq, keep
		}
		if !changed {
			return
		}
		if round >= 10 {
			for _, f := range order {
				a.acq[f] = state{}
				a.keep[f] = map[string]bool{}
			}
			return
		}
	}
}

// atomicSection is the lock key of SV-COMP's atomic sections: the code
// between __VERIFIER_atomic_begin and _end, and the functions named
// __VERIFIER_atomic_*, run as one step, so that two of them never
// interleave (as if they held one lock).
const atomicSection = "=__VERIFIER_atomic"

// lockKeys returns every lock key the program's lock functions take, held
// exclusively.
func (a *analyzer) lockKeys() state {
	out := state{atomicSection: "w"}
	for _, f := range a.prog.Funcs {
		if f.Body == nil {
			continue
		}
		ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
			if c, ok := n.(*ir.Call); ok {
				if g := ir.CalledFunc(c); g != nil && g.Body == nil {
					role := model.Lookup(g.Name).Lock
					if role.Act != model.NoLock && role.Arg < len(c.Args) {
						out[a.lockKey(c.Args[role.Arg])] = "w"
					}
				}
			}
			return true
		})
	}
	return out
}

// lockEscapes returns the must keys of the locks whose address is taken
// other than as a lock function's argument (a pointer may reach them).
func lockEscapes(prog *ir.Program, a *analyzer) map[string]bool {
	out := map[string]bool{}
	direct := map[*ir.Unary]bool{}
	for _, f := range prog.Funcs {
		if f.Body == nil {
			continue
		}
		ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
			if c, ok := n.(*ir.Call); ok {
				if g := ir.CalledFunc(c); g != nil && g.Body == nil {
					info := model.Lookup(g.Name)
					if info.Kind == model.Sync || info.Lock.Act != model.NoLock {
						for _, arg := range c.Args {
							if u, ok := ir.Uncast(arg).(*ir.Unary); ok && u.Op == ir.Addr {
								direct[u] = true
							}
						}
					}
				}
			}
			return true
		})
	}
	ir.InspectProgram(prog, func(n any) bool {
		if u, ok := n.(*ir.Unary); ok && u.Op == ir.Addr && !direct[u] {
			if k := a.lockKey(u); k[0] == '=' {
				out[k] = true
			}
		}
		return true
	})
	return out
}

// entryLocks computes the locks held at every call of each function (the
// meet over its call sites in code threads run), to a fixed point; thread
// routines, callbacks and main start with none.
func (a *analyzer) entryLocks() {
	a.entry = map[*ir.Function]map[string]string{}
	roots := map[*ir.Function]bool{}
	for _, k := range a.kinds {
		roots[k.routine] = true
	}
	for _, f := range a.g.Funcs {
		if roots[f] || len(a.g.Callers[f]) == 0 {
			a.entry[f] = state{}
		}
	}
	for f, held := range a.holds {
		if roots[f] || len(a.g.Callers[f]) == 0 {
			a.entry[f] = maps.Clone(held)
		}
	}
	for round := 0; round < 8; round++ {
		next := map[*ir.Function]state{}
		for f := range roots {
			next[f] = maps.Clone(a.holds[f])
			if next[f] == nil {
				next[f] = state{}
			}
		}
		for _, f := range a.g.Funcs {
			e, ok := a.entry[f]
			if !ok || len(a.runBy[f]) == 0 && !roots[f] {
				continue
			}
			w := &walker{a: a, f: f}
			w.walk(e)
			for _, s := range a.g.Sites[f] {
				st, reached := w.sites[s.Call]
				if !reached || st == nil {
					continue
				}
				for _, t := range s.Targets {
					if roots[t] {
						continue
					}
					next[t] = meet2(next[t], st)
				}
			}
		}
		for f, held := range a.holds {
			if st, ok := next[f]; ok {
				for k, m := range held {
					st[k] = m
				}
			}
		}
		changed := false
		for f, st := range next {
			if old, ok := a.entry[f]; !ok || !equal(old, st) {
				changed = true
			}
		}
		for f, st := range next {
			a.entry[f] = st
		}
		if !changed {
			return
		}
	}
	// No fixed point within the rounds: no lock is known held at entry.
	for f := range a.entry {
		a.entry[f] = state{}
	}
}

// collect returns the shared accesses of f, which starts with the locks
// entry.
func (a *analyzer) collect(f *ir.Function, entry state) []*access {
	w := &walker{a: a, f: f, collect: true}
	if f == a.prog.Func("main") {
		w.inMain = true
	}
	if entry == nil {
		entry = state{}
	}
	w.walk(entry)
	return w.accs
}

// accesses records the accesses of e (evaluated with the locks st).
func (w *walker) accesses(e ir.Expr, st state) {
	var visit func(e ir.Expr, write bool)
	add := func(lv ir.Expr, write, atomic bool) {
		l, ok := w.a.locOf(lv)
		if !ok {
			return
		}
		acc := &access{pos: lv.Pos(), f: w.f, stmt: w.cur, write: write, atomic: atomic, l: l, must: map[string]string{}, kind: map[string]bool{}, mainAt: w.a.mainAt[w.f]}
		if w.inMain {
			acc.mainAt = []int{w.top}
		}
		if !acc.pos.IsValid() {
			acc.pos = e.Pos()
		}
		for k, m := range st {
			if k[0] == '=' {
				acc.must[k] = m
			} else {
				acc.kind[k] = true
			}
		}
		w.accs = append(w.accs, acc)
	}
	// lvalue visits the subexpressions of lvalue lv that are evaluated
	// (the pointer of *p, the index of a[i]).
	var lvalue func(lv ir.Expr)
	lvalue = func(lv ir.Expr) {
		switch x := lv.(type) {
		case *ir.Member:
			if x.Arrow {
				visit(x.X, false)
			} else {
				lvalue(x.X)
			}
		case *ir.Index:
			if ir.IsArray(x.X.Type()) {
				lvalue(x.X)
			} else {
				visit(x.X, false)
			}
			visit(x.I, false)
		case *ir.Unary:
			if x.Op == ir.Deref {
				visit(x.X, false)
			}
		case *ir.Cast:
			lvalue(x.X)
		}
	}
	visit = func(e ir.Expr, _ bool) {
		switch x := e.(type) {
		case nil:
			return
		case *ir.Ident, *ir.Member, *ir.Index:
			if !ir.IsArray(e.Type()) && !ir.IsFunc(e.Type()) {
				add(e, false, w.atomicVar(e))
			}
			lvalue(e)
			return
		case *ir.Unary:
			switch x.Op {
			case ir.Deref:
				if !ir.IsArray(e.Type()) && !ir.IsFunc(e.Type()) {
					add(e, false, w.atomicVar(e))
				}
				lvalue(e)
				return
			case ir.Addr:
				lvalue(x.X)
				return
			case ir.PreInc, ir.PreDec, ir.PostInc, ir.PostDec:
				add(x.X, false, w.atomicVar(x.X))
				add(x.X, true, w.atomicVar(x.X))
				lvalue(x.X)
				return
			}
		case *ir.Assign:
			if x.Op != ir.OpNone {
				add(x.L, false, w.atomicVar(x.L))
			}
			add(x.L, true, w.atomicVar(x.L))
			lvalue(x.L)
			visit(x.R, false)
			return
		case *ir.SizeofExpr, *ir.SizeofType:
			return
		case *ir.Call:
			if f := ir.CalledFunc(x); f == nil {
				visit(x.Fn, false)
			}
			for _, arg := range x.Args {
				visit(arg, false)
			}
			w.libraryAccesses(x, add)
			return
		}
		for _, c := range ir.Children(e) {
			visit(c, false)
		}
	}
	visit(e, false)
}

// atomicVar reports whether lvalue e is atomic (_Atomic).
func (w *walker) atomicVar(e ir.Expr) bool {
	for {
		switch x := e.(type) {
		case *ir.Ident:
			return x.Var.Atomic
		case *ir.Member:
			if x.Arrow {
				return false
			}
			e = x.X
		case *ir.Index:
			if !ir.IsArray(x.X.Type()) {
				return false
			}
			e = x.X
		default:
			return false
		}
	}
}

// libraryAccesses records what a library function's call accesses through
// its pointer arguments (the library table's effects; an atomic builtin's
// object atomically).
func (w *walker) libraryAccesses(c *ir.Call, add func(lv ir.Expr, write, atomic bool)) {
	f := ir.CalledFunc(c)
	if f == nil || f.Body != nil {
		return
	}
	for _, x := range sharing.CallAccesses(f.Name, c.Args) {
		n := len(w.accs)
		add(x.Lvalue, x.Write, x.Atomic)
		if len(w.accs) > n {
			w.accs[n].sync, w.accs[n].free = x.Sync, x.Free
		}
	}
	if w.a.sound && model.Lookup(f.Name).Kind == model.Unknown && !w.a.declined() && takesPointers(c) {
		w.a.decline("call of "+f.Name+", a function defined nowhere that takes or returns a pointer (what it accesses is unknown)", c.P)
	}
}

// takesPointers reports whether call c passes or returns a pointer.
func takesPointers(c *ir.Call) bool {
	if ir.IsPointer(c.T) {
		return true
	}
	for _, a := range c.Args {
		if ir.IsPointer(a.Type()) || ir.IsArray(a.Type()) {
			return true
		}
	}
	return false
}
