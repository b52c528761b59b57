// Package candidates lists the race candidates of a whole program without
// inlining or bounding it: the pairs of accesses, in code threads of two
// start routines (or two threads of one) may run at once, to memory that
// may overlap, at least one a write, not both atomic, and with no common
// lock surely held at both. It is the first step on programs too large to
// inline (tens of thousands of lines): each candidate names both sites,
// the threads by their start routine and create site, and why the pair may
// race; the most likely come first.
//
// The analysis is context-insensitive and, where it cannot follow, assumes
// the worst, so that a pair it does not list cannot race in the program it
// saw:
//   - Threads: main, the start routine of every pthread_create (a routine
//     through a pointer: every address-taken function that fits), and every
//     function whose address escapes into a library function ladr does not
//     know (an event loop's callback, a signal handler), which that code may
//     run in any thread, several at once.
//   - Memory: a variable (with its member path) when the access names it;
//     an object of a type (with its member path) when the access goes
//     through a pointer. A named variable overlaps an object of its type (or
//     a member's) only when its address is taken. A pointer cast to char
//     or void keeps the type it had before the cast; an access through a
//     pointer to characters overlaps the character data (char arrays and
//     members): the analysis assumes that such a pointer points to
//     characters (the proof does not, see Result.Proved). The objects of
//     synchronization functions (mutexes, conditions, ...) are opaque: no
//     access through a pointer of another type touches them (POSIX leaves
//     that undefined).
//   - Locks: a lock counts as held in common only when it is one object:
//     a global or static mutex, spin lock or read-write lock (or a member
//     of one), taken with a call whose effect on the lock the library table
//     knows, along every path to both accesses (a must-lockset analysis
//     over each function, with the locks held at its every call site at its
//     entry). A lock reached through a pointer or an array element may be
//     another object: holding "the same kind" of lock lowers a candidate's
//     rank but does not exclude it.
//   - Several threads of a kind run at once unless its one create site is
//     run by one thread at a time (main, or a kind that has one thread at
//     a time) and either runs once or finds the thread it created last
//     joined by that creator (multiplicity.go: a count of the site's
//     running threads over the creator's code, function by function,
//     kept apart by what paths know of integer results, so that a start
//     function that fails without a thread and a caller that tests its
//     result are followed; a handle may be a global only the site
//     writes, or a local of the site's function, joined where that call
//     of the function set it). Such a creator's accesses race with the
//     threads of the site only where the count says one may run (main's
//     too, in any function), and two kinds it creates race not when
//     neither's site runs while a thread of the other does.
//   - Main races with a kind of thread only from the first top-level
//     statement of its body that may create such a thread (or the thread
//     that creates it) on: what main does before, itself or in the
//     functions those statements call, happens before the threads exist.
//     A callback may run from the first statement that may hand it to
//     the library on.
package candidates

import (
	"fmt"
	"sort"
	"strings"

	"github.com/ladr-dev/ladr/translate/analysis"
	"github.com/ladr-dev/ladr/translate/analysis/callgraph"
	"github.com/ladr-dev/ladr/translate/ir"
)

// Analyzer computes the Result of the whole program (Pass.Prog).
var Analyzer = &analysis.Analyzer{
	Name:     "candidates",
	Doc:      "race candidates of the whole program, without inlining: pairs of accesses threads may make at once to overlapping memory with no common lock",
	Requires: []*analysis.Analyzer{callgraph.Analyzer},
	Run: func(p *analysis.Pass) (any, error) {
		return analyze(p.Prog, p.ResultOf[callgraph.Analyzer].(*callgraph.Graph), nil, false)
	},
}

// MaxListed bounds the candidates a Result lists (Total counts all).
const MaxListed = 200

// Analyze lists the race candidates of prog.
func Analyze(prog *ir.Program) *Result {
	r, _ := AnalyzeWith(prog, nil)
	return r
}

// AnalyzeWith lists the race candidates of prog, taking the user's facts
// as given; a fact naming a function or lock prog does not define is a
// *FactError. The result's Facts say how many pairs each fact excluded.
func AnalyzeWith(prog *ir.Program, facts []Fact) (*Result, error) {
	r, err := analyze(prog, callgraph.Build(prog), facts, false)
	if err != nil || r.Total > 0 || len(facts) > 0 {
		if err == nil && r.Total == 0 {
			r.Declined = "the user's facts were taken"
		}
		return r, err
	}
	// No candidate: the analysis again, assuming the worst where the
	// listing assumed the likely, decides whether that is a proof.
	s, err := analyze(prog, callgraph.BuildSound(prog), nil, true)
	if err != nil {
		return nil, err
	}
	switch {
	case s.declined != "":
		r.Declined, r.DeclinedAt = s.declined, s.declinedAt
	case s.Total > 0:
		r.Declined = fmt.Sprintf("assuming the worst of calls through pointers and of accesses through pointers to bytes, %d pair(s) may race", s.Total)
	default:
		r.Proved = true
	}
	return r, nil
}

