// Package races is the static race analysis over the unbounded program:
// it pairs the accesses of threads that may run in parallel (package
// threads) to memory that may overlap (package pointsto), drops the pairs
// that a common lock (package lockset), atomicity or reading only
// excludes, and proves the program race-free when no pair is left. The
// pairs left are the race candidates.
//
// Anything the analysis does not follow makes it decline (Proof.Declined):
// a construct ladr does not model, a call of an unknown function or
// through a pointer it cannot resolve, an access through a pointer whose
// target it cannot follow, a recursion the inlining cut.
package races

import (
	"fmt"
	"strings"

	"github.com/ladr-dev/ladr/translate/analysis"
	"github.com/ladr-dev/ladr/translate/analysis/lockset"
	"github.com/ladr-dev/ladr/translate/analysis/pointsto"
	"github.com/ladr-dev/ladr/translate/analysis/threads"
	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/sharing"
)

// Analyzer computes the Proof of a program.
var Analyzer = &analysis.Analyzer{
	Name:     "races",
	Doc:      "pairs of accesses that may race; a proof of race freedom when there is none",
	Requires: []*analysis.Analyzer{threads.Analyzer, pointsto.Analyzer, lockset.Analyzer},
	Run: func(p *analysis.Pass) (any, error) {
		return prove(p.Program, p.ResultOf[threads.Analyzer].(*threads.Result),
			p.ResultOf[pointsto.Analyzer].(*pointsto.Result), p.ResultOf[lockset.Analyzer].(*lockset.Result)), nil
	},
}

// Prove runs the race analysis over p.
func Prove(p *analysis.Program) *Proof {
	p, why, at := threads.Prepare(p)
	if why != "" {
		return &Proof{Declined: why, DeclinedAt: at}
	}
	res, err := analysis.Run(p, Analyzer)
	if err != nil {
		return &Proof{Declined: err.Error()}
	}
	return res[Analyzer].(*Proof)
}

// MaxPairs bounds the pairs a Proof keeps for its explanation (the counts
// cover all).
const MaxPairs = 2000

// access is one access with what the analysis knows at it.
type access struct {
	Access
	f    *ir.Function
	stmt ir.Stmt
	locs pointsto.Set
	// distinct is the shape of an access at the thread's own argument
	// (distinctKey); base is the global pointer an index-ptr shape
	// indexes.
	distinct string
	base     *ir.Var
	// objLock is the per-object lock family protecting an access through
	// a pointer to a struct (lockset.Result.ObjectLock).
	objLock string
	// onceInit and onceSeen are the one-time initializations (flag
	// indices) the access is part of, and those its thread has seen done
	// (onceAnalysis).
	onceInit, onceSeen uint64
	// private: a direct access of a local variable (or a thread-local
	// one): it is to the accessing thread's own copy.
	private *ir.Var
	held    lockset.Held
}

