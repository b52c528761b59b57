// Package lockorder is the static deadlock analysis: the lock-order graph
// of the unbounded program (seed paper 002, L2D2), over the thread
// structure (package threads) and the locksets (package lockset) the race
// analysis uses.
//
// Its resources are the locks (named as the lockset analysis names them,
// through pointers when the target is one object) and the ends of the
// threads of each class: a thread "holds" its own end while it runs, and a
// join waits for the end of the thread it joins. A dependency X -> Y is a
// thread that may hold X while it blocks acquiring Y (a mutex, a spin
// lock, a read-write lock in its mode) or joining Y. A deadlock needs a
// cycle of dependencies of threads that may all be at them at once: the
// analysis drops a cycle two of whose dependencies hold one lock besides
// the cycle's (a gate lock), cannot run in parallel (create, join), or
// belong to one thread; and a cycle through a read-write lock that every
// dependency holds or takes for reading. It also reports a thread that
// takes a lock it may already hold (self-deadlock of a normal mutex) and a
// thread that may end holding a lock another thread takes.
//
// A lock the lockset analysis cannot name (an element at an unknown index,
// one of several objects) stands for its object's whole class of locks:
// every lock of that object is then one resource. The analysis assumes that
// a thread releases only locks it holds (releasing another is undefined
// for a normal mutex; an unlock of a lock it surely does not hold makes it
// decline).
//
// The program is deadlock-free for every bound when none of these remains
// and the analysis followed everything: a blocking wait it does not model
// (condition variables, barriers, semaphores), a lock pointer that may
// point anywhere, or a construct the analyses do not follow
// (analysis.Unfollowed) make it decline.
package lockorder

import (
	"fmt"
	"sort"
	"strings"

	"github.com/ladr-dev/ladr/translate/analysis"
	"github.com/ladr-dev/ladr/translate/analysis/flow"
	"github.com/ladr-dev/ladr/translate/analysis/lockset"
	"github.com/ladr-dev/ladr/translate/analysis/pointsto"
	"github.com/ladr-dev/ladr/translate/analysis/threads"
	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/model"
)

// Dep is a dependency: a thread of Class, at statement Stmt of its routine,
// may hold From while it blocks on To.
type Dep struct {
	From, To string // resource keys: "lock:KEY" or "end:CLASS"
	// FromMode and ToMode are how From is held and To is requested
	// (lockset.Shared or Exclusive; Exclusive for thread ends).
	FromMode, ToMode lockset.Mode
	Class            *threads.Class
	Routine          *ir.Function
	Stmt             ir.Stmt
	// Pos is the blocking call (the acquisition of To, or the join).
	Pos ir.Pos
	// HeldAt are the acquisitions of From in the routine (for the
	// report), empty for a thread's own end.
	HeldAt []ir.Pos
	// Gates are the locks surely held at Stmt.
	Gates lockset.Held
}

// Cycle is a potential deadlock: each dependency's To is the next one's
// From.
type Cycle struct {
	Deps []Dep
}

// Leak is a thread that may end holding a lock another thread may then
// wait for forever.
type Leak struct {
	Lock    string
	Class   *threads.Class
	Routine *ir.Function
	// Acquire is an acquisition of the lock by another thread.
	Acquire Dep
}

// Result is the outcome of the analysis.
type Result struct {
	// Deps are the dependencies, Locks the number of locks among their
	// resources.
	Deps  []Dep
	Locks int
	// Cycles are the potential deadlocks between threads; Self the
	// acquisitions of a lock the thread may already hold (To == From);
	// Leaks the locks a thread may keep when it ends.
	Cycles []Cycle
	Self   []Dep
	Leaks  []Leak
	// Declined, when set, is what the analysis does not follow (at
	// DeclinedAt): it then concludes nothing.
	Declined   string
	DeclinedAt ir.Pos
	names      map[string]string
}

// DeadlockFree reports whether the analysis proves that no execution of
// the program deadlocks.
func (r *Result) DeadlockFree() bool {
	return r.Declined == "" && len(r.Cycles) == 0 && len(r.Self) == 0 && len(r.Leaks) == 0
}

