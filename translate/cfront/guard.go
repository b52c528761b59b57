package cfront

import (
	"bytes"
	"fmt"
	"strings"

	"modernc.org/cc/v4"

	"github.com/ladr-dev/ladr/translate/ir"
)

// This file guards against the inputs on which modernc.org/cc/v4 (v4.31.0)
// never returns. Each is invalid C, so rejecting it before cc sees it
// changes no verdict on a valid program:
//
//   - an unterminated string or character literal whose last character
//     before the end of the input is a backslash (the scanner loops);
//   - a pointer declarator ("*" or "^", then qualifiers) followed by a
//     token that can neither continue a declarator nor start an operand
//     (";", "=", "{", "}", a type keyword, the end of the input): the
//     parser's typeQualifierList skips tokens and loops at the end;
//   - the keyword enum as the last token (declarationSpecifiers loops);
//   - an array whose element type is a struct or union that is not complete
//     at that point, which C forbids (C11 6.7.6.2p1); an initializer of
//     such an array makes cc's initializer check loop;
//   - statements, parentheses, brackets and braces nested more than
//     MaxNesting deep: cc's parser (and ladr's lowering) recurse once per
//     level, and 200,000 levels overflow the Go stack, which no recover()
//     catches; cc's scopes make each level cost time in proportion to the
//     depth (10,000 nested ifs took 16 s and 1.4 GB, 20,000 73 s and 5.4 GB).
//     The C standard asks implementations for 63 levels of parenthesized
//     expressions and 127 of blocks (C11 5.2.4.1); gcc accepts far more,
//     and so does ladr, up to MaxNesting.
//
// The literal check runs on the raw input; the others run on the
// preprocessed tokens (so macros cannot hide them), and the position is
// that of the same hazard in the raw input when it is found there.

// guardLiteral reports an unterminated literal ending in a backslash.
func guardLiteral(name string, src []byte) error {
	if _, bad := lexC(src, true); bad != nil {
		return &Error{Pos: ir.Pos{File: name, Line: bad.line, Col: bad.col}, Msg: "unterminated literal ending in a backslash at the end of the input"}
	}
	return nil
}

// guardTokens preprocesses sources and looks for the parser hazards. raw is
// the input file, used for the position of a hazard.
func guardTokens(cfg *cc.Config, sources []cc.Source, name string, raw []byte) error {
	var b bytes.Buffer
	if err := cc.Preprocess(cfg, sources, &b); err != nil {
		return nil // cc reports preprocessing errors itself
	}
	toks, _ := lexC(b.Bytes(), false)
	h := findHazard(toks)
	if h == nil {
		return nil
	}
	p := ir.Pos{File: name, Line: 1, Col: 1}
	msg := h.msg + " (after macro expansion)"
	rawToks, _ := lexC(raw, true)
	for _, rh := range findHazards(rawToks) {
		if rh.kind == h.kind {
			p.Line, p.Col = rh.tok.line, rh.tok.col
			msg = rh.msg
			break
		}
	}
	return &Error{Pos: p, Msg: msg}
}

type ctok struct {
	text      string
	line, col int
	kind      byte // 'i' identifier, 'n' number, 'l' literal, 'p' punctuator
}

type hazard struct {
	kind string
	tok  ctok
	msg  string
}

