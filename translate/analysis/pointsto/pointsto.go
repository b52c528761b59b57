// Package pointsto is a flow-insensitive, field-sensitive may-points-to
// analysis of the unbounded program (Andersen style, over main and the
// start routines with their callees inlined). Memory is a set of abstract
// objects: each global, each local or parameter, each allocation site,
// the string literals, and Unknown (anything the analysis cannot follow).
// A pointer value is a set of locations: an object and a path into it
// (fields, constant or unknown indices). What an object holds is one set
// of locations for the whole object (field-insensitive contents), which
// over-approximates every pointer stored in any of its fields.
//
// Sound over precise: every operation that may produce an address carries
// the addresses of its operands (an integer holding an address included);
// pointer arithmetic widens the path; a value the analysis cannot follow
// (an unmodelled function's pointer result, va_arg, a nondeterministic
// pointer) is Unknown.
package pointsto

import (
	"fmt"
	"sort"
	"strings"

	"github.com/ladr-dev/ladr/translate/analysis"
	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/model"
	"github.com/ladr-dev/ladr/translate/sharing"
)

// ObjKind is the kind of an abstract object.
type ObjKind int

// Kinds of objects.
const (
	ObjVar     ObjKind = iota // a variable (global, local or parameter)
	ObjAlloc                  // the blocks one allocation site returns
	ObjStrings                // the string literals
	ObjUnknown                // anything
	ObjKeys                   // the values stored with pthread_setspecific
	ObjResults                // the values threads return (pthread_join's result)
)

// Object is an abstract memory object.
type Object struct {
	Kind ObjKind
	Var  *ir.Var  // ObjVar
	Site *ir.Call // ObjAlloc (or the compound literal's position, Lit)
	Lit  *ir.CompoundLit
	Pos  ir.Pos
}

// String names the object for reports.
func (o *Object) String() string {
	switch o.Kind {
	case ObjVar:
		return o.Var.Name
	case ObjAlloc:
		return fmt.Sprintf("block allocated at %s", o.Pos)
	case ObjStrings:
		return "string literals"
	case ObjKeys:
		return "thread-specific values"
	case ObjResults:
		return "thread results"
	}
	return "unknown memory"
}

// Seg is one step of a path into an object: a field of a struct type, or
// an index (Index >= 0 a constant, -1 any).
type Seg struct {
	Struct *ir.Struct
	Field  string
	Index  int64
	IsIdx  bool
}

// String is the step as C text: .f, [3] or [*].
func (s Seg) String() string {
	if s.IsIdx {
		if s.Index < 0 {
			return "[*]"
		}
		return fmt.Sprintf("[%d]", s.Index)
	}
	return "." + s.Field
}

// Path is a path into an object; the empty path is the whole object.
type Path []Seg

// String is the path as C text (.f[*].g).
func (p Path) String() string {
	var b strings.Builder
	for _, s := range p {
		b.WriteString(s.String())
	}
	return b.String()
}

// Overlap reports whether the memory two paths into one object designate
// may overlap: unless, at some depth, they name different fields of one
// struct type (not a union) or different constant indices, they may (a
// path that is a prefix of the other designates memory containing it).
func Overlap(a, b Path) bool {
	for i := 0; i < len(a) && i < len(b); i++ {
		x, y := a[i], b[i]
		switch {
		case x.IsIdx && y.IsIdx:
			if x.Index >= 0 && y.Index >= 0 && x.Index != y.Index {
				return false
			}
		case !x.IsIdx && !y.IsIdx:
			if x.Struct != y.Struct || x.Struct == nil || x.Struct.Union {
				return true // viewed through different types: assume overlap
			}
			if x.Field != y.Field {
				return false
			}
		default:
			return true
		}
	}
	return true
}

// Loc is a location: an object and a path into it.
type Loc struct {
	Obj  *Object
	Path Path
}