func prove(p *analysis.Program, th *threads.Result, pts *pointsto.Result, ls *lockset.Result) *Proof {
	if th.Declined != "" {
		return &Proof{Declined: th.Declined, DeclinedAt: th.DeclinedAt}
	}
	if ls.Declined != "" {
		return &Proof{Declined: ls.Declined, DeclinedAt: ls.DeclinedAt}
	}
	if ls.UnheldUnlock != "" {
		// Undefined behaviour is not a proof (the bounded search says
		// unknown where it happens).
		return &Proof{Declined: ls.UnheldUnlock, DeclinedAt: ls.UnheldUnlockAt}
	}
	c := &collector{pts: pts, ls: ls}
	// heldNames are the locks surely held at a statement that protect
	// (exclusive, named, no unowned unlock): their keys.
	heldNames := func(f *ir.Function, s ir.Stmt) []string {
		var out []string
		for k, m := range ls.At(f, s) {
			if m == lockset.Exclusive {
				if _, ok := ls.Common(lockset.Held{k: m}, lockset.Held{k: m}); ok {
					out = append(out, k)
				}
			}
		}
		return out
	}
	// stable reports whether no write of the global pointer v may run in
	// parallel with either access: both see the one value it has then.
	stable := func(v *ir.Var, a, b *access) bool {
		o := pts.Var(v)
		for _, w := range c.out {
			if !w.Write {
				continue
			}
			for _, l := range w.locs {
				if l.Obj != o {
					continue
				}
				for _, cw := range th.Of(w.f) {
					for _, x := range []*access{a, b} {
						for _, cx := range th.Of(x.f) {
							if th.Parallel(cw, w.stmt, cx, x.stmt) {
								return false
							}
						}
					}
				}
			}
		}
		return true
	}
	flags := findOnceFlags(p.Prog, p.Entries, heldNames)
	for _, f := range p.Entries {
		if len(th.Of(f)) == 0 {
			continue // a start routine no reached create site runs
		}
		c.f = f
		c.copies, c.elem, c.fresh = nil, nil, false
		if cls := th.Of(f); len(cls) == 1 && cls[0].Distinct {
			c.copies, c.elem, c.fresh = argCopies(f), argElem(cls[0]), cls[0].Fresh
		}
		// Indices each thread took from a counter under a lock.
		c.takenAt = takenIndices(f, p.Entries, heldNames)
		c.once = onceFacts{}
		if len(flags) > 0 {
			c.once = onceAnalysis(f, flags, heldNames)
		}
		ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
			s, ok := n.(ir.Stmt)
			if !ok {
				return false
			}
			if !th.Reached(f, s) {
				return true
			}
			c.stmt = s
			c.held = ls.AtAccess(f, s)
			switch x := s.(type) {
			case *ir.ExprStmt:
				c.expr(x.X, ctxValue)
			case *ir.DeclStmt:
				if x.Init != nil {
					c.init(x.Init)
					c.add(&ir.Ident{Var: x.Var, P: x.Pos}, true, false, nil)
				}
			case *ir.If:
				c.expr(x.Cond, ctxValue)
			case *ir.Loop:
				c.expr(x.Cond, ctxValue)
				c.expr(x.Post, ctxValue)
			case *ir.Return:
				c.expr(x.X, ctxValue)
			}
			return true
		})
	}
	pr := &Proof{Excluded: map[Argument]int{}, seen: map[accessKey]bool{}, risky: map[accessKey]bool{}}
	for _, a := range c.out {
		if a.locs.Unknown() {
			return &Proof{Declined: fmt.Sprintf("an access through a pointer the analysis cannot follow (%s)", a.Lvalue), DeclinedAt: a.Pos}
		}
	}
	// Accesses by object; an access to memory of its thread's own is
	// left out.
	byObj := map[*pointsto.Object][]int{}
	var objs []*pointsto.Object
	for _, a := range c.out {
		pr.seen[accessKey{pos: a.Pos, lvalue: a.Lvalue, write: a.Write}] = true
	}
	for i, a := range c.out {
		own := len(a.locs) > 0
		for _, l := range a.locs {
			own = own && pts.Private(l.Obj)
		}
		if own {
			continue
		}
		pr.Accesses++
		seen := map[*pointsto.Object]bool{}
		for _, l := range a.locs {
			if !seen[l.Obj] {
				seen[l.Obj] = true
				if byObj[l.Obj] == nil {
					objs = append(objs, l.Obj)
				}
				byObj[l.Obj] = append(byObj[l.Obj], i)
			}
		}
	}
	type pairKey struct{ i, j int }
	done := map[pairKey]bool{}
	for _, o := range objs {
		list := byObj[o]
		for x := 0; x < len(list); x++ {
			for y := x; y < len(list); y++ {
				i, j := list[x], list[y]
				if i > j {
					i, j = j, i
				}
				k := pairKey{i, j}
				if done[k] {
					continue
				}
				done[k] = true
				a, b := c.out[i], c.out[j]
				arg, detail := judge(a, b, th, ls, flags, stable)
				pr.Excluded[arg]++
				if arg == ArgDisjoint {
					continue
				}
				pair := Pair{A: a.Access, B: b.Access, Argument: arg, Detail: detail}
				if arg == "" {
					pr.Candidates = append(pr.Candidates, pair)
					pr.risky[accessKey{pos: a.Pos}] = true
					pr.risky[accessKey{pos: b.Pos}] = true
				} else if len(pr.Pairs) < MaxPairs {
					pr.Pairs = append(pr.Pairs, pair)
				}
			}
		}
	}
	delete(pr.Excluded, "")
	pr.Proved = len(pr.Candidates) == 0
	return pr
}

