package driver

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/ladr-dev/ladr/driver/strategy"
	"github.com/ladr-dev/ladr/translate/analysis/races"
	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/seq"
)

// StaticProofNote is the note of a result the static race analysis
// proved: no CBMC run, no bounds.
const StaticProofNote = "static race analysis: no two accesses of the program may race in any execution; the verdict holds for every bound (CBMC did not run)"

// WholeProgramProofNote is the note of a result the whole-program race
// analysis (package candidates) proved: no inlining, no CBMC, no bounds.
const WholeProgramProofNote = "whole-program static race analysis: no two accesses of the program may race in any execution, assuming the worst of calls through pointers and of accesses through pointers to bytes; the verdict holds for every bound (no inlining, CBMC did not run)"

// Prove runs the static race analysis of the race property: it translates
// the program Check parsed up to pass prove (the unbounded program, calls
// inlined, loops kept). It returns a True attempt when the analysis proves
// the program race-free and nothing before it stands in the way (an
// unsupported construct, behaviours the inlining cut); else nil, and the
// search runs CBMC. The analysis's outcome is kept for the result
// (c.report).
func (c *checker) Prove(ctx context.Context) (*strategy.Attempt, error) {
	opt := c.opt
	prog := c.parsed
	c.parsed = nil
	if prog == nil || opt.Property.Seq != seq.Race || (opt.NoStaticProof && !opt.ExplainProof) {
		return nil, nil
	}
	c.progress("static race analysis")
	t0 := time.Now()
	b := Bounds{Rounds: opt.Rounds, Unwind: opt.Unwind, UnwindSet: opt.UnwindSet}
	bd, _, done := within(ctx, func() (*built, error) {
		return buildParsed(ctx, prog, opt, buildPlan{Target: opt.Target, Bounds: b, StopAfter: "prove"}), nil
	})
	if !done || ctx.Err() != nil {
		return nil, nil
	}
	u := bd.Unit
	if bd.Err != nil || u == nil {
		// The attempts meet the same failure and report it.
		c.static = &StaticAnalysis{Declined: "not run: the translation failed before it"}
		var ue *bound.UnsupportedError
		if errors.As(bd.Err, &ue) && ue.TooLarge {
			// Too large to inline: the whole-program analysis may answer.
			return c.wholeProof(t0), nil
		}
		return nil, nil
	}
	p := u.Proof
	if p == nil {
		return nil, nil
	}
	c.proof = p
	// The proof is of the program the passes before it left: it stands
	// only when they neither gave up on a construct nor cut behaviours.
	if pos, what := unsupportedIn(u.Entries); what != "" {
		if p.Proved {
			c.proofVoid, c.proofVoidAt = "unsupported: "+what, pos
		}
		return nil, nil
	}
	if !p.Proved {
		// Not proved (candidates, or a construct it declines): the
		// whole-program analysis, which follows other things, may prove.
		return c.wholeProof(t0), nil
	}
	// Cuts in code the threads run (not those in functions nothing
	// calls, which inlining left behind).
	if cuts := bound.CutsIn(u.Entries); len(cuts) > 0 {
		c.proofVoid, c.proofVoidAt = "behaviours cut before the analysis: "+cuts[0].What, cuts[0].Pos
		return c.wholeProof(t0), nil
	}
	if opt.NoStaticProof {
		return nil, nil
	}
	notes := []string{StaticProofNote}
	if opt.Keep != "" {
		notes = append(notes, "--keep: no sequentialized program was made, the static race analysis answered (--static-proof=false makes one)")
	}
	c.proofAttempt = &strategy.Attempt{Outcome: strategy.True, Unit: u, Detail: &detail{},
		TranslateS: time.Since(t0).Seconds(), Notes: notes}
	return c.proofAttempt, nil
}

