package shadow

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ladr-dev/ladr/driver/cbmc"
	"github.com/ladr-dev/ladr/translate"
	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/seq"
)

// RaceAssertion is the message of the final race assertion.
const RaceAssertion = "ladr:race: data race"

// ReleaseAssertion is the message of the final release assertion: no
// release of memory another thread may access ran while another thread
// was alive. Its failure is not a race: the checks of releases are then
// relaxed (NoReleaseChecks) and the program checked again.
const ReleaseAssertion = "ladr:release: a block was released while another thread was alive"

// Kinds of the assertions the instrumentation adds (seq.AssertSite.Kind).
const (
	// KindRace is the race assertion (RaceAssertion).
	KindRace = "race"
	// KindRelease is the release assertion (ReleaseAssertion).
	KindRelease = "release"
)

// RaceReport is what the instrumentation finds in a counterexample of the
// race assertion.
type RaceReport struct {
	Location string
	First    *Site // the write that ends context C1, or the pending access
	Second   *Site // the access of context C2
	// Pending: First had not run; its thread was stopped before it
	// (pending.go).
	Pending bool
}

// driverExt adds the phases of the race detection to the main driver:
//
//	drcx = *; assume(drcx < rounds*threads);
//	for each context cx of thread t:
//	  if (active[t] && !dr2 && cx <= drcx + threads-1) {
//	    dr0 = (cx == drcx); simulate; ...
//	    if (dr1 && cs != pc0) dr2 = 1;   // C2 (non-empty) is over
//	    if (cx == drcx) dr1 = 1;         // C1 is over
//	  }
//	assert(!drd);
type driverExt struct{ in *Instrumenter }

func (e *driverExt) fields() []string {
	fs := []string{fieldWrite}
	if e.in.pending {
		fs = append(fs, fieldPendW, fieldPendR)
	}
	if e.in.atomics {
		fs = append(fs, fieldNonAtom)
	}
	if e.in.bitf {
		fs = append(fs, fieldBitWrite)
		if e.in.atomics {
			fs = append(fs, fieldBitNA)
		}
	}
	return fs
}

func (e *driverExt) Init(d *seq.Driver) []ir.Stmt {
	loc := ir.Loc{Func: "main"}
	var out []ir.Stmt
	if e.in.target != translate.Generic {
		for _, name := range []string{"__CPROVER_field_decl_global", "__CPROVER_field_decl_local"} {
			f := d.Prog.DeclareFunc(name, &ir.Func{Result: ir.VoidType, NoProto: true})
			for _, field := range e.fields() {
				out = append(out, &ir.ExprStmt{Loc: loc, X: ir.CallFn(f, str(field), ir.Lit(0, ir.BoolType))})
			}
		}
	}
	cx := e.in.vars.drcx
	out = append(out,
		&ir.ExprStmt{Loc: loc, X: ir.Set(ir.Ref(cx), d.Nondet())},
		d.Assume(loc, ir.Bin(ir.Lt, ir.Ref(cx), ir.Lit(int64(d.Rounds*d.Threads), ir.UIntType), ir.IntType)))
	return out
}

func (e *driverExt) Enabled(d *seq.Driver, cx int) ir.Expr {
	v := e.in.vars
	var c ir.Expr = &ir.Unary{Op: ir.Not, X: ir.Ref(v.dr2), T: ir.IntType}
	if lo := cx - (d.Threads - 1); lo > 0 {
		c = ir.Bin(ir.LAnd, c, ir.Bin(ir.Ge, ir.Ref(v.drcx), ir.Lit(int64(lo), ir.UIntType), ir.IntType), ir.IntType)
	}
	return c
}

func (e *driverExt) Before(d *seq.Driver, cx, t int) []ir.Stmt {
	v := e.in.vars
	loc := ir.Loc{Func: "main"}
	out := []ir.Stmt{&ir.ExprStmt{Loc: loc, X: ir.Set(ir.Ref(v.dr0), ir.Bin(ir.Eq, ir.Ref(v.drcx), ir.Lit(int64(cx), ir.UIntType), ir.IntType))}}
	if e.in.ambiguous {
		out = append(out, &ir.ExprStmt{Loc: loc, X: ir.Set(ir.Ref(v.p1), ir.Lit(0, ir.BoolType))})
	}
	return out
}

