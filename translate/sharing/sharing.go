// Package sharing decides which memory accesses of a threaded program may
// touch memory another thread can access. It is sound (it over-approximates
// sharing) and simple:
//
//   - a local variable or parameter is private to its thread unless its
//     address is taken (&x, or an array that decays to a pointer);
//   - a global or static variable whose address is taken may be shared
//     (even a thread-local one: the address may reach another thread);
//     otherwise it is private if it is thread-local, or if
//     at most one thread names it, or if its
//     address is never taken and no thread ever writes it (read-only after
//     initialization);
//   - every access through a pointer (*p, p->f, p[i]) may be shared,
//     except through a local pointer that only ever holds fresh blocks and
//     whose value is never copied (privateBlocks).
//
// The analysis runs on the bounded program, where every thread is one
// function (package bound), so "names it" means "occurs in the function".
package sharing

import (
	"strings"

	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/model"
)

// Info is the result of the analysis.
type Info struct {
	// Taken holds the variables whose address is taken.
	Taken map[*ir.Var]bool
	// Written holds the variables assigned somewhere (or address-taken).
	Written map[*ir.Var]bool
	// Users maps each global to the set of threads naming it.
	Users map[*ir.Var]map[int]bool
	// Shared holds the variables that may be accessed by several threads.
	Shared map[*ir.Var]bool
	// PrivateBlock holds the local pointers through which only memory
	// private to their thread is accessed (privateBlocks).
	PrivateBlock map[*ir.Var]bool
}

// Analyze computes sharing for the threads of prog (functions with Thread).
func Analyze(prog *ir.Program) *Info {
	in := &Info{Taken: map[*ir.Var]bool{}, Written: map[*ir.Var]bool{}, Users: map[*ir.Var]map[int]bool{}, Shared: map[*ir.Var]bool{}}
	for _, v := range prog.Globals {
		ir.Inspect(v.Init, func(n any) bool {
			if e, ok := n.(ir.Expr); ok {
				in.walk(e, ctxValue)
				return false
			}
			return true
		})
	}
	for _, f := range prog.Funcs {
		if f.Thread == nil || f.Body == nil {
			continue
		}
		id := f.Thread.ID
		visit := func(e ir.Expr, c ctx) {
			in.walk(e, c)
			ir.Inspect(e, func(m any) bool {
				if x, ok := m.(*ir.Ident); ok && x.Var.Class == ir.Global {
					if in.Users[x.Var] == nil {
						in.Users[x.Var] = map[int]bool{}
					}
					in.Users[x.Var][id] = true
				}
				return true
			})
		}
		ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
			if s, ok := n.(*ir.ExprStmt); ok {
				// The statement's value is discarded.
				visit(s.X, ctxDiscard)
				return false
			}
			if e, ok := n.(ir.Expr); ok {
				visit(e, ctxValue)
				return false
			}
			return true
		})
	}
	for _, v := range prog.Globals {
		in.Shared[v] = in.sharedGlobal(v)
	}
	for v := range in.Taken {
		if v.Class != ir.Global {
			in.Shared[v] = true
		}
	}
	in.PrivateBlock = privateBlocks(prog, in.Taken)
	return in
}

func (in *Info) sharedGlobal(v *ir.Var) bool {
	if in.Taken[v] {
		// Even a thread-local variable: its address may reach another
		// thread.
		return true
	}
	if v.ThreadLocal {
		return false
	}
	if !in.Written[v] {
		return false
	}
	return len(in.Users[v]) > 1
}

type ctx int

const (
	ctxValue   ctx = iota // the value is used (arrays decay)
	ctxAddr               // the address is used (operand of &)
	ctxBase               // base of . or of [] on an array: no access, no escape
	ctxWrite              // target of an assignment
	ctxDiscard            // an expression statement: its value is not used
)

