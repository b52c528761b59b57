package cfront_test

import (
	"errors"
	"testing"

	"github.com/ladr-dev/ladr/shadow"
	"github.com/ladr-dev/ladr/translate"
	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/cfront"
	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/seq"
)

// TestCorpusVerifiesAfterEveryPass lowers each corpus program and runs
// every pass on it, for races and for unreach-call, with ir.Verify on the
// front end's output and after each pass. Translation errors (a program
// without threads or with an unsupported construct) are not this test's
// business; violations of the IR's invariants are.
func TestCorpusVerifiesAfterEveryPass(t *testing.T) {
	fe := cfront.New()
	for _, c := range cfront.Corpus() {
		t.Run(c.Name, func(t *testing.T) {
			t.Parallel()
			for _, prop := range []seq.Property{seq.Race, seq.UnreachCall} {
				p, err := fe.Parse("t.c", []byte(c.Src), cfront.Options{Model: cfront.LP64})
				if err != nil {
					t.Fatal(err)
				}
				if err := ir.Verify(p); err != nil {
					t.Fatalf("the front end's program: %v", err)
				}
				var race []translate.Instrumenter
				if prop == seq.Race {
					race = []translate.Instrumenter{shadow.New(translate.CBMC)}
				}
				cfg := translate.Config{Model: cfront.LP64, Limits: bound.Limits{Unwind: 2}, Rounds: 2, Property: prop}
				_, err = translate.Run(p, cfg, race, translate.RunOptions{AfterPass: translate.VerifyAfterPass})
				var ve *translate.VerifyError
				if errors.As(err, &ve) {
					t.Errorf("property %v: %v", prop, err)
				}
			}
		})
	}
}
