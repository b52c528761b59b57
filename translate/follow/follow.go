// Package follow restricts a bounded program to the executions that pass
// the waypoints of a violation witness, so that a checker run on it finds
// a violation only along the witness (ladr replay --witness).
//
// A waypoint names a line of the program file, optionally the thread that
// executes it (by the witness's thread number), the direction a branch
// there takes, C expressions that hold before or after the statement, or
// the thread a pthread_create there starts. The pass (Apply) runs on the
// numbered threads of the bounded program (after translate's pass
// visible) and adds ghost statements (seq.ThreadLayout.Ghost: no
// instrumentation checks their accesses) that track which waypoints were
// passed:
//
//   - before each statement on a waypoint's line, the run may pass the
//     waypoint there (a nondeterministic choice) when its thread is the
//     waypoint's, the previous waypoint of that thread was passed, and,
//     at a visible statement (a context-switch point), no later waypoint
//     was passed at a visible statement; its constraints are then assumed;
//   - the violation counts only when every waypoint was passed
//     (Result.Guard, which the sequentialization and the race
//     instrumentation add to their assertions).
//
// The order of waypoints is enforced within each thread and among visible
// statements only: statements that touch no shared memory commute with
// the other threads' (the sequentialization runs them in the context of
// the visible statement before them), so a witness that orders them
// differently from the sequentialization is still followed.
//
// A waypoint that only says where a thread is (Waypoint.At: YAML's
// assumptions) may also be passed at the end of the thread's previous
// region, so that other threads run while it waits there. When the
// witness gives every waypoint's thread, each waypoint is tried only at
// the statements where its thread can pass it in order (windows), and a
// bounded program in which no thread can pass some witness thread's
// waypoints in order is reported (Result.Short) before any checker runs.
//
// Waypoints are matched by line; constraints this package cannot read
// (Result.Ignored) and waypoints whose line has no statement
// (Result.Unplaced) are left out, which only weakens the witness: a
// violation found is still one of the program, and finding none within
// complete bounds still shows that no execution following the witness
// violates the property.
package follow

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/seq"
)

// AnyThread is the Thread of a waypoint that any thread may pass.
const AnyThread = -1

// Branch is the direction a waypoint requires of a branch.
type Branch int

// Branch directions.
const (
	NoBranch Branch = iota
	Then            // the condition holds
	Else            // the condition does not hold
)

// String returns the direction as a witness spells it.
func (b Branch) String() string {
	switch b {
	case Then:
		return "condition-true"
	case Else:
		return "condition-false"
	}
	return ""
}

// Readable reports whether a constraint is an expression ParseExpr reads
// (whatever variables it names).
func Readable(c string) bool {
	any := &ir.Var{Name: "v", Type: ir.IntType}
	_, err := ParseExpr(c, func(string) *ir.Var { return any }, ir.Ref(any))
	return err == nil
}

// Waypoint is one step of a witness.
type Waypoint struct {
	// Line is the line of the program file the waypoint is at; Column
	// (0: none) is informative: waypoints are matched by line.
	Line, Column int
	// Thread is the witness's number of the thread that passes it (main
	// is 0), or AnyThread.
	Thread int
	// Branch is the direction of a branch on Line.
	Branch Branch
	// Pre are C expressions that hold before the statement, Post after it;
	// in Post, \result is the value the statement's call returned.
	Pre, Post []string
	// Creates is the witness's number of the thread a pthread_create on
	// Line starts (Spec.NamedThreads), or AnyThread.
	Creates int
	// Unordered waypoints (the two accesses of a data race) may be passed
	// at any time, before or after the other waypoints.
	Unordered bool
	// Target marks where the violation is: for a data race, the detected
	// access must be on a target's line (Spec.Targets).
	Target bool
	// At: the waypoint says where the thread is, not that it executes
	// the statement there (YAML's assumption): at a context-switch point,
	// other threads may run after the thread passes it and before the
	// statement executes. Otherwise passing a waypoint and executing its
	// statement are one step (GraphML's edges).
	At bool
	// Enter is the function the waypoint enters (GraphML's enterFunction:
	// a thread's start routine or a callee). Such a waypoint is passed by
	// the first statement of each copy of that function (a thread's, or
	// one inlined call's) as well as by those on Line (tools give the
	// call's line, or the function's first).
	Enter string
	// OtherFile, when set, is the file Line is in: not the program file
	// (a header's line). Such a waypoint is not placed.
	OtherFile string
	// What names the waypoint in messages ("edge N3 -> N4").
	What string
}