// Name returns a resource's name as text: the lock's, or "the end of the
// thread(s) of ROUTINE".
func (r *Result) Name(key string) string {
	if n, ok := r.names[key]; ok {
		return n
	}
	return key
}

// MaxCycles bounds the cycles the analysis enumerates; MaxLength their
// length; MaxDeps the dependencies (beyond it the analysis declines).
const (
	MaxCycles = 100
	MaxLength = 4
	MaxDeps   = 5000
)

// Analyzer computes the lock-order graph and its potential deadlocks.
var Analyzer = &analysis.Analyzer{
	Name:     "lockorder",
	Doc:      "lock-order dependencies (locks and thread ends held while blocking), their feasible cycles, self-deadlocks and locks kept at a thread's end",
	Requires: []*analysis.Analyzer{threads.Analyzer, lockset.Analyzer, pointsto.Analyzer},
	Run: func(p *analysis.Pass) (any, error) {
		return analyze(p.Program, p.ResultOf[threads.Analyzer].(*threads.Result), p.ResultOf[lockset.Analyzer].(*lockset.Result),
			p.ResultOf[pointsto.Analyzer].(*pointsto.Result)), nil
	},
}

// Analyze runs the deadlock analysis over p.
func Analyze(p *analysis.Program) *Result {
	if what, at := analysis.RaceOnly(p); what != "" {
		return &Result{Declined: what, DeclinedAt: at}
	}
	p, why, at := threads.Prepare(p)
	if why != "" {
		return &Result{Declined: why, DeclinedAt: at}
	}
	res, err := analysis.Run(p, Analyzer)
	if err != nil {
		return &Result{Declined: err.Error()}
	}
	return res[Analyzer].(*Result)
}

func lockKey(k string) string { return "lock:" + k }
func endKey(c *threads.Class) string {
	return fmt.Sprintf("end:%d", c.ID)
}

