package bound

import (
	"fmt"
	"strings"

	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/model"
)

// CreateFunc is the intrinsic a pthread_create site becomes:
// __ladr_create(ID, tid_ptr, arg[, attr]) starts thread ID (attr: the
// attributes, when not NULL), stores ID through
// tid_ptr and passes arg to its start routine.
const CreateFunc = "__ladr_create"

// Threads makes one copy of a thread's start routine per pthread_create
// site: main is thread 0, and the sites found depth first from main, in
// program order, are threads 1, 2, ... (their copies may create threads in
// turn). Each copy is a function with Thread set; main gets thread 0. The
// site becomes __ladr_create(ID, tid, arg). Start routines must be inlined
// and unwound already.
//
// A site whose start routine is in inert (FindInert) creates no thread
// copy and does not count against Limits.MaxThreads: it becomes the store
// of an identifier of its own, len(prog.Threads)+k for the k-th such site
// (prog.InertThreads counts them), and the evaluation of the argument;
// the sequentialization lets a join of such an identifier return at once,
// as after the thread ran to its end. The sites are described in
// notes.Inert.
func Threads(prog *ir.Program, lim Limits, inert InertSet, notes *Notes) error {
	main := prog.Func("main")
	if main == nil || main.Body == nil {
		return &UnsupportedError{What: "the program has no main function"}
	}
	t := &threader{prog: prog, lim: lim, inert: inert, notes: notes}
	t.create = prog.DeclareFunc(CreateFunc, &ir.Func{Result: ir.IntType, NoProto: true})
	main.Thread = &ir.Thread{ID: 0, Name: "main", Func: "main", Parent: -1}
	prog.Threads = []*ir.Thread{main.Thread}
	if err := t.process(main); err != nil {
		return err
	}
	// The inert threads' identifiers follow those of the threads.
	for k, lit := range t.inertIDs {
		lit.Val = uint64(len(prog.Threads) + k)
	}
	prog.InertThreads = len(t.inertIDs)
	if notes != nil {
		notes.Inert = append(notes.Inert, inertNotes(t.inertSites)...)
	}
	return nil
}

type threader struct {
	prog   *ir.Program
	lim    Limits
	inert  InertSet
	notes  *Notes
	create *ir.Function
	// inertIDs are the identifier literals stored by the inert sites, set
	// once the threads are numbered.
	inertIDs   []*ir.IntLit
	inertSites []inertSite
}

func (t *threader) process(fn *ir.Function) error {
	var todo []*ir.Function
	var err error
	ir.RewriteBlocks(fn.Body, func(s ir.Stmt) []ir.Stmt {
		call, lhs := CallOf(s)
		if call == nil || calleeName(call) != "pthread_create" || err != nil {
			return []ir.Stmt{s}
		}
		loc := *s.Origin()
		if len(call.Args) != 4 {
			return []ir.Stmt{&ir.Unsupported{Loc: loc, What: "pthread_create with other than 4 arguments"}}
		}
		start := FuncOf(call.Args[2])
		if start == nil || start.Body == nil {
			return []ir.Stmt{&ir.Unsupported{Loc: loc, What: "pthread_create whose start routine is not a known defined function"}}
		}
		if t.inert[start] {
			if out := t.inertCreate(loc, call, lhs, start); out != nil {
				return out
			}
		}
		if len(t.prog.Threads) >= t.lim.maxThreads() {
			what := fmt.Sprintf("more than %d threads", t.lim.maxThreads())
			t.notes.cut(loc.Pos, "%s", what)
			return []ir.Stmt{boundCall(t.prog, loc, ir.IntConst(1), what)}
		}
		id := len(t.prog.Threads)
		th := &ir.Thread{ID: id, Name: fmt.Sprintf("T%d", id), Func: start.Name, CreatedAt: call.P, Parent: fn.Thread.ID}
		if !th.CreatedAt.IsValid() {
			th.CreatedAt = loc.Pos
		}
		t.prog.Threads = append(t.prog.Threads, th)
		cl := &ir.Cloner{}
		nf := &ir.Function{Name: fmt.Sprintf("__ladr_%s_%s", th.Name, sanitize(start.Name)), Type: start.Type, Pos: start.Pos, Thread: th}
		for _, p := range start.Params {
			nf.Params = append(nf.Params, cl.CopyVar(p))
		}
		nf.Body = cl.Block(start.Body)
		t.prog.Funcs = append(t.prog.Funcs, nf)
		todo = append(todo, nf)
		args := []ir.Expr{ir.IntConst(int64(id)), call.Args[0], call.Args[3]}
		if !ir.IsNullConst(call.Args[1]) {
			// The attributes: the thread may be created detached.
			args = append(args, call.Args[1])
		}
		var x ir.Expr = &ir.Call{Fn: &ir.FuncRef{Fn: t.create}, Args: args, T: ir.IntType, P: call.P}
		if lhs != nil {
			x = &ir.Assign{L: lhs, R: x, T: lhs.Type(), P: call.P}
		}
		return []ir.Stmt{&ir.ExprStmt{Loc: loc, X: x}}
	})
	if err != nil {
		return err
	}
	for _, nf := range todo {
		if err := t.process(nf); err != nil {
			return err
		}
	}
	return nil
}

