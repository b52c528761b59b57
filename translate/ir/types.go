package ir

import (
	"fmt"
)

// Type is a C type. Typedefs are expanded; enums are represented by their
// underlying integer type. The dynamic type is one of *Basic, *Pointer,
// *Array, *Func or *Struct.
type Type interface {
	typeNode()
	String() string
}

// Kind enumerates the basic (arithmetic and void) types.
type Kind int

// The basic kinds, in the order of their integer conversion rank where that
// applies.
const (
	Void Kind = iota
	Bool
	Char
	SChar
	UChar
	Short
	UShort
	Int
	UInt
	Long
	ULong
	LongLong
	ULongLong
	Int128
	UInt128
	Float
	Double
	LongDouble
	Float128
	ComplexFloat
	ComplexDouble
	ComplexLongDouble
	// BitVector is CBMC's unsigned __CPROVER_bitvector[Width], printed through
	// the __LADR_BV macro so that the program also compiles with gcc.
	BitVector
)

var kindNames = [...]string{
	Void: "void", Bool: "_Bool", Char: "char", SChar: "signed char", UChar: "unsigned char",
	Short: "short", UShort: "unsigned short", Int: "int", UInt: "unsigned int",
	Long: "long", ULong: "unsigned long", LongLong: "long long", ULongLong: "unsigned long long",
	Int128: "__int128", UInt128: "unsigned __int128", Float: "float", Double: "double",
	LongDouble: "long double", Float128: "_Float128", ComplexFloat: "_Complex float",
	ComplexDouble: "_Complex double", ComplexLongDouble: "_Complex long double",
	BitVector: "__LADR_BV",
}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// Basic is void or an arithmetic type.
type Basic struct {
	Kind  Kind
	Width int // bits, for BitVector only
}

// Pointer is a pointer type.
type Pointer struct {
	Elem Type
}

// Array is an array type. Len < 0 means an incomplete array (T[]); LenExpr,
// when set, is the size expression of a variable-length array.
type Array struct {
	Elem    Type
	Len     int64
	LenExpr Expr
}

// Func is a function type.
type Func struct {
	Result   Type
	Params   []Type
	Variadic bool
	NoProto  bool // declared as T f() without a prototype
}

// Struct is a struct or union type. Struct types are compared by identity;
// each has a unique Tag (the printer invents one for anonymous types).
type Struct struct {
	Union    bool
	Tag      string
	Fields   []*Field
	Complete bool
	Packed   bool
	Align    int // explicit __attribute__((aligned(N))), 0 if none
}

// Field is a member of a struct or union.
type Field struct {
	Name     string // empty for an anonymous member (struct or union) or unnamed bit-field
	Type     Type
	BitField bool
	Bits     int // width of a bit-field
	Align    int // explicit alignment, 0 if none
}

func (*Basic) typeNode()   {}
func (*Pointer) typeNode() {}
func (*Array) typeNode()   {}
func (*Func) typeNode()    {}
func (*Struct) typeNode()  {}

func (t *Basic) String() string {
	if t.Kind == BitVector {
		return fmt.Sprintf("__LADR_BV(%d)", t.Width)
	}
	return t.Kind.String()
}
func (t *Pointer) String() string { return TypeString(t) }
func (t *Array) String() string   { return TypeString(t) }
func (t *Func) String() string    { return TypeString(t) }
func (t *Struct) String() string {
	if t.Union {
		return "union " + t.Tag
	}
	return "struct " + t.Tag
}

// FieldByName returns the named direct member of s, or nil.
func (s *Struct) FieldByName(name string) *Field {
	for _, f := range s.Fields {
		if f.Name == name {
			return f
		}
	}
	return nil
}

