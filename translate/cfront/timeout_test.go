package cfront

import (
	"testing"
)

// TestParseTruncatedPointerDeclarator: a pointer declarator followed by the
// end of the input or by a token such as ";" ("int * ;", "int (*") must
// give an error, not hang. (Found by FuzzParse; the loop is
// in modernc.org/cc/v4's parser, typeQualifierList, which Parse calls
// without any bound.) This test runs last: a hanging Parse leaves a
// goroutine spinning until the test binary exits.
func TestParseTruncatedPointerDeclarator(t *testing.T) {
	for _, src := range []string{"int (*", "int *", "struct S *", "int f(int *", "int (* const", "int *;", "int * = 0;", "void f(void) { int * ; }", "^", "int * const }"} {
		if !knownHang([]byte(src)) {
			t.Errorf("knownHang(%q) = false", src)
		}
	}
	for _, src := range []string{"int (*x", "int * /* c */ x;", "int (*)", "int x; void f(void) { x *= 2; }", "char *s = \"*;\";"} {
		if knownHang([]byte(src)) {
			t.Errorf("knownHang(%q) = true", src)
		}
	}
	// One parse only: each hang leaves a goroutine spinning.
	src := "int f(void) {\n  int * ;\n  return 0;\n}\n"
	_, err, hung := parseWithTimeout("trunc.c", []byte(src), LP64)
	if hung {
		t.Fatalf("Parse(%q) does not return within %v", src, parseTimeout)
	}
	if err == nil {
		t.Errorf("Parse(%q) succeeds", src)
	}
}

// TestParseArrayOfIncompleteStruct: an initialized array of an incomplete
// struct or union type is an error, not a hang. (Found by FuzzParse; cc v4's
// InitializerList.checkArray loops with a negative element size.)
func TestParseArrayOfIncompleteStruct(t *testing.T) {
	src := "struct A;\nstruct A h[2] = { 1 };\n"
	if !knownHang([]byte(src)) {
		t.Errorf("knownHang(%q) = false", src)
	}
	for _, ok := range []string{"struct B; struct A { struct B *p; }; struct B { int x; };", "struct S { int x; } s;"} {
		if knownHang([]byte(ok)) {
			t.Errorf("knownHang(%q) = true", ok)
		}
	}
	_, err, hung := parseWithTimeout("incomplete.c", []byte(src), LP64)
	if hung {
		t.Fatalf("Parse(%q) does not return within %v", src, parseTimeout)
	}
	if err == nil {
		t.Errorf("Parse(%q) succeeds", src)
	}
}

// TestParseUnterminatedLiteralBackslash: an unterminated string literal
// ending in a backslash at the end of the input is an error, not a hang
// (found by FuzzParse; cc v4's scanner loops in sChar).
func TestParseUnterminatedLiteralBackslash(t *testing.T) {
	for _, src := range []string{"char *s = \"\\", "int c = '\\", "\"a\\\n", "L\"x\\"} {
		if !knownHang([]byte(src)) {
			t.Errorf("knownHang(%q) = false", src)
		}
	}
	for _, src := range []string{"char *s = \"\\\\\";", "char *s = \"a\";\n", "\"abc"} {
		if knownHang([]byte(src)) {
			t.Errorf("knownHang(%q) = true", src)
		}
	}
	src := "int main(void) {\n  char *s = \"\\"
	_, err, hung := parseWithTimeout("literal.c", []byte(src), LP64)
	if hung {
		t.Fatalf("Parse(%q) does not return within %v", src, parseTimeout)
	}
	if err == nil {
		t.Errorf("Parse(%q) succeeds", src)
	}
}
