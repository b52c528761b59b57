package bound

import (
	"fmt"
	"strings"

	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/model"
)

// CheckForks decides, for each call of fork and vfork, whether ladr may
// check the parent process alone. The child is a process of its own: a
// copy of the parent's memory with only the calling thread, so none of
// its accesses races with the parent's. ladr lowers fork to the parent's
// side (seq: the result is -1 or a positive pid) and never runs the child,
// which is sound only when the child cannot violate a property: it must
// not create threads (they could race with each other), fail an assertion
// or run code ladr cannot see. CheckForks follows the child's statements,
// from the call, through the branches that its result being 0 selects
// (the result kept in a local variable that nothing else assigns, or
// tested at once: if ((pid = fork()) == 0), switch (fork())), until the
// child ends: exit, _exit, _Exit or abort, a return from main, or the end
// of a thread's start routine (the process's last thread ends). Along the
// way it accepts:
//
//   - statements whose calls are of library functions that cannot reach
//     an assertion or create a thread (I/O, exec*, dup2, sleep, ...; exec
//     returns only when it fails, and the child then goes on), with no
//     function passed as an argument (a callback could run user code);
//   - calls of the program's own functions that, with every function they
//     call, satisfy the same (all their statements, path-insensitively);
//   - writes to any memory (the child's copy; the parent never sees them);
//   - the creation of a thread whose start routine touches nothing but its
//     own locals and parameters and makes no call that may matter (it can
//     neither race nor fail).
//
// A vfork child shares the parent's memory until it calls exec or _exit:
// it may only call those. When exit handlers (atexit) are registered, or
// thread-specific data keys or fork handlers (pthread_atfork) exist, the
// child's exit runs user code, and is not accepted. Anything else, or a
// child that returns from a function other than main or a start routine
// (it would go on in its caller), makes the fork an unsupported statement
// that says why, so that the verdict is unknown if it is reached. After an
// accepted fork, the statements only the child runs are dropped (prune).
func CheckForks(prog *ir.Program) {
	// A function of the program's own that is named like one of the
	// process functions of the library table (a teaching program's
	// wait(s)) is the program's: renamed, it is inlined like any other
	// instead of being taken for the library's.
	for _, f := range prog.Funcs {
		if f.Body == nil {
			continue
		}
		if op := model.Lookup(f.Name).Op; op == model.OpFork || op == model.OpWaitChild {
			f.Name += OwnSuffix
		}
	}
	fc := &forkChecker{prog: prog, harmless: map[*ir.Function]string{}, roots: map[*ir.Function]bool{}, called: map[*ir.Function]bool{}}
	for _, f := range prog.Funcs {
		if f.Body == nil {
			continue
		}
		ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
			c, ok := n.(*ir.Call)
			if !ok {
				return true
			}
			switch name := calleeName(c); name {
			case "pthread_create":
				if len(c.Args) > 2 {
					if fr, ok := ir.Uncast(c.Args[2]).(*ir.FuncRef); ok {
						fc.roots[fr.Fn] = true
					} else if u, ok := ir.Uncast(c.Args[2]).(*ir.Unary); ok && u.Op == ir.Addr {
						if fr, ok := ir.Uncast(u.X).(*ir.FuncRef); ok {
							fc.roots[fr.Fn] = true
						}
					}
				}
			case "atexit", "on_exit", "at_quick_exit", "__cxa_atexit", "pthread_key_create":
				fc.exitRunsCode = name
			case "pthread_atfork":
				fc.atfork = true
			}
			if g := ir.CalledFunc(c); g != nil {
				fc.called[g] = true
			}
			return true
		})
	}
	for _, f := range prog.Funcs {
		if f.Body == nil {
			continue
		}
		fc.checkFunc(f)
	}
}

// OwnSuffix is appended to the name of a function the program defines
// whose name is that of a process function of the library (fork, wait...).
const OwnSuffix = "__ladr_own"

// forkChecker holds what CheckForks knows of the program.
type forkChecker struct {
	prog         *ir.Program
	roots        map[*ir.Function]bool   // thread start routines
	called       map[*ir.Function]bool   // functions called directly
	harmless     map[*ir.Function]string // memo: "" if harmless, else why not
	exitRunsCode string                  // a function whose presence makes exit run user code
	atfork       bool                    // the program registers fork handlers
}

