package slice

import (
	"sort"
	"strings"

	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/model"
)

// MaxParamHavoc bounds the integer members (and pointers) one abstract
// stub assigns through its pointer parameters. Each is one assignment of
// a member of its own: a stub of a command-line parser that fills a
// program's settings structure (masscan's masscan_command_line, over a
// hundred members) needs them all, or the settings it leaves at zero cut
// every path a real run takes.
const MaxParamHavoc = 256

// MaxHavocElements bounds, within MaxParamHavoc, the members of array
// elements a stub assigns: each is an update of the whole array for
// CBMC, and a stub that assigned the eight elements of masscan's nic[8]
// (a large structure each) ran CBMC out of memory.
const MaxHavocElements = 32

// MaxHavocArray is the longest array (of constant length) whose elements
// an abstract stub assigns one by one.
const MaxHavocArray = 16

// whole is the path of a parameter's whole pointee.
const whole = ""

// paramWrites returns, for each parameter of f, the member paths of its
// pointee that f and its callees may write through it: "a.b" for
// p->a.b = v (or (*p).a.b), "a[].b" for p->a[i].b = v (b of every
// element), whole ("") for *p = v, p[i] = v and writes through p + i. A
// call passing p, or &p->a.b, on to a parameter its callee writes through
// adds the callee's paths (below a.b). Writes through
// copies of the pointer (q = p; q->x = v) are not followed: a stub is an
// abstraction for finding races, a counterexample through it is only a
// potential race, and the slice's refinement keeps the function whole.
// memo holds the answers so far (empty while one is asked, so that a
// recursion ends).
func (b *builder) paramWrites(f *ir.Function, memo map[*ir.Function][]map[string]bool) []map[string]bool {
	if w, ok := memo[f]; ok {
		return w
	}
	out := make([]map[string]bool, len(f.Params))
	memo[f] = out
	if f.Body == nil {
		return out
	}
	index := map[*ir.Var]int{}
	for i, p := range f.Params {
		index[p] = i
		out[i] = map[string]bool{}
	}
	add := func(i int, path string) { out[i][path] = true }
	ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
		lv := ir.Written(n)
		if lv == nil {
			return true
		}
		h := ir.HostOf(lv)
		if h.Ptr == nil {
			return true
		}
		p, prefix, ok := pointerParam(h.Ptr)
		if !ok {
			return true
		}
		i, isParam := index[p]
		if !isParam {
			return true
		}
		path, _ := offsetPath(h.Offset)
		add(i, joinPath(prefix, path))
		return true
	})
	for _, s := range b.g.Sites[f] {
		for j, arg := range s.Call.Args {
			p, prefix, ok := pointerParam(arg)
			if !ok {
				continue
			}
			i, isParam := index[p]
			if !isParam {
				continue
			}
			if c := s.Callee; c != nil && c.Body == nil {
				// A library function that writes through the argument
				// (memcpy, memset, snprintf): the whole pointee.
				fx := model.Lookup(c.Name)
				for _, e := range fx.Effects {
					if e.Write && !e.Atomic && (e.Arg == j || e.Rest && j > e.Arg) {
						add(i, joinPath(prefix, whole))
					}
				}
			}
			for _, t := range s.Targets {
				w := b.paramWrites(t, memo)
				if j >= len(w) {
					continue
				}
				for path := range w[j] {
					add(i, joinPath(prefix, path))
				}
			}
		}
	}
	return out
}

// joinPath is path below prefix.
func joinPath(prefix, path string) string {
	switch {
	case prefix == whole:
		return path
	case path == whole:
		return prefix
	}
	return prefix + "." + path
}