// overlap reports whether two accesses may touch common memory.
func overlap(a, b *access) bool {
	for _, x := range a.locs {
		for _, y := range b.locs {
			if x.Obj == y.Obj && pointsto.Overlap(x.Path, y.Path) {
				return true
			}
		}
	}
	return false
}

// judge returns the argument that excludes a race between a and b, or ""
// when none does.
// stable reports whether the global pointer an index-ptr shape indexes
// keeps one value while a and b may run.
func judge(a, b *access, th *threads.Result, ls *lockset.Result, flags []onceFlag, stable func(v *ir.Var, a, b *access) bool) (Argument, string) {
	if !overlap(a, b) {
		return ArgDisjoint, ""
	}
	if !a.Write && !b.Write {
		return ArgReadOnly, ""
	}
	if a.private != nil && a.private == b.private {
		return ArgSameThread, "a variable of the thread's own"
	}
	if a.distinct != "" && a.distinct == b.distinct && a.f == b.f && (a.base == nil || stable(a.base, a, b)) {
		// Two threads of one class, each at its own argument (or one
		// thread: the same thread).
		return ArgDisjoint, "each thread its own element"
	}
	parallel := false
	for _, ca := range th.Of(a.f) {
		for _, cb := range th.Of(b.f) {
			if th.Parallel(ca, a.stmt, cb, b.stmt) {
				parallel = true
			}
		}
	}
	if !parallel {
		if a.f == b.f {
			single := true
			for _, c := range th.Of(a.f) {
				single = single && !c.Multi
			}
			if single && len(th.Of(a.f)) == 1 {
				return ArgSameThread, ""
			}
		}
		return ArgOrdered, ""
	}
	if a.Atomic && b.Atomic {
		return ArgAtomic, ""
	}
	if k, ok := ls.Common(a.held, b.held); ok {
		return ArgLock, ls.Name(k)
	}
	if a.objLock != "" && a.objLock == b.objLock {
		// One object: one mutex; two objects: different memory.
		return ArgLock, ls.Name("obj|" + a.objLock)
	}
	if what, ok := onceOrdered(a, b, flags); ok {
		return ArgOnce, what
	}
	return "", ""
}

type ctx int

const (
	ctxValue ctx = iota
	ctxAddr
	ctxBase
	ctxWrite
	ctxDiscard
)

type collector struct {
	pts  *pointsto.Result
	ls   *lockset.Result
	f    *ir.Function
	stmt ir.Stmt
	held lockset.Held
	out  []*access
	// copies and elem describe the routine's own argument when its class
	// is Distinct (argCopies, argElem).
	copies map[*ir.Var]bool
	elem   ir.Type
	fresh  bool
	// takenAt gives the routine's variables holding, at a statement, a
	// value taken from a counter under a lock (takenIndices); nil when
	// the routine takes none.
	takenAt func(ir.Stmt) map[*ir.Var]taken
	// once are the routine's one-time initialization facts.
	once onceFacts
}

// confined returns the thread-local variable that every location of locs
// is (pointsto.Result.ThreadConfined: an access of it through a pointer is
// of the accessing thread's own copy), or nil.
func (c *collector) confined(locs pointsto.Set) *ir.Var {
	var v *ir.Var
	for _, l := range locs {
		if !c.pts.ThreadConfined(l.Obj) || v != nil && l.Obj.Var != v {
			return nil
		}
		v = l.Obj.Var
	}
	return v
}

// add records an access of lvalue lv (locs: its locations, nil to compute
// them).
func (c *collector) add(lv ir.Expr, write, atomic bool, locs pointsto.Set) {
	if locs == nil {
		locs = c.pts.Lvalue(lv)
	}
	a := &access{Access: Access{Pos: lv.Pos(), Thread: c.f.Name, Lvalue: strings.TrimSpace(ir.ExprString(lv)), Write: write, Atomic: atomic},
		f: c.f, stmt: c.stmt, locs: locs, held: c.held}
	if !a.Pos.IsValid() {
		a.Pos = c.stmt.Origin().Pos
	}
	if v := ir.HostOf(lv).Var; v != nil {
		if v.Class != ir.Global || v.ThreadLocal {
			a.private = v
		}
		if v.Atomic {
			a.Atomic = true
		}
	}
	if a.private == nil {
		a.private = c.confined(locs)
	}
	a.Locks = c.ls.Names(c.held)
	a.onceInit, a.onceSeen = c.once.init[c.stmt], c.once.seen[c.stmt]
	if p, st := lockset.SymBase(lv); p != nil {
		a.objLock = c.ls.ObjectLock(c.f, c.stmt, p, st)
	}
	var counters map[*ir.Var]taken
	if c.takenAt != nil {
		counters = c.takenAt(c.stmt)
	}
	if c.copies != nil || len(counters) > 0 {
		a.distinct = distinctKey(lv, c.copies, counters, c.elem, c.fresh)
		if strings.HasPrefix(a.distinct, "index-ptr:") {
			if ix, ok := lv.(*ir.Index); ok {
				a.base = ir.DirectVar(ix.X)
			}
		}
	}
	c.out = append(c.out, a)
}