// walk records address-taken and written variables.
func (in *Info) walk(e ir.Expr, c ctx) {
	switch x := e.(type) {
	case nil:
	case *ir.Ident:
		switch c {
		case ctxAddr:
			in.Taken[x.Var] = true
			in.Written[x.Var] = true
		case ctxValue:
			if ir.IsArray(x.Var.Type) || ir.IsFunc(x.Var.Type) {
				in.Taken[x.Var] = true
				in.Written[x.Var] = true
			}
		case ctxWrite:
			in.Written[x.Var] = true
		}
	case *ir.Unary:
		switch x.Op {
		case ir.Addr:
			in.walk(x.X, ctxAddr)
		case ir.PreInc, ir.PreDec, ir.PostInc, ir.PostDec:
			in.walk(x.X, ctxWrite)
		case ir.Deref:
			in.walk(x.X, ctxValue)
		default:
			in.walk(x.X, ctxValue)
		}
	case *ir.Assign:
		in.walk(x.L, ctxWrite)
		in.walk(x.R, ctxValue)
	case *ir.Index:
		if ir.IsArray(x.X.Type()) {
			switch c {
			case ctxAddr:
				in.walk(x.X, ctxAddr)
			case ctxWrite:
				in.walk(x.X, ctxWrite)
			default:
				in.walk(x.X, ctxBase)
			}
		} else {
			in.walk(x.X, ctxValue)
		}
		in.walk(x.I, ctxValue)
	case *ir.Member:
		if x.Arrow {
			in.walk(x.X, ctxValue)
		} else {
			switch c {
			case ctxAddr:
				in.walk(x.X, ctxAddr)
			case ctxWrite:
				in.walk(x.X, ctxWrite)
			default:
				in.walk(x.X, ctxBase)
			}
		}
	case *ir.SizeofExpr:
		// not evaluated
	case *ir.Call:
		in.walk(x.Fn, ctxValue)
		for i, a := range x.Args {
			if nonCapturing(x, i) && (c == ctxDiscard || !returnsArgument(x)) {
				in.walkNoCapture(a)
			} else {
				in.walk(a, ctxValue)
			}
		}
	default:
		for _, ch := range ir.Children(e) {
			in.walk(ch, ctxValue)
		}
	}
}

// nonCapturing reports whether argument i of a call receives an address
// that the callee uses only during the call, in the calling thread
// (model.Info.NoCapture): the thread-id and result pointers of
// pthread_create and pthread_join (the models write them in the calling
// thread), synchronization objects (the models do not treat them as data),
// and memory and string functions.
func nonCapturing(c *ir.Call, i int) bool {
	f := ir.CalledFunc(c)
	if f == nil || f.Body != nil {
		return false
	}
	return model.Lookup(f.Name).NoCapture.Has(i)
}

// returnsArgument reports whether a call returns a pointer into the memory
// one of its arguments points to (memcpy returns its destination, strchr a
// pointer into its string): when its value is used, the argument's address
// is captured.
func returnsArgument(c *ir.Call) bool {
	f := ir.CalledFunc(c)
	return f == nil || model.Lookup(f.Name).ReturnsArg
}

// walkNoCapture walks an argument whose address is not captured: &x (and
// x when x is an array) do not make x address-taken.
func (in *Info) walkNoCapture(e ir.Expr) {
	switch x := e.(type) {
	case *ir.Unary:
		if x.Op == ir.Addr {
			in.walk(x.X, ctxWrite)
			return
		}
	case *ir.Cast:
		in.walkNoCapture(x.X)
		return
	case *ir.Ident:
		if ir.IsArray(x.Var.Type) {
			in.Written[x.Var] = true
			return
		}
	}
	in.walk(e, ctxValue)
}

// SharedVar reports whether v may be accessed by several threads.
func (in *Info) SharedVar(v *ir.Var) bool { return in.Shared[v] }

// SharedLvalue reports whether the object designated by lvalue e may be
// accessed by another thread.
func (in *Info) SharedLvalue(e ir.Expr) bool {
	h := ir.HostOf(e)
	switch {
	case h.Var != nil:
		return in.Shared[h.Var]
	case h.Ptr != nil:
		if a, ok := h.Ptr.(*ir.Unary); ok && h.Deref && a.Op == ir.Addr {
			return in.SharedLvalue(a.X) // *&x is x
		}
		if x, ok := ir.Uncast(h.Ptr).(*ir.Ident); ok && in.PrivateBlock[x.Var] {
			return false
		}
		return true
	}
	return false
}

// Access is one access to memory in an expression.
type Access struct {
	Lvalue ir.Expr
	Write  bool
}

// Accesses returns the accesses to possibly shared memory an expression
// makes, in evaluation order (reads of an operand before the write of an
// assignment). Calls of library functions that access memory through
// pointer arguments count as accesses of the first pointed-to object.
func (in *Info) Accesses(e ir.Expr) []Access {
	var out []Access
	in.accesses(e, ctxValue, &out)
	return out
}