// pointerParam returns the parameter a pointer expression is based on,
// and the member path of its pointee that the expression points to: p,
// (T *)p give p and whole; &p->a.b gives p and "a.b"; p + i, &p[i] and
// &p->a[i] give p and whole (another element: the whole pointee stands
// for it). ok is false for anything else.
func pointerParam(e ir.Expr) (p *ir.Var, path string, ok bool) {
	path, exact := whole, true
	for {
		switch x := e.(type) {
		case *ir.Cast:
			e = x.X
		case *ir.Ident:
			if x.Var.Class != ir.Param || !ir.IsPointer(x.Var.Type) {
				return nil, "", false
			}
			if !exact {
				path = whole
			}
			return x.Var, path, true
		case *ir.Binary:
			switch {
			case x.Op != ir.Add && x.Op != ir.Sub:
				return nil, "", false
			case ir.IsPointer(x.X.Type()):
				e = x.X
			case ir.IsPointer(x.Y.Type()):
				e = x.Y
			default:
				return nil, "", false
			}
			exact = false
		default:
			// &lv, or an array member passed as a pointer (decayed):
			// the pointer lv lies behind, and its path below it.
			var lv ir.Expr
			switch x := e.(type) {
			case *ir.Unary:
				if x.Op == ir.Addr {
					lv = x.X
				}
			case *ir.Member, *ir.Index:
				if ir.IsArray(e.Type()) {
					lv = e
				}
			}
			if lv == nil {
				return nil, "", false
			}
			h := ir.HostOf(lv)
			if h.Ptr == nil {
				return nil, "", false
			}
			sub, ok := offsetPath(h.Offset)
			exact = exact && ok
			path = joinPath(sub, path)
			e = h.Ptr
		}
	}
}

// offsetPath names the member steps of a host's offset below the
// pointee ("a.b" for p->a.b): the first step, through the pointer,
// counts only as a member (p->a); an index step makes the path inexact
// (false). An index below a member marks it as any element ("a[].b" for
// p->a[i].b); an index first (p[i]: another object) ends the path, which
// then stands for the whole pointee.
func offsetPath(off []ir.Expr) (string, bool) {
	var names []string
	exact := true
	for _, s := range off {
		switch x := s.(type) {
		case *ir.Member:
			names = append(names, x.Field.Name)
		default:
			if len(names) == 0 {
				return whole, false
			}
			exact = false
			names[len(names)-1] += "[]"
		}
	}
	return strings.Join(names, "."), exact
}

// paramHavoc returns, for each parameter of f, the lvalues an abstract
// stub of f assigns through it (paths from paramWrites, below the
// parameter's dereference), at most MaxParamHavoc in all and
// MaxHavocElements of them in array elements: the integers, and the
// pointers to object types (a stub's pointer is null or a fresh object);
// the members of a union, floating-point values and other pointers are
// left alone. The first elements of arrays come first (a program's first
// network adapter, nic[0], before its second), then the members the
// function writes by name, the shallowest first, and the whole pointee
// last.
func paramHavoc(f *ir.Function, writes []map[string]bool) (lvs [][]ir.Expr) {
	// A leaf's rank is its highest array index (-1: none, so in no
	// element).
	type leaf struct {
		param int
		rank  int64
		lv    ir.Expr
	}
	var all []leaf
	seen := map[string]bool{}
	for i, p := range f.Params {
		if i >= len(writes) || len(writes[i]) == 0 || !ir.IsPointer(p.Type) {
			continue
		}
		el := p.Type.(*ir.Pointer).Elem
		var paths []string
		for path := range writes[i] {
			paths = append(paths, path)
		}
		sort.Slice(paths, func(a, b int) bool {
			if (paths[a] == whole) != (paths[b] == whole) {
				return paths[b] == whole
			}
			if da, db := strings.Count(paths[a], "."), strings.Count(paths[b], "."); da != db {
				return da < db
			}
			return paths[a] < paths[b]
		})
		for _, path := range paths {
			for _, m := range membersOf(&ir.Unary{Op: ir.Deref, X: ir.Ref(p), T: el, P: f.Pos}, el, path, -1) {
				leaves(m.lv, m.t, m.rank, func(lv ir.Expr, rank int64) bool {
					key := ir.ExprString(lv)
					if !seen[key] {
						seen[key] = true
						all = append(all, leaf{param: i, rank: rank, lv: lv})
					}
					return len(all) < maxLeaves
				})
			}
		}
	}
	sort.SliceStable(all, func(a, b int) bool { return max(all[a].rank, 0) < max(all[b].rank, 0) })
	lvs = make([][]ir.Expr, len(f.Params))
	n, elems := 0, 0
	for _, l := range all {
		if n >= MaxParamHavoc {
			break
		}
		if l.rank >= 0 {
			if elems >= MaxHavocElements {
				continue
			}
			elems++
		}
		lvs[l.param] = append(lvs[l.param], l.lv)
		n++
	}
	return lvs
}

