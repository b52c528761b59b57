package bound

import (
	"fmt"

	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/model"
)

// Names of the model of thread-specific data destructors.
const (
	// RunDestructorsFunc calls, at a thread's exit, the destructor of each
	// key whose value in the thread is not NULL (after setting it NULL).
	RunDestructorsFunc = "__ladr_run_dtors"
	keyDestructor      = "__ladr_key_dtor"
)

// keyDestructors models the destructors of pthread_key_create (part of
// LowerPthread). Each destructor the program names (a function it
// defines) gets a number; pthread_key_create(k, d) becomes
// pthread_key_create(k, 0) followed by __ladr_key_dtor[*k] = d's number;
// and the exits of a thread (the returns of a start routine, its end, a
// pthread_exit) first call __ladr_run_dtors, which for each key calls the
// destructor on the thread's non-NULL value, once (POSIX repeats while
// values remain, up to PTHREAD_DESTRUCTOR_ITERATIONS: a destructor that
// sets a value again is not modelled). The keys are numbered in creation
// order: the model covers as many keys as the program has
// pthread_key_create calls; a program that creates more (a call in a
// loop) is checked not to (CheckModelledFunc). A destructor that is not a
// function of the program stays, and the sequentialization says so.
type keyDestructors struct {
	prog  *ir.Program
	dtors []*ir.Function
	num   map[*ir.Function]int
	sites int
	table *ir.Var
	run   *ir.Function
}

// findKeyDestructors numbers the destructors; it returns nil when the
// program names none.
func findKeyDestructors(prog *ir.Program) *keyDestructors {
	k := &keyDestructors{prog: prog, num: map[*ir.Function]int{}}
	for _, f := range prog.Funcs {
		if f.Body == nil {
			continue
		}
		ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
			c, ok := n.(*ir.Call)
			if !ok || model.Lookup(calleeName(c)).Op != model.OpKeyCreate {
				return true
			}
			k.sites++
			if len(c.Args) == 2 {
				if d := handlerOf(c.Args[1]); d != nil && d.Body != nil && k.num[d] == 0 {
					k.dtors = append(k.dtors, d)
					k.num[d] = len(k.dtors)
				}
			}
			return true
		})
	}
	if len(k.dtors) == 0 {
		return nil
	}
	if k.sites > maxKeys {
		k.sites = maxKeys
	}
	k.table = prog.AddGlobal(keyDestructor, &ir.Array{Elem: ir.IntType, Len: int64(k.sites)}, nil)
	k.run = k.runner()
	return k
}

// maxKeys is the number of keys package seq models.
const maxKeys = 8

// runner builds __ladr_run_dtors.
func (k *keyDestructors) runner() *ir.Function {
	loc := ir.Loc{Func: RunDestructorsFunc}
	get := k.prog.DeclareFunc("pthread_getspecific", &ir.Func{Result: ir.VoidPtrType, NoProto: true})
	set := k.prog.DeclareFunc("pthread_setspecific", &ir.Func{Result: ir.IntType, NoProto: true})
	var body []ir.Stmt
	for key := 0; key < k.sites; key++ {
		v := &ir.Var{Name: fmt.Sprintf("v%d", key), Type: ir.VoidPtrType, Class: ir.Local, Func: RunDestructorsFunc}
		kk := ir.Lit(int64(key), ir.UIntType)
		dv := &ir.Var{Name: fmt.Sprintf("d%d", key), Type: ir.IntType, Class: ir.Local, Func: RunDestructorsFunc}
		d := ir.Ref(dv)
		var call ir.Stmt
		for i := len(k.dtors) - 1; i >= 0; i-- {
			c := ir.Exec(loc, &ir.Call{Fn: &ir.FuncRef{Fn: k.dtors[i]}, Args: []ir.Expr{ir.Ref(v)}, T: ir.VoidType})
			if call == nil {
				call = c
				continue
			}
			call = &ir.If{Loc: loc, Cond: ir.Bin(ir.Eq, ir.Clone(d), ir.IntConst(int64(i+1)), ir.IntType),
				Then: ir.NewBlock(loc, c), Else: ir.NewBlock(loc, call)}
		}
		begin, end := k.atomic()
		body = append(body,
			&ir.DeclStmt{Loc: loc, Var: dv},
			ir.Exec(loc, ir.CallFn(begin)),
			ir.Exec(loc, ir.Set(ir.Ref(dv), &ir.Index{X: ir.Ref(k.table), I: ir.IntConst(int64(key)), T: ir.IntType})),
			ir.Exec(loc, ir.CallFn(end)),
			&ir.DeclStmt{Loc: loc, Var: v},
			ir.Exec(loc, ir.Set(ir.Ref(v), ir.CallFn(get, kk))),
			&ir.If{Loc: loc, Cond: ir.Bin(ir.LAnd, ir.Bin(ir.Ne, ir.Ref(v), &ir.Cast{X: ir.IntConst(0), T: ir.VoidPtrType}, ir.IntType),
				ir.Bin(ir.Ne, d, ir.IntConst(0), ir.IntType), ir.IntType),
				Then: ir.NewBlock(loc, ir.Exec(loc, ir.CallFn(set, ir.Clone(kk), &ir.Cast{X: ir.IntConst(0), T: ir.VoidPtrType})), call)})
	}
	f := &ir.Function{Name: RunDestructorsFunc, Type: &ir.Func{Result: ir.VoidType}, Static: true, Body: ir.NewBlock(loc, body...)}
	k.prog.Funcs = append(k.prog.Funcs, f)
	return f
}

