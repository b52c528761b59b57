package ir

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"
)

// Prelude is printed at the top of every program. It makes the output
// self-contained: under CBMC (which defines __CPROVER__) the bit-vector macro
// maps to CBMC's __CPROVER_bitvector; under any other compiler it maps to
// unsigned int and the CBMC intrinsics the program uses are declared, so
// that the same text compiles with gcc (for syntax checks and for replay).
const Prelude = `#ifdef __CPROVER__
#define __LADR_BV(n) unsigned __CPROVER_bitvector[n]
#else
#define __LADR_BV(n) unsigned int
void __CPROVER_assume(_Bool);
void __CPROVER_assert(_Bool, const char *);
void __CPROVER_field_decl_global(const char *, _Bool);
void __CPROVER_field_decl_local(const char *, _Bool);
void __CPROVER_set_field(const void *, const char *, _Bool);
_Bool __CPROVER_get_field(const void *, const char *);
void __CPROVER_havoc_object(void *);
unsigned long __CPROVER_OBJECT_SIZE(const void *);
int __LADR_BAD(const char *);
#endif
`

// PrintOptions control the printer.
type PrintOptions struct {
	// Comments appends the original position to each statement line.
	Comments bool
}

// LineInfo tells where an emitted line comes from.
type LineInfo struct {
	Loc  *Loc      // origin of the statement printed on the line
	Stmt Stmt      // the statement
	Func *Function // the function of the emitted program holding the line
}

// SourceMap maps the lines of a printed program back to the IR.
type SourceMap struct {
	Lines map[int]LineInfo
	// Names maps printed variable names to variables, per function ("" for
	// globals).
	Names map[string]map[string]*Var
	// FuncLines maps each function to the line of its definition.
	FuncLines map[*Function]int
}

// Lookup returns the information of emitted line n.
func (m *SourceMap) Lookup(n int) (LineInfo, bool) {
	li, ok := m.Lines[n]
	return li, ok
}

// VarNamed returns the variable printed as name in function fn (or a global).
func (m *SourceMap) VarNamed(fn, name string) *Var {
	if v := m.Names[fn][name]; v != nil {
		return v
	}
	return m.Names[""][name]
}

type printer struct {
	w     *bufio.Writer
	err   error
	line  int
	opts  PrintOptions
	sm    *SourceMap
	names map[*Var]string
	tags  map[*Struct]string
	fn    *Function
	depth int
}

// Fprint prints p as C to w and returns the source map of the output.
func Fprint(w io.Writer, p *Program, opts PrintOptions) (*SourceMap, error) {
	pr := &printer{
		w: bufio.NewWriter(w), line: 1, opts: opts,
		sm:    &SourceMap{Lines: map[int]LineInfo{}, Names: map[string]map[string]*Var{}, FuncLines: map[*Function]int{}},
		names: map[*Var]string{}, tags: map[*Struct]string{},
	}
	pr.program(p)
	if err := pr.w.Flush(); err != nil && pr.err == nil {
		pr.err = err
	}
	return pr.sm, pr.err
}

// String prints p to a string (for tests and dumps).
func String(p *Program) string {
	var b strings.Builder
	_, _ = Fprint(&b, p, PrintOptions{})
	return b.String()
}

func (p *printer) print(s string) {
	if p.err != nil {
		return
	}
	p.line += strings.Count(s, "\n")
	_, p.err = p.w.WriteString(s)
}

func (p *printer) printf(format string, args ...any) { p.print(fmt.Sprintf(format, args...)) }

func (p *printer) indent() { p.print(strings.Repeat("  ", p.depth)) }

var cKeywords = map[string]bool{}

func init() {
	for _, k := range strings.Fields(`auto break case char const continue default do double else enum extern
	float for goto if inline int long register restrict return short signed sizeof static struct switch
	typedef union unsigned void volatile while _Bool _Complex _Imaginary _Alignas _Alignof _Atomic
	_Generic _Noreturn _Static_assert _Thread_local asm typeof main`) {
		cKeywords[k] = true
	}
}

// unique returns base, or base_N when base is taken, and takes it (an
// empty base is __ladr_v).
func unique(base string, taken map[string]bool) string {
	if base == "" {
		base = "__ladr_v"
	}
	name := base
	for i := 1; taken[name]; i++ {
		name = base + "_" + strconv.Itoa(i)
	}
	taken[name] = true
	return name
}