// maxLeaves bounds the lvalues paramHavoc considers for one stub.
const maxLeaves = 4096

// member is an lvalue below a parameter's pointee, with its type and the
// highest array index in it (-1: none).
type member struct {
	lv   ir.Expr
	t    ir.Type
	rank int64
}

// membersOf are the lvalues of path below base (of type t, whose highest
// array index is rank): one for a path of members, one per element (of a
// short array) for each "a[]" step.
func membersOf(base ir.Expr, t ir.Type, path string, rank int64) []member {
	if path == whole {
		if !objectType(t) {
			return nil
		}
		return []member{{base, t, rank}}
	}
	name, rest, _ := strings.Cut(path, ".")
	elems := strings.HasSuffix(name, "[]")
	name = strings.TrimSuffix(name, "[]")
	st, ok := t.(*ir.Struct)
	if !ok || !st.Complete || st.Union || name == "" {
		// An anonymous member: which one is not known.
		return nil
	}
	fld := st.FieldByName(name)
	if fld == nil {
		return nil
	}
	base, t = &ir.Member{X: base, Field: fld, T: fld.Type}, fld.Type
	next := func(base ir.Expr, t ir.Type, rank int64) []member {
		if rest == "" {
			return []member{{base, t, rank}}
		}
		return membersOf(base, t, rest, rank)
	}
	if !elems {
		return next(base, t, rank)
	}
	at, ok := t.(*ir.Array)
	if !ok || at.LenExpr != nil || at.Len <= 0 || at.Len > MaxHavocArray {
		return nil
	}
	var out []member
	for k := int64(0); k < at.Len; k++ {
		out = append(out, next(&ir.Index{X: base, I: ir.IntConst(k), T: at.Elem}, at.Elem, max(rank, k))...)
	}
	return out
}

// leaves calls add with each integer lvalue, or pointer to an object
// type, in base (of type t): base itself, the members of a struct and the
// elements of a short array, in order, until add returns false. rank is
// the highest array index in base (-1: none), and add is given each
// lvalue's.
func leaves(base ir.Expr, t ir.Type, rank int64, add func(ir.Expr, int64) bool) bool {
	switch x := t.(type) {
	case *ir.Basic:
		if ir.IsInteger(t) {
			return add(base, rank)
		}
	case *ir.Pointer:
		// A stub's pointer is null or a fresh object (value).
		if objectType(x.Elem) {
			return add(base, rank)
		}
	case *ir.Struct:
		if !x.Complete || x.Union {
			return true
		}
		for _, f := range x.Fields {
			if f.Name == "" {
				continue
			}
			if !leaves(&ir.Member{X: base, Field: f, T: f.Type}, f.Type, rank, add) {
				return false
			}
		}
	case *ir.Array:
		if x.LenExpr != nil || x.Len <= 0 || x.Len > MaxHavocArray {
			return true
		}
		for i := int64(0); i < x.Len; i++ {
			if !leaves(&ir.Index{X: base, I: ir.IntConst(i), T: x.Elem}, x.Elem, max(rank, i), add) {
				return false
			}
		}
	}
	return true
}
