// Package seq is the lazy sequentialization of a bounded multi-threaded
// program (Inverso et al., CAV 2014; the LaDR paper, section 3): every
// thread becomes a simulation function that keeps its locals in static
// variables and, on each call, resumes at the visible statement pc[t] and
// runs up to the guessed context-switch point cs; a new main runs the
// threads round-robin for a bounded number of rounds.
//
// The passes of this package run after package bound: LowerAPI, then
// Number (the visible statements), then Sequentialize.
package seq

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/libc"
	"github.com/ladr-dev/ladr/translate/model"
)

// Property is what the sequentialized program checks.
type Property int

// Properties.
const (
	// Assert checks assert(), reach_error() and __VERIFIER_error().
	Assert Property = iota
	// UnreachCall checks only reach_error() and __VERIFIER_error()
	// (SV-COMP's unreach-call); a failing assert() just aborts.
	UnreachCall
	// Race checks data races (package shadow adds the instrumentation);
	// assertion failures abort the program.
	Race
	// Deadlock checks that the live threads never all wait forever: a
	// mutex acquisition or a join that would block stops its thread there,
	// recording what it waits for, instead of cutting the path; after the
	// last round an assertion (kind "deadlock") fails when every live
	// thread waits for a lock still held or a thread still running.
	// Assertion failures abort the program.
	Deadlock
)

// WaitSite is a blocking call of property Deadlock: where a thread may
// wait.
type WaitSite struct {
	Thread *ir.Thread
	Loc    ir.Loc
	// What is the call as C text (pthread_mutex_lock(&m)).
	What string
}

// Options configure the sequentialization.
type Options struct {
	Rounds   int
	Property Property
	// Generic emits SV-COMP conventions (__VERIFIER_assume, reach_error)
	// instead of CBMC intrinsics.
	Generic bool
	// ProveBounds turns the bound markers into assertions, so that a
	// backend run proves the bounds cover every behaviour.
	ProveBounds bool
	// CheckUnmodelled asserts that no call of a function ladr does not
	// model is reached (KindUnmodelledCall) before ending its path.
	CheckUnmodelled bool
	// HeldUnlocks are the calls releasing a mutex the calling thread
	// surely holds (shadow.HeldUnlocks): their unlock needs no check that
	// the thread holds it.
	HeldUnlocks map[*ir.Call]bool
	// Exts add driver code (the race detection's phases), each in turn
	// at each point of the driver.
	Exts []DriverExt
	// Guard, when set, is a condition a violation of the property needs
	// (a witness followed to its end, package follow): the assertions of
	// the property (assert, reach_error, and the instrumentations' through
	// Driver.Guard) fail only where it holds.
	Guard ir.Expr
	// Hops makes a jump over visible labels hop from label to label
	// (sequentializer.hopsAt; an inlined return, a break, an exit, the end
	// of an if branch past the labels of the other): every path then
	// passes every label, and CBMC's guards do not double where a jump
	// over labels meets the paths that went through them.
	Hops bool
	// Explore builds the program for ladr's explicit-state search
	// (package replay's Explore) instead of a checker: the context-switch
	// point of a context is not chosen before it starts but while it runs,
	// at each visible label it reaches (ExploreAt), so the search runs the
	// common part of the contexts that end at different labels once. The
	// driver asks ExploreBegin at each context's start and ExploreEnd at
	// its end; a jump's assume(cs >= j) becomes ExploreAtLeast(j). Not for
	// the deadlock property nor with Exts (they read cs).
	Explore bool
}

// The functions an Options.Explore program calls, which the explicit-state
// search's runtime defines.
const (
	// ExploreBegin(t, r, pc, size) starts the context of thread t in
	// round r (from 0), at pc; the thread's exit label is size. It
	// returns size (cs is not chosen yet).
	ExploreBegin = "__ladr_ex_begin"
	// ExploreAt(j) reports whether the running context ends at label j
	// (the search may choose that it does).
	ExploreAt = "__ladr_ex_at"
	// ExploreAtLeast(j) says that the running context does not end
	// before label j.
	ExploreAtLeast = "__ladr_ex_atleast"
	// ExploreEnd() returns the label the context ended at (its size when
	// it ran to the end).
	ExploreEnd = "__ladr_ex_end"
	// ExploreHavoc is the prefix of the functions that give an
	// uninitialized local its value (ExploreHavoc+"int" for an int), where
	// a checker's program calls __VERIFIER_nondet_int: the search answers
	// them with 0 and program's own nondet calls with a few values.
	ExploreHavoc = "__ladr_ex_havoc_"
	// ExploreLive(lo, hi) reports whether the context that ends (its
	// thread's function returns) resumes at a label in [lo, hi].
	ExploreLive = "__ladr_ex_live"
	// ExploreZero(p, n) zeroes the n bytes at p.
	ExploreZero = "__ladr_ex_zero"
)

// DriverExt lets an instrumentation add code to the main driver. Several
// may be active: their statements run in the order of Options.Exts, and
// their Enabled conditions are all required.
type DriverExt interface {
	// Init returns statements run before the first context.
	Init(d *Driver) []ir.Stmt
	// Enabled returns an extra condition for simulating context cx.
	Enabled(d *Driver, cx int) ir.Expr
	// Before and After bracket the simulation of context cx of thread t.
	Before(d *Driver, cx, t int) []ir.Stmt
	After(d *Driver, cx, t int) []ir.Stmt
	// Final returns statements run after the last round.
	Final(d *Driver) []ir.Stmt
}

// Driver describes the scheduler variables of a sequentialized program.
type Driver struct {
	Prog     *ir.Program
	Layout   *Layout
	Rounds   int
	Threads  int
	PC       *ir.Var // __ladr_pc[N]: resume point per thread
	CS       *ir.Var // __ladr_cs: context-switch point of the running context
	Active   *ir.Var // __ladr_active[N]
	Size     *ir.Var // __ladr_size[N]: exit label per thread
	Retval   *ir.Var
	Exited   *ir.Var
	PCBefore *ir.Var // pc of the running thread when its context started
	// Hop is __ladr_hop when a jump hops over labels (Options.Hops),
	// else nil: its statements are the sequentialization's, not the
	// program's.
	Hop *ir.Var
	// Guard is Options.Guard: a condition every violation of the property
	// needs (nil: none).
	Guard ir.Expr
	// Unrun is set when a cut thread-creation loop left threads created
	// but never run (bound.UnrunFunc); joins then block. Nil when the
	// program has no such loop.
	Unrun *ir.Var
	Main  *ir.Function
	// Externs are the globals declared extern and defined nowhere that
	// Main gives a nondeterministic value before anything runs
	// (defineExterns).
	Externs []*ir.Var
	// Prefix holds main's statements that run before it creates a thread;
	// the driver calls it once, first.
	Prefix *ir.Function
	Width  int // bits of pc and cs
	// Assume returns the statement assume(c) in the target's convention.
	Assume func(loc ir.Loc, c ir.Expr) ir.Stmt
	// Nondet returns a call yielding a nondeterministic unsigned int.
	Nondet func() ir.Expr
	// Asserts maps the message of each assertion the program checks to
	// what it is.
	Asserts map[string]AssertSite
	// Property Deadlock: the blocking sites (WaitSites[k-1] is site k),
	// and per thread the site it waits at (__ladr_wait_site[N], 0 for
	// none), the lock word it waits for (__ladr_wait_lock[N]) and the
	// thread it joins plus one (__ladr_wait_join[N]); Blocked are the
	// variables the final check sets, one per thread: the site it waits
	// at for ever, 0 when it has ended, -1 when it may go on.
	WaitSites []WaitSite
	WaitSite  *ir.Var
	WaitLock  *ir.Var
	WaitJoin  *ir.Var
	// WaitMode says when the word WaitLock points to still blocks its
	// thread: waitHeld (non-zero: a mutex held, a rwlock held for a
	// writer), waitWriter (negative: a rwlock held by a writer, for a
	// reader), waitSame (equal to WaitGen: a condition not signalled
	// since the wait began, a barrier's generation that did not move),
	// waitEmpty (not positive: a semaphore at zero).
	WaitMode *ir.Var
	WaitGen  *ir.Var
	Blocked  []*ir.Var
}