func (e *driverExt) After(d *seq.Driver, cx, t int) []ir.Stmt {
	v := e.in.vars
	loc := ir.Loc{Func: "main"}
	set := func(x *ir.Var) ir.Stmt {
		return &ir.ExprStmt{Loc: loc, X: ir.Set(ir.Ref(x), ir.Lit(1, ir.BoolType))}
	}
	nonEmpty := ir.Bin(ir.Ne, ir.Ref(d.CS), ir.Ref(d.PCBefore), ir.IntType)
	return []ir.Stmt{
		&ir.If{Loc: loc, Cond: ir.Bin(ir.LAnd, ir.Ref(v.dr1), nonEmpty, ir.IntType), Then: ir.NewBlock(loc, set(v.dr2))},
		&ir.If{Loc: loc, Cond: ir.Bin(ir.Eq, ir.Ref(v.drcx), ir.Lit(int64(cx), ir.UIntType), ir.IntType), Then: ir.NewBlock(loc, set(v.dr1))},
	}
}

func (e *driverExt) Final(d *seq.Driver) []ir.Stmt {
	loc := ir.Loc{Func: "main"}
	var race ir.Expr = ir.Ref(e.in.vars.drd)
	if e.in.ambiguous {
		// A stale guess invalidates C1's marks, not the pending ones.
		var valid ir.Expr = &ir.Unary{Op: ir.Not, X: ir.Ref(e.in.vars.stale), T: ir.IntType}
		if e.in.pending {
			valid = ir.Bin(ir.LOr, valid, ir.Ref(e.in.vars.drp), ir.IntType)
		}
		race = ir.Bin(ir.LAnd, race, valid, ir.IntType)
	}
	if at := e.in.targetSites(); at != nil {
		// A witness's race: the access detected is on its target line.
		race = ir.Bin(ir.LAnd, race, at, ir.IntType)
	}
	// assert(!bad) for a property: reach_error() in the generic target.
	check := func(bad ir.Expr, kind, msg, text string) ir.Stmt {
		if d.Guard != nil {
			bad = ir.Bin(ir.LAnd, bad, ir.Clone(d.Guard), ir.IntType)
		}
		if e.in.target == translate.Generic {
			re := d.Prog.DeclareFunc("reach_error", &ir.Func{Result: ir.VoidType})
			call := &ir.ExprStmt{Loc: loc, X: ir.CallFn(re)}
			d.Asserts[msg] = seq.AssertSite{Kind: kind, Loc: loc, Text: text, Stmt: call}
			return &ir.If{Loc: loc, Cond: bad, Then: ir.NewBlock(loc, call)}
		}
		af := d.Prog.DeclareFunc("__CPROVER_assert", &ir.Func{Result: ir.VoidType, Params: []ir.Type{ir.BoolType, ir.CharPtrType}})
		st := &ir.ExprStmt{Loc: loc, X: ir.CallFn(af, &ir.Unary{Op: ir.Not, X: bad, T: ir.IntType}, str(msg))}
		d.Asserts[msg] = seq.AssertSite{Kind: kind, Loc: loc, Text: text, Stmt: st}
		return st
	}
	out := []ir.Stmt{check(race, KindRace, RaceAssertion, "data race")}
	if rel := e.in.vars.rel; rel != nil {
		out = append(out, check(ir.Ref(rel), KindRelease, ReleaseAssertion, "release while another thread is alive"))
	}
	return out
}

// targetSites returns the condition that the race is between accesses on
// the target lines of the witness followed, when it names both accesses
// (YAML's two targets): the detected access is on one and so is the write
// it races with (the write that ended C1: a write of that statement, or the
// tracked write of the generic target). Nil when no witness is followed,
// it has fewer targets, or no access is on its target lines: any race
// along the witness's path then counts. With pending checks, the first
// access is the pending one when a pending mark was hit (drp).
func (in *Instrumenter) targetSites() ir.Expr {
	if in.follow == nil {
		return nil
	}
	targets := 0
	for _, w := range in.follow.Waypoints {
		if w.Target {
			targets++
		}
	}
	if targets < 2 {
		// One target: a GraphML witness's last edge, which need not be
		// either access (a trace may end after them, or before the
		// access a context switch detects): any race along the path.
		return nil
	}
	lines := in.follow.Targets()
	var second, first, pend ir.Expr
	regions, pregions := map[int]bool{}, map[int]bool{}
	for i, s := range in.Sites {
		if !lines[s.Pos.Line] || !in.follow.InFile(s.Pos) {
			continue
		}
		id := ir.Lit(int64(i+1), ir.UIntType)
		second = or(second, ir.Bin(ir.Eq, ir.Ref(in.vars.drd), id, ir.IntType))
		if in.pending {
			// The pending access (read or write) is on a target line.
			if in.target == translate.Generic {
				pend = or(pend, ir.Bin(ir.Eq, ir.Ref(in.vars.pk), ir.Lit(int64(i+1), ir.UIntType), ir.IntType))
			} else if !pregions[s.Region] {
				pregions[s.Region] = true
				pend = or(pend, ir.Bin(ir.Eq, ir.Ref(in.vars.c1p), ir.Lit(int64(s.Region), ir.UIntType), ir.IntType))
			}
		}
		if !s.Write {
			continue
		}
		if in.target == translate.Generic {
			first = or(first, ir.Bin(ir.Eq, ir.Ref(in.vars.wk), ir.Lit(int64(i+1), ir.UIntType), ir.IntType))
		} else if !regions[s.Region] {
			regions[s.Region] = true
			first = or(first, ir.Bin(ir.Eq, ir.Ref(in.vars.c1), ir.Lit(int64(s.Region), ir.UIntType), ir.IntType))
		}
	}
	if in.pending {
		// A hit of a pending mark (drp) names the pending access; any
		// other names C1's write.
		drp := ir.Ref(in.vars.drp)
		if first != nil {
			first = ir.Bin(ir.LAnd, &ir.Unary{Op: ir.Not, X: drp, T: ir.IntType}, first, ir.IntType)
		}
		if pend != nil {
			first = or(first, ir.Bin(ir.LAnd, ir.Clone(drp), pend, ir.IntType))
		}
	}
	if second == nil || first == nil {
		return nil
	}
	return ir.Bin(ir.LAnd, second, first, ir.IntType)
}