// inertCreate returns what the pthread_create site call (with result lhs,
// may be nil) of the inert start routine start becomes: the store of a
// fresh identifier through the identifier pointer, the evaluation of the
// argument (another thread may write what it reads) and a result of 0. It
// returns nil when the identifier pointer is not of an integer object.
func (t *threader) inertCreate(loc ir.Loc, call *ir.Call, lhs ir.Expr, start *ir.Function) []ir.Stmt {
	var obj ir.Expr
	switch tid := call.Args[0]; {
	case isAddr(tid):
		obj = tid.(*ir.Unary).X
	case ir.IsPointer(tid.Type()):
		obj = &ir.Unary{Op: ir.Deref, X: tid, T: tid.Type().(*ir.Pointer).Elem, P: call.P}
	default:
		return nil
	}
	if !ir.IsInteger(obj.Type()) {
		return nil
	}
	id := ir.Lit(0, obj.Type())
	t.inertIDs = append(t.inertIDs, id)
	p := call.P
	if !p.IsValid() {
		p = loc.Pos
	}
	t.inertSites = append(t.inertSites, inertSite{fn: start.Name, pos: p})
	out := []ir.Stmt{&ir.ExprStmt{Loc: loc, X: &ir.Assign{L: obj, R: id, T: obj.Type(), P: call.P}}}
	if arg := call.Args[3]; evaluates(arg) {
		out = append(out, &ir.ExprStmt{Loc: loc, X: &ir.Cast{X: arg, T: ir.VoidType, P: call.P}})
	}
	if lhs != nil {
		out = append(out, &ir.ExprStmt{Loc: loc, X: &ir.Assign{L: lhs, R: ir.Lit(0, lhs.Type()), T: lhs.Type(), P: call.P}})
	}
	return out
}

// isAddr reports whether e is &x.
func isAddr(e ir.Expr) bool {
	u, ok := e.(*ir.Unary)
	return ok && u.Op == ir.Addr
}

// evaluates reports whether evaluating e reads memory or has an effect:
// it names a variable other than as &v, or calls a function.
func evaluates(e ir.Expr) bool {
	found := false
	ir.Inspect(e, func(n any) bool {
		switch x := n.(type) {
		case *ir.Unary:
			if _, ok := x.X.(*ir.Ident); ok && x.Op == ir.Addr {
				return false
			}
		case *ir.Ident, *ir.Call, *ir.VaArg:
			found = true
		case *ir.SizeofType:
			return false
		}
		return !found
	})
	return found
}