// The modes of a wait for a word (Driver.WaitMode).
const (
	waitHeld = iota
	waitWriter
	waitSame
	waitEmpty // not positive: a semaphore at zero
)

// AssertSite is an assertion of the sequentialized program.
type AssertSite struct {
	Kind string // "assert", "reach_error", "bound", "race"
	Loc  ir.Loc
	Text string
	// Stmt is the statement that fails: the assertion, or with the generic
	// target the call of reach_error().
	Stmt ir.Stmt
}

// SiteOf returns the assertion whose failing statement is st.
func (d *Driver) SiteOf(st ir.Stmt) (AssertSite, bool) {
	for _, s := range d.Asserts {
		if s.Stmt == st {
			return s, true
		}
	}
	return AssertSite{}, false
}

// Sequentialize turns the numbered threads of prog into simulation
// functions and adds the main driver.
func Sequentialize(prog *ir.Program, lay *Layout, opt Options) (*Driver, error) {
	if opt.Rounds < 1 {
		opt.Rounds = 1
	}
	if opt.Explore && (opt.Property == Deadlock || len(opt.Exts) > 0) {
		return nil, errors.New("the explicit-state search's program is not built for deadlocks nor with race instrumentation")
	}
	n := len(lay.Threads)
	bv := lay.CS.Type
	d := &Driver{Prog: prog, Layout: lay, Rounds: opt.Rounds, Threads: n, Width: lay.Width, Asserts: map[string]AssertSite{}, Guard: opt.Guard}
	sizes := &ir.Init{IsList: true}
	for i, t := range lay.Threads {
		sizes.List = append(sizes.List, ir.InitElem{Index: int64(i), Value: &ir.Init{Expr: ir.Lit(int64(t.Size), bv)}})
	}
	d.PC, d.CS = lay.PC, lay.CS
	d.Active = lay.Active(prog)
	d.Size = prog.AddGlobal("__ladr_size", &ir.Array{Elem: bv, Len: int64(n)}, sizes)
	d.Retval = prog.AddGlobal("__ladr_retval", &ir.Array{Elem: ir.VoidPtrType, Len: int64(n)}, nil)
	d.Exited = prog.AddGlobal("__ladr_exited", ir.BoolType, nil)
	d.PCBefore = prog.AddGlobal("__ladr_pc0", bv, nil)
	if f := prog.Func(bound.UnrunFunc); f != nil && !opt.ProveBounds {
		d.Unrun = prog.AddGlobal("__ladr_unrun_threads", ir.BoolType, nil)
	}
	assumeName := "__CPROVER_assume"
	if opt.Generic {
		assumeName = "__VERIFIER_assume"
	}
	assumeFn := prog.DeclareFunc(assumeName, &ir.Func{Result: ir.VoidType, Params: []ir.Type{ir.IntType}})
	d.Assume = func(loc ir.Loc, c ir.Expr) ir.Stmt { return &ir.ExprStmt{Loc: loc, X: ir.CallFn(assumeFn, c)} }
	nondetFn := prog.DeclareFunc("__VERIFIER_nondet_uint", &ir.Func{Result: ir.UIntType})
	d.Nondet = func() ir.Expr { return ir.CallFn(nondetFn) }

	if opt.Property == Deadlock {
		d.WaitSite = prog.AddGlobal("__ladr_wait_site", &ir.Array{Elem: ir.IntType, Len: int64(n)}, nil)
		d.WaitLock = prog.AddGlobal("__ladr_wait_lock", &ir.Array{Elem: &ir.Pointer{Elem: ir.IntType}, Len: int64(n)}, nil)
		d.WaitJoin = prog.AddGlobal("__ladr_wait_join", &ir.Array{Elem: ir.UIntType, Len: int64(n)}, nil)
		d.WaitMode = prog.AddGlobal("__ladr_wait_mode", &ir.Array{Elem: ir.IntType, Len: int64(n)}, nil)
		d.WaitGen = prog.AddGlobal("__ladr_wait_gen", &ir.Array{Elem: ir.IntType, Len: int64(n)}, nil)
	}
	s := &sequentializer{prog: prog, d: d, opt: opt, tls: map[*ir.Var]*ir.Var{}, kinds: usesMutexKinds(prog), pending: -1, visibleJ: -1}
	if callsOp(prog, model.OpDetach) || setsDetached(prog) {
		// The inert threads' identifiers follow the threads'.
		s.detached = prog.AddGlobal("__ladr_detached", &ir.Array{Elem: ir.BoolType, Len: int64(n + prog.InertThreads)}, nil)
	}
	s.liftTLS()
	s.liftParams()
	for _, tl := range lay.Threads {
		if err := s.thread(tl); err != nil {
			return nil, err
		}
	}
	s.driver()
	return d, nil
}

type sequentializer struct {
	prog *ir.Program
	d    *Driver
	opt  Options
	tls  map[*ir.Var]*ir.Var

	// per thread
	tl      *ThreadLayout
	me      int
	statics []ir.Stmt
	n       int
	labelJ  map[*ir.Label]int
	idx     map[ir.Stmt]int
	endIdx  map[ir.Stmt]int
	lblIdx  map[string]int
	layAt   []int
	keys    *ir.Var
	nkeys   *ir.Var
	// kinds: a mutex may have another type than normal (usesMutexKinds).
	kinds bool
	// detached flags the threads detached or joined (__ladr_detached[N]),
	// when the program detaches threads; nil otherwise.
	detached *ir.Var
	args     map[int][]*ir.Var
	// inPrefix is set while lowering main's statements that run before
	// any thread exists (see peelable).
	inPrefix bool
	// pending is the number of the visible label just lowered (-1 when
	// the last statement lowered was not one), visibleJ the number of the
	// call statement being lowered when it is that label's statement
	// (-1 otherwise).
	pending, visibleJ int
	// cur is the textual index of the statement being lowered.
	cur int
	// With Options.Hops, a forward jump over visible labels (an inlined
	// return, a break, an exit) goes to the first label it passes with
	// Driver.Hop (__ladr_hop, declared at the first such jump) set, and
	// hops from label to label until the last one before its target,
	// which jumps to the target (hopsAt). Every path then passes every
	// label in order, so the paths CBMC merges at a label all share the
	// guard of the label before: a jump straight over the labels merges
	// a guard from before them with one that went through them, and
	// CBMC's guards double at each such merge.
	//
	// hopsAt holds, per label number, the jumps that leave their hops
	// there for their targets; hopped, the labels a hop passes; nhops
	// numbers the jumps of the thread.
	hopsAt map[int][]hopTarget
	hopped map[int]bool
	nhops  int
	// nhopLabels numbers the labels hops arrive at (hopLabel).
	nhopLabels int
}

// hopTarget is a jump hopping over labels: its number (the value of
// __ladr_hop) and its target.
type hopTarget struct {
	id    int
	label string
}

// hopOver returns the statements that jump over the visible labels first
// to last (first <= last) to label, or to the thread's end when label is
// "", hopping from label to label (see sequentializer.hopsAt).
func (s *sequentializer) hopOver(loc ir.Loc, first, last int, label string) []ir.Stmt {
	if s.d.Hop == nil {
		s.d.Hop = s.prog.AddGlobal("__ladr_hop", ir.UIntType, nil)
	}
	s.nhops++
	id := s.nhops
	for j := first; j <= last; j++ {
		s.hopped[j] = true
	}
	if label != "" {
		s.hopsAt[last] = append(s.hopsAt[last], hopTarget{id: id, label: label})
	}
	return []ir.Stmt{
		exec(loc, ir.Set(ir.Ref(s.d.Hop), ir.Lit(int64(id), ir.UIntType))),
		&ir.Goto{Loc: loc, Label: LabelName(s.tl.Thread, first)},
	}
}

