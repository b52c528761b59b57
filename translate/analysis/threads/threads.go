// Package threads is the thread structure of the unbounded program: every
// pthread_create site is a class of threads (main is class 0), with the
// routine that creates it, whether several of its threads may run at once,
// and, at every statement of every routine, how many threads of each class
// that routine instance may have running (a forward dataflow analysis:
// pthread_create adds one thread and all the threads it may create,
// pthread_join of a handle that surely holds the last thread of a class
// that has one running removes it and the threads it surely joined).
// Parallel answers whether two statements of two classes may run at the
// same time (may-happen-in-parallel).
package threads

import (
	"fmt"
	"sort"

	"github.com/ladr-dev/ladr/translate/analysis"
	"github.com/ladr-dev/ladr/translate/analysis/flow"
	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/model"
)

// Class is the threads one pthread_create site creates (or main).
type Class struct {
	ID int
	// Routine is the start routine (main for class 0).
	Routine *ir.Function
	// Site is the statement calling pthread_create, in the body of
	// Creator (nil for main).
	Site    ir.Stmt
	Creator *ir.Function
	Pos     ir.Pos
	// Multi: two threads of the class may run at the same time (the site
	// runs again while a thread it created still runs, or the creator
	// itself may have several threads running).
	Multi bool
	// Distinct: the threads of the class each receive an argument that
	// no other thread of the class receives (a create in a counting loop
	// that runs once, passing (T)i or &a[i]).
	Distinct bool
	// Fresh: the argument is a block allocated for the thread.
	Fresh bool
	// parent is the one class of Creator when it has one (nil for main,
	// or when Creator is the routine of several classes).
	parent *Class
	// desc are the classes Routine creates, transitively.
	desc []int
}

// String names the class for reports.
func (c *Class) String() string {
	if c.Site == nil {
		return "main"
	}
	return fmt.Sprintf("%s (created at %s)", c.Routine.Name, c.Pos)
}

// many is the count of "two or more" running threads.
const many = 2

// state is the dataflow state of one routine: the number (0, 1, many) of
// running threads of each class it created, and the handle variables that
// surely hold the last thread a site created.
type state struct {
	unreachable bool
	live        map[int]int
	handles     map[*ir.Var]int
}

func (s state) clone() state {
	c := state{live: map[int]int{}, handles: map[*ir.Var]int{}}
	for k, v := range s.live {
		c.live[k] = v
	}
	for k, v := range s.handles {
		c.handles[k] = v
	}
	return c
}

func join(a, b state) state {
	switch {
	case a.unreachable:
		return b
	case b.unreachable:
		return a
	}
	c := a.clone()
	for k, v := range b.live {
		if v > c.live[k] {
			c.live[k] = v
		}
	}
	// A handle keeps its site when the other path agrees, or has no
	// fact about the handle and no thread of the site running (a join of
	// the handle there removes nothing that runs).
	c.handles = map[*ir.Var]int{}
	keep := func(x, y state) {
		for h, site := range x.handles {
			if w, ok := y.handles[h]; ok && w == site || !ok && y.live[site] == 0 {
				c.handles[h] = site
			}
		}
	}
	keep(a, b)
	keep(b, a)
	return c
}