// HasConstraint reports whether w says more than where a thread is: a
// branch direction, a thread it creates, or a value constraint ParseExpr
// reads (one it cannot read would be left out anyway).
func (w Waypoint) HasConstraint() bool {
	return w.Branch != NoBranch || w.Creates != AnyThread ||
		slices.ContainsFunc(w.Pre, Readable) || slices.ContainsFunc(w.Post, Readable)
}

// Spec is a witness to follow.
type Spec struct {
	// File is the program file the waypoints' lines refer to (matched by
	// base name; "" matches any file).
	File      string
	Waypoints []Waypoint
	// NamedThreads: threads other than main get their numbers from the
	// waypoints that create them (GraphML's createThread); otherwise
	// threads are numbered in the order they are created, main 0.
	NamedThreads bool
}

// Targets returns the lines of the target waypoints in File.
func (s *Spec) Targets() map[int]bool {
	out := map[int]bool{}
	for _, w := range s.Waypoints {
		if w.Target && w.Line > 0 {
			out[w.Line] = true
		}
	}
	return out
}

// InFile reports whether a position is in the witness's program file.
func (s *Spec) InFile(p ir.Pos) bool {
	if s.File == "" || p.File == "" {
		return true
	}
	return filepath.Base(p.File) == filepath.Base(s.File)
}

// NeedsRounds returns the rounds below which the witness cannot be
// followed: the most stretches of one thread between other threads'
// waypoints (its contexts, when each is a round). Waypoints of no given
// thread do not count. (How often a loop must be unwound shows only in the
// bounded program: Result.Short.)
func (s *Spec) NeedsRounds() int {
	rounds := 0
	stretches := map[int]int{}
	last := AnyThread
	for _, w := range s.Waypoints {
		if w.Thread == AnyThread || w.Unordered || w.Line <= 0 {
			continue
		}
		if w.Thread != last {
			stretches[w.Thread]++
			rounds = max(rounds, stretches[w.Thread])
		}
		last = w.Thread
	}
	return rounds
}

// Result is what Apply did.
type Result struct {
	// Guard holds when every waypoint placed was passed.
	Guard ir.Expr
	// Placed is the number of waypoints the program follows.
	Placed int
	// Unplaced are the waypoints whose line has no statement in the
	// bounded program (left out), with the reason.
	Unplaced []Skipped
	// Ignored are the constraints left out, with the reason.
	Ignored []Skipped
	// Short, when set, is a waypoint no thread of the bounded program can
	// pass after passing the earlier waypoints of the witness's thread in
	// order (see windows): no execution of the bounded program follows
	// the witness. Larger bounds may let one (a loop unwound more); when
	// the bounded program lost no behaviour, none of the program does.
	Short *Skipped
}

// Skipped is a waypoint, or a constraint of one, that is not followed.
type Skipped struct {
	Waypoint Waypoint
	// Constraint is the expression left out ("" for a whole waypoint).
	Constraint string
	Why        string
}