// forkSite is a statement that calls fork or vfork, where it is.
type forkSite struct {
	b    *ir.Block
	i    int
	call *ir.Call
}

// checkFunc checks the forks of f, inserting an unsupported statement
// before each whose child may matter.
func (fc *forkChecker) checkFunc(f *ir.Function) {
	var sites []forkSite
	var walk func(b *ir.Block)
	walk = func(b *ir.Block) {
		for i, s := range b.List {
			inspectOwn(s, func(c *ir.Call) {
				// A function of the program's own named fork is not
				// the library's.
				if g := ir.CalledFunc(c); g != nil && g.Body == nil && (g.Name == "fork" || g.Name == "vfork") {
					sites = append(sites, forkSite{b: b, i: i, call: c})
				}
			})
			for _, sub := range subBlocks(s) {
				walk(sub)
			}
		}
	}
	walk(f.Body)
	if len(sites) == 0 {
		return
	}
	cw := newChildWalk(fc, f)
	var reasons = map[forkSite]string{}
	var accepted []ir.Stmt
	facts := map[ir.Stmt]forkFact{}
	for _, site := range sites {
		if why := cw.check(site); why != "" {
			reasons[site] = why
		} else {
			st := site.b.List[site.i]
			accepted = append(accepted, st)
			facts[st] = cw.facts[site]
		}
	}
	// Insert from the last site of a block to the first, so that the
	// indices stay valid.
	for k := len(sites) - 1; k >= 0; k-- {
		site := sites[k]
		why, ok := reasons[site]
		if !ok {
			continue
		}
		loc := *site.b.List[site.i].Origin()
		u := &ir.Unsupported{Loc: loc, What: fmt.Sprintf("%s whose child process %s (ladr checks the parent process only)", calleeName(site.call), why)}
		site.b.List = append(site.b.List[:site.i], append([]ir.Stmt{u}, site.b.List[site.i:]...)...)
	}
	// Drop what only the child runs, one accepted fork at a time (each
	// pruning changes the blocks: the walk is rebuilt).
	for _, st := range accepted {
		cw := newChildWalk(fc, f)
		if pos, ok := cw.find(st); ok {
			cw.prune(pos, facts[st])
		}
	}
}

// find returns where the statement st is in the function.
func (cw *childWalk) find(st ir.Stmt) (childPos, bool) {
	var out childPos
	found := false
	var walk func(b *ir.Block)
	walk = func(b *ir.Block) {
		for i, s := range b.List {
			if found {
				return
			}
			if s == st {
				out, found = childPos{b, i}, true
				return
			}
			for _, sub := range subBlocks(s) {
				walk(sub)
			}
		}
	}
	walk(cw.f.Body)
	return out, found
}

// inspectOwn calls f for the calls in the expressions of s itself (not in
// its nested blocks).
func inspectOwn(s ir.Stmt, f func(*ir.Call)) {
	for _, e := range ownExprs(s) {
		ir.Inspect(e, func(n any) bool {
			if c, ok := n.(*ir.Call); ok {
				f(c)
			}
			return true
		})
	}
}

// ownExprs returns the expressions of s itself.
func ownExprs(s ir.Stmt) []ir.Expr {
	var out []ir.Expr
	add := func(e ir.Expr) {
		if e != nil {
			out = append(out, e)
		}
	}
	switch s := s.(type) {
	case *ir.ExprStmt:
		add(s.X)
	case *ir.DeclStmt:
		if s.Init != nil {
			ir.Inspect(s.Init, func(n any) bool {
				if e, ok := n.(ir.Expr); ok {
					add(e)
					return false
				}
				return true
			})
		}
	case *ir.If:
		add(s.Cond)
	case *ir.Loop:
		add(s.Cond)
		add(s.Post)
	case *ir.Return:
		add(s.X)
	}
	return out
}

// subBlocks returns the blocks nested directly in s.
func subBlocks(s ir.Stmt) []*ir.Block {
	switch s := s.(type) {
	case *ir.Block:
		return []*ir.Block{s}
	case *ir.If:
		if s.Else != nil {
			return []*ir.Block{s.Then, s.Else}
		}
		return []*ir.Block{s.Then}
	case *ir.Loop:
		return []*ir.Block{s.Body}
	}
	return nil
}

