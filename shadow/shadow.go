// Package shadow is LaDR's data race instrumentation (section 4 of the LaDR
// paper), an IR pass that runs after the visible statements are numbered and
// before the sequentialization.
//
// A race is two accesses to one location, at least one a write and at least
// one not atomic, by different threads, adjacent in some interleaving. The
// driver guesses a context C1 (drcx); the last visible statement of C1
// marks, in a shadow memory, the bytes it writes (phase 1); the first
// visible statement of the next non-empty context C2, which must belong to
// another thread, checks whether it accesses marked bytes (phase 2). At
// every visible statement j of thread t the instrumentation computes
//
//	P1 = (j == cs-1) && dr0 && !dr1    (statement j ends C1)
//	P2 = (j == pc[t]) && dr1           (statement j starts C2)
//
// and rewrites each expression of the statement in the modes of Fig. 4 of
// the paper: ACC (evaluate, instrumenting every access), NACC (evaluate what
// is needed to compute an lvalue's address, without accessing it) and WSE
// (re-evaluate the value without side effects). Array bases are addressed,
// not accessed (the paper's PRE mode), and checks use the exact bytes of the
// accessed lvalue with its own type, so distinct fields and elements of one
// object never alias.
//
// Only accesses that may race with an access of another thread are
// instrumented: the rewriting first runs dry and surveys the accesses
// (candidates.go). Library functions access regions (memcpy's n bytes,
// strcpy's string); the cbmc target checks a region of constant size
// through a pointer to an array of that many bytes, and leaves one of
// symbolic size to the generic target (NeedsGenericError).
//
// Two encodings of the shadow memory are available: CBMC's shadow memory
// (__CPROVER_set_field / __CPROVER_get_field), and, for any bounded model
// checker, a single nondeterministically chosen written address range
// checked for overlap on each access of C2 (the generic target).
package shadow

import (
	"fmt"
	"strings"

	"github.com/ladr-dev/ladr/translate"
	"github.com/ladr-dev/ladr/translate/analysis/races"
	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/follow"
	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/locks"
	"github.com/ladr-dev/ladr/translate/model"
	"github.com/ladr-dev/ladr/translate/seq"
	"github.com/ladr-dev/ladr/translate/sharing"
)

// Site is an instrumented access of the original program.
type Site struct {
	ID     int
	Write  bool
	Atomic bool
	// Lvalue is the accessed lvalue as C text.
	Lvalue string
	Pos    ir.Pos
	Loc    ir.Loc
	Thread *ir.Thread
	// Region numbers the visible statement (thread, label) the access is in.
	Region int
	// BitField marks accesses of bit-fields (checked on their struct).
	BitField bool
	// Library marks the access of a library function to a region (a
	// memcpy's bytes, a release's block); a race between it and an
	// access of the program is named after the program's.
	Library bool
	// Approx, when set, says how the access is approximated (a library
	// function reading a string is checked on its first byte only).
	Approx string
	// base names the variable at the root of the lvalue (baseName).
	base string
}

