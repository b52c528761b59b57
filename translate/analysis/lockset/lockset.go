// Package lockset computes the locks a thread surely holds at each
// statement of the unbounded program (a forward must-analysis over each
// routine, package flow): mutexes and spin locks, read-write locks by mode,
// and __VERIFIER_atomic sections as one lock. A lock is named only when
// the argument surely designates one object (the points-to set of the
// argument is one location of an object that exists once: a global, a
// variable of main's outermost block, a block main's outermost block
// allocates); a lock through any other pointer adds nothing. A lock that
// some thread may unlock without holding it (an unlock where the analysis
// does not know it held, or through a pointer it cannot name) protects
// nothing: another thread's unlock may release it.
package lockset

import (
	"fmt"
	"sort"

	"github.com/ladr-dev/ladr/translate/analysis"
	"github.com/ladr-dev/ladr/translate/analysis/flow"
	"github.com/ladr-dev/ladr/translate/analysis/pointsto"
	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/model"
)

// Mode is how a lock is held.
type Mode int

// Modes.
const (
	// Shared: a read-write lock held for reading.
	Shared Mode = iota + 1
	// Exclusive: a mutex, a spin lock, a read-write lock held for writing,
	// an atomic section.
	Exclusive
)

// Atomic is the name of the lock every __VERIFIER_atomic section holds.
const Atomic = "__VERIFIER_atomic"

// Held maps the names of the locks held to their mode.
type Held map[string]Mode

type state struct {
	unreachable bool
	held        Held
	// may are the named locks the thread may hold (a may-analysis beside
	// the must one): an unlock of a lock outside it is surely of a lock
	// the thread does not hold.
	may map[string]bool
	// try maps the variables holding a trylock's result to the lock it
	// took when the result is 0.
	try map[*ir.Var]string
}

func (s state) copy() state {
	out := state{held: Held{}, may: map[string]bool{}, try: map[*ir.Var]string{}}
	for k, v := range s.try {
		out.try[k] = v
	}
	for k, m := range s.held {
		out.held[k] = m
	}
	for k := range s.may {
		out.may[k] = true
	}
	return out
}

func join(a, b state) state {
	switch {
	case a.unreachable:
		return b
	case b.unreachable:
		return a
	}
	c := state{held: Held{}, may: map[string]bool{}, try: map[*ir.Var]string{}}
	for k, v := range a.try {
		if b.try[k] == v {
			c.try[k] = v
		}
	}
	for k, m := range a.held {
		if n, ok := b.held[k]; ok {
			c.held[k] = min(m, n)
		}
	}
	for k := range a.may {
		c.may[k] = true
	}
	for k := range b.may {
		c.may[k] = true
	}
	return c
}

func equal(a, b state) bool {
	if a.unreachable || b.unreachable {
		return a.unreachable == b.unreachable
	}
	if len(a.held) != len(b.held) || len(a.may) != len(b.may) || len(a.try) != len(b.try) {
		return false
	}
	for k, v := range a.try {
		if b.try[k] != v {
			return false
		}
	}
	for k, m := range a.held {
		if b.held[k] != m {
			return false
		}
	}
	for k := range a.may {
		if !b.may[k] {
			return false
		}
	}
	return true
}

// Result is the locksets of a program.
type Result struct {
	flows map[*ir.Function]flow.Result[state]
	// unowned are the locks some thread may release without holding.
	unowned map[string]bool
	// anyUnowned: an unlock through a pointer the analysis cannot follow
	// may release any lock.
	anyUnowned bool
	// syms are the per-object locks held through pointer variables, by
	// key; symUnowned: some unlock may release one without holding it.
	syms       map[string]symLock
	symUnowned bool
	// flags are the operations on flag locks.
	flags map[ir.Stmt]flagOp
	// names are the locks' names as text, by key, and objs their
	// objects.
	names map[string]string
	objs  map[string]*pointsto.Object
	paths map[string]pointsto.Path
	// unownedObj are the objects an unlock through a pointer that names
	// no one lock may release a lock of.
	unownedObj map[*pointsto.Object]bool
	// UnheldUnlock, when set, is an unlock of a mutex, spin lock or
	// read-write lock that the thread may not hold, at UnheldUnlockAt:
	// undefined behaviour for most of them.
	UnheldUnlock   string
	UnheldUnlockAt ir.Pos
	// Declined, when set, says why the analysis concludes nothing.
	Declined   string
	DeclinedAt ir.Pos
	// namer names the lock a pointer designates (LockOf).
	namer *analyzer
}