// ifOverLabels lowers an if statement with visible labels in a branch
// (thenHas, elseHas). The path of the other branch passes those labels by
// hopping (see sequentializer.hopsAt), with assume(cs >= ...) that the
// context does not end there:
//
//	if (!cond) { assume(...); hop to else: over the labels of then }
//	then
//	assume(...); hop to end over the labels of else   (or goto end)
//	else: else
//	end:
//
// The condition is evaluated once, as before.
func (s *sequentializer) ifOverLabels(x *ir.If, thenHas, elseHas bool) ([]ir.Stmt, error) {
	loc := x.Loc
	after := s.nextLabel(s.endIdx[x])
	elseAt, end := s.hopLabel(loc), s.hopLabel(loc)
	var out []ir.Stmt
	if thenHas {
		cont := after
		if x.Else != nil {
			cont = s.nextLabel(s.idx[x.Else])
		}
		first, last := s.nextLabel(s.idx[x.Then]), s.nextLabel(s.endIdx[x.Then])-1
		skip := append([]ir.Stmt{s.guard(loc, cont)}, s.hopOver(loc, first, last, elseAt.Name)...)
		out = append(out, &ir.If{Loc: loc, Cond: &ir.Unary{Op: ir.Not, X: x.Cond, T: ir.IntType}, Then: ir.NewBlock(loc, skip...)})
	} else {
		out = append(out, &ir.If{Loc: loc, Cond: &ir.Unary{Op: ir.Not, X: x.Cond, T: ir.IntType}, Then: ir.NewBlock(loc, &ir.Goto{Loc: loc, Label: elseAt.Name})})
	}
	then, err := s.block(x.Then)
	if err != nil {
		return nil, err
	}
	out = append(out, then)
	if elseHas {
		first, last := s.nextLabel(s.idx[x.Else]), s.nextLabel(s.endIdx[x.Else])-1
		out = append(out, s.guard(loc, after))
		out = append(out, s.hopOver(loc, first, last, end.Name)...)
	} else if x.Else != nil {
		out = append(out, &ir.Goto{Loc: loc, Label: end.Name})
	}
	out = append(out, elseAt)
	if x.Else != nil {
		els, err := s.block(x.Else)
		if err != nil {
			return nil, err
		}
		out = append(out, els)
	}
	out = append(out, end)
	return []ir.Stmt{&ir.Block{Loc: loc, List: out}}, nil
}

// hopLabel returns a new label of the thread for a hop to arrive at.
func (s *sequentializer) hopLabel(loc ir.Loc) *ir.Label {
	s.nhopLabels++
	return &ir.Label{Loc: loc, Name: fmt.Sprintf("__ladr_%s_hop%d", s.tl.Thread.Name, s.nhopLabels)}
}

// liftParams turns the parameters of the start routines into globals,
// which the creating thread sets.
func (s *sequentializer) liftParams() {
	s.args = map[int][]*ir.Var{}
	for _, tl := range s.d.Layout.Threads {
		if tl.Thread.ID == 0 {
			continue
		}
		for _, p := range tl.Func.Params {
			p.Class = ir.Global
			p.Name = fmt.Sprintf("__ladr_%s_%s", tl.Thread.Name, p.Name)
			s.prog.Globals = append(s.prog.Globals, p)
			s.args[tl.Thread.ID] = append(s.args[tl.Thread.ID], p)
		}
	}
}

// liftTLS turns each thread-local global into an array with one element
// per thread.
func (s *sequentializer) liftTLS() {
	for _, v := range s.prog.Globals {
		if !v.ThreadLocal {
			continue
		}
		arr := &ir.Var{Name: v.Name, Type: &ir.Array{Elem: v.Type, Len: int64(s.d.Threads)}, Class: ir.Global, Static: v.Static, Pos: v.Pos}
		if v.Init != nil {
			in := &ir.Init{IsList: true}
			for i := 0; i < s.d.Threads; i++ {
				in.List = append(in.List, ir.InitElem{Index: int64(i), Value: (&ir.Cloner{}).Init(v.Init)})
			}
			arr.Init = in
		}
		s.tls[v] = arr
	}
	if len(s.tls) == 0 {
		return
	}
	var globals []*ir.Var
	for _, v := range s.prog.Globals {
		if a, ok := s.tls[v]; ok {
			globals = append(globals, a)
		} else {
			globals = append(globals, v)
		}
	}
	s.prog.Globals = globals
}

func (s *sequentializer) loc() ir.Loc { return ir.Loc{Func: s.tl.Thread.Func} }

func (s *sequentializer) temp(t ir.Type) *ir.Var {
	s.n++
	v := &ir.Var{Name: fmt.Sprintf("__ladr_s%d", s.n), Type: t, Class: ir.Local, Static: true, Synthetic: true}
	if s.inPrefix {
		// main's prefix is a function of its own (Driver.Prefix): the
		// temporaries of its statements are globals.
		v.Class = ir.Global
		v.Name = fmt.Sprintf("__ladr_main_s%d", s.n)
		s.prog.Globals = append(s.prog.Globals, v)
		return v
	}
	s.statics = append(s.statics, &ir.DeclStmt{Loc: s.loc(), Var: v})
	return v
}

func exec(loc ir.Loc, e ir.Expr) ir.Stmt { return &ir.ExprStmt{Loc: loc, X: e} }

func (s *sequentializer) fn(name string, result ir.Type) *ir.Function {
	return s.prog.DeclareFunc(name, &ir.Func{Result: result, NoProto: true})
}

// index computes the textual order of the statements of a thread body.
func (s *sequentializer) index(b *ir.Block) {
	s.idx, s.endIdx, s.lblIdx = map[ir.Stmt]int{}, map[ir.Stmt]int{}, map[string]int{}
	s.layAt = make([]int, len(s.tl.Labels))
	i := 0
	var walk func(st ir.Stmt)
	walk = func(st ir.Stmt) {
		s.idx[st] = i
		i++
		switch x := st.(type) {
		case *ir.Block:
			for _, c := range x.List {
				walk(c)
			}
		case *ir.If:
			walk(x.Then)
			if x.Else != nil {
				walk(x.Else)
			}
		case *ir.Label:
			s.lblIdx[x.Name] = s.idx[st]
			if j, ok := s.labelJ[x]; ok {
				s.layAt[j] = s.idx[st]
			}
		}
		s.endIdx[st] = i
	}
	walk(b)
}

// deadLocals returns, for a program built for the explicit-state search
// (Options.Explore), the statements the thread's function (body, indexed)
// runs last: they zero each local that is out of scope at the label where
// the thread resumes, so that states differing only in dead locals are
// one state of the search. A local is in scope at the labels between its
// declaration and the end of the block that declares it (each copy of an
// unwound loop declares it again); one referenced outside every such
// range is left alone. The values zeroed are never read again: the thread
// resumes outside their scope, and entering it again declares them anew.
func (s *sequentializer) deadLocals(body *ir.Block) []ir.Stmt {
	type span struct{ from, to int } // textual indices [from, to)
	scopes := map[*ir.Var][]span{}
	var order []*ir.Var
	var decls func(st ir.Stmt)
	decls = func(st ir.Stmt) {
		switch x := st.(type) {
		case *ir.Block:
			for _, c := range x.List {
				if d, ok := c.(*ir.DeclStmt); ok {
					if _, seen := scopes[d.Var]; !seen {
						order = append(order, d.Var)
					}
					scopes[d.Var] = append(scopes[d.Var], span{s.idx[d], s.endIdx[x]})
				}
				decls(c)
			}
		case *ir.If:
			decls(x.Then)
			if x.Else != nil {
				decls(x.Else)
			}
		}
	}
	decls(body)
	escapes := map[*ir.Var]bool{}
	cur := 0
	ir.Inspect(body, func(n any) bool {
		if st, ok := n.(ir.Stmt); ok {
			if i, ok := s.idx[st]; ok {
				cur = i
			}
		}
		if id, ok := n.(*ir.Ident); ok && scopes[id.Var] != nil && !escapes[id.Var] {
			in := false
			for _, sp := range scopes[id.Var] {
				in = in || sp.from <= cur && cur < sp.to
			}
			escapes[id.Var] = !in
		}
		return true
	})
	live := s.prog.DeclareFunc(ExploreLive, &ir.Func{Result: ir.IntType, Params: []ir.Type{ir.UIntType, ir.UIntType}})
	zero := s.prog.DeclareFunc(ExploreZero, &ir.Func{Result: ir.VoidType, Params: []ir.Type{ir.VoidPtrType, ir.ULongType}})
	loc := s.loc()
	var out []ir.Stmt
	for _, v := range order {
		if escapes[v] || v.Class == ir.Global && s.me != 0 {
			continue
		}
		var dead ir.Expr
		for _, sp := range scopes[v] {
			lo, hi := s.nextLabel(sp.from+1), s.nextLabel(sp.to)-1
			if lo > hi {
				continue
			}
			outside := &ir.Unary{Op: ir.Not, X: ir.CallFn(live, ir.Lit(int64(lo), ir.UIntType), ir.Lit(int64(hi), ir.UIntType)), T: ir.IntType}
			if dead == nil {
				dead = outside
			} else {
				dead = ir.Bin(ir.LAnd, dead, outside, ir.IntType)
			}
		}
		kill := exec(loc, ir.CallFn(zero, &ir.Cast{X: ir.AddrOf(ir.Ref(v)), T: ir.VoidPtrType}, &ir.SizeofType{Of: v.Type, T: ir.ULongType}))
		if dead == nil {
			out = append(out, kill)
			continue
		}
		out = append(out, &ir.If{Loc: loc, Cond: dead, Then: ir.NewBlock(loc, kill)})
	}
	return out
}

