package ir

import (
	"errors"
	"fmt"
	"strings"
)

// maxProblems bounds the problems one Verify reports.
const maxProblems = 20

// Verify checks the invariants of a program that the printer and the
// passes rely on, and returns an error listing the violations (nil when
// there are none):
//   - no nil statement, block, expression, variable, function or field
//     where one is required, and every expression, variable and function
//     has a type;
//   - every variable an expression or a declaration uses is a global of the
//     program, a parameter of the function, or a local declared in the
//     function (by a DeclStmt), in a block enclosing the use and before it;
//     each variable has the class of where it is declared, and a local is
//     declared once;
//   - every function an expression names is one of the program's;
//   - every goto's label is defined in the function, and no label is
//     defined twice; break and continue are inside a loop;
//   - every struct or union type a declaration or an expression uses is
//     listed in Program.Structs (the printer defines only those), and the
//     field of a member expression is a field of its operand's struct
//     (or of an anonymous member of it);
//   - every statement's Loc names the original function it belongs to (the
//     mapping of a counterexample reports it).
//
// Verify is meant for tests (it runs after every pass there); it does not
// change the program.
func Verify(p *Program) error {
	v := &verifier{prog: p, globals: map[*Var]bool{}, funcs: map[*Function]bool{}, structs: map[*Struct]bool{}}
	v.run()
	if len(v.problems) == 0 {
		return nil
	}
	msg := strings.Join(v.problems, "\n\t")
	if v.dropped > 0 {
		msg += fmt.Sprintf("\n\t... and %d more", v.dropped)
	}
	return errors.New("ir: invalid program:\n\t" + msg)
}

type verifier struct {
	prog     *Program
	globals  map[*Var]bool
	funcs    map[*Function]bool
	structs  map[*Struct]bool
	problems []string
	dropped  int
	seenType map[Type]bool

	// Per function.
	fn       *Function
	params   map[*Var]bool
	declared map[*Var]bool // locals declared so far in the function
	scopes   []map[*Var]bool
	labels   map[string]bool
	gotos    []*Goto
	loops    int
}

func (v *verifier) errorf(format string, args ...any) {
	if len(v.problems) >= maxProblems {
		v.dropped++
		return
	}
	where := "global scope"
	if v.fn != nil {
		where = "function " + v.fn.Name
	}
	v.problems = append(v.problems, where+": "+fmt.Sprintf(format, args...))
}

func (v *verifier) run() {
	p := v.prog
	for _, s := range p.Structs {
		if s == nil {
			v.errorf("nil struct in Structs")
			continue
		}
		v.structs[s] = true
	}
	for _, f := range p.Funcs {
		if f == nil {
			v.errorf("nil function in Funcs")
			continue
		}
		v.funcs[f] = true
	}
	for _, g := range p.Globals {
		if g == nil {
			v.errorf("nil variable in Globals")
			continue
		}
		if v.globals[g] {
			v.errorf("global %s listed twice", g.Name)
		}
		v.globals[g] = true
		if g.Class != Global {
			v.errorf("global %s has class %d", g.Name, g.Class)
		}
	}
	v.seenType = map[Type]bool{}
	for _, s := range p.Structs {
		if s != nil {
			for _, f := range s.Fields {
				if f == nil {
					v.errorf("struct %s: nil field", s.Tag)
					continue
				}
				v.typ(f.Type, "field "+s.Tag+"."+f.Name)
			}
		}
	}
	for _, g := range p.Globals {
		if g == nil {
			continue
		}
		v.typ(g.Type, "global "+g.Name)
		v.init(g.Init)
	}
	for _, f := range p.Funcs {
		if f != nil {
			v.function(f)
		}
	}
}

// typ checks that t is a type whose structs are all listed.
func (v *verifier) typ(t Type, what string) {
	if t == nil {
		v.errorf("%s has no type", what)
		return
	}
	if v.seenType[t] {
		return
	}
	v.seenType[t] = true
	switch t := t.(type) {
	case *Basic:
	case *Pointer:
		v.typ(t.Elem, what)
	case *Array:
		v.typ(t.Elem, what)
	case *Func:
		v.typ(t.Result, what)
		for _, p := range t.Params {
			v.typ(p, what)
		}
	case *Struct:
		if !v.structs[t] {
			v.errorf("%s: %s is not in Program.Structs", what, t)
		}
	default:
		v.errorf("%s: unknown type %T", what, t)
	}
}