// assignNames gives every variable and struct tag a unique printed name.
func (p *printer) assignNames(prog *Program) {
	used := map[string]bool{}
	for k := range cKeywords {
		used[k] = true
	}
	delete(used, "main")
	for _, f := range prog.Funcs {
		used[f.Name] = true
	}
	p.sm.Names[""] = map[string]*Var{}
	for _, v := range prog.Globals {
		n := unique(v.Name, used)
		p.names[v] = n
		p.sm.Names[""][n] = v
	}
	for _, f := range prog.Funcs {
		if f.Body == nil {
			continue
		}
		taken := map[string]bool{}
		for k := range used {
			taken[k] = true
		}
		names := map[string]*Var{}
		add := func(v *Var) {
			if _, ok := p.names[v]; ok {
				return
			}
			n := unique(v.Name, taken)
			p.names[v] = n
			names[n] = v
		}
		for _, v := range f.Params {
			add(v)
		}
		Inspect(Stmt(f.Body), func(n any) bool {
			if d, ok := n.(*DeclStmt); ok {
				add(d.Var)
			}
			return true
		})
		p.sm.Names[f.Name] = names
	}
	p.assignTags(prog)
}

// assignTags names the struct types of prog as the printed program does:
// their own tags made unique, __anonN for an anonymous one.
func (p *printer) assignTags(prog *Program) {
	tagUsed := map[string]bool{}
	for i, s := range prog.Structs {
		base := s.Tag
		if base == "" {
			base = "__anon" + strconv.Itoa(i)
		}
		p.tags[s] = unique(base, tagUsed)
	}
}

func (p *printer) varName(v *Var) string {
	if n, ok := p.names[v]; ok {
		return n
	}
	// A variable not declared anywhere in the program (should not happen
	// in a well-formed program); print its own name.
	return v.Name
}

func (p *printer) program(prog *Program) {
	p.assignNames(prog)
	p.print(Prelude)
	for _, h := range prog.Header {
		p.print(h)
		p.print("\n")
	}
	// Struct declarations, then definitions in dependency order.
	inline := map[*Struct]bool{}
	for _, s := range prog.Structs {
		for _, f := range s.Fields {
			if f.Name == "" && !f.BitField {
				if st, ok := f.Type.(*Struct); ok {
					inline[st] = true
				}
			}
		}
	}
	for _, s := range prog.Structs {
		if !inline[s] {
			p.printf("%s;\n", p.structName(s))
		}
	}
	for _, s := range p.structOrder(prog.Structs, inline) {
		p.structDef(s, inline)
		p.print(";\n")
	}
	for _, f := range prog.Funcs {
		if f.Body == nil && (IsCompilerBuiltin(f.Name) || strings.HasPrefix(f.Name, "__CPROVER_") || f.Name == "__LADR_BAD") {
			continue // gcc and CBMC declare these themselves
		}
		p.funcDecl(f)
		p.print(";\n")
	}
	for _, v := range prog.Globals {
		p.globalDecl(v)
	}
	for _, f := range prog.Funcs {
		if f.Body != nil {
			p.funcDef(f)
		}
	}
}

// IsCompilerBuiltin reports whether name is a function gcc and CBMC
// declare themselves (__builtin_*, __sync_*, __atomic_*).
func IsCompilerBuiltin(name string) bool {
	return strings.HasPrefix(name, "__builtin_") || strings.HasPrefix(name, "__sync_") ||
		strings.HasPrefix(name, "__atomic_") || strings.HasPrefix(name, "__c11_atomic_")
}

func (p *printer) structName(s *Struct) string {
	kw := "struct"
	if s.Union {
		kw = "union"
	}
	if t, ok := p.tags[s]; ok {
		return kw + " " + t
	}
	return kw + " " + s.Tag
}