func (c *collector) init(in *ir.Init) {
	ir.Inspect(in, func(n any) bool {
		if e, ok := n.(ir.Expr); ok {
			c.expr(e, ctxValue)
			return false
		}
		return true
	})
}

func (c *collector) expr(e ir.Expr, cx ctx) {
	switch x := e.(type) {
	case nil:
	case *ir.Ident:
		if cx == ctxValue && !ir.IsArray(x.Var.Type) && !ir.IsFunc(x.Var.Type) {
			c.add(x, false, false, nil)
		}
	case *ir.Unary:
		switch x.Op {
		case ir.Addr:
			c.expr(x.X, ctxAddr)
		case ir.PreInc, ir.PreDec, ir.PostInc, ir.PostDec:
			c.expr(x.X, ctxWrite)
			c.add(x.X, false, false, nil)
			c.add(x.X, true, false, nil)
		case ir.Deref:
			c.expr(x.X, ctxValue)
			if cx == ctxValue && !ir.IsArray(x.T) && !ir.IsFunc(x.T) {
				c.add(x, false, false, nil)
			}
		default:
			c.expr(x.X, ctxValue)
		}
	case *ir.Assign:
		c.expr(x.L, ctxWrite)
		c.expr(x.R, ctxValue)
		if x.Op != ir.OpNone {
			c.add(x.L, false, false, nil)
		}
		c.add(x.L, true, false, nil)
	case *ir.Index:
		if ir.IsArray(x.X.Type()) {
			c.expr(x.X, ctxBase)
		} else {
			c.expr(x.X, ctxValue)
		}
		c.expr(x.I, ctxValue)
		if cx == ctxValue && !ir.IsArray(x.T) {
			c.add(x, false, false, nil)
		}
	case *ir.Member:
		if x.Arrow {
			c.expr(x.X, ctxValue)
		} else {
			c.expr(x.X, ctxBase)
		}
		if cx == ctxValue && !ir.IsArray(x.T) {
			c.add(x, false, false, nil)
		}
	case *ir.SizeofExpr, *ir.SizeofType:
	case *ir.CompoundLit:
		if x.Init != nil {
			c.init(x.Init)
		}
	case *ir.Call:
		c.expr(x.Fn, ctxValue)
		for _, a := range x.Args {
			c.expr(a, ctxValue)
		}
		if f := ir.CalledFunc(x); f != nil && f.Body == nil {
			c.library(f.Name, x)
		}
	default:
		for _, ch := range ir.Children(e) {
			c.expr(ch, ctxValue)
		}
	}
}

// library records the accesses a library function makes through its
// pointer arguments.
func (c *collector) library(name string, call *ir.Call) {
	for _, x := range sharing.CallAccesses(name, call.Args) {
		locs := c.pts.Eval(x.Pointer)
		if x.Bytes {
			locs = pointsto.Widen(locs)
		}
		c.add(x.Lvalue, x.Write, x.Atomic, locs)
	}
}

// String summarizes a proof in one line.
func (p *Proof) String() string {
	if p.Declined != "" {
		return fmt.Sprintf("declined at %s: %s", p.DeclinedAt, p.Declined)
	}
	var parts []string
	for _, a := range Arguments {
		if n := p.Excluded[a]; n > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", a, n))
		}
	}
	verdict := "race-free"
	if !p.Proved {
		verdict = fmt.Sprintf("%d candidate pairs", len(p.Candidates))
	}
	return fmt.Sprintf("%s; %d accesses; pairs excluded: %s", verdict, p.Accesses, strings.Join(parts, ", "))
}
