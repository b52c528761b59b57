package main

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"
)

// progress prints a one-line status (done/total, elapsed, violations found,
// false alarms) to a terminal, redrawing it when a task finishes and once a
// second. A progress with a nil writer prints nothing.
type progress struct {
	mu      sync.Mutex
	w       io.Writer
	total   int
	start   time.Time
	done    int
	found   int
	alarms  int
	unknown int
	stop    chan struct{}
	stopped chan struct{}
}

// isTerminal reports whether f is a character device (a terminal).
func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// newProgress starts the indicator; w may be nil for none.
func newProgress(w io.Writer, total int) *progress {
	p := &progress{w: w, total: total, start: time.Now(),
		stop: make(chan struct{}), stopped: make(chan struct{})}
	p.draw()
	go p.tick()
	return p
}

// tick redraws the line every second until Finish.
func (p *progress) tick() {
	defer close(p.stopped)
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-p.stop:
			return
		case <-t.C:
			p.mu.Lock()
			p.draw()
			p.mu.Unlock()
		}
	}
}

// Add counts one finished task.
func (p *progress) Add(o outcome) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done++
	switch o.Class() {
	case classCorrectViolation:
		p.found++
	case classFalseAlarm:
		p.alarms++
	case classUnknown:
		p.unknown++
	}
	p.draw()
}

// draw writes the status line; the caller holds p.mu.
func (p *progress) draw() {
	if p.w == nil {
		return
	}
	fmt.Fprintf(p.w, "\r\033[K[%d/%d] %s  found %d  false alarms %d  unknown %d",
		p.done, p.total, time.Since(p.start).Round(time.Second), p.found, p.alarms, p.unknown)
}

// Errorf prints an error line to w (or, without a terminal, to fallback),
// keeping the status line below it.
func (p *progress) Errorf(fallback io.Writer, format string, args ...any) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.w == nil {
		fmt.Fprintf(fallback, format+"\n", args...)
		return
	}
	fmt.Fprintf(p.w, "\r\033[K"+format+"\n", args...)
	p.draw()
}

// Finish stops the redraws and clears the line.
func (p *progress) Finish() {
	close(p.stop)
	<-p.stopped
	if p.w != nil {
		fmt.Fprint(p.w, "\r\033[K")
	}
}