// Apply adds the ghost statements that follow spec to the threads of
// prog, numbered in lay. generic selects the SV-COMP conventions
// (__VERIFIER_assume) over CBMC's.
func Apply(prog *ir.Program, lay *seq.Layout, spec *Spec, generic bool) (*Result, error) {
	if spec == nil {
		return nil, fmt.Errorf("follow: no witness")
	}
	// The pass may drop a branch it cannot place: it works on a copy.
	spec = &Spec{File: spec.File, NamedThreads: spec.NamedThreads, Waypoints: append([]Waypoint{}, spec.Waypoints...)}
	a := &applier{prog: prog, spec: spec, byLine: map[int][]int{}, byFunc: map[string][]int{}, placed: make([]bool, len(spec.Waypoints)), res: &Result{}}
	for i, w := range spec.Waypoints {
		if w.OtherFile != "" {
			continue // not placed
		}
		if w.Enter != "" && w.Branch == NoBranch && w.Creates == AnyThread {
			// Passed in the function entered, or on its line (a tool may
			// name the function of a step in an inlined callee).
			a.byFunc[w.Enter] = append(a.byFunc[w.Enter], i)
		}
		if w.Line > 0 {
			a.byLine[w.Line] = append(a.byLine[w.Line], i)
		}
	}
	// A waypoint on the line where a function's definition begins (its
	// entry: the values of its parameters) is passed by the statements of
	// that function.
	for _, f := range prog.Funcs {
		if f.Pos.IsValid() && (f.Body != nil || f.Inlined) && spec.InFile(f.Pos) {
			name := f.Name
			if f.Thread != nil {
				name = f.Thread.Func // a thread's copy of its start routine
			}
			for _, k := range a.byLine[f.Pos.Line] {
				if w := spec.Waypoints[k]; w.Branch == NoBranch && w.Creates == AnyThread && !slices.Contains(a.byFunc[name], k) {
					a.byFunc[name] = append(a.byFunc[name], k)
				}
			}
		}
	}
	assumeName := "__CPROVER_assume"
	if generic {
		assumeName = "__VERIFIER_assume"
	}
	a.assume = prog.DeclareFunc(assumeName, &ir.Func{Result: ir.VoidType, Params: []ir.Type{ir.IntType}})
	a.nondet = prog.DeclareFunc("__VERIFIER_nondet_bool", &ir.Func{Result: ir.BoolType})
	n := len(prog.Threads)
	tids := &ir.Init{IsList: true}
	for i := 1; i < n; i++ {
		tids.List = append(tids.List, ir.InitElem{Index: int64(i), Value: &ir.Init{Expr: ir.IntConst(-1)}})
	}
	a.tid = prog.AddGlobal(ghostPrefix+"tid", &ir.Array{Elem: ir.IntType, Len: int64(max(n, 1))}, tids)
	a.created = prog.AddGlobal(ghostPrefix+"created", ir.IntType, nil)
	// visible holds 1 + the last waypoint passed at a visible statement
	// (0: none), in as few bits as the waypoints need.
	width := 1
	for (1 << width) <= len(spec.Waypoints) {
		width++
	}
	a.visT = ir.BitVectorType(width)
	a.vis = prog.AddGlobal(ghostPrefix+"visible", a.visT, nil)
	// One flag per waypoint, not an array: CBMC keeps scalars apart where
	// it would copy a large array at every conditional write.
	a.done = make([]*ir.Var, len(spec.Waypoints))

	// First pass: which waypoints have a statement, and where the
	// statements of each line are.
	a.index, a.seqs, a.lineHas = map[ir.Stmt]int{}, map[*seq.ThreadLayout][]site{}, map[int]bool{}
	a.entry, a.entered = map[ir.Stmt]bool{}, map[entryKey]bool{}
	a.dry = true
	for _, tl := range lay.Threads {
		a.thread(tl)
	}
	// A branch on a line with statements but no branch (the test of a
	// loop whose condition is constant, which unwinding drops): the
	// waypoint is placed without its direction.
	for k, w := range spec.Waypoints {
		if !a.placed[k] && w.Branch != NoBranch && a.lineHas[w.Line] {
			a.res.Ignored = append(a.res.Ignored, Skipped{Waypoint: w, Constraint: w.Branch.String(), Why: "no branch on this line in the bounded program (a constant condition)"})
			spec.Waypoints[k].Branch = NoBranch
			a.placed[k] = true
		}
	}
	a.prev = make([]int, len(spec.Waypoints))
	for i, w := range spec.Waypoints {
		a.prev[i] = -1
		if !a.placed[i] {
			why := "no statement of the bounded program is on this line"
			switch {
			case w.OtherFile != "":
				why = "it is in " + w.OtherFile + ", not the program file"
			case w.Line <= 0:
				why = "it names no line"
			}
			a.res.Unplaced = append(a.res.Unplaced, Skipped{Waypoint: w, Why: why})
			continue
		}
		a.res.Placed++
		if w.Unordered {
			// A race's target: the access may have happened at any time
			// (ladr's own witnesses list the first access after its
			// thread's later steps).
			continue
		}
		for j := i - 1; j >= 0; j-- {
			v := spec.Waypoints[j]
			if a.placed[j] && !v.Unordered && (v.Thread == w.Thread || v.Thread == AnyThread || w.Thread == AnyThread) {
				a.prev[i] = j
				break
			}
		}
	}
	a.windows(lay)
	a.dry = false
	a.ignored = map[string]bool{}
	a.visAt = map[int]*ir.Var{}
	a.hasAt = slices.ContainsFunc(spec.Waypoints, func(w Waypoint) bool { return w.At })
	for _, tl := range lay.Threads {
		a.thread(tl)
	}
	var guard ir.Expr
	for k := range a.done {
		if a.placed[k] {
			guard = and(guard, a.doneOf(k))
		}
	}
	if guard == nil {
		guard = ir.IntConst(1)
	}
	a.res.Guard = guard
	return a.res, nil
}