// Analyzer computes the locksets.
var Analyzer = &analysis.Analyzer{
	Name:     "lockset",
	Doc:      "locks surely held at each statement of main and the start routines",
	Requires: []*analysis.Analyzer{pointsto.Analyzer},
	Run: func(p *analysis.Pass) (any, error) {
		return Analyze(p.Program, p.ResultOf[pointsto.Analyzer].(*pointsto.Result)), nil
	},
}

// Analyze computes the locksets of p with the points-to relation pts.
func Analyze(p *analysis.Program, pts *pointsto.Result) *Result {
	r := &Result{flows: map[*ir.Function]flow.Result[state]{}, unowned: map[string]bool{}, names: map[string]string{Atomic: "atomic section"}, syms: map[string]symLock{},
		objs: map[string]*pointsto.Object{}, paths: map[string]pointsto.Path{}, unownedObj: map[*pointsto.Object]bool{}}
	uniq := uniqueObjects(p, pts)
	a0 := &analyzer{r: r, pts: pts, uniq: uniq}
	flags := a0.flagLocks(p)
	r.flags = flags
	r.namer = a0
	for _, f := range p.Entries {
		a := &analyzer{r: r, pts: pts, uniq: uniq, flags: flags, trackable: notAddressed(f)}
		l := flow.Lattice[state]{
			Bottom:   state{unreachable: true},
			Join:     join,
			Equal:    equal,
			Transfer: a.transfer,
		}
		l.Branch = a.branch
		l.Exit = analysis.IsThreadExit
		res, ok := flow.ForwardPartitioned(f.Body, state{held: Held{}, may: map[string]bool{}, try: map[*ir.Var]string{}}, l, flow.TrackedVars(f.Body))
		if !ok {
			r.Declined, r.DeclinedAt = "no fixpoint of the locksets of "+f.Name, f.Pos
			return r
		}
		r.flows[f] = res
	}
	return r
}

// notAddressed returns the local variables of f whose address is never
// taken.
func notAddressed(f *ir.Function) map[*ir.Var]bool {
	out := map[*ir.Var]bool{}
	taken := map[*ir.Var]bool{}
	ir.Inspect(ir.Stmt(f.Body), func(x any) bool {
		switch y := x.(type) {
		case *ir.DeclStmt:
			out[y.Var] = true
		case *ir.Unary:
			if y.Op == ir.Addr {
				if v := ir.DirectVar(y.X); v != nil {
					taken[v] = true
				}
			}
		}
		return true
	})
	for v := range taken {
		delete(out, v)
	}
	for v := range out {
		if v.Volatile || v.IsStaticStorage() {
			delete(out, v)
		}
	}
	return out
}

// uniqueObjects are the objects that exist once in any run: globals that
// are not thread-local, main's variables declared in its outermost block
// or, when nothing in main jumps backward, outside its loops, and the
// blocks allocated outside main's loops when nothing jumps backward.
func uniqueObjects(p *analysis.Program, pts *pointsto.Result) map[*pointsto.Object]bool {
	u := map[*pointsto.Object]bool{}
	for _, g := range p.Prog.Globals {
		if !g.ThreadLocal {
			u[pts.Var(g)] = true
		}
	}
	if len(p.Entries) == 0 {
		return u
	}
	main := p.Entries[0].Body
	// An allocation runs once unless a jump goes back to it: any label
	// of main before a goto to it.
	labels := false
	seen := map[string]bool{}
	ir.Inspect(ir.Stmt(main), func(x any) bool {
		switch y := x.(type) {
		case *ir.Label:
			seen[y.Name] = true
		case *ir.Goto:
			if seen[y.Label] {
				labels = true
			}
		}
		return true
	})
	// Statements outside any loop of main run at most once when nothing
	// jumps back; a variable of main's outermost block is one object
	// however main jumps (its block is never left).
	var walk func(list []ir.Stmt, top bool)
	walk = func(list []ir.Stmt, top bool) {
		for _, s := range list {
			switch x := s.(type) {
			case *ir.Block:
				walk(x.List, false)
			case *ir.If:
				walk(x.Then.List, false)
				if x.Else != nil {
					walk(x.Else.List, false)
				}
			case *ir.DeclStmt:
				if top || !labels {
					u[pts.Var(x.Var)] = true
				}
				if !labels && x.Init != nil && !x.Init.IsList {
					if c, ok := ir.Uncast(x.Init.Expr).(*ir.Call); ok {
						if o := pts.Alloc(c); o != nil {
							u[o] = true
						}
					}
				}
			case *ir.ExprStmt:
				if labels {
					continue
				}
				if c, _ := bound.CallOf(x); c != nil {
					if o := pts.Alloc(c); o != nil {
						u[o] = true
					}
				}
			}
		}
	}
	walk(main.List, true)
	return u
}

