package bound

import (
	"fmt"

	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/model"
)

// Entries returns the functions the bounded program starts from: main and
// every function passed to pthread_create, in program order.
func Entries(prog *ir.Program) ([]*ir.Function, error) {
	main := prog.Func("main")
	if main == nil || main.Body == nil {
		return nil, &UnsupportedError{What: "the program has no main function"}
	}
	seen := map[*ir.Function]bool{main: true}
	out := []*ir.Function{main}
	for _, f := range prog.Funcs {
		if f.Body != nil {
			out = addRoutines(f.Body, seen, out)
		}
	}
	return out, nil
}

// addRoutines appends to out, in program order, the defined start
// routines that the pthread_create calls in body name and seen does not
// hold, and adds them to seen.
func addRoutines(body *ir.Block, seen map[*ir.Function]bool, out []*ir.Function) []*ir.Function {
	ir.Inspect(ir.Stmt(body), func(n any) bool {
		c, ok := n.(*ir.Call)
		if !ok || calleeName(c) != "pthread_create" || len(c.Args) != 4 {
			return true
		}
		if t := FuncOf(c.Args[2]); t != nil && t.Body != nil && !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
		return true
	})
	return out
}

// FuncOf returns the function an expression designates (f, &f, (T)f),
// or nil.
func FuncOf(e ir.Expr) *ir.Function {
	for {
		switch x := e.(type) {
		case *ir.FuncRef:
			return x.Fn
		case *ir.Unary:
			if x.Op != ir.Addr && x.Op != ir.Deref {
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

// Inline replaces, in the bodies of the entry functions, every call of a
// defined function by a copy of its body: parameters become locals
// initialized with the arguments, returns assign the result and jump to the
// end of the copy. A function appears at most Limits.Recursion times on a
// chain of inlined calls; deeper calls are cut (and noted). Calls of
// __VERIFIER_atomic_* functions are bracketed by atomic begin/end markers.
//
// Inlining may name more start routines: a wrapper of pthread_create
// passed a function (fixFuncParams). Such a routine becomes an entry
// too, inlined in turn; Inline returns entries with them added.
func Inline(prog *ir.Program, entries []*ir.Function, lim Limits, notes *Notes) ([]*ir.Function, error) {
	in := &inliner{prog: prog, lim: lim, notes: notes, orig: map[*ir.Function]*ir.Block{}}
	for _, f := range prog.Funcs {
		if f.Body != nil {
			in.orig[f] = (&ir.Cloner{}).Block(f.Body)
		}
	}
	seen := map[*ir.Function]bool{}
	for _, f := range entries {
		seen[f] = true
	}
	for i := 0; i < len(entries); i++ {
		f := entries[i]
		in.size = 0
		if err := in.block(f.Body, []*ir.Function{f}); err != nil {
			return entries, err
		}
		entries = addRoutines(f.Body, seen, entries)
	}
	return entries, nil
}

type inliner struct {
	prog  *ir.Program
	lim   Limits
	notes *Notes
	orig  map[*ir.Function]*ir.Block
	n     int
	size  int
}

func (in *inliner) block(b *ir.Block, stack []*ir.Function) error {
	var out []ir.Stmt
	for _, s := range b.List {
		r, err := in.stmt(s, stack)
		if err != nil {
			return err
		}
		out = append(out, r...)
	}
	b.List = out
	return nil
}

func (in *inliner) stmt(s ir.Stmt, stack []*ir.Function) ([]ir.Stmt, error) {
	switch s := s.(type) {
	case *ir.Block:
		return []ir.Stmt{s}, in.block(s, stack)
	case *ir.If:
		if err := in.block(s.Then, stack); err != nil {
			return nil, err
		}
		if s.Else != nil {
			if err := in.block(s.Else, stack); err != nil {
				return nil, err
			}
		}
		return []ir.Stmt{s}, nil
	case *ir.Loop:
		return []ir.Stmt{s}, in.block(s.Body, stack)
	}
	call, lhs := CallOf(s)
	if call == nil {
		return []ir.Stmt{s}, nil
	}
	f := ir.CalledFunc(call)
	if f == nil || f.Body == nil {
		return []ir.Stmt{s}, nil
	}
	if model.Lookup(f.Name).MustBeStatement() {
		return []ir.Stmt{s}, nil // modelled, not inlined
	}
	depth := 0
	for _, g := range stack {
		if g == f {
			depth++
		}
	}
	loc := *s.Origin()
	if depth >= in.lim.recursion() {
		what := fmt.Sprintf("recursion of %s deeper than %d", f.Name, in.lim.recursion())
		in.notes.cut(loc.Pos, "%s", what)
		return []ir.Stmt{boundCall(in.prog, loc, ir.IntConst(1), what)}, nil
	}
	if f.Type.Variadic && ir.ReadsVarArgs(in.orig[f]) {
		return []ir.Stmt{&ir.Unsupported{Loc: loc, What: "call of the variadic function " + f.Name}}, nil
	}
	blk := in.expand(call, lhs, f, loc)
	in.size += countStmts(blk)
	if in.size > in.lim.maxStmts() {
		return nil, &UnsupportedError{Pos: loc.Pos, What: fmt.Sprintf("program larger than %d statements after inlining", in.lim.maxStmts()), TooLarge: true}
	}
	if err := in.block(blk, append(stack, f)); err != nil {
		return nil, err
	}
	if model.IsAtomicFunction(f.Name) {
		begin := in.prog.DeclareFunc("__VERIFIER_atomic_begin", &ir.Func{Result: ir.VoidType})
		end := in.prog.DeclareFunc("__VERIFIER_atomic_end", &ir.Func{Result: ir.VoidType})
		return []ir.Stmt{
			&ir.ExprStmt{Loc: loc, X: ir.CallFn(begin)},
			blk,
			&ir.ExprStmt{Loc: loc, X: ir.CallFn(end)},
		}, nil
	}
	return []ir.Stmt{blk}, nil
}

// expand returns a copy of f's body for the call at loc.
func (in *inliner) expand(call *ir.Call, lhs ir.Expr, f *ir.Function, loc ir.Loc) *ir.Block {
	in.n++
	id := in.n
	site := &ir.InlineSite{Pos: call.P, Func: loc.Func, Parent: loc.Inline}
	if !site.Pos.IsValid() {
		site.Pos = loc.Pos
	}
	cl := &ir.Cloner{Site: site, Label: func(l string) string { return fmt.Sprintf("%s_i%d", l, id) }}
	var list []ir.Stmt
	for i, p := range f.Params {
		nv := cl.CopyVar(p)
		nv.Class = ir.Local
		d := &ir.DeclStmt{Loc: loc, Var: nv}
		if i < len(call.Args) {
			d.Init = &ir.Init{Expr: call.Args[i], T: nv.Type}
		}
		list = append(list, d)
	}
	// The arguments a variadic function that never reads them (a stub
	// like "int printk(const char *fmt, ...) { return 0; }") does not
	// bind: evaluated for their effects only.
	for _, a := range call.Args[min(len(f.Params), len(call.Args)):] {
		if ir.HasEffects(a) {
			list = append(list, &ir.ExprStmt{Loc: loc, X: a})
		}
	}
	var rv *ir.Var
	if lhs != nil && !ir.IsVoid(f.Type.Result) {
		rv = &ir.Var{Name: "__ladr_ret", Type: f.Type.Result, Class: ir.Local, Func: loc.Func, Synthetic: true}
		list = append(list, &ir.DeclStmt{Loc: loc, Var: rv})
	}
	body := cl.Block(in.orig[f])
	fixFuncParams(body, call, f, in.orig[f], cl)
	end := fmt.Sprintf("__ladr_ret%d", id)
	used := replaceReturns(body, rv, end)
	list = append(list, body.List...)
	if used {
		list = append(list, &ir.Label{Loc: loc, Name: end})
	}
	if rv != nil {
		list = append(list, &ir.ExprStmt{Loc: loc, X: &ir.Assign{L: lhs, R: ir.Ref(rv), T: lhs.Type(), P: call.P}})
	}
	return &ir.Block{Loc: loc, List: list}
}

// replaceReturns rewrites the returns of an inlined body: the value goes to
// rv, control to the end label. A return that is the last statement of the
// body needs no jump. It reports whether the end label is used.
func replaceReturns(body *ir.Block, rv *ir.Var, end string) bool {
	used := false
	lastRet := len(body.List) > 0
	if lastRet {
		_, lastRet = body.List[len(body.List)-1].(*ir.Return)
	}
	var last ir.Stmt
	if lastRet {
		last = body.List[len(body.List)-1]
	}
	ir.RewriteBlocks(body, func(s ir.Stmt) []ir.Stmt {
		r, ok := s.(*ir.Return)
		if !ok {
			return []ir.Stmt{s}
		}
		var out []ir.Stmt
		if r.X != nil {
			if rv != nil {
				out = append(out, &ir.ExprStmt{Loc: r.Loc, X: ir.Set(ir.Ref(rv), r.X)})
			} else {
				out = append(out, &ir.ExprStmt{Loc: r.Loc, X: r.X})
			}
		}
		if s != last {
			used = true
			out = append(out, &ir.Goto{Loc: r.Loc, Label: end})
		}
		return out
	})
	return used
}

// fixFuncParams replaces, in body (the copy of orig, f's body, made by
// cl for call), each use of a function pointer parameter that call passes
// a function (f, &f, (T)f) and that orig never writes nor takes the
// address of, by that function. A wrapper that starts a thread with the
// routine it is given (pthread_create(&id, 0, (T)w, arg) with w the
// parameter) then names the routine at the create site, as the thread
// pass needs; a call through the parameter becomes a direct call.
func fixFuncParams(body *ir.Block, call *ir.Call, f *ir.Function, orig *ir.Block, cl *ir.Cloner) {
	for i, p := range f.Params {
		if i >= len(call.Args) {
			break
		}
		fn := FuncOf(call.Args[i])
		if fn == nil || !ir.IsPointer(p.Type) || ir.Writes(orig, p) {
			continue
		}
		if _, ok := p.Type.(*ir.Pointer).Elem.(*ir.Func); !ok {
			continue
		}
		nv := cl.Vars[p]
		ir.RewriteStmtExprs(body, func(e ir.Expr) ir.Expr {
			if id, ok := e.(*ir.Ident); ok && id.Var == nv {
				return &ir.Cast{X: &ir.FuncRef{Fn: fn, P: id.P}, T: nv.Type, P: id.P}
			}
			return e
		})
	}
}