// nextLabel returns the number of the first visible label at or after
// textual index i.
func (s *sequentializer) nextLabel(i int) int {
	j := sort.SearchInts(s.layAt, i)
	return j
}

// hasLabel reports whether a visible label lies in [a, b).
func (s *sequentializer) hasLabel(a, b int) bool {
	j := sort.SearchInts(s.layAt, a)
	return j < len(s.layAt) && s.layAt[j] < b
}

// guard returns assume(cs >= j).
func (s *sequentializer) guard(loc ir.Loc, j int) ir.Stmt {
	if s.opt.Explore {
		fn := s.prog.DeclareFunc(ExploreAtLeast, &ir.Func{Result: ir.VoidType, Params: []ir.Type{ir.UIntType}})
		return exec(loc, ir.CallFn(fn, ir.Lit(int64(j), ir.UIntType)))
	}
	return s.d.Assume(loc, ir.Bin(ir.Ge, ir.Ref(s.d.CS), ir.Lit(int64(j), s.d.CS.Type), ir.IntType))
}

func (s *sequentializer) thread(tl *ThreadLayout) error {
	s.tl, s.me, s.statics = tl, tl.Thread.ID, nil
	s.hopsAt, s.hopped, s.nhops, s.nhopLabels = map[int][]hopTarget{}, map[int]bool{}, 0, 0
	f := tl.Func
	s.labelJ = map[*ir.Label]int{}
	for j, l := range tl.Labels {
		s.labelJ[l] = j
	}
	// Parameters: thread arguments live in globals set by the creator;
	// main's parameters get nondeterministic values.
	var pre []ir.Stmt
	if s.me == 0 {
		for _, p := range f.Params {
			p.Class = ir.Local
			pre = append(pre, &ir.DeclStmt{Loc: ir.Loc{Pos: p.Pos, Func: "main"}, Var: p})
		}
	}
	if s.me == 0 {
		f.Name = "__ladr_main_thread"
	}
	f.Params = nil
	f.Type = &ir.Func{Result: ir.VoidType}
	f.Static = true
	if len(pre) > 0 {
		// After label 0, so they run once, at the start.
		f.Body.List = append(append([]ir.Stmt{f.Body.List[0]}, pre...), f.Body.List[1:]...)
		for _, st := range pre {
			tl.Sequential[st] = true
		}
	}
	s.index(f.Body)
	s.rewriteExprs(f.Body)
	npre := 0
	if s.me == 0 {
		npre = s.peelable(f.Body.List)
	}
	out := &ir.Block{Loc: f.Body.Loc}
	var prefix []ir.Stmt
	for i, st := range f.Body.List {
		s.inPrefix = i >= 1 && i <= npre
		r, err := s.stmt(st)
		if err != nil {
			return err
		}
		if s.inPrefix {
			prefix = append(prefix, r...)
		} else {
			out.List = append(out.List, r...)
		}
	}
	s.inPrefix = false
	if s.opt.Explore {
		out.List = append(out.List, s.deadLocals(f.Body)...)
	}
	f.Body = &ir.Block{Loc: f.Body.Loc, List: append(s.statics, out.List...)}
	if len(prefix) > 0 {
		s.d.Prefix = &ir.Function{Name: "__ladr_main_prefix", Type: &ir.Func{Result: ir.VoidType}, Static: true, Thread: tl.Thread,
			Body: &ir.Block{Loc: f.Body.Loc, List: prefix}}
		s.prog.Funcs = append(s.prog.Funcs, s.d.Prefix)
	}
	return nil
}

// peelable returns how many statements after label 0 of main's body run
// before any thread exists and can move into a function the driver calls
// once before the first round: they must jump only among themselves (or
// out of the program).
func (s *sequentializer) peelable(list []ir.Stmt) int {
	n := 0
	defined := map[string]bool{}
	for i := 1; i < len(list) && s.tl.Sequential[list[i]] && !isLabelOf(list[i], s.labelJ); i++ {
		ir.Inspect(list[i], func(x any) bool {
			if l, ok := x.(*ir.Label); ok {
				defined[l.Name] = true
			}
			return true
		})
		n = i
	}
	// Drop statements jumping forward out of the prefix (to a later label).
	for n > 0 {
		ok := true
		for i := 1; i <= n; i++ {
			ir.Inspect(list[i], func(x any) bool {
				if g, isGoto := x.(*ir.Goto); isGoto && !defined[g.Label] && g.Label != s.exitLabel() {
					ok = false
				}
				return ok
			})
		}
		if ok {
			break
		}
		n--
	}
	return n
}

func isLabelOf(st ir.Stmt, labels map[*ir.Label]int) bool {
	l, ok := st.(*ir.Label)
	if !ok {
		return false
	}
	_, ok = labels[l]
	return ok
}

// rewriteExprs replaces expression-level models: pthread_self(),
// pthread_equal(), thread-local variables.
func (s *sequentializer) rewriteExprs(b *ir.Block) {
	me := s.me
	ir.RewriteStmtExprs(b, func(e ir.Expr) ir.Expr {
		switch x := e.(type) {
		case *ir.Call:
			switch model.Lookup(calleeName(x)).Op {
			case model.OpSelf:
				return ir.Lit(int64(me), x.T)
			case model.OpEqual:
				if len(x.Args) == 2 {
					return ir.Bin(ir.Eq, x.Args[0], x.Args[1], ir.IntType)
				}
			}
		case *ir.Ident:
			if a, ok := s.tls[x.Var]; ok {
				return &ir.Index{X: &ir.Ident{Var: a, P: x.P}, I: ir.IntConst(int64(me)), T: x.Var.Type, P: x.P}
			}
		}
		return e
	})
}

func calleeName(c *ir.Call) string {
	if f := ir.CalledFunc(c); f != nil {
		return f.Name
	}
	return ""
}

func (s *sequentializer) block(b *ir.Block) (*ir.Block, error) {
	out := &ir.Block{Loc: b.Loc}
	for _, st := range b.List {
		r, err := s.stmt(st)
		if err != nil {
			return nil, err
		}
		out.List = append(out.List, r...)
	}
	return out, nil
}

func (s *sequentializer) exitLabel() string { return LabelName(s.tl.Thread, s.tl.Size) }

// jumpOut returns the statements leaving the thread for its exit label.
func (s *sequentializer) jumpOut(loc ir.Loc) []ir.Stmt {
	if s.inPrefix {
		return []ir.Stmt{&ir.Return{Loc: loc}}
	}
	if s.opt.Hops && s.hasLabel(s.cur+1, s.layAt[s.tl.Size]) {
		return append([]ir.Stmt{s.guard(loc, s.tl.Size)}, s.hopOver(loc, s.nextLabel(s.cur+1), s.tl.Size-1, "")...)
	}
	return []ir.Stmt{s.guard(loc, s.tl.Size), &ir.Goto{Loc: loc, Label: s.exitLabel()}}
}