func equal(a, b state) bool {
	if a.unreachable || b.unreachable {
		return a.unreachable == b.unreachable
	}
	for k, v := range a.live {
		if b.live[k] != v {
			return false
		}
	}
	for k, v := range b.live {
		if a.live[k] != v {
			return false
		}
	}
	if len(a.handles) != len(b.handles) {
		return false
	}
	for k, v := range a.handles {
		if w, ok := b.handles[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// Result is the thread structure.
type Result struct {
	// Classes are the classes, main first.
	Classes []*Class
	// Declined, when set, is what the analysis does not follow (at
	// DeclinedAt); the other fields are then not meaningful.
	Declined   string
	DeclinedAt ir.Pos
	byRoutine  map[*ir.Function][]*Class
	bySite     map[ir.Stmt]*Class
	flows      map[*ir.Function]flow.Result[state]
}

// Analyzer computes the thread structure.
var Analyzer = &analysis.Analyzer{
	Name: "threads",
	Doc:  "thread classes (pthread_create sites), their multiplicity, and which may run in parallel at each statement",
	Run:  func(p *analysis.Pass) (any, error) { return Analyze(p.Program), nil },
}

// Of returns the classes whose threads run f (main's class for main).
func (r *Result) Of(f *ir.Function) []*Class { return r.byRoutine[f] }

// JoinTarget returns the class whose one running thread the join
// statement s of routine f surely joins (a tracked handle); nil when the
// analysis does not know which thread it joins.
func (r *Result) JoinTarget(f *ir.Function, s ir.Stmt) *Class {
	c, op := analysis.CallOp(s)
	if op != model.OpJoin || len(c.Args) == 0 {
		return nil
	}
	st, ok := r.flows[f].In[s]
	h := valueVar(c.Args[0])
	if !ok || st.unreachable || h == nil {
		return nil
	}
	id, ok := st.handles[h]
	if !ok || st.live[id] != 1 {
		return nil
	}
	return r.Classes[id]
}

// Reached reports whether the statement s of routine f may run.
func (r *Result) Reached(f *ir.Function, s ir.Stmt) bool {
	st, ok := r.flows[f].In[s]
	return ok && !st.unreachable
}

func (r *Result) decline(p ir.Pos, format string, args ...any) *Result {
	if r.Declined == "" {
		r.Declined, r.DeclinedAt = fmt.Sprintf(format, args...), p
	}
	return r
}

// Analyze computes the thread structure of p.
func Analyze(p *analysis.Program) *Result {
	r := &Result{byRoutine: map[*ir.Function][]*Class{}, bySite: map[ir.Stmt]*Class{}, flows: map[*ir.Function]flow.Result[state]{}}
	if len(p.Entries) == 0 {
		return r.decline(ir.Pos{}, "no main function")
	}
	main := p.Entries[0]
	mc := &Class{ID: 0, Routine: main, Pos: main.Pos}
	r.Classes = append(r.Classes, mc)
	r.byRoutine[main] = []*Class{mc}
	entries := map[*ir.Function]bool{}
	for _, f := range p.Entries {
		entries[f] = true
	}
	// The sites, in the order of the entries.
	creates := map[*ir.Function][]*Class{} // by creator
	for _, f := range p.Entries {
		ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
			switch x := n.(type) {
			case *ir.ExprStmt:
				c, _ := bound.CallOf(x)
				if c != nil && isCreate(c) {
					if len(c.Args) != 4 {
						r.decline(c.P, "pthread_create with %d arguments", len(c.Args))
						return false
					}
					t := bound.FuncOf(c.Args[2])
					if t == nil || t.Body == nil || !entries[t] {
						r.decline(c.P, "a thread whose start routine the analysis cannot name (%s)", ir.ExprString(c.Args[2]))
						return false
					}
					if t == main {
						r.decline(c.P, "a thread that runs main")
						return false
					}
					cl := &Class{ID: len(r.Classes), Routine: t, Site: x, Creator: f, Pos: c.P}
					r.Classes = append(r.Classes, cl)
					r.byRoutine[t] = append(r.byRoutine[t], cl)
					r.bySite[x] = cl
					creates[f] = append(creates[f], cl)
				}
				// A create nested in an expression (not hoisted).
				ir.Inspect(x.X, func(m any) bool {
					if c2, ok := m.(*ir.Call); ok && c2 != c && isCreate(c2) {
						r.decline(c2.P, "pthread_create inside an expression")
					}
					return true
				})
				return false
			case ir.Expr:
				ir.Inspect(x, func(m any) bool {
					if c2, ok := m.(*ir.Call); ok && isCreate(c2) {
						r.decline(c2.P, "pthread_create inside an expression")
					}
					return true
				})
				return false
			}
			return true
		})
	}
	if r.Declined != "" {
		return r
	}
	// Routines in an order where a routine comes after every routine it
	// creates (a cycle: a routine that creates itself, directly or not).
	var order []*ir.Function
	mark := map[*ir.Function]int{} // 1 visiting, 2 done
	var visit func(f *ir.Function) bool
	visit = func(f *ir.Function) bool {
		switch mark[f] {
		case 1:
			return false
		case 2:
			return true
		}
		mark[f] = 1
		for _, c := range creates[f] {
			if !visit(c.Routine) {
				return false
			}
		}
		mark[f] = 2
		order = append(order, f)
		return true
	}
	for _, f := range p.Entries {
		if !visit(f) {
			return r.decline(f.Pos, "threads of %s create threads of their own routine (directly or not)", f.Name)
		}
	}
	// Descendants.
	for _, f := range order {
		for _, c := range creates[f] {
			seen := map[int]bool{}
			for _, d := range creates[c.Routine] {
				seen[d.ID] = true
				for _, dd := range d.desc {
					seen[dd] = true
				}
			}
			for id := range seen {
				c.desc = append(c.desc, id)
			}
			sort.Ints(c.desc)
		}
	}
	handles := trackableHandles(p.Entries)
	loops := map[*ir.Function]loopFacts{}
	for _, f := range order {
		loops[f] = findLoops(f, p.Entries)
	}
	// The flows, children first: a join needs the child routine's exit.
	for _, f := range order {
		l := flow.Lattice[state]{
			Bottom:   state{unreachable: true},
			Join:     join,
			Equal:    equal,
			Transfer: func(s ir.Stmt, in state) state { return r.transfer(s, in, handles) },
			Exit:     analysis.IsThreadExit,
			AfterLoop: func(l *ir.Loop, out state) state {
				site, ok := loops[f].joinAll[l]
				if !ok || out.unreachable {
					return out
				}
				return r.joined(r.bySite[site], out)
			},
		}
		res, ok := flow.ForwardPartitioned(f.Body, state{live: map[int]int{}, handles: map[*ir.Var]int{}}, l, flow.TrackedVars(f.Body))
		if !ok {
			return r.decline(f.Pos, "no fixpoint of the thread structure of %s", f.Name)
		}
		r.flows[f] = res
	}
	// Multiplicity and parents, parents first (order reversed).
	for i := len(order) - 1; i >= 0; i-- {
		f := order[i]
		for _, c := range creates[f] {
			pcs := r.byRoutine[f]
			if len(pcs) == 1 {
				c.parent = pcs[0]
			}
			st, reached := r.flows[f].In[c.Site]
			switch {
			case len(pcs) != 1 || pcs[0].Multi:
				c.Multi = true
			case reached && !st.unreachable && st.live[c.ID] > 0:
				c.Multi = true
			}
			c.Distinct = loops[f].distinct[c.Site] && len(pcs) == 1 && !pcs[0].Multi
			c.Fresh = c.Distinct && loops[f].fresh[c.Site]
		}
	}
	return r
}

func isCreate(c *ir.Call) bool {
	f := ir.CalledFunc(c)
	return f != nil && model.Lookup(f.Name).Op == model.OpThreadCreate
}

func (r *Result) transfer(s ir.Stmt, in state, handles map[*ir.Var]bool) state {
	if in.unreachable {
		return in
	}
	if d, ok := s.(*ir.DeclStmt); ok {
		if _, ok := in.handles[d.Var]; ok {
			in = in.clone()
			delete(in.handles, d.Var)
		}
		return in
	}
	c, op := analysis.CallOp(s)
	switch op {
	case model.OpThreadExit, model.OpExit:
		return state{unreachable: true}
	case model.OpThreadCreate:
		cl := r.bySite[s]
		if cl == nil {
			return in
		}
		out := in.clone()
		if out.live[cl.ID] < many {
			out.live[cl.ID]++
		}
		for _, d := range cl.desc {
			out.live[d] = many
		}
		if h := handleVar(c.Args[0]); h != nil && handles[h] {
			out.handles[h] = cl.ID
		}
		return out
	case model.OpJoin:
		if len(c.Args) == 0 {
			return in
		}
		h := valueVar(c.Args[0])
		if h == nil || !handles[h] {
			return in
		}
		id, ok := in.handles[h]
		if !ok || in.live[id] != 1 {
			return in
		}
		return r.joined(r.Classes[id], in)
	}
	if c != nil && analysis.NoReturn(c) {
		return state{unreachable: true}
	}
	return in
}

// joined is the state after every running thread of class cl was joined:
// none of them runs, nor the threads they surely joined before they ended.
func (r *Result) joined(cl *Class, in state) state {
	out := in.clone()
	out.live[cl.ID] = 0
	atExit := r.flows[cl.Routine].Exit
	for _, d := range cl.desc {
		if atExit.unreachable || atExit.live[d] == 0 {
			out.live[d] = 0
		}
	}
	return out
}

// handleVar returns h when e is &h for a variable h.
func handleVar(e ir.Expr) *ir.Var {
	if u, ok := ir.Uncast(e).(*ir.Unary); ok && u.Op == ir.Addr {
		if id, ok := u.X.(*ir.Ident); ok {
			return id.Var
		}
	}
	return nil
}

// valueVar returns h when e is h (possibly cast) for a variable h.
func valueVar(e ir.Expr) *ir.Var {
	if id, ok := ir.Uncast(e).(*ir.Ident); ok {
		return id.Var
	}
	return nil
}

// trackableHandles are the scalar variables whose address is taken only
// as the first argument of pthread_create calls of one routine, and that
// nothing else writes: such a variable holds the last thread its site
// created.
func trackableHandles(entries []*ir.Function) map[*ir.Var]bool {
	owner := map[*ir.Var]*ir.Function{}
	bad := map[*ir.Var]bool{}
	for _, f := range entries {
		ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
			switch x := n.(type) {
			case *ir.ExprStmt:
				// pthread_create(&h, ...) or r = pthread_create(&h, ...).
				if c, lhs := bound.CallOf(x); c != nil && isCreate(c) && len(c.Args) > 0 {
					if h := handleVar(c.Args[0]); h != nil {
						if o, ok := owner[h]; ok && o != f {
							bad[h] = true
						}
						owner[h] = f
						for _, a := range c.Args[1:] {
							markBad(a, bad)
						}
						if lhs != nil {
							markBad(&ir.Assign{L: lhs, R: &ir.IntLit{}}, bad)
						}
						return false
					}
				}
			case ir.Expr:
				markBad(x, bad)
				return false
			case *ir.DeclStmt:
				if x.Init != nil {
					bad[x.Var] = true
				}
			}
			return true
		})
	}
	out := map[*ir.Var]bool{}
	for h := range owner {
		if !bad[h] && ir.IsScalar(h.Type) && !h.Volatile {
			out[h] = true
		}
	}
	return out
}