// Result is what the analysis found.
type Result struct {
	// Functions are the program's defined functions; Reached those some
	// thread runs after threads exist.
	Functions int `json:"functions"`
	Reached   int `json:"reached"`
	// Threads are the kinds of threads: main, each start routine, each
	// escaped callback.
	Threads []Thread `json:"threads"`
	// Accesses are the accesses to memory other threads may reach, in the
	// functions reached.
	Accesses int `json:"accesses"`
	// Pairs are the pairs of them to overlapping memory, at least one a
	// write, in threads that may run at once; Excluded says how many of
	// them an argument excludes, by argument.
	Pairs    int            `json:"pairs"`
	Excluded map[string]int `json:"excluded"`
	// Total is the number of candidates, Memories the number of memories
	// they access; Candidates lists MaxListed of them: the most likely of
	// each memory first, most likely first, then the others.
	Total      int         `json:"total"`
	Memories   int         `json:"memories"`
	Candidates []Candidate `json:"candidates"`
	// all are every candidate (Candidates is their first MaxListed).
	all []Candidate
	// Proved: there is no candidate, and the analysis, run again assuming
	// the worst everywhere it cannot follow (every function a call
	// through a pointer may reach, accesses through pointers to bytes
	// overlapping everything), found none either and followed the whole
	// program: no two accesses may race in any execution, whatever the
	// bounds. Declined says why a result without candidates is no proof.
	Proved     bool   `json:"proved"`
	Declined   string `json:"declined,omitempty"`
	DeclinedAt string `json:"declined_at,omitempty"`
	declined   string
	declinedAt string
	// Facts are the user's facts taken, with the pairs each excluded.
	Facts []Fact `json:"facts,omitempty"`
	// Unresolved are the calls through a pointer no function fits (the
	// analysis does not know what they do).
	Unresolved []string `json:"unresolved,omitempty"`
}

// Thread is a kind of thread.
type Thread struct {
	// Routine is the function the threads start in.
	Routine string `json:"routine"`
	// Kind is main, thread (created with pthread_create) or callback (an
	// escaped function library code may call).
	Kind string `json:"kind"`
	// CreatedAt are the create sites (for a thread).
	CreatedAt []string `json:"created_at,omitempty"`
	// Many: several threads of the kind may run at once.
	Many bool `json:"many"`
}

// Candidate is a pair of accesses that may race.
type Candidate struct {
	// Memory names the memory both access.
	Memory string `json:"memory"`
	First  Side   `json:"first"`
	Second Side   `json:"second"`
	// Why says why the pair may race.
	Why string `json:"why"`
	// Rank orders the candidates (higher first).
	Rank int `json:"rank"`
}

// Side is one access of a candidate.
type Side struct {
	Pos      ir.Pos   `json:"-"`
	Position string   `json:"pos"`
	Func     string   `json:"func"`
	Write    bool     `json:"write"`
	Threads  []string `json:"threads"`
	Locks    []string `json:"locks,omitempty"`
}

// String describes a candidate in one line.
func (c Candidate) String() string {
	rw := func(w bool) string {
		if w {
			return "write"
		}
		return "read"
	}
	return fmt.Sprintf("%s: %s at %s in %s [%s] and %s at %s in %s [%s]: %s", c.Memory,
		rw(c.First.Write), c.First.Position, c.First.Func, strings.Join(c.First.Threads, ", "),
		rw(c.Second.Write), c.Second.Position, c.Second.Func, strings.Join(c.Second.Threads, ", "), c.Why)
}

// loc is abstract memory: a variable and a member path, or an object of a
// type and a member path.
type loc struct {
	v    *ir.Var
	typ  string // the object's type key, when through a pointer
	path string // ".f.g", "[]" for an element
	// leaf is the type key of the object accessed.
	leaf string
	// steps are the objects along path, one per member or element (the
	// last one is leaf's).
	steps []step
	// bytes: the access goes through a pointer to bytes.
	bytes bool
	// own: the variable is the accessing thread's own instance (a
	// thread-local or automatic variable accessed by name).
	own bool
}

// step is one member or element of a loc's path: the object it reaches.
type step struct {
	// end is where the step ends in the path: the rest of the path
	// from that object is path[end:].
	end int
	// typ is the type key of the object.
	typ string
}