func (l Loc) key() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%p", l.Obj)
	for _, s := range l.Path {
		if !s.IsIdx {
			fmt.Fprintf(&b, "/%p", s.Struct)
		}
		b.WriteString(s.String())
	}
	return b.String()
}

// Key identifies the location (two objects of one name differ).
func (l Loc) Key() string { return l.key() }

// String is the location as text.
func (l Loc) String() string { return l.Obj.String() + l.Path.String() }

// Set is a set of locations.
type Set map[string]Loc

func (s Set) add(l Loc) bool {
	k := l.key()
	if _, ok := s[k]; ok {
		return false
	}
	s[k] = l
	return true
}

func (s Set) addAll(t Set) bool {
	ch := false
	for k, l := range t {
		// (t's keys are l.key(): not computed again.)
		if _, ok := s[k]; !ok {
			s[k] = l
			ch = true
		}
	}
	return ch
}

// Locs returns the locations sorted by their text.
func (s Set) Locs() []Loc {
	out := make([]Loc, 0, len(s))
	for _, l := range s {
		out = append(out, l)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].String() < out[j].String() })
	return out
}

// Unknown reports whether the set holds the unknown object.
func (s Set) Unknown() bool {
	for _, l := range s {
		if l.Obj.Kind == ObjUnknown {
			return true
		}
	}
	return false
}

// Result is the points-to relation of a program.
type Result struct {
	vars    map[*ir.Var]*Object
	allocs  map[*ir.Call]*Object
	lits    map[*ir.CompoundLit]*Object
	strings *Object
	unknown *Object
	keys    *Object
	results *Object
	// contents holds what each object may hold.
	contents map[*Object]Set
	changed  bool
	// work counts the locations loaded (MaxWork); top says the analysis
	// gave up: every object may hold anything.
	work int
	top  bool
	// owner maps the locals, parameters and allocation sites of each
	// entry function to it; private holds those whose address never
	// leaves their routine's own variables (privateObjects).
	owner   map[*Object]*ir.Function
	private map[*Object]bool
	// consts are the variables that always hold one integer (constants).
	consts map[*ir.Var]int64
}

// constants finds the variables that always hold one integer: a start
// routine's parameter whose one site passes a constant (ParamArgs), and a
// local that is never written but by its declaration, with a constant
// expression over such variables, and whose address is never taken.
func constants(p *analysis.Program) map[*ir.Var]int64 {
	out := map[*ir.Var]int64{}
	bad := map[*ir.Var]bool{}
	inits := map[*ir.Var]ir.Expr{}
	for _, f := range p.Entries {
		ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
			switch x := n.(type) {
			case *ir.DeclStmt:
				if x.Init != nil && !x.Init.IsList && x.Init.Expr != nil {
					if _, seen := inits[x.Var]; seen {
						bad[x.Var] = true
					}
					inits[x.Var] = x.Init.Expr
				}
			default:
				if v := ir.Modified(x); v != nil {
					bad[v] = true
				}
			}
			return true
		})
	}
	for v, e := range p.ParamArgs {
		if !bad[v] {
			inits[v] = e
		}
	}
	for changed := true; changed; {
		changed = false
		for v, e := range inits {
			if _, done := out[v]; done || bad[v] || v.Class == ir.Global || v.Volatile {
				continue
			}
			if k, ok := evalConst(e, out); ok {
				out[v] = k
				changed = true
			}
		}
	}
	return out
}

// evalConst evaluates an integer expression over constants; it gives up
// on values outside [0, 2^31), where a conversion could wrap.
func evalConst(e ir.Expr, vars map[*ir.Var]int64) (int64, bool) {
	k, ok := evalConst1(e, vars)
	if !ok || k < 0 || k >= 1<<31 {
		return 0, false
	}
	return k, true
}

