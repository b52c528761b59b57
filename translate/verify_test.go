package translate_test

import (
	"bufio"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ladr-dev/ladr/shadow"
	"github.com/ladr-dev/ladr/translate"
	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/cfront"
	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/seq"
)

// verifyConfigs are the configurations every program is translated in: both
// properties the sequentialization knows, the race instrumentation for both
// targets.
var verifyConfigs = []struct {
	name     string
	property seq.Property
	target   translate.Target
}{
	{"race-cbmc", seq.Race, translate.CBMC},
	{"race-generic", seq.Race, translate.Generic},
	{"unreach-call", seq.UnreachCall, translate.CBMC},
}

// verifyPasses translates the program parse returns in every configuration
// with ir.Verify after each pass and reports the violations. Translation
// errors (unsupported input) are not its business.
func verifyPasses(t *testing.T, parse func() (*ir.Program, error), model cfront.Model) {
	t.Helper()
	for _, c := range verifyConfigs {
		p, err := parse()
		if err != nil {
			t.Logf("%s: %v", c.name, err)
			return
		}
		if err := ir.Verify(p); err != nil {
			t.Errorf("%s: %v", c.name, &translate.VerifyError{Err: err})
			return
		}
		cfg := translate.Config{Model: model, Limits: bound.Limits{Unwind: 2}, Rounds: 2, Property: c.property, Target: c.target}
		var race []translate.Instrumenter
		if c.property == seq.Race {
			race = []translate.Instrumenter{shadow.New(c.target)}
		}
		_, err = translate.Run(p, cfg, race, translate.RunOptions{AfterPass: translate.VerifyAfterPass})
		var ve *translate.VerifyError
		if errors.As(err, &ve) {
			t.Errorf("%s: %v", c.name, err)
		}
	}
}

func TestVerifyAfterEveryPass(t *testing.T) {
	progs := map[string]string{"stop after": stopAfterSource}
	for name, src := range passPrograms {
		progs[name] = src
	}
	for name, src := range progs {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			verifyPasses(t, func() (*ir.Program, error) {
				return fe.Parse("t.c", []byte(src), cfront.Options{Model: cfront.LP64})
			}, cfront.LP64)
		})
	}
	examples, _ := filepath.Glob("../examples/*.c")
	for _, path := range examples {
		t.Run(filepath.Base(path), func(t *testing.T) {
			t.Parallel()
			verifyPasses(t, func() (*ir.Program, error) {
				return fe.ParseFile(path, cfront.Options{Model: cfront.LP64})
			}, cfront.LP64)
		})
	}
}

// TestVerifySVCOMP runs every pass with ir.Verify after each on the first
// SV-COMP tasks (LADR_SVCOMP, default ../../shared/svcomp; LADR_VERIFY_TASKS
// tasks, default 60; skipped in -short mode).
func TestVerifySVCOMP(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	root := os.Getenv("LADR_SVCOMP")
	if root == "" {
		root = "../../shared/svcomp"
	}
	index, err := os.Open(filepath.Join(root, "INDEX.tsv"))
	if err != nil {
		t.Skipf("no SV-COMP tasks: %v", err)
	}
	defer index.Close()
	n := 60
	if s := os.Getenv("LADR_VERIFY_TASKS"); s != "" {
		if n, err = strconv.Atoi(s); err != nil {
			t.Fatalf("LADR_VERIFY_TASKS=%q: %v", s, err)
		}
	}
	sc := bufio.NewScanner(index)
	for sc.Scan() && n > 0 {
		f := strings.Split(sc.Text(), "\t")
		if strings.HasPrefix(f[0], "#") || len(f) < 3 || !strings.HasSuffix(f[2], ".i") {
			continue
		}
		n--
		yml, input := filepath.Join(root, f[0]), filepath.Join(root, f[2])
		t.Run(f[2], func(t *testing.T) {
			model := cfront.ILP32
			if b, err := os.ReadFile(yml); err == nil && strings.Contains(string(b), "LP64") {
				model = cfront.LP64
			}
			verifyPasses(t, func() (*ir.Program, error) {
				return fe.ParseFile(input, cfront.Options{Model: model})
			}, model)
		})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
}