func (l loc) String() string {
	if l.v != nil {
		return l.v.Name + l.path
	}
	if l.path == "" {
		return "*(" + l.typ + " *)"
	}
	return "(" + l.typ + ")" + l.path
}

// access is one access of shared memory.
type access struct {
	pos ir.Pos
	f   *ir.Function
	// stmt is the statement that makes the access (nil: not known).
	stmt   ir.Stmt
	write  bool
	atomic bool
	l      loc
	// must are the locks surely held (one object each), with their mode
	// ("r" shared); kind are the locks of a kind held (through pointers).
	must map[string]string
	kind map[string]bool
	// sync: a synchronization function's access of its object (a mutex,
	// a condition...), which the program does not access through a
	// pointer of another type (their types are opaque: POSIX leaves such
	// accesses undefined).
	sync bool
	// free: the access releases a heap block (free, realloc).
	free bool
	// mainAt: when main makes the access, the top-level statements of
	// main's body in which it may.
	mainAt []int
}

// analyze lists the candidates of prog with call graph g.
func analyze(prog *ir.Program, g *callgraph.Graph, facts []Fact, sound bool) (*Result, error) {
	a := &analyzer{prog: prog, g: g, addrTaken: addressTaken(prog), escapes: escaping(prog, sound), sound: sound}
	res := &Result{Functions: len(g.Funcs), Excluded: map[string]int{}}
	for _, s := range g.Unresolved {
		res.Unresolved = append(res.Unresolved, s.Call.P.String())
	}
	if err := a.checkFacts(facts); err != nil {
		return nil, err
	}
	for i := range facts {
		a.facts = append(a.facts, &facts[i])
	}
	a.threads()
	a.applyFacts()
	a.summaries()
	a.entryLocks()
	var accs []*access
	for _, f := range g.Funcs {
		if len(a.runBy[f]) == 0 {
			continue
		}
		res.Reached++
		accs = append(accs, a.collect(f, a.entry[f])...)
	}
	res.Accesses = len(accs)
	for _, t := range a.kinds {
		th := Thread{Routine: t.routine.Name, Kind: t.kind, Many: t.many}
		for _, p := range t.sites {
			th.CreatedAt = append(th.CreatedAt, p.String())
		}
		res.Threads = append(res.Threads, th)
	}
	a.pairs(accs, res)
	for _, f := range a.facts {
		res.Facts = append(res.Facts, *f)
	}
	if sound {
		a.soundChecks()
		res.declined = a.declineMsg
		if a.declinePos.IsValid() {
			res.declinedAt = a.declinePos.String()
		}
	}
	return res, nil
}

// kind is a kind of thread.
type kind struct {
	routine *ir.Function
	kind    string
	sites   []ir.Pos
	many    bool
	// creator is the one kind of thread (not main) that runs the kind's
	// create site, when it has one thread at a time; live holds the
	// number of the kind's threads (0, 1, 2 for more) the creator may
	// have running at each statement it runs (what creatorJoins counts).
	creator *kind
	live    *liveCounts
	// byMain: the creator is main (creator is set once main's kind
	// exists); site is the one create site.
	byMain bool
	site   *callgraph.Create
	// singleton is the user's fact that makes a many kind single.
	singleton *Fact
}

// analyzer holds the analysis's state.
type analyzer struct {
	prog      *ir.Program
	g         *callgraph.Graph
	addrTaken map[*ir.Var]bool
	// escapes are the automatic variables whose address may reach
	// another thread (escape.go).
	escapes map[*ir.Var]bool
	kinds   []*kind
	// runBy: the kinds of threads that run each function after threads
	// exist (indices into kinds).
	runBy map[*ir.Function][]int
	// acq and keep summarise each function's effect on the locks a
	// caller holds: acq the must locks it surely holds when it returns
	// (taken in it), keep the locks it surely leaves held if they were
	// (it may release the others). allLocks are the keys of every lock
	// the program takes.
	acq      map[*ir.Function]map[string]string
	keep     map[*ir.Function]map[string]bool
	allLocks state
	// entry are the must locks held at every call of each function (nil:
	// none known yet, the top).
	entry map[*ir.Function]map[string]string
	// siteOf are the targets of each call; lockEscapes the must locks a
	// pointer may reach.
	siteOf      map[*ir.Call][]*ir.Function
	lockEscapes map[string]bool
	// created is, for each kind of thread, the first top-level statement
	// of main from which threads of the kind may exist.
	created []int
	// mainAt are, for each function main runs, the top-level statements
	// of main's body whose calls reach it; joined is, for each kind, the
	// top-level statement of main from which no thread of the kind runs
	// any more (it joined the one thread of the kind).
	mainAt map[*ir.Function][]int
	joined []int
	// facts are the user's; exclusive holds, per exclusive fact, the
	// functions inside each of its functions; holds the locks a holds
	// fact adds at a function's entry.
	facts      []*Fact
	exclusive  []exclusiveFact
	holds      map[*ir.Function]state
	holdsFacts []holdsFact
	// sound: the analysis assumes the worst everywhere (for a proof),
	// and records why a proof is declined.
	sound      bool
	declineMsg string
	declinePos ir.Pos
	// reach are the functions main or a thread may run.
	reach map[*ir.Function]bool
	// nested holds the types each struct type's objects hold.
	nested map[string]map[string]bool
}