type applier struct {
	prog   *ir.Program
	spec   *Spec
	byLine map[int][]int
	// byFunc holds the waypoints on the first line of a function's
	// definition, by function.
	byFunc map[string][]int
	placed []bool
	prev   []int
	dry    bool
	res    *Result
	// ignored records the constraints reported, once each.
	ignored map[string]bool

	assume, nondet    *ir.Function
	tid, created, vis *ir.Var
	visT              ir.Type
	done              []*ir.Var // per waypoint (nil until used)
	// flags numbers the per-statement flags of waypoints passed.
	flags int

	tl *seq.ThreadLayout
	// before holds the ghost statements statement made to go in front of
	// its statement's label (Waypoint.At).
	before []ir.Stmt
	// hasAt: some waypoint is At; visAt holds per thread (by id) the
	// order (vis) when the thread began to wait at its next statement.
	hasAt bool
	visAt map[int]*ir.Var

	// seqs lists, per thread, the statements that may pass a waypoint in
	// program order; index is a statement's place in its thread's list.
	seqs    map[*seq.ThreadLayout][]site
	index   map[ir.Stmt]int
	lineHas map[int]bool // lines with a statement that may pass a waypoint
	// win[tl][k] is the range of tl's statements (in seqs) that can pass
	// waypoint k in an execution that follows the witness (see windows);
	// nil when the witness does not give every waypoint's thread.
	win map[*seq.ThreadLayout]map[int][2]int
	// entry marks the first statement of each copy of a function (the
	// statements where a waypoint that enters the function is passed);
	// entered records the copies seen.
	entry   map[ir.Stmt]bool
	entered map[entryKey]bool
}

// scope is the local variables declared so far in a block and the blocks
// around it.
type scope struct {
	parent *scope
	vars   []*ir.Var
}

func (s *scope) lookup(name, fn string) *ir.Var {
	for ; s != nil; s = s.parent {
		for i := len(s.vars) - 1; i >= 0; i-- {
			if v := s.vars[i]; v.Name == name && (fn == "" || v.Func == fn) {
				return v
			}
		}
	}
	return nil
}

func (a *applier) thread(tl *seq.ThreadLayout) {
	a.tl = tl
	if tl.Ghost == nil {
		tl.Ghost = map[ir.Stmt]bool{}
	}
	sc := &scope{vars: tl.Func.Params}
	a.block(tl.Func.Body, sc)
}

func (a *applier) block(b *ir.Block, outer *scope) {
	sc := &scope{parent: outer}
	var out []ir.Stmt
	for _, s := range b.List {
		if a.dry {
			// In program order: a branch before the statements it
			// chooses between.
			a.statement(s, a.tl.Visible[s], sc)
		}
		switch x := s.(type) {
		case *ir.Block:
			a.block(x, sc)
		case *ir.If:
			a.block(x.Then, sc)
			if x.Else != nil {
				a.block(x.Else, sc)
			}
		case *ir.Loop:
			a.block(x.Body, sc)
		case *ir.DeclStmt:
			sc.vars = append(sc.vars, x.Var)
		}
		if a.dry {
			continue
		}
		a.before = nil
		pre, post := a.statement(s, a.tl.Visible[s], sc)
		if a.before != nil {
			// The end of the previous region, in front of s's label:
			// the thread waits at s from here. (Before the first
			// region, the thread waits from its creation: visAt is
			// set there, and only the late passes apply.)
			if n := len(out); n > 0 {
				if l, ok := out[n-1].(*ir.Label); ok && l != a.tl.Labels[0] {
					snap := a.ghost(ir.Exec(*s.Origin(), ir.Set(ir.Ref(a.visAtOf(a.tl.Thread.ID)), ir.Ref(a.vis))))
					out = append(out[:n-1:n-1], append(append([]ir.Stmt{snap}, a.before...), l)...)
				}
			}
			a.before = nil
		}
		out = append(out, pre...)
		out = append(out, s)
		out = append(out, post...)
	}
	if !a.dry {
		b.List = out
	}
}

