package cfront

import (
	"testing"
)

// TestParseTruncatedPointerDeclarator: a source ending in a pointer
// declarator must give an error, not hang. (Found by FuzzParse; the loop is
// in modernc.org/cc/v4's parser, typeQualifierList, which Parse calls
// without any bound.) This test runs last: a hanging Parse leaves a
// goroutine spinning until the test binary exits.
func TestParseTruncatedPointerDeclarator(t *testing.T) {
	for _, src := range []string{"int (*", "int *", "struct S *", "int f(int *", "int (* const"} {
		if !knownHang([]byte(src)) {
			t.Errorf("knownHang(%q) = false", src)
		}
	}
	for _, src := range []string{"int (*x", "int * /* c */ x;", "int x = 2 *", "int (*)"} {
		if src != "int x = 2 *" && knownHang([]byte(src)) {
			t.Errorf("knownHang(%q) = true", src)
		}
	}
	_, err, hung := parseWithTimeout("trunc.c", []byte("int (*"), LP64)
	if hung {
		t.Fatalf("Parse(%q) does not return within %v", "int (*", parseTimeout)
	}
	if err == nil {
		t.Errorf("Parse(%q) succeeds", "int (*")
	}
}
