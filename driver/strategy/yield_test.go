package strategy

import (
	"context"
	"errors"
	"testing"
	"time"
)

func TestShouldYield(t *testing.T) {
	tests := []struct {
		name     string
		visible  []int // translations, in order
		answered bool
		want     bool
	}{
		{"nothing translated yet", nil, false, true},
		{"small program", []int{120}, false, false},
		{"large program", []int{LargeProgram}, false, true},
		{"large at the second bounds", []int{300, 1500}, false, true},
		{"large, smaller later", []int{1500, 300}, false, true},
		{"large but answered", []int{5000}, true, false},
		{"answered before any translation", nil, true, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := &WholeProgress{}
			for _, v := range tc.visible {
				w.Translated(v)
			}
			if tc.answered {
				w.Answered()
			}
			if got := w.ShouldYield(); got != tc.want {
				t.Errorf("ShouldYield() = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestYield(t *testing.T) {
	// A large program with no answer: the search's context ends with
	// ErrYield, the caller's does not.
	w := &WholeProgress{}
	w.Translated(2 * LargeProgram)
	parent, stop := context.WithCancel(context.Background())
	defer stop()
	ctx, cancel := Yield(parent, time.Millisecond, 0, w)
	defer cancel()
	select {
	case <-ctx.Done():
	case <-time.After(10 * time.Second):
		t.Fatal("the search's context did not end")
	}
	if !errors.Is(context.Cause(ctx), ErrYield) {
		t.Errorf("cause %v, want ErrYield", context.Cause(ctx))
	}
	if parent.Err() != nil {
		t.Error("the caller's context ended")
	}

	// Cancelled before the time: the cause is not ErrYield.
	ctx, cancel = Yield(parent, time.Hour, 0, w)
	cancel()
	if errors.Is(context.Cause(ctx), ErrYield) {
		t.Error("cancel gave ErrYield")
	}

	// Too little time left for a slice: the search goes on.
	short, stopShort := context.WithTimeout(context.Background(), time.Second)
	defer stopShort()
	ctx, cancel = Yield(short, time.Millisecond, time.Hour, w)
	defer cancel()
	<-short.Done()
	if errors.Is(context.Cause(ctx), ErrYield) {
		t.Error("yielded without the time a slice needs")
	}
}
