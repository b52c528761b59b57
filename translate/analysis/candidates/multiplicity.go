package candidates

import (
	"strconv"
	"strings"

	"github.com/ladr-dev/ladr/translate/analysis"
	"github.com/ladr-dev/ladr/translate/analysis/callgraph"
	"github.com/ladr-dev/ladr/translate/analysis/flow"
	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/model"
)

// multiplicity decides which kinds of threads may have two threads running
// at once (kind.many), creators first. A kind already many (several create
// sites, a create that may start several routines, a callback) stays so.
// A kind with one create site is single when one kind of thread runs the
// site and has one thread at a time (main, or a single kind), and either
//   - the site runs at most once in the program: in no loop, in a
//     function that runs once each time the creator runs, and the
//     creator's threads are created at most once in the program (main
//     runs once), or
//   - every time the site runs, the creator has joined the thread the
//     site created before (creatorJoins): the site's handle is a global
//     only the site writes, and a pthread_join of it by the creator comes
//     on every path between two runs of the site; a creator whose threads
//     may be created again also joins it before it ends, or its next
//     thread would find the last one's still running.
//
// Two threads of one kind running one after the other, the later created
// after the earlier was joined, cannot race: the join and the create
// order their accesses.
func (a *analyzer) multiplicity(main *ir.Function, mainOnce map[*ir.Function]bool, creates map[*kind][]*callgraph.Create) {
	decided := map[*kind]bool{}
	// once: the kind's threads are created at most once in the program.
	once := map[*kind]bool{}
	reach := map[*kind]map[*ir.Function]bool{}
	for _, k := range a.kinds {
		if k.many || k.kind != "thread" || len(creates[k]) != 1 {
			k.many = true
			decided[k] = true
		}
		reach[k] = map[*ir.Function]bool{}
		for _, f := range a.g.Reach(k.routine) {
			reach[k][f] = true
		}
	}
	byMain := map[*ir.Function]bool{}
	for _, f := range a.g.Reach(main) {
		byMain[f] = true
	}
	for changed := true; changed; {
		changed = false
		for _, k := range a.kinds {
			if decided[k] {
				continue
			}
			cr := creates[k][0]
			var creators []*kind
			wait := false
			for _, o := range a.kinds {
				if reach[o][cr.Caller] {
					creators = append(creators, o)
					wait = wait || !decided[o]
				}
			}
			if wait {
				continue
			}
			decided[k], changed = true, true
			n := len(creators)
			if byMain[cr.Caller] {
				n++
			}
			if n == 0 {
				// Created by code nothing runs.
				once[k] = true
				continue
			}
			if n > 1 || len(creators) == 1 && creators[0].many {
				k.many = true
				continue
			}
			root, rootOnce, onceIn := main, true, mainOnce
			if !byMain[cr.Caller] {
				root, rootOnce, onceIn = creators[0].routine, once[creators[0]], a.onceFuncs(creators[0].routine)
			}
			joins, live := a.creatorJoins(root, rootOnce, cr)
			if live != nil {
				k.live, k.site = live, cr
				if byMain[cr.Caller] {
					k.byMain = true
				} else {
					k.creator = creators[0]
				}
			}
			if rootOnce && !cr.InLoop && onceIn[cr.Caller] {
				once[k] = true
				continue
			}
			k.many = !joins
		}
	}
	// A cycle of kinds creating each other.
	for _, k := range a.kinds {
		if !decided[k] {
			k.many = true
		}
	}
}