func (v *verifier) function(f *Function) {
	v.fn = f
	defer func() { v.fn = nil }()
	if f.Type == nil {
		v.errorf("no type")
		return
	}
	v.typ(f.Type, "the function")
	if f.Body == nil {
		return
	}
	if !f.Type.NoProto && len(f.Params) != len(f.Type.Params) {
		v.errorf("%d parameters, %d in its type", len(f.Params), len(f.Type.Params))
	}
	v.params = map[*Var]bool{}
	for _, p := range f.Params {
		if p == nil {
			v.errorf("nil parameter")
			continue
		}
		if p.Class != Param {
			v.errorf("parameter %s has class %d", p.Name, p.Class)
		}
		v.params[p] = true
		v.typ(p.Type, "parameter "+p.Name)
	}
	v.declared = map[*Var]bool{}
	v.scopes = nil
	v.labels = map[string]bool{}
	v.gotos = nil
	v.loops = 0
	Inspect(Stmt(f.Body), func(n any) bool {
		if l, ok := n.(*Label); ok {
			if v.labels[l.Name] {
				v.errorf("label %s defined twice", l.Name)
			}
			v.labels[l.Name] = true
		}
		return true
	})
	v.stmt(f.Body)
	for _, g := range v.gotos {
		if !v.labels[g.Label] {
			v.errorf("goto %s: no such label (%s)", g.Label, g.Pos)
		}
	}
}

func (v *verifier) stmt(s Stmt) {
	if s == nil {
		v.errorf("nil statement")
		return
	}
	if b, ok := s.(*Block); ok && b == nil {
		v.errorf("nil block")
		return
	}
	if l := s.Origin(); l.Func == "" {
		v.errorf("%T at %s has no function in its Loc", s, l.Pos)
	}
	switch s := s.(type) {
	case *Block:
		v.scopes = append(v.scopes, map[*Var]bool{})
		for _, x := range s.List {
			v.stmt(x)
		}
		v.scopes = v.scopes[:len(v.scopes)-1]
	case *ExprStmt:
		v.expr(s.X, "expression statement")
	case *DeclStmt:
		d := s.Var
		if d == nil {
			v.errorf("declaration of no variable (%s)", s.Pos)
			return
		}
		if d.Class != Local {
			v.errorf("declared local %s has class %d (%s)", d.Name, d.Class, s.Pos)
		}
		if v.declared[d] {
			v.errorf("local %s declared twice (%s)", d.Name, s.Pos)
		}
		v.typ(d.Type, "local "+d.Name)
		v.declared[d] = true
		// The variable is in scope in its own initializer (int x = sizeof x).
		v.scopes[len(v.scopes)-1][d] = true
		if d.Static {
			v.init(d.Init)
		}
		v.init(s.Init)
	case *If:
		v.expr(s.Cond, "if condition")
		if s.Then == nil {
			v.errorf("if without a then block (%s)", s.Pos)
		} else {
			v.stmt(s.Then)
		}
		if s.Else != nil {
			v.stmt(s.Else)
		}
	case *Loop:
		if s.Cond != nil {
			v.expr(s.Cond, "loop condition")
		}
		if s.Post != nil {
			v.expr(s.Post, "loop step")
		}
		if s.Body == nil {
			v.errorf("loop without a body (%s)", s.Pos)
			return
		}
		v.loops++
		v.stmt(s.Body)
		v.loops--
	case *Break:
		if v.loops == 0 {
			v.errorf("break outside a loop (%s)", s.Pos)
		}
	case *Continue:
		if v.loops == 0 {
			v.errorf("continue outside a loop (%s)", s.Pos)
		}
	case *Goto:
		v.gotos = append(v.gotos, s)
	case *Label:
	case *Return:
		if s.X != nil {
			v.expr(s.X, "return value")
		}
	case *Unsupported:
	default:
		v.errorf("unknown statement %T", s)
	}
}