func (in *Info) accesses(e ir.Expr, c ctx, out *[]Access) {
	lv := func(write bool) {
		if in.SharedLvalue(e) {
			*out = append(*out, Access{Lvalue: e, Write: write})
		}
	}
	switch x := e.(type) {
	case nil:
	case *ir.Ident:
		if c == ctxValue && !ir.IsArray(x.Var.Type) && !ir.IsFunc(x.Var.Type) {
			lv(false)
		}
	case *ir.Unary:
		switch x.Op {
		case ir.Addr:
			in.accesses(x.X, ctxAddr, out)
		case ir.PreInc, ir.PreDec, ir.PostInc, ir.PostDec:
			in.accesses(x.X, ctxWrite, out)
			if in.SharedLvalue(x.X) {
				*out = append(*out, Access{Lvalue: x.X, Write: false}, Access{Lvalue: x.X, Write: true})
			}
		case ir.Deref:
			in.accesses(x.X, ctxValue, out)
			if c == ctxValue && !ir.IsArray(x.T) && !ir.IsFunc(x.T) {
				lv(false)
			}
		default:
			in.accesses(x.X, ctxValue, out)
		}
	case *ir.Assign:
		in.accesses(x.L, ctxWrite, out)
		in.accesses(x.R, ctxValue, out)
		if in.SharedLvalue(x.L) {
			if x.Op != ir.OpNone {
				*out = append(*out, Access{Lvalue: x.L, Write: false})
			}
			*out = append(*out, Access{Lvalue: x.L, Write: true})
		}
	case *ir.Index:
		if ir.IsArray(x.X.Type()) {
			in.accesses(x.X, ctxBase, out)
		} else {
			in.accesses(x.X, ctxValue, out)
		}
		in.accesses(x.I, ctxValue, out)
		if c == ctxValue && !ir.IsArray(x.T) {
			lv(false)
		}
	case *ir.Member:
		if x.Arrow {
			in.accesses(x.X, ctxValue, out)
		} else {
			in.accesses(x.X, ctxBase, out)
		}
		if c == ctxValue && !ir.IsArray(x.T) {
			lv(false)
		}
	case *ir.SizeofExpr, *ir.SizeofType:
	case *ir.Call:
		in.accesses(x.Fn, ctxValue, out)
		for _, a := range x.Args {
			in.accesses(a, ctxValue, out)
		}
		if f := ir.CalledFunc(x); f != nil && f.Body == nil {
			for _, a := range memArgs(f.Name, x.Args) {
				*out = append(*out, a)
			}
		}
	default:
		for _, ch := range ir.Children(e) {
			in.accesses(ch, ctxValue, out)
		}
	}
}

// MemAccess is an access a library function makes through a pointer
// argument.
type MemAccess struct {
	Pointer ir.Expr
	Write   bool
	// Typed: the access is of the pointed-to type (else of bytes).
	Typed bool
	// Atomic: the access is atomic (a synchronization function's access
	// of its object, model.Effect.Atomic).
	Atomic bool
	// Size, when set, is the number of bytes accessed from Pointer (else
	// the pointed-to object when Typed, one byte otherwise).
	Size ir.Expr
	// Approx, when set, says how the access is approximated: the call
	// reads a string up to a position that depends on its contents, and
	// only its first byte is checked.
	Approx string
	// Unchecked, when set, says why the access is not checked (free
	// releases a whole block, which is not an access of its bytes): the
	// race instrumentation leaves it out and, when another thread may
	// access the same memory, a run that finds no race says unknown.
	Unchecked string
	// Heap: Pointer points to a block of allocated memory (free, realloc),
	// never into a named variable.
	Heap bool
}

// MemAccesses returns the accesses a call of the library function name
// makes through its pointer arguments, in order (model.Info.Effects). The
// sizes are expressions over the arguments (evaluated before the call,
// without side effects: strlen is pure).
func MemAccesses(name string, args []ir.Expr) []MemAccess {
	var out []MemAccess
	for _, m := range memAccesses(model.Lookup(name), args) {
		// A string literal is never written; a null pointer (time(NULL),
		// nanosleep's remainder) is not accessed.
		if stringLit(m.Pointer) == nil && !ir.IsNullConst(m.Pointer) {
			out = append(out, m)
		}
	}
	return out
}

// stringLit returns e as a string literal, possibly cast, or nil.
func stringLit(e ir.Expr) *ir.StringLit {
	lit, _ := ir.Uncast(e).(*ir.StringLit)
	return lit
}

