package driver

import (
	"reflect"
	"testing"

	"github.com/ladr-dev/ladr/translate/analysis/races"
	"github.com/ladr-dev/ladr/translate/ir"
)

// TestReportProof checks what a result says of the static race analysis:
// the proof's summary when it is the result, else what it found, and the
// pairs (candidates first, capped) for --explain-proof.
func TestReportProof(t *testing.T) {
	a := races.Access{Pos: ir.Pos{File: "p.c", Line: 3, Col: 5}, Thread: "t", Lvalue: "x", Write: true}
	b := races.Access{Pos: ir.Pos{File: "p.c", Line: 9, Col: 2}, Thread: "main", Lvalue: "x", Locks: []string{"m"}}
	proved := &races.Proof{Proved: true, Accesses: 2, Excluded: map[races.Argument]int{races.ArgLock: 1, races.ArgReadOnly: 0},
		Pairs: []races.Pair{{A: a, B: b, Argument: races.ArgLock, Detail: "m"}}}
	c := &checker{opt: Options{ExplainProof: true}, proof: proved, proofTaken: true}
	res := &Result{Result: True}
	c.report(res)
	if want := (&ProofSummary{Accesses: 2, Arguments: map[string]int{"common lock": 1}, Pairs: 1}); !reflect.DeepEqual(res.Proof, want) {
		t.Errorf("proof %+v, want %+v", res.Proof, want)
	}
	if res.StaticAnalysis != nil || len(res.ProofPairs) != 1 || res.ProofPairs[0].String() != "common lock (m)" ||
		res.ProofPairs[0].Accesses[0].Kind != "write" || res.ProofPairs[0].Accesses[1].Location != "p.c:9:2" {
		t.Errorf("static analysis %+v, pairs %+v", res.StaticAnalysis, res.ProofPairs)
	}

	// Not proved: the candidates first, then the excluded pairs, capped.
	cand := races.Pair{A: a, B: a}
	open := &races.Proof{Accesses: 2, Candidates: []races.Pair{cand}, Pairs: []races.Pair{cand}}
	for range MaxProofPairs + 5 {
		open.Pairs = append(open.Pairs, races.Pair{A: a, B: b, Argument: races.ArgOrdered})
	}
	c = &checker{opt: Options{ExplainProof: true}, proof: open}
	res = &Result{Result: Violation}
	c.report(res)
	if res.Proof != nil || !reflect.DeepEqual(res.StaticAnalysis, &StaticAnalysis{Candidates: 1}) {
		t.Errorf("proof %+v, static analysis %+v", res.Proof, res.StaticAnalysis)
	}
	if len(res.ProofPairs) != MaxProofPairs || res.ProofPairsOmitted != 6 || res.ProofPairs[0].String() != "race candidate" || res.ProofPairs[1].Argument != string(races.ArgOrdered) {
		t.Errorf("%d pairs (first %v), %d omitted", len(res.ProofPairs), res.ProofPairs[0], res.ProofPairsOmitted)
	}

	// Declined, without --explain-proof.
	c = &checker{proof: &races.Proof{Declined: "a call through an unknown pointer", DeclinedAt: ir.Pos{File: "p.c", Line: 4, Col: 1}}}
	res = &Result{Result: NoViolationFound}
	c.report(res)
	if !reflect.DeepEqual(res.StaticAnalysis, &StaticAnalysis{Declined: "a call through an unknown pointer", DeclinedAt: "p.c:4:1"}) || res.ProofPairs != nil {
		t.Errorf("static analysis %+v, pairs %v", res.StaticAnalysis, res.ProofPairs)
	}

	// A proof voided by a cut before the analysis is no result.
	c = &checker{proof: proved, proofVoid: "behaviours cut before the analysis: recursion of f deeper than 2"}
	res = &Result{Result: NoViolationFound}
	c.report(res)
	if res.Proof != nil || res.StaticAnalysis == nil || res.StaticAnalysis.Proved || res.StaticAnalysis.Declined == "" {
		t.Errorf("proof %+v, static analysis %+v", res.Proof, res.StaticAnalysis)
	}
}
