package cfront

import (
	"fmt"
	"sort"
	"strconv"

	"modernc.org/cc/v4"

	"github.com/ladr-dev/ladr/translate/ir"
)

// lowerer holds the state of lowering one translation unit.
type lowerer struct {
	ast  *cc.AST
	file string
	prog *ir.Program

	structs map[structKey]*ir.Struct
	fields  map[*cc.Field]*ir.Field
	globals map[string]*ir.Var
	locals  map[*cc.Declarator]*ir.Var
	funcs   map[string]*ir.Function

	// unsupportedType is set when a type could not be represented.
	unsupportedType string

	// Per function state.
	fn      *ir.Function
	fname   string
	pre     []ir.Stmt // statements lifted out of the expression being lowered
	cond    int       // > 0 while lowering a conditionally evaluated operand
	tmpN    int
	labelN  int
	loopN   int
	breaks  []string // break targets: "" means the innermost loop
	switchs []*switchCtx
	stmtPos ir.Pos
	vlas    []vla // variable-length arrays turned into pointers (heapVLA)
}

type switchCtx struct {
	cases []switchCase
	deflt string
}

type switchCase struct {
	lo, hi ir.Expr
	label  string
}

func newLowerer(ast *cc.AST, file string) *lowerer {
	return &lowerer{
		ast: ast, file: file, prog: &ir.Program{},
		structs: map[structKey]*ir.Struct{}, fields: map[*cc.Field]*ir.Field{},
		globals: map[string]*ir.Var{}, locals: map[*cc.Declarator]*ir.Var{},
		funcs: map[string]*ir.Function{},
	}
}

func (l *lowerer) lower() (*ir.Program, error) {
	for tu := l.ast.TranslationUnit; tu != nil; tu = tu.TranslationUnit {
		ed := tu.ExternalDeclaration
		switch ed.Case {
		case cc.ExternalDeclarationFuncDef:
			l.funcDef(ed.FunctionDefinition)
		case cc.ExternalDeclarationDecl:
			l.globalDecl(ed.Declaration)
		}
	}
	return l.prog, nil
}

// function returns the IR function named by d, declaring it if needed.
func (l *lowerer) function(d *cc.Declarator) *ir.Function {
	name := d.Name()
	if f := l.funcs[name]; f != nil {
		return f
	}
	ft, ok := l.typ(d.Type()).(*ir.Func)
	if !ok {
		ft = &ir.Func{Result: ir.IntType, NoProto: true}
	}
	f := &ir.Function{Name: name, Type: ft, Pos: pos(d), Static: d.Linkage() == cc.Internal}
	l.funcs[name] = f
	l.prog.Funcs = append(l.prog.Funcs, f)
	return f
}

func (l *lowerer) globalDecl(d *cc.Declaration) {
	if d.Case != cc.DeclarationDecl {
		return
	}
	for list := d.InitDeclaratorList; list != nil; list = list.InitDeclaratorList {
		id := list.InitDeclarator
		dd := id.Declarator
		if dd == nil || dd.IsTypename() {
			continue
		}
		if _, isFunc := dd.Type().(*cc.FunctionType); isFunc {
			l.function(dd)
			continue
		}
		v := l.global(dd)
		if id.Initializer != nil {
			l.fn, l.fname = nil, ""
			v.Init = l.initializer(id.Initializer, dd.Type())
			v.Extern = false
			// An initializer may complete the type (int a[] = {1, 2}).
			v.Type = l.typ(dd.Type())
		} else if !dd.IsExtern() {
			v.Extern = false
		}
	}
}

// global returns the IR variable of a file-scope (or block-scope extern)
// declarator. All declarators of one name denote one object.
func (l *lowerer) global(d *cc.Declarator) *ir.Var {
	name := d.Name()
	if v := l.globals[name]; v != nil {
		if a, ok := v.Type.(*ir.Array); ok && a.Len < 0 {
			v.Type = l.typ(d.Type())
		}
		return v
	}
	v := &ir.Var{
		Name: name, Type: l.typ(d.Type()), Class: ir.Global,
		Static: d.Linkage() == cc.Internal, Extern: true,
		ThreadLocal: d.IsThreadLocal(), Atomic: d.IsAtomic(), Volatile: d.IsVolatile(),
		Pos: pos(d),
	}
	l.globals[name] = v
	l.prog.Globals = append(l.prog.Globals, v)
	return v
}