func evalConst1(e ir.Expr, vars map[*ir.Var]int64) (int64, bool) {
	switch x := e.(type) {
	case *ir.IntLit:
		return int64(x.Val), true
	case *ir.Ident:
		k, ok := vars[x.Var]
		return k, ok
	case *ir.Cast:
		if !ir.IsInteger(x.T) && !ir.IsPointer(x.T) {
			return 0, false
		}
		return evalConst(x.X, vars) // in range: no conversion wraps
	case *ir.Binary:
		a, ok1 := evalConst(x.X, vars)
		b, ok2 := evalConst(x.Y, vars)
		if !ok1 || !ok2 {
			return 0, false
		}
		switch x.Op {
		case ir.Add:
			return a + b, true
		case ir.Sub:
			return a - b, true
		case ir.Mul:
			return a * b, true
		}
	}
	return 0, false
}

// Private reports whether o is a variable or a block of one routine whose
// address is only ever held by that routine's own variables (and blocks
// of the same kind): each thread running the routine has its own, which
// no other thread can reach.
func (r *Result) Private(o *Object) bool { return r.private[o] }

// ThreadConfined reports whether o is a thread-local variable (each thread
// has its own) whose address is only ever held by private, non-parameter
// local variables of the routines (Private): a pointer to it in a thread
// was taken in that thread, so it points to the thread's own copy (glibc's
// errno through __errno_location). A parameter that holds it may hold
// another thread's copy, passed to pthread_create.
func (r *Result) ThreadConfined(o *Object) bool {
	if o == nil || o.Kind != ObjVar || !o.Var.ThreadLocal {
		return false
	}
	for x, c := range r.contents {
		for _, l := range c {
			if l.Obj != o {
				continue
			}
			if x.Kind != ObjVar || x.Var.Class != ir.Local || x.Var.IsStaticStorage() || !r.private[x] {
				return false
			}
		}
	}
	return true
}

// Owner returns the routine whose thread owns a private object.
func (r *Result) Owner(o *Object) *ir.Function { return r.owner[o] }

// privateObjects computes Private: the greatest set of owned objects such
// that every object holding the address of one is private to the same
// routine.
func (r *Result) privateObjects(p *analysis.Program) {
	r.owner = map[*Object]*ir.Function{}
	for _, f := range p.Entries {
		for _, v := range f.Params {
			r.owner[r.Var(v)] = f
		}
		ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
			switch x := n.(type) {
			case *ir.DeclStmt:
				if !x.Var.IsStaticStorage() && !x.Var.ThreadLocal {
					r.owner[r.Var(x.Var)] = f
				}
			case *ir.Call:
				if o := r.allocs[x]; o != nil {
					r.owner[o] = f
				}
			case *ir.CompoundLit:
				if o := r.lits[x]; o != nil {
					r.owner[o] = f
				}
			}
			return true
		})
	}
	r.private = map[*Object]bool{}
	for o := range r.owner {
		r.private[o] = true
	}
	for changed := true; changed; {
		changed = false
		for x, c := range r.contents {
			for _, l := range c {
				o := l.Obj
				if !r.private[o] {
					continue
				}
				if !r.private[x] || r.owner[x] != r.owner[o] {
					delete(r.private, o)
					changed = true
				}
			}
		}
	}
}

// Analyzer computes the points-to Result.
var Analyzer = &analysis.Analyzer{
	Name: "pointsto",
	Doc:  "flow-insensitive, field-sensitive may-points-to sets of every expression of main and the start routines",
	Run:  func(p *analysis.Pass) (any, error) { return Analyze(p.Program), nil },
}

// MaxWork bounds the locations the analysis loads (summed over its
// rounds); beyond it, it gives up on precision as when it finds no
// fixpoint (a large program whose pointers reach many objects: an
// inlined Linux driver's slice loaded hundreds of millions).
const MaxWork = 20_000_000

// Analyze computes the points-to relation of p.
func Analyze(p *analysis.Program) *Result { return analyze(p, MaxWork) }

