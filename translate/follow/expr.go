package follow

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ladr-dev/ladr/translate/ir"
)

// ParseExpr reads a witness constraint: a C expression over the program's
// variables (found by lookup), integer constants and, when result is not
// nil, \result. A GraphML assumption may hold several expressions, each
// ended by ';': they are conjoined. Operators: unary - ! ~ +, the binary
// arithmetic, shift, comparison, bitwise and logical ones, parentheses,
// indexing with a constant or variable, member access (. and ->).
// Anything else (casts, calls, floating constants, strings) is an error,
// and the constraint is left out.
func ParseExpr(src string, lookup func(string) *ir.Var, result ir.Expr) (ir.Expr, error) {
	var out ir.Expr
	for _, part := range strings.Split(src, ";") {
		if strings.TrimSpace(part) == "" {
			continue
		}
		p := &parser{src: part, lookup: lookup, result: result}
		p.next()
		e, err := p.expr(0)
		if err != nil {
			return nil, err
		}
		if p.tok != "" {
			return nil, fmt.Errorf("unexpected %q", p.tok)
		}
		out = and(out, truth(e))
	}
	if out == nil {
		return nil, fmt.Errorf("empty constraint")
	}
	return out, nil
}

// truth makes a scalar a condition.
func truth(e ir.Expr) ir.Expr {
	if b, ok := e.(*ir.Binary); ok && isCompare(b.Op) {
		return e
	}
	if ir.IsPointer(e.Type()) {
		return ir.Bin(ir.Ne, e, &ir.Cast{X: ir.IntConst(0), T: e.Type()}, ir.IntType)
	}
	return ir.Bin(ir.Ne, e, ir.Lit(0, e.Type()), ir.IntType)
}

func isCompare(op ir.Op) bool {
	switch op {
	case ir.Lt, ir.Gt, ir.Le, ir.Ge, ir.Eq, ir.Ne, ir.LAnd, ir.LOr:
		return true
	}
	return false
}

type parser struct {
	src    string
	pos    int
	tok    string
	lookup func(string) *ir.Var
	result ir.Expr
}

// binary operators by precedence (higher binds tighter).
var binOps = map[string]struct {
	prec int
	op   ir.Op
}{
	"||": {1, ir.LOr}, "&&": {2, ir.LAnd}, "|": {3, ir.Or}, "^": {4, ir.Xor}, "&": {5, ir.And},
	"==": {6, ir.Eq}, "!=": {6, ir.Ne},
	"<": {7, ir.Lt}, ">": {7, ir.Gt}, "<=": {7, ir.Le}, ">=": {7, ir.Ge},
	"<<": {8, ir.Shl}, ">>": {8, ir.Shr},
	"+": {9, ir.Add}, "-": {9, ir.Sub},
	"*": {10, ir.Mul}, "/": {10, ir.Div}, "%": {10, ir.Rem},
}

func (p *parser) next() {
	s := p.src
	for p.pos < len(s) && (s[p.pos] == ' ' || s[p.pos] == '\t' || s[p.pos] == '\n' || s[p.pos] == '\r') {
		p.pos++
	}
	if p.pos >= len(s) {
		p.tok = ""
		return
	}
	start := p.pos
	c := s[p.pos]
	switch {
	case c == '\\' || c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
		p.pos++
		for p.pos < len(s) && (s[p.pos] == '_' || s[p.pos] >= 'a' && s[p.pos] <= 'z' || s[p.pos] >= 'A' && s[p.pos] <= 'Z' || s[p.pos] >= '0' && s[p.pos] <= '9') {
			p.pos++
		}
	case c >= '0' && c <= '9':
		for p.pos < len(s) && (s[p.pos] == '.' || s[p.pos] >= 'a' && s[p.pos] <= 'z' || s[p.pos] >= 'A' && s[p.pos] <= 'Z' || s[p.pos] >= '0' && s[p.pos] <= '9') {
			p.pos++
		}
	default:
		for _, op := range []string{"->", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||"} {
			if strings.HasPrefix(s[p.pos:], op) {
				p.pos += len(op)
				p.tok = op
				return
			}
		}
		p.pos++
	}
	p.tok = s[start:p.pos]
}

func (p *parser) expr(minPrec int) (ir.Expr, error) {
	x, err := p.unary()
	if err != nil {
		return nil, err
	}
	for {
		b, ok := binOps[p.tok]
		if !ok || b.prec <= minPrec {
			return x, nil
		}
		p.next()
		y, err := p.expr(b.prec)
		if err != nil {
			return nil, err
		}
		x, err = binary(b.op, x, y)
		if err != nil {
			return nil, err
		}
	}
}

func binary(op ir.Op, x, y ir.Expr) (ir.Expr, error) {
	if !ir.IsScalar(x.Type()) || !ir.IsScalar(y.Type()) {
		return nil, fmt.Errorf("operands of %s are not numbers or pointers", op)
	}
	if isCompare(op) {
		if op == ir.LAnd || op == ir.LOr {
			x, y = truth(x), truth(y)
		}
		return ir.Bin(op, x, y, ir.IntType), nil
	}
	if ir.IsPointer(x.Type()) || ir.IsPointer(y.Type()) {
		return nil, fmt.Errorf("pointer arithmetic is not supported")
	}
	return ir.Bin(op, x, y, arith(x.Type(), y.Type())), nil
}