// creatorJoins reports whether p, run by one thread at a time, surely
// joins the thread of create site cr before cr runs again, and (unless
// p's thread runs once in the program, once) before it ends. It follows
// p and the functions it calls (not inlined: a summary of each for the
// number of cr's threads running on entry, 0, 1 or two or more, and what
// is known of its integer parameters), counting cr's running threads: cr
// adds one, a pthread_join of cr's handle by p's thread ends the one that
// runs. Joins by other threads are not counted (they could only end
// more). The handle must be a global that no other code writes or takes
// the address of, so that it holds the last thread cr created, and cr
// must pass no attributes (a detached thread cannot be joined); else no
// join is counted. The count is kept apart by what paths know of integer
// variables (a function that starts a thread and returns 0, or creates
// none and returns an error, and a caller that tests the result), as in
// flow.ForwardPartitioned.
//
// live, when not nil, is the count at each statement p's thread runs:
// where it is 0, every thread cr created (in this run of p, and, when the
// threads of p's kind run one after the other, in the earlier ones) was
// joined by p's thread or is not created yet, so that p's accesses there
// happen before or after each of them.
func (a *analyzer) creatorJoins(p *ir.Function, once bool, cr *callgraph.Create) (joins bool, live *liveCounts) {
	var h *ir.Var
	local := false
	// A thread created with attributes may be detached: a join of it
	// then fails and it runs on. Only a create without attributes makes
	// joins count.
	if u, ok := ir.Uncast(cr.Call.Args[0]).(*ir.Unary); ok && u.Op == ir.Addr && isZero(cr.Call.Args[1]) {
		if id, ok := u.X.(*ir.Ident); ok && !id.Var.ThreadLocal && !id.Var.Volatile && !a.handleUses(id.Var, u) {
			switch v := id.Var; {
			case v.IsStaticStorage():
				h = v
			case v.Class == ir.Local && declares(cr.Caller, v):
				h, local = v, true
			}
		}
	}
	c := &counter{a: a, cr: cr, h: h, local: local, info: map[*ir.Function]*fnInfo{}, sums: map[sumKey]*countSummary{}, args: map[string][]sfact{}, at: map[ir.Stmt]int{}}
	if !c.prepare(p) {
		return false, nil
	}
	unknown := make([]sfact, len(c.fn(p).params))
	for i := range unknown {
		unknown[i] = unknownFact
	}
	c.args[factsKey(unknown)] = unknown
	entry := sumKey{f: p, n: 0, args: factsKey(unknown)}
	// Kleene iteration from empty summaries; a summary is computed again
	// when one it read changed (or it is new).
	c.sums[entry] = newSummary()
	c.deps = map[sumKey]map[sumKey]bool{}
	dirty := map[sumKey]bool{entry: true}
	for iter := 0; len(dirty) > 0; iter++ {
		if iter > 200 || len(c.sums) > 5000 {
			return false, nil
		}
		keys := make([]sumKey, 0, len(c.sums))
		for k := range c.sums {
			keys = append(keys, k)
		}
		next := map[sumKey]bool{}
		changed := map[sumKey]bool{}
		for _, k := range keys {
			stale := dirty[k]
			for d := range c.deps[k] {
				stale = stale || dirty[d]
			}
			if !stale {
				continue
			}
			c.cur, c.deps[k] = k, map[sumKey]bool{}
			c.fresh = nil
			s, ok := c.summarize(k)
			if !ok {
				return false, nil
			}
			for _, nk := range c.fresh {
				next[nk] = true
			}
			if !s.equal(c.sums[k]) {
				c.sums[k] = s
				changed[k] = true
			}
		}
		for k := range changed {
			next[k] = true
		}
		dirty = next
	}
	s := c.sums[entry]
	end := -1
	for _, n := range s.rets {
		end = max(end, n)
	}
	ends := once || max(end, s.exit) <= 0
	if ends {
		live = c.liveCounts()
	}
	return h != nil && !s.bad && ends, live
}

// maxCountWork bounds the work of one creatorJoins (partitions through
// statements, over every flow and iteration): beyond it the analysis
// gives up, the kind is many and its creator's accesses not ordered.
const maxCountWork = 5_000_000

// liveCounts is the number of threads of one create site its creator may
// have running at the statements the creator's thread runs.
type liveCounts struct {
	// at holds the count at statements of the functions the analysis
	// followed; ctx the count a function runs with when it was entered
	// without being followed (it changes no count).
	at  map[ir.Stmt]int
	ctx map[*ir.Function]int
}

// count is the count at statement s of f: -1 when the creator's thread
// never runs it, 2 when s is not known.
func (l *liveCounts) count(f *ir.Function, s ir.Stmt) int {
	if s == nil {
		return 2
	}
	n := -1
	if v, ok := l.at[s]; ok {
		n = v
	}
	if v, ok := l.ctx[f]; ok {
		n = max(n, v)
	}
	return n
}

