package driver

import (
	"bytes"
	"context"
	"errors"
	"fmt"

	"github.com/ladr-dev/ladr/translate"
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

// TranslateOptions say what Translate prints besides the final program.
type TranslateOptions struct {
	// DumpAfter names passes after which the program is printed too, each
	// headed by a comment naming the pass; the run goes on.
	DumpAfter []string
	// StopAfter ends the run after the named pass: the program at that
	// point is the result ("" runs every pass).
	StopAfter string
	// Comments annotates statements with their original position.
	Comments bool
}

// Translate returns the sequentialized program as C text, preceded by the
// dumps topt asks for.
func Translate(opt Options, topt TranslateOptions) (string, error) {
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
	var buf bytes.Buffer
	dump := map[string]bool{}
	for _, name := range topt.DumpAfter {
		if err := translate.KnownPass(name); err != nil {
			return "", err
		}
		dump[name] = true
	}
	after := func(pass string, u *translate.Unit) error {
		if !dump[pass] || pass == topt.StopAfter {
			// The program after StopAfter is the result itself.
			return nil
		}
		fmt.Fprintf(&buf, "/* ladr: the program after pass %s */\n", pass)
		_, err := ir.Fprint(&buf, u.Prog, ir.PrintOptions{Comments: topt.Comments})
		return err
	}
	bd, err := build(context.Background(), fe, opt, buildPlan{Target: opt.Target, Bounds: Bounds{Rounds: opt.Rounds, Unwind: opt.Unwind, UnwindSet: opt.UnwindSet}, Check: true, StopAfter: topt.StopAfter, AfterPass: after})
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
	if len(dump) > 0 {
		what := "the sequentialized program"
		if topt.StopAfter != "" {
			what = "the program after pass " + topt.StopAfter
		}
		fmt.Fprintf(&buf, "/* ladr: %s */\n", what)
	}
	u := bd.Unit
	if _, err := ir.Fprint(&buf, u.Prog, ir.PrintOptions{Comments: topt.Comments}); err != nil {
		return "", err
	}
	return buf.String(), nil
}
