// Package shadow is LaDR's data race instrumentation (section 4 of the LaDR
// paper): it rewrites the expressions of the sequentialized threads so that
// the last visible statement of a nondeterministically chosen context C1
// marks the shared locations it writes, and the first visible statement of
// the next context C2 checks whether it accesses a marked location.
package shadow

import (
	"errors"

	"github.com/ladr-dev/ladr/translate"
	"github.com/ladr-dev/ladr/translate/seq"
)

// Instrumenter implements translate.Instrumenter.
type Instrumenter struct {
	target translate.Target
}

// New returns the race instrumentation for a target.
func New(t translate.Target) *Instrumenter { return &Instrumenter{target: t} }

// Instrument implements translate.Instrumenter.
func (in *Instrumenter) Instrument(u *translate.Unit) (seq.DriverExt, error) {
	return nil, errors.New("race instrumentation not implemented yet")
}