// structOrder returns the complete, non-inline structs so that each follows
// the structs it contains by value.
func (p *printer) structOrder(all []*Struct, inline map[*Struct]bool) []*Struct {
	var out []*Struct
	state := map[*Struct]int{} // 1 visiting, 2 done
	var visit func(s *Struct)
	var deps func(t Type)
	deps = func(t Type) {
		switch t := t.(type) {
		case *Array:
			deps(t.Elem)
		case *Struct:
			if inline[t] {
				for _, f := range t.Fields {
					deps(f.Type)
				}
				return
			}
			visit(t)
		}
	}
	visit = func(s *Struct) {
		if state[s] != 0 {
			return
		}
		state[s] = 1
		for _, f := range s.Fields {
			deps(f.Type)
		}
		state[s] = 2
		if s.Complete {
			out = append(out, s)
		}
	}
	for _, s := range all {
		if !inline[s] {
			visit(s)
		}
	}
	return out
}

func (p *printer) structDef(s *Struct, inline map[*Struct]bool) {
	if inline[s] {
		if s.Union {
			p.print("union")
		} else {
			p.print("struct")
		}
	} else {
		p.print(p.structName(s))
	}
	p.print(" {\n")
	p.depth++
	for _, f := range s.Fields {
		p.indent()
		if st, ok := f.Type.(*Struct); ok && f.Name == "" && !f.BitField && inline[st] {
			p.structDef(st, inline)
		} else {
			p.print(p.declare(f.Type, f.Name))
		}
		if f.BitField {
			p.printf(" : %d", f.Bits)
		}
		if f.Align > 0 {
			p.printf(" __attribute__((aligned(%d)))", f.Align)
		}
		p.print(";\n")
	}
	p.depth--
	p.indent()
	p.print("}")
	if s.Packed {
		p.print(" __attribute__((packed))")
	}
	if s.Align > 0 {
		p.printf(" __attribute__((aligned(%d)))", s.Align)
	}
}

// declare renders a declaration of name with type t using the printer's
// struct tags and variable names; it is the one declarator printer (Declare
// and TypeString use it too).
func (p *printer) declare(t Type, name string) string {
	base, decl := p.declarator(t, name)
	if decl == "" {
		return base
	}
	return base + " " + decl
}

func (p *printer) typeName(t Type) string { return p.declare(t, "") }

// declarator returns the base type specifier of t and the declarator text
// wrapped around inner.
func (p *printer) declarator(t Type, inner string) (string, string) {
	for {
		switch tt := t.(type) {
		case *Basic:
			return tt.String(), inner
		case *Struct:
			return p.structName(tt), inner
		case *Pointer:
			inner = "*" + inner
			t = tt.Elem
			switch t.(type) {
			case *Array, *Func:
				inner = "(" + inner + ")"
			}
		case *Array:
			switch {
			case tt.LenExpr != nil:
				inner += "[" + p.exprString(tt.LenExpr) + "]"
			case tt.Len < 0:
				inner += "[]"
			default:
				inner += "[" + strconv.FormatInt(tt.Len, 10) + "]"
			}
			t = tt.Elem
		case *Func:
			var ps []string
			for _, pt := range tt.Params {
				ps = append(ps, p.typeName(pt))
			}
			if tt.Variadic {
				ps = append(ps, "...")
			}
			if len(ps) == 0 && !tt.NoProto {
				ps = []string{"void"}
			}
			inner += "(" + strings.Join(ps, ", ") + ")"
			t = tt.Result
		default:
			return fmt.Sprintf("/* bad type %T */ int", t), inner
		}
	}
}

func (p *printer) funcHead(f *Function, named bool) string {
	var ps []string
	for i, pt := range f.Type.Params {
		name := ""
		if named && i < len(f.Params) {
			name = p.varName(f.Params[i])
		}
		ps = append(ps, p.declare(pt, name))
	}
	if f.Type.Variadic {
		ps = append(ps, "...")
	}
	if len(ps) == 0 && !f.Type.NoProto {
		ps = []string{"void"}
	}
	inner := f.Name + "(" + strings.Join(ps, ", ") + ")"
	base, decl := p.declarator(f.Type.Result, inner)
	s := base + " " + decl
	if f.Static {
		s = "static " + s
	}
	return s
}

func (p *printer) funcDecl(f *Function) {
	p.print(p.funcHead(f, false))
}