func analyze(p *analysis.Program, th *threads.Result, ls *lockset.Result, pts *pointsto.Result) *Result {
	r := &Result{names: map[string]string{}}
	if th.Declined != "" {
		r.Declined, r.DeclinedAt = th.Declined, th.DeclinedAt
		return r
	}
	if ls.Declined != "" {
		r.Declined, r.DeclinedAt = ls.Declined, ls.DeclinedAt
		return r
	}
	if ls.UnheldUnlock != "" {
		// Undefined behaviour: the analysis assumes a thread releases
		// only locks it holds.
		r.Declined, r.DeclinedAt = ls.UnheldUnlock, ls.UnheldUnlockAt
		return r
	}
	for _, c := range th.Classes {
		r.names[endKey(c)] = "the end of the thread(s) of " + c.Routine.Name
	}
	decline := func(pos ir.Pos, format string, args ...any) {
		if r.Declined == "" {
			r.Declined, r.DeclinedAt = fmt.Sprintf(format, args...), pos
		}
	}
	rs := &resources{ls: ls, pts: pts, names: r.names, coarse: map[*pointsto.Object]bool{}}
	if pos, what := rs.findCoarse(p); what != "" {
		decline(pos, "%s", what)
		return r
	}
	locks := map[string]bool{}
	// acquires are the acquisition sites of each resource, per routine.
	acquires := map[*ir.Function]map[string][]ir.Pos{}
	// classesAtExit are the classes each routine may hold when it ends.
	classesAtExit := map[*ir.Function]map[string]bool{}
	var all []Dep
	for _, f := range p.Entries {
		cls := th.Of(f)
		if len(cls) == 0 {
			continue
		}
		acquires[f] = map[string][]ir.Pos{}
		classHeld, atExit, ok := rs.classesHeld(f)
		classesAtExit[f] = atExit
		if !ok {
			decline(f.Pos, "no fixpoint of the locks %s may hold", f.Name)
			return r
		}
		ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
			s, ok := n.(ir.Stmt)
			if !ok {
				return false
			}
			if !th.Reached(f, s) {
				return true
			}
			c, _ := bound.CallOf(s)
			if c == nil {
				return true
			}
			g := ir.CalledFunc(c)
			if g == nil {
				return true
			}
			info := model.Lookup(g.Name)
			pos := c.P
			if !pos.IsValid() {
				pos = s.Origin().Pos
			}
			var targets []string
			var toMode lockset.Mode = lockset.Exclusive
			switch {
			case info.Blocks == model.UntilPosted || info.Blocks == model.UntilSignalled || info.Blocks == model.UntilAllArrived:
				decline(pos, "%s blocks until another thread acts (a semaphore, a condition variable or a barrier): the lock-order analysis does not follow it", g.Name)
				return true
			case info.Lock.Act == model.Acquire && (info.Blocks == model.UntilUnlocked || info.Blocks == model.UntilNoWriter):
				if info.Lock.Arg >= len(c.Args) {
					return true
				}
				if info.Lock.Object == model.RWLock && info.Lock.Mode == model.Shared {
					toMode = lockset.Shared
				}
				targets = rs.of(c.Args[info.Lock.Arg])
				for _, t := range targets {
					locks[t] = true
					acquires[f][t] = append(acquires[f][t], pos)
				}
			case info.Op == model.OpJoin:
				if t := th.JoinTarget(f, s); t != nil {
					targets = []string{endKey(t)}
				} else {
					for _, t := range th.Classes[1:] {
						targets = append(targets, endKey(t))
					}
				}
			default:
				return true
			}
			held := rs.held(ls.MayAt(f, s), classHeld(s))
			gates := ls.At(f, s)
			for _, cl := range cls {
				for _, tgt := range targets {
					add := func(from string, fm lockset.Mode) {
						all = append(all, Dep{From: from, To: tgt, FromMode: fm, ToMode: toMode, Class: cl, Routine: f, Stmt: s, Pos: pos, Gates: gates})
					}
					add(endKey(cl), lockset.Exclusive)
					for _, k := range sortedKeys(held) {
						add(k, held[k])
					}
				}
			}
			return true
		})
	}
	r.Locks = len(locks)
	if r.Declined != "" {
		return r
	}
	if len(all) > MaxDeps {
		decline(ir.Pos{}, "more than %d lock-order dependencies", MaxDeps)
		return r
	}
	for i := range all {
		d := &all[i]
		if strings.HasPrefix(d.From, "lock:") || strings.HasPrefix(d.From, "class:") {
			d.HeldAt = acquires[d.Routine][d.From]
		}
		if d.From == d.To {
			if d.FromMode == lockset.Shared && d.ToMode == lockset.Shared {
				continue // a second read lock does not block on the first
			}
			if strings.HasPrefix(d.From, "class:") {
				// One lock of a class while holding another (or the
				// same): threads doing it in other orders may wait for
				// each other.
				r.Cycles = append(r.Cycles, Cycle{Deps: []Dep{*d}})
				continue
			}
			r.Self = append(r.Self, *d)
			continue
		}
		r.Deps = append(r.Deps, *d)
	}
	r.Cycles = append(r.Cycles, cycles(r.Deps, th)...)
	r.Leaks = leaks(p, th, rs, classesAtExit, r.Deps)
	// A fixed order for the report (resource keys depend on how the
	// analyses numbered objects).
	sort.SliceStable(r.Self, func(i, j int) bool { return depOrder(r.Self[i]) < depOrder(r.Self[j]) })
	sort.SliceStable(r.Leaks, func(i, j int) bool {
		a, b := r.Leaks[i], r.Leaks[j]
		return a.Routine.Name+"\x00"+a.Lock < b.Routine.Name+"\x00"+b.Lock
	})
	return r
}