// exitProgram ends the whole program (exit, abort, return from main).
func (s *sequentializer) exitProgram(loc ir.Loc) []ir.Stmt {
	return append([]ir.Stmt{exec(loc, ir.Set(ir.Ref(s.d.Exited), ir.Lit(1, ir.BoolType)))}, s.jumpOut(loc)...)
}

func (s *sequentializer) stmt(st ir.Stmt) ([]ir.Stmt, error) {
	loc := *st.Origin()
	s.cur = s.idx[st]
	after := s.pending
	s.pending = -1
	switch x := st.(type) {
	case *ir.Label:
		j, ok := s.labelJ[x]
		if ok {
			s.pending = j
		}
		if !ok {
			return []ir.Stmt{x}, nil
		}
		if j == s.tl.Size {
			if s.nhops > 0 {
				// The jumps to the thread's end arrive with hop set.
				return []ir.Stmt{x, exec(loc, ir.Set(ir.Ref(s.d.Hop), ir.Lit(0, ir.UIntType)))}, nil
			}
			return []ir.Stmt{x}, nil
		}
		pc := &ir.Index{X: ir.Ref(s.d.PC), I: ir.IntConst(int64(s.me)), T: s.d.CS.Type}
		jl := ir.Lit(int64(j), s.d.CS.Type)
		var ends ir.Expr = ir.Bin(ir.Ge, ir.Lit(int64(j), s.d.CS.Type), ir.Ref(s.d.CS), ir.IntType)
		if s.opt.Explore {
			fn := s.prog.DeclareFunc(ExploreAt, &ir.Func{Result: ir.IntType, Params: []ir.Type{ir.UIntType}})
			ends = ir.CallFn(fn, ir.Lit(int64(j), ir.UIntType))
		}
		cond := ir.Bin(ir.LOr, ir.Bin(ir.Gt, pc, jl, ir.IntType), ends, ir.IntType)
		out := []ir.Stmt{x}
		for _, h := range s.hopsAt[j] {
			// A jump hopping over the labels arrives at its target.
			out = append(out, &ir.If{Loc: loc, Cond: ir.Bin(ir.Eq, ir.Ref(s.d.Hop), ir.Lit(int64(h.id), ir.UIntType), ir.IntType),
				Then: ir.NewBlock(loc, exec(loc, ir.Set(ir.Ref(s.d.Hop), ir.Lit(0, ir.UIntType))), &ir.Goto{Loc: loc, Label: h.label})})
		}
		if s.hopped[j] {
			// A jump hopping over this label goes on to the next one
			// (the context does not end here: it assumed cs past its
			// target).
			cond = ir.Bin(ir.LOr, ir.Bin(ir.Ne, ir.Ref(s.d.Hop), ir.Lit(0, ir.UIntType), ir.IntType), cond, ir.IntType)
		}
		jmp := &ir.If{Loc: loc, Cond: cond, Then: ir.NewBlock(loc, &ir.Goto{Loc: loc, Label: LabelName(s.tl.Thread, j+1)})}
		if stop := s.tl.AtStop[j]; len(stop) > 0 {
			// The context ends here exactly when cs == j (cs >= pc).
			at := &ir.If{Loc: loc, Cond: ir.Bin(ir.Eq, ir.Ref(s.d.CS), ir.Lit(int64(j), s.d.CS.Type), ir.IntType), Then: ir.NewBlock(loc, stop...)}
			jmp.Then.List = append([]ir.Stmt{at}, jmp.Then.List...)
		}
		return append(out, jmp), nil
	case *ir.Block:
		b, err := s.block(x)
		if err != nil {
			return nil, err
		}
		return []ir.Stmt{b}, nil
	case *ir.If:
		thenHas := s.hasLabel(s.idx[x.Then], s.endIdx[x.Then])
		elseHas := x.Else != nil && s.hasLabel(s.idx[x.Else], s.endIdx[x.Else])
		if s.opt.Hops && (thenHas || elseHas) {
			return s.ifOverLabels(x, thenHas, elseHas)
		}
		then, err := s.block(x.Then)
		if err != nil {
			return nil, err
		}
		var els *ir.Block
		if x.Else != nil {
			if els, err = s.block(x.Else); err != nil {
				return nil, err
			}
		}
		after := s.nextLabel(s.endIdx[x])
		if elseHas {
			then.List = append(then.List, s.guard(loc, after))
		}
		if thenHas {
			if els == nil {
				els = ir.NewBlock(loc, s.guard(loc, after))
			} else {
				els.List = append([]ir.Stmt{s.guard(loc, s.nextLabel(s.idx[x.Else]))}, els.List...)
			}
		}
		return []ir.Stmt{&ir.If{Loc: x.Loc, Cond: x.Cond, Then: then, Else: els}}, nil
	case *ir.Goto:
		if s.inPrefix && x.Label == s.exitLabel() {
			return []ir.Stmt{&ir.Return{Loc: loc}}, nil
		}
		target, ok := s.lblIdx[x.Label]
		if !ok {
			return nil, &bound.UnsupportedError{Pos: loc.Pos, What: "goto to a missing label " + x.Label}
		}
		if s.hasLabel(s.idx[x]+1, target) {
			if !s.opt.Hops {
				return []ir.Stmt{s.guard(loc, s.nextLabel(target)), x}, nil
			}
			return append([]ir.Stmt{s.guard(loc, s.nextLabel(target))}, s.hopOver(loc, s.nextLabel(s.idx[x]+1), s.nextLabel(target)-1, x.Label)...), nil
		}
		return []ir.Stmt{x}, nil
	case *ir.DeclStmt:
		return s.decl(x), nil
	case *ir.Return:
		var out []ir.Stmt
		if s.me == 0 {
			if x.X != nil {
				out = append(out, exec(loc, x.X))
			}
			return append(out, s.exitProgram(loc)...), nil
		}
		if x.X != nil {
			rv := &ir.Index{X: ir.Ref(s.d.Retval), I: ir.IntConst(int64(s.me)), T: ir.VoidPtrType}
			out = append(out, exec(loc, ir.Set(rv, &ir.Cast{X: x.X, T: ir.VoidPtrType})))
		}
		return append(out, s.jumpOut(loc)...), nil
	case *ir.Unsupported:
		return nil, &bound.UnsupportedError{Pos: UserPos(x.Loc), What: x.What}
	case *ir.Loop, *ir.Break, *ir.Continue:
		return nil, &bound.UnsupportedError{Pos: loc.Pos, What: "loop left after unwinding"}
	case *ir.ExprStmt:
		if bad := findBad(x.X); bad != nil {
			return nil, &bound.UnsupportedError{Pos: bad.P, What: bad.Why}
		}
		s.visibleJ = after
		defer func() { s.visibleJ = -1 }()
		return s.call(x)
	}
	return []ir.Stmt{st}, nil
}

func findBad(e ir.Expr) *ir.Bad {
	var bad *ir.Bad
	ir.Inspect(e, func(n any) bool {
		if b, ok := n.(*ir.Bad); ok && bad == nil {
			bad = b
		}
		return bad == nil
	})
	return bad
}

// decl turns a local declaration into a static variable of the simulation
// function and an assignment at the original place.
func (s *sequentializer) decl(x *ir.DeclStmt) []ir.Stmt {
	v := x.Var
	loc := x.Loc
	v.Init = nil
	if s.me == 0 {
		// main's locals are shared by its prefix and its simulation function.
		v.Class, v.Static = ir.Global, true
		s.prog.Globals = append(s.prog.Globals, v)
	} else {
		v.Static = true
		s.statics = append(s.statics, &ir.DeclStmt{Loc: loc, Var: v})
	}
	if x.Init == nil {
		if v.Synthetic {
			return nil // ladr's temporaries are written before they are read
		}
		return s.havoc(loc, v)
	}
	return s.initialize(loc, ir.Ref(v), x.Init, true)
}