// Instrumenter is the race instrumentation: it implements
// translate.Instrumenter, and package property's race property explains
// its assertions' failures with ReportRace.
type Instrumenter struct {
	target translate.Target
	// follow is the witness the program follows (nil: none).
	follow *follow.Spec
	// Sites lists every instrumented access; Sites[i].ID == i+1.
	Sites []*Site
	// Regions maps a region number to its thread and label.
	Regions []Region

	prog    *ir.Program
	info    *sharing.Info
	layout  *seq.Layout
	vars    vars
	atomics bool
	bitf    bool
	// ambiguous: some statement may be followed by several labels.
	ambiguous bool

	// The survey (candidates.go): the instrumentation first runs dry,
	// recording every access it would check; only the accesses that may
	// race with an access of another thread are then instrumented.
	dry    bool
	ord    int        // ordinal of the next check, in both runs
	survey []surveyed // the dry run's accesses
	// syncPartner: the releases (by ordinal) that a synchronization
	// function of another thread may access the block of (a mutex in
	// the block), whose accesses are not instrumented.
	syncPartner map[int]bool
	keep        map[int]bool // ordinals of the accesses instrumented
	// creates lists the checks each thread-creating statement makes (the
	// thread-id store); created marks the threads whose creating
	// statement keeps a check (see phases).
	creates []createChecks
	created map[int]bool
	err     error // the real run did not retrace the dry one
	// lockUse: the unlocks that make a mutex no protection (package locks).
	lockUse *locks.Use
	// unchecked is the first access that may race but is not checked.
	unchecked *Site
	// noRelease leaves releases (free) unchecked instead of checking them
	// by the release assertion (vars.rel).
	noRelease bool
	// noStatic: do not use the static analysis to leave accesses
	// unchecked (NoStaticPruning).
	noStatic bool
	// pending: C1 may also end before a statement, whose accesses are
	// then pending and checked against every statement of C2 (see
	// pending.go); on unless NoPendingChecks.
	pending bool
	// pendingSites lists, per region, the accesses its statement marks
	// when C1 ends before it.
	pendingSites map[int][]*Site
	// Pruned counts the accesses to possibly shared memory left
	// uninstrumented because no access of another thread can race with
	// them.
	Pruned int
	// StaticPruned counts the accesses left uninstrumented because the
	// static race analysis (races.Proof.MayRace) found none they may race
	// with.
	StaticPruned int
	// static is the static race analysis of the program (nil: none).
	static *races.Proof
	// only, when set, says which accesses are checked (CheckOnly).
	only func(ir.Pos) bool
}

// CheckOnly checks only the accesses at positions only accepts (a slice's
// race candidates): a race found is one of them; the others are not
// looked for.
func (in *Instrumenter) CheckOnly(only func(ir.Pos) bool) { in.only = only }

// createChecks are the checks (ordinals from <= o < to) of the statement
// that creates a thread.
type createChecks struct{ thread, from, to int }

// NoReleaseChecks makes the instrumentation leave releases (free) of
// memory another thread may access unchecked, so that a run that finds no
// race is unknown, instead of asserting that no other thread is alive when
// they run. The driver calls it when the release assertion fails: the
// failure is not a race, and a race may still exist.
func (in *Instrumenter) NoReleaseChecks() { in.noRelease = true }

// StaticPrunedChecks returns StaticPruned.
func (in *Instrumenter) StaticPrunedChecks() int { return in.StaticPruned }

// NoStaticPruning makes every access the survey keeps checked, whatever
// the static race analysis concluded.
func (in *Instrumenter) NoStaticPruning() { in.noStatic = true }

// Checks returns the number of accesses checked: none means that no race
// is possible in the bounded program, whatever the interleaving.
// A release checked by the release assertion counts as one.
func (in *Instrumenter) Checks() int {
	if in.vars.rel != nil {
		return len(in.Sites) + 1
	}
	return len(in.Sites)
}

// Approximation returns the first checked access whose check is
// approximated (a library function reading a string up to a position that
// depends on its contents), or the first access that may race but is not
// checked, with what is approximated; "" when every check is exact.
func (in *Instrumenter) Approximation() (ir.Pos, string) {
	if s := in.unchecked; s != nil {
		return s.Pos, s.Approx
	}
	for _, s := range in.Sites {
		if s.Approx != "" {
			return s.Pos, s.Approx
		}
	}
	return ir.Pos{}, ""
}

// Region is one visible statement: a label of a thread.
type Region struct {
	Thread *ir.Thread
	Label  int
}

// New returns the race instrumentation for a target.
func New(t translate.Target) *Instrumenter {
	return &Instrumenter{target: t, pending: true}
}

// vars are the globals of the instrumentation.
type vars struct {
	p1, p2, dr0, dr1, dr2 *ir.Var
	stale                 *ir.Var // a guess that a statement ended C1 was wrong
	c1new                 *ir.Var // the thread C1's last statement created (0: none)
	rel                   *ir.Var // a release ran while another thread was alive (nil: no release checked)
	drd                   *ir.Var // site id of the detected access (0: none)
	c1                    *ir.Var // cbmc: region of the statement that ended C1
	drcx                  *ir.Var
	c1p                   *ir.Var // cbmc: region of the statement pending when C1 ended
	drp                   *ir.Var // the access detected hit a pending mark
	pa, ps, pk, pw        *ir.Var // generic: tracked pending access's address, size, site, write
	pick                  *ir.Var // generic: which pending access is tracked
	wa, ws, wk, wn        *ir.Var // generic: tracked write address, size, site, non-atomic
}

