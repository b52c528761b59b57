package strategy

import (
	"context"
	"errors"
	"sync/atomic"
	"time"
)

// The whole program's search yields to slices.
//
// A race check whose whole program gets no answer goes on with slices of
// it (the two threads of a race candidate each). On a large program (a
// Linux driver with its environment model: over a thousand visible
// statements where SV-COMP's other tasks have at most a few hundred) the
// whole program's first bounds alone can take more than the time limit,
// which left no time for the slices. Yield gives the whole program's
// search a share of the time (1/WholeShare): if by then no attempt has
// answered (found a violation, or finished its bounds) and the program is
// large (LargeProgram visible statements, or not even translated yet),
// the search stops and the rest of the time goes to the slices. Where an
// attempt answered in time, or the program is small, the search keeps the
// whole time limit as before.

// WholeShare: the whole program's search gets 1/WholeShare of the time
// limit to answer before it yields to slices.
const WholeShare = 3

// LargeProgram is the number of visible statements from which a program
// is large (Yield).
const LargeProgram = 1000

// ErrYield is the cause with which Yield ends the whole program's search.
var ErrYield = errors.New("the whole program gave no answer in a third of the time limit; its slices were checked instead")

// WholeProgress is what the whole program's search has done so far, for
// Yield; its methods are safe for concurrent use (a portfolio's members
// report to one).
type WholeProgress struct {
	answered   atomic.Bool
	translated atomic.Bool
	visible    atomic.Int64
}

// Answered records an attempt that answered (its outcome is not
// Unknown).
func (w *WholeProgress) Answered() { w.answered.Store(true) }

// Translated records a translation of the program with visible
// statements.
func (w *WholeProgress) Translated(visible int) {
	w.translated.Store(true)
	for {
		old := w.visible.Load()
		if int64(visible) <= old || w.visible.CompareAndSwap(old, int64(visible)) {
			return
		}
	}
}

// ShouldYield reports whether the search should yield now: nothing
// answered and the program is large or not yet translated.
func (w *WholeProgress) ShouldYield() bool {
	if w.answered.Load() {
		return false
	}
	return !w.translated.Load() || w.visible.Load() >= LargeProgram
}

// Yield returns a context for the whole program's search, a child of ctx
// that ends with cause ErrYield when, after the duration after, w says
// the search should yield and ctx leaves at least left for the slices
// (a search that cannot leave them that goes on to ctx's end); the
// caller must call cancel when the search is done.
func Yield(ctx context.Context, after, left time.Duration, w *WholeProgress) (context.Context, context.CancelFunc) {
	wctx, cancel := context.WithCancelCause(ctx)
	t := time.AfterFunc(after, func() {
		if dl, ok := ctx.Deadline(); ok && time.Until(dl) < left {
			return
		}
		if w.ShouldYield() {
			cancel(ErrYield)
		}
	})
	return wctx, func() {
		t.Stop()
		cancel(context.Canceled)
	}
}