// createdID returns the thread a statement creates (-1: none): a call of
// the creation intrinsic anywhere in its expression (if (pthread_create(..)
// != 0) creates in the condition of the branch).
func createdID(s ir.Stmt) int {
	var e ir.Expr
	switch x := s.(type) {
	case *ir.ExprStmt:
		e = x.X
	case *ir.If:
		e = x.Cond
	case *ir.Return:
		e = x.X
	case *ir.DeclStmt:
		if x.Init != nil {
			e = x.Init.Expr
		}
	}
	for _, call := range ir.Calls(e) {
		if f := ir.CalledFunc(call); f != nil && f.Name == bound.CreateFunc && len(call.Args) > 0 {
			if lit, ok := call.Args[0].(*ir.IntLit); ok {
				return int(lit.Val)
			}
		}
	}
	return -1
}

// resultOf returns the lvalue a statement stores a call's result in (nil:
// none).
func resultOf(s ir.Stmt) ir.Expr {
	switch x := s.(type) {
	case *ir.ExprStmt:
		if as, ok := x.X.(*ir.Assign); ok && as.Op == ir.OpNone {
			if _, isCall := stripCasts(as.R).(*ir.Call); isCall {
				return as.L
			}
		}
	case *ir.DeclStmt:
		if x.Init != nil && x.Init.Expr != nil {
			if _, isCall := stripCasts(x.Init.Expr).(*ir.Call); isCall {
				return ir.Ref(x.Var)
			}
		}
	}
	return nil
}

func stripCasts(e ir.Expr) ir.Expr {
	for {
		c, ok := e.(*ir.Cast)
		if !ok {
			return e
		}
		e = c.X
	}
}