// Names of the shadow fields (cbmc target).
const (
	fieldWrite    = "w"  // index of the write of C1's last statement
	fieldNonAtom  = "n"  // same, for non-atomic writes only
	fieldBitWrite = "bw" // bit-field writes, on the containing struct
	fieldBitNA    = "bn"
	fieldPendW    = "pw" // bytes the statement pending at C1's end writes
	fieldPendR    = "pr" // bytes it reads
)

// Instrument implements translate.Instrumenter.
func (in *Instrumenter) Instrument(u *translate.Unit) (seq.DriverExt, error) {
	in.prog, in.info, in.layout = u.Prog, u.Sharing, u.Layout
	in.follow = u.Config.Follow
	if !in.noStatic {
		in.static = u.Proof
	}
	g := func(name string, t ir.Type) *ir.Var { return u.Prog.AddGlobal(name, t, nil) }
	in.vars = vars{
		p1: g("__ladr_P1", ir.BoolType), p2: g("__ladr_P2", ir.BoolType),
		dr0: g("__ladr_dr0", ir.BoolType), dr1: g("__ladr_dr1", ir.BoolType), dr2: g("__ladr_dr2", ir.BoolType),
		stale: g("__ladr_stale", ir.BoolType),
		drd:   g("__ladr_drd", ir.UIntType), drcx: g("__ladr_drcx", ir.UIntType),
	}
	if in.target == translate.Generic {
		in.vars.wa = g("__ladr_wa", ir.CharPtrType)
		in.vars.ws = g("__ladr_ws", ir.ULongType)
		in.vars.wk = g("__ladr_wk", ir.UIntType)
		in.vars.wn = g("__ladr_wn", ir.BoolType)
	} else {
		in.vars.c1 = g("__ladr_c1", ir.UIntType)
	}
	in.atomics = hasAtomics(u)
	if in.pending {
		in.vars.drp = g("__ladr_drp", ir.BoolType)
		in.pendingSites = map[int][]*Site{}
		if in.target == translate.Generic {
			in.vars.pa = g("__ladr_pa", ir.CharPtrType)
			in.vars.ps = g("__ladr_ps", ir.ULongType)
			in.vars.pk = g("__ladr_pk", ir.UIntType)
			in.vars.pw = g("__ladr_pw", ir.BoolType)
			in.vars.pick = g("__ladr_pick", ir.UIntType)
		} else {
			in.vars.c1p = g("__ladr_c1p", ir.UIntType)
		}
	}
	// The dry run leaves the program as it is and records the accesses.
	in.dry = true
	in.lockUse = locks.NewUse()
	for _, tl := range u.Layout.Threads {
		if err := in.thread(tl); err != nil {
			return nil, err
		}
	}
	in.keep = in.candidates()
	in.created = map[int]bool{}
	for _, c := range in.creates {
		for o := c.from; o < c.to; o++ {
			if in.keep[o] {
				in.created[c.thread] = true
			}
		}
	}
	if len(in.created) > 0 {
		in.vars.c1new = g("__ladr_c1new", ir.UIntType)
	}
	in.dry, in.ord, in.Sites, in.Regions = false, 0, nil, nil
	for _, tl := range u.Layout.Threads {
		if err := in.thread(tl); err != nil {
			return nil, err
		}
	}
	if in.err == nil && len(in.survey) > 0 {
		in.err = fmt.Errorf("race instrumentation: %d accesses the survey recorded were not instrumented", len(in.survey))
	}
	if in.err != nil {
		return nil, in.err
	}
	return &driverExt{in: in}, nil
}

// hasAtomics reports whether the program has atomic accesses: atomic
// sections or _Atomic variables. Only then are non-atomic writes marked
// separately.
func hasAtomics(u *translate.Unit) bool {
	for _, tl := range u.Layout.Threads {
		if len(tl.Atomic) > 0 {
			return true
		}
	}
	for _, v := range u.Prog.Globals {
		if v.Atomic {
			return true
		}
	}
	found := false
	for _, f := range u.Prog.Funcs {
		if f.Thread == nil {
			continue
		}
		ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
			if d, ok := n.(*ir.DeclStmt); ok && d.Var.Atomic {
				found = true
			}
			return !found
		})
	}
	return found
}