// Shared basic types.
var (
	VoidType      = &Basic{Kind: Void}
	BoolType      = &Basic{Kind: Bool}
	CharType      = &Basic{Kind: Char}
	UCharType     = &Basic{Kind: UChar}
	IntType       = &Basic{Kind: Int}
	UIntType      = &Basic{Kind: UInt}
	LongType      = &Basic{Kind: Long}
	ULongType     = &Basic{Kind: ULong}
	VoidPtrType   = &Pointer{Elem: VoidType}
	CharPtrType   = &Pointer{Elem: CharType}
	ULongLongType = &Basic{Kind: ULongLong}
)

// BitVectorType returns CBMC's unsigned bit-vector type of the given width.
func BitVectorType(width int) *Basic { return &Basic{Kind: BitVector, Width: width} }

// Underlying helpers.

// IsVoid reports whether t is void.
func IsVoid(t Type) bool { b, ok := t.(*Basic); return ok && b.Kind == Void }

// IsInteger reports whether t is an integer type (including _Bool and bit-vectors).
func IsInteger(t Type) bool {
	b, ok := t.(*Basic)
	return ok && (b.Kind >= Bool && b.Kind <= UInt128 || b.Kind == BitVector)
}

// IsArithmetic reports whether t is an integer or floating type.
func IsArithmetic(t Type) bool {
	b, ok := t.(*Basic)
	return ok && b.Kind != Void
}

// IsScalar reports whether t is arithmetic or a pointer.
func IsScalar(t Type) bool {
	_, p := t.(*Pointer)
	return p || IsArithmetic(t)
}

// IsPointer reports whether t is a pointer type.
func IsPointer(t Type) bool { _, ok := t.(*Pointer); return ok }

// IsArray reports whether t is an array type.
func IsArray(t Type) bool { _, ok := t.(*Array); return ok }

// IsStruct reports whether t is a struct or union type.
func IsStruct(t Type) bool { _, ok := t.(*Struct); return ok }

// IsFunc reports whether t is a function type.
func IsFunc(t Type) bool { _, ok := t.(*Func); return ok }

// Elem returns the pointee of a pointer or the element of an array, or nil.
func Elem(t Type) Type {
	switch t := t.(type) {
	case *Pointer:
		return t.Elem
	case *Array:
		return t.Elem
	}
	return nil
}

// FixedSize reports whether t has a size known at compile time: no array
// in it, at any depth of arrays, is incomplete (T[]) or variable-length.
func FixedSize(t Type) bool {
	for {
		a, ok := t.(*Array)
		if !ok {
			return true
		}
		if a.LenExpr != nil || a.Len < 0 {
			return false
		}
		t = a.Elem
	}
}

// TypeString renders t as an abstract declarator (a type name as in a cast).
func TypeString(t Type) string { return Declare(t, "") }

// Declare renders a declaration of name with type t, e.g. "int (*name)[3]".
// It is the printer's declarator with the types' own struct tags and the
// variables' own names (in array lengths).
func Declare(t Type, name string) string { return newBarePrinter().declare(t, name) }

// DeclareIn renders a declaration of name with type t as it reads in the
// printed prog: struct types under the tags the program's printing gives
// them (an anonymous struct is __anonN there, and nameless in Declare).
func DeclareIn(prog *Program, t Type, name string) string {
	p := newBarePrinter()
	p.assignTags(prog)
	return p.declare(t, name)
}

// Identical reports whether two types are the same type.
func Identical(a, b Type) bool {
	if a == b {
		return true
	}
	switch a := a.(type) {
	case *Basic:
		b, ok := b.(*Basic)
		return ok && a.Kind == b.Kind && a.Width == b.Width
	case *Pointer:
		b, ok := b.(*Pointer)
		return ok && Identical(a.Elem, b.Elem)
	case *Array:
		b, ok := b.(*Array)
		return ok && a.Len == b.Len && Identical(a.Elem, b.Elem)
	case *Func:
		b, ok := b.(*Func)
		if !ok || len(a.Params) != len(b.Params) || a.Variadic != b.Variadic || !Identical(a.Result, b.Result) {
			return false
		}
		for i := range a.Params {
			if !Identical(a.Params[i], b.Params[i]) {
				return false
			}
		}
		return true
	}
	return false
}
