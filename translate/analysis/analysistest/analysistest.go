// Package analysistest loads small C programs for the tests of the static
// analyses (package analysis): the program as the analyses see it, main
// and the start routines with their callees inlined and loops kept.
package analysistest

import (
	"os"
	"path/filepath"
	"strings"
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

// Task is one task of an SV-COMP INDEX.tsv (../shared/svcomp's): its
// .yml, the expected no-data-race verdict ("true" or "false"), its input
// file, the input's text and the task's data model.
type Task struct {
	YML, Expected, Input string
	Src                  []byte
	Model                cfront.Model
}

// SVCOMP returns the directory of the SV-COMP tasks (LADR_SVCOMP, else
// ../shared/svcomp from a package of translate/analysis) and its
// INDEX.tsv, and skips the test when the index is not there or in -short
// mode.
func SVCOMP(t *testing.T) (dir, index string) {
	t.Helper()
	if testing.Short() {
		t.Skip("short")
	}
	dir = os.Getenv("LADR_SVCOMP")
	if dir == "" {
		dir = filepath.Join("..", "..", "..", "..", "shared", "svcomp")
	}
	index = filepath.Join(dir, "INDEX.tsv")
	if _, err := os.Stat(index); err != nil {
		t.Skipf("no SV-COMP tasks: %v", err)
	}
	return dir, index
}

// Index reads the tasks of an SV-COMP INDEX.tsv whose .yml path contains
// filter, for the development tests that run an analysis over them.
func Index(t *testing.T, index, filter string) []Task {
	t.Helper()
	data, err := os.ReadFile(index)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Dir(index)
	var out []Task
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Split(line, "\t")
		if len(f) < 3 || strings.HasPrefix(line, "#") || !strings.Contains(f[0], filter) {
			continue
		}
		yml, _ := os.ReadFile(filepath.Join(dir, f[0]))
		m := cfront.LP64
		if strings.Contains(string(yml), "ILP32") {
			m = cfront.ILP32
		}
		src, err := os.ReadFile(filepath.Join(dir, f[2]))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, Task{YML: f[0], Expected: f[1], Input: f[2], Src: src, Model: m})
	}
	return out
}