// childPos is a place in a function: statement i of block b.
type childPos struct {
	b *ir.Block
	i int
}

// childWalk follows the child's statements in one function.
type childWalk struct {
	fc     *forkChecker
	f      *ir.Function
	parent map[*ir.Block]childPos // the statement that holds a block
	labels map[string]childPos
	facts  map[forkSite]forkFact // what check found of each fork
}

func newChildWalk(fc *forkChecker, f *ir.Function) *childWalk {
	cw := &childWalk{fc: fc, f: f, parent: map[*ir.Block]childPos{}, labels: map[string]childPos{}, facts: map[forkSite]forkFact{}}
	var walk func(b *ir.Block)
	walk = func(b *ir.Block) {
		for i, s := range b.List {
			if l, ok := s.(*ir.Label); ok {
				cw.labels[l.Name] = childPos{b, i}
			}
			for _, sub := range subBlocks(s) {
				cw.parent[sub] = childPos{b, i}
				walk(sub)
			}
		}
	}
	walk(f.Body)
	return cw
}

// prune drops the statements after an accepted fork that only the child
// runs: ladr does not run the child, and its code may call functions that
// have no model (execv). The statements the parent may run are those
// reachable from the function's entry without passing the fork, and those
// reachable from the fork where its result is -1 or positive (the result's
// variable, that nothing else assigns, keeps it: along a loop back to code
// before the fork too). Every condition is followed both ways unless the
// fork's result decides it. Declarations and labels are kept, and blocks
// that hold a statement the parent may run.
func (cw *childWalk) prune(site childPos, fact forkFact) {
	reach := map[ir.Stmt]bool{}
	walk := func(start []childPos, useFact bool, stop ir.Stmt) {
		seen := map[childPos]bool{}
		work := start
		for len(work) > 0 {
			p := work[len(work)-1]
			work = work[:len(work)-1]
			if seen[p] {
				continue
			}
			seen[p] = true
			if p.i < len(p.b.List) {
				s := p.b.List[p.i]
				reach[s] = true
				if s == stop {
					continue
				}
			}
			work = append(work, cw.successors(p, fact, useFact)...)
		}
	}
	forkStmt := site.b.List[site.i]
	walk([]childPos{{cw.f.Body, 0}}, false, forkStmt)
	if _, ok := forkStmt.(*ir.If); ok {
		walk(cw.successors(site, fact, true), true, nil)
	} else {
		walk([]childPos{{site.b, site.i + 1}}, true, nil)
	}
	var filter func(b *ir.Block) bool
	filter = func(b *ir.Block) bool {
		kept := b.List[:0]
		any := false
		for _, s := range b.List {
			inner := false
			for _, sub := range subBlocks(s) {
				if filter(sub) {
					inner = true
				}
			}
			switch s.(type) {
			case *ir.DeclStmt, *ir.Label:
				kept = append(kept, s)
				any = any || reach[s]
				continue
			}
			if reach[s] || inner {
				kept = append(kept, s)
				any = true
			}
		}
		for i := len(kept); i < len(b.List); i++ {
			b.List[i] = nil
		}
		b.List = kept
		return any
	}
	filter(cw.f.Body)
}

// successors returns where control may go after position p in the
// parent; with useFact, the conditions that fork's result decides (it is
// -1 or positive) go one way only.
func (cw *childWalk) successors(p childPos, fact forkFact, useFact bool) []childPos {
	if p.i >= len(p.b.List) {
		if p.b == cw.f.Body {
			return nil
		}
		hold := cw.parent[p.b]
		if _, isLoop := hold.b.List[hold.i].(*ir.Loop); isLoop {
			return []childPos{hold, {hold.b, hold.i + 1}}
		}
		return []childPos{{hold.b, hold.i + 1}}
	}
	next := childPos{p.b, p.i + 1}
	switch s := p.b.List[p.i].(type) {
	case *ir.Block:
		return []childPos{{s, 0}}
	case *ir.If:
		v, known := false, false
		if useFact {
			v, known = parentValue(s.Cond, fact)
		}
		var out []childPos
		if !known || v {
			out = append(out, childPos{s.Then, 0})
		}
		if !known || !v {
			if s.Else != nil {
				out = append(out, childPos{s.Else, 0})
			} else {
				out = append(out, next)
			}
		}
		return out
	case *ir.Loop:
		return []childPos{{s.Body, 0}, next}
	case *ir.Goto:
		if l, ok := cw.labels[s.Label]; ok {
			return []childPos{l}
		}
		return nil
	case *ir.Break, *ir.Continue:
		for b := p.b; b != cw.f.Body; {
			hold := cw.parent[b]
			if _, isLoop := hold.b.List[hold.i].(*ir.Loop); isLoop {
				if _, isBreak := s.(*ir.Break); isBreak {
					return []childPos{{hold.b, hold.i + 1}}
				}
				return []childPos{hold}
			}
			b = hold.b
		}
		return nil
	case *ir.Return:
		return nil
	}
	return []childPos{next}
}