// resources maps the locks of the program to the resources of the graph:
// "lock:KEY" for a lock the lockset analysis names (one object), and
// "class:OBJ" for every lock of an object some acquisition or release
// does not name (an element at an unknown index, one of several
// objects): all the locks of such an object are one resource, coarser but
// sound (a cycle through it is a potential deadlock).
type resources struct {
	ls     *lockset.Result
	pts    *pointsto.Result
	names  map[string]string
	coarse map[*pointsto.Object]bool
}

func classKey(o *pointsto.Object) string { return "class:" + o.String() + "@" + o.Pos.String() }

// findCoarse finds the objects of the locks some acquisition or release
// does not name; it returns what it cannot follow (a lock pointer that may
// point anywhere).
func (rs *resources) findCoarse(p *analysis.Program) (ir.Pos, string) {
	var pos ir.Pos
	what := ""
	for _, f := range p.Entries {
		ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
			if what != "" {
				return false
			}
			c, ok := n.(*ir.Call)
			if !ok {
				return true
			}
			g := ir.CalledFunc(c)
			if g == nil {
				return true
			}
			info := model.Lookup(g.Name)
			if info.Lock.Object == 0 || info.Lock.Arg >= len(c.Args) {
				return true
			}
			arg := c.Args[info.Lock.Arg]
			if _, named := rs.ls.LockOf(arg); named {
				return true
			}
			set := rs.pts.Eval(arg)
			if len(set) == 0 || set.Unknown() {
				pos, what = c.P, fmt.Sprintf("%s of a lock the analysis cannot follow (%s)", g.Name, ir.ExprString(arg))
				return false
			}
			for _, l := range set {
				rs.coarse[l.Obj] = true
			}
			return true
		})
	}
	return pos, what
}

// of returns the resources a lock argument may designate.
func (rs *resources) of(arg ir.Expr) []string {
	if k, named := rs.ls.LockOf(arg); named {
		if o := rs.ls.ObjectOf(k); o == nil || !rs.coarse[o] {
			key := lockKey(k)
			rs.names[key] = rs.ls.Name(k)
			return []string{key}
		}
	}
	var out []string
	seen := map[string]bool{}
	for _, l := range rs.pts.Eval(arg) {
		k := classKey(l.Obj)
		if !seen[k] {
			seen[k] = true
			out = append(out, k)
			if _, ok := rs.names[k]; !ok {
				rs.names[k] = "a lock of " + l.Obj.String() + " (" + l.String() + ")"
			}
		}
	}
	sort.Strings(out)
	return out
}

// held returns the resources a thread may hold: the named locks the
// lockset analysis says it may hold (mapped to their class when their
// object is coarse) and the classes it may hold through unnamed locks.
func (rs *resources) held(named lockset.Held, classes map[string]bool) lockset.Held {
	out := lockset.Held{}
	for k, m := range named {
		if k == lockset.Atomic {
			continue
		}
		key := lockKey(k)
		if o := rs.ls.ObjectOf(k); o != nil && rs.coarse[o] {
			key = classKey(o)
		}
		if old, ok := out[key]; !ok || old == lockset.Shared {
			out[key] = m
		}
	}
	for k := range classes {
		out[k] = lockset.Exclusive
	}
	return out
}

// manyHeld is the count of locks of a class from which the analysis no
// longer counts releases (the thread may hold some for ever after).
const manyHeld = 4