// arith is the type of an arithmetic operation: the wider operand's, at
// least int.
func arith(a, b ir.Type) ir.Type {
	rank := func(t ir.Type) int {
		if bt, ok := t.(*ir.Basic); ok {
			switch bt.Kind {
			case ir.Long, ir.ULong:
				return 2
			case ir.LongLong, ir.ULongLong:
				return 3
			}
		}
		return 1
	}
	t := a
	if rank(b) > rank(a) {
		t = b
	}
	if rank(t) == 1 {
		return ir.IntType
	}
	return t
}

func (p *parser) unary() (ir.Expr, error) {
	switch p.tok {
	case "-", "!", "~", "+":
		op := map[string]ir.Op{"-": ir.Neg, "!": ir.Not, "~": ir.BitNot, "+": ir.Plus}[p.tok]
		p.next()
		x, err := p.unary()
		if err != nil {
			return nil, err
		}
		if !ir.IsScalar(x.Type()) {
			return nil, fmt.Errorf("operand of %s is not a number", op)
		}
		t := arith(x.Type(), ir.IntType)
		if op == ir.Not {
			t = ir.IntType
		}
		return &ir.Unary{Op: op, X: x, T: t}, nil
	}
	return p.postfix()
}

func (p *parser) postfix() (ir.Expr, error) {
	x, err := p.primary()
	if err != nil {
		return nil, err
	}
	for {
		switch p.tok {
		case "[":
			p.next()
			i, err := p.expr(0)
			if err != nil {
				return nil, err
			}
			if p.tok != "]" {
				return nil, fmt.Errorf("missing ]")
			}
			p.next()
			et := ir.Elem(x.Type())
			if et == nil || !ir.IsInteger(i.Type()) {
				return nil, fmt.Errorf("bad index")
			}
			x = &ir.Index{X: x, I: i, T: et}
		case ".", "->":
			arrow := p.tok == "->"
			p.next()
			name := p.tok
			p.next()
			t := x.Type()
			if arrow {
				t = ir.Elem(t)
				if !ir.IsPointer(x.Type()) {
					return nil, fmt.Errorf("-> on a non-pointer")
				}
			}
			st, ok := t.(*ir.Struct)
			if !ok {
				return nil, fmt.Errorf("member %s of a non-struct", name)
			}
			var field *ir.Field
			for _, f := range st.Fields {
				if f.Name == name {
					field = f
				}
			}
			if field == nil {
				return nil, fmt.Errorf("no member %s", name)
			}
			x = &ir.Member{X: x, Field: field, Arrow: arrow, T: field.Type}
		default:
			return x, nil
		}
	}
}

func (p *parser) primary() (ir.Expr, error) {
	tok := p.tok
	switch {
	case tok == "":
		return nil, fmt.Errorf("unexpected end")
	case tok == "(":
		p.next()
		x, err := p.expr(0)
		if err != nil {
			return nil, err
		}
		if p.tok != ")" {
			return nil, fmt.Errorf("missing )")
		}
		p.next()
		return x, nil
	case tok == `\result`:
		if p.result == nil {
			return nil, fmt.Errorf(`\result where no call returns a value`)
		}
		p.next()
		return ir.Clone(p.result), nil
	case tok[0] >= '0' && tok[0] <= '9':
		p.next()
		return intLit(tok)
	case tok[0] == '_' || tok[0] >= 'a' && tok[0] <= 'z' || tok[0] >= 'A' && tok[0] <= 'Z':
		p.next()
		v := p.lookup(tok)
		if v == nil {
			return nil, fmt.Errorf("no variable %s in scope", tok)
		}
		return ir.Ref(v), nil
	}
	return nil, fmt.Errorf("unexpected %q", tok)
}

// intLit reads a C integer constant (decimal, hex, octal; suffixes u, l).
func intLit(tok string) (ir.Expr, error) {
	s := strings.ToLower(tok)
	unsigned := false
	long := false
	for len(s) > 0 && (s[len(s)-1] == 'u' || s[len(s)-1] == 'l') {
		if s[len(s)-1] == 'u' {
			unsigned = true
		} else {
			long = true
		}
		s = s[:len(s)-1]
	}
	v, err := strconv.ParseUint(s, 0, 64)
	if err != nil {
		return nil, fmt.Errorf("bad constant %s", tok)
	}
	var t ir.Type
	switch {
	case !long && !unsigned && v <= 0x7fffffff:
		t = ir.IntType
	case !long && unsigned && v <= 0xffffffff:
		t = ir.UIntType
	case !unsigned && v <= 0x7fffffffffffffff:
		t = &ir.Basic{Kind: ir.LongLong}
	default:
		t = ir.ULongLongType
	}
	return &ir.IntLit{Val: v, T: t}, nil
}
