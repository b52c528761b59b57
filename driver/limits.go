package driver

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"sync"
	"time"

	"github.com/ladr-dev/ladr/driver/strategy"
	"github.com/ladr-dev/ladr/internal/memstat"
)

// Interrupted is the cause a caller gives when it cancels a check because
// the user interrupted it (a signal): the result is unknown, "interrupted",
// never a bounded "no violation found".
type Interrupted struct {
	// Signal names what interrupted the check, e.g. "SIGTERM".
	Signal string
}

func (e *Interrupted) Error() string { return "interrupted by " + e.Signal }

// MemoryLimitError is the cause of a check stopped because ladr's own
// memory went over Options.MemoryLimitMB.
type MemoryLimitError struct {
	// LimitMB is the budget in MiB.
	LimitMB int
}

func (e *MemoryLimitError) Error() string {
	return fmt.Sprintf("memory limit (%d MB) reached", e.LimitMB)
}

// timeoutError is the cause of a check stopped by Options.Timeout.
type timeoutError struct{ d time.Duration }

func (e *timeoutError) Error() string { return fmt.Sprintf("timeout after %s", e.d) }

// phaseTracker keeps the phase a check is in (parsing, translating at
// some bounds, running CBMC, replaying) for the reason of a check that is
// stopped; phases may change from several goroutines.
type phaseTracker struct {
	mu   sync.Mutex
	cur  string
	sink func(string)
}

func (p *phaseTracker) set(s string) {
	p.mu.Lock()
	p.cur = s
	p.mu.Unlock()
	if p.sink != nil {
		p.sink(s)
	}
}

func (p *phaseTracker) get() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.cur
}

// stopReason says why ctx ended, and in which phase: a timeout, an
// interruption or the memory limit. It returns "" while ctx is live.
func stopReason(ctx context.Context, phase string) string {
	if ctx.Err() == nil {
		return ""
	}
	cause := context.Cause(ctx)
	var s string
	var te *timeoutError
	var in *Interrupted
	var me *MemoryLimitError
	switch {
	case errors.As(cause, &te), errors.As(cause, &in), errors.As(cause, &me), errors.Is(cause, strategy.ErrYield):
		s = cause.Error()
	case errors.Is(cause, context.DeadlineExceeded):
		s = "timeout (the caller's deadline)"
	default:
		s = "cancelled: " + cause.Error()
	}
	if phase != "" {
		s += " while " + phase
	}
	return s
}

// stoppedEarly reports whether ctx was ended by something other than the
// check's own time limit (an interruption, the memory limit, the caller):
// then the bounds the check completed are no answer.
func stoppedEarly(ctx context.Context) bool {
	if ctx.Err() == nil {
		return false
	}
	var te *timeoutError
	return !errors.As(context.Cause(ctx), &te)
}

// within runs f unless ctx ends first; ok is false when it did. f goes on
// in the background until it returns, and its result is dropped: the
// front end (modernc.org/cc/v4's preprocessor and parser) cannot be
// interrupted, so a check stops waiting for it rather than stopping it.
// The translation can: build gives it ctx, and it stops at the next pass.
// The command-line tool runs checks in a supervised child process that is
// killed when it does not end in time (package supervise).
func within[T any](ctx context.Context, f func() (T, error)) (v T, err error, ok bool) {
	type result struct {
		v   T
		err error
	}
	ch := make(chan result, 1)
	go func() {
		v, err := f()
		ch <- result{v, err}
	}()
	select {
	case r := <-ch:
		return r.v, r.err, true
	case <-ctx.Done():
		var zero T
		return zero, nil, false
	}
}

// watchMemory stops a check (cancel with a *MemoryLimitError) when the
// resident memory of this process goes over limitMB, checking every
// interval until ctx ends. It also sets the Go runtime's soft memory limit
// a little below the budget, so that the collector works harder before
// the check is stopped; the previous soft limit is restored when ctx ends.
// The memory of CBMC, which runs as a child process, is limited by CBMC's
// own address-space limit.
func watchMemory(ctx context.Context, cancel context.CancelCauseFunc, limitMB int, interval time.Duration) {
	if limitMB <= 0 {
		return
	}
	limit := int64(limitMB) << 20
	prev := debug.SetMemoryLimit(limit / 10 * 9)
	go func() {
		defer debug.SetMemoryLimit(prev)
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				if rss, ok := memstat.Resident(); ok && rss > limit {
					cancel(&MemoryLimitError{LimitMB: limitMB})
					return
				}
			}
		}
	}()
}
