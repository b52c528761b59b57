package strategy

import (
	"context"
	"errors"
	"fmt"
)

// Member is one search of a portfolio: its configuration (an encoding, a
// schedule) and the backend that makes its attempts (a solver).
type Member struct {
	// Name says which member this is ("cbmc/minisat"), in the tries and
	// notes of the result.
	Name    string
	Config  Config
	Backend Backend
}

// errPortfolioDone ends the members still searching when another member
// has the answer.
var errPortfolioDone = errors.New("another member of the portfolio answered")

// attemptsOnly hides a backend's Prover: the portfolio runs the static
// proof once, not once per member.
type attemptsOnly struct{ Backend }

// Portfolio runs the searches of members at once and combines their
// answers. The static proof of the first member's backend (a Prover) runs
// first, once; when it proves the property no member runs. Otherwise the
// first member to find a violation or prove the property (True) stops the
// others and is the answer (every member is sound: a violation is
// confirmed by its own replay, a proof holds whatever the encoding).
// When none does, the answer is the no-violation-found of the largest
// bounds: the first member's, unless another member's bounds are larger
// in both rounds and unwinding; and when no member completed any bounds,
// the first member's unknown. The result's tries are every member's, each
// named; its notes say what the other members reached.
func Portfolio(ctx context.Context, members []Member) (*Result, error) {
	if len(members) == 0 {
		return nil, errors.New("portfolio: no member")
	}
	res := &Result{}
	if proof, err := staticProof(ctx, members[0].Config, members[0].Backend); err != nil || proof != nil {
		res.Final = proof
		return res, err
	}
	type done struct {
		i   int
		res *Result
		err error
	}
	mctx, stop := context.WithCancelCause(ctx)
	defer stop(nil)
	ch := make(chan done, len(members))
	for i, m := range members {
		go func() {
			r, err := Run(mctx, m.Config, attemptsOnly{m.Backend})
			ch <- done{i, r, err}
		}()
	}
	results := make([]*Result, len(members))
	winner := -1
	var firstErr error
	for range members {
		d := <-ch
		if d.err != nil && firstErr == nil && winner < 0 {
			firstErr = fmt.Errorf("portfolio member %s: %w", members[d.i].Name, d.err)
			stop(errPortfolioDone)
		}
		results[d.i] = d.res
		if winner < 0 && d.err == nil && d.res != nil && d.res.Final != nil &&
			(d.res.Final.Outcome == Violation || d.res.Final.Outcome == True) {
			winner = d.i
			stop(errPortfolioDone)
		}
	}
	if winner < 0 && firstErr != nil {
		return res, firstErr
	}
	pick := winner
	if pick < 0 {
		pick = best(results)
	}
	for i, r := range results {
		if r == nil {
			continue
		}
		for _, t := range r.Tries {
			t.Member = members[i].Name
			res.Tries = append(res.Tries, t)
		}
		if i == pick {
			res.Final = r.Final
			res.Notes = append(res.Notes, r.Notes...)
		}
	}
	if pick >= 0 {
		res.Member = members[pick].Name
	}
	if winner < 0 {
		// Without a winner every member ran to its end: say what the
		// others reached (a winner's rivals were stopped).
		for i, r := range results {
			if i != pick && r != nil {
				res.Notes = append(res.Notes, fmt.Sprintf("portfolio member %s: %s", members[i].Name, summary(r.Final)))
			}
		}
	}
	return res, nil
}

// best returns the index of the result to report when no member found a
// violation or a proof: the first no-violation-found, unless a later one's
// bounds are larger in rounds and unwinding (and larger in one); when
// there is none, the first result with a final attempt; -1 when no member
// has one.
func best(results []*Result) int {
	pick := -1
	for i, r := range results {
		if r == nil || r.Final == nil || r.Final.Outcome != NoViolationFound {
			continue
		}
		if pick < 0 || dominates(r.Final.Plan.Bounds, results[pick].Final.Plan.Bounds) {
			pick = i
		}
	}
	if pick >= 0 {
		return pick
	}
	for i, r := range results {
		if r != nil && r.Final != nil {
			return i
		}
	}
	return -1
}

// dominates reports whether bounds a are at least b's in rounds and
// unwinding, and larger in one.
func dominates(a, b Bounds) bool {
	return a.Rounds >= b.Rounds && a.Unwind >= b.Unwind && (a.Rounds > b.Rounds || a.Unwind > b.Unwind)
}

// summary says in a few words what a member's search ended with.
func summary(a *Attempt) string {
	switch {
	case a == nil:
		return "no bounds completed"
	case a.Outcome == NoViolationFound:
		return fmt.Sprintf("no violation found within rounds %d, unwind %d", a.Plan.Bounds.Rounds, a.Plan.Bounds.Unwind)
	case a.Outcome == Unknown:
		return "unknown: " + a.Reason
	default:
		return string(a.Outcome)
	}
}