type analyzer struct {
	// trackable are the local variables whose address is never taken
	// (a trylock's result is followed in them).
	trackable map[*ir.Var]bool
	// flags are the acquires and releases of flag locks (flagLocks).
	flags map[ir.Stmt]flagOp
	r     *Result
	pts   *pointsto.Result
	uniq  map[*pointsto.Object]bool
}

// name returns the lock a pointer argument surely designates.
func (a *analyzer) name(e ir.Expr) (string, bool) {
	s := a.pts.Eval(e)
	if len(s) != 1 {
		return "", false
	}
	for _, l := range s {
		if !a.uniq[l.Obj] {
			return "", false
		}
		for _, seg := range l.Path {
			if seg.IsIdx && seg.Index < 0 {
				return "", false
			}
		}
		k := l.Key()
		a.r.names[k] = l.String()
		a.r.objs[k] = l.Obj
		a.r.paths[k] = l.Path
		return k, true
	}
	return "", false
}

func (a *analyzer) transfer(s ir.Stmt, in state) state {
	if in.unreachable {
		return in
	}
	if len(a.r.syms) > 0 {
		var killed []string
		for k := range in.held {
			if l, ok := a.r.syms[k]; ok && ir.Writes(s, l.v) {
				killed = append(killed, k)
			}
		}
		if len(killed) > 0 {
			in = in.copy()
			for _, k := range killed {
				delete(in.held, k)
				delete(in.may, k)
			}
		}
	}
	if len(in.try) > 0 {
		// Any write of a trylock result variable forgets it (the
		// trylock's own assignment sets it again below).
		var killed []*ir.Var
		for v := range in.try {
			if ir.Writes(s, v) {
				killed = append(killed, v)
			}
		}
		if len(killed) > 0 {
			in = in.copy()
			for _, v := range killed {
				delete(in.try, v)
			}
		}
	}
	if op, ok := a.flags[s]; ok {
		out := in.copy()
		if op.acquire {
			out.held[op.key] = Exclusive
		} else {
			if _, held := in.held[op.key]; !held {
				a.r.unowned[op.key] = true
			}
			delete(out.held, op.key)
		}
		return out
	}
	c, _ := bound.CallOf(s)
	if c == nil {
		return in
	}
	f := ir.CalledFunc(c)
	if f == nil || f.Body != nil {
		return in
	}
	info := model.Lookup(f.Name)
	set := func(k string, m Mode) state {
		out := in.copy()
		if m == 0 {
			delete(out.held, k)
			delete(out.may, k)
		} else {
			out.held[k] = m
			out.may[k] = true
		}
		return out
	}
	switch info.Op {
	case model.OpAtomicBegin:
		return set(Atomic, Exclusive)
	case model.OpAtomicEnd:
		return set(Atomic, 0)
	case model.OpExit, model.OpThreadExit:
		return state{unreachable: true}
	}
	role := info.Lock
	if role.Object == 0 || role.Arg >= len(c.Args) {
		return in
	}
	arg := c.Args[role.Arg]
	switch role.Act {
	case model.Acquire:
		if info.Blocks == model.UntilUnlockedOrTimeout || info.Op == model.OpTimedRdLock || info.Op == model.OpTimedWrLock {
			// May time out without the lock: it may hold it.
			if k, ok := a.name(arg); ok {
				out := in.copy()
				out.may[k] = true
				return out
			}
			return in
		}
		m := Exclusive
		if role.Object == model.RWLock && role.Mode == model.Shared {
			m = Shared
		}
		out := in
		if sl, ok := a.symbolic(arg); ok && m == Exclusive {
			out = in.copy()
			a.r.syms[sl.key()] = sl
			a.r.names[sl.key()] = sl.v.Name + "->" + sl.path[1:]
			a.r.names["obj|"+sl.family()] = "the mutex " + sl.path[1:] + " of the object each thread's pointer points to (struct " + sl.st.Tag + ")"
			out.held[sl.key()] = Exclusive
			out.may[sl.key()] = true
		}
		k, ok := a.name(arg)
		if !ok {
			return out
		}
		in = out
		return set(k, m)
	case model.TryAcquire:
		if k, ok := a.name(arg); ok {
			out := in.copy()
			out.may[k] = true
			// r = pthread_mutex_trylock(&m): r == 0 when it took m.
			if _, lhs := bound.CallOf(s); lhs != nil && role.Object != model.RWLock {
				if id, ok := lhs.(*ir.Ident); ok && a.trackable[id.Var] {
					out.try[id.Var] = k
				}
			}
			return out
		}
		return in
	case model.Release:
		if sl, ok := a.symbolic(arg); ok {
			if _, held := in.held[sl.key()]; held {
				out := in.copy()
				delete(out.held, sl.key())
				delete(out.may, sl.key())
				in = out
			} else {
				a.r.symUnowned = true
			}
		} else if !a.ownedNamed(arg, in) {
			// Another form of unlock the thread may not hold: it may
			// release any object's lock.
			a.r.symUnowned = true
		}
		k, ok := a.name(arg)
		if !ok {
			// It may release any lock of the objects it may point to,
			// held or not.
			pts := a.pts.Eval(arg)
			if len(pts) == 0 || pts.Unknown() {
				a.r.anyUnowned = true
				return state{held: Held{}, may: map[string]bool{}, try: map[*ir.Var]string{}}
			}
			out := in.copy()
			out.try = map[*ir.Var]string{}
			for _, l := range pts {
				a.r.unownedObj[l.Obj] = true
				for held := range in.may {
					if a.r.objs[held] == l.Obj {
						delete(out.held, held)
						delete(out.may, held)
					}
				}
			}
			return out
		}
		// One mutex may have several names (&ms[0] and ms): the unlock
		// releases every lock whose memory overlaps its argument's.
		must, may := false, false
		out := in.copy()
		for held := range in.may {
			if a.r.overlap(held, k) {
				may = true
				if _, ok := in.held[held]; ok {
					must = true
				}
				delete(out.held, held)
				delete(out.may, held)
			}
		}
		for held := range in.held {
			if a.r.overlap(held, k) {
				must = true
				delete(out.held, held)
			}
		}
		for v, tk := range in.try {
			if a.r.overlap(tk, k) {
				delete(out.try, v)
			}
		}
		if !must {
			a.r.unowned[k] = true
		}
		if !may && a.r.UnheldUnlock == "" {
			a.r.UnheldUnlock, a.r.UnheldUnlockAt = fmt.Sprintf("%s of %s, which the thread does not hold (undefined for a normal mutex)", f.Name, a.r.names[k]), c.P
		}
		return out
	}
	return in
}

