package sharing

import (
	"strings"

	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/model"
)

// formatAccesses returns the accesses a call of the printf-like function
// name makes through the arguments after its format, args[format]: a %s
// argument is read up to and including its terminating zero, or up to the
// precision; a %n argument is written. A format that is not a string
// literal is read, and so is every argument after it that points to
// characters, each approximated by its first byte (Approx). A string
// that provably never changes (a literal, the result of strerror) is not
// accessed.
func formatAccesses(name string, args []ir.Expr, format int) []MemAccess {
	if format >= len(args) {
		return nil
	}
	approx := name + " accesses a string up to a position that depends on its contents; ladr checks only its first byte"
	args = decayAll(args)
	lit := stringLit(args[format])
	if lit == nil || lit.ElemSize != 1 {
		// The format itself, then every string after it.
		out := []MemAccess{{Pointer: args[format], Approx: approx}}
		for _, a := range args[format+1:] {
			if isCharPointer(a.Type()) {
				out = append(out, MemAccess{Pointer: a, Approx: approx})
			}
		}
		return out
	}
	convs, ok := parseFormat(lit.Val)
	var out []MemAccess
	next := format + 1
	arg := func() ir.Expr { // the next argument, or nil
		if next >= len(args) {
			return nil
		}
		next++
		return args[next-1]
	}
	for _, c := range convs {
		var prec ir.Expr // the precision, when given by an argument
		if c.starWidth {
			arg()
		}
		if c.starPrec {
			prec = arg()
		}
		a := arg()
		if a == nil {
			break
		}
		if !ir.IsPointer(a.Type()) {
			continue // no access (or an ill-typed call)
		}
		switch {
		case c.verb == 'n':
			out = append(out, MemAccess{Pointer: a, Write: true, Typed: true})
		case c.verb == 's' && c.wide:
			out = append(out, MemAccess{Pointer: a, Approx: approx})
		case c.verb == 's' && c.prec == 0 && !c.starPrec:
			// %.0s reads nothing.
		case c.verb == 's' && !readOnlyString(a):
			m := MemAccess{Pointer: a}
			switch {
			case c.starPrec:
				// A negative precision is taken as if omitted.
				p := &ir.Cast{X: prec, T: ir.ULongType, P: prec.Pos()}
				m.Size = &ir.Cond{C: ir.Bin(ir.Lt, prec, ir.Lit(0, ir.IntType), ir.IntType), X: stringSize(a), Y: stringSizeMax(a, p), T: ir.ULongType}
			case c.prec > 0:
				m.Size = stringSizeMax(a, ir.Lit(int64(c.prec), ir.ULongType))
			default:
				m.Size = stringSize(a)
			}
			out = append(out, m)
		}
	}
	if !ok {
		// A conversion ladr does not know (or positional arguments):
		// the arguments not yet matched are approximated.
		for ; next < len(args); next++ {
			if a := args[next]; isCharPointer(a.Type()) {
				out = append(out, MemAccess{Pointer: a, Approx: approx})
			}
		}
	}
	return out
}

// readOnlyString reports whether e provably points to a string no thread
// writes: a string literal, or the result of strerror or strsignal (the
// library's message, which the program must not modify).
func readOnlyString(e ir.Expr) bool {
	if stringLit(e) != nil {
		return true
	}
	if c, ok := ir.Uncast(e).(*ir.Call); ok {
		if f := ir.CalledFunc(c); f != nil && f.Body == nil {
			switch f.Name {
			case "strerror", "strsignal":
				return true
			}
		}
	}
	return false
}

// stringSize is strlen(s) + 1, the bytes of the string s with its zero.
func stringSize(s ir.Expr) ir.Expr {
	if lit := stringLit(s); lit != nil && lit.ElemSize == 1 && !strings.ContainsRune(lit.Val, 0) {
		return ir.Lit(int64(len(lit.Val)+1), ir.ULongType)
	}
	return ir.Bin(ir.Add, strlenOf(s), ir.Lit(1, ir.ULongType), ir.ULongType)
}

