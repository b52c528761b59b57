package cfront

// Workarounds for valid C that modernc.org/cc/v4 (v4.31.0) rejects.
//
// What cc/v4 cannot do, as found on ladr's inputs (gcc -fsyntax-only
// accepts all of these):
//
//   - A function definition whose return type is a pointer to a function
//     with named parameters, one of which has the name of a parameter of
//     the function itself or of a local of its body:
//     "int (*get(void *opaque))(void *opaque) { ... }" is rejected with
//     "redeclaration of 'opaque'". The parser declares the parameters of
//     every parameter list of the definition's declarator in the body's
//     scope (compoundStatement walks the whole direct-declarator chain),
//     not only those of the function's own list. Worked around below.
//   - typeof (and __typeof__) of a type name, "typeof(int) x;" or
//     "__typeof__(int[3]) a;": "TODO *cc.DeclarationSpecifiers
//     missed/failed type check: [TypeSpecifierTypeofType]". typeof of an
//     expression works. Not worked around: such a program is rejected
//     with cc's message.
//   - C23 attributes in brackets, "[[maybe_unused]] int x;" (gcc accepts
//     them in its default gnu17 mode): "unexpected '['". Worked around
//     for the attributes that change nothing ladr models (retryAttributes
//     below: deprecated, fallthrough, maybe_unused, nodiscard, noreturn,
//     unused...); others ([[gnu::packed]], [[gnu::aligned(8)]]) change
//     the layout and stay rejected.
//   - An attribute between enum and the tag, "enum __attribute__((packed))
//     e { A };": "unexpected 'enum', expected enum specifier" (after the
//     closing brace, and on structs, it is accepted). Not worked around.
//
// Accepted, among others (probed with gcc -fsyntax-only on small
// programs and on the 97 Valgrind DRD/Helgrind test programs, all of
// which parse): __auto_type, _Static_assert in a struct, __int128, range
// designators, flexible and zero-length arrays, transparent unions,
// __builtin_choose_expr, asm labels and register asm variables, K&R
// definitions, empty structs, __label__, statement attributes, [static N]
// and VLA parameters, _Alignas, anonymous members, casts to a union, ?:
// without the middle operand, _Complex, _Generic, vector types,
// _Thread_local and __thread, hexadecimal floating constants.
//
// Before cc parses again, retryPrototypeNames blanks out (replaces with
// spaces, so that every position stays exact) the names of the parameters
// of such return-type prototypes: those names have no meaning outside
// their own prototype, so the program is unchanged.

import (
	"bytes"
	"strings"

	"modernc.org/cc/v4"
)

// retryPrototypeNames handles cc's error err for the source src (named
// name): when it is a redeclaration that the defect above explains, it
// returns the source with the names of the return-type prototypes'
// parameters blanked, and true; otherwise false.
func retryPrototypeNames(cfg *cc.Config, sources []cc.Source, src []byte, err error) ([]byte, bool) {
	if err == nil || !strings.Contains(err.Error(), "redeclaration of") {
		return nil, false
	}
	ast, perr := cc.Parse(cfg, sources)
	if perr != nil || ast == nil {
		return nil, false
	}
	out := bytes.Clone(src)
	changed := false
	for tu := ast.TranslationUnit; tu != nil; tu = tu.TranslationUnit {
		ed := tu.ExternalDeclaration
		if ed == nil || ed.Case != cc.ExternalDeclarationFuncDef || ed.FunctionDefinition.Declarator == nil {
			continue
		}
		for _, tok := range returnPrototypeNames(ed.FunctionDefinition.Declarator) {
			if blankToken(out, tok) {
				changed = true
			}
		}
	}
	return out, changed
}

// returnPrototypeNames returns the name tokens of the parameters of the
// parameter lists of d other than the function's own (the innermost).
func returnPrototypeNames(d *cc.Declarator) []cc.Token {
	var lists []*cc.DirectDeclarator
	for dd := d.DirectDeclarator; dd != nil; {
		switch dd.Case {
		case cc.DirectDeclaratorIdent:
			dd = nil
		case cc.DirectDeclaratorDecl:
			dd = dd.Declarator.DirectDeclarator
		default:
			if dd.Case == cc.DirectDeclaratorFuncParam || dd.Case == cc.DirectDeclaratorFuncIdent {
				lists = append(lists, dd)
			}
			dd = dd.DirectDeclarator
		}
	}
	var out []cc.Token
	for i, dd := range lists {
		if i == len(lists)-1 || dd.Case != cc.DirectDeclaratorFuncParam || dd.ParameterTypeList == nil {
			continue
		}
		for pl := dd.ParameterTypeList.ParameterList; pl != nil; pl = pl.ParameterList {
			if pd := pl.ParameterDeclaration; pd != nil && pd.Declarator != nil {
				if tok, ok := declaratorName(pd.Declarator); ok {
					out = append(out, tok)
				}
			}
		}
	}
	return out
}