func (p *printer) globalDecl(v *Var) {
	var b strings.Builder
	if v.Extern {
		b.WriteString("extern ")
	} else if v.Static {
		b.WriteString("static ")
	}
	if v.ThreadLocal {
		b.WriteString("_Thread_local ")
	}
	b.WriteString(p.declare(v.Type, p.varName(v)))
	if v.Init != nil && !v.Extern {
		b.WriteString(" = ")
		b.WriteString(p.initString(v.Init))
	}
	b.WriteString(";\n")
	p.print(b.String())
}

func (p *printer) funcDef(f *Function) {
	p.fn = f
	p.print("\n")
	p.sm.FuncLines[f] = p.line
	p.print(p.funcHead(f, true))
	p.print("\n")
	p.block(f.Body)
	p.print("\n")
	p.fn = nil
}

func (p *printer) mark(s Stmt) {
	p.sm.Lines[p.line] = LineInfo{Loc: s.Origin(), Stmt: s, Func: p.fn}
}

func (p *printer) comment(s Stmt) {
	if p.opts.Comments {
		if pos := s.Origin().Pos; pos.IsValid() {
			p.printf(" // %s:%d", pos.File, pos.Line)
		}
	}
}

func (p *printer) block(b *Block) {
	p.indent()
	p.print("{\n")
	p.depth++
	for _, s := range b.List {
		p.stmt(s)
	}
	p.depth--
	p.indent()
	p.print("}")
}

func (p *printer) stmt(s Stmt) {
	if b, ok := s.(*Block); ok {
		p.block(b)
		p.print("\n")
		return
	}
	if l, ok := s.(*Label); ok {
		// Labels are printed one level out, as is customary.
		p.mark(s)
		p.print(strings.Repeat("  ", max(p.depth-1, 0)))
		p.printf("%s:;\n", l.Name)
		return
	}
	p.indent()
	p.mark(s)
	switch s := s.(type) {
	case *ExprStmt:
		p.print(p.exprString(s.X))
		p.print(";")
	case *DeclStmt:
		v := s.Var
		if v.Static {
			p.print("static ")
		}
		if v.ThreadLocal {
			p.print("_Thread_local ")
		}
		p.print(p.declare(v.Type, p.varName(v)))
		init := s.Init
		if v.Static {
			init = v.Init
		}
		if init != nil {
			p.print(" = ")
			p.print(p.initString(init))
		}
		p.print(";")
	case *If:
		p.printf("if (%s)", p.exprString(s.Cond))
		p.comment(s)
		p.print("\n")
		p.block(s.Then)
		if s.Else != nil {
			p.print(" else\n")
			p.block(s.Else)
		}
		p.print("\n")
		return
	case *Loop:
		cond := "1"
		if s.Cond != nil {
			cond = p.exprString(s.Cond)
		}
		switch s.Kind {
		case While:
			p.printf("while (%s)", cond)
		case For:
			post := ""
			if s.Post != nil {
				post = p.exprString(s.Post)
			}
			p.printf("for (; %s; %s)", cond, post)
		case DoWhile:
			p.print("do")
		}
		p.comment(s)
		p.print("\n")
		p.block(s.Body)
		if s.Kind == DoWhile {
			p.printf(" while (%s);", cond)
		}
		p.print("\n")
		return
	case *Break:
		p.print("break;")
	case *Continue:
		p.print("continue;")
	case *Goto:
		p.printf("goto %s;", s.Label)
	case *Return:
		if s.X != nil {
			p.printf("return %s;", p.exprString(s.X))
		} else {
			p.print("return;")
		}
	case *Unsupported:
		p.printf("/* ladr: unsupported: %s */ __CPROVER_assume(0);", strings.ReplaceAll(s.What, "*/", "* /"))
	default:
		p.printf("/* unknown statement %T */", s)
	}
	p.comment(s)
	p.print("\n")
}

// Precedence levels, higher binds tighter.
const (
	precComma = iota + 1
	precAssign
	precCond
	precLOr
	precLAnd
	precOr
	precXor
	precAnd
	precEq
	precRel
	precShift
	precAdd
	precMul
	precUnary
	precPostfix
	precPrimary
)

