package candidates

import (
	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/model"
)

// escaping returns the local variables (automatic, of some thread's
// stack) whose address may reach another thread: it is stored into memory
// other than a local variable, returned, handed to pthread_create, or to a
// function that may do so with it (a defined function's parameter that
// escapes, a library function the table does not know to use it only
// during the call). An address kept in a local pointer escapes when that
// pointer's value does.
//
// With sound set, a pointer variable whose address a library function
// receives (memcpy(&dst, &p, n)) is taken to hand its value on too.
func escaping(prog *ir.Program, sound bool) map[*ir.Var]bool {
	// esc: the variable's address escapes; valEsc: the pointer value a
	// local pointer (or parameter) holds escapes.
	esc := map[*ir.Var]bool{}
	valEsc := map[*ir.Var]bool{}
	// flows[w] are what the local pointer w may hold: addresses of
	// variables, and the values of other local pointers.
	flows := map[*ir.Var][]src{}
	var sources func(e ir.Expr) []src
	sources = func(e ir.Expr) []src {
		switch x := e.(type) {
		case *ir.Unary:
			if x.Op == ir.Addr {
				if v := rootLocal(x.X); v != nil {
					return []src{{v: v}}
				}
			}
		case *ir.Ident:
			if x.Var.IsStaticStorage() {
				return nil
			}
			if ir.IsArray(x.Var.Type) {
				return []src{{v: x.Var}}
			}
			if ir.IsPointer(x.Var.Type) {
				return []src{{v: x.Var, value: true}}
			}
		case *ir.Member, *ir.Index:
			if ir.IsArray(e.Type()) {
				if v := rootLocal(e); v != nil {
					return []src{{v: v}}
				}
			}
		case *ir.Cast:
			return sources(x.X)
		case *ir.Binary:
			if x.Op == ir.Add || x.Op == ir.Sub {
				return append(sources(x.X), sources(x.Y)...)
			}
		case *ir.Cond:
			return append(sources(x.X), sources(x.Y)...)
		case *ir.Comma:
			return sources(x.Y)
		case *ir.Call:
			// A library function that returns a pointer into an
			// argument's memory (memcpy, strchr).
			if f := ir.CalledFunc(x); f != nil && f.Body == nil && model.Lookup(f.Name).ReturnsArg {
				var out []src
				for _, a := range x.Args {
					out = append(out, sources(a)...)
				}
				return out
			}
		case *ir.Assign:
			if x.Op == ir.OpNone {
				return sources(x.R)
			}
		}
		return nil
	}
	flow := func(srcs []src, to *ir.Var) {
		flows[to] = append(flows[to], srcs...)
	}
	escape := func(srcs []src) {
		for _, s := range srcs {
			if s.value {
				valEsc[s.v] = true
			} else {
				esc[s.v] = true
			}
		}
	}
	visit := func(n any) bool {
		switch x := n.(type) {
		case *ir.Assign:
			srcs := sources(x.R)
			if id, ok := x.L.(*ir.Ident); ok && !id.Var.IsStaticStorage() {
				flow(srcs, id.Var)
			} else {
				escape(srcs)
			}
		case *ir.DeclStmt:
			if x.Init != nil && x.Init.Expr != nil && !x.Var.IsStaticStorage() {
				flow(sources(x.Init.Expr), x.Var)
			} else if x.Init != nil {
				ir.Inspect(x.Init, func(n any) bool {
					if e, ok := n.(ir.Expr); ok {
						escape(sources(e))
						return false
					}
					return true
				})
			}
		case *ir.Init:
			// Elements of an initializer list are stored in memory.
			for _, el := range x.List {
				if el.Value != nil && el.Value.Expr != nil {
					escape(sources(el.Value.Expr))
				}
			}
		case *ir.CompoundLit:
			ir.Inspect(x.Init, func(n any) bool {
				if e, ok := n.(ir.Expr); ok {
					escape(sources(e))
					return false
				}
				return true
			})
		case *ir.Return:
			if x.X != nil {
				escape(sources(x.X))
			}
		case *ir.Call:
			f := ir.CalledFunc(x)
			for i, a := range x.Args {
				srcs := sources(a)
				if len(srcs) == 0 {
					continue
				}
				switch {
				case f != nil && f.Body != nil && i < len(f.Params):
					flow(srcs, f.Params[i])
				case f != nil && f.Body == nil && noCapture(f.Name, i):
					if sound {
						for _, s := range srcs {
							if !s.value && holdsPointers(s.v.Type) {
								valEsc[s.v] = true
							}
						}
					}
				default:
					escape(srcs)
				}
			}
		}
		return true
	}
	for _, f := range prog.Funcs {
		if f.Body != nil {
			ir.Inspect(ir.Stmt(f.Body), visit)
		}
	}
	// A pointer whose value escapes makes what it may hold escape.
	for changed := true; changed; {
		changed = false
		for w, srcs := range flows {
			if !valEsc[w] {
				continue
			}
			for _, s := range srcs {
				m := esc
				if s.value {
					m = valEsc
				}
				if !m[s.v] {
					m[s.v] = true
					changed = true
				}
			}
		}
	}
	return esc
}

// src is what an expression's pointer value may be: the address of v, or
// the value of the pointer v.
type src struct {
	v     *ir.Var
	value bool
}

// rootLocal returns the automatic variable lvalue e is part of (a
// variable, a member or element of one), or nil.
func rootLocal(e ir.Expr) *ir.Var {
	if v := rootVar(e); v != nil && !v.IsStaticStorage() {
		return v
	}
	return nil
}

// noCapture reports whether the library function name uses the pointer in
// its argument i only during the call: a function the table knows, other
// than pthread_create's argument, or one it says does not capture it.
func noCapture(name string, i int) bool {
	info := model.Lookup(name)
	if info.Op == model.OpThreadCreate {
		return i != 3
	}
	if info.NoCapture&model.Args(i) != 0 {
		return true
	}
	switch info.Kind {
	case model.Pure, model.Sync, model.Atomic, model.Control, model.AtomicMarker:
		return true
	}
	return false
}

// holdsPointers reports whether a value of type t may hold a pointer.
func holdsPointers(t ir.Type) bool {
	switch t := t.(type) {
	case *ir.Pointer:
		return true
	case *ir.Array:
		return holdsPointers(t.Elem)
	case *ir.Struct:
		for _, f := range t.Fields {
			if holdsPointers(f.Type) {
				return true
			}
		}
	}
	return false
}