// memAccesses turns the effects of f into accesses through the arguments
// of a call.
func memAccesses(f model.Info, args []ir.Expr) []MemAccess {
	if len(args) < f.MinArgs {
		return nil
	}
	var out []MemAccess
	for _, e := range f.Effects {
		last := e.Arg
		if e.Rest {
			last = len(args) - 1
		}
		switch e.Access {
		case model.Format:
			out = append(out, formatAccesses(f.Name, args, e.Arg)...)
			continue
		case model.Formatted:
			if m, ok := formattedWrite(f.Name, e, args); ok {
				out = append(out, m)
			}
			continue
		}
		for i := e.Arg; i <= last && i < len(args); i++ {
			if m, ok := memAccess(f.Name, e, args, i); ok {
				out = append(out, m)
			}
		}
	}
	return out
}

// memAccess is the access effect e makes through argument i, if any.
func memAccess(name string, e model.Effect, args []ir.Expr, i int) (MemAccess, bool) {
	p := decay(args[i])
	if e.CharOnly && !isCharPointer(p.Type()) {
		return MemAccess{}, false
	}
	access := e.Access
	if access == model.ByType {
		switch {
		case isCharPointer(p.Type()):
			access = model.Approx // %s, %c, %[
		case ir.IsPointer(p.Type()):
			access = model.Typed
		default:
			return MemAccess{}, false
		}
	}
	if e.AtEnd {
		p = ir.Bin(ir.Add, p, strlenOf(p), p.Type())
	}
	m := MemAccess{Pointer: p, Write: e.Write, Atomic: e.Atomic}
	switch access {
	case model.Typed:
		if !ir.IsPointer(p.Type()) {
			return MemAccess{}, false
		}
		m.Typed = true
	case model.Approx:
		m.Approx = name + " accesses a string up to a position that depends on its contents; ladr checks only its first byte"
	case model.FreeBlock:
		m.Heap = true
		m.Unchecked = name + " releases the block " + ir.ExprString(p) + " points to; ladr does not check it against other threads' accesses to the block"
	case model.Bytes:
		m.Size = size(e.Size, args)
	}
	return m, true
}

// size is the expression of an effect's size over the arguments of a call.
func size(s model.Size, args []ir.Expr) ir.Expr {
	arg := func(i int) ir.Expr { // nil when the call has fewer arguments
		if i < len(args) {
			return args[i]
		}
		return nil
	}
	strSize := func(s ir.Expr) ir.Expr { // strlen(s) + 1
		if lit := stringLit(s); lit != nil && lit.ElemSize == 1 && !strings.ContainsRune(lit.Val, 0) {
			return ir.Lit(int64(len(lit.Val)+1), ir.ULongType)
		}
		return ir.Bin(ir.Add, strlenOf(s), ir.Lit(1, ir.ULongType), ir.ULongType)
	}
	switch s.Kind {
	case model.SizeArg:
		return arg(s.Arg)
	case model.SizeString:
		return strSize(args[s.Arg])
	case model.SizeStringMax:
		str, n := args[s.Arg], args[s.Max]
		return &ir.Cond{C: ir.Bin(ir.Lt, strlenOf(str), n, ir.IntType), X: strSize(str), Y: n, T: ir.ULongType}
	case model.SizeStringMaxZero:
		str, n := args[s.Arg], args[s.Max]
		k := &ir.Cond{C: ir.Bin(ir.Lt, strlenOf(str), n, ir.IntType), X: strlenOf(str), Y: n, T: ir.ULongType}
		return ir.Bin(ir.Add, k, ir.Lit(1, ir.ULongType), ir.ULongType)
	}
	return nil
}

// strlenOf returns the call strlen(s).
func strlenOf(s ir.Expr) ir.Expr {
	f := &ir.Function{Name: "strlen", Type: &ir.Func{Result: ir.ULongType, Params: []ir.Type{ir.CharPtrType}}}
	return &ir.Call{Fn: &ir.FuncRef{Fn: f}, Args: []ir.Expr{s}, T: ir.ULongType, P: s.Pos()}
}

// isCharPointer reports whether t points to a character type.
func isCharPointer(t ir.Type) bool {
	e := ir.Elem(t)
	if !ir.IsPointer(t) || e == nil {
		return false
	}
	b, ok := e.(*ir.Basic)
	return ok && (b.Kind == ir.Char || b.Kind == ir.SChar || b.Kind == ir.UChar)
}