// ownedNamed reports whether an unlock's argument names a lock the thread
// surely holds (then it releases its own lock).
func (a *analyzer) ownedNamed(arg ir.Expr, in state) bool {
	k, ok := a.name(arg)
	if !ok {
		return false
	}
	_, held := in.held[k]
	return held
}

// branch refines a state by a test of a trylock's result: r == 0, !r
// (it took the lock), r != 0, r (it did not).
func (a *analyzer) branch(cond ir.Expr, in state, taken bool) state {
	if in.unreachable || len(in.try) == 0 {
		return in
	}
	v, zero, ok := zeroTest(cond)
	if !ok {
		return in
	}
	k, ok := in.try[v]
	if !ok || zero != taken {
		return in
	}
	out := in.copy()
	out.held[k] = Exclusive
	return out
}

// zeroTest recognizes a test of a variable against 0: v == 0 and !v
// (zero true), v != 0 and v (zero false).
func zeroTest(e ir.Expr) (*ir.Var, bool, bool) {
	isZero := func(x ir.Expr) bool { l, ok := ir.Uncast(x).(*ir.IntLit); return ok && l.Val == 0 }
	switch x := e.(type) {
	case *ir.Ident:
		return x.Var, false, true
	case *ir.Cast:
		return zeroTest(x.X)
	case *ir.Unary:
		if x.Op == ir.Not {
			if v, zero, ok := zeroTest(x.X); ok {
				return v, !zero, true
			}
		}
	case *ir.Binary:
		id, ok := ir.Uncast(x.X).(*ir.Ident)
		if !ok || !isZero(x.Y) {
			return nil, false, false
		}
		switch x.Op {
		case ir.Eq:
			return id.Var, true, true
		case ir.Ne:
			return id.Var, false, true
		}
	}
	return nil, false, false
}