func binPrec(op Op) int {
	switch op {
	case Mul, Div, Rem:
		return precMul
	case Add, Sub:
		return precAdd
	case Shl, Shr:
		return precShift
	case Lt, Gt, Le, Ge:
		return precRel
	case Eq, Ne:
		return precEq
	case And:
		return precAnd
	case Xor:
		return precXor
	case Or:
		return precOr
	case LAnd:
		return precLAnd
	case LOr:
		return precLOr
	}
	return precComma
}

// ExprString renders e as C (struct tags and variable names unmangled).
func ExprString(e Expr) string { return newBarePrinter().exprString(e) }

// newBarePrinter returns a printer outside any program: it prints variables
// under their own names and struct types under their own tags.
func newBarePrinter() *printer {
	return &printer{names: map[*Var]string{}, tags: map[*Struct]string{}}
}

func (p *printer) exprString(e Expr) string {
	var b strings.Builder
	p.expr(&b, e, precComma)
	return b.String()
}

func (p *printer) expr(b *strings.Builder, e Expr, prec int) {
	my := exprPrec(e)
	if my < prec {
		b.WriteByte('(')
		p.expr1(b, e)
		b.WriteByte(')')
		return
	}
	p.expr1(b, e)
}

func exprPrec(e Expr) int {
	switch e := e.(type) {
	case *Comma:
		return precComma
	case *Assign:
		return precAssign
	case *Cond:
		return precCond
	case *Binary:
		return binPrec(e.Op)
	case *Unary:
		if e.Op == PostInc || e.Op == PostDec {
			return precPostfix
		}
		return precUnary
	case *Cast, *SizeofExpr, *SizeofType:
		return precUnary
	case *Index, *Member, *Call, *CompoundLit:
		return precPostfix
	case *IntLit:
		if IsSigned(e.T) && int64(e.Val) < 0 {
			return precUnary
		}
		if b, ok := e.T.(*Basic); ok && b.Kind != Int && b.Kind != UInt && b.Kind != Long && b.Kind != ULong && b.Kind != LongLong && b.Kind != ULongLong {
			return precUnary // printed with a cast
		}
		return precPrimary
	case *FloatLit:
		if e.Val < 0 || math.IsInf(e.Val, 0) || math.IsNaN(e.Val) || math.Signbit(e.Val) {
			return precUnary
		}
		return precPrimary
	}
	return precPrimary
}

func (p *printer) expr1(b *strings.Builder, e Expr) {
	switch e := e.(type) {
	case *Ident:
		b.WriteString(p.varName(e.Var))
	case *FuncRef:
		b.WriteString(e.Fn.Name)
	case *IntLit:
		b.WriteString(intLitString(e))
	case *FloatLit:
		b.WriteString(floatLitString(e))
	case *StringLit:
		b.WriteString(quote(e.Val, e.ElemSize))
	case *Unary:
		switch e.Op {
		case PostInc, PostDec:
			p.expr(b, e.X, precPostfix)
			b.WriteString(e.Op.String())
		default:
			op := e.Op.String()
			b.WriteString(op)
			var sub strings.Builder
			p.expr(&sub, e.X, precUnary)
			s := sub.String()
			if len(s) > 0 && (s[0] == op[len(op)-1] && strings.ContainsRune("+-&", rune(s[0]))) {
				b.WriteByte(' ')
			}
			b.WriteString(s)
		}
	case *Binary:
		my := binPrec(e.Op)
		p.expr(b, e.X, my)
		b.WriteString(" " + e.Op.String() + " ")
		p.expr(b, e.Y, my+1)
	case *Assign:
		p.expr(b, e.L, precUnary)
		if e.Op == OpNone {
			b.WriteString(" = ")
		} else {
			b.WriteString(" " + e.Op.String() + "= ")
		}
		p.expr(b, e.R, precAssign)
	case *Cond:
		p.expr(b, e.C, precLOr)
		b.WriteString(" ? ")
		p.expr(b, e.X, precComma)
		b.WriteString(" : ")
		p.expr(b, e.Y, precCond)
	case *Comma:
		p.expr(b, e.X, precComma)
		b.WriteString(", ")
		p.expr(b, e.Y, precAssign)
	case *Index:
		p.expr(b, e.X, precPostfix)
		b.WriteByte('[')
		p.expr(b, e.I, precComma)
		b.WriteByte(']')
	case *Member:
		p.expr(b, e.X, precPostfix)
		if e.Arrow {
			b.WriteString("->")
		} else {
			b.WriteByte('.')
		}
		b.WriteString(e.Field.Name)
	case *Cast:
		b.WriteString("(" + p.typeName(e.T) + ")")
		p.expr(b, e.X, precUnary)
	case *Call:
		p.expr(b, e.Fn, precPostfix)
		b.WriteByte('(')
		for i, a := range e.Args {
			if i > 0 {
				b.WriteString(", ")
			}
			p.expr(b, a, precAssign)
		}
		b.WriteByte(')')
	case *SizeofType:
		if e.Align {
			b.WriteString("_Alignof(" + p.typeName(e.Of) + ")")
		} else {
			b.WriteString("sizeof(" + p.typeName(e.Of) + ")")
		}
	case *SizeofExpr:
		b.WriteString("sizeof(")
		p.expr(b, e.X, precComma)
		b.WriteByte(')')
	case *CompoundLit:
		// An array literal's expression type is the decayed pointer; its
		// own type is its initializer's.
		t := e.T
		if e.Init != nil {
			if _, ok := e.Init.T.(*Array); ok {
				t = e.Init.T
			}
		}
		b.WriteString("(" + p.typeName(t) + ")")
		b.WriteString(p.initString(e.Init))
	case *VaArg:
		b.WriteString("__builtin_va_arg(")
		p.expr(b, e.X, precAssign)
		b.WriteString(", " + p.typeName(e.T) + ")")
	case *Bad:
		b.WriteString("__LADR_BAD(" + quote(strings.ReplaceAll(e.Why, `"`, `'`), 1) + ")")
	default:
		fmt.Fprintf(b, "/* unknown expression %T */0", e)
	}
}