// Lvalue returns the object accessed: *p, or its first byte.
func (m MemAccess) Lvalue() ir.Expr {
	p := m.Pointer
	if m.Typed {
		if t := ir.Elem(p.Type()); t != nil && !ir.IsVoid(t) {
			if a, ok := ir.Uncast(p).(*ir.Unary); ok && a.Op == ir.Addr && ir.Identical(a.X.Type(), t) {
				return a.X // *&x is x
			}
			return &ir.Unary{Op: ir.Deref, X: p, T: t, P: p.Pos()}
		}
	}
	t := &ir.Pointer{Elem: ir.UCharType}
	return &ir.Unary{Op: ir.Deref, X: &ir.Cast{X: p, T: t, P: p.Pos()}, T: ir.UCharType, P: p.Pos()}
}

// memArgs returns the accesses of the first byte of each region a library
// call accesses.
func memArgs(name string, args []ir.Expr) []Access {
	var out []Access
	for _, m := range MemAccesses(name, args) {
		out = append(out, Access{Lvalue: m.Lvalue(), Write: m.Write})
	}
	return out
}

// HasShared reports whether an expression accesses possibly shared memory.
func (in *Info) HasShared(e ir.Expr) bool { return len(in.Accesses(e)) > 0 }

// CallAccess is an access a call of a library function makes (see
// CallAccesses).
type CallAccess struct {
	// Lvalue is the object accessed, through Pointer.
	Lvalue  ir.Expr
	Pointer ir.Expr
	Write   bool
	Atomic  bool
	// Bytes: the access is of bytes from Pointer rather than of the
	// pointed-to object (a static analysis widens its locations).
	Bytes bool
	// Sync: a synchronization function's access of its own object (a
	// mutex, a condition...).
	Sync bool
	// Free: the release of the heap block Pointer points to (free,
	// realloc), a write of the whole block.
	Free bool
}

// CallAccesses returns what a call of the library function name with args
// accesses, as the static race analyses count it: an atomic builtin's
// object (read and written atomically) and its other pointer arguments
// (plainly); pthread_create's thread id (written by the creating thread);
// each object of a synchronization function without memory effects
// (written atomically: its lowering accesses it); and the effects of the
// library table (MemAccesses), a heap block's release as a write, leaving
// out the other accesses no check covers.
func CallAccesses(name string, args []ir.Expr) []CallAccess {
	info := model.Lookup(name)
	deref := func(p ir.Expr) ir.Expr {
		t := ir.Elem(p.Type())
		if t == nil || ir.IsVoid(t) {
			t = ir.UCharType
		}
		return &ir.Unary{Op: ir.Deref, X: p, T: t, P: p.Pos()}
	}
	var out []CallAccess
	if info.Kind == model.Atomic && info.Op != model.OpFence && len(args) > 0 {
		p := args[0]
		lv := deref(p)
		out = append(out, CallAccess{Lvalue: lv, Pointer: p, Atomic: true}, CallAccess{Lvalue: lv, Pointer: p, Write: true, Atomic: true})
		for _, a := range args[1:] {
			if ir.IsPointer(a.Type()) {
				out = append(out, CallAccess{Lvalue: deref(a), Pointer: a}, CallAccess{Lvalue: deref(a), Pointer: a, Write: true})
			}
		}
		return out
	}
	if info.Op == model.OpThreadCreate && len(args) > 0 && !ir.IsNullConst(args[0]) {
		return []CallAccess{{Lvalue: deref(args[0]), Pointer: args[0], Write: true}}
	}
	if info.Kind == model.Sync && len(info.Effects) == 0 {
		for _, a := range args {
			if ir.IsPointer(a.Type()) && !ir.IsNullConst(a) {
				out = append(out, CallAccess{Lvalue: deref(a), Pointer: a, Write: true, Atomic: true, Sync: true})
			}
		}
	}
	for _, m := range MemAccesses(name, args) {
		if m.Unchecked != "" && !m.Heap {
			continue
		}
		out = append(out, CallAccess{Lvalue: m.Lvalue(), Pointer: m.Pointer, Write: m.Write || m.Heap, Atomic: m.Atomic,
			Bytes: !m.Typed, Sync: info.Kind == model.Sync && m.Atomic, Free: m.Heap})
	}
	return out
}
