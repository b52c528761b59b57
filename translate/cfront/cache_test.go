package cfront

import (
	"bytes"
	"testing"

	"github.com/ladr-dev/ladr/translate/ir"
)

// printed lowers src with fe and prints the program.
func printed(t *testing.T, fe *Frontend, name, src string, opts Options) string {
	t.Helper()
	p, err := fe.Parse(name, []byte(src), opts)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var b bytes.Buffer
	if _, err := ir.Fprint(&b, p, ir.PrintOptions{}); err != nil {
		t.Fatalf("%s: print: %v", name, err)
	}
	return b.String()
}

// TestASTCache: a second parse of the same sources lowers the AST the
// first one kept (no preprocessing and parsing again) into the same
// program, a fresh one that the first program's changes do not reach;
// other sources, defines or data models parse anew.
func TestASTCache(t *testing.T) {
	tests := []struct {
		name, src string
		opts      Options
	}{
		{"plain", "int x; int main(void) { x = 1; return x; }", Options{Model: LP64}},
		{"library models", `#include <stdlib.h>
#include <stdio.h>
#include <pthread.h>
int n;
void *w(void *a) { n = atoi("3"); printf("%d\n", n); return 0; }
int main(int argc, char **argv) { pthread_t t; pthread_create(&t, 0, w, 0); n = argc; return 0; }`, Options{Model: LP64, Args: []string{"a"}}},
		// The program's optind conflicts with the getopt model's: the
		// program stays without the models, from the kept AST too.
		{"model conflict", `double optind;
int getopt(int, char *const[], const char *);
int main(int c, char **v) { return getopt(c, v, "a"); }`, Options{Model: LP64}},
		{"ilp32", "long l; int main(void) { return sizeof l; }", Options{Model: ILP32}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			want := printed(t, New(), "t.c", tc.src, tc.opts)
			fe := New()
			p1, err := fe.Parse("t.c", []byte(tc.src), tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			n := fe.translations
			// Change the first program as a translation does.
			for _, f := range p1.Funcs {
				f.Name += "_changed"
				f.Body = nil
			}
			if got := printed(t, fe, "t.c", tc.src, tc.opts); got != want {
				t.Errorf("second parse differs from a fresh one:\n%s\nwant:\n%s", got, want)
			}
			if fe.translations != n {
				t.Errorf("the second parse ran cc.Translate %d more time(s)", fe.translations-n)
			}
			o := tc.opts
			o.Defines = append(o.Defines, "EXTRA=1")
			printed(t, fe, "t.c", tc.src, o)
			if fe.translations == n {
				t.Error("a parse with another define used the kept AST")
			}
			if len(fe.linked) > maxLinked {
				t.Errorf("%d ASTs kept, at most %d", len(fe.linked), maxLinked)
			}
		})
	}
}

// TestParseKey: every option that changes a parse changes its key.
func TestParseKey(t *testing.T) {
	base := Options{Model: LP64}
	k := parseKey("t.c", []byte("int x;"), base)
	for _, tc := range []struct {
		name string
		o    Options
		src  string
	}{
		{"text", base, "int y;"},
		{"model", Options{Model: ILP32}, "int x;"},
		{"std", Options{Model: LP64, Std: "c99"}, "int x;"},
		{"define", Options{Model: LP64, Defines: []string{"A"}}, "int x;"},
		{"undefine", Options{Model: LP64, Undefines: []string{"A"}}, "int x;"},
		{"include path", Options{Model: LP64, IncludePaths: []string{"/x"}}, "int x;"},
		{"no arguments", Options{Model: LP64, Args: []string{}}, "int x;"},
		{"arguments", Options{Model: LP64, Args: []string{"a"}}, "int x;"},
	} {
		if parseKey("t.c", []byte(tc.src), tc.o) == k {
			t.Errorf("%s: same key as the base parse", tc.name)
		}
	}
	if parseKey("t.c", []byte("int x;"), Options{Model: LP64}) != k {
		t.Error("the same parse has another key")
	}
}