// declaratorName returns the identifier token a declarator declares.
func declaratorName(d *cc.Declarator) (cc.Token, bool) {
	for dd := d.DirectDeclarator; dd != nil; {
		switch dd.Case {
		case cc.DirectDeclaratorIdent:
			return dd.Token, true
		case cc.DirectDeclaratorDecl:
			dd = dd.Declarator.DirectDeclarator
		default:
			dd = dd.DirectDeclarator
		}
	}
	return cc.Token{}, false
}

// blankToken replaces the identifier tok with spaces in src, if tok is
// there: its offset holds its text and its column matches (a token of
// another source, such as a header, is left alone).
func blankToken(src []byte, tok cc.Token) bool {
	p := tok.Position()
	text := tok.SrcStr()
	off := p.Offset
	if text == "" || off < 0 || off+len(text) > len(src) || string(src[off:off+len(text)]) != text {
		return false
	}
	col := off - bytes.LastIndexByte(src[:off], '\n')
	if col != p.Column {
		return false
	}
	for i := off; i < off+len(text); i++ {
		src[i] = ' '
	}
	return true
}

// harmlessAttributes are the attributes whose removal changes nothing ladr
// models (they are hints to the compiler), with or without the gnu:: or
// __gnu__:: prefix and the __x__ spelling.
var harmlessAttributes = map[string]bool{
	"deprecated": true, "fallthrough": true, "maybe_unused": true, "nodiscard": true, "noreturn": true, "_Noreturn": true,
	"unsequenced": true, "reproducible": true, "unused": true, "used": true, "always_inline": true, "noinline": true,
	"cold": true, "hot": true, "const": true, "pure": true, "nonnull": true, "warn_unused_result": true, "format": true,
}

// retryAttributes handles cc's error err for the source src: when it is
// the error of a bracketed attribute, it returns the source with every
// bracketed attribute list of harmless attributes blanked (positions are
// unchanged), and true; otherwise false.
func retryAttributes(src []byte, err error) ([]byte, bool) {
	if err == nil || !strings.Contains(err.Error(), "unexpected '['") {
		return nil, false
	}
	out := bytes.Clone(src)
	changed := false
	for i := 0; i < len(out); i++ {
		switch c := out[i]; {
		case c == '/' && i+1 < len(out) && out[i+1] == '/':
			for i < len(out) && out[i] != '\n' {
				i++
			}
		case c == '/' && i+1 < len(out) && out[i+1] == '*':
			end := bytes.Index(out[i+2:], []byte("*/"))
			if end < 0 {
				return nil, false
			}
			i += end + 3
		case c == '"' || c == '\'':
			for i++; i < len(out) && out[i] != c && out[i] != '\n'; i++ {
				if out[i] == '\\' {
					i++
				}
			}
		case c == '[' && i+1 < len(out) && out[i+1] == '[':
			end := bytes.Index(out[i+2:], []byte("]]"))
			if end < 0 {
				return nil, false
			}
			body := string(out[i+2 : i+2+end])
			if !harmlessAttributeList(body) {
				continue
			}
			for j := i; j < i+2+end+2; j++ {
				if out[j] != '\n' {
					out[j] = ' '
				}
			}
			changed = true
			i += end + 3
		}
	}
	return out, changed
}

// harmlessAttributeList reports whether the attribute list body (between
// [[ and ]]) names only harmless attributes.
func harmlessAttributeList(body string) bool {
	if strings.ContainsAny(body, "[]") {
		return false
	}
	depth, start := 0, 0
	var items []string
	for i, c := range body {
		switch c {
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth == 0 {
				items = append(items, body[start:i])
				start = i + 1
			}
		}
	}
	items = append(items, body[start:])
	for _, it := range items {
		name, _, _ := strings.Cut(strings.TrimSpace(it), "(")
		name = strings.TrimSpace(name)
		if p, n, ok := strings.Cut(name, "::"); ok {
			if p = strings.TrimSpace(p); p != "gnu" && p != "__gnu__" {
				return false
			}
			name = strings.TrimSpace(n)
		}
		if strings.HasPrefix(name, "__") && strings.HasSuffix(name, "__") && len(name) > 4 {
			name = name[2 : len(name)-2]
		}
		if name == "" || !harmlessAttributes[name] {
			return false
		}
	}
	return true
}