// lexC splits C source into tokens. With directives, lines starting with
// '#' are skipped (with their continuations); they are skipped in any case
// as line markers. It returns the start of an unterminated literal that
// ends in a backslash at the end of the input, if there is one.
func lexC(src []byte, directives bool) (toks []ctok, badLit *ctok) {
	line, col := 1, 1
	i := 0
	bol := true
	adv := func(n int) {
		for k := 0; k < n && i < len(src); k++ {
			if src[i] == '\n' {
				line++
				col = 1
			} else {
				col++
			}
			i++
		}
	}
	for i < len(src) {
		c := src[i]
		switch {
		case c == '\n':
			bol = true
			adv(1)
			continue
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			adv(1)
			continue
		case c == '\\' && i+1 < len(src) && (src[i+1] == '\n' || src[i+1] == '\r'):
			adv(2)
			continue
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				if src[i] == '\\' && i+1 < len(src) && src[i+1] == '\n' {
					adv(1)
				}
				adv(1)
			}
			continue
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			adv(2)
			for i < len(src) && !(src[i] == '*' && i+1 < len(src) && src[i+1] == '/') {
				adv(1)
			}
			adv(2)
			continue
		case c == '#' && bol:
			// A directive or a line marker: skip to the end of the line.
			for i < len(src) && src[i] != '\n' {
				if src[i] == '\\' && i+1 < len(src) && src[i+1] == '\n' {
					adv(1)
				}
				adv(1)
			}
			continue
		}
		bol = false
		start := ctok{line: line, col: col}
		j := i
		switch {
		case c == '"' || c == '\'':
			j++
			for j < len(src) && src[j] != c && src[j] != '\n' {
				if src[j] == '\\' {
					if len(bytes.Trim(src[j+1:], "\r\n")) == 0 {
						if badLit == nil {
							bl := start
							badLit = &bl
						}
						j = len(src)
						break
					}
					j++
				}
				j++
			}
			if j < len(src) && src[j] == c {
				j++
			}
			start.kind = 'l'
		case isIdentStart(c):
			for j < len(src) && (isIdentStart(src[j]) || src[j] >= '0' && src[j] <= '9') {
				j++
			}
			if j < len(src) && (src[j] == '"' || src[j] == '\'') && isLiteralPrefix(string(src[i:j])) {
				// L"...", u8"...": lexed as a literal next round.
				start.kind = 'i'
				start.text = ""
				adv(j - i)
				continue
			}
			start.kind = 'i'
		case c >= '0' && c <= '9' || c == '.' && i+1 < len(src) && src[i+1] >= '0' && src[i+1] <= '9':
			j++
			for j < len(src) {
				d := src[j]
				if (d == '+' || d == '-') && strings.ContainsRune("eEpP", rune(src[j-1])) {
					j++
					continue
				}
				if isIdentStart(d) || d >= '0' && d <= '9' || d == '.' {
					j++
					continue
				}
				break
			}
			start.kind = 'n'
		default:
			n := 1
			for _, p := range punct3 {
				if bytes.HasPrefix(src[i:], []byte(p)) {
					n = len(p)
					break
				}
			}
			if n == 1 {
				for _, p := range punct2 {
					if bytes.HasPrefix(src[i:], []byte(p)) {
						n = 2
						break
					}
				}
			}
			j = i + n
			start.kind = 'p'
		}
		if j > len(src) {
			j = len(src)
		}
		start.text = string(src[i:j])
		toks = append(toks, start)
		adv(j - i)
	}
	return toks, badLit
}

