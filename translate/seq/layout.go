package seq

import (
	"fmt"

	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/model"
	"github.com/ladr-dev/ladr/translate/sharing"
)

// Layout is the numbering of the visible statements of each thread: the
// points where a context switch may happen.
type Layout struct {
	Threads []*ThreadLayout
	// PC and CS are the scheduler's variables: the resume point of each
	// thread (__ladr_pc[N]) and the context-switch point of the running
	// context (__ladr_cs). They are bit-vectors of Width bits.
	PC, CS *ir.Var
	Width  int
	active *ir.Var
}

// Active returns __ladr_active[N], the flags of the threads created (main's
// is set), declaring it in prog on the first call: passes before the
// sequentialization (the race instrumentation) may test it.
func (l *Layout) Active(prog *ir.Program) *ir.Var {
	if l.active == nil {
		init := &ir.Init{IsList: true, List: []ir.InitElem{{Index: 0, Value: &ir.Init{Expr: ir.Lit(1, ir.BoolType)}}}}
		l.active = prog.AddGlobal("__ladr_active", &ir.Array{Elem: ir.BoolType, Len: int64(len(l.Threads))}, init)
	}
	return l.active
}

// Ended returns the condition that thread t has ended: its resume point is
// its exit label (pc[t] == size).
func (l *Layout) Ended(t *ThreadLayout) ir.Expr {
	bv := l.CS.Type
	pc := &ir.Index{X: ir.Ref(l.PC), I: ir.IntConst(int64(t.Thread.ID)), T: bv}
	return ir.Bin(ir.Eq, pc, ir.Lit(int64(t.Size), bv), ir.IntType)
}

// ThreadLayout numbers the visible statements of one thread. Labels[j] is
// the label statement placed in front of visible statement j; Labels[Size]
// is the exit label at the end of the thread. Statement j's region is
// everything textually between Labels[j] and Labels[j+1]; it executes
// atomically.
type ThreadLayout struct {
	Thread *ir.Thread
	Func   *ir.Function
	Labels []*ir.Label
	Size   int
	// Atomic marks the statements inside atomic sections.
	Atomic map[ir.Stmt]bool
	// Sequential marks the statements of main that run before main creates
	// its first thread: no other thread exists yet, so they are neither
	// context-switch points nor can they race.
	Sequential map[ir.Stmt]bool
	// Visible marks the visible statements: those that begin a region
	// (after their label, or the first one, which shares label 0).
	Visible map[ir.Stmt]bool
	// Ghost marks the statements a pass added to observe or restrict the
	// executions (a witness's waypoints, package follow): no
	// instrumentation checks their accesses.
	Ghost map[ir.Stmt]bool
	// AtStop holds, per label j, statements run when a context of the
	// thread ends at label j (the thread stops there, statement j not yet
	// run), before the thread leaves its function: an instrumentation
	// records there what statement j is about to do.
	AtStop map[int][]ir.Stmt
}

// Visible returns the number of visible statements of all threads.
func (l *Layout) Visible() int {
	n := 0
	for _, t := range l.Threads {
		n += t.Size
	}
	return n
}

// LabelName is the name of label j of thread t.
func LabelName(t *ir.Thread, j int) string { return fmt.Sprintf("__ladr_%s_%d", t.Name, j) }

// Number places the labels of the visible statements in every thread
// function (functions with Thread set) of prog. A statement is visible when
// it may access shared memory (per info) or synchronizes. Label 0 is at the
// start of each thread; the first visible statement shares it when nothing
// but straight-line private code comes before it. Statements inside
// __VERIFIER_atomic_begin/end sections are never visible: the section runs
// as part of the region of the statement that begins it.
//
// When switchOnly is not nil, a statement visible only for its shared
// accesses is visible only when one of them is at a position switchOnly
// accepts (a slice's race candidates); synchronization, thread creation,
// the ends of the program and the bound markers stay visible. The other
// threads then run only at those points: fewer interleavings, so a
// violation found is one of the program while finding none covers only
// them.
func Number(prog *ir.Program, info *sharing.Info, switchOnly func(ir.Pos) bool) (*Layout, error) {
	lay := &Layout{}
	for _, f := range prog.Funcs {
		if f.Thread == nil {
			continue
		}
		tl := &ThreadLayout{Thread: f.Thread, Func: f, Atomic: map[ir.Stmt]bool{}, Sequential: map[ir.Stmt]bool{}, Visible: map[ir.Stmt]bool{}}
		if f.Thread.ID == 0 {
			markPrefix(f.Body, tl.Sequential)
		}
		n := &numberer{info: info, only: switchOnly, tl: tl, absorb: true, exitDepth: map[string]int{}}
		l0 := n.label(f.Body.Loc)
		if err := n.block(f.Body, 0, true); err != nil {
			return nil, err
		}
		f.Body.List = append([]ir.Stmt{l0}, f.Body.List...)
		tl.Size = len(tl.Labels)
		f.Body.List = append(f.Body.List, n.label(ir.Loc{Func: f.Thread.Func}))
		lay.Threads = append(lay.Threads, tl)
	}
	maxSize := 0
	for _, t := range lay.Threads {
		maxSize = max(maxSize, t.Size)
	}
	lay.Width = 1
	for (1 << lay.Width) <= maxSize {
		lay.Width++
	}
	bv := ir.BitVectorType(lay.Width)
	lay.PC = prog.AddGlobal("__ladr_pc", &ir.Array{Elem: bv, Len: int64(len(lay.Threads))}, nil)
	lay.CS = prog.AddGlobal("__ladr_cs", bv, nil)
	return lay, nil
}