func (p *printer) initString(in *Init) string {
	if in == nil {
		return "0"
	}
	if !in.IsList {
		var b strings.Builder
		p.expr(&b, in.Expr, precAssign)
		return b.String()
	}
	if len(in.List) == 0 {
		return "{ 0 }"
	}
	parts := p.initElems(in, nil)
	if len(parts) == 0 {
		return "{ 0 }"
	}
	return "{ " + strings.Join(parts, ", ") + " }"
}

// initElems appends the designated elements of the list in to parts. The
// members of an anonymous struct or union member are designated directly
// (C11 6.7.2.1p13): a positional element would initialize the member after
// the previous element, which is the anonymous one only if it follows it.
func (p *printer) initElems(in *Init, parts []string) []string {
	for _, el := range in.List {
		var d string
		switch {
		case el.Field != nil && el.Field.Name == "" && el.Value != nil && el.Value.IsList:
			parts = p.initElems(el.Value, parts)
			continue
		case el.Field != nil && el.Field.Name == "":
			d = "" // an anonymous member given a whole value: positional
		case el.Field != nil:
			d = "." + el.Field.Name + " = "
		default:
			d = "[" + strconv.FormatInt(el.Index, 10) + "] = "
		}
		parts = append(parts, d+p.initString(el.Value))
	}
	return parts
}

func intLitString(e *IntLit) string {
	b, _ := e.T.(*Basic)
	kind := Int
	if b != nil {
		kind = b.Kind
	}
	if IsSigned(e.T) {
		v := int64(e.Val)
		switch kind {
		case Char, SChar:
			v = int64(int8(v))
		case Short:
			v = int64(int16(v))
		case Int:
			v = int64(int32(v))
		}
		var s string
		switch kind {
		case Long:
			s = "L"
		case LongLong, Int128:
			s = "LL"
		}
		var text string
		switch {
		case v == math.MinInt64:
			text = "(-9223372036854775807" + s + " - 1" + s + ")"
		case v == math.MinInt32 && (kind == Int || kind == Long):
			// In ILP32, 2147483648L is a long long.
			text = "(-2147483647" + s + " - 1" + s + ")"
		case v < 0:
			text = "-" + strconv.FormatInt(-v, 10) + s
		default:
			text = strconv.FormatInt(v, 10) + s
		}
		if kind == Char || kind == SChar || kind == Short || kind == Int128 {
			return "(" + TypeString(e.T) + ")" + text
		}
		return text
	}
	v := e.Val
	switch kind {
	case UInt:
		return strconv.FormatUint(uint64(uint32(v)), 10) + "U"
	case ULong:
		return strconv.FormatUint(v, 10) + "UL"
	case ULongLong:
		return strconv.FormatUint(v, 10) + "ULL"
	case Bool:
		if v != 0 {
			return "(_Bool)1"
		}
		return "(_Bool)0"
	case UChar:
		return "(unsigned char)" + strconv.FormatUint(uint64(uint8(v)), 10)
	case UShort:
		return "(unsigned short)" + strconv.FormatUint(uint64(uint16(v)), 10)
	case BitVector:
		return "(" + TypeString(e.T) + ")" + strconv.FormatUint(v, 10) + "U"
	case UInt128:
		return "(unsigned __int128)" + strconv.FormatUint(v, 10) + "ULL"
	}
	return strconv.FormatUint(v, 10)
}

