package cfront

import (
	"modernc.org/cc/v4"

	"github.com/ladr-dev/ladr/translate/ir"
)

// structKey identifies a struct or union type. cc makes a copy of a struct
// type for each typedef naming it, so pointer identity is not enough: tagged
// types are identified by their scope and tag, anonymous ones by their first
// field.
type structKey struct {
	scope *cc.Scope
	tag   string
	union bool
	field *cc.Field
	typ   cc.Type
}

func (l *lowerer) keyOf(t cc.Type) structKey {
	var tag string
	var scope *cc.Scope
	var nf int
	var first func(int) *cc.Field
	union := false
	switch t := t.(type) {
	case *cc.StructType:
		tg := t.Tag()
		tag, scope, nf, first = tg.SrcStr(), t.LexicalScope(), t.NumFields(), t.FieldByIndex
	case *cc.UnionType:
		tg := t.Tag()
		tag, scope, nf, first, union = tg.SrcStr(), t.LexicalScope(), t.NumFields(), t.FieldByIndex, true
	}
	if tag != "" {
		return structKey{scope: scope, tag: tag, union: union}
	}
	if nf > 0 {
		return structKey{field: first(0), union: union}
	}
	return structKey{typ: t}
}

var basicKinds = map[cc.Kind]ir.Kind{
	cc.Void: ir.Void, cc.Bool: ir.Bool, cc.Char: ir.Char, cc.SChar: ir.SChar, cc.UChar: ir.UChar,
	cc.Short: ir.Short, cc.UShort: ir.UShort, cc.Int: ir.Int, cc.UInt: ir.UInt,
	cc.Long: ir.Long, cc.ULong: ir.ULong, cc.LongLong: ir.LongLong, cc.ULongLong: ir.ULongLong,
	cc.Int128: ir.Int128, cc.UInt128: ir.UInt128, cc.Float: ir.Float, cc.Double: ir.Double,
	cc.LongDouble: ir.LongDouble, cc.Float128: ir.Float128, cc.Float32: ir.Float, cc.Float64: ir.Double,
	cc.Float32x: ir.Double, cc.Float64x: ir.LongDouble, cc.Float128x: ir.Float128,
	cc.ComplexFloat: ir.ComplexFloat, cc.ComplexDouble: ir.ComplexDouble, cc.ComplexLongDouble: ir.ComplexLongDouble,
}

// typ converts a cc type to an IR type.
func (l *lowerer) typ(t cc.Type) ir.Type {
	if t == nil {
		return ir.IntType
	}
	switch t := t.(type) {
	case *cc.PredefinedType:
		if k, ok := basicKinds[t.Kind()]; ok {
			switch k {
			case ir.Void:
				return ir.VoidType
			case ir.Int:
				return ir.IntType
			}
			return &ir.Basic{Kind: k}
		}
		l.unsupportedType = t.String()
		return ir.IntType
	case *cc.EnumType:
		return l.typ(t.UnderlyingType())
	case *cc.PointerType:
		return &ir.Pointer{Elem: l.typ(t.Elem())}
	case *cc.ArrayType:
		a := &ir.Array{Elem: l.typ(t.Elem()), Len: t.Len()}
		if t.IsVLA() {
			if se := t.SizeExpression(); se != nil {
				a.LenExpr = l.expr(se)
			}
		}
		if t.IsIncomplete() && !t.IsVLA() {
			a.Len = -1
		}
		return a
	case *cc.FunctionType:
		f := &ir.Func{Result: l.typ(t.Result()), Variadic: t.IsVariadic()}
		// T f() declares no prototype: no parameters and any number of
		// arguments.
		f.NoProto = len(t.Parameters()) == 0 && !t.IsVariadic() && t.MaxArgs() < 0
		for _, p := range t.Parameters() {
			pt := l.typ(p.Type())
			if ir.IsVoid(pt) && len(t.Parameters()) == 1 {
				break
			}
			f.Params = append(f.Params, pt)
		}
		return f
	case *cc.StructType, *cc.UnionType:
		return l.structType(t)
	}
	l.unsupportedType = t.String()
	return ir.IntType
}

func (l *lowerer) structType(t cc.Type) *ir.Struct {
	key := l.keyOf(t)
	s := l.structs[key]
	if s == nil {
		s = &ir.Struct{Tag: key.tag, Union: key.union}
		l.structs[key] = s
		l.prog.Structs = append(l.prog.Structs, s)
	}
	if s.Complete || t.IsIncomplete() {
		return s
	}
	var nf int
	var field func(int) *cc.Field
	switch t := t.(type) {
	case *cc.StructType:
		tg := t.Tag()
		s.Tag = tg.SrcStr()
		nf, field = t.NumFields(), t.FieldByIndex
	case *cc.UnionType:
		tg := t.Tag()
		s.Tag = tg.SrcStr()
		s.Union = true
		nf, field = t.NumFields(), t.FieldByIndex
	}
	s.Complete = true // set before the fields: they may point back to s
	if a := t.Attributes(); a != nil {
		s.Packed = a.IsAttrSet("packed")
		if al := a.Aligned(); al > 0 {
			s.Align = int(al)
		}
	}
	for i := 0; i < nf; i++ {
		cf := field(i)
		f := &ir.Field{Name: cf.Name(), Type: l.typ(cf.Type())}
		if cf.IsBitfield() {
			f.BitField = true
			f.Bits = int(cf.ValueBits())
		}
		l.fields[cf] = f
		s.Fields = append(s.Fields, f)
	}
	return s
}

// field returns the IR field for a cc field, converting its struct if
// needed. cc hands out copies of field objects, so a field not seen before
// is looked up by name in its parent type.
func (l *lowerer) field(cf *cc.Field) *ir.Field {
	if f := l.fields[cf]; f != nil {
		return f
	}
	if pt := cf.ParentType(); pt != nil {
		if f := findField(l.structType(pt), cf.Name()); f != nil {
			l.fields[cf] = f
			return f
		}
	}
	f := &ir.Field{Name: cf.Name(), Type: l.typ(cf.Type())}
	l.fields[cf] = f
	return f
}

// findField finds a named member of s, looking into anonymous members.
func findField(s *ir.Struct, name string) *ir.Field {
	if name == "" {
		return nil
	}
	for _, f := range s.Fields {
		if f.Name == name {
			return f
		}
	}
	for _, f := range s.Fields {
		if st, ok := f.Type.(*ir.Struct); ok && f.Name == "" {
			if r := findField(st, name); r != nil {
				return r
			}
		}
	}
	return nil
}