// rewriter instruments one thread.
type rewriter struct {
	in     *Instrumenter
	tl     *seq.ThreadLayout
	region int
	temps  []ir.Stmt
	n      int
	loc    ir.Loc
	atomic bool // the statement being rewritten is in an atomic section
	vals   map[ir.Expr]ir.Expr
	// next[j] lists the labels that may follow statement j (nextLabels);
	// ambiguous is set when some statement may be followed by a label
	// other than the one after it.
	next      [][]int
	ambiguous bool
	// lockAt: the mutexes surely held when a statement starts (dry run);
	// locks: those of the statement being rewritten.
	lockAt map[ir.Stmt][]string
	locks  []string
	// pend collects the checked accesses of the statement being
	// rewritten that its pending marks mark (pending.go).
	pend []pendingAccess
}

func (in *Instrumenter) thread(tl *seq.ThreadLayout) error {
	r := &rewriter{in: in, tl: tl, next: nextLabels(tl)}
	if in.dry {
		r.lockAt = locks.MustLocks(tl.Func.Body, in.lockUse)
	}
	for j, n := range r.next {
		if len(n) != 1 || n[0] != j+1 {
			r.ambiguous = true
			in.ambiguous = true
		}
	}
	labelJ := map[*ir.Label]int{}
	for j, l := range tl.Labels {
		labelJ[l] = j
	}
	if err := r.block(tl.Func.Body, labelJ); err != nil {
		return err
	}
	if len(r.temps) > 0 && !in.dry {
		// After label 0: declared once, at the thread's start.
		b := tl.Func.Body
		b.List = append(append([]ir.Stmt{b.List[0]}, r.temps...), b.List[1:]...)
	}
	return nil
}

func (r *rewriter) block(b *ir.Block, labelJ map[*ir.Label]int) error {
	var out []ir.Stmt
	stopAt := -1 // the label just before s, whose statement s may be pending
	for _, s := range b.List {
		if l, ok := s.(*ir.Label); ok {
			out = append(out, s)
			stopAt = -1
			if j, ok := labelJ[l]; ok && j < r.tl.Size {
				r.region = len(r.in.Regions) + 1
				r.in.Regions = append(r.in.Regions, Region{Thread: r.tl.Thread, Label: j})
				out = append(out, r.phases(l.Loc, j)...)
				stopAt = j
			}
			continue
		}
		j := stopAt
		stopAt = -1
		r.pend = nil
		pend := j >= 0 && r.in.pending && !r.in.dry && pendable(s)
		r.loc = *s.Origin()
		r.atomic = r.tl.Atomic[s]
		r.locks = r.lockAt[s]
		if r.tl.Sequential[s] || r.tl.Ghost[s] {
			// Main's code before its first pthread_create cannot race.
			out = append(out, s)
			continue
		}
		switch x := s.(type) {
		case *ir.Block:
			if err := r.block(x, labelJ); err != nil {
				return err
			}
			out = append(out, x)
		case *ir.If:
			if c := r.both(x.Cond); !r.in.dry {
				x.Cond = c
			}
			r.markPending(j, s, pend)
			if err := r.block(x.Then, labelJ); err != nil {
				return err
			}
			if x.Else != nil {
				if err := r.block(x.Else, labelJ); err != nil {
					return err
				}
			}
			out = append(out, x)
		case *ir.ExprStmt:
			out = append(out, r.exprStmt(x)...)
			r.markPending(j, s, pend)
		case *ir.DeclStmt:
			if x.Init != nil {
				r.init(x.Init)
			}
			out = append(out, x)
			r.markPending(j, s, pend)
		case *ir.Return:
			if x.X != nil {
				if e := r.both(x.X); !r.in.dry {
					x.X = e
				}
			}
			out = append(out, x)
			r.markPending(j, s, pend)
		default:
			out = append(out, s)
		}
	}
	if !r.in.dry {
		b.List = out
	}
	return nil
}