// havoc gives an uninitialized local a nondeterministic value.
func (s *sequentializer) havoc(loc ir.Loc, v *ir.Var) []ir.Stmt {
	b, ok := v.Type.(*ir.Basic)
	if !ok {
		if ir.IsPointer(v.Type) || s.opt.Generic {
			return nil
		}
		h := s.fn("__CPROVER_havoc_object", ir.VoidType)
		return []ir.Stmt{exec(loc, ir.CallFn(h, ir.AddrOf(ir.Ref(v))))}
	}
	name := map[ir.Kind]string{
		ir.Bool: "bool", ir.Char: "char", ir.SChar: "char", ir.UChar: "uchar", ir.Short: "short", ir.UShort: "ushort",
		ir.Int: "int", ir.UInt: "uint", ir.Long: "long", ir.ULong: "ulong", ir.LongLong: "longlong", ir.ULongLong: "ulonglong",
		ir.Float: "float", ir.Double: "double",
	}[b.Kind]
	if name == "" {
		return nil
	}
	prefix := "__VERIFIER_nondet_"
	if s.opt.Explore {
		prefix = ExploreHavoc
	}
	f := s.fn(prefix+name, v.Type)
	return []ir.Stmt{exec(loc, ir.Set(ir.Ref(v), ir.CallFn(f)))}
}

// initialize assigns an initializer to an lvalue.
func (s *sequentializer) initialize(loc ir.Loc, lv ir.Expr, in *ir.Init, zero bool) []ir.Stmt {
	if !in.IsList {
		if str, ok := in.Expr.(*ir.StringLit); ok && ir.IsArray(lv.Type()) {
			cpy := s.fn("memcpy", ir.VoidPtrType)
			n := int64(len(str.Val) + 1)
			if a, ok := lv.Type().(*ir.Array); ok && a.Len >= 0 && a.Len < n {
				n = a.Len
			}
			return []ir.Stmt{exec(loc, ir.CallFn(cpy, lv, str, ir.Lit(n, ir.ULongType)))}
		}
		return []ir.Stmt{exec(loc, &ir.Assign{L: lv, R: in.Expr, T: lv.Type()})}
	}
	var out []ir.Stmt
	if zero {
		set := s.fn("memset", ir.VoidPtrType)
		out = append(out, exec(loc, ir.CallFn(set, ir.AddrOf(clone(lv)), ir.IntConst(0), &ir.SizeofExpr{X: clone(lv), T: ir.ULongType})))
	}
	for _, el := range in.List {
		var sub ir.Expr
		if el.Field != nil {
			sub = &ir.Member{X: clone(lv), Field: el.Field, T: el.Field.Type}
		} else {
			sub = &ir.Index{X: clone(lv), I: ir.IntConst(el.Index), T: ir.Elem(lv.Type())}
		}
		out = append(out, s.initialize(loc, sub, el.Value, false)...)
	}
	return out
}

// call lowers the models of the functions called by a statement: the
// lowering of the callee's operation in the library table (lowerings).
// A call of a function that must be a statement (model.Info.MustBeStatement)
// with no lowering is unsupported.
func (s *sequentializer) call(x *ir.ExprStmt) ([]ir.Stmt, error) {
	c, lhs := bound.CallOf(x)
	if c == nil {
		return []ir.Stmt{x}, nil
	}
	name := calleeName(c)
	if lower, ok := lowerings[model.Lookup(name).Op]; ok {
		st := &site{s: s, loc: x.Loc, name: name, args: c.Args, lhs: lhs, call: c}
		if err := lower(st); err != nil {
			return nil, err
		}
		return st.out, nil
	}
	if f := ir.CalledFunc(c); f != nil && f.Body == nil && model.Lookup(f.Name).MustBeStatement() {
		return nil, &bound.UnsupportedError{Pos: UserPos(x.Loc), What: "no model for " + f.Name}
	}
	return []ir.Stmt{x}, nil
}

// UserPos is the position of loc in the user's program: a statement of
// ladr's C library model (package libc) is shown at the call of the model
// function it was inlined from.
func UserPos(loc ir.Loc) ir.Pos {
	if !libc.IsModelFile(loc.Pos.File) {
		return loc.Pos
	}
	for in := loc.Inline; in != nil; in = in.Parent {
		if !libc.IsModelFile(in.Pos.File) {
			return in.Pos
		}
	}
	return loc.Pos
}

const maxKeys = 8

// stateField returns an integer lvalue at offset 0 of the synchronization
// object p points to, reached through members (glibc's pthread_mutex_t is
// a union whose first member's first field is int __lock; sem_t has a long
// __align): CBMC handles member access much better than the type-punned
// *(int *)p. It returns nil when there is none.
func stateField(p ir.Expr) ir.Expr {
	pt, ok := p.Type().(*ir.Pointer)
	if !ok {
		return nil
	}
	var lv ir.Expr = &ir.Unary{Op: ir.Deref, X: clone(p), T: pt.Elem}
	t := pt.Elem
	for depth := 0; depth < 8; depth++ {
		if b, ok := t.(*ir.Basic); ok {
			switch b.Kind {
			case ir.Int, ir.UInt, ir.Long, ir.ULong:
				return lv
			}
			return nil
		}
		st, ok := t.(*ir.Struct)
		if !ok || len(st.Fields) == 0 {
			return nil
		}
		var f *ir.Field
		if st.Union {
			// A member that leads to an integer at offset 0.
			for _, c := range st.Fields {
				if leadsToInt(c.Type, 8) && !c.BitField && c.Name != "" {
					f = c
					break
				}
			}
		} else if c := st.Fields[0]; !c.BitField && c.Name != "" {
			f = c
		}
		if f == nil {
			return nil
		}
		if m, ok := lv.(*ir.Unary); ok && m.Op == ir.Deref {
			lv = &ir.Member{X: m.X, Field: f, Arrow: true, T: f.Type}
		} else {
			lv = &ir.Member{X: lv, Field: f, T: f.Type}
		}
		t = f.Type
	}
	return nil
}

func leadsToInt(t ir.Type, depth int) bool {
	if depth == 0 {
		return false
	}
	switch x := t.(type) {
	case *ir.Basic:
		switch x.Kind {
		case ir.Int, ir.UInt, ir.Long, ir.ULong:
			return true
		}
	case *ir.Struct:
		if len(x.Fields) == 0 {
			return false
		}
		if x.Union {
			for _, f := range x.Fields {
				if f.Name != "" && !f.BitField && leadsToInt(f.Type, depth-1) {
					return true
				}
			}
			return false
		}
		f := x.Fields[0]
		return f.Name != "" && !f.BitField && leadsToInt(f.Type, depth-1)
	}
	return false
}

func (s *sequentializer) ensureKeys() {
	if s.keys != nil {
		return
	}
	s.keys = s.prog.AddGlobal("__ladr_tsd", &ir.Array{Elem: &ir.Array{Elem: ir.VoidPtrType, Len: int64(s.d.Threads)}, Len: maxKeys}, nil)
	s.nkeys = s.prog.AddGlobal("__ladr_nkeys", ir.UIntType, nil)
}

// assertion returns an assertion of c whose message identifies it.
func (s *sequentializer) assertion(loc ir.Loc, c ir.Expr, kind, text string) ir.Stmt {
	msg := fmt.Sprintf("ladr:%s:%d: %s", kind, len(s.d.Asserts)+1, strings.ReplaceAll(text, "\"", "'"))
	if g := s.d.Guard; g != nil && (kind == "assert" || kind == "reach_error") {
		c = ir.Bin(ir.LOr, c, &ir.Unary{Op: ir.Not, X: ir.Clone(g), T: ir.IntType}, ir.IntType)
	}
	if s.opt.Generic {
		// SV-COMP convention: reaching reach_error() is the violation.
		re := s.prog.DeclareFunc("reach_error", &ir.Func{Result: ir.VoidType})
		call := exec(loc, ir.CallFn(re))
		s.d.Asserts[msg] = AssertSite{Kind: kind, Loc: loc, Text: text, Stmt: call}
		return &ir.If{Loc: loc, Cond: &ir.Unary{Op: ir.Not, X: c, T: ir.IntType}, Then: ir.NewBlock(loc, call)}
	}
	af := s.prog.DeclareFunc("__CPROVER_assert", &ir.Func{Result: ir.VoidType, Params: []ir.Type{ir.BoolType, ir.CharPtrType}})
	str := &ir.StringLit{Val: msg, ElemSize: 1, T: &ir.Array{Elem: ir.CharType, Len: int64(len(msg) + 1)}}
	st := exec(loc, ir.CallFn(af, c, str))
	s.d.Asserts[msg] = AssertSite{Kind: kind, Loc: loc, Text: text, Stmt: st}
	return st
}