// statement returns the ghost statements before and after s.
func (a *applier) statement(s ir.Stmt, visible bool, sc *scope) (pre, post []ir.Stmt) {
	loc := *s.Origin()
	created := createdID(s)
	if created >= 0 && !a.spec.NamedThreads && !a.dry {
		// Threads are numbered in creation order.
		post = append(post,
			a.ghost(ir.Exec(loc, ir.Set(ir.Ref(a.created), ir.Bin(ir.Add, ir.Ref(a.created), ir.IntConst(1), ir.IntType)))),
			a.ghost(ir.Exec(loc, ir.Set(a.tidOf(created), ir.Ref(a.created)))))
	}
	if created >= 0 && a.hasAt && !a.dry {
		// The thread waits at its first statement from here.
		post = append(post, a.ghost(ir.Exec(loc, ir.Set(ir.Ref(a.visAtOf(created)), ir.Ref(a.vis)))))
	}
	if c, _ := bound.CallOf(s); c != nil {
		// ladr's marker of a cut recursion is not the program's; the
		// marker of a cut loop evaluates the loop's condition once more
		// (the program's test on the loop's line, which a witness may
		// pass).
		if f := ir.CalledFunc(c); f != nil && f.Name == bound.BoundFunc {
			return nil, post
		}
	}
	switch x := s.(type) {
	case *ir.ExprStmt, *ir.If, *ir.Return:
	case *ir.DeclStmt:
		if x.Var.Synthetic {
			return nil, post
		}
	default:
		return nil, post
	}
	if !loc.Pos.IsValid() || !a.spec.InFile(loc.Pos) {
		return nil, post
	}
	ifStmt, _ := s.(*ir.If)
	if a.dry {
		a.lineHas[loc.Pos.Line] = true
		a.index[s] = len(a.seqs[a.tl])
		key := entryKey{a.tl, loc.Func, loc.Inline}
		if !a.entered[key] {
			// The first statement of this copy of the function: where
			// a thread or call enters it.
			a.entered[key] = true
			a.entry[s] = true
		}
		a.seqs[a.tl] = append(a.seqs[a.tl], site{line: loc.Pos.Line, fn: loc.Func, branch: ifStmt != nil, creates: created >= 0, entry: a.entry[s]})
	}
	cands := a.byLine[loc.Pos.Line]
	if extra := a.byFunc[loc.Func]; len(extra) > 0 && a.entry[s] {
		cands = append(append([]int{}, cands...), extra...)
		slices.Sort(cands)
		cands = slices.Compact(cands)
	}
	if len(cands) == 0 {
		return nil, post
	}
	result := resultOf(s)
	var chain []ir.Stmt // the if-else chain choosing the waypoint passed here
	var thenBan, elseBan ir.Expr
	var posts, resets []ir.Stmt
	for _, k := range cands {
		w := a.spec.Waypoints[k]
		if w.Branch != NoBranch && ifStmt == nil {
			continue
		}
		if w.Creates != AnyThread && a.spec.NamedThreads && created < 0 {
			continue
		}
		if a.dry {
			a.placed[k] = true
			continue
		}
		if !a.placed[k] {
			continue
		}
		if a.win != nil && !w.Unordered {
			r, ok := a.win[a.tl][k]
			if j := a.index[s]; !ok || j < r[0] || j > r[1] {
				continue // not where this thread can pass it
			}
		}
		lookup := func(name string) *ir.Var { return a.lookup(sc, name, loc.Func) }
		// base: k is not passed yet, its thread's previous one is, and
		// this is its thread.
		base := ir.Expr(&ir.Unary{Op: ir.Not, X: a.doneOf(k), T: ir.IntType})
		if p := a.prev[k]; p >= 0 {
			base = and(base, a.doneOf(p))
		}
		if w.Thread != AnyThread {
			base = and(base, ir.Bin(ir.Eq, a.tidOf(a.tl.Thread.ID), ir.IntConst(int64(w.Thread)), ir.IntType))
		}
		cond := base
		ordered := visible && !w.Unordered
		if ordered {
			cond = and(cond, ir.Bin(ir.Le, ir.Ref(a.vis), ir.Lit(int64(k), a.visT), ir.IntType))
		}
		cond = and(cond, ir.CallFn(a.nondet))
		// pres assumes the values before s (statements of their own for
		// each block that passes k).
		pres := func() []ir.Stmt {
			var out []ir.Stmt
			for _, c := range w.Pre {
				if e := a.constraint(w, c, lookup, nil); e != nil {
					out = append(out, ir.Exec(loc, ir.CallFn(a.assume, e)))
				}
			}
			return out
		}
		body := []ir.Stmt{ir.Exec(loc, ir.Set(a.doneOf(k), ir.Lit(1, ir.BoolType)))}
		if ordered {
			body = append(body, ir.Exec(loc, ir.Set(ir.Ref(a.vis), ir.Lit(int64(k+1), a.visT))))
		}
		body = append(body, pres()...)
		var after []ir.Stmt
		for _, c := range w.Post {
			if e := a.constraint(w, c, lookup, result); e != nil {
				after = append(after, ir.Exec(loc, ir.CallFn(a.assume, e)))
			}
		}
		if w.Creates != AnyThread && a.spec.NamedThreads {
			after = append(after, ir.Exec(loc, ir.Set(a.tidOf(created), ir.IntConst(int64(w.Creates)))))
		}
		if w.Branch != NoBranch || len(after) > 0 {
			// A flag tells the branch and the statements after s that
			// the waypoint was passed here.
			a.flags++
			f := a.prog.AddGlobal(fmt.Sprintf("%sat%d", ghostPrefix, a.flags), ir.BoolType, nil)
			resets = append(resets, a.ghost(ir.Exec(loc, ir.Set(ir.Ref(f), ir.Lit(0, ir.BoolType)))))
			body = append(body, ir.Exec(loc, ir.Set(ir.Ref(f), ir.Lit(1, ir.BoolType))))
			br := w.Branch
			if ifStmt != nil && ifStmt.Exit {
				// if (!cond) leave the loop: the source's condition
				// holds on the Else branch.
				br = map[Branch]Branch{Then: Else, Else: Then}[br]
			}
			switch br {
			case Then:
				elseBan = or(elseBan, ir.Ref(f))
			case Else:
				thenBan = or(thenBan, ir.Ref(f))
			}
			if len(after) > 0 {
				posts = append(posts, a.ghost(&ir.If{Loc: loc, Cond: ir.Ref(f), Then: ir.NewBlock(loc, after...)}))
			}
		}
		if w.At && ordered && w.Branch == NoBranch && len(after) == 0 {
			// The thread is at s from the end of its previous region
			// until s's region runs, and other threads' steps between
			// are not ordered with it: it may be passed at the start
			// of that stretch (in front of s's label: block places
			// a.before there), or when s's region runs, after the
			// other threads' steps that came before it in the
			// stretch (the order then only needs that none later in
			// the witness came before the stretch: visAt, the order
			// when the stretch began).
			early := a.ghost(&ir.If{Loc: loc, Cond: cond, Then: ir.NewBlock(loc, body...)})
			a.before = append(a.before, early)
			lateCond := and(and(base, ir.Bin(ir.Le, ir.Ref(a.visAtOf(a.tl.Thread.ID)), ir.Lit(int64(k), a.visT), ir.IntType)), ir.CallFn(a.nondet))
			next := ir.Lit(int64(k+1), a.visT)
			late := append([]ir.Stmt{
				ir.Exec(loc, ir.Set(a.doneOf(k), ir.Lit(1, ir.BoolType))),
				ir.Exec(loc, ir.Set(ir.Ref(a.vis), &ir.Cond{C: ir.Bin(ir.Gt, ir.Ref(a.vis), next, ir.IntType), X: ir.Ref(a.vis), Y: next, T: a.visT})),
			}, pres()...)
			chain = append(chain, a.ghost(&ir.If{Loc: loc, Cond: lateCond, Then: ir.NewBlock(loc, late...)}))
			continue
		}
		// Several waypoints may be passed by one execution of s (an
		// assumption and the target at the same statement), in order.
		chain = append(chain, a.ghost(&ir.If{Loc: loc, Cond: cond, Then: ir.NewBlock(loc, body...)}))
	}
	if len(chain) == 0 {
		return nil, post
	}
	pre = append(resets, chain...)
	if ifStmt != nil {
		ban := func(b **ir.Block, c ir.Expr) {
			if c == nil {
				return
			}
			if *b == nil {
				*b = ir.NewBlock(loc)
			}
			st := a.ghost(ir.Exec(loc, ir.CallFn(a.assume, &ir.Unary{Op: ir.Not, X: c, T: ir.IntType})))
			(*b).List = append([]ir.Stmt{st}, (*b).List...)
		}
		ban(&ifStmt.Then, thenBan)
		ban(&ifStmt.Else, elseBan)
	}
	post = append(posts, post...)
	if a.tl.Sequential[s] {
		for _, g := range append(append([]ir.Stmt{}, pre...), post...) {
			a.tl.Sequential[g] = true
		}
	}
	if a.tl.Atomic[s] {
		for _, g := range append(append([]ir.Stmt{}, pre...), post...) {
			a.tl.Atomic[g] = true
		}
	}
	return pre, post
}