// analyze is Analyze with maxWork for MaxWork.
func analyze(p *analysis.Program, maxWork int) *Result {
	r := &Result{vars: map[*ir.Var]*Object{}, allocs: map[*ir.Call]*Object{}, lits: map[*ir.CompoundLit]*Object{}, contents: map[*Object]Set{}}
	r.strings = &Object{Kind: ObjStrings}
	r.unknown = &Object{Kind: ObjUnknown}
	r.keys = &Object{Kind: ObjKeys}
	r.results = &Object{Kind: ObjResults}
	r.contents[r.unknown] = Set{}
	r.contents[r.unknown].add(Loc{Obj: r.unknown})
	r.consts = constants(p)
rounds:
	for i := 0; i < 100; i++ {
		r.changed = false
		for _, g := range p.Prog.Globals {
			if g.Init != nil {
				r.init(r.Var(g), g.Init)
			}
		}
		for _, f := range p.Entries {
			r.body(f)
			if r.work > maxWork {
				break rounds
			}
		}
		if !r.changed {
			r.privateObjects(p)
			return r
		}
	}
	// No fixpoint in 100 rounds (a chain of 100 pointer copies), or too
	// much work: give up on precision, everything may point anywhere.
	r.top = true
	for o := range r.contents {
		r.contents[o].add(Loc{Obj: r.unknown})
	}
	r.owner, r.private = map[*Object]*ir.Function{}, map[*Object]bool{}
	return r
}

// Var returns the object of a variable.
func (r *Result) Var(v *ir.Var) *Object {
	o := r.vars[v]
	if o == nil {
		o = &Object{Kind: ObjVar, Var: v, Pos: v.Pos}
		r.vars[v] = o
	}
	return o
}

func (r *Result) content(o *Object) Set {
	if o.Kind == ObjUnknown {
		return r.contents[r.unknown]
	}
	s := r.contents[o]
	if s == nil {
		s = Set{}
		if r.top {
			// Given up before every object got its contents.
			s.add(Loc{Obj: r.unknown})
		}
		r.contents[o] = s
	}
	return s
}

// store adds the locations v to what the objects of dst may hold.
func (r *Result) store(dst Set, v Set) {
	if len(v) == 0 {
		return
	}
	for _, l := range dst {
		if l.Obj.Kind == ObjUnknown {
			// Stored where the analysis cannot see: the addresses
			// escape.
			if r.content(r.unknown).addAll(v) {
				r.changed = true
			}
			continue
		}
		if r.content(l.Obj).addAll(v) {
			r.changed = true
		}
	}
}

// load is what the locations of s may hold.
func (r *Result) load(s Set) Set {
	out := Set{}
	for _, l := range s {
		c := r.content(l.Obj)
		r.work += len(c)
		out.addAll(c)
	}
	return out
}

func (r *Result) init(o *Object, in *ir.Init) {
	ir.Inspect(in, func(n any) bool {
		if e, ok := n.(ir.Expr); ok {
			if v := r.Eval(e); len(v) > 0 {
				if r.content(o).addAll(v) {
					r.changed = true
				}
			}
			return false
		}
		return true
	})
}

func (r *Result) body(f *ir.Function) {
	ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
		switch x := n.(type) {
		case *ir.DeclStmt:
			if x.Init != nil {
				r.init(r.Var(x.Var), x.Init)
			}
			return false
		case *ir.Return:
			if x.X != nil {
				// A start routine's result reaches pthread_join.
				r.store(Set{Loc{Obj: r.results}.key(): {Obj: r.results}}, r.Eval(x.X))
			}
			return false
		case ir.Expr:
			r.Eval(x)
			return false
		}
		return true
	})
}

// Entry params: the start routine's parameter receives pthread_create's
// argument (Eval of the call does it).

// Widen is the locations s may reach by pointer arithmetic (widen).
func Widen(s Set) Set { return widen(s) }