func (v *verifier) init(in *Init) {
	if in == nil {
		return
	}
	if !in.IsList {
		if in.List != nil {
			v.errorf("initializer with an expression and a list")
		}
		v.expr(in.Expr, "initializer")
		return
	}
	if in.Expr != nil {
		v.errorf("list initializer with an expression")
	}
	for _, el := range in.List {
		if el.Value == nil {
			v.errorf("initializer element without a value")
			continue
		}
		v.init(el.Value)
	}
}

// inScope reports whether the variable x may be used where the verifier is.
func (v *verifier) inScope(x *Var) bool {
	if v.globals[x] {
		return true
	}
	if v.fn == nil {
		return false
	}
	if v.params[x] {
		return true
	}
	for i := len(v.scopes) - 1; i >= 0; i-- {
		if v.scopes[i][x] {
			return true
		}
	}
	return false
}

func (v *verifier) expr(e Expr, what string) {
	if e == nil {
		v.errorf("nil expression (%s)", what)
		return
	}
	switch x := e.(type) {
	case *Ident:
		if x.Var == nil {
			v.errorf("identifier of no variable (%s)", x.P)
			return
		}
		if !v.inScope(x.Var) {
			v.errorf("%s is used out of its scope or undeclared (%s)", x.Var.Name, x.P)
		}
	case *FuncRef:
		if x.Fn == nil {
			v.errorf("reference to no function (%s)", x.P)
			return
		}
		if !v.funcs[x.Fn] {
			v.errorf("function %s is not in Program.Funcs (%s)", x.Fn.Name, x.P)
		}
	case *Member:
		if x.Field == nil {
			v.errorf("member without a field (%s)", x.P)
		} else if x.X != nil && x.X.Type() != nil {
			t := x.X.Type()
			if x.Arrow {
				t = Elem(t)
			}
			if s, ok := t.(*Struct); !ok || !hasField(s, x.Field) {
				v.errorf("member %s of a %v (%s)", x.Field.Name, t, x.P)
			}
		}
	case *Comma:
		// Its type is its right operand's.
	case *Unary, *Binary, *Assign, *Cond, *Index, *Cast, *Call, *SizeofExpr, *VaArg:
	case *IntLit, *FloatLit, *StringLit, *SizeofType, *Bad:
	case *CompoundLit:
		if x.Init == nil {
			v.errorf("compound literal without an initializer (%s)", x.P)
		}
		v.init(x.Init)
	default:
		v.errorf("unknown expression %T", e)
		return
	}
	if ok := v.required(e, what); !ok {
		return
	}
	if t := e.Type(); t == nil {
		v.errorf("untyped %T (%s)", e, e.Pos())
	} else {
		v.typ(t, fmt.Sprintf("%T at %s", e, e.Pos()))
	}
	if s, ok := e.(*SizeofType); ok {
		v.typ(s.Of, "sizeof")
	}
	for _, c := range Children(e) {
		if _, ok := e.(*CompoundLit); ok {
			break // checked as an initializer
		}
		v.expr(c, what)
	}
}

// required checks that the operands every expression of e's kind has are
// present (Children skips nil ones) and reports whether they are.
func (v *verifier) required(e Expr, what string) bool {
	var missing bool
	switch x := e.(type) {
	case *Unary:
		missing = x.X == nil
	case *Binary:
		missing = x.X == nil || x.Y == nil
	case *Assign:
		missing = x.L == nil || x.R == nil
	case *Cond:
		missing = x.C == nil || x.X == nil || x.Y == nil
	case *Comma:
		missing = x.X == nil || x.Y == nil
	case *Index:
		missing = x.X == nil || x.I == nil
	case *Member, *Cast, *SizeofExpr, *VaArg:
		missing = len(Children(e)) == 0
	case *Call:
		missing = x.Fn == nil
		for _, a := range x.Args {
			missing = missing || a == nil
		}
	}
	if missing {
		v.errorf("%T without an operand (%s, %s)", e, what, e.Pos())
	}
	return !missing
}

// hasField reports whether f is a field of s, or of an anonymous struct or
// union member of s (whose fields C names as the members of s).
func hasField(s *Struct, f *Field) bool {
	for _, g := range s.Fields {
		if g == f {
			return true
		}
		if in, ok := g.Type.(*Struct); ok && g.Name == "" && hasField(in, f) {
			return true
		}
	}
	return false
}