type numberer struct {
	info *sharing.Info
	// only, when set, limits the shared accesses that make a statement
	// visible to those at the positions it accepts (Number).
	only   func(ir.Pos) bool
	tl     *ThreadLayout
	absorb bool // the next visible statement may share label 0
	// exitDepth holds, for the target of a jump that leaves an atomic
	// section early ("__VERIFIER_atomic_end(); return -1;" in a branch),
	// the nesting depth of atomic sections the jump arrives with.
	exitDepth map[string]int
}

func (n *numberer) label(loc ir.Loc) *ir.Label {
	l := &ir.Label{Loc: loc, Name: LabelName(n.tl.Thread, len(n.tl.Labels))}
	n.tl.Labels = append(n.tl.Labels, l)
	return l
}

// markPrefix marks the statements of main's body that come before the
// first statement creating a thread. All jumps go forward, so they run
// before any other thread exists. It reports whether a create was found.
func markPrefix(b *ir.Block, seq map[ir.Stmt]bool) bool {
	for _, s := range b.List {
		if !createsThread(s) {
			ir.Inspect(s, func(x any) bool {
				if st, ok := x.(ir.Stmt); ok {
					seq[st] = true
					return true
				}
				return false
			})
			continue
		}
		if blk, ok := s.(*ir.Block); ok {
			markPrefix(blk, seq)
		}
		return true
	}
	return false
}

// createsThread reports whether a statement contains a thread creation.
func createsThread(s ir.Stmt) bool {
	found := false
	ir.Inspect(s, func(x any) bool {
		if c, ok := x.(*ir.Call); ok && calleeIs(c, bound.CreateFunc) {
			found = true
		}
		return !found
	})
	return found
}

// markerDelta returns +1 for an atomic begin marker, -1 for an end marker.
func markerDelta(s ir.Stmt) int {
	call, _ := bound.CallOf(s)
	if call == nil {
		return 0
	}
	f := ir.CalledFunc(call)
	if f == nil {
		return 0
	}
	switch model.Lookup(f.Name).Op {
	case model.OpAtomicBegin:
		return 1
	case model.OpAtomicEnd:
		return -1
	}
	return 0
}

func (n *numberer) block(b *ir.Block, depth int, top bool) error {
	var out []ir.Stmt
	start := depth
	for _, s := range b.List {
		d := markerDelta(s)
		if depth == 0 && !n.tl.Sequential[s] && (d > 0 || n.visible(s)) {
			n.tl.Visible[s] = true
			if n.absorb && top {
				n.absorb = false
			} else {
				out = append(out, n.label(*s.Origin()))
			}
		} else if n.only != nil && n.absorb && n.switchPoint(s, nil) {
			// Code that touches shared memory comes first: label 0
			// stays at the start, so the thread may begin with it and
			// stop before its first switch point.
			n.absorb = false
		}
		if depth > 0 {
			n.markAtomic(s)
		}
		depth += d
		if depth < 0 {
			return &bound.UnsupportedError{Pos: s.Origin().Pos, What: "__VERIFIER_atomic_end without a matching __VERIFIER_atomic_begin"}
		}
		switch x := s.(type) {
		case *ir.Block:
			if err := n.block(x, depth, top); err != nil {
				return err
			}
		case *ir.If:
			n.absorb = false
			if err := n.block(x.Then, depth, false); err != nil {
				return err
			}
			if x.Else != nil {
				if err := n.block(x.Else, depth, false); err != nil {
					return err
				}
			}
		case *ir.Label:
			if want, ok := n.exitDepth[x.Name]; ok && want != depth {
				return &bound.UnsupportedError{Pos: x.Loc.Pos, What: "a jump leaves an atomic section (__VERIFIER_atomic_begin/end) for a place inside one"}
			}
			n.absorb = false
		case *ir.Goto, *ir.Loop:
			n.absorb = false
		}
		out = append(out, s)
	}
	if depth != start && !n.leavesEarly(b, start, depth) {
		return &bound.UnsupportedError{Pos: b.Loc.Pos, What: "atomic section (__VERIFIER_atomic_begin/end) not closed in the block that opens it"}
	}
	b.List = out
	return nil
}

