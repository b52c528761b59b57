package translate_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/ladr-dev/ladr/translate"
	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/cfront"
	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/seq"
)

// markExt is an instrumentation whose driver extension sets a global of
// its own after the last round.
type markExt struct{ name string }

func (m *markExt) Instrument(u *translate.Unit) (seq.DriverExt, error) {
	return &markDriver{v: u.Prog.AddGlobal(m.name, ir.IntType, nil)}, nil
}

type markDriver struct{ v *ir.Var }

func (d *markDriver) Init(*seq.Driver) []ir.Stmt             { return nil }
func (d *markDriver) Enabled(*seq.Driver, int) ir.Expr       { return nil }
func (d *markDriver) Before(*seq.Driver, int, int) []ir.Stmt { return nil }
func (d *markDriver) After(*seq.Driver, int, int) []ir.Stmt  { return nil }
func (d *markDriver) Final(dr *seq.Driver) []ir.Stmt {
	return []ir.Stmt{&ir.ExprStmt{Loc: ir.Loc{Func: "main"}, X: ir.Set(ir.Ref(d.v), ir.IntConst(1))}}
}

// TestSeveralInstrumentations: every instrumentation given runs, in order,
// and each one's driver extension is part of the main driver.
func TestSeveralInstrumentations(t *testing.T) {
	p, err := fe.Parse("t.c", []byte(`
#include <pthread.h>
int x;
void *w(void *a) { x = 1; return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); pthread_join(t, 0); return 0; }
`), cfront.Options{Model: cfront.LP64})
	if err != nil {
		t.Fatal(err)
	}
	insts := []translate.Instrumenter{&markExt{"mark_one"}, &markExt{"mark_two"}}
	u, err := translate.Run(p, translate.Config{Model: cfront.LP64, Limits: bound.Limits{Unwind: 2}, Rounds: 2, Property: seq.Assert}, insts, translate.RunOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := ir.Fprint(&buf, u.Prog, ir.PrintOptions{}); err != nil {
		t.Fatal(err)
	}
	text := buf.String()
	one, two := strings.Index(text, "mark_one = 1;"), strings.Index(text, "mark_two = 1;")
	if one < 0 || two < 0 || two < one {
		t.Errorf("the driver does not end with both extensions' statements in order (at %d and %d):\n%s", one, two, text)
	}
}