// parentValue evaluates the condition e in the parent, where fork's result
// is -1 or any positive value: known is false unless e has the same truth
// for all of them.
func parentValue(e ir.Expr, fact forkFact) (v, known bool) {
	switch x := e.(type) {
	case *ir.Unary:
		if x.Op == ir.Not {
			v, known = parentValue(x.X, fact)
			return !v, known
		}
	case *ir.Binary:
		switch x.Op {
		case ir.LAnd, ir.LOr:
			a, ok1 := parentValue(x.X, fact)
			b, ok2 := parentValue(x.Y, fact)
			if x.Op == ir.LAnd {
				if ok1 && !a || ok2 && !b {
					return false, true
				}
				return true, ok1 && ok2
			}
			if ok1 && a || ok2 && b {
				return true, true
			}
			return false, ok1 && ok2
		case ir.Eq, ir.Ne, ir.Lt, ir.Gt, ir.Le, ir.Ge:
			op := x.Op
			c, isConst := intConst(x.Y)
			r := x.X
			if !isConst {
				if c, isConst = intConst(x.X); !isConst {
					return false, false
				}
				r = x.Y
				op = map[ir.Op]ir.Op{ir.Eq: ir.Eq, ir.Ne: ir.Ne, ir.Lt: ir.Gt, ir.Gt: ir.Lt, ir.Le: ir.Ge, ir.Ge: ir.Le}[op]
			}
			if !isForkResult(r, fact) {
				return false, false
			}
			// The result r is -1 or in [1, +inf).
			switch op {
			case ir.Eq:
				return false, c == 0 || c < -1
			case ir.Ne:
				return true, c == 0 || c < -1
			case ir.Lt: // r < c
				return false, c <= -1
			case ir.Le:
				return false, c < -1
			case ir.Gt: // r > c
				return true, c < -1
			case ir.Ge:
				return true, c <= -1
			}
		}
	default:
		if isForkResult(e, fact) {
			return true, true // never 0
		}
	}
	return false, false
}

// intConst reads a signed integer constant.
func intConst(e ir.Expr) (int64, bool) {
	for {
		c, ok := e.(*ir.Cast)
		if !ok {
			break
		}
		if !ir.IsSigned(c.T) {
			return 0, false
		}
		e = c.X
	}
	l, ok := e.(*ir.IntLit)
	if !ok || !ir.IsSigned(l.T) {
		return 0, false
	}
	return int64(l.Val), true
}

// isForkResult reports whether e is fork's result: the call, its
// assignment, or the variable that holds it, perhaps cast to a signed
// integer type.
func isForkResult(e ir.Expr, fact forkFact) bool {
	for {
		c, ok := e.(*ir.Cast)
		if !ok {
			break
		}
		if !ir.IsSigned(c.T) {
			return false
		}
		e = c.X
	}
	switch x := e.(type) {
	case *ir.Call:
		return x == fact.call
	case *ir.Assign:
		return x.Op == ir.OpNone && ir.Uncast(x.R) == fact.call
	case *ir.Ident:
		return fact.v != nil && x.Var == fact.v
	}
	return false
}

// forkFact is what the child knows of fork's result: v (nil if the
// result is tested at once only) is 0.
type forkFact struct {
	v    *ir.Var
	call *ir.Call
}