// stringSizeMax is the number of bytes of the string s read with the
// precision n: strlen(s) < n ? strlen(s) + 1 : n.
func stringSizeMax(s, n ir.Expr) ir.Expr {
	return &ir.Cond{C: ir.Bin(ir.Lt, strlenOf(s), n, ir.IntType), X: stringSize(s), Y: n, T: ir.ULongType}
}

// conversion is one conversion of a printf format that takes an argument.
type conversion struct {
	verb      byte // the conversion character, such as 'd' or 's'
	wide      bool // l modifier on s or c (wide characters), or S, C
	starWidth bool // the width is an argument (*)
	starPrec  bool // the precision is an argument (.*)
	prec      int  // the precision, -1 when none
}

// parseFormat returns the conversions of a printf format that take
// arguments, in order; ok is false when the format has a conversion ladr
// does not know or positional arguments (%1$s), and the conversions
// returned are those before it.
func parseFormat(f string) (convs []conversion, ok bool) {
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			continue
		}
		i++
		c := conversion{prec: -1}
		for i < len(f) && strings.IndexByte("-+ #0'I", f[i]) >= 0 {
			i++
		}
		if i < len(f) && f[i] == '*' {
			c.starWidth = true
			i++
		}
		for i < len(f) && f[i] >= '0' && f[i] <= '9' {
			i++
		}
		if i < len(f) && f[i] == '$' {
			return convs, false
		}
		if i < len(f) && f[i] == '.' {
			i++
			c.prec = 0
			if i < len(f) && f[i] == '*' {
				c.starPrec = true
				i++
			}
			for i < len(f) && f[i] >= '0' && f[i] <= '9' {
				if c.prec < 1<<20 {
					c.prec = c.prec*10 + int(f[i]-'0')
				}
				i++
			}
		}
		for i < len(f) && strings.IndexByte("hlLqjzZt", f[i]) >= 0 {
			if f[i] == 'l' {
				c.wide = true
			}
			i++
		}
		if i >= len(f) {
			return convs, false
		}
		c.verb = f[i]
		switch c.verb {
		case '%', 'm':
			// No argument (%m prints strerror(errno)).
		case 'd', 'i', 'o', 'u', 'x', 'X', 'e', 'E', 'f', 'F', 'g', 'G', 'a', 'A', 'c', 'p', 's', 'n':
			convs = append(convs, c)
		case 'S', 'C':
			c.verb, c.wide = c.verb+'a'-'A', true
			convs = append(convs, c)
		default:
			return convs, false
		}
	}
	return convs, true
}

// decay returns e, or a pointer to its first element when e is an array
// (an array passed as a variadic argument keeps its type in the IR).
func decay(e ir.Expr) ir.Expr {
	if a, ok := e.Type().(*ir.Array); ok {
		return &ir.Cast{X: e, T: &ir.Pointer{Elem: a.Elem}, P: e.Pos()}
	}
	return e
}

// decayAll returns args with every array decayed (decay).
func decayAll(args []ir.Expr) []ir.Expr {
	out := make([]ir.Expr, len(args))
	for i, a := range args {
		out[i] = decay(a)
	}
	return out
}