// liveCounts gathers the counts of the fixpoint: the statements' from the
// flows, and for the functions called where nothing is followed, the
// count at their calls (down the calls they make).
func (c *counter) liveCounts() *liveCounts {
	l := &liveCounts{at: c.at, ctx: map[*ir.Function]int{}}
	raise := func(f *ir.Function, n int) bool {
		if old, ok := l.ctx[f]; !ok || n > old {
			l.ctx[f] = n
			return true
		}
		return false
	}
	for _, f := range c.funcs {
		for _, s := range c.a.g.Sites[f] {
			if n, ok := c.at[s.Stmt]; ok {
				for _, t := range s.Targets {
					if !c.rel[t] {
						raise(t, n)
					}
				}
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for _, f := range c.funcs {
			n, ok := l.ctx[f]
			if !ok {
				continue
			}
			for _, s := range c.a.g.Sites[f] {
				for _, t := range s.Targets {
					if raise(t, n) {
						changed = true
					}
				}
			}
		}
	}
	return l
}

// counter is the state of one creatorJoins.
type counter struct {
	a  *analyzer
	cr *callgraph.Create
	h  *ir.Var
	// local: h is an automatic variable of cr's function; a join of it
	// ends a thread only where the path set it (cpart.own).
	local bool
	// rel are the functions that reach a call changing the count; bySite
	// the one call that matters in each statement.
	rel    map[*ir.Function]bool
	bySite map[ir.Stmt]*callgraph.Site
	info   map[*ir.Function]*fnInfo
	sums   map[sumKey]*countSummary
	// args are the parameters' facts of each sumKey.args.
	args map[string][]sfact
	// cur is the summary being computed, deps the summaries each read,
	// fresh those asked for that were not there.
	cur   sumKey
	deps  map[sumKey]map[sumKey]bool
	fresh []sumKey
	// work counts the partitions the flows transferred (bounded by
	// maxCountWork).
	work int
	// funcs are the functions p's thread runs; at the count at each
	// statement of a followed function (the largest over the flows).
	funcs []*ir.Function
	at    map[ir.Stmt]int
}

// sumKey is a function entered with n threads running and what is known
// of its tracked parameters (facts' keys, joined).
type sumKey struct {
	f    *ir.Function
	n    int
	args string
}

// countSummary is what a function does to the count: the count at its
// returns, by what is known of the value returned (the fact's key; ""
// when the function returns no integer or nothing is known), the largest
// count at a pthread_exit in it (or in what it calls; -1: none), and
// whether cr may run while a thread it created runs (bad).
type countSummary struct {
	rets map[string]int
	// facts are the returns' facts, by key.
	facts map[string]sfact
	exit  int
	bad   bool
}

func newSummary() *countSummary {
	return &countSummary{rets: map[string]int{}, facts: map[string]sfact{}, exit: -1}
}

func (s *countSummary) equal(t *countSummary) bool {
	if s.exit != t.exit || s.bad != t.bad || len(s.rets) != len(t.rets) {
		return false
	}
	for k, n := range s.rets {
		if m, ok := t.rets[k]; !ok || m != n {
			return false
		}
	}
	return true
}

// prepare finds the functions and statements that matter; false when a
// call that matters is where the flow does not follow it (a condition, a
// return's value) or shares its statement with another.
func (c *counter) prepare(p *ir.Function) bool {
	g := c.a.g
	var funcs []*ir.Function
	inP := map[*ir.Function]bool{}
	for _, f := range g.Reach(p) {
		inP[f] = true
	}
	for _, f := range g.Funcs {
		if inP[f] {
			funcs = append(funcs, f)
		}
	}
	c.funcs = funcs
	c.rel = map[*ir.Function]bool{}
	for changed := true; changed; {
		changed = false
		for _, f := range funcs {
			if c.rel[f] {
				continue
			}
			for _, s := range g.Sites[f] {
				hit := c.event(s)
				for _, t := range s.Targets {
					hit = hit || c.rel[t]
				}
				if hit {
					c.rel[f], changed = true, true
					break
				}
			}
		}
	}
	c.bySite = map[ir.Stmt]*callgraph.Site{}
	for _, f := range funcs {
		for _, s := range g.Sites[f] {
			matters := c.event(s)
			for _, t := range s.Targets {
				matters = matters || c.rel[t]
			}
			if !matters {
				continue
			}
			switch s.Stmt.(type) {
			case *ir.ExprStmt, *ir.DeclStmt:
			default:
				return false
			}
			if c.bySite[s.Stmt] != nil {
				return false
			}
			c.bySite[s.Stmt] = s
		}
	}
	return true
}

// event reports whether the call s changes the count: cr, a join of the
// handle, a thread exit.
func (c *counter) event(s *callgraph.Site) bool {
	if s.Call == c.cr.Call {
		return true
	}
	if s.Callee == nil || s.Callee.Body != nil {
		return false
	}
	switch model.Lookup(s.Callee.Name).Op {
	case model.OpJoin:
		return c.h != nil && len(s.Call.Args) > 0 && c.isHandle(s.Call.Args[0])
	case model.OpThreadExit:
		return true
	}
	return false
}

func (c *counter) isHandle(e ir.Expr) bool {
	x, ok := ir.Uncast(e).(*ir.Ident)
	return ok && x.Var == c.h
}

// cpart is one partition of a state: the count and the facts of the
// function's tracked variables.
type cpart struct {
	n int
	// own: in this call of cr's function, cr ran and set the handle (a
	// local handle; for a global one it does not matter).
	own   bool
	facts []sfact
	// k is the key (computed once, by add).
	k string
}

func (p cpart) key() string {
	if p.k != "" {
		return p.k
	}
	var b strings.Builder
	b.WriteString(strconv.Itoa(p.n))
	if p.own {
		b.WriteByte('o')
	}
	for _, f := range p.facts {
		b.WriteByte('|')
		b.WriteString(f.key())
	}
	return b.String()
}

// cstate is a state: its partitions by key (none: unreachable).
type cstate map[string]cpart

// maxCountParts bounds the partitions of a state; beyond it their facts
// are forgotten (at most three partitions remain, one per count).
const maxCountParts = 32

func (s cstate) add(p cpart) {
	p.k = p.key()
	s[p.k] = p
}

func joinStates(x, y cstate) cstate {
	if len(x) == 0 {
		return y
	}
	if len(y) == 0 {
		return x
	}
	if len(x) < len(y) {
		x, y = y, x
	}
	sub := true
	for k := range y {
		if _, ok := x[k]; !ok {
			sub = false
			break
		}
	}
	if sub {
		return x
	}
	out := cstate{}
	for _, p := range x {
		out.add(p)
	}
	for _, p := range y {
		out.add(p)
	}
	return limitState(out)
}

func limitState(s cstate) cstate {
	if len(s) <= maxCountParts {
		return s
	}
	out := cstate{}
	for _, p := range s {
		fs := make([]sfact, len(p.facts))
		for i := range fs {
			fs[i] = unknownFact
		}
		out.add(cpart{n: p.n, own: p.own, facts: fs})
	}
	return out
}

func equalStates(x, y cstate) bool {
	if len(x) != len(y) {
		return false
	}
	for k := range x {
		if _, ok := y[k]; !ok {
			return false
		}
	}
	return true
}

// summarize computes the summary of k from the current summaries of the
// functions it calls.
func (c *counter) summarize(k sumKey) (*countSummary, bool) {
	f := k.f
	fi := c.fn(f)
	out := newSummary()
	entry := cpart{n: k.n, facts: make([]sfact, len(fi.vars))}
	for i := range entry.facts {
		entry.facts[i] = unknownFact
	}
	args := c.args[k.args]
	for i, j := range fi.params {
		if j >= 0 && i < len(args) {
			entry.facts[j] = args[i]
		}
	}
	if len(args) < len(fi.params) {
		return nil, false
	}
	l := flow.Lattice[cstate]{
		Bottom: cstate{},
		Join:   joinStates,
		Equal:  equalStates,
		Transfer: func(s ir.Stmt, in cstate) cstate {
			c.work += len(in)
			res := cstate{}
			for _, p := range in {
				for _, q := range c.step(f, fi, s, p, out) {
					res.add(q)
				}
			}
			if c.bySite[s] != nil {
				// The statement's accesses may come after its call.
				c.raise(s, res)
			}
			return limitState(res)
		},
		Branch: func(cond ir.Expr, in cstate, taken bool) cstate {
			res := cstate{}
			for _, p := range in {
				if fs, ok := fi.refine(cond, p.facts, taken); ok {
					if len(fs) > 0 && &fs[0] == &p.facts[0] {
						res[p.k] = p
					} else {
						res.add(cpart{n: p.n, own: p.own, facts: fs})
					}
				}
			}
			return res
		},
	}
	st := cstate{}
	st.add(entry)
	res, ok := flow.Forward(f.Body, st, l)
	if !ok || c.work > maxCountWork {
		return nil, false
	}
	record := func(n int, fact sfact) {
		key := fact.key()
		if old, ok := out.rets[key]; !ok || n > old {
			out.rets[key] = n
		}
		out.facts[key] = fact
	}
	for s, st := range res.In {
		c.raise(s, st)
		r, ok := s.(*ir.Return)
		if !ok {
			continue
		}
		for _, p := range st {
			fact := unknownFact
			if r.X != nil && fi.retTracked {
				fact = fi.eval(r.X, p.facts, f.Type.Result)
			}
			record(p.n, fact)
		}
	}
	for _, p := range res.End {
		record(p.n, unknownFact)
	}
	return out, true
}

// raise records the counts of st at statement s.
func (c *counter) raise(s ir.Stmt, st cstate) {
	for _, p := range st {
		if old, ok := c.at[s]; !ok || p.n > old {
			c.at[s] = p.n
		}
	}
}

// step is the partitions after statement s of f, entered in p; it
// records thread exits and a bad create in out.
func (c *counter) step(f *ir.Function, fi *fnInfo, s ir.Stmt, p cpart, out *countSummary) []cpart {
	si := fi.stmt(s)
	assigned, rhs, ai := si.assigned, si.rhs, si.ai
	// set returns p's facts with the assigned variable's fact f.
	set := func(facts []sfact, fact sfact) []sfact {
		if ai < 0 {
			return facts
		}
		fs := append([]sfact(nil), facts...)
		fs[ai] = fact
		return fs
	}
	facts := p.facts
	// Other writes of tracked variables lose their facts (and a variable
	// declared again, or with a list).
	copied := false
	for _, i := range si.lost {
		if !copied {
			facts, copied = append([]sfact(nil), facts...), true
		}
		facts[i] = unknownFact
	}
	own := p.own
	if d, ok := s.(*ir.DeclStmt); ok && c.local && d.Var == c.h {
		// The handle declared again (a loop's body): not set.
		own = false
	}
	site := c.bySite[s]
	if site == nil {
		// A call that does not change the count: its value, when a
		// tracked variable gets it, from the callee's summary.
		if call, ok := ir.Uncast(rhs).(*ir.Call); ok && ai >= 0 && fi.sameKind(assigned, call) {
			if g := ir.CalledFunc(call); g != nil && g.Body != nil {
				return c.callOutcomes(fi, call, []*ir.Function{g}, p.n, own, facts, out, func(fs []sfact, fact sfact) []sfact { return set(fs, fact) })
			}
		}
		if call := topCall(s); call != nil {
			if analysis.NoReturn(call) {
				return nil
			}
			if g := ir.CalledFunc(call); g != nil {
				if cond, ok := c.assumes(g, call); ok {
					fs, ok := fi.refine(cond, set(facts, unknownFact), true)
					if !ok {
						return nil
					}
					return []cpart{{n: p.n, own: own, facts: fs}}
				}
			}
		}
		if ai >= 0 {
			fact := unknownFact
			if rhs != nil {
				fact = fi.eval(rhs, facts, assigned.Type)
			}
			return []cpart{{n: p.n, own: own, facts: set(facts, fact)}}
		}
		if !copied && own == p.own {
			return []cpart{p}
		}
		return []cpart{{n: p.n, own: own, facts: facts}}
	}
	n := p.n
	switch {
	case site.Call == c.cr.Call:
		if n > 0 {
			out.bad = true
		}
		return []cpart{{n: min(n+1, 2), own: true, facts: set(facts, unknownFact)}}
	case site.Callee != nil && site.Callee.Body == nil && model.Lookup(site.Callee.Name).Op == model.OpJoin && c.h != nil && len(site.Call.Args) > 0 && c.isHandle(site.Call.Args[0]):
		if n == 1 && (own || !c.local) {
			n = 0
		}
		return []cpart{{n: n, own: own, facts: set(facts, unknownFact)}}
	case site.Callee != nil && site.Callee.Body == nil && model.Lookup(site.Callee.Name).Op == model.OpThreadExit:
		out.exit = max(out.exit, n)
		return nil
	}
	withValue := ai >= 0 && ir.Uncast(rhs) == ir.Expr(site.Call) && fi.sameKind(assigned, site.Call)
	return c.callOutcomes(fi, site.Call, site.Targets, n, own, facts, out, func(fs []sfact, fact sfact) []sfact {
		if !withValue {
			fact = unknownFact
		}
		return set(fs, fact)
	})
}

// callOutcomes are the partitions after a call of targets entered with
// count n and facts, from the callees' summaries (a target that is not a
// defined function keeps the count and tells nothing of the value).
func (c *counter) callOutcomes(fi *fnInfo, call *ir.Call, targets []*ir.Function, n int, own bool, facts []sfact, out *countSummary, set func([]sfact, sfact) []sfact) []cpart {
	var res []cpart
	other := len(targets) == 0
	for _, t := range targets {
		if t.Body == nil {
			other = true
			continue
		}
		ti := c.fn(t)
		var args []sfact
		for i := range ti.params {
			fact := unknownFact
			if i < len(call.Args) && i < len(t.Params) && ti.params[i] >= 0 {
				fact = fi.eval(call.Args[i], facts, t.Params[i].Type)
			}
			args = append(args, fact)
		}
		key := factsKey(args)
		c.args[key] = args
		k := sumKey{f: t, n: n, args: key}
		c.deps[c.cur][k] = true
		sum := c.sums[k]
		if sum == nil {
			c.sums[k] = newSummary()
			c.fresh = append(c.fresh, k)
			continue
		}
		out.exit = max(out.exit, sum.exit)
		out.bad = out.bad || sum.bad
		for key, m := range sum.rets {
			res = append(res, cpart{n: m, own: own, facts: set(facts, sum.facts[key])})
		}
	}
	if other {
		res = append(res, cpart{n: n, own: own, facts: set(facts, unknownFact)})
	}
	return res
}

// assumes reports whether a call of g goes on only when its argument
// (then cond) is true: g's body is if (!x) stop(); with x its one
// parameter and stop a function that does not return (assume_abort_if_not
// and its kin).
func (c *counter) assumes(g *ir.Function, call *ir.Call) (ir.Expr, bool) {
	if g.Body == nil || len(g.Params) != 1 || len(call.Args) != 1 {
		return nil, false
	}
	arg := call.Args[0]
	if len(ir.Calls(arg)) > 0 {
		return nil, false
	}
	pure := true
	ir.Inspect(arg, func(n any) bool {
		if ir.Modified(n) != nil {
			pure = false
		}
		return pure
	})
	if !pure {
		return nil, false
	}
	var stmts []ir.Stmt
	var flat func(b *ir.Block)
	flat = func(b *ir.Block) {
		for _, s := range b.List {
			switch x := s.(type) {
			case *ir.Block:
				flat(x)
			case *ir.Return:
				if x.X != nil {
					stmts = append(stmts, x)
				}
			default:
				stmts = append(stmts, s)
			}
		}
	}
	flat(g.Body)
	if len(stmts) != 1 {
		return nil, false
	}
	ifs, ok := stmts[0].(*ir.If)
	if !ok || ifs.Else != nil {
		return nil, false
	}
	neg, ok := ifs.Cond.(*ir.Unary)
	if !ok || neg.Op != ir.Not {
		return nil, false
	}
	if x, ok := ir.Uncast(neg.X).(*ir.Ident); !ok || x.Var != g.Params[0] || !ir.IsScalar(x.Var.Type) {
		return nil, false
	}
	stops := false
	for _, s := range ifs.Then.List {
		if call := topCall(s); call != nil && analysis.NoReturn(call) {
			stops = true
		}
	}
	if !stops {
		return nil, false
	}
	for _, p := range g.Params {
		if writes(g.Body, p) {
			return nil, false
		}
	}
	return arg, true
}

// declares reports whether f's body declares v.
func declares(f *ir.Function, v *ir.Var) bool {
	found := false
	ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
		if d, ok := n.(*ir.DeclStmt); ok && d.Var == v {
			found = true
		}
		return !found
	})
	return found
}

// writes reports whether body writes v or takes its address.
func writes(body *ir.Block, v *ir.Var) bool {
	found := false
	ir.Inspect(ir.Stmt(body), func(n any) bool {
		if ir.Modified(n) == v {
			found = true
		}
		if u, ok := n.(*ir.Unary); ok && u.Op == ir.Addr && ir.DirectVar(u.X) == v {
			found = true
		}
		return !found
	})
	return found
}