func (l *lowerer) funcDef(fd *cc.FunctionDefinition) {
	f := l.function(fd.Declarator)
	if ft, ok := l.typ(fd.Declarator.Type()).(*ir.Func); ok {
		f.Type = ft
	}
	f.Pos = pos(fd.Declarator)
	f.Inline = fd.Declarator.IsInline()
	l.fn, l.fname = f, f.Name
	l.tmpN, l.labelN, l.loopN = 0, 0, 0
	f.Params = nil
	ft, _ := fd.Declarator.Type().(*cc.FunctionType)
	if ft != nil {
		for i, p := range ft.Parameters() {
			pt := l.typ(p.Type())
			if ir.IsVoid(pt) {
				continue
			}
			name := p.Name()
			if name == "" {
				name = "__ladr_p" + strconv.Itoa(i)
			}
			v := &ir.Var{Name: name, Type: decayParam(pt), Class: ir.Param, Pos: pos(p), Func: f.Name}
			if p.Declarator != nil {
				l.locals[p.Declarator] = v
				v.Atomic = p.Declarator.IsAtomic()
			}
			f.Params = append(f.Params, v)
		}
	}
	if fd.Declarator.IsStatic() || fd.Declarator.Linkage() == cc.Internal {
		f.Static = true
	}
	body := l.compound(fd.CompoundStatement)
	l.checkVLAs(body)
	f.Body = body
	l.fn, l.fname = nil, ""
}

// decayParam applies the parameter type adjustments of C (arrays and
// functions become pointers).
func decayParam(t ir.Type) ir.Type {
	switch t := t.(type) {
	case *ir.Array:
		return &ir.Pointer{Elem: t.Elem}
	case *ir.Func:
		return &ir.Pointer{Elem: t}
	}
	return t
}

func (l *lowerer) newTemp(t ir.Type) *ir.Var {
	l.tmpN++
	return &ir.Var{Name: fmt.Sprintf("__ladr_t%d", l.tmpN), Type: t, Class: ir.Local, Func: l.fname, Synthetic: true}
}

func (l *lowerer) newLabel(kind string) string {
	l.labelN++
	return fmt.Sprintf("__ladr_%s%d", kind, l.labelN)
}

func (l *lowerer) loc(p ir.Pos) ir.Loc { return ir.Loc{Pos: p, Func: l.fname} }

// initializer lowers an initializer for an object of cc type t.
func (l *lowerer) initializer(in *cc.Initializer, t cc.Type) *ir.Init {
	it := l.typ(t)
	if in.Case == cc.InitializerExpr {
		return &ir.Init{Expr: l.expr(in.AssignmentExpression), T: it, P: pos(in)}
	}
	return l.placeLeaves(t, collectLeaves(in, nil), in.Offset(), pos(in))
}

// collectLeaves appends the expression initializers under in, in order.
func collectLeaves(in *cc.Initializer, leaves []*cc.Initializer) []*cc.Initializer {
	if in.Case == cc.InitializerExpr {
		return append(leaves, in)
	}
	for list := in.InitializerList; list != nil; list = list.InitializerList {
		if list.Initializer != nil {
			leaves = collectLeaves(list.Initializer, leaves)
		}
	}
	return leaves
}

// placeLeaves builds a designated initializer for an object of cc type t
// from its leaf initializers, whose offsets are relative to base.
func (l *lowerer) placeLeaves(t cc.Type, leaves []*cc.Initializer, base int64, p ir.Pos) *ir.Init {
	it := l.typ(t)
	root := &ir.Init{IsList: true, T: it, P: p}
	for _, leaf := range leaves {
		n := leaf.Len()
		val := l.expr(leaf.AssignmentExpression)
		for k := int64(0); k < n; k++ {
			esz := leaf.Type().Size()
			path, ok := l.initPath(t, leaf.Offset()-base+k*max(esz, 0), leaf.Type(), leaf.Field())
			if !ok {
				return &ir.Init{IsList: true, T: it, P: p, List: []ir.InitElem{{Index: 0, Value: &ir.Init{Expr: &ir.Bad{Why: fmt.Sprintf("initializer ladr cannot place (offset %d, type %v)", leaf.Offset()-base, leaf.Type()), T: ir.IntType, P: pos(leaf)}}}}}
			}
			v := val
			if k > 0 {
				v = ir.Clone(val)
			}
			insertInit(root, path, &ir.Init{Expr: v, T: l.typ(leaf.Type()), P: pos(leaf)}, it)
		}
	}
	return root
}

// initStep is one designator of an initializer path.
type initStep struct {
	field *ir.Field
	index int64
	t     ir.Type // type of the designated sub-object
}

// initPath finds the designators leading from an object of type t to the
// sub-object of type lt at byte offset off: a path that ends on an object
// of lt's type if there is one (the member of a union that holds such an
// object, e.g. .b[3] of union { int i; char b[4]; }), else the first path
// that reaches offset off.
func (l *lowerer) initPath(t cc.Type, off int64, lt cc.Type, f *cc.Field) ([]initStep, bool) {
	if path, ok := l.initPathDepth(t, off, lt, f, true, 0); ok {
		return path, true
	}
	return l.initPathDepth(t, off, lt, f, false, 0)
}