// wholeProof returns the True attempt of the whole-program race analysis's
// proof (package candidates, run on the program as parsed) when it has one
// and static proofs are wanted, else nil. It stands in for the static race
// analysis of the inlined program where that cannot conclude: the program
// is too large to inline, the inlining cut a recursion, or the analysis
// left candidates or declined; never where the passes found a construct
// ladr does not model.
func (c *checker) wholeProof(t0 time.Time) *strategy.Attempt {
	opt := c.opt
	if c.candidates == nil || !c.candidates.Proved || opt.NoStaticProof || opt.Follow != nil || opt.Property.Seq != seq.Race {
		return nil
	}
	notes := []string{WholeProgramProofNote}
	if opt.Keep != "" {
		notes = append(notes, "--keep: no sequentialized program was made, the whole-program static race analysis answered (--static-proof=false makes one)")
	}
	c.proofAttempt = &strategy.Attempt{Outcome: strategy.True, Detail: &detail{}, TranslateS: time.Since(t0).Seconds(), Notes: notes}
	c.wholeTaken = true
	return c.proofAttempt
}

// unsupportedIn returns the first construct the front end or the passes
// could not model (an ir.Unsupported statement, an ir.Bad expression) in
// the bodies of fns.
func unsupportedIn(fns []*ir.Function) (pos ir.Pos, what string) {
	for _, f := range fns {
		if f == nil || f.Body == nil {
			continue
		}
		ir.Inspect(f.Body, func(n any) bool {
			if what != "" {
				return false
			}
			switch x := n.(type) {
			case *ir.Unsupported:
				pos, what = x.Pos, x.What
			case *ir.Bad:
				pos, what = x.P, x.Why
			}
			return what == ""
		})
		if what != "" {
			return pos, what
		}
	}
	return ir.Pos{}, ""
}

// report adds the static race analysis to res: the proof when it is the
// result, else what the analysis found; and the pairs it considered
// when asked (Options.ExplainProof).
func (c *checker) report(res *Result) {
	p := c.proof
	switch {
	case p == nil:
		res.StaticAnalysis = c.static
	case c.proofTaken && !c.wholeTaken:
		res.Proof = &ProofSummary{Accesses: p.Accesses, Arguments: map[string]int{}, Pairs: len(p.Pairs)}
		for _, a := range races.Arguments {
			if n := p.Excluded[a]; n > 0 {
				res.Proof.Arguments[string(a)] = n
			}
		}
		for a, n := range p.Excluded {
			// An argument the list does not know yet.
			if n > 0 {
				res.Proof.Arguments[string(a)] = n
			}
		}
	default:
		sa := &StaticAnalysis{Declined: p.Declined, Candidates: len(p.Candidates)}
		if p.DeclinedAt.IsValid() {
			sa.DeclinedAt = p.DeclinedAt.String()
		}
		if p.Proved {
			sa.Proved = c.proofVoid == ""
			if c.proofVoid != "" {
				sa.Declined = "proof void: " + c.proofVoid
				if c.proofVoidAt.IsValid() {
					sa.DeclinedAt = c.proofVoidAt.String()
				}
			}
		} else if sa.Declined == "" && sa.Candidates == 0 {
			sa.Declined = "no proof"
		}
		res.StaticAnalysis = sa
	}
	if c.opt.ExplainProof && p != nil {
		pairs := append([]races.Pair{}, p.Candidates...)
		for _, q := range p.Pairs {
			if q.Argument != "" {
				pairs = append(pairs, q)
			}
		}
		for i, q := range pairs {
			if i == MaxProofPairs {
				res.ProofPairsOmitted = len(pairs) - i
				break
			}
			res.ProofPairs = append(res.ProofPairs, ProofPair{Argument: string(q.Argument), Detail: q.Detail,
				Accesses: [2]ProofAccess{proofAccess(q.A), proofAccess(q.B)}})
		}
	}
}

func proofAccess(a races.Access) ProofAccess {
	kind := "read"
	if a.Write {
		kind = "write"
	}
	return ProofAccess{Kind: kind, Location: a.Pos.String(), Thread: a.Thread, Lvalue: a.Lvalue, Atomic: a.Atomic, Locks: a.Locks}
}

// String is the argument of a pair as the report prints it.
func (p ProofPair) String() string {
	if p.Argument == "" {
		return "race candidate"
	}
	if p.Detail != "" {
		return fmt.Sprintf("%s (%s)", p.Argument, p.Detail)
	}
	return p.Argument
}