// classesHeld returns, for the statements of routine f, the classes of
// unnamed locks the thread may hold: it counts the acquisitions of
// unnamed locks of each class and the releases of one (a release of one
// of several classes may leave any held; from manyHeld on, the count
// stays). atExit are those it may hold when it ends (returns or calls
// pthread_exit).
func (rs *resources) classesHeld(f *ir.Function) (at func(ir.Stmt) map[string]bool, atExit map[string]bool, ok bool) {
	type st struct {
		reach bool
		n     map[string]int // how many: 1 to manyHeld (that many or more)
	}
	op := func(s ir.Stmt) (model.LockAct, []string) {
		c, _ := bound.CallOf(s)
		if c == nil {
			return 0, nil
		}
		g := ir.CalledFunc(c)
		if g == nil {
			return 0, nil
		}
		info := model.Lookup(g.Name)
		if info.Lock.Object == 0 || info.Lock.Arg >= len(c.Args) {
			return 0, nil
		}
		if _, named := rs.ls.LockOf(c.Args[info.Lock.Arg]); named {
			return 0, nil
		}
		return info.Lock.Act, rs.of(c.Args[info.Lock.Arg])
	}
	l := flow.Lattice[st]{
		Join: func(a, b st) st {
			switch {
			case !a.reach:
				return b
			case !b.reach:
				return a
			}
			out := st{reach: true, n: map[string]int{}}
			for k, v := range a.n {
				out.n[k] = v
			}
			for k, v := range b.n {
				out.n[k] = max(out.n[k], v)
			}
			return out
		},
		Equal: func(a, b st) bool {
			if a.reach != b.reach || len(a.n) != len(b.n) {
				return false
			}
			for k, v := range a.n {
				if b.n[k] != v {
					return false
				}
			}
			return true
		},
		Exit: analysis.IsThreadExit,
		Transfer: func(s ir.Stmt, in st) st {
			if !in.reach {
				return in
			}
			act, classes := op(s)
			if len(classes) == 0 {
				return in
			}
			out := st{reach: true, n: map[string]int{}}
			for k, v := range in.n {
				out.n[k] = v
			}
			switch {
			case act == model.Acquire || act == model.TryAcquire:
				for _, k := range classes {
					out.n[k] = min(out.n[k]+1, manyHeld)
				}
			case act == model.Release && len(classes) == 1 && out.n[classes[0]] > 0 && out.n[classes[0]] < manyHeld:
				// It releases one it holds (releasing a mutex it does
				// not hold is undefined).
				if out.n[classes[0]]--; out.n[classes[0]] == 0 {
					delete(out.n, classes[0])
				}
			}
			return out
		},
	}
	res, ok := flow.Forward(f.Body, st{reach: true, n: map[string]int{}}, l)
	if !ok {
		return nil, nil, false
	}
	exit := map[string]bool{}
	if res.Exit.reach {
		for k := range res.Exit.n {
			exit[k] = true
		}
	}
	return func(s ir.Stmt) map[string]bool {
		x := res.In[s]
		out := map[string]bool{}
		if x.reach {
			for k := range x.n {
				out[k] = true
			}
		}
		return out
	}, exit, true
}

