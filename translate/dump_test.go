package translate

import (
	"os"
	"testing"

	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/cfront"
	"github.com/ladr-dev/ladr/translate/ir"
)

func TestDump(t *testing.T) {
	path := os.Getenv("LADR_DUMP")
	if path == "" {
		t.Skip()
	}
	p, err := cfront.New().ParseFile(path, cfront.Options{Model: cfront.ILP32})
	if err != nil {
		t.Fatal(err)
	}
	u, err := Run(p, Config{Model: cfront.ILP32, Limits: bound.Limits{Unwind: 2}, Rounds: 2}, nil, RunOptions{StopAfter: os.Getenv("LADR_STOP")})
	if err != nil {
		t.Fatal(err)
	}
	ir.Fprint(os.Stdout, u.Prog, ir.PrintOptions{Comments: true})
}