// markBad marks the variables e takes the address of or writes, other
// than as pthread_create's first argument.
func markBad(e ir.Expr, bad map[*ir.Var]bool) {
	ir.Inspect(e, func(n any) bool {
		switch x := n.(type) {
		case *ir.Call:
			if isCreate(x) && len(x.Args) > 0 && handleVar(x.Args[0]) != nil {
				// r = pthread_create(&h, ...): &h is the create's own
				// (a create deeper in an expression is declined by
				// Analyze); its other arguments are marked.
				for _, a := range x.Args[1:] {
					markBad(a, bad)
				}
				return false
			}
		case *ir.Unary, *ir.Assign:
			if v := ir.Modified(x); v != nil {
				bad[v] = true
			}
		case *ir.Ident:
			if ir.IsArray(x.Var.Type) {
				bad[x.Var] = true
			}
		}
		return true
	})
}

// running is the number of threads of class id that the instance of
// routine f may have running at statement s.
func (r *Result) running(f *ir.Function, s ir.Stmt, id int) int {
	st, ok := r.flows[f].In[s]
	if !ok || st.unreachable {
		return 0
	}
	return st.live[id]
}

// ancestors returns c and its parents up to main (nil when a class on the
// way has no single parent).
func ancestors(c *Class) []*Class {
	var out []*Class
	for x := c; x != nil; x = x.parent {
		out = append(out, x)
		if x.ID == 0 {
			return out
		}
	}
	return nil
}

// Parallel reports whether statement sa, run by a thread of class a, and
// statement sb, run by a thread of class b, may run at the same time.
func (r *Result) Parallel(a *Class, sa ir.Stmt, b *Class, sb ir.Stmt) bool {
	if a == b {
		return a.Multi
	}
	pa, pb := ancestors(a), ancestors(b)
	if pa == nil || pb == nil {
		return true
	}
	in := func(chain []*Class, c *Class) int {
		for i, x := range chain {
			if x == c {
				return i
			}
		}
		return -1
	}
	// b is a descendant of a: a's instance at sa, with b's threads
	// running?
	if in(pb, a) > 0 {
		return a.Multi || r.running(a.Routine, sa, b.ID) > 0
	}
	if in(pa, b) > 0 {
		return b.Multi || r.running(b.Routine, sb, a.ID) > 0
	}
	// The lowest common ancestor l, and its children toward a and b.
	for i, x := range pa {
		if j := in(pb, x); j > 0 {
			if x.Multi {
				return true
			}
			v, w := pa[i-1], pb[j-1]
			return r.running(x.Routine, w.Site, a.ID) > 0 || r.running(x.Routine, v.Site, b.ID) > 0
		}
	}
	return true
}