// leavesEarly reports whether block b, entered at atomic depth start and
// ending at the lower depth end, is a path that closes a section and jumps
// away: after its last end marker come only invisible statements and a
// final goto (a return of an inlined function) or return. The jump's
// target is recorded to arrive at depth end.
func (n *numberer) leavesEarly(b *ir.Block, start, end int) bool {
	if end > start || len(b.List) == 0 {
		return false
	}
	last := len(b.List) - 1
	for i := last; i >= 0; i-- {
		s := b.List[i]
		if markerDelta(s) != 0 {
			break
		}
		switch s.(type) {
		case *ir.ExprStmt, *ir.DeclStmt:
			if n.visible(s) {
				return false
			}
		case *ir.Goto, *ir.Return:
			if i != last {
				return false
			}
		default:
			return false
		}
	}
	switch x := b.List[last].(type) {
	case *ir.Goto:
		if want, ok := n.exitDepth[x.Label]; ok && want != end {
			return false
		}
		n.exitDepth[x.Label] = end
		return true
	case *ir.Return:
		return true
	}
	return false
}

func (n *numberer) markAtomic(s ir.Stmt) {
	ir.Inspect(s, func(x any) bool {
		if st, ok := x.(ir.Stmt); ok {
			n.tl.Atomic[st] = true
			return true
		}
		return false
	})
}

// visible reports whether a statement is a context-switch point.
func (n *numberer) visible(s ir.Stmt) bool { return n.switchPoint(s, n.only) }

// switchPoint reports whether a statement is a context-switch point when
// only (nil: any) says which shared accesses make one.
func (n *numberer) switchPoint(s ir.Stmt, only func(ir.Pos) bool) bool {
	switch x := s.(type) {
	case *ir.ExprStmt:
		// A bound marker is visible: a thread stuck at the end of its
		// unwinding must let the other threads run.
		if c, _ := bound.CallOf(x); c != nil && (calleeIs(c, bound.LoopBoundFunc) || endsProgram(c)) {
			return true
		}
		return shared(n.info, x.X, only) || synchronizes(x.X)
	case *ir.DeclStmt:
		found := false
		ir.Inspect(x.Init, func(m any) bool {
			if e, ok := m.(ir.Expr); ok {
				found = found || shared(n.info, e, only)
				return false
			}
			return true
		})
		return found
	case *ir.If:
		return shared(n.info, x.Cond, only)
	case *ir.Return:
		// Returning from main ends the program: the other threads may run
		// before that.
		return n.tl.Thread.ID == 0 || x.X != nil && shared(n.info, x.X, only)
	}
	return false
}

// shared reports whether e makes an access to shared memory (per info)
// that makes its statement a switch point: any, or with only one at a
// position it accepts.
func shared(info *sharing.Info, e ir.Expr, only func(ir.Pos) bool) bool {
	if only == nil {
		return info.HasShared(e)
	}
	for _, a := range info.Accesses(e) {
		if only(a.Lvalue.Pos()) {
			return true
		}
	}
	return false
}

// endsProgram reports whether a call ends the whole program (exit, abort);
// such calls are visible so that other threads may run before them.
func endsProgram(c *ir.Call) bool {
	f := ir.CalledFunc(c)
	if f == nil {
		return false
	}
	switch f.Name {
	case "exit", "_exit", "_Exit", "abort":
		return true
	}
	return false
}

func calleeIs(c *ir.Call, name string) bool {
	f := ir.CalledFunc(c)
	return f != nil && f.Name == name
}

// synchronizes reports whether an expression calls a modelled
// synchronization function.
func synchronizes(e ir.Expr) bool {
	for _, c := range ir.Calls(e) {
		f := ir.CalledFunc(c)
		if f == nil {
			continue
		}
		if f.Name == bound.CreateFunc {
			return true
		}
		if model.Lookup(f.Name).Synchronizes() {
			return true
		}
	}
	return false
}
