// Package bound turns a C program into a bounded one: it lifts static
// locals to globals, makes every call that matters a statement of its own
// (hoist), inlines calls to defined functions (recursion bounded), unwinds
// loops, and makes one copy of a thread function per pthread_create site.
// Each step is a separate pass over the IR; the pass table in package
// translate runs them in order.
package bound

import (
	"fmt"
	"strings"

	"github.com/ladr-dev/ladr/translate/ir"
)

// Limits are the bounds of the bounded program.
type Limits struct {
	// Unwind is the number of times each loop body is copied.
	Unwind int
	// UnwindSet overrides Unwind per loop; keys are "FUNC.N" (the N-th loop
	// of function FUNC, from 0, as CBMC numbers them) or "FILE:LINE" / "LINE"
	// (the loop starting on that line).
	UnwindSet map[string]int
	// MinSpawn, when above a loop's bound, is the bound of a loop that
	// creates threads (a constant trip count still caps it).
	MinSpawn int
	// MinPrefix, when above a loop's bound, is the bound of a loop of
	// main that runs before any thread is created (its sequential
	// prefix: parsing the arguments, reading a configuration). Unwinding
	// it deeper adds no interleavings, and a real program's start-up
	// loops cut at a bound of 1 or 2 cut off every thread.
	MinPrefix int
	// Recursion bounds how often one function may appear on an inlining
	// chain (0: same as Unwind).
	Recursion int
	// MaxThreads bounds the number of threads (0: 64).
	MaxThreads int
	// MaxStmts bounds the size of the bounded program (0: 2,000,000).
	MaxStmts int
	// LoopHeads keeps a test at the head of each iteration of a loop whose
	// condition is constant (while (1)), which unwinding otherwise drops:
	// a witness may give the direction of that branch.
	LoopHeads bool
}

// Largest returns the largest loop bound: Unwind, MinSpawn or one of
// UnwindSet.
func (l Limits) Largest() int {
	n := max(l.Unwind, l.MinSpawn, l.MinPrefix)
	for _, v := range l.UnwindSet {
		n = max(n, v)
	}
	return n
}

func (l Limits) recursion() int {
	if l.Recursion > 0 {
		return l.Recursion
	}
	return max(l.Unwind, 1)
}

func (l Limits) maxThreads() int {
	if l.MaxThreads > 0 {
		return l.MaxThreads
	}
	return 64
}

func (l Limits) maxStmts() int {
	if l.MaxStmts > 0 {
		return l.MaxStmts
	}
	return 2_000_000
}

// UnwindFor returns the bound of the loop with the given id in function fn
// at position p.
func (l Limits) UnwindFor(fn string, id int, p ir.Pos) int {
	if n, ok := l.UnwindSet[fmt.Sprintf("%s.%d", fn, id)]; ok {
		return n
	}
	if n, ok := l.UnwindSet[fmt.Sprintf("%s:%d", p.File, p.Line)]; ok {
		return n
	}
	if n, ok := l.UnwindSet[fmt.Sprintf("%d", p.Line)]; ok {
		return n
	}
	return l.Unwind
}

// Cut records a place where bounding cut behaviours off: a loop that may
// iterate more often than its bound, a recursion deeper than the bound.
type Cut struct {
	Pos  ir.Pos
	What string
	// Capacity: the cut is an allocation's capacity (BoundAllocations),
	// which the program of a completeness check does without
	// (translate.Config.SymbolicSizes): it does not stand in the way of
	// a proof.
	Capacity bool
}

// Notes collects what the bounding passes did that a user must know about.
type Notes struct {
	Cuts []Cut
	// Assumptions lists modelling assumptions (e.g. undefined functions
	// taken to have no side effects).
	Assumptions []string
	// Inert describes the threads left out of the bounded program because
	// they cannot affect any other thread (see FindInert), one message
	// per start routine.
	Inert []string
	// Incomplete lists constructs whose behaviours the bounded program
	// does not all contain, whatever the bounds (an atomic access with a
	// memory order weaker than seq_cst): a violation found is still one,
	// but finding none is no evidence, so such a run ends unknown. It
	// holds for every property.
	Incomplete []Cut
}