// ReportRace reads, from a counterexample of the race assertion, the
// detected access (drd) and the write of C1 (c1 and drw, or wk).
func (in *Instrumenter) ReportRace(u *translate.Unit, sm *ir.SourceMap, trace []cbmc.Step) (*RaceReport, error) {
	last := map[string]uint64{}
	for _, st := range trace {
		if st.Type != cbmc.StepAssignment {
			continue
		}
		switch st.LHS {
		case "__ladr_drd", "__ladr_c1", "__ladr_wk", "__ladr_c1p", "__ladr_drp", "__ladr_pk":
			if v, ok := stepValue(st.Value); ok {
				last[st.LHS] = v
			}
		}
	}
	drd := last["__ladr_drd"]
	if drd == 0 || drd > uint64(len(in.Sites)) {
		return nil, fmt.Errorf("the counterexample does not name the racing access (drd=%d)", drd)
	}
	second := in.Sites[drd-1]
	var first *Site
	pending := last["__ladr_drp"] != 0
	if in.target == translate.Generic {
		k := last["__ladr_wk"]
		if pending {
			k = last["__ladr_pk"]
		}
		if k > 0 && k <= uint64(len(in.Sites)) {
			first = in.Sites[k-1]
		}
	} else if pending {
		first = in.pendingOf(int(last["__ladr_c1p"]), second)
	} else {
		first = in.writeOf(int(last["__ladr_c1"]), second)
	}
	rep := &RaceReport{Location: second.Lvalue, Second: second, Pending: pending}
	if first != nil {
		rep.First = first
		if first.Lvalue != "" && (!first.Library || second.Library) && (direct(first) || !direct(second)) {
			// Named after C1's access, unless only the other names the
			// memory without a pointer (v rather than *q).
			rep.Location = first.Lvalue
		}
	} else {
		return nil, fmt.Errorf("the counterexample does not name the write of the race (c1=%d)", last["__ladr_c1"])
	}
	return rep, nil
}

// direct reports whether an access names its memory without a pointer.
func direct(s *Site) bool { return !s.Library && !strings.ContainsAny(s.Lvalue, "*>") }

// writeOf returns the write of region (the statement that ended C1) that
// the access second races with: the only write of the statement, or the
// one on the same lvalue or the same variable.
func (in *Instrumenter) writeOf(region int, second *Site) *Site {
	var cands []*Site
	for _, s := range in.Sites {
		if s.Region == region && s.Write {
			cands = append(cands, s)
		}
	}
	return partnerOf(cands, second)
}

// partnerOf returns the candidate that access second races with: the one
// on the same lvalue, else on the same variable, else the first (nil when
// there is none).
func partnerOf(cands []*Site, second *Site) *Site {
	for _, c := range cands {
		if c.Lvalue == second.Lvalue {
			return c
		}
	}
	for _, c := range cands {
		if c.base != "" && c.base == second.base {
			return c
		}
	}
	if len(cands) == 0 {
		return nil
	}
	return cands[0]
}

// stepValue reads an integer value of a trace assignment.
func stepValue(v cbmc.Value) (uint64, bool) {
	if v.Binary != "" {
		n, err := strconv.ParseUint(v.Binary, 2, 64)
		return n, err == nil
	}
	n, err := strconv.ParseUint(v.Data, 0, 64)
	return n, err == nil
}