// check follows the child of the fork at site; it returns why the child
// may matter, or "".
func (cw *childWalk) check(site forkSite) string {
	vfork := calleeName(site.call) == "vfork"
	if cw.fc.atfork {
		return "runs the handlers registered with pthread_atfork"
	}
	s := site.b.List[site.i]
	fact := forkFact{call: site.call}
	start := childPos{site.b, site.i + 1}
	switch s := s.(type) {
	case *ir.ExprStmt:
		if a, ok := s.X.(*ir.Assign); ok && a.Op == ir.OpNone && ir.Uncast(a.R) == site.call {
			if id, ok := a.L.(*ir.Ident); ok {
				fact.v = id.Var
			}
		} else if s.X != site.call {
			return "uses fork's result in a way ladr does not follow"
		}
	case *ir.DeclStmt:
		if s.Init == nil || s.Init.Expr == nil || ir.Uncast(s.Init.Expr) != site.call {
			return "uses fork's result in a way ladr does not follow"
		}
		fact.v = s.Var
	case *ir.If:
		start = childPos{site.b, site.i}
		if a := assignOf(s.Cond, site.call); a != nil {
			if id, ok := a.L.(*ir.Ident); ok {
				fact.v = id.Var
			}
		}
	default:
		return "uses fork's result in a way ladr does not follow"
	}
	if fact.v != nil && !cw.stable(fact.v, site) {
		fact.v = nil
	}
	cw.facts[site] = fact
	seen := map[childPos]bool{}
	work := []childPos{start}
	for len(work) > 0 {
		p := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[p] {
			continue
		}
		seen[p] = true
		next, why := cw.step(p, fact, vfork)
		if why != "" {
			return why
		}
		work = append(work, next...)
	}
	return ""
}

// assignOf returns the assignment of the call c inside e, if any.
func assignOf(e ir.Expr, c *ir.Call) *ir.Assign {
	var out *ir.Assign
	ir.Inspect(e, func(n any) bool {
		if a, ok := n.(*ir.Assign); ok && a.Op == ir.OpNone && ir.Uncast(a.R) == c {
			out = a
		}
		return out == nil
	})
	return out
}

// stable reports whether v is a local of the function whose address is
// not taken and that nothing assigns but the fork's statement.
func (cw *childWalk) stable(v *ir.Var, site forkSite) bool {
	if v.Class != ir.Local {
		return false
	}
	forkStmt := site.b.List[site.i]
	ok := true
	var check func(s ir.Stmt)
	check = func(s ir.Stmt) {
		for _, e := range ownExprs(s) {
			ir.Inspect(e, func(n any) bool {
				switch x := n.(type) {
				case *ir.Unary:
					if x.Op == ir.Addr || x.Op == ir.PreInc || x.Op == ir.PreDec || x.Op == ir.PostInc || x.Op == ir.PostDec {
						if ir.DirectVar(x.X) == v {
							ok = false
						}
					}
				case *ir.Assign:
					if ir.DirectVar(x.L) == v && s != forkStmt {
						ok = false
					}
				}
				return ok
			})
		}
		if d, isDecl := s.(*ir.DeclStmt); isDecl && d.Var == v && s != forkStmt && d.Init != nil {
			ok = false
		}
		for _, b := range subBlocks(s) {
			for _, t := range b.List {
				check(t)
			}
		}
	}
	check(cw.f.Body)
	return ok
}