func (l *lowerer) initPathDepth(t cc.Type, off int64, lt cc.Type, f *cc.Field, strict bool, depth int) ([]initStep, bool) {
	if depth > 64 {
		return nil, false
	}
	if off == 0 && sameType(t, lt) {
		return nil, true
	}
	switch tt := t.(type) {
	case *cc.ArrayType:
		es := tt.Elem().Size()
		if es <= 0 {
			return nil, false
		}
		idx := off / es
		rest, ok := l.initPathDepth(tt.Elem(), off-idx*es, lt, f, strict, depth+1)
		if !ok {
			return nil, false
		}
		return append([]initStep{{index: idx, t: l.typ(tt.Elem())}}, rest...), true
	case *cc.StructType, *cc.UnionType:
		var nf int
		var fi func(int) *cc.Field
		if st, ok := tt.(*cc.StructType); ok {
			nf, fi = st.NumFields(), st.FieldByIndex
		} else {
			ut := tt.(*cc.UnionType)
			nf, fi = ut.NumFields(), ut.FieldByIndex
		}
		// Candidates: the member f itself, then members containing f, then
		// the others that hold offset off, in declaration order.
		var cands []*cc.Field
		for _, pass := range []func(*cc.Field) bool{
			func(c *cc.Field) bool { return sameField(c, f) },
			func(c *cc.Field) bool { return !sameField(c, f) && containsField(c.Type(), f) },
			func(c *cc.Field) bool { return !sameField(c, f) && !containsField(c.Type(), f) },
		} {
			for i := 0; i < nf; i++ {
				c := fi(i)
				if c.Offset() <= off && off < c.Offset()+max(c.Type().Size(), 1) && (c.Name() != "" || !c.IsBitfield()) && pass(c) {
					cands = append(cands, c)
				}
			}
		}
		for _, chosen := range cands {
			var step []initStep
			if chosen.Name() != "" {
				irf := l.field(chosen)
				step = []initStep{{field: irf, t: irf.Type}}
			}
			if chosen.IsBitfield() {
				if strict && !(off == chosen.Offset() && (sameField(chosen, f) || f == nil)) {
					continue
				}
				return step, true
			}
			rest, ok := l.initPathDepth(chosen.Type(), off-chosen.Offset(), lt, f, strict, depth+1)
			if ok {
				return append(step, rest...), true
			}
		}
		return nil, false
	default:
		return nil, off == 0 && !strict
	}
}

func containsField(t cc.Type, f *cc.Field) bool {
	if f == nil {
		return false
	}
	var nf int
	var fi func(int) *cc.Field
	switch tt := t.(type) {
	case *cc.StructType:
		nf, fi = tt.NumFields(), tt.FieldByIndex
	case *cc.UnionType:
		nf, fi = tt.NumFields(), tt.FieldByIndex
	default:
		return false
	}
	for i := 0; i < nf; i++ {
		if sameField(fi(i), f) || (fi(i).Name() == "" && containsField(fi(i).Type(), f)) {
			return true
		}
	}
	return false
}

// sameField reports whether two cc fields are the same member: cc hands out
// copies of field objects, so they are compared by name and offset.
func sameField(a, b *cc.Field) bool {
	if a == nil || b == nil {
		return false
	}
	return a == b || a.Name() != "" && a.Name() == b.Name() && a.Offset() == b.Offset() && a.IsBitfield() == b.IsBitfield()
}

func sameType(a, b cc.Type) bool {
	if a == nil || b == nil {
		return false
	}
	if a == b {
		return true
	}
	if a.Kind() != b.Kind() {
		return false
	}
	switch at := a.(type) {
	case *cc.ArrayType:
		bt := b.(*cc.ArrayType)
		return (at.Len() == bt.Len() || at.IsIncomplete() || bt.IsIncomplete()) && sameType(at.Elem(), bt.Elem())
	case *cc.StructType, *cc.UnionType:
		return a.IsCompatible(b) || a.String() == b.String()
	}
	return true
}

// insertInit places v at path below root, creating nested lists.
func insertInit(root *ir.Init, path []initStep, v *ir.Init, rootT ir.Type) {
	cur := root
	for i, st := range path {
		last := i == len(path)-1
		var el *ir.InitElem
		for j := range cur.List {
			e := &cur.List[j]
			if (st.field != nil && e.Field == st.field) || (st.field == nil && e.Field == nil && e.Index == st.index) {
				el = e
				break
			}
		}
		if el == nil {
			cur.List = append(cur.List, ir.InitElem{Field: st.field, Index: st.index})
			el = &cur.List[len(cur.List)-1]
			if st.field == nil {
				sortInitList(cur)
				for j := range cur.List {
					if cur.List[j].Field == nil && cur.List[j].Index == st.index {
						el = &cur.List[j]
					}
				}
			}
		}
		if last {
			el.Value = v
			return
		}
		if el.Value == nil || !el.Value.IsList {
			el.Value = &ir.Init{IsList: true, T: st.t}
		}
		cur = el.Value
	}
	// Empty path: the value initializes the whole object.
	*root = *v
}

func sortInitList(in *ir.Init) {
	sort.SliceStable(in.List, func(i, j int) bool {
		a, b := in.List[i], in.List[j]
		if a.Field != nil || b.Field != nil {
			return false
		}
		return a.Index < b.Index
	})
}
