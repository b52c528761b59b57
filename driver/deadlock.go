package driver

import (
	"context"
	"time"

	"github.com/ladr-dev/ladr/translate/analysis"
	"github.com/ladr-dev/ladr/translate/analysis/lockorder"
	"github.com/ladr-dev/ladr/translate/ir"
)

// DeadlockNote is the note of a result the static lock-order analysis
// proved deadlock-free: no CBMC run, no bounds.
const DeadlockNote = "static lock-order analysis: no cycle of threads waiting for each other's locks or ends, no lock taken twice, no lock kept at a thread's end; the verdict holds for every bound (CBMC did not run)"

// DeadlockAnalysis is what the static deadlock analysis found (the JSON's
// "deadlock_analysis").
type DeadlockAnalysis struct {
	// DeadlockFree: no execution deadlocks (the result is true).
	DeadlockFree bool `json:"deadlock_free"`
	// Locks and Dependencies are the size of the lock-order graph.
	Locks        int `json:"locks"`
	Dependencies int `json:"dependencies"`
	// Potential are the cycles of waits that threads may close at once;
	// Self the acquisitions of a lock the thread may hold already; Kept
	// the locks a thread may hold when it ends while another takes them.
	Potential []DeadlockCycle `json:"potential_deadlocks,omitempty"`
	Self      []DeadlockWait  `json:"self_deadlocks,omitempty"`
	Kept      []DeadlockKept  `json:"locks_kept_at_thread_end,omitempty"`
	// Declined says what the analysis does not follow (at DeclinedAt):
	// it then concludes nothing.
	Declined   string `json:"declined,omitempty"`
	DeclinedAt string `json:"declined_at,omitempty"`
}

// FoundDeadlock is a deadlock the bounded search reached: the state where
// every live thread waits.
type FoundDeadlock struct {
	Threads []DeadlockThread `json:"threads"`
}

// DeadlockThread is a thread of a deadlock: where it waits (the call, at
// File:Line:Column in Function) for ever.
type DeadlockThread struct {
	Thread   string `json:"thread"`
	Function string `json:"function"`
	File     string `json:"file"`
	Line     int    `json:"line"`
	Column   int    `json:"column"`
	Call     string `json:"call"`
	Source   string `json:"source,omitempty"`
}

// DeadlockCycle is a potential deadlock: each thread holds what the
// previous one waits for.
type DeadlockCycle struct {
	Threads []DeadlockWait `json:"threads"`
}

// DeadlockWait is one thread of a cycle: running Routine, it holds Holds
// (acquired at HeldAt) and waits for WaitsFor at At.
type DeadlockWait struct {
	Routine  string   `json:"routine"`
	Holds    string   `json:"holds"`
	HeldAt   []string `json:"held_at,omitempty"`
	WaitsFor string   `json:"waits_for"`
	At       string   `json:"at"`
}

// DeadlockKept is a lock a thread of Routine may hold when it ends, and an
// acquisition of it by another thread (which then waits forever).
type DeadlockKept struct {
	Routine    string `json:"routine"`
	Lock       string `json:"lock"`
	AcquiredBy string `json:"acquired_by"`
	At         string `json:"at"`
}

// checkDeadlock runs the static lock-order analysis of property deadlock
// over the unbounded program and reports whether it decided the result:
// deadlock-free for every bound (true, no bounds). Else it leaves what it
// found in res.Deadlock (potential deadlocks, or what it does not follow)
// for the bounded search to confirm.
func checkDeadlock(ctx context.Context, prog *ir.Program, opt Options, res *Result) bool {
	t0 := time.Now()
	bd, _, done := within(ctx, func() (*built, error) {
		return buildParsed(ctx, prog, opt, buildPlan{Target: opt.Target, Bounds: res.Bounds, StopAfter: "inline"}), nil
	})
	if !done || ctx.Err() != nil || bd.Err != nil || bd.Unit == nil {
		// The search meets the same failure and reports it.
		return false
	}
	u := bd.Unit
	r := lockorder.Analyze(&analysis.Program{Prog: u.Prog, Entries: u.Entries, Notes: &u.Notes})
	res.TranslateS = time.Since(t0).Seconds()
	da := &DeadlockAnalysis{DeadlockFree: r.DeadlockFree(), Locks: r.Locks, Dependencies: len(r.Deps), Declined: r.Declined}
	if r.DeclinedAt.IsValid() {
		da.DeclinedAt = r.DeclinedAt.String()
	}
	wait := func(d lockorder.Dep) DeadlockWait {
		w := DeadlockWait{Routine: d.Routine.Name, Holds: r.Name(d.From), WaitsFor: r.Name(d.To), At: d.Pos.String()}
		for _, p := range d.HeldAt {
			w.HeldAt = append(w.HeldAt, p.String())
		}
		return w
	}
	for _, c := range r.Cycles {
		dc := DeadlockCycle{}
		for _, d := range c.Deps {
			dc.Threads = append(dc.Threads, wait(d))
		}
		da.Potential = append(da.Potential, dc)
	}
	for _, d := range r.Self {
		da.Self = append(da.Self, wait(d))
	}
	for _, l := range r.Leaks {
		da.Kept = append(da.Kept, DeadlockKept{Routine: l.Routine.Name, Lock: l.Lock, AcquiredBy: l.Acquire.Routine.Name, At: l.Acquire.Pos.String()})
	}
	res.Deadlock = da
	if !da.DeadlockFree {
		return false
	}
	res.Result, res.Bounds = True, Bounds{}
	res.Notes = append(res.Notes, DeadlockNote)
	return true
}
