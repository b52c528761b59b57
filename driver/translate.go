package driver

import (
	"bytes"
	"context"
	"errors"
	"fmt"

	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/cfront"
	"github.com/ladr-dev/ladr/translate/ir"
)

// UnknownError reports that a program cannot be translated: it uses a
// construct ladr does not model.
type UnknownError struct {
	Pos    ir.Pos
	Reason string
}

func (e *UnknownError) Error() string {
	if e.Pos.IsValid() {
		return fmt.Sprintf("%s: %s", e.Pos, e.Reason)
	}
	return e.Reason
}

// Translate returns the sequentialized program as C text, or the program
// after the pass named dumpAfter.
func Translate(opt Options, dumpAfter string, comments bool) (string, error) {
	if err := resolveTask(&opt); err != nil {
		return "", err
	}
	if opt.Rounds <= 0 {
		opt.Rounds = 2
	}
	fe := opt.Frontend
	if fe == nil {
		fe = cfront.New()
	}
	bd, err := build(context.Background(), fe, opt, buildPlan{Target: opt.Target, Bounds: Bounds{Rounds: opt.Rounds, Unwind: opt.Unwind, UnwindSet: opt.UnwindSet}, Check: true, StopAfter: dumpAfter})
	if err != nil {
		return "", err
	}
	if err := bd.Err; err != nil {
		var ue *bound.UnsupportedError
		if errors.As(err, &ue) {
			return "", &UnknownError{Pos: ue.Pos, Reason: "unsupported: " + ue.What}
		}
		if bd.Unit == nil {
			return "", err
		}
		return "", &UnknownError{Reason: "translation failed: " + err.Error()}
	}
	u := bd.Unit
	var buf bytes.Buffer
	if _, err := ir.Fprint(&buf, u.Prog, ir.PrintOptions{Comments: comments}); err != nil {
		return "", err
	}
	return buf.String(), nil
}