func (n *Notes) cut(p ir.Pos, format string, args ...any) {
	if n != nil {
		n.Cuts = append(n.Cuts, Cut{Pos: p, What: fmt.Sprintf(format, args...)})
	}
}

// UnsupportedError reports a construct ladr does not model, at a position.
type UnsupportedError struct {
	Pos  ir.Pos
	What string
	// TooLarge: the construct is the program's size after inlining or
	// unwinding, not a construct of the program.
	TooLarge bool
}

func (e *UnsupportedError) Error() string {
	return fmt.Sprintf("%s: unsupported: %s", e.Pos, e.What)
}

// BoundFunc is the name of the intrinsic marking a cut: bound(c) means
// "behaviours where c holds are beyond the bounds". The sequentialization
// prints it as an assumption of !c (or an assertion when the bounds must be
// proved sufficient).
const BoundFunc = "__ladr_bound"

// LoopBoundFunc is BoundFunc for the end of an unwound loop. It is a
// visible statement: a thread stuck at its loop bound must let the others
// run.
const LoopBoundFunc = "__ladr_loop_bound"

// boundCall returns the statement bound(cond) at loc.
func boundCall(prog *ir.Program, loc ir.Loc, cond ir.Expr, what string) ir.Stmt {
	return boundCallOf(prog, BoundFunc, loc, cond, what)
}

func boundCallOf(prog *ir.Program, name string, loc ir.Loc, cond ir.Expr, what string) ir.Stmt {
	f := prog.DeclareFunc(name, &ir.Func{Result: ir.VoidType, Params: []ir.Type{ir.IntType, ir.CharPtrType}})
	msg := &ir.StringLit{Val: what, ElemSize: 1, T: &ir.Array{Elem: ir.CharType, Len: int64(len(what) + 1)}}
	return &ir.ExprStmt{Loc: loc, X: ir.CallFn(f, cond, msg)}
}

// CutsIn returns the cuts whose markers (calls of BoundFunc) are in the
// bodies of fns, in order: those the code reachable from the entries can
// meet, once calls are inlined (a cut in a function nothing calls is not
// among them). The atexit registry's overflow is left out
// (IsAtexitOverflow).
func CutsIn(fns []*ir.Function) []Cut {
	var out []Cut
	for _, f := range fns {
		ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
			c, ok := n.(*ir.Call)
			if !ok || calleeName(c) != BoundFunc {
				return true
			}
			what := "a cut"
			if len(c.Args) == 2 {
				if s, ok := c.Args[1].(*ir.StringLit); ok {
					what = s.Val
				}
			}
			if !IsAtexitOverflow(what) {
				out = append(out, Cut{Pos: c.P, What: what})
			}
			return true
		})
	}
	return out
}

// calleeName returns the name of a directly called function, or "".
func calleeName(c *ir.Call) string {
	if f := ir.CalledFunc(c); f != nil {
		return f.Name
	}
	return ""
}

// CallOf returns the call a statement consists of: f(...); or l = f(...);
// (nil if none).
func CallOf(s ir.Stmt) (*ir.Call, ir.Expr) {
	es, ok := s.(*ir.ExprStmt)
	if !ok {
		return nil, nil
	}
	switch x := es.X.(type) {
	case *ir.Call:
		return x, nil
	case *ir.Assign:
		if c, ok := x.R.(*ir.Call); ok && x.Op == ir.OpNone {
			return c, x.L
		}
	case *ir.Cast:
		if c, ok := x.X.(*ir.Call); ok && ir.IsVoid(x.T) {
			return c, nil
		}
	}
	return nil, nil
}

// countStmts counts the statements under s.
func countStmts(s ir.Stmt) int {
	n := 0
	ir.Inspect(s, func(x any) bool {
		if _, ok := x.(ir.Stmt); ok {
			n++
			return true
		}
		return false
	})
	return n
}

// sanitize makes a string usable inside a C identifier.
func sanitize(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	return b.String()
}