// site is a statement that may pass a waypoint, as windows sees it.
type site struct {
	line    int
	fn      string
	branch  bool // an if
	creates bool // a thread creation
	entry   bool // the first statement of a copy of its function
}

// entryKey names a copy of a function in a thread: inlined at one site, or
// the thread's own function (no site).
type entryKey struct {
	tl     *seq.ThreadLayout
	fn     string
	inline *ir.InlineSite
}

// canPass reports whether waypoint k may be passed at st (statement's
// conditions, not the run's).
func (a *applier) canPass(k int, st site) bool {
	w := a.spec.Waypoints[k]
	if w.Line != st.line && !(st.entry && slices.Contains(a.byFunc[st.fn], k)) {
		return false
	}
	if w.Branch != NoBranch && !st.branch {
		return false
	}
	return w.Creates == AnyThread || !a.spec.NamedThreads || st.creates
}

// windows narrows where each waypoint can be passed, when the witness
// gives every waypoint's thread. A thread function executes its
// statements in program order (the bounded program jumps only forward),
// and a thread passes its waypoints in the witness's order, so the i-th
// waypoint of a witness's thread can only be passed, in a thread of the
// bounded program, between the earliest statement at which that thread's
// first i waypoints can all have been passed and the latest from which
// the rest still can (several at one statement in a row). A thread of the
// bounded program that cannot pass all of a witness thread's waypoints in
// order is never that thread. When no thread can be some witness thread,
// no execution follows the witness at these bounds: Result.Short names
// the furthest waypoint of that thread that some thread reaches.
func (a *applier) windows(lay *seq.Layout) {
	byThread := map[int][]int{}
	var order []int
	for k, w := range a.spec.Waypoints {
		if !a.placed[k] || w.Unordered {
			continue
		}
		if w.Thread == AnyThread {
			return
		}
		if byThread[w.Thread] == nil {
			order = append(order, w.Thread)
		}
		byThread[w.Thread] = append(byThread[w.Thread], k)
	}
	a.win = map[*seq.ThreadLayout]map[int][2]int{}
	for _, t := range order {
		ks := byThread[t]
		furthest := 0 // the most waypoints of t one thread passes in order
		for _, tl := range lay.Threads {
			if (t == 0) != (tl.Thread.ID == 0) {
				continue // the witness's main thread is main
			}
			sq := a.seqs[tl]
			lo := make([]int, len(ks))
			p, n := 0, 0
			for i, k := range ks {
				for p < len(sq) && !a.canPass(k, sq[p]) {
					p++
				}
				if p == len(sq) {
					break
				}
				lo[i] = p
				n = i + 1
			}
			furthest = max(furthest, n)
			if n < len(ks) {
				continue
			}
			m := a.win[tl]
			if m == nil {
				m = map[int][2]int{}
				a.win[tl] = m
			}
			q := len(sq) - 1
			for i := len(ks) - 1; i >= 0; i-- {
				for q > 0 && !a.canPass(ks[i], sq[q]) {
					q--
				}
				m[ks[i]] = [2]int{lo[i], q}
			}
		}
		if furthest < len(ks) && a.res.Short == nil {
			w := a.spec.Waypoints[ks[furthest]]
			why := "no thread of the bounded program passes this thread's waypoints in order up to here"
			if furthest == 0 {
				why = "no thread of the bounded program can pass this thread's first waypoint"
			}
			a.res.Short = &Skipped{Waypoint: w, Why: why + " (a loop not unwound enough, or steps the program cannot take)"}
		}
	}
}