// formattedWrite is the write of sprintf's or snprintf's buffer
// (model.Formatted): the formatted output and its zero, at most the size
// argument's bytes when e has one. The output's length is computed when
// the format is a literal with only %s, %c and %% conversions of constant
// widths and precisions; otherwise the write is approximated.
func formattedWrite(name string, e model.Effect, args []ir.Expr) (MemAccess, bool) {
	if e.Arg >= len(args) || e.Format >= len(args) {
		return MemAccess{}, false
	}
	p := decay(args[e.Arg])
	if !ir.IsPointer(p.Type()) {
		return MemAccess{}, false
	}
	n, ok := formatLength(decayAll(args), e.Format)
	if !ok {
		return MemAccess{Pointer: p, Write: true, Approx: name + " writes a string whose length depends on its formatting; ladr checks only its first byte"}, true
	}
	var size ir.Expr = ir.Bin(ir.Add, n, ir.Lit(1, ir.ULongType), ir.ULongType)
	if k, ok := n.(*ir.IntLit); ok {
		size = ir.Lit(int64(k.Val)+1, ir.ULongType)
	}
	if e.Size.Kind == model.SizeArg && e.Size.Arg < len(args) {
		// snprintf writes at most limit bytes (none when limit is 0).
		limit := args[e.Size.Arg]
		size = &ir.Cond{C: ir.Bin(ir.Lt, ir.Clone(n), limit, ir.IntType), X: size, Y: limit, T: ir.ULongType}
	}
	return MemAccess{Pointer: p, Write: true, Size: size}, true
}

// formatLength returns the length of the output of the literal printf
// format args[format] (without the zero), when the format has only %s,
// %c and %% conversions with constant widths and precisions, and the %s
// arguments are not strings of the library (whose length ladr does not
// know).
func formatLength(args []ir.Expr, format int) (ir.Expr, bool) {
	lit := stringLit(args[format])
	if lit == nil || lit.ElemSize != 1 {
		return nil, false
	}
	f := lit.Val
	if k := strings.IndexByte(f, 0); k >= 0 {
		f = f[:k]
	}
	konst := int64(0)        // the constant part of the length
	var sum ir.Expr          // the rest
	add := func(x ir.Expr) { // sum += x
		if sum == nil {
			sum = x
		} else {
			sum = ir.Bin(ir.Add, sum, x, ir.ULongType)
		}
	}
	next := format + 1
	num := func(i int) (int, int) { // a decimal number at f[i:], and its end
		v := 0
		for i < len(f) && f[i] >= '0' && f[i] <= '9' {
			if v < 1<<20 {
				v = v*10 + int(f[i]-'0')
			}
			i++
		}
		return v, i
	}
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			konst++
			continue
		}
		i++
		for i < len(f) && f[i] == '-' {
			i++
		}
		width, prec := 0, -1
		width, i = num(i)
		if i < len(f) && f[i] == '.' {
			prec, i = num(i + 1)
		}
		if i >= len(f) {
			return nil, false
		}
		switch f[i] {
		case '%':
			konst++
		case 'c':
			if next >= len(args) {
				return nil, false
			}
			next++
			konst += int64(max(width, 1))
		case 's':
			if next >= len(args) {
				return nil, false
			}
			a := args[next]
			next++
			if !ir.IsPointer(a.Type()) {
				return nil, false
			}
			if l := stringLit(a); l != nil && l.ElemSize == 1 {
				k := len(l.Val)
				if z := strings.IndexByte(l.Val, 0); z >= 0 {
					k = z
				}
				if prec >= 0 {
					k = min(k, prec)
				}
				konst += int64(max(k, width))
				continue
			}
			if readOnlyString(a) {
				return nil, false // a message of the library: length unknown
			}
			var x ir.Expr = strlenOf(a)
			if prec >= 0 {
				p := ir.Lit(int64(prec), ir.ULongType)
				x = &ir.Cond{C: ir.Bin(ir.Lt, x, p, ir.IntType), X: x, Y: p, T: ir.ULongType}
			}
			if width > 0 {
				w := ir.Lit(int64(width), ir.ULongType)
				x = &ir.Cond{C: ir.Bin(ir.Lt, x, w, ir.IntType), X: w, Y: ir.Clone(x), T: ir.ULongType}
			}
			add(x)
		default:
			return nil, false
		}
	}
	if sum == nil {
		return ir.Lit(konst, ir.ULongType), true
	}
	if konst > 0 {
		sum = ir.Bin(ir.Add, sum, ir.Lit(konst, ir.ULongType), ir.ULongType)
	}
	return sum, true
}