// phases returns P1 = ...; P2 = ...; for visible statement j.
func (r *rewriter) phases(loc ir.Loc, j int) []ir.Stmt {
	v := r.in.vars
	lay := r.in.layout
	bv := lay.CS.Type
	// P1: statement j is the last of its context and that context is C1.
	// The context ends at the label execution reaches next, where J finds
	// that label >= cs, so j is last exactly when cs is that label. When j
	// can be followed by several labels, P1 guesses "cs is one of them";
	// if execution then reaches a label below cs, the guess was wrong and
	// the marks are stale (see below).
	var last ir.Expr
	for _, l := range r.next[j] {
		last = or(last, ir.Bin(ir.Eq, ir.Ref(lay.CS), ir.Lit(int64(l), bv), ir.IntType))
	}
	if last == nil {
		last = ir.Lit(0, ir.IntType)
	}
	p1 := ir.Bin(ir.LAnd, ir.Bin(ir.LAnd, last, ir.Ref(v.dr0), ir.IntType),
		&ir.Unary{Op: ir.Not, X: ir.Ref(v.dr1), T: ir.IntType}, ir.IntType)
	// P2: statement j is the first of its context (pc[t] == j) and C1 is
	// over.
	pc := &ir.Index{X: ir.Ref(lay.PC), I: ir.IntConst(int64(r.tl.Thread.ID)), T: bv}
	p2 := ir.Bin(ir.LAnd, ir.Bin(ir.Eq, pc, ir.Lit(int64(j), bv), ir.IntType), ir.Ref(v.dr1), ir.IntType)
	if id := r.tl.Thread.ID; r.in.created[id] {
		// The statement that created this thread may have ended C1 with
		// a write (its thread-id store): this thread did not exist
		// before it, so none of its accesses can race with it.
		p2 = ir.Bin(ir.LAnd, p2, ir.Bin(ir.Ne, ir.Ref(v.c1new), ir.Lit(int64(id), ir.UIntType), ir.IntType), ir.IntType)
	}
	// Reaching label j means the context goes on: if the statement before
	// claimed to be the last of C1, its marks are stale and the run cannot
	// report a race.
	var out []ir.Stmt
	if r.ambiguous {
		out = append(out, &ir.ExprStmt{Loc: loc, X: ir.Set(ir.Ref(v.stale), ir.Bin(ir.LOr, ir.Ref(v.stale), ir.Ref(v.p1), ir.IntType))})
	}
	return append(out,
		&ir.ExprStmt{Loc: loc, X: ir.Set(ir.Ref(v.p1), p1)},
		&ir.ExprStmt{Loc: loc, X: ir.Set(ir.Ref(v.p2), p2)},
	)
}

// exprStmt instruments an expression statement. Statement-level calls the
// sequentialization models keep their form; only their arguments are
// instrumented, in a statement before the call.
func (r *rewriter) exprStmt(x *ir.ExprStmt) []ir.Stmt {
	call, lhs := bound.CallOf(x)
	if call != nil && isModelled(call) {
		var pre ir.Expr
		ws := make([]ir.Expr, len(call.Args))
		for i, a := range call.Args {
			pre = comma(pre, r.acc(a))
			ws[i] = r.wse(a)
		}
		// What the call writes through its arguments (pthread_join's
		// result, sem_getvalue's value, pthread_create's thread id).
		from := r.in.ord
		pre = comma(pre, r.memChecks(call))
		if f := ir.CalledFunc(call); f.Name == bound.CreateFunc {
			id := int(call.Args[0].(*ir.IntLit).Val)
			if r.in.dry {
				r.in.creates = append(r.in.creates, createChecks{thread: id, from: from, to: r.in.ord})
			} else if r.in.created[id] {
				// When this statement ends C1, the thread it creates
				// is not a partner (P2).
				v := r.in.vars
				pre = comma(pre, ir.Bin(ir.LAnd, ir.Ref(v.p1), ir.Set(ir.Ref(v.c1new), ir.Lit(int64(id), ir.UIntType)), ir.IntType))
			}
		}
		if !r.in.dry {
			copy(call.Args, ws)
		}
		var out []ir.Stmt
		if pre != nil {
			out = append(out, &ir.ExprStmt{Loc: x.Loc, X: pre})
		}
		if lhs == nil {
			return append(out, x)
		}
		// Assign the result through a temporary, instrumenting the store.
		t := r.temp(call.T)
		out = append(out, &ir.ExprStmt{Loc: x.Loc, X: ir.Set(ir.Ref(t), call)})
		asg := &ir.Assign{L: lhs, R: ir.Ref(t), T: lhs.Type(), P: call.P}
		return append(out, &ir.ExprStmt{Loc: x.Loc, X: r.acc(asg)})
	}
	e := r.acc(x.X)
	if e == nil {
		return nil
	}
	if !r.in.dry {
		x.X = e
	}
	return []ir.Stmt{x}
}