// widen is the locations l may reach by pointer arithmetic: within an
// array, any element; otherwise the whole object.
func widen(s Set) Set {
	out := Set{}
	for _, l := range s {
		if n := len(l.Path); n > 0 && l.Path[n-1].IsIdx {
			p := append(Path(nil), l.Path[:n-1]...)
			out.add(Loc{Obj: l.Obj, Path: append(p, Seg{IsIdx: true, Index: -1})})
		} else {
			out.add(Loc{Obj: l.Obj})
		}
	}
	return out
}

func extend(s Set, seg Seg) Set {
	out := Set{}
	for _, l := range s {
		p := append(append(Path(nil), l.Path...), seg)
		out.add(Loc{Obj: l.Obj, Path: p})
	}
	return out
}

func union(a, b Set) Set {
	out := Set{}
	out.addAll(a)
	out.addAll(b)
	return out
}

// Unknown returns the set holding only the unknown object.
func (r *Result) Unknown() Set { s := Set{}; s.add(Loc{Obj: r.unknown}); return s }

// Lvalue returns the locations an lvalue may designate.
func (r *Result) Lvalue(e ir.Expr) Set {
	switch x := e.(type) {
	case *ir.Ident:
		s := Set{}
		s.add(Loc{Obj: r.Var(x.Var)})
		return s
	case *ir.Unary:
		if x.Op == ir.Deref {
			return r.Eval(x.X)
		}
		if x.Op == ir.Real || x.Op == ir.Imag {
			return r.Lvalue(x.X)
		}
	case *ir.Index:
		r.Eval(x.I)
		seg := Seg{IsIdx: true, Index: -1}
		if k, ok := r.constIndex(x.I); ok {
			seg.Index = k
		}
		if ir.IsArray(x.X.Type()) {
			return extend(r.Lvalue(x.X), seg)
		}
		// p[i] is *(p + i).
		base := r.Eval(x.X)
		if seg.Index == 0 {
			return base
		}
		return widen(base)
	case *ir.Member:
		var base Set
		var st *ir.Struct
		if x.Arrow {
			base = r.Eval(x.X)
			st, _ = ir.Elem(x.X.Type()).(*ir.Struct)
		} else {
			base = r.Lvalue(x.X)
			st, _ = x.X.Type().(*ir.Struct)
		}
		if st == nil || st.Union || x.Field == nil || x.Field.Name == "" {
			return base // union members overlap: the union's location
		}
		return extend(base, Seg{Struct: st, Field: x.Field.Name})
	case *ir.Cast:
		return r.Lvalue(x.X)
	case *ir.Comma:
		r.Eval(x.X)
		return r.Lvalue(x.Y)
	case *ir.CompoundLit:
		s := Set{}
		s.add(Loc{Obj: r.lit(x)})
		return s
	case *ir.StringLit:
		s := Set{}
		s.add(Loc{Obj: r.strings})
		return s
	case *ir.Call:
		// A call returning a struct, then a member of it: a temporary.
		r.Eval(x)
		return Set{}
	case *ir.Cond:
		r.Eval(x.C)
		return union(r.Lvalue(x.X), r.Lvalue(x.Y))
	case *ir.Assign:
		r.Eval(x)
		return r.Lvalue(x.L)
	}
	return r.Unknown()
}

func (r *Result) lit(x *ir.CompoundLit) *Object {
	o := r.lits[x]
	if o == nil {
		o = &Object{Kind: ObjAlloc, Lit: x, Pos: x.P}
		r.lits[x] = o
		if x.Init != nil {
			r.init(o, x.Init)
		}
	}
	return o
}

func (r *Result) constIndex(e ir.Expr) (int64, bool) {
	if k, ok := evalConst(e, r.consts); ok && k >= 0 {
		return k, true
	}
	return 0, false
}