// step checks the statement at p in the child and returns where the child
// goes next, or why it may matter.
func (cw *childWalk) step(p childPos, fact forkFact, vfork bool) ([]childPos, string) {
	if p.i >= len(p.b.List) {
		// The end of a block.
		if p.b == cw.f.Body {
			return nil, cw.exits(nil, vfork)
		}
		hold := cw.parent[p.b]
		if _, isLoop := hold.b.List[hold.i].(*ir.Loop); isLoop {
			return []childPos{hold}, ""
		}
		return []childPos{{hold.b, hold.i + 1}}, ""
	}
	s := p.b.List[p.i]
	next := []childPos{{p.b, p.i + 1}}
	ends, why := cw.calls(s, fact, vfork)
	if why != "" {
		return nil, why
	}
	if ends {
		return nil, ""
	}
	switch s := s.(type) {
	case *ir.ExprStmt:
		if vfork && !isCallOnly(s.X) {
			return nil, "may do more than call exec or _exit (a vfork child shares the parent's memory)"
		}
	case *ir.DeclStmt:
		if vfork {
			return nil, "may do more than call exec or _exit (a vfork child shares the parent's memory)"
		}
	case *ir.Block:
		return []childPos{{s, 0}}, ""
	case *ir.If:
		v, known := childValue(s.Cond, fact)
		var out []childPos
		if !known || v != 0 {
			out = append(out, childPos{s.Then, 0})
		}
		if !known || v == 0 {
			if s.Else != nil {
				out = append(out, childPos{s.Else, 0})
			} else {
				out = append(out, next...)
			}
		}
		return out, ""
	case *ir.Loop:
		return []childPos{{s.Body, 0}, {p.b, p.i + 1}}, ""
	case *ir.Goto:
		l, ok := cw.labels[s.Label]
		if !ok {
			return nil, "jumps to a label ladr does not find"
		}
		return []childPos{l}, ""
	case *ir.Label:
	case *ir.Break, *ir.Continue:
		for b := p.b; b != cw.f.Body; {
			hold := cw.parent[b]
			if _, isLoop := hold.b.List[hold.i].(*ir.Loop); isLoop {
				if _, isBreak := s.(*ir.Break); isBreak {
					return []childPos{{hold.b, hold.i + 1}}, ""
				}
				return []childPos{hold}, ""
			}
			b = hold.b
		}
		return nil, "leaves a loop ladr does not find"
	case *ir.Return:
		return nil, cw.exits(s, vfork)
	case *ir.Unsupported:
		return nil, "runs a statement ladr does not model (" + s.What + ")"
	default:
		return nil, fmt.Sprintf("runs a statement ladr does not follow (%T)", s)
	}
	return next, ""
}

// exits checks that the child's return from the function (or its end)
// ends the child process.
func (cw *childWalk) exits(r *ir.Return, vfork bool) string {
	if vfork {
		return "may return (a vfork child may only call exec or _exit)"
	}
	f := cw.f
	switch {
	case f.Name == "main" && !cw.fc.called[f]:
		if cw.fc.exitRunsCode != "" {
			return "returns from main, which runs exit handlers (the program calls " + cw.fc.exitRunsCode + ")"
		}
		return ""
	case cw.fc.roots[f] && !cw.fc.called[f]:
		if cw.fc.exitRunsCode != "" {
			return "ends its only thread, which runs user code (the program calls " + cw.fc.exitRunsCode + ")"
		}
		return ""
	}
	return "returns from " + f.Name + " and goes on in its caller"
}

// calls checks the calls of the expressions of s (not of its nested
// blocks); ends reports that s ends the child.
func (cw *childWalk) calls(s ir.Stmt, fact forkFact, vfork bool) (ends bool, why string) {
	for _, e := range ownExprs(s) {
		ir.Inspect(e, func(n any) bool {
			c, ok := n.(*ir.Call)
			if !ok || why != "" || c == fact.call {
				return why == ""
			}
			name := calleeName(c)
			if vfork {
				if !isExec(name) && name != "_exit" && name != "_Exit" {
					why = "calls " + callName(c) + " (a vfork child may only call exec or _exit)"
				}
				if name == "_exit" || name == "_Exit" {
					ends = true
				}
				return why == ""
			}
			switch name {
			case "exit":
				if cw.fc.exitRunsCode != "" {
					why = "calls exit, which runs exit handlers (the program calls " + cw.fc.exitRunsCode + ")"
				}
				ends = true
				return why == ""
			case "_exit", "_Exit", "abort":
				ends = true
				return true
			}
			why = cw.fc.callMayMatter(c)
			return why == ""
		})
	}
	return ends && why == "", why
}

// callName names the callee of c for a message.
func callName(c *ir.Call) string {
	if n := calleeName(c); n != "" {
		return n
	}
	return "a function through a pointer"
}

// isExec reports whether name is one of the exec functions.
func isExec(name string) bool {
	switch name {
	case "execl", "execlp", "execle", "execv", "execvp", "execve", "execvpe", "fexecve":
		return true
	}
	return false
}

// isCallOnly reports whether e is a call (perhaps cast to void).
func isCallOnly(e ir.Expr) bool {
	_, ok := ir.Uncast(e).(*ir.Call)
	return ok
}

