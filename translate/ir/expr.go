package ir

import "fmt"

// Pos is a position in an original source file. Lines and columns start at 1;
// the zero Pos means "no position" (code ladr generated).
type Pos struct {
	File string
	Line int
	Col  int
}

// IsValid reports whether p denotes a real source position.
func (p Pos) IsValid() bool { return p.Line > 0 }

func (p Pos) String() string {
	if !p.IsValid() {
		return "-"
	}
	if p.Col > 0 {
		return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
	}
	return fmt.Sprintf("%s:%d", p.File, p.Line)
}

// Expr is a typed C expression. Expressions may have side effects
// (assignments, increments, calls); their evaluation order is C's.
type Expr interface {
	// Type is the type of the expression's value (for an lvalue, the type of
	// the designated object, before any decay).
	Type() Type
	// Pos is the position of the expression in the original source.
	Pos() Pos
	exprNode()
}

// Op is a unary or binary operator.
type Op int

// Operators.
const (
	OpNone Op = iota
	// unary
	Neg    // -x
	Plus   // +x
	Not    // !x
	BitNot // ~x
	Deref  // *x
	Addr   // &x
	PreInc
	PreDec
	PostInc
	PostDec
	Real // __real__ x
	Imag // __imag__ x
	// binary
	Mul
	Div
	Rem
	Add
	Sub
	Shl
	Shr
	Lt
	Gt
	Le
	Ge
	Eq
	Ne
	And
	Xor
	Or
	LAnd
	LOr
)

var opText = map[Op]string{
	Neg: "-", Plus: "+", Not: "!", BitNot: "~", Deref: "*", Addr: "&",
	PreInc: "++", PreDec: "--", PostInc: "++", PostDec: "--", Real: "__real__ ", Imag: "__imag__ ",
	Mul: "*", Div: "/", Rem: "%", Add: "+", Sub: "-", Shl: "<<", Shr: ">>",
	Lt: "<", Gt: ">", Le: "<=", Ge: ">=", Eq: "==", Ne: "!=",
	And: "&", Xor: "^", Or: "|", LAnd: "&&", LOr: "||",
}

func (o Op) String() string { return opText[o] }

// Ident refers to a variable.
type Ident struct {
	Var *Var
	P   Pos
}

// FuncRef designates a function (callee of a direct call, or a function
// pointer value).
type FuncRef struct {
	Fn *Function
	P  Pos
}

// IntLit is an integer constant of type T. Val holds the value's bits; it is
// interpreted as signed when T is a signed type.
type IntLit struct {
	Val uint64
	T   Type
	P   Pos
}

// FloatLit is a floating constant.
type FloatLit struct {
	Val float64
	T   Type
	P   Pos
}

// StringLit is a string literal (the bytes, without the terminating NUL).
// Wide literals (L"...") have an element size greater than one.
type StringLit struct {
	Val      string
	ElemSize int // 1 for char strings, 2 or 4 for wide strings
	T        Type
	P        Pos
}

// Unary is a unary operation: -x, +x, !x, ~x, *x, &x, ++x, --x, x++, x--.
type Unary struct {
	Op Op
	X  Expr
	T  Type
	P  Pos
}

// Binary is a binary operation, including && and ||.
type Binary struct {
	Op   Op
	X, Y Expr
	T    Type
	P    Pos
}

// Assign is L = R (Op == OpNone) or the compound assignment L op= R.
type Assign struct {
	Op   Op
	L, R Expr
	T    Type
	P    Pos
}

// Cond is C ? X : Y.
type Cond struct {
	C, X, Y Expr
	T       Type
	P       Pos
}

// Comma is X, Y.
type Comma struct {
	X, Y Expr
	P    Pos
}

// Index is X[I]; X has array or pointer type.
type Index struct {
	X, I Expr
	T    Type
	P    Pos
}

// Member is X.Name or X->Name (Arrow). Field is the member of the struct type
// of X (or of *X).
type Member struct {
	X     Expr
	Field *Field
	Arrow bool
	T     Type
	P     Pos
}

// Cast is (T)X.
type Cast struct {
	X Expr
	T Type
	P Pos
}

// Call is Fn(Args...).
type Call struct {
	Fn   Expr
	Args []Expr
	T    Type
	P    Pos
}

// SizeofType is sizeof(Of) (or _Alignof(Of) when Align is set).
type SizeofType struct {
	Of    Type
	Align bool
	T     Type
	P     Pos
}

// SizeofExpr is sizeof X; X is not evaluated.
type SizeofExpr struct {
	X Expr
	T Type
	P Pos
}

// CompoundLit is a compound literal (T){...}.
type CompoundLit struct {
	Init *Init
	T    Type
	P    Pos
}

// VaArg is __builtin_va_arg(X, T).
type VaArg struct {
	X Expr
	T Type
	P Pos
}

// Bad stands for an expression ladr cannot model; Why says what it is. Any
// reachable Bad makes the analysis result unknown.
type Bad struct {
	Why string
	T   Type
	P   Pos
}