// ghostPrefix begins the names of the pass's variables.
const ghostPrefix = "__ladr_wit_"

// Ghost reports whether a statement of the sequentialized program is one
// the pass added: an expression statement or a branch on its variables.
func Ghost(s ir.Stmt) bool {
	var e ir.Expr
	switch x := s.(type) {
	case *ir.If:
		e = x.Cond
	case *ir.ExprStmt:
		e = x.X
	default:
		return false
	}
	found := false
	ir.Inspect(e, func(n any) bool {
		if id, ok := n.(*ir.Ident); ok && id.Var.Synthetic && strings.HasPrefix(id.Var.Name, ghostPrefix) {
			found = true
		}
		return !found
	})
	return found
}

// ghost marks a statement as the pass's.
func (a *applier) ghost(s ir.Stmt) ir.Stmt {
	a.tl.Ghost[s] = true
	return s
}

func (a *applier) doneOf(k int) ir.Expr {
	if a.done[k] == nil {
		a.done[k] = a.prog.AddGlobal(fmt.Sprintf("%sdone%d", ghostPrefix, k), ir.BoolType, nil)
	}
	return ir.Ref(a.done[k])
}

func (a *applier) visAtOf(thread int) *ir.Var {
	if a.visAt[thread] == nil {
		a.visAt[thread] = a.prog.AddGlobal(fmt.Sprintf("%svisat%d", ghostPrefix, thread), a.visT, nil)
	}
	return a.visAt[thread]
}

func (a *applier) tidOf(thread int) ir.Expr {
	return &ir.Index{X: ir.Ref(a.tid), I: ir.IntConst(int64(thread)), T: ir.IntType}
}

// lookup finds the variable a constraint names: a local of the function
// the statement comes from, else a global of the program.
func (a *applier) lookup(sc *scope, name, fn string) *ir.Var {
	if v := sc.lookup(name, fn); v != nil {
		return v
	}
	for _, g := range a.prog.Globals {
		if g.Name == name && !g.Synthetic {
			return g
		}
	}
	return nil
}

// constraint reads a constraint of w; nil (and a note) when it cannot.
func (a *applier) constraint(w Waypoint, c string, lookup func(string) *ir.Var, result ir.Expr) ir.Expr {
	e, err := ParseExpr(c, lookup, result)
	if err != nil {
		key := fmt.Sprintf("%d\x00%s", w.Line, c)
		if !a.ignored[key] {
			a.ignored[key] = true
			a.res.Ignored = append(a.res.Ignored, Skipped{Waypoint: w, Constraint: strings.TrimSpace(c), Why: err.Error()})
		}
		return nil
	}
	return e
}

func and(x, y ir.Expr) ir.Expr {
	if x == nil {
		return y
	}
	return ir.Bin(ir.LAnd, x, y, ir.IntType)
}

func or(x, y ir.Expr) ir.Expr {
	if x == nil {
		return y
	}
	return ir.Bin(ir.LOr, x, y, ir.IntType)
}
