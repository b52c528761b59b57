package cfront

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

const childEnv = "LADR_CFRONT_PARSE_CHILD"

// isolatedTimeout bounds a parse in a child process (which normally takes
// well under a second, configuration included).
const isolatedTimeout = 5 * time.Second

// TestParseChild is the child process of parseIsolated: it parses the file
// named by $LADR_CFRONT_PARSE_CHILD and prints the outcome.
func TestParseChild(t *testing.T) {
	path := os.Getenv(childEnv)
	if path == "" {
		t.Skip("the child process of parseIsolated")
	}
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m := LP64
	if os.Getenv(childEnv+"_MODEL") == "32" {
		m = ILP32
	}
	if _, err := fe.Parse("isolated.c", src, Options{Model: m}); err != nil {
		fmt.Printf("\nPARSE-ERROR %v\n", err)
	} else {
		fmt.Printf("\nPARSE-OK\n")
	}
}

// parseIsolated parses src in a child process, killed after isolatedTimeout.
// It returns the error message (if Parse failed), whether Parse
// succeeded, and whether it hung.
func parseIsolated(t testing.TB, src []byte, m Model) (msg string, ok, hung bool) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "input.c")
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), isolatedTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestParseChild$", "-test.count=1")
	model := "64"
	if m == ILP32 {
		model = "32"
	}
	cmd.Env = append(os.Environ(), childEnv+"="+path, childEnv+"_MODEL="+model)
	out, err := cmd.CombinedOutput()
	if ctx.Err() != nil {
		return "", false, true
	}
	text := string(out)
	switch {
	case strings.Contains(text, "\nPARSE-OK\n"):
		return "", true, false
	case strings.Contains(text, "\nPARSE-ERROR "):
		m := text[strings.Index(text, "\nPARSE-ERROR ")+len("\nPARSE-ERROR "):]
		m, _, _ = strings.Cut(m, "\n")
		return m, false, false
	}
	t.Fatalf("the parse child failed: %v\n%s", err, text)
	return "", false, false
}

// TestParseTruncatedPointerDeclarator: a pointer declarator followed by the
// end of the input or by a token such as ";" ("int * ;", "int (*") must
// give an error, not hang. (Found by FuzzParse; the loop is
// in modernc.org/cc/v4's parser, typeQualifierList, which Parse calls
// without any bound.) A hanging parse cannot be stopped (and this one
// allocates without end), so it runs in a child process (parseIsolated).
func TestParseTruncatedPointerDeclarator(t *testing.T) {
	for _, src := range []string{"int (*", "int *", "struct S *", "int f(int *", "int (* const", "int *;", "int * = 0;", "void f(void) { int * ; }", "^", "int * const }", "*int ", "int * char;"} {
		if !knownHang([]byte(src)) {
			t.Errorf("knownHang(%q) = false", src)
		}
	}
	for _, src := range []string{"int (*x", "int * /* c */ x;", "int (*)", "int x; void f(void) { x *= 2; }", "char *s = \"*;\";", "int * abc;", "int * const x;"} {
		if knownHang([]byte(src)) {
			t.Errorf("knownHang(%q) = true", src)
		}
	}
	src := "int f(void) {\n  int * ;\n}\n"
	_, ok, hung := parseIsolated(t, []byte(src), LP64)
	if hung {
		t.Fatalf("Parse(%q) does not return within %v", src, isolatedTimeout)
	}
	if ok {
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
	_, ok, hung := parseIsolated(t, []byte(src), LP64)
	if hung {
		t.Fatalf("Parse(%q) does not return within %v", src, isolatedTimeout)
	}
	if ok {
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
	_, ok, hung := parseIsolated(t, []byte(src), LP64)
	if hung {
		t.Fatalf("Parse(%q) does not return within %v", src, isolatedTimeout)
	}
	if ok {
		t.Errorf("Parse(%q) succeeds", src)
	}
}

// TestParseTrailingEnum: a source ending in the keyword enum is an error,
// not a hang (found by FuzzParseILP32; cc v4 loops in
// declarationSpecifiers).
func TestParseTrailingEnum(t *testing.T) {
	for _, src := range []string{"enum", "int x; enum\n", "typedef enum\n/* c */"} {
		if !knownHang([]byte(src)) {
			t.Errorf("knownHang(%q) = false", src)
		}
	}
	if knownHang([]byte("enum E { A };\nenum E e;\n")) {
		t.Errorf("knownHang is true for a complete enum")
	}
	src := "int x;\nenum\n"
	_, ok, hung := parseIsolated(t, []byte(src), ILP32)
	if hung {
		t.Fatalf("Parse(%q) does not return within %v", src, isolatedTimeout)
	}
	if ok {
		t.Errorf("Parse(%q) succeeds", src)
	}
}
