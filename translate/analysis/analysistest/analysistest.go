// Package analysistest loads small C programs for the tests of the static
// analyses (package analysis): the program as the analyses see it, main
// and the start routines with their callees inlined and loops kept.
package analysistest

import (
	"testing"

	"github.com/ladr-dev/ladr/translate"
	"github.com/ladr-dev/ladr/translate/analysis"
	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/cfront"
	"github.com/ladr-dev/ladr/translate/seq"
)

// Load parses a C program (LP64) and runs the passes up to inline.
func Load(t *testing.T, src string) *analysis.Program {
	t.Helper()
	p, err := cfront.New().Parse("t.c", []byte(src), cfront.Options{Model: cfront.LP64})
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	u, err := translate.Run(p, translate.Config{Model: cfront.LP64, Limits: bound.Limits{Unwind: 2, Recursion: 2}, Rounds: 2, Property: seq.Race}, nil,
		translate.RunOptions{StopAfter: "inline"})
	if err != nil {
		t.Fatalf("translate: %v", err)
	}
	return &analysis.Program{Prog: u.Prog, Entries: u.Entries, Notes: &u.Notes}
}