// callMayMatter says why a call in the child may matter, or "".
func (fc *forkChecker) callMayMatter(c *ir.Call) string {
	g := ir.CalledFunc(c)
	if g == nil {
		return "calls a function through a pointer"
	}
	if g.Body == nil && model.Lookup(g.Name).Op == model.OpThreadCreate {
		// A thread that touches only its own locals can neither race
		// nor fail: the child may create it.
		if len(c.Args) > 2 {
			if r := routineOf(c.Args[2]); r != nil && r.Body != nil {
				if why := fc.localOnly(r, map[*ir.Function]bool{}); why == "" {
					return ""
				}
			}
		}
		return "creates a thread"
	}
	if why := fc.libraryMayMatter(g); why != "" {
		return why
	}
	for _, a := range c.Args {
		found := ""
		ir.Inspect(a, func(n any) bool {
			if fr, ok := n.(*ir.FuncRef); ok {
				found = "the function " + fr.Fn.Name
			}
			return found == ""
		})
		if t := a.Type(); found == "" && (ir.IsFunc(t) || ir.IsFunc(ir.Elem(t))) {
			found = "a function pointer"
		}
		if found != "" {
			return "passes " + found + " to " + g.Name
		}
	}
	return ""
}

// libraryMayMatter says why a call of g in the child may matter, by what
// g is (a function of the program, or of the library), or "".
func (fc *forkChecker) libraryMayMatter(g *ir.Function) string {
	if g.Body != nil {
		if why := fc.harmlessFunc(g); why != "" {
			return "calls " + g.Name + ", which " + why
		}
		return ""
	}
	info := model.Lookup(g.Name)
	switch info.Op {
	case model.OpThreadCreate, model.OpCreate:
		return "creates a thread"
	case model.OpReachError, model.OpAssertFail:
		return "may fail an assertion"
	case model.OpThreadExit:
		return "calls pthread_exit"
	case model.OpAtExit, model.OpOnce, model.OpOnceStep, model.OpKeyCreate:
		return "calls " + g.Name + ", which runs user code"
	case model.OpFork:
		return "forks again"
	}
	if strings.HasPrefix(g.Name, "__VERIFIER_atomic_") && g.Name != "__VERIFIER_atomic_begin" && g.Name != "__VERIFIER_atomic_end" {
		return "calls " + g.Name
	}
	switch g.Name {
	case "setjmp", "_setjmp", "__sigsetjmp", "longjmp", "siglongjmp", "_longjmp", "raise", "kill", "pthread_kill", "signal", "sigaction", "system", "popen":
		// Jumps, signals that may run handlers, and other programs that
		// may signal this one.
		return "calls " + g.Name
	}
	return ""
}

// routineOf returns the function a start-routine argument names.
func routineOf(e ir.Expr) *ir.Function {
	e = ir.Uncast(e)
	if u, ok := e.(*ir.Unary); ok && u.Op == ir.Addr {
		e = ir.Uncast(u.X)
	}
	if fr, ok := e.(*ir.FuncRef); ok {
		return fr.Fn
	}
	return nil
}

// localOnly says why a thread's start routine f may matter in the child
// (it touches memory other than its own locals and parameters, or makes a
// call that may matter), or "".
func (fc *forkChecker) localOnly(f *ir.Function, seen map[*ir.Function]bool) string {
	if seen[f] {
		return ""
	}
	seen[f] = true
	why := ""
	var check func(s ir.Stmt)
	check = func(s ir.Stmt) {
		if why != "" {
			return
		}
		if u, ok := s.(*ir.Unsupported); ok {
			why = "runs a statement ladr does not model (" + u.What + ")"
			return
		}
		if d, ok := s.(*ir.DeclStmt); ok && d.Var.IsStaticStorage() {
			why = "has a static variable"
			return
		}
		for _, e := range ownExprs(s) {
			ir.Inspect(e, func(n any) bool {
				switch x := n.(type) {
				case *ir.Ident:
					if x.Var.Class != ir.Local && x.Var.Class != ir.Param || x.Var.IsStaticStorage() {
						why = "uses " + x.Var.Name
					}
				case *ir.Unary:
					if x.Op == ir.Deref || x.Op == ir.Addr {
						why = "uses memory through a pointer"
					}
				case *ir.Index:
					if !ir.IsArray(x.X.Type()) {
						why = "uses memory through a pointer"
					}
				case *ir.Member:
					if x.Arrow {
						why = "uses memory through a pointer"
					}
				case *ir.Call:
					g := ir.CalledFunc(x)
					switch {
					case g == nil:
						why = "calls a function through a pointer"
					case g.Body != nil:
						if w := fc.localOnly(g, seen); w != "" {
							why = "calls " + g.Name + ", which " + w
						}
					default:
						if model.Lookup(g.Name).Kind != model.Pure && model.Lookup(g.Name).Kind != model.Unknown {
							why = "calls " + g.Name
						} else if w := fc.callMayMatter(x); w != "" {
							why = w
						} else if len(model.Lookup(g.Name).Effects) > 0 {
							why = "calls " + g.Name + ", which accesses memory"
						} else {
							for _, a := range x.Args {
								if ir.IsPointer(a.Type()) || ir.IsArray(a.Type()) {
									why = "passes a pointer to " + g.Name
								}
							}
						}
					}
					return why == "" && g != nil && g.Body == nil
				}
				return why == ""
			})
		}
		for _, b := range subBlocks(s) {
			for _, t := range b.List {
				check(t)
			}
		}
	}
	check(f.Body)
	return why
}