func sortedKeys(h lockset.Held) []string {
	out := make([]string, 0, len(h))
	for k := range h {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// cycles enumerates the elementary cycles of at most MaxLength
// dependencies that threads may close at once (feasible).
func cycles(deps []Dep, th *threads.Result) []Cycle {
	byFrom := map[string][]int{}
	for i, d := range deps {
		byFrom[d.From] = append(byFrom[d.From], i)
	}
	var out []Cycle
	seen := map[string]bool{}
	var path []int
	var walk func(start string, at string)
	walk = func(start, at string) {
		if len(out) >= MaxCycles {
			return
		}
		for _, i := range byFrom[at] {
			d := deps[i]
			if d.To == start {
				cyc := append(append([]int(nil), path...), i)
				if key := cycleKey(cyc, deps); !seen[key] && feasible(cyc, deps, th) {
					seen[key] = true
					c := Cycle{}
					for _, j := range cyc {
						c.Deps = append(c.Deps, deps[j])
					}
					out = append(out, canonical(c))
				}
				continue
			}
			// Elementary, and started from its least resource.
			if len(path)+1 >= MaxLength || d.To < start || onPath(path, deps, d.To) {
				continue
			}
			path = append(path, i)
			walk(start, d.To)
			path = path[:len(path)-1]
		}
	}
	var starts []string
	for k := range byFrom {
		starts = append(starts, k)
	}
	sort.Strings(starts)
	for _, s := range starts {
		walk(s, s)
	}
	sort.SliceStable(out, func(i, j int) bool { return depOrder(out[i].Deps[0]) < depOrder(out[j].Deps[0]) })
	return out
}

// depOrder orders dependencies by their thread's routine and position
// (resource keys depend on how the analyses numbered objects).
func depOrder(d Dep) string {
	return fmt.Sprintf("%s@%s:%09d:%09d", d.Routine.Name, d.Pos.File, d.Pos.Line, d.Pos.Col)
}

// canonical rotates a cycle to start at its first dependency in depOrder.
func canonical(c Cycle) Cycle {
	best := 0
	for i := range c.Deps {
		if depOrder(c.Deps[i]) < depOrder(c.Deps[best]) {
			best = i
		}
	}
	return Cycle{Deps: append(append([]Dep(nil), c.Deps[best:]...), c.Deps[:best]...)}
}

func onPath(path []int, deps []Dep, res string) bool {
	for _, i := range path {
		if deps[i].From == res || deps[i].To == res {
			return true
		}
	}
	return false
}

// cycleKey identifies a cycle by its resources and sites (one report per
// cycle of sites, whatever the classes).
func cycleKey(cyc []int, deps []Dep) string {
	var parts []string
	for _, i := range cyc {
		d := deps[i]
		parts = append(parts, d.From+">"+d.To+"@"+d.Pos.String())
	}
	return strings.Join(parts, "|")
}

// feasible reports whether distinct threads may hold the dependencies of
// a cycle at once.
func feasible(cyc []int, deps []Dep, th *threads.Result) bool {
	for a := 0; a < len(cyc); a++ {
		da := deps[cyc[a]]
		for b := a + 1; b < len(cyc); b++ {
			db := deps[cyc[b]]
			if da.Class == db.Class && !da.Class.Multi {
				return false // one thread cannot wait twice
			}
			if !th.Parallel(da.Class, da.Stmt, db.Class, db.Stmt) {
				return false
			}
			for g, m := range da.Gates {
				// A lock both surely hold, one of them exclusively (a
				// gate lock, or an atomic section): not both at once.
				if mb, ok := db.Gates[g]; ok && (m == lockset.Exclusive || mb == lockset.Exclusive) {
					return false
				}
			}
		}
	}
	// Each resource must block its waiter: not both sides reading.
	for a := range cyc {
		holder := deps[cyc[(a+1)%len(cyc)]]
		waiter := deps[cyc[a]]
		if holder.FromMode == lockset.Shared && waiter.ToMode == lockset.Shared {
			return false
		}
	}
	return true
}

// leaks returns, for each lock (or class of locks) a thread may hold when
// it ends, one acquisition of it by another thread.
func leaks(p *analysis.Program, th *threads.Result, rs *resources, classesAtExit map[*ir.Function]map[string]bool, deps []Dep) []Leak {
	var out []Leak
	for _, f := range p.Entries {
		cls := th.Of(f)
		if len(cls) == 0 || f == p.Entries[0] && !callsThreadExit(f) {
			continue // main's return ends the program (its pthread_exit does not)
		}
		held := rs.held(rs.ls.MayAtExit(f), classesAtExit[f])
		for _, k := range sortedKeys(held) {
			for _, d := range deps {
				if d.To != k {
					continue
				}
				for _, cl := range cls {
					if d.Class != cl || cl.Multi {
						out = append(out, Leak{Lock: rs.names[k], Class: cl, Routine: f, Acquire: d})
						goto next
					}
				}
			}
		next:
		}
	}
	return out
}

// callsThreadExit reports whether f calls pthread_exit.
func callsThreadExit(f *ir.Function) bool {
	found := false
	ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
		if s, ok := n.(ir.Stmt); ok && analysis.IsThreadExit(s) {
			found = true
		}
		return !found
	})
	return found
}

// String summarizes the result.
func (r *Result) String() string {
	if r.Declined != "" {
		return "declined: " + r.Declined
	}
	return fmt.Sprintf("%d locks, %d dependencies, %d cycles, %d self, %d leaks", r.Locks, len(r.Deps), len(r.Cycles), len(r.Self), len(r.Leaks))
}