func isSimple(e ir.Expr) bool {
	switch x := e.(type) {
	case *ir.Ident, *ir.IntLit, *ir.FuncRef:
		return true
	case *ir.Unary:
		return x.Op == ir.Addr && isSimple(x.X)
	case *ir.Cast:
		return isSimple(x.X)
	case *ir.Member:
		return !x.Arrow && isSimple(x.X)
	}
	return false
}

// boundCheck lowers bound(c, msg): behaviours where c holds are beyond the
// bounds, assumed away, or asserted impossible when the bounds must be
// proved sufficient.
func (s *sequentializer) boundCheck(loc ir.Loc, c, msg ir.Expr) []ir.Stmt {
	what := ""
	if str, ok := msg.(*ir.StringLit); ok {
		what = str.Val
	}
	notC := &ir.Unary{Op: ir.Not, X: c, T: ir.IntType}
	if s.opt.ProveBounds {
		return []ir.Stmt{s.assertion(loc, notC, "bound", what)}
	}
	return []ir.Stmt{s.d.Assume(loc, notC)}
}

func hasEffects(e ir.Expr) bool { return ir.HasEffects(e) }

func decay(t ir.Type) ir.Type {
	switch x := t.(type) {
	case *ir.Array:
		return &ir.Pointer{Elem: x.Elem}
	case *ir.Func:
		return &ir.Pointer{Elem: x}
	}
	return t
}

// driver builds the new main: K rounds of round-robin contexts.
func (s *sequentializer) driver() {
	d := s.d
	loc := ir.Loc{Func: "main"}
	main := &ir.Function{Name: "main", Type: &ir.Func{Result: ir.IntType}}
	var body []ir.Stmt
	for _, ext := range s.opt.Exts {
		body = append(body, ext.Init(d)...)
	}
	x := &ir.Var{Name: "__ladr_x", Type: ir.UIntType, Class: ir.Local}
	body = append(body, &ir.DeclStmt{Loc: loc, Var: x})
	body = append(body, s.defineExterns(loc)...)
	if d.Prefix != nil {
		body = append(body, exec(loc, ir.CallFn(d.Prefix)))
	}
	for r := 0; r < d.Rounds; r++ {
		for i, tl := range d.Layout.Threads {
			cx := r*d.Threads + i
			pc := &ir.Index{X: ir.Ref(d.PC), I: ir.IntConst(int64(i)), T: d.CS.Type}
			var cond ir.Expr = ir.Bin(ir.LAnd, &ir.Index{X: ir.Ref(d.Active), I: ir.IntConst(int64(i)), T: ir.BoolType},
				&ir.Unary{Op: ir.Not, X: ir.Ref(d.Exited), T: ir.IntType}, ir.IntType)
			for _, ext := range s.opt.Exts {
				if e := ext.Enabled(d, cx); e != nil {
					cond = ir.Bin(ir.LAnd, cond, e, ir.IntType)
				}
			}
			var ctx []ir.Stmt
			size := ir.Lit(int64(tl.Size), d.CS.Type)
			choose := d.Nondet()
			if s.opt.Explore {
				fn := s.prog.DeclareFunc(ExploreBegin, &ir.Func{Result: ir.UIntType, Params: []ir.Type{ir.UIntType, ir.UIntType, ir.UIntType, ir.UIntType}})
				choose = ir.CallFn(fn, ir.Lit(int64(i), ir.UIntType), ir.Lit(int64(r), ir.UIntType), clone(pc), clone(size))
			}
			ctx = append(ctx,
				exec(loc, ir.Set(ir.Ref(x), choose)),
				d.Assume(loc, ir.Bin(ir.LAnd, ir.Bin(ir.Ge, ir.Ref(x), clone(pc), ir.IntType), ir.Bin(ir.Le, ir.Ref(x), size, ir.IntType), ir.IntType)),
				exec(loc, ir.Set(ir.Ref(d.CS), &ir.Cast{X: ir.Ref(x), T: d.CS.Type})),
				exec(loc, ir.Set(ir.Ref(d.PCBefore), clone(pc))),
			)
			for _, ext := range s.opt.Exts {
				ctx = append(ctx, ext.Before(d, cx, i)...)
			}
			ctx = append(ctx, exec(loc, ir.CallFn(tl.Func)))
			if s.opt.Explore {
				fn := s.prog.DeclareFunc(ExploreEnd, &ir.Func{Result: ir.UIntType})
				ctx = append(ctx, exec(loc, ir.Set(ir.Ref(d.CS), &ir.Cast{X: ir.CallFn(fn), T: d.CS.Type})))
			}
			ctx = append(ctx, exec(loc, ir.Set(clone(pc), ir.Ref(d.CS))))
			ctx = append(ctx, &ir.If{Loc: loc, Cond: ir.Bin(ir.Eq, ir.Ref(d.CS), clone(size), ir.IntType),
				Then: ir.NewBlock(loc, exec(loc, ir.Set(&ir.Index{X: ir.Ref(d.Active), I: ir.IntConst(int64(i)), T: ir.BoolType}, ir.Lit(0, ir.BoolType))))})
			for _, ext := range s.opt.Exts {
				ctx = append(ctx, ext.After(d, cx, i)...)
			}
			if s.opt.Explore {
				// cs and pc0 are dead between contexts: the search's
				// states should not differ in them.
				ctx = append(ctx, exec(loc, ir.Set(ir.Ref(d.CS), ir.Lit(0, d.CS.Type))), exec(loc, ir.Set(ir.Ref(d.PCBefore), ir.Lit(0, d.CS.Type))))
			}
			body = append(body, &ir.If{Loc: loc, Cond: cond, Then: ir.NewBlock(loc, ctx...)})
		}
	}
	for _, ext := range s.opt.Exts {
		body = append(body, ext.Final(d)...)
	}
	if s.opt.Property == Deadlock {
		body = append(body, s.deadlockCheck(loc)...)
	}
	body = append(body, &ir.Return{Loc: loc, X: ir.IntConst(0)})
	main.Body = ir.NewBlock(loc, body...)
	s.prog.Funcs = append(s.prog.Funcs, main)
	d.Main = main
	var hdr []string
	hdr = append(hdr, fmt.Sprintf("/* ladr: lazy sequentialization, %d round(s), %d thread(s) */", d.Rounds, d.Threads))
	for _, tl := range d.Layout.Threads {
		t := tl.Thread
		if t.ID == 0 {
			hdr = append(hdr, fmt.Sprintf("/*   thread %d main: %d visible statement(s) */", t.ID, tl.Size))
		} else {
			hdr = append(hdr, fmt.Sprintf("/*   thread %d %s (%s, created at %s): %d visible statement(s) */", t.ID, t.Name, t.Func, t.CreatedAt, tl.Size))
		}
	}
	s.prog.Header = append(s.prog.Header, hdr...)
}

// defineExterns defines the globals the program declares extern but never
// defines, giving each a nondeterministic value before main starts (what
// CBMC gives an undefined extern, made explicit): the value is then a
// choice of the counterexample, which a replay answers, and the program
// links. A variable of a type havoc does not cover stays extern: CBMC
// still gives it a nondeterministic value, and the replay defines it as
// zero (a counterexample that needs another value does not replay).
func (s *sequentializer) defineExterns(loc ir.Loc) []ir.Stmt {
	var out []ir.Stmt
	for _, v := range s.prog.Globals {
		if !v.Extern || v.ThreadLocal || !definable(v.Type) {
			continue
		}
		h := s.havoc(loc, v)
		if len(h) == 0 {
			continue
		}
		v.Extern = false
		s.d.Externs = append(s.d.Externs, v)
		out = append(out, h...)
	}
	return out
}