func isModelled(c *ir.Call) bool {
	f := ir.CalledFunc(c)
	if f == nil {
		return false
	}
	if f.Name == bound.CreateFunc || f.Name == bound.BoundFunc || f.Name == bound.LoopBoundFunc || f.Name == bound.UnrunFunc {
		return true
	}
	return model.Lookup(f.Name).MustBeStatement()
}

func (r *rewriter) init(in *ir.Init) {
	if in == nil {
		return
	}
	if !in.IsList {
		if e := r.both(in.Expr); !r.in.dry {
			in.Expr = e
		}
		return
	}
	for i := range in.List {
		r.init(in.List[i].Value)
	}
}

// both returns (ACC(e), WSE(e)): e evaluated with its accesses instrumented,
// yielding e's value.
func (r *rewriter) both(e ir.Expr) ir.Expr {
	a := r.acc(e)
	if a == nil {
		return e
	}
	return &ir.Comma{X: a, Y: r.wse(e), P: e.Pos()}
}

// or returns a || b, or b when a is nil.
func or(a, b ir.Expr) ir.Expr {
	if a == nil {
		return b
	}
	return ir.Bin(ir.LOr, a, b, ir.IntType)
}

func comma(a, b ir.Expr) ir.Expr {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	}
	return &ir.Comma{X: a, Y: b}
}

func (r *rewriter) temp(t ir.Type) *ir.Var {
	r.n++
	v := &ir.Var{Name: fmt.Sprintf("__ladr_r%d", r.n), Type: t, Class: ir.Local, Synthetic: true, Func: r.tl.Thread.Func}
	r.temps = append(r.temps, &ir.DeclStmt{Loc: r.loc, Var: v})
	return v
}

// pure reports whether e has no side effects (it may read memory).
func pure(e ir.Expr) bool {
	ok := true
	ir.Inspect(e, func(n any) bool {
		switch x := n.(type) {
		case *ir.Assign, *ir.Call:
			ok = false
		case *ir.Unary:
			if x.Op == ir.PreInc || x.Op == ir.PreDec || x.Op == ir.PostInc || x.Op == ir.PostDec {
				ok = false
			}
		case *ir.SizeofExpr:
			return false
		}
		return ok
	})
	return ok
}

// String is used in diagnostics.
func (s *Site) String() string {
	kind := "read"
	if s.Write {
		kind = "write"
	}
	return fmt.Sprintf("%s of %s at %s", kind, s.Lvalue, s.Pos)
}

// baseName returns the name of the variable at the root of the lvalue e:
// the variable it lies in, or the one its pointer is read from (p for *p,
// p->f, p[i] and *(p + 1); s for s->next->v; x for (&x)->f), or "" when
// there is none (a member of a call's result).
func baseName(e ir.Expr) string {
	for {
		h := ir.HostOf(e)
		switch {
		case h.Var != nil:
			return h.Var.Name
		case h.Ptr == nil:
			return ""
		}
		e = pointerBase(h.Ptr)
	}
}

// pointerBase strips from a pointer expression the casts, the address-of
// and the pointer arithmetic around the lvalue it derives from.
func pointerBase(p ir.Expr) ir.Expr {
	for {
		switch x := p.(type) {
		case *ir.Cast:
			p = x.X
		case *ir.Unary:
			if x.Op != ir.Addr {
				return p
			}
			p = x.X
		case *ir.Binary:
			if x.Op != ir.Add && x.Op != ir.Sub {
				return p
			}
			p = x.X
		default:
			return p
		}
	}
}

func lvalueText(e ir.Expr) string {
	return strings.TrimSpace(ir.ExprString(e))
}