// At returns the locks surely held when statement s of routine f starts
// (nil when s is not reached).
func (r *Result) At(f *ir.Function, s ir.Stmt) Held {
	st, ok := r.flows[f].In[s]
	if !ok || st.unreachable {
		return nil
	}
	return st.held
}

// MayAt returns the named locks the thread may hold when statement s of
// routine f starts, with their mode when it surely holds them (Exclusive
// when it only may: the mode is then not known). nil when s is not
// reached.
func (r *Result) MayAt(f *ir.Function, s ir.Stmt) Held {
	st, ok := r.flows[f].In[s]
	if !ok {
		return nil
	}
	return r.mayHeld(st)
}

// MayAtExit returns the named locks the thread of routine f may hold when
// it ends (returns, or calls pthread_exit).
func (r *Result) MayAtExit(f *ir.Function) Held { return r.mayHeld(r.flows[f].Exit) }

// mayHeld returns the named locks a state may hold, with their mode when
// they are surely held (Exclusive otherwise); nil when it is unreachable.
func (r *Result) mayHeld(st state) Held {
	if st.unreachable {
		return nil
	}
	out := Held{}
	for k := range st.may {
		m := Exclusive
		if hm, ok := st.held[k]; ok {
			m = hm
		}
		out[k] = m
	}
	for k, m := range st.held {
		if _, ok := r.syms[k]; !ok {
			out[k] = m
		}
	}
	return out
}

// ObjectOf returns the object of the named lock k (nil for an atomic
// section or a per-object lock).
func (r *Result) ObjectOf(k string) *pointsto.Object { return r.objs[k] }

// LockOf returns the key of the one lock the pointer expression e
// designates (its text is Name(key)); false when it may designate
// several, or one the analysis cannot name.
func (r *Result) LockOf(e ir.Expr) (string, bool) {
	if r.namer == nil {
		return "", false
	}
	return r.namer.name(e)
}

// AtAccess returns the locks that protect the accesses statement s of
// routine f makes: those held when it starts and, for the write that
// acquires a flag lock, the flag lock itself (no other thread is past an
// acquire: its write waits for the flag to be free).
func (r *Result) AtAccess(f *ir.Function, s ir.Stmt) Held {
	h := r.At(f, s)
	op, ok := r.flags[s]
	if !ok || !op.acquire || h == nil {
		return h
	}
	out := Held{op.key: Exclusive}
	for k, m := range h {
		out[k] = m
	}
	return out
}

// Common returns a lock that excludes two accesses holding a and b: one
// both hold, at least one of them exclusively, that no thread may release
// without holding it. ok is false when there is none.
func (r *Result) Common(a, b Held) (string, bool) {
	var ks []string
	for k, m := range a {
		n, ok := b[k]
		if !ok || m != Exclusive && n != Exclusive {
			continue
		}
		if _, sym := r.syms[k]; sym {
			// A per-object lock protects only accesses to its object
			// (ObjectLock), and two threads' are different mutexes.
			continue
		}
		if k != Atomic && (r.anyUnowned || r.unownedObj[r.objs[k]] || r.unownedOverlap(k)) {
			continue
		}
		ks = append(ks, k)
	}
	if len(ks) == 0 {
		return "", false
	}
	sort.Strings(ks)
	return ks[0], true
}

// overlap reports whether two named locks' memory may overlap.
func (r *Result) overlap(a, b string) bool {
	if a == b {
		return true
	}
	oa, ob := r.objs[a], r.objs[b]
	return oa != nil && oa == ob && pointsto.Overlap(r.paths[a], r.paths[b])
}

// unownedOverlap reports whether a lock some thread may release without
// holding it overlaps lock k.
func (r *Result) unownedOverlap(k string) bool {
	for u := range r.unowned {
		if r.overlap(u, k) {
			return true
		}
	}
	return false
}

// Name returns the text of a lock's key.
func (r *Result) Name(k string) string { return r.names[k] }

// Names returns the names of the locks held, sorted.
func (r *Result) Names(h Held) []string {
	var out []string
	for k, m := range h {
		n := r.names[k]
		if m == Shared {
			n += " (read)"
		}
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}