// DCE removes what the threads of the program cannot reach: functions that
// are neither threads nor referenced lose their bodies or disappear,
// unreferenced globals and struct types are dropped.
func DCE(prog *ir.Program) {
	usedF := map[*ir.Function]bool{}
	usedV := map[*ir.Var]bool{}
	usedS := map[*ir.Struct]bool{}
	var typ func(t ir.Type)
	typ = func(t ir.Type) {
		switch t := t.(type) {
		case *ir.Pointer:
			typ(t.Elem)
		case *ir.Array:
			typ(t.Elem)
			if t.LenExpr != nil {
				expr(t.LenExpr, &usedF, &usedV, typ)
			}
		case *ir.Func:
			typ(t.Result)
			for _, p := range t.Params {
				typ(p)
			}
		case *ir.Struct:
			if usedS[t] {
				return
			}
			usedS[t] = true
			for _, f := range t.Fields {
				typ(f.Type)
			}
		}
	}
	for _, f := range prog.Funcs {
		if f.Thread != nil {
			usedF[f] = true
		}
	}
	// Iterate to a fixed point over function bodies and global initializers.
	doneF := map[*ir.Function]bool{}
	doneV := map[*ir.Var]bool{}
	for changed := true; changed; {
		changed = false
		for _, f := range prog.Funcs {
			if !usedF[f] || doneF[f] {
				continue
			}
			doneF[f] = true
			changed = true
			typ(f.Type)
			if f.Thread == nil {
				continue // bodies of non-thread functions are not printed
			}
			for _, p := range f.Params {
				typ(p.Type)
			}
			ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
				switch x := n.(type) {
				case *ir.DeclStmt:
					typ(x.Var.Type)
				case ir.Expr:
					expr(x, &usedF, &usedV, typ)
					return false
				}
				return true
			})
		}
		for _, v := range prog.Globals {
			if !usedV[v] || doneV[v] {
				continue
			}
			doneV[v] = true
			changed = true
			typ(v.Type)
			ir.Inspect(v.Init, func(n any) bool {
				if x, ok := n.(ir.Expr); ok {
					expr(x, &usedF, &usedV, typ)
					return false
				}
				return true
			})
		}
	}
	var funcs []*ir.Function
	for _, f := range prog.Funcs {
		if !usedF[f] {
			continue
		}
		if f.Thread == nil && f.Body != nil {
			f.Body = nil
			f.Inlined = true
		}
		funcs = append(funcs, f)
	}
	prog.Funcs = funcs
	var globals []*ir.Var
	for _, v := range prog.Globals {
		if usedV[v] {
			globals = append(globals, v)
		}
	}
	prog.Globals = globals
	var structs []*ir.Struct
	for _, s := range prog.Structs {
		if usedS[s] {
			structs = append(structs, s)
		}
	}
	prog.Structs = structs
}

// expr marks the functions, variables and types an expression uses.
func expr(e ir.Expr, usedF *map[*ir.Function]bool, usedV *map[*ir.Var]bool, typ func(ir.Type)) {
	ir.Inspect(e, func(n any) bool {
		switch x := n.(type) {
		case *ir.FuncRef:
			(*usedF)[x.Fn] = true
		case *ir.Ident:
			if x.Var.Class == ir.Global {
				(*usedV)[x.Var] = true
			}
			typ(x.Var.Type)
		case *ir.Cast:
			typ(x.T)
		case *ir.SizeofType:
			typ(x.Of)
		case *ir.CompoundLit:
			typ(x.T)
		case *ir.VaArg:
			typ(x.T)
		case ir.Expr:
			typ(x.Type())
		}
		return true
	})
}

// CheckExternals looks at the calls the threads make to functions the
// program does not define and ladr does not model. Such a function is taken
// to return a nondeterministic value and have no other effect (SV-COMP's
// convention), which is noted; but when it receives a pointer, or its name
// suggests that it synchronizes, that assumption could hide or invent
// behaviours, and the call is reported as unsupported.
func CheckExternals(prog *ir.Program, notes *Notes) error {
	seen := map[string]bool{}
	for _, f := range prog.Funcs {
		if f.Thread == nil {
			continue
		}
		var err error
		ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
			if err != nil {
				return false
			}
			var loc *ir.Loc
			if st, ok := n.(ir.Stmt); ok {
				loc = st.Origin()
				ir.Inspect(st, func(m any) bool {
					if _, isStmt := m.(ir.Stmt); isStmt && m != n {
						return false
					}
					c, ok := m.(*ir.Call)
					if !ok || err != nil {
						return err == nil
					}
					g := ir.CalledFunc(c)
					if g == nil || g.Body != nil || g.Name == CreateFunc || g.Name == BoundFunc || g.Name == LoopBoundFunc || g.Name == UnrunFunc {
						return true
					}
					if model.Lookup(g.Name).Kind != model.Unknown || strings.HasPrefix(g.Name, "__VERIFIER_") {
						return true
					}
					pointer := ir.IsPointer(c.T)
					for _, a := range c.Args {
						pointer = pointer || ir.IsPointer(a.Type()) || ir.IsArray(a.Type())
					}
					p := c.P
					if !p.IsValid() {
						p = loc.Pos
					}
					switch {
					case model.LooksSynchronizing(g.Name):
						err = &UnsupportedError{Pos: p, What: "call of " + g.Name + ", an undefined function that may synchronize threads"}
					case pointer:
						err = &UnsupportedError{Pos: p, What: "call of " + g.Name + ", an undefined function that takes or returns a pointer (its effect on memory is unknown)"}
					case !seen[g.Name]:
						seen[g.Name] = true
						if notes != nil {
							notes.Assumptions = append(notes.Assumptions, g.Name+" (undefined) returns a nondeterministic value and has no other effect")
						}
					}
					return err == nil
				})
			}
			return err == nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}