var (
	punct3 = []string{"...", "<<=", ">>="}
	punct2 = []string{"->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "*=", "/=", "%=", "+=", "-=", "&=", "^=", "|=", "##", "<:", ":>", "<%", "%>"}
)

func isIdentStart(c byte) bool {
	return c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

func isLiteralPrefix(s string) bool { return s == "L" || s == "u" || s == "U" || s == "u8" }

// pointerQualifiers may follow a '*' in a pointer declarator.
var pointerQualifiers = map[string]bool{
	"const": true, "volatile": true, "restrict": true, "_Atomic": true,
	"__const": true, "__const__": true, "__volatile": true, "__volatile__": true,
	"__restrict": true, "__restrict__": true, "_Nonnull": true, "_Nullable": true,
	"_Null_unspecified": true, "__ptr32": true, "__ptr64": true,
}

// typeKeywords can neither continue a pointer declarator nor start an
// operand.
var typeKeywords = map[string]bool{
	"void": true, "char": true, "short": true, "int": true, "long": true, "float": true,
	"double": true, "signed": true, "__signed__": true, "unsigned": true, "_Bool": true,
	"_Complex": true, "struct": true, "union": true, "enum": true, "typedef": true,
	"extern": true, "auto": true, "register": true, "inline": true, "_Thread_local": true,
	"__thread": true,
}

// MaxNesting is the deepest nesting of statements, parentheses, brackets
// and braces the front end accepts.
const MaxNesting = 10000

// statementKeywords start statements that nest the statement after them.
var statementKeywords = map[string]bool{"if": true, "else": true, "for": true, "while": true, "do": true, "switch": true}

func findHazard(toks []ctok) *hazard {
	hs := findHazards(toks)
	if len(hs) == 0 {
		return nil
	}
	return &hs[0]
}

// findHazards lists the hazards of toks in order.
func findHazards(toks []ctok) []hazard {
	var hs []hazard
	at := func(k int) string {
		if k < len(toks) {
			return toks[k].text
		}
		return ""
	}
	// Tags: complete after the '}' closing their body; typedef names of a
	// plain struct or union tag.
	complete := map[string]bool{}
	typedefTag := map[string]string{}
	var bodies []string // tag of each open brace ("" for other braces)
	pendingTag := ""
	// depth counts open parentheses, brackets and braces (parens those
	// of the first two kinds), run the statements without braces nested
	// in the statement being read (if (a) while (b) if (c) ...).
	depth, parens, run, deep := 0, 0, 0, false
	for k := 0; k < len(toks); k++ {
		t := toks[k]
		nested := false
		switch {
		case t.kind == 'p':
			switch t.text {
			case "(", "[", "{":
				depth++
				nested = true
				if t.text != "{" {
					parens++
				}
			case ")", "]", "}":
				depth--
				if t.text != "}" {
					parens--
				}
			}
			if parens <= 0 && (t.text == ";" || t.text == "{" || t.text == "}") {
				run = 0
			}
		case t.kind == 'i' && parens <= 0 && statementKeywords[t.text]:
			run++
			nested = true
		}
		if nested && depth+run > MaxNesting && !deep {
			deep = true
			hs = append(hs, hazard{kind: "nesting", tok: t, msg: fmt.Sprintf("statements, parentheses, brackets and braces nested more than %d levels deep", MaxNesting)})
		}
		switch t.text {
		case "{":
			bodies = append(bodies, pendingTag)
			pendingTag = ""
		case "}":
			if n := len(bodies); n > 0 {
				if tag := bodies[n-1]; tag != "" {
					complete[tag] = true
				}
				bodies = bodies[:n-1]
			}
		case "*", "^":
			j := k + 1
			for j < len(toks) {
				if pointerQualifiers[toks[j].text] {
					j++
					continue
				}
				if (toks[j].text == "__attribute__" || toks[j].text == "__attribute") && at(j+1) == "(" {
					j = skipParens(toks, j+1)
					continue
				}
				break
			}
			next := at(j)
			if j >= len(toks) || next == ";" || next == "=" || next == "{" || next == "}" || typeKeywords[next] {
				what := "the end of the input"
				if j < len(toks) {
					what = "'" + next + "'"
				}
				hs = append(hs, hazard{kind: "pointer", tok: t, msg: fmt.Sprintf("'%s' is followed by %s, which can neither continue a declarator nor start an operand", t.text, what)})
			}
		case "enum":
			if k == len(toks)-1 {
				hs = append(hs, hazard{kind: "enum", tok: t, msg: "the input ends in the keyword enum"})
			}
		case "struct", "union":
			if k+1 >= len(toks) || toks[k+1].kind != 'i' {
				continue
			}
			tag := t.text + " " + toks[k+1].text
			if at(k+2) == "{" {
				pendingTag = tag
				continue
			}
			if h, ok := incompleteArray(toks, k+2, tag, complete); ok {
				hs = append(hs, h)
			}
			if k > 0 && at(k-1) == "typedef" && toks[k+2].kind == 'i' && (at(k+3) == ";" || at(k+3) == ",") {
				typedefTag[toks[k+2].text] = tag
			}
		default:
			if tag, ok := typedefTag[t.text]; ok && t.kind == 'i' && k+1 < len(toks) && toks[k+1].kind == 'i' {
				if h, ok := incompleteArray(toks, k+1, tag, complete); ok {
					hs = append(hs, h)
				}
			}
		}
	}
	return hs
}

// incompleteArray looks at the declarators from toks[k] on (up to the end
// of the declaration) for an array of the type tag while tag is
// incomplete.
func incompleteArray(toks []ctok, k int, tag string, complete map[string]bool) (hazard, bool) {
	if complete[tag] {
		return hazard{}, false
	}
	depth := 0
	declStart := true
	for ; k < len(toks); k++ {
		t := toks[k].text
		switch t {
		case "(", "[":
			depth++
		case ")", "]":
			depth--
			if depth < 0 {
				return hazard{}, false
			}
		case ";", "{", "}", "=":
			if depth == 0 {
				return hazard{}, false
			}
		case ",":
			if depth == 0 {
				declStart = true
				continue
			}
		}
		if declStart && depth == 0 {
			if pointerQualifiers[t] {
				continue
			}
			declStart = false
			if toks[k].kind == 'i' && k+1 < len(toks) && toks[k+1].text == "[" {
				return hazard{kind: "array", tok: toks[k], msg: fmt.Sprintf("array %s has the incomplete element type %s", t, tag)}, true
			}
		}
	}
	return hazard{}, false
}

// skipParens returns the index after the parenthesis group opening at k.
func skipParens(toks []ctok, k int) int {
	depth := 0
	for ; k < len(toks); k++ {
		switch toks[k].text {
		case "(":
			depth++
		case ")":
			depth--
			if depth == 0 {
				return k + 1
			}
		}
	}
	return k
}