func (e *Ident) Type() Type       { return e.Var.Type }
func (e *FuncRef) Type() Type     { return e.Fn.Type }
func (e *IntLit) Type() Type      { return e.T }
func (e *FloatLit) Type() Type    { return e.T }
func (e *StringLit) Type() Type   { return e.T }
func (e *Unary) Type() Type       { return e.T }
func (e *Binary) Type() Type      { return e.T }
func (e *Assign) Type() Type      { return e.T }
func (e *Cond) Type() Type        { return e.T }
func (e *Comma) Type() Type       { return e.Y.Type() }
func (e *Index) Type() Type       { return e.T }
func (e *Member) Type() Type      { return e.T }
func (e *Cast) Type() Type        { return e.T }
func (e *Call) Type() Type        { return e.T }
func (e *SizeofType) Type() Type  { return e.T }
func (e *SizeofExpr) Type() Type  { return e.T }
func (e *CompoundLit) Type() Type { return e.T }
func (e *VaArg) Type() Type       { return e.T }
func (e *Bad) Type() Type         { return e.T }

func (e *Ident) Pos() Pos       { return e.P }
func (e *FuncRef) Pos() Pos     { return e.P }
func (e *IntLit) Pos() Pos      { return e.P }
func (e *FloatLit) Pos() Pos    { return e.P }
func (e *StringLit) Pos() Pos   { return e.P }
func (e *Unary) Pos() Pos       { return e.P }
func (e *Binary) Pos() Pos      { return e.P }
func (e *Assign) Pos() Pos      { return e.P }
func (e *Cond) Pos() Pos        { return e.P }
func (e *Comma) Pos() Pos       { return e.P }
func (e *Index) Pos() Pos       { return e.P }
func (e *Member) Pos() Pos      { return e.P }
func (e *Cast) Pos() Pos        { return e.P }
func (e *Call) Pos() Pos        { return e.P }
func (e *SizeofType) Pos() Pos  { return e.P }
func (e *SizeofExpr) Pos() Pos  { return e.P }
func (e *CompoundLit) Pos() Pos { return e.P }
func (e *VaArg) Pos() Pos       { return e.P }
func (e *Bad) Pos() Pos         { return e.P }

func (*Ident) exprNode()       {}
func (*FuncRef) exprNode()     {}
func (*IntLit) exprNode()      {}
func (*FloatLit) exprNode()    {}
func (*StringLit) exprNode()   {}
func (*Unary) exprNode()       {}
func (*Binary) exprNode()      {}
func (*Assign) exprNode()      {}
func (*Cond) exprNode()        {}
func (*Comma) exprNode()       {}
func (*Index) exprNode()       {}
func (*Member) exprNode()      {}
func (*Cast) exprNode()        {}
func (*Call) exprNode()        {}
func (*SizeofType) exprNode()  {}
func (*SizeofExpr) exprNode()  {}
func (*CompoundLit) exprNode() {}
func (*VaArg) exprNode()       {}
func (*Bad) exprNode()         {}

// Init is an initializer: either a single expression (Expr) or a
// brace-enclosed list whose elements each name the member or element they
// initialize.
type Init struct {
	Expr   Expr
	List   []InitElem
	IsList bool
	T      Type
	P      Pos
}

// InitElem is one designated element of an initializer list: .Field = Value
// or [Index] = Value.
type InitElem struct {
	Field *Field // for structs and unions
	Index int64  // for arrays (when Field is nil)
	Value *Init
}

// Constructors used by the passes.

// IntConst returns the int constant v.
func IntConst(v int64) *IntLit { return &IntLit{Val: uint64(v), T: IntType} }

// Lit returns the integer constant v of type t.
func Lit(v int64, t Type) *IntLit { return &IntLit{Val: uint64(v), T: t} }

// Ref returns an identifier expression for v.
func Ref(v *Var) *Ident { return &Ident{Var: v} }

// CallFn returns a call of f with the given arguments.
func CallFn(f *Function, args ...Expr) *Call {
	return &Call{Fn: &FuncRef{Fn: f}, Args: args, T: f.Type.Result}
}

// AddrOf returns &x.
func AddrOf(x Expr) *Unary { return &Unary{Op: Addr, X: x, T: &Pointer{Elem: x.Type()}, P: x.Pos()} }

// Bin returns x op y with type t.
func Bin(op Op, x, y Expr, t Type) *Binary { return &Binary{Op: op, X: x, Y: y, T: t} }

// Set returns the assignment l = r.
func Set(l, r Expr) *Assign { return &Assign{L: l, R: r, T: l.Type()} }

// IsSigned reports whether integer type t is signed.
func IsSigned(t Type) bool {
	b, ok := t.(*Basic)
	if !ok {
		return false
	}
	switch b.Kind {
	case Char, SChar, Short, Int, Long, LongLong, Int128:
		return true
	}
	return false
}

// IsLvalue reports whether e designates an object.
func IsLvalue(e Expr) bool {
	switch e := e.(type) {
	case *Ident, *Index, *StringLit, *CompoundLit:
		return true
	case *Member:
		return e.Arrow || IsLvalue(e.X)
	case *Unary:
		return e.Op == Deref
	}
	return false
}

// Uncast returns e without the casts around it.
func Uncast(e Expr) Expr {
	for {
		c, ok := e.(*Cast)
		if !ok {
			return e
		}
		e = c.X
	}
}

// IsNullConst reports whether e is the integer constant 0, possibly cast
// (a null pointer constant).
func IsNullConst(e Expr) bool {
	lit, ok := Uncast(e).(*IntLit)
	return ok && lit.Val == 0
}