// harmlessFunc says why a function of the program, called by the child,
// may matter (any of its statements, and of the functions it calls), or
// "".
func (fc *forkChecker) harmlessFunc(f *ir.Function) string {
	if why, ok := fc.harmless[f]; ok {
		return why
	}
	fc.harmless[f] = "" // recursion: decided by the other statements
	why := ""
	var check func(s ir.Stmt)
	check = func(s ir.Stmt) {
		if why != "" {
			return
		}
		switch s := s.(type) {
		case *ir.Unsupported:
			why = "runs a statement ladr does not model (" + s.What + ")"
			return
		}
		for _, e := range ownExprs(s) {
			ir.Inspect(e, func(n any) bool {
				if c, ok := n.(*ir.Call); ok && why == "" {
					switch calleeName(c) {
					case "exit":
						if fc.exitRunsCode != "" {
							why = "calls exit, which runs exit handlers"
						}
					case "_exit", "_Exit", "abort":
					default:
						why = fc.callMayMatter(c)
					}
				}
				return why == ""
			})
		}
		for _, b := range subBlocks(s) {
			for _, t := range b.List {
				check(t)
			}
		}
	}
	check(f.Body)
	fc.harmless[f] = why
	return why
}

// childValue evaluates e in the child, where fork returned 0: known is
// false when e depends on anything else.
func childValue(e ir.Expr, fact forkFact) (v int64, known bool) {
	switch x := e.(type) {
	case *ir.IntLit:
		return int64(x.Val), true
	case *ir.Cast:
		if ir.IsInteger(x.T) || ir.IsPointer(x.T) {
			v, ok := childValue(x.X, fact)
			if ok && v < 0 && !ir.IsSigned(x.T) {
				return 0, false // a negative value made unsigned
			}
			return v, ok
		}
	case *ir.Ident:
		if fact.v != nil && x.Var == fact.v {
			return 0, true
		}
	case *ir.Call:
		if x == fact.call {
			return 0, true
		}
	case *ir.Assign:
		if x.Op == ir.OpNone && ir.Uncast(x.R) == fact.call {
			return 0, true
		}
	case *ir.Unary:
		a, ok := childValue(x.X, fact)
		if !ok {
			return 0, false
		}
		switch x.Op {
		case ir.Not:
			return b2i(a == 0), true
		case ir.Neg:
			return -a, true
		}
	case *ir.Binary:
		a, ok1 := childValue(x.X, fact)
		b, ok2 := childValue(x.Y, fact)
		switch x.Op {
		case ir.LAnd:
			if ok1 && a == 0 || ok2 && b == 0 {
				return 0, true
			}
			return 1, ok1 && ok2
		case ir.LOr:
			if ok1 && a != 0 || ok2 && b != 0 {
				return 1, true
			}
			return 0, ok1 && ok2
		}
		if !ok1 || !ok2 || (a < 0 || b < 0) && (!ir.IsSigned(x.X.Type()) || !ir.IsSigned(x.Y.Type())) {
			return 0, false
		}
		switch x.Op {
		case ir.Eq:
			return b2i(a == b), true
		case ir.Ne:
			return b2i(a != b), true
		case ir.Lt:
			return b2i(a < b), true
		case ir.Gt:
			return b2i(a > b), true
		case ir.Le:
			return b2i(a <= b), true
		case ir.Ge:
			return b2i(a >= b), true
		}
	}
	return 0, false
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}