// decline records the first reason a sound analysis's result is no proof.
func (a *analyzer) decline(why string, pos ir.Pos) {
	if a.declineMsg == "" {
		a.declineMsg, a.declinePos = why, pos
	}
}

func (a *analyzer) declined() bool { return a.declineMsg != "" }

// exclusiveFact is an exclusive fact with the functions that run only
// inside each of its functions.
type exclusiveFact struct {
	fact   *Fact
	inside []map[*ir.Function]bool
}

// threads finds the kinds of threads and which functions each runs.
func (a *analyzer) threads() {
	main := a.prog.Func("main")
	a.runBy = map[*ir.Function][]int{}
	once := a.onceFuncs(main)
	// The program runs main and, transitively, what the threads and
	// callbacks of the code it runs start: a create site or an escape in
	// code nothing runs (an unused static copy of a header's wrapper)
	// starts nothing.
	live := map[*ir.Function]bool{}
	var grow func(roots ...*ir.Function) bool
	grow = func(roots ...*ir.Function) bool {
		added := false
		for _, f := range a.g.Reach(roots...) {
			if !live[f] {
				live[f] = true
				added = true
			}
		}
		return added
	}
	grow(main)
	for changed := true; changed; {
		changed = false
		for _, cr := range a.g.Creates {
			if live[cr.Caller] && grow(cr.Routines...) {
				changed = true
			}
		}
		for f, sites := range a.g.EscapedAt {
			for _, s := range sites {
				if live[s.Caller] && grow(f) {
					changed = true
				}
			}
		}
	}
	byRoutine := map[*ir.Function]*kind{}
	creates := map[*kind][]*callgraph.Create{}
	for _, cr := range a.g.Creates {
		if !live[cr.Caller] {
			continue
		}
		for _, r := range cr.Routines {
			k := byRoutine[r]
			if k == nil {
				k = &kind{routine: r, kind: "thread"}
				byRoutine[r] = k
				a.kinds = append(a.kinds, k)
			}
			k.sites = append(k.sites, cr.Call.P)
			creates[k] = append(creates[k], cr)
			if len(cr.Routines) > 1 {
				k.many = true
			}
		}
	}
	for _, f := range a.g.Escaped {
		escapes := false
		for _, s := range a.g.EscapedAt[f] {
			escapes = escapes || live[s.Caller]
		}
		if byRoutine[f] == nil && escapes {
			k := &kind{routine: f, kind: "callback", many: true}
			byRoutine[f] = k
			a.kinds = append(a.kinds, k)
		}
	}
	a.multiplicity(main, once, creates)
	for i, k := range a.kinds {
		for _, f := range a.g.Reach(k.routine) {
			a.runBy[f] = append(a.runBy[f], i+1)
		}
	}
	if main == nil || main.Body == nil {
		a.kinds = append([]*kind{{kind: "main", routine: &ir.Function{Name: "main"}}}, a.kinds...)
		return
	}
	a.kinds = append([]*kind{{routine: main, kind: "main"}}, a.kinds...)
	for _, k := range a.kinds[1:] {
		if k.byMain {
			k.creator = a.kinds[0]
		}
	}
	// Main runs each function from the top-level statements of its body
	// whose calls reach it; a kind of thread exists from the first of
	// them that may create it (or create the thread that creates it).
	// Main's access races with a thread of a kind only when main may make
	// it once the kind exists.
	a.mainAt = map[*ir.Function][]int{}
	reachOf := make([]map[*ir.Function]bool, len(main.Body.List))
	for i, s := range main.Body.List {
		reachOf[i] = map[*ir.Function]bool{}
		for _, f := range a.g.Reach(calledIn(s, a.g)...) {
			reachOf[i][f] = true
			a.mainAt[f] = append(a.mainAt[f], i)
		}
	}
	a.created = make([]int, len(a.kinds))
	for k := range a.kinds {
		a.created[k] = len(main.Body.List) + 1 // never
	}
	inMainStmt := func(c *ir.Call) int {
		for i, s := range main.Body.List {
			found := false
			ir.Inspect(s, func(n any) bool {
				if n == any(c) {
					found = true
				}
				return !found
			})
			if found {
				return i
			}
		}
		return -1
	}
	reach := make([]map[*ir.Function]bool, len(a.kinds))
	for j, other := range a.kinds {
		if j > 0 {
			reach[j] = map[*ir.Function]bool{}
			for _, f := range a.g.Reach(other.routine) {
				reach[j][f] = true
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for k, t := range a.kinds {
			if k == 0 {
				continue
			}
			// The calls from which threads of the kind may exist: its
			// create sites, or for a callback the calls it escapes
			// through.
			var from []*callgraph.Site
			for _, cr := range a.g.Creates {
				if contains(cr.Routines, t.routine) {
					from = append(from, cr.Site)
				}
			}
			if t.kind == "callback" {
				from = a.g.EscapedAt[t.routine]
			}
			best := a.created[k]
			for _, site := range from {
				if site.Caller == main {
					if i := inMainStmt(site.Call); i >= 0 && i < best {
						best = i
					}
				}
				for i := range reachOf {
					if i < best && reachOf[i][site.Caller] {
						best = i
					}
				}
				for j := range a.kinds {
					if j > 0 && a.created[j] < best && reach[j][site.Caller] {
						best = a.created[j]
					}
				}
			}
			if best < a.created[k] {
				a.created[k] = best
				changed = true
			}
		}
	}
	a.joined = make([]int, len(a.kinds))
	for k := range a.kinds {
		a.joined[k] = len(main.Body.List) + 1 // never
		if k > 0 {
			a.joined[k] = a.joinedAt(main, a.kinds[k])
		}
	}
	first := len(main.Body.List) + 1
	for k := 1; k < len(a.kinds); k++ {
		first = min(first, a.created[k])
	}
	// Main runs a function once threads exist when a statement from the
	// first creation on reaches it (main itself: when it creates any).
	if first <= len(main.Body.List) {
		a.runBy[main] = append([]int{0}, a.runBy[main]...)
	}
	for f, at := range a.mainAt {
		if f != main && at[len(at)-1] >= first {
			a.runBy[f] = append([]int{0}, a.runBy[f]...)
		}
	}
}

// joinedAt returns the top-level statement of main's body that joins the
// one thread of kind k: k has one thread, created by a top-level statement
// of main, pthread_create(&h, ...), with h a variable no other statement
// writes or takes the address of, and a later top-level statement is
// pthread_join(h, ...) (or x = pthread_join(h, ...)). Otherwise it returns
// the statement after the last (never).
func (a *analyzer) joinedAt(main *ir.Function, k *kind) int {
	never := len(main.Body.List) + 1
	if k.many || k.kind != "thread" {
		return never
	}
	var site *callgraph.Create
	for _, cr := range a.g.Creates {
		if contains(cr.Routines, k.routine) {
			if site != nil || cr.Caller != main {
				return never
			}
			site = cr
		}
	}
	if site == nil {
		return never
	}
	c := -1
	for i, s := range main.Body.List {
		if topCall(s) == site.Call {
			c = i
		}
	}
	u, ok := ir.Uncast(site.Call.Args[0]).(*ir.Unary)
	if c < 0 || !ok || u.Op != ir.Addr {
		return never
	}
	id, ok := u.X.(*ir.Ident)
	if !ok || a.handleUses(id.Var, u) {
		return never
	}
	for j := c + 1; j < len(main.Body.List); j++ {
		call := topCall(main.Body.List[j])
		if call == nil {
			continue
		}
		f := ir.CalledFunc(call)
		if f == nil || f.Body != nil || f.Name != "pthread_join" || len(call.Args) == 0 {
			continue
		}
		if h, ok := ir.Uncast(call.Args[0]).(*ir.Ident); ok && h.Var == id.Var {
			return j
		}
	}
	return never
}

// topCall returns the call statement s is (f(...); or x = f(...);), or nil.
func topCall(s ir.Stmt) *ir.Call {
	es, ok := s.(*ir.ExprStmt)
	if !ok {
		return nil
	}
	e := es.X
	if as, ok := e.(*ir.Assign); ok && as.Op == ir.OpNone {
		if _, ok := as.L.(*ir.Ident); ok {
			e = as.R
		}
	}
	c, _ := ir.Uncast(e).(*ir.Call)
	return c
}

// handleUses reports whether the program writes v, or takes its address,
// anywhere but in the one &v (create's).
func (a *analyzer) handleUses(v *ir.Var, create *ir.Unary) bool {
	found := false
	visit := func(n any) bool {
		switch x := n.(type) {
		case *ir.Unary:
			if x != create && x.Op == ir.Addr && rootVar(x.X) == v {
				found = true
			}
			if (x.Op == ir.PreInc || x.Op == ir.PreDec || x.Op == ir.PostInc || x.Op == ir.PostDec) && rootVar(x.X) == v {
				found = true
			}
		case *ir.Assign:
			if rootVar(x.L) == v {
				found = true
			}
		}
		return !found
	}
	for _, f := range a.prog.Funcs {
		if f.Body != nil && !found {
			ir.Inspect(ir.Stmt(f.Body), visit)
		}
	}
	return found || a.addrTaken[v] && !onlyCreateTakes(a.prog, v, create)
}

// onlyCreateTakes reports whether the one address-of v the program has is
// create.
func onlyCreateTakes(prog *ir.Program, v *ir.Var, create *ir.Unary) bool {
	n := 0
	for _, f := range prog.Funcs {
		if f.Body == nil {
			continue
		}
		ir.Inspect(ir.Stmt(f.Body), func(x any) bool {
			if u, ok := x.(*ir.Unary); ok && u.Op == ir.Addr && rootVar(u.X) == v {
				n++
			}
			return true
		})
	}
	return n == 1
}

// onceFuncs returns the functions that run at most once each time root
// runs (main: in the program): root when no call reaches it, and a
// function called from one site, in no loop, of a function that runs
// once (and in no recursion).
func (a *analyzer) onceFuncs(root *ir.Function) map[*ir.Function]bool {
	once := map[*ir.Function]bool{}
	if root == nil {
		return once
	}
	_, rec := a.g.PostOrder()
	once[root] = len(a.g.Callers[root]) == 0
	for changed := true; changed; {
		changed = false
		for _, f := range a.g.Funcs {
			if once[f] || rec[f] || contains(a.g.Escaped, f) {
				continue
			}
			cs := a.g.Callers[f]
			if len(cs) == 1 && !cs[0].InLoop && len(cs[0].Targets) == 1 && once[cs[0].Caller] {
				once[f] = true
				changed = true
			}
		}
	}
	return once
}

// calledIn returns the defined functions calls in s may reach directly.
func calledIn(s ir.Stmt, g *callgraph.Graph) []*ir.Function {
	calls := map[*ir.Call]bool{}
	ir.Inspect(s, func(n any) bool {
		if c, ok := n.(*ir.Call); ok {
			calls[c] = true
		}
		return true
	})
	var out []*ir.Function
	for _, sites := range g.Sites {
		for _, site := range sites {
			if calls[site.Call] {
				out = append(out, site.Targets...)
			}
		}
	}
	return out
}

func contains(fs []*ir.Function, f *ir.Function) bool {
	for _, x := range fs {
		if x == f {
			return true
		}
	}
	return false
}

// addressTaken returns the variables whose address the program takes: &v
// (or &v.f, &v[i]), or an array variable (or array member) used as a value
// (decayed to a pointer) anywhere but as the array of an indexing or in
// sizeof.
func addressTaken(prog *ir.Program) map[*ir.Var]bool {
	out := map[*ir.Var]bool{}
	mark := func(e ir.Expr) {
		if v := rootVar(e); v != nil {
			out[v] = true
		}
	}
	var walk func(e ir.Expr, indexed bool)
	walk = func(e ir.Expr, indexed bool) {
		switch x := e.(type) {
		case nil:
			return
		case *ir.SizeofExpr, *ir.SizeofType:
			return
		case *ir.Unary:
			if x.Op == ir.Addr {
				mark(x.X)
			}
		case *ir.Index:
			walk(x.X, ir.IsArray(x.X.Type()))
			walk(x.I, false)
			return
		case *ir.Member:
			if ir.IsArray(x.T) && !indexed {
				mark(x)
			}
			walk(x.X, !x.Arrow)
			return
		case *ir.Ident:
			if ir.IsArray(x.Var.Type) && !indexed {
				mark(x)
			}
			return
		}
		for _, c := range ir.Children(e) {
			walk(c, false)
		}
	}
	ir.InspectProgram(prog, func(n any) bool {
		if e, ok := n.(ir.Expr); ok {
			walk(e, false)
			return false
		}
		return true
	})
	return out
}

// rootVar returns the variable lvalue e is part of (through members of
// structs and elements of arrays, not pointers), or nil.
func rootVar(e ir.Expr) *ir.Var {
	for {
		switch x := e.(type) {
		case *ir.Ident:
			return x.Var
		case *ir.Member:
			if x.Arrow {
				return nil
			}
			e = x.X
		case *ir.Index:
			if !ir.IsArray(x.X.Type()) {
				return nil
			}
			e = x.X
		case *ir.Cast:
			e = x.X
		default:
			return nil
		}
	}
}

// typeKey names a type for abstract memory (the character types are one).
func typeKey(t ir.Type) string {
	if b, ok := t.(*ir.Basic); ok && (b.Kind == ir.Char || b.Kind == ir.SChar || b.Kind == ir.UChar) {
		return "char"
	}
	switch t := t.(type) {
	case *ir.Struct:
		if t.Tag == "" {
			return fmt.Sprintf("%s{%d fields}", map[bool]string{false: "struct", true: "union"}[t.Union], len(t.Fields))
		}
		return t.String()
	case *ir.Array:
		return typeKey(t.Elem)
	case nil:
		return "void"
	}
	return ir.TypeString(t)
}

// isBytes reports whether t is a type through which any memory is
// accessed (char, void).
func isBytes(t ir.Type) bool {
	b, ok := t.(*ir.Basic)
	if !ok {
		return t == nil
	}
	return b.Kind == ir.Void || b.Kind == ir.Char || b.Kind == ir.SChar || b.Kind == ir.UChar
}

// locOf returns the abstract memory lvalue e designates, and whether it
// may be shared with another thread.
func (a *analyzer) locOf(e ir.Expr) (loc, bool) {
	switch x := e.(type) {
	case *ir.Ident:
		v := x.Var
		if !a.pointedTo(v) && (v.ThreadLocal || !v.IsStaticStorage()) {
			return loc{}, false
		}
		// A thread-local or automatic variable named is the accessing
		// thread's own: it races only with an access through a pointer.
		return loc{v: v, leaf: typeKey(v.Type), own: v.ThreadLocal || !v.IsStaticStorage()}, true
	case *ir.Member:
		if x.Arrow {
			st := ir.Elem(x.X.Type())
			l := loc{typ: typeKey(st), path: memberPath(x), leaf: typeKey(x.Field.Type)}
			l.addStep()
			return l, true
		}
		l, ok := a.locOf(x.X)
		if !ok {
			return l, false
		}
		l.path += memberPath(x)
		l.leaf = typeKey(x.Field.Type)
		l.addStep()
		return l, true
	case *ir.Index:
		if ir.IsArray(x.X.Type()) {
			l, ok := a.locOf(x.X)
			if !ok {
				return l, false
			}
			l.path += "[]"
			l.leaf = typeKey(x.T)
			l.addStep()
			return l, true
		}
		return a.pointee(x.X, x.T)
	case *ir.Unary:
		if x.Op == ir.Deref {
			return a.pointee(x.X, x.T)
		}
	case *ir.Cast:
		return a.locOf(x.X)
	}
	return loc{}, false
}

// addStep records the member or element that ends l's path, reaching
// an object of type leaf.
func (l *loc) addStep() {
	// A copy: locs built from one base do not share steps.
	l.steps = append(l.steps[:len(l.steps):len(l.steps)], step{end: len(l.path), typ: l.leaf})
}

// memberPath is the path of member access x: the member's name, or for a
// member of a union, one name for all (they overlap).
func memberPath(x *ir.Member) string {
	t := x.X.Type()
	if x.Arrow {
		t = ir.Elem(t)
	}
	if st, ok := t.(*ir.Struct); ok && st.Union {
		return ".(union)"
	}
	return "." + x.Field.Name
}

// pointee is the abstract memory of an object of type t through pointer p
// (its own type before casts decides: a cast to bytes of &s accesses s).
func (a *analyzer) pointee(p ir.Expr, t ir.Type) (loc, bool) {
	inner := ir.Uncast(p)
	if u, ok := inner.(*ir.Unary); ok && u.Op == ir.Addr {
		l, ok := a.locOf(u.X)
		if ok || rootVar(u.X) != nil {
			// The variable's own memory (none other thread's when
			// locOf says it is not shared).
			return l, ok
		}
	}
	if it := ir.Elem(inner.Type()); it != nil && !isBytes(it) {
		t = it
	}
	if isBytes(t) {
		return loc{typ: "char", leaf: "char", bytes: true}, true
	}
	return loc{typ: typeKey(t), leaf: typeKey(t)}, true
}

// overlap reports whether two abstract memories may overlap.
func (a *analyzer) overlap(x, y loc) bool {
	if x.bytes || y.bytes {
		// Through a pointer to bytes: character data (assumed: a char
		// pointer points into characters; a pointer cast to void or
		// char from another type keeps that type, see pointee).
		o := x
		if x.bytes {
			o = y
		}
		if a.sound {
			return o.v == nil || a.pointedTo(o.v)
		}
		return o.leaf == "char" && (o.v == nil || a.pointedTo(o.v))
	}
	leaves := a.contains(x.leaf, y.leaf) || a.contains(y.leaf, x.leaf)
	switch {
	case x.v != nil && y.v != nil:
		return x.v == y.v && !x.own && prefix(x.path, y.path)
	case x.v != nil:
		return a.pointedTo(x.v) && a.inVar(x, y, leaves)
	case y.v != nil:
		return a.pointedTo(y.v) && a.inVar(y, x, leaves)
	case x.typ == y.typ:
		return prefix(x.path, y.path)
	case inUnion(x, y):
		// Another member of a union may hold the other object: told
		// by type containment alone.
		if x.path == "" || y.path == "" {
			return leaves
		}
		return (a.contains(x.typ, y.typ) || a.contains(y.typ, x.typ)) && leaves
	}
	// Objects of two struct types overlap only when one holds the other
	// (memory through pointers is told by type), and then only where
	// one's path meets the other object.
	return a.meets(x, y) || a.meets(y, x)
}

// inUnion reports whether either path goes through a member of a union
// (whose other members overlap it whatever their types).
func inUnion(x, y loc) bool {
	return strings.Contains(x.path, "(union)") || strings.Contains(y.path, "(union)")
}

// inVar reports whether access y through a pointer may overlap access x
// of a variable: y's object is the variable, or lies inside it where x's
// path meets it.
func (a *analyzer) inVar(x, y loc, leaves bool) bool {
	vt := typeKey(x.v.Type)
	if !a.contains(vt, y.typ) {
		return false
	}
	if inUnion(x, y) {
		return leaves
	}
	if vt == y.typ && prefix(x.path, y.path) {
		return true
	}
	return a.meets(x, y)
}

// meets reports whether the object y's access starts from may lie inside
// x's object where y's access overlaps x's: at an object along x's path
// (whose type is y's), or inside the object x accesses.
func (a *analyzer) meets(x, y loc) bool {
	if a.contains(x.leaf, y.typ) {
		return true
	}
	for _, st := range x.steps {
		if st.typ == y.typ && prefix(y.path, x.path[st.end:]) {
			return true
		}
	}
	return false
}

// contains reports whether an object of type key outer may hold one of
// type key inner: the same type, or the type of a member, element or
// member of a member, at any depth.
func (a *analyzer) contains(outer, inner string) bool {
	if outer == inner {
		return true
	}
	if a.nested == nil {
		a.nested = nestedTypes(a.prog)
	}
	return a.nested[outer][inner]
}

// nestedTypes returns, for each struct type's key, the keys of the types
// its objects hold at any depth.
func nestedTypes(prog *ir.Program) map[string]map[string]bool {
	direct := map[string]map[string]bool{}
	var add func(key string, t ir.Type)
	add = func(key string, t ir.Type) {
		direct[key][typeKey(t)] = true
		if arr, ok := t.(*ir.Array); ok {
			add(key, arr.Elem)
		}
	}
	for _, st := range prog.Structs {
		key := typeKey(st)
		if direct[key] == nil {
			direct[key] = map[string]bool{}
		}
		for _, f := range st.Fields {
			add(key, f.Type)
		}
	}
	out := map[string]map[string]bool{}
	for key := range direct {
		seen := map[string]bool{}
		stack := []string{key}
		for len(stack) > 0 {
			k := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for n := range direct[k] {
				if !seen[n] {
					seen[n] = true
					stack = append(stack, n)
				}
			}
		}
		out[key] = seen
	}
	return out
}

// pointedTo reports whether a pointer may point into v: a variable of
// static storage whose address is taken, an automatic one whose address
// escapes.
func (a *analyzer) pointedTo(v *ir.Var) bool {
	if v.IsStaticStorage() && !v.ThreadLocal {
		return a.addrTaken[v]
	}
	return a.escapes[v] || v.ThreadLocal && a.addrTaken[v]
}

// prefix reports whether one member path is a prefix of the other.
func prefix(p, q string) bool {
	if len(p) > len(q) {
		p, q = q, p
	}
	if !strings.HasPrefix(q, p) {
		return false
	}
	return len(q) == len(p) || q[len(p)] == '.' || q[len(p)] == '['
}

// sortKinds returns the names of kinds ks.
func (a *analyzer) names(ks []int) []string {
	var out []string
	for _, k := range ks {
		t := a.kinds[k]
		name := t.routine.Name
		if t.kind == "callback" {
			name += " (callback)"
		}
		out = append(out, name)
	}
	sort.Strings(out)
	return out
}

// All returns every candidate, most likely first: Candidates lists the
// first MaxListed of them.
func (r *Result) All() []Candidate {
	if r.all == nil {
		return r.Candidates
	}
	return r.all
}