// create lowers lhs = pthread_key_create(kp, d) for d a numbered
// destructor; nil when d is none.
func (k *keyDestructors) create(b *ir.Builder, call *ir.Call, lhs ir.Expr) []ir.Stmt {
	if len(call.Args) != 2 {
		return nil
	}
	d := handlerOf(call.Args[1])
	if k.num[d] == 0 {
		return nil
	}
	var out []ir.Stmt
	// The key's address, evaluated once (&k as it is: a report of a race
	// on the key names it).
	var kp ir.Expr = call.Args[0]
	if !isAddrOf(kp) {
		t := b.Temp(call.Args[0].Type(), &out)
		out = append(out, b.Assign(ir.Ref(t), call.Args[0]))
		kp = ir.Ref(t)
	}
	c := &ir.Call{Fn: call.Fn, Args: []ir.Expr{kp, &ir.Cast{X: ir.IntConst(0), T: ir.VoidPtrType}}, T: call.T, P: call.P}
	if lhs != nil {
		out = append(out, b.Assign(lhs, c))
	} else {
		out = append(out, b.Exec(c))
	}
	key := &ir.Cast{X: &ir.Unary{Op: ir.Deref, X: &ir.Cast{X: ir.Clone(kp), T: &ir.Pointer{Elem: ir.UIntType}}, T: ir.UIntType}, T: ir.UIntType}
	inRange := ir.Bin(ir.Lt, key, ir.Lit(int64(k.sites), ir.UIntType), ir.IntType)
	check := k.prog.DeclareFunc(CheckModelledFunc, &ir.Func{Result: ir.VoidType, NoProto: true})
	what := fmt.Sprintf("a key with a destructor beyond the first %d keys (one per pthread_key_create call)", k.sites)
	begin, end := k.atomic()
	out = append(out,
		b.Exec(ir.CallFn(check, &ir.Unary{Op: ir.Not, X: inRange, T: ir.IntType}, stringLit(what))),
		&ir.If{Loc: b.Loc, Cond: ir.Clone(inRange), Then: ir.NewBlock(b.Loc,
			// Like the C library's own lock: the table is no memory
			// of the program's, its accesses never race.
			b.Exec(ir.CallFn(begin)),
			b.Assign(&ir.Index{X: ir.Ref(k.table), I: ir.Clone(key), T: ir.IntType}, ir.IntConst(int64(k.num[d]))),
			b.Exec(ir.CallFn(end)))})
	return []ir.Stmt{ir.NewBlock(b.Loc, out...)}
}

// atomic returns __VERIFIER_atomic_begin and __VERIFIER_atomic_end.
func (k *keyDestructors) atomic() (*ir.Function, *ir.Function) {
	return k.prog.DeclareFunc("__VERIFIER_atomic_begin", &ir.Func{Result: ir.VoidType}),
		k.prog.DeclareFunc("__VERIFIER_atomic_end", &ir.Func{Result: ir.VoidType})
}

// atExit returns the call of the destructors a thread's exit makes.
func (k *keyDestructors) atExit(loc ir.Loc) ir.Stmt { return ir.Exec(loc, ir.CallFn(k.run)) }

// startRoutines returns the functions prog passes to pthread_create.
func startRoutines(prog *ir.Program) map[*ir.Function]bool {
	out := map[*ir.Function]bool{}
	for _, f := range prog.Funcs {
		if f.Body == nil {
			continue
		}
		ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
			if c, ok := n.(*ir.Call); ok && model.Lookup(calleeName(c)).Op == model.OpThreadCreate && len(c.Args) > 2 {
				if r := handlerOf(c.Args[2]); r != nil {
					out[r] = true
				}
			}
			return true
		})
	}
	return out
}

// routineExits makes the returns of start routine f, and its end, call
// the destructors first.
func (k *keyDestructors) routineExits(b *ir.Builder, f *ir.Function) {
	ir.RewriteBlocks(f.Body, func(s ir.Stmt) []ir.Stmt {
		r, ok := s.(*ir.Return)
		if !ok {
			return []ir.Stmt{s}
		}
		b.Loc = r.Loc
		if r.X == nil {
			return []ir.Stmt{k.atExit(r.Loc), r}
		}
		var out []ir.Stmt
		t := b.Temp(r.X.Type(), &out)
		out = append(out, b.Assign(ir.Ref(t), r.X), k.atExit(r.Loc), &ir.Return{Loc: r.Loc, X: ir.Ref(t)})
		return []ir.Stmt{ir.NewBlock(r.Loc, out...)}
	})
	if n := len(f.Body.List); n == 0 {
		f.Body.List = append(f.Body.List, k.atExit(f.Body.Loc))
	} else if _, ret := f.Body.List[n-1].(*ir.Return); !ret {
		f.Body.List = append(f.Body.List, k.atExit(*f.Body.List[n-1].Origin()))
	}
}