func floatLitString(e *FloatLit) string {
	suffix := ""
	if b, ok := e.T.(*Basic); ok {
		switch b.Kind {
		case Float:
			suffix = "f"
		case LongDouble:
			suffix = "L"
		case Float128:
			// No suffix is understood by every C front end (gcc's f128
			// and q are not): a cast of the double constant, which holds
			// the value exactly.
			return "(_Float128)" + floatLitString(&FloatLit{Val: e.Val, T: &Basic{Kind: Double}})
		}
	}
	v := e.Val
	switch {
	case math.IsInf(v, 1):
		return "(1.0" + suffix + " / 0.0" + suffix + ")"
	case math.IsInf(v, -1):
		return "(-1.0" + suffix + " / 0.0" + suffix + ")"
	case math.IsNaN(v):
		return "(0.0" + suffix + " / 0.0" + suffix + ")"
	}
	s := strconv.FormatFloat(v, 'g', -1, 64)
	if !strings.ContainsAny(s, ".eEn") {
		s += ".0"
	}
	if math.Signbit(v) && v == 0 {
		s = "-0.0"
	}
	return s + suffix
}

func quote(s string, elem int) string {
	if elem > 1 {
		return quoteWide(s, elem)
	}
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		quoteUnit(&b, rune(s[i]))
	}
	b.WriteByte('"')
	return b.String()
}

// quoteUnit writes one element of a literal: printable ASCII as itself,
// the rest as escapes.
func quoteUnit(b *strings.Builder, c rune) {
	switch {
	case c == '"' || c == '\\':
		b.WriteByte('\\')
		b.WriteRune(c)
	case c == '\n':
		b.WriteString(`\n`)
	case c == '\t':
		b.WriteString(`\t`)
	case c == '?':
		b.WriteString(`\?`) // avoid trigraphs
	case c < 0x20 || c >= 0x7f:
		fmt.Fprintf(b, "\\%03o", c)
	default:
		b.WriteRune(c)
	}
}

// quoteWide prints a wide (elem 4, L"") or UTF-16 (elem 2, u"") literal
// whose characters are the runes of s, one element each (a surrogate pair
// beyond the BMP for UTF-16, which the compiler makes of the universal
// character name). Characters from U+00A0 on are universal character names,
// which every C front end reads as one character; U+0080..U+009F (which
// cannot be one) are hexadecimal escapes, and a hex digit after one starts
// a new literal ("\x85" L"a") lest the escape swallow it.
func quoteWide(s string, elem int) string {
	prefix := "L"
	if elem == 2 {
		prefix = "u"
	}
	var b strings.Builder
	b.WriteString(prefix + `"`)
	hexEsc := false
	for _, c := range s {
		if hexEsc && (c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			b.WriteString(`" ` + prefix + `"`)
		}
		hexEsc = false
		switch {
		case c < 0x80:
			quoteUnit(&b, c)
		case c < 0xa0:
			fmt.Fprintf(&b, "\\x%x", c)
			hexEsc = true
		case c <= 0xffff:
			fmt.Fprintf(&b, "\\u%04x", c)
		default:
			fmt.Fprintf(&b, "\\U%08x", c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// SortedLines returns the emitted lines of m in increasing order.
func (m *SourceMap) SortedLines() []int {
	out := make([]int, 0, len(m.Lines))
	for l := range m.Lines {
		out = append(out, l)
	}
	sort.Ints(out)
	return out
}
