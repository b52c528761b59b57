package cfront_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/ladr-dev/ladr/translate/analysis/analysistest"
	"github.com/ladr-dev/ladr/translate/cfront"
	"github.com/ladr-dev/ladr/translate/ir"
)

// TestSVCOMPCachedParse parses every SV-COMP input of $LADR_SVCOMP twice
// with one Frontend, in its task's data model, and checks that the second
// parse (from the kept AST) prints the same program as a fresh one.
// Skipped unless LADR_SVCOMP is set.
func TestSVCOMPCachedParse(t *testing.T) {
	dir := os.Getenv("LADR_SVCOMP")
	if dir == "" {
		t.Skip("set LADR_SVCOMP to the svcomp directory")
	}
	type parse struct {
		input string
		model cfront.Model
	}
	seen := map[parse]bool{}
	for _, task := range analysistest.Index(t, filepath.Join(dir, "INDEX.tsv"), os.Getenv("LADR_FILTER")) {
		input := filepath.Join(dir, task.Input)
		if seen[parse{input, task.Model}] {
			continue
		}
		seen[parse{input, task.Model}] = true
		opts := cfront.Options{Model: task.Model}
		fe := cfront.New()
		if _, err := fe.Parse(input, task.Src, opts); err != nil {
			continue
		}
		first, ok := printParse(t, cfront.New(), input, task.Src, opts)
		second, ok2 := printParse(t, fe, input, task.Src, opts)
		if ok && ok2 && second != first {
			t.Errorf("%s: the parse from the kept AST differs", input)
		}
	}
}

// printParse parses src with fe and prints the program; ok is false (and the
// test failed) when either fails.
func printParse(t *testing.T, fe *cfront.Frontend, name string, src []byte, opts cfront.Options) (string, bool) {
	t.Helper()
	p, err := fe.Parse(name, src, opts)
	if err != nil {
		t.Errorf("%s: %v", name, err)
		return "", false
	}
	var b bytes.Buffer
	if _, err := ir.Fprint(&b, p, ir.PrintOptions{}); err != nil {
		t.Errorf("%s: print: %v", name, err)
		return "", false
	}
	return b.String(), true
}