// Eval returns the locations the value of e may hold (an address, or an
// integer made from one), adding the constraints of its assignments.
func (r *Result) Eval(e ir.Expr) Set {
	switch x := e.(type) {
	case nil:
		return Set{}
	case *ir.Ident:
		if ir.IsArray(x.Var.Type) || ir.IsFunc(x.Var.Type) {
			return r.Lvalue(x)
		}
		return r.load(r.Lvalue(x))
	case *ir.FuncRef, *ir.IntLit, *ir.FloatLit, *ir.SizeofType, *ir.SizeofExpr:
		return Set{}
	case *ir.StringLit:
		return r.Lvalue(x)
	case *ir.CompoundLit:
		if ir.IsArray(x.T) {
			return r.Lvalue(x)
		}
		return r.load(r.Lvalue(x))
	case *ir.Unary:
		switch x.Op {
		case ir.Addr:
			return r.Lvalue(x.X)
		case ir.Deref:
			if ir.IsArray(x.T) || ir.IsFunc(x.T) {
				return r.Eval(x.X)
			}
			return r.load(r.Eval(x.X))
		case ir.PreInc, ir.PreDec, ir.PostInc, ir.PostDec:
			lv := r.Lvalue(x.X)
			v := widen(r.load(lv))
			r.store(lv, v)
			return v
		case ir.Not:
			r.Eval(x.X)
			return Set{}
		case ir.Real, ir.Imag:
			return r.load(r.Lvalue(x.X))
		}
		return r.Eval(x.X)
	case *ir.Binary:
		a, b := r.Eval(x.X), r.Eval(x.Y)
		switch x.Op {
		case ir.Lt, ir.Gt, ir.Le, ir.Ge, ir.Eq, ir.Ne, ir.LAnd, ir.LOr:
			return Set{}
		case ir.Sub:
			if ir.IsPointer(x.X.Type()) && ir.IsPointer(x.Y.Type()) {
				// The distance of two pointers into one object: no
				// address (added to a pointer, the sum is in that
				// pointer's object).
				return Set{}
			}
		}
		return widen(union(a, b))
	case *ir.Assign:
		lv := r.Lvalue(x.L)
		v := r.Eval(x.R)
		if x.Op != ir.OpNone {
			v = widen(union(v, r.load(lv)))
		}
		r.store(lv, v)
		return v
	case *ir.Cond:
		r.Eval(x.C)
		return union(r.Eval(x.X), r.Eval(x.Y))
	case *ir.Comma:
		r.Eval(x.X)
		return r.Eval(x.Y)
	case *ir.Index, *ir.Member:
		if ir.IsArray(e.Type()) {
			return r.Lvalue(e)
		}
		return r.load(r.Lvalue(e))
	case *ir.Cast:
		return r.Eval(x.X)
	case *ir.Call:
		return r.call(x)
	case *ir.VaArg:
		r.Eval(x.X)
		return r.Unknown()
	}
	return r.Unknown()
}

// byteWriters write bytes that are no address (a fill value, a string's
// characters, a formatted number) through their pointer arguments.
var byteWriters = map[string]bool{"memset": true, "__builtin_memset": true, "bzero": true, "explicit_bzero": true,
	"strcpy": true, "strncpy": true, "strcat": true, "strncat": true, "stpcpy": true, "sprintf": true, "snprintf": true,
	"vsprintf": true, "vsnprintf": true, "read": true, "fread": true, "fgets": true, "gets": true}

// allocators return a fresh block.
var allocators = map[string]bool{"malloc": true, "calloc": true, "valloc": true, "aligned_alloc": true, "memalign": true,
	"alloca": true, "__builtin_alloca": true, "pvalloc": true}