// definable reports whether a variable of type t can be defined: its
// size is known (not extern int tab[], nor an incomplete struct, which a
// definition would give another size).
func definable(t ir.Type) bool {
	if !ir.FixedSize(t) {
		return false
	}
	for ir.IsArray(t) {
		t = ir.Elem(t)
	}
	s, ok := t.(*ir.Struct)
	return !ok || s.Complete
}

// blockIf returns the statements of a blocking call of property Deadlock
// at the current visible statement: when cond holds the call would
// block, and the thread stops before it (its context ends there, and it
// tries again when it runs next), recording the site and what it waits
// for (lock, a pointer to the lock word, or join, the joined thread's
// identifier; nil when not that); else it goes on, waiting for nothing.
//
// It returns false where a thread cannot stop: before any thread exists
// (main's prefix), or at a call that is not a visible statement.
func (s *sequentializer) blockIf(loc ir.Loc, cond, lock, join ir.Expr, what string) ([]ir.Stmt, bool) {
	return s.blockOn(loc, cond, lock, waitHeld, nil, join, what)
}

// blockOn is blockIf with the mode of the wait for the word lock points
// to (Driver.WaitMode) and, for waitSame, the value it waits to change
// from.
func (s *sequentializer) blockOn(loc ir.Loc, cond, lock ir.Expr, mode int, gen, join ir.Expr, what string) ([]ir.Stmt, bool) {
	if s.opt.Property != Deadlock || s.inPrefix || s.visibleJ < 0 {
		return nil, false
	}
	d := s.d
	d.WaitSites = append(d.WaitSites, WaitSite{Thread: s.tl.Thread, Loc: loc, What: what})
	site := int64(len(d.WaitSites))
	me := ir.IntConst(int64(s.me))
	at := func(v *ir.Var, t ir.Type) ir.Expr { return &ir.Index{X: ir.Ref(v), I: me, T: t} }
	lockPtr := ir.Expr(&ir.Cast{X: ir.IntConst(0), T: &ir.Pointer{Elem: ir.IntType}})
	if lock != nil {
		lockPtr = lock
	}
	joinID := ir.Expr(ir.Lit(0, ir.UIntType))
	if join != nil {
		joinID = ir.Bin(ir.Add, &ir.Cast{X: join, T: ir.UIntType}, ir.Lit(1, ir.UIntType), ir.UIntType)
	}
	genVal := ir.Expr(ir.IntConst(0))
	if gen != nil {
		genVal = gen
	}
	j := s.visibleJ
	stop := ir.NewBlock(loc,
		exec(loc, ir.Set(at(d.WaitSite, ir.IntType), ir.IntConst(site))),
		exec(loc, ir.Set(at(d.WaitLock, &ir.Pointer{Elem: ir.IntType}), lockPtr)),
		exec(loc, ir.Set(at(d.WaitJoin, ir.UIntType), joinID)),
		exec(loc, ir.Set(at(d.WaitMode, ir.IntType), ir.IntConst(int64(mode)))),
		exec(loc, ir.Set(at(d.WaitGen, ir.IntType), genVal)),
		exec(loc, ir.Set(ir.Ref(d.CS), ir.Lit(int64(j), d.CS.Type))),
		&ir.Goto{Loc: loc, Label: LabelName(s.tl.Thread, j+1)})
	return []ir.Stmt{
		&ir.If{Loc: loc, Cond: cond, Then: stop},
		exec(loc, ir.Set(at(d.WaitSite, ir.IntType), ir.IntConst(0))),
	}, true
}

// deadlockCheck returns the final check of property Deadlock: each
// thread's Blocked variable, then the assertion that not every live
// thread waits for ever.
func (s *sequentializer) deadlockCheck(loc ir.Loc) []ir.Stmt {
	d := s.d
	var out []ir.Stmt
	var anyLive, allWait ir.Expr = ir.IntConst(0), ir.IntConst(1)
	for i := range d.Layout.Threads {
		v := s.prog.AddGlobal(fmt.Sprintf("__ladr_blocked_%d", i), ir.IntType, nil)
		d.Blocked = append(d.Blocked, v)
		idx := ir.IntConst(int64(i))
		site := &ir.Index{X: ir.Ref(d.WaitSite), I: idx, T: ir.IntType}
		lock := &ir.Index{X: ir.Ref(d.WaitLock), I: ir.IntConst(int64(i)), T: &ir.Pointer{Elem: ir.IntType}}
		join := &ir.Index{X: ir.Ref(d.WaitJoin), I: ir.IntConst(int64(i)), T: ir.UIntType}
		joined := ir.Bin(ir.Sub, clone(join), ir.Lit(1, ir.UIntType), ir.UIntType)
		mode := &ir.Index{X: ir.Ref(d.WaitMode), I: ir.IntConst(int64(i)), T: ir.IntType}
		gen := &ir.Index{X: ir.Ref(d.WaitGen), I: ir.IntConst(int64(i)), T: ir.IntType}
		word := &ir.Unary{Op: ir.Deref, X: clone(lock), T: ir.IntType}
		blocks := &ir.Cond{C: ir.Bin(ir.Eq, mode, ir.IntConst(waitHeld), ir.IntType), X: ir.Bin(ir.Ne, word, ir.IntConst(0), ir.IntType),
			Y: &ir.Cond{C: ir.Bin(ir.Eq, clone(mode), ir.IntConst(waitWriter), ir.IntType), X: ir.Bin(ir.Lt, clone(word), ir.IntConst(0), ir.IntType),
				Y: &ir.Cond{C: ir.Bin(ir.Eq, clone(mode), ir.IntConst(waitSame), ir.IntType), X: ir.Bin(ir.Eq, clone(word), gen, ir.IntType),
					Y: ir.Bin(ir.Le, clone(word), ir.IntConst(0), ir.IntType), T: ir.IntType}, T: ir.IntType}, T: ir.IntType}
		lockHeld := ir.Bin(ir.LAnd, ir.Bin(ir.Ne, lock, &ir.Cast{X: ir.IntConst(0), T: &ir.Pointer{Elem: ir.IntType}}, ir.IntType), blocks, ir.IntType)
		running := ir.Bin(ir.LAnd, ir.Bin(ir.Ne, join, ir.Lit(0, ir.UIntType), ir.IntType),
			ir.Bin(ir.Ne, &ir.Index{X: ir.Ref(d.PC), I: clone(joined), T: d.CS.Type}, &ir.Index{X: ir.Ref(d.Size), I: joined, T: d.CS.Type}, ir.IntType), ir.IntType)
		waits := ir.Bin(ir.LAnd, ir.Bin(ir.Ne, site, ir.IntConst(0), ir.IntType), ir.Bin(ir.LOr, lockHeld, running, ir.IntType), ir.IntType)
		live := ir.Bin(ir.LAnd, &ir.Index{X: ir.Ref(d.Active), I: ir.IntConst(int64(i)), T: ir.BoolType},
			&ir.Unary{Op: ir.Not, X: ir.Ref(d.Exited), T: ir.IntType}, ir.IntType)
		val := &ir.Cond{C: live, X: &ir.Cond{C: waits, X: clone(site), Y: ir.IntConst(-1), T: ir.IntType}, Y: ir.IntConst(0), T: ir.IntType}
		out = append(out, exec(loc, ir.Set(ir.Ref(v), val)))
		anyLive = ir.Bin(ir.LOr, anyLive, ir.Bin(ir.Ne, ir.Ref(v), ir.IntConst(0), ir.IntType), ir.IntType)
		allWait = ir.Bin(ir.LAnd, allWait, ir.Bin(ir.Ge, ir.Ref(v), ir.IntConst(0), ir.IntType), ir.IntType)
	}
	ok := &ir.Unary{Op: ir.Not, X: ir.Bin(ir.LAnd, anyLive, allWait, ir.IntType), T: ir.IntType}
	return append(out, s.assertion(loc, ok, KindDeadlock, "deadlock: every live thread waits for a lock another holds or for a thread that does not end"))
}

// KindDeadlock is the kind of the final assertion of property Deadlock.
const KindDeadlock = "deadlock"
