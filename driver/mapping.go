package driver

import (
	"errors"
	"fmt"

	"github.com/ladr-dev/ladr/driver/cbmc"
	"github.com/ladr-dev/ladr/translate"
	"github.com/ladr-dev/ladr/translate/ir"
)

// RaceReporter is implemented by a race instrumentation that can explain a
// failed race assertion: which location, which two accesses.
type RaceReporter interface {
	// ReportRace reads CBMC's counterexample of the race assertion.
	ReportRace(u *translate.Unit, sm *ir.SourceMap, trace []cbmc.Step) (*RaceReport, error)
}

// RaceReport is what a race instrumentation finds in a counterexample.
type RaceReport struct {
	Location string
	First    AccessSite // the write that ends context C1
	Second   AccessSite // the access that starts context C2
}

// AccessSite is an instrumented access of the original program.
type AccessSite struct {
	Write  bool
	Atomic bool
	Loc    ir.Loc
	Col    int
	Thread *ir.Thread
	Text   string
}

// mapper maps a failed CBMC run back to the original program.
type mapper struct {
	u   *translate.Unit
	sm  *ir.SourceMap
	res *Result
	run *cbmc.Result
}

func (m *mapper) violation() error {
	failed := m.run.FailedProperties()
	if len(failed) == 0 {
		return errors.New("CBMC reported a failure but no failed property")
	}
	p := failed[0]
	m.res.Result = "violation"
	if rr, ok := m.u.Race.(RaceReporter); ok && m.res.Property == Race {
		rep, err := rr.ReportRace(m.u, m.sm, p.Trace)
		if err != nil {
			return err
		}
		m.res.Race = &DataRace{Location: rep.Location}
		for _, a := range []AccessSite{rep.Second, rep.First} {
			m.res.Race.Accesses = append(m.res.Race.Accesses, m.access(a))
		}
		sec := rep.Second
		m.res.File, m.res.Line, m.res.Column = sec.Loc.Pos.File, sec.Loc.Pos.Line, sec.Loc.Pos.Col
		m.res.Function = sec.Loc.Func
		if sec.Thread != nil {
			m.res.Thread = sec.Thread.Name
		}
		m.res.Message = "data race on " + rep.Location
		return nil
	}
	site, ok := m.u.Driver.Asserts[p.Description]
	if !ok {
		return fmt.Errorf("failed property %s (%s) is not one of ladr's assertions", p.ID, p.Description)
	}
	if site.Kind == "bound" {
		return fmt.Errorf("a bound was exceeded: %s", site.Text)
	}
	m.res.File, m.res.Line, m.res.Column = site.Loc.Pos.File, site.Loc.Pos.Line, site.Loc.Pos.Col
	m.res.Function = site.Loc.Func
	m.res.Message = site.Text
	fn := p.Location.Function
	for _, st := range p.Trace {
		if st.Type == cbmc.StepFailure {
			fn = st.Location.Function
		}
	}
	if t := threadOf(m.u.Prog, fn); t != nil {
		m.res.Thread = t.Name
	}
	return nil
}

func (m *mapper) access(a AccessSite) Access {
	kind := "read"
	if a.Write {
		kind = "write"
	}
	acc := Access{Kind: kind, File: a.Loc.Pos.File, Line: a.Loc.Pos.Line, Column: a.Loc.Pos.Col, Function: a.Loc.Func, Atomic: a.Atomic, Source: a.Text}
	if a.Col > 0 {
		acc.Column = a.Col
	}
	if a.Thread != nil {
		acc.Thread = a.Thread.Name
		if a.Thread.CreatedAt.IsValid() {
			acc.ThreadCreatedAt = a.Thread.CreatedAt.String()
		}
	}
	return acc
}