func (r *Result) call(c *ir.Call) Set {
	args := make([]Set, len(c.Args))
	for i, a := range c.Args {
		args[i] = r.Eval(a)
	}
	f := ir.CalledFunc(c)
	if f == nil {
		r.Eval(c.Fn)
		return r.Unknown()
	}
	name := f.Name
	info := model.Lookup(name)
	arg := func(i int) Set {
		if i < len(args) {
			return args[i]
		}
		return Set{}
	}
	switch {
	case allocators[name]:
		return r.alloc(c)
	case name == "realloc" || name == "reallocarray":
		o := r.alloc(c)
		r.store(o, r.load(arg(0)))
		return union(o, arg(0))
	case name == "posix_memalign":
		r.store(arg(0), r.alloc(c))
		return Set{}
	case name == "memcpy" || name == "memmove" || name == "__builtin_memcpy" || name == "__builtin_memmove" ||
		name == "mempcpy" || name == "bcopy":
		dst, src := arg(0), arg(1)
		if name == "bcopy" {
			dst, src = src, dst
		}
		r.store(dst, r.load(src))
		return widen(dst)
	case info.Op == model.OpThreadCreate:
		if len(c.Args) == 4 {
			if t := bound.FuncOf(c.Args[2]); t != nil && len(t.Params) > 0 {
				r.store(r.Lvalue(&ir.Ident{Var: t.Params[0]}), arg(3))
			}
		}
		return Set{}
	case info.Op == model.OpThreadExit:
		r.store(Set{Loc{Obj: r.results}.key(): {Obj: r.results}}, arg(0))
		return Set{}
	case info.Op == model.OpJoin:
		r.store(arg(1), r.content(r.results))
		return Set{}
	case info.Op == model.OpSetSpecific:
		r.store(Set{Loc{Obj: r.keys}.key(): {Obj: r.keys}}, arg(1))
		return Set{}
	case info.Op == model.OpGetSpecific:
		return r.load(Set{Loc{Obj: r.keys}.key(): {Obj: r.keys}})
	case info.ReturnsArg:
		out := Set{}
		for _, a := range args {
			out.addAll(widen(a))
		}
		return out
	case info.Op == model.OpAtomicExchange || info.Op == model.OpValCAS || info.Op == model.OpFetchThen ||
		info.Op == model.OpThenFetch || info.Op == model.OpAtomicLoad || info.Op == model.OpAtomicStore ||
		info.Op == model.OpCompareExchange || info.Op == model.OpBoolCAS || info.Op == model.OpAtomicLoadPtr ||
		info.Op == model.OpAtomicStorePtr || info.Op == model.OpAtomicExchangePtr || info.Op == model.OpCompareExchangePtr:
		// Atomic read-modify-writes move values between *p and the
		// other arguments (or *them): everything mixes.
		all := Set{}
		for _, a := range args {
			all.addAll(a)
			all.addAll(r.load(a))
		}
		if len(args) > 0 {
			r.store(args[0], all)
		}
		for _, a := range args[1:] {
			r.store(a, all) // *r = *p forms
		}
		return all
	}
	// A library function that writes through a pointer argument may
	// store a pointer the analysis cannot follow (scanf's %p), unless
	// what it writes is bytes of its own (memset) or no pointer.
	if f.Body == nil && !byteWriters[name] {
		for _, m := range sharing.MemAccesses(name, c.Args) {
			if !m.Write || m.Heap {
				continue // a release (free) stores nothing
			}
			t := ir.Elem(m.Pointer.Type())
			if t == nil || ir.IsVoid(t) || ir.IsPointer(t) || ir.IsStruct(t) || ir.IsArray(t) {
				r.store(r.Eval(m.Pointer), r.Unknown())
			}
		}
	}
	if ir.IsPointer(c.T) {
		// A pointer from a function the analysis does not follow.
		return r.Unknown()
	}
	return Set{}
}

func (r *Result) alloc(c *ir.Call) Set {
	o := r.allocs[c]
	if o == nil {
		o = &Object{Kind: ObjAlloc, Site: c, Pos: c.P}
		r.allocs[c] = o
	}
	s := Set{}
	s.add(Loc{Obj: o})
	return s
}

// Alloc returns the object of an allocation site (nil if c is none).
func (r *Result) Alloc(c *ir.Call) *Object { return r.allocs[c] }
