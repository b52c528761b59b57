package translate

import (
	"fmt"

	"github.com/ladr-dev/ladr/translate/ir"
)

// VerifyError is a violation of the IR's invariants found after a pass.
type VerifyError struct {
	Pass string // the pass after which the program is invalid ("" for the front end's output)
	Err  error
}

func (e *VerifyError) Error() string {
	if e.Pass == "" {
		return fmt.Sprintf("the front end's program: %v", e.Err)
	}
	return fmt.Sprintf("after pass %s: %v", e.Pass, e.Err)
}

func (e *VerifyError) Unwrap() error { return e.Err }

// VerifyAfterPass is a RunOptions.AfterPass that checks the program's
// invariants (ir.Verify) after each pass; a violation stops the run with a
// *VerifyError naming the pass. Tests run every pass with it.
func VerifyAfterPass(pass string, u *Unit) error {
	if err := ir.Verify(u.Prog); err != nil {
		return &VerifyError{Pass: pass, Err: err}
	}
	return nil
}
