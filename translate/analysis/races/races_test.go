package races_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ladr-dev/ladr/translate"
	"github.com/ladr-dev/ladr/translate/analysis/analysistest"
	"github.com/ladr-dev/ladr/translate/analysis/races"
	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/cfront"
	"github.com/ladr-dev/ladr/translate/seq"
)

var fe = cfront.New()

// prove runs the passes up to prove on a C program.
func prove(t *testing.T, name string, src []byte, model cfront.Model) *races.Proof {
	t.Helper()
	p, err := fe.Parse(name, src, cfront.Options{Model: model})
	if err != nil {
		t.Fatalf("%s: parse: %v", name, err)
	}
	u, err := translate.Run(p, translate.Config{Model: model, Limits: bound.Limits{Unwind: 2, Recursion: 2}, Rounds: 2, Property: seq.Race}, nil,
		translate.RunOptions{StopAfter: "prove"})
	if err != nil {
		return &races.Proof{Declined: "translation: " + err.Error()}
	}
	if u.Proof == nil {
		t.Fatalf("%s: no proof after pass prove", name)
	}
	return u.Proof
}

// TestDebugFiles prints the proofs of the files LADR_PROVE_FILES names
// (a glob), for development.
func TestDebugFiles(t *testing.T) {
	glob := os.Getenv("LADR_PROVE_FILES")
	if glob == "" {
		t.Skip("LADR_PROVE_FILES not set")
	}
	files, _ := filepath.Glob(glob)
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		m := cfront.LP64
		if strings.HasSuffix(f, ".i") {
			m = cfront.ILP32
		}
		pr := prove(t, f, src, m)
		t.Logf("%s: %s", f, pr)
		if os.Getenv("LADR_PROVE_VERBOSE") != "" {
			for _, c := range pr.Candidates {
				t.Logf("   candidate %s %s %s | %s %s %s", c.A.Pos, c.A.Thread, c.A.Lvalue, c.B.Pos, c.B.Thread, c.B.Lvalue)
			}
			for _, c := range pr.Pairs {
				t.Logf("   pair %s %s %s | %s %s %s: %s", c.A.Pos, c.A.Thread, c.A.Lvalue, c.B.Pos, c.B.Thread, c.B.Lvalue, c.Argument)
			}
		}
	}
}

// TestDebugIndex proves every task of an SV-COMP INDEX.tsv (LADR_PROVE_INDEX)
// and prints one line per task: expected verdict and the proof, for
// development.
func TestDebugIndex(t *testing.T) {
	index := os.Getenv("LADR_PROVE_INDEX")
	if index == "" {
		t.Skip("LADR_PROVE_INDEX not set")
	}
	for _, task := range analysistest.Index(t, index, os.Getenv("LADR_PROVE_FILTER")) {
		pr := prove(t, task.Input, task.Src, task.Model)
		verdict := "unproved"
		if pr.Proved {
			verdict = "PROVED"
		}
		t.Logf("RESULT\t%s\t%s\t%s\t%s", task.YML, task.Expected, verdict, pr)
	}
}

// header reads a corpus file's header lines (expected:, proof:).
func header(src []byte) map[string]string {
	h := map[string]string{}
	for _, line := range strings.Split(string(src), "\n") {
		line = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), "*"))
		line = strings.TrimSpace(strings.TrimPrefix(line, "/*"))
		if k, v, ok := strings.Cut(line, ":"); ok {
			k = strings.TrimSpace(k)
			if k == "expected" || k == "proof" {
				h[k] = strings.Fields(v)[0]
			}
		}
		if strings.Contains(line, "*/") {
			break
		}
	}
	return h
}

// TestCorpus runs the analysis on the corpus of testdata (README.md): no
// racy program may be proved race-free, and every race-free program whose
// header says "proof: expected" must be.
func TestCorpus(t *testing.T) {
	for _, dir := range []string{"racy", "racefree"} {
		files, err := filepath.Glob(filepath.Join("testdata", dir, "*.c"))
		if err != nil || len(files) == 0 {
			t.Fatalf("no corpus in testdata/%s: %v", dir, err)
		}
		for _, f := range files {
			f := f
			t.Run(filepath.Base(f), func(t *testing.T) {
				src, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				h := header(src)
				pr := prove(t, f, src, cfront.LP64)
				switch {
				case h["expected"] == "race" && pr.Proved:
					t.Errorf("racy program proved race-free: %s", pr)
				case h["expected"] == "race-free" && h["proof"] == "expected" && !pr.Proved:
					t.Errorf("race-free program not proved: %s", pr)
					for _, c := range pr.Candidates {
						t.Logf("candidate %s %s %s | %s %s %s", c.A.Pos, c.A.Thread, c.A.Lvalue, c.B.Pos, c.B.Thread, c.B.Lvalue)
					}
				case h["expected"] != "race" && h["expected"] != "race-free":
					t.Errorf("no expected verdict in the header")
				}
			})
		}
	}
}

// svcompDir is the SV-COMP tasks of ../shared (LADR_SVCOMP overrides).
func svcompDir() string {
	if d := os.Getenv("LADR_SVCOMP"); d != "" {
		return d
	}
	return filepath.Join("..", "..", "..", "..", "shared", "svcomp")
}

// TestSVCOMPRacyNeverProved runs the analysis on every racy SV-COMP task
// of INDEX.tsv (when ../shared/svcomp is there): none may be proved
// race-free.
func TestSVCOMPRacyNeverProved(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	dir := svcompDir()
	data, err := os.ReadFile(filepath.Join(dir, "INDEX.tsv"))
	if err != nil {
		t.Skipf("no SV-COMP tasks: %v", err)
	}
	n := 0
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Split(line, "\t")
		if len(f) < 3 || strings.HasPrefix(line, "#") || f[1] != "false" {
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
		if pr := prove(t, f[2], src, m); pr.Proved {
			t.Errorf("%s: racy task proved race-free: %s", f[0], pr)
		}
		n++
	}
	if n == 0 {
		t.Fatal("no racy task in INDEX.tsv")
	}
	t.Logf("%d racy tasks, none proved", n)
}

// FuzzProve runs the analysis on mutated programs of the corpus: it must
// neither panic nor fail to stop.
func FuzzProve(f *testing.F) {
	for _, dir := range []string{"racy", "racefree"} {
		files, _ := filepath.Glob(filepath.Join("testdata", dir, "*.c"))
		for _, file := range files {
			src, err := os.ReadFile(file)
			if err == nil {
				f.Add(src)
			}
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		p, err := fe.Parse("fuzz.c", src, cfront.Options{Model: cfront.LP64})
		if err != nil {
			return
		}
		u, err := translate.Run(p, translate.Config{Model: cfront.LP64, Limits: bound.Limits{Unwind: 2, Recursion: 2}, Rounds: 2, Property: seq.Race}, nil,
			translate.RunOptions{StopAfter: "prove"})
		if err != nil || u.Proof == nil {
			return
		}
		_ = u.Proof.String()
	})
}
