package driver

import (
	"errors"
	"fmt"
	"os"
	"strings"

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

// RaceChecks is implemented by a race instrumentation that knows, once it
// has run, how many accesses it checks. It checks every access that may
// race with an access of another thread, so none means that no race is
// possible in the bounded program, whatever the interleaving.
type RaceChecks interface {
	Checks() int
	// Approximation returns the first checked access whose check is
	// approximated (a library function reading a string up to a position
	// that depends on its contents), with what is approximated; "" when
	// every check is exact.
	Approximation() (ir.Pos, string)
}

// ReleaseChecker is implemented by a race instrumentation that checks a
// release of memory (free) by asserting that no other thread is alive when
// it runs. That assertion's failure is not a race: the driver then checks
// again after NoReleaseChecks, which leaves releases unchecked (a run that
// finds no race is then unknown; see RaceChecks.Approximation).
type ReleaseChecker interface {
	NoReleaseChecks()
}

// errRelease is the mapping of a failed release assertion.
var errRelease = errors.New("a block was released while another thread was alive")

// needsGeneric is implemented by the error of a race instrumentation that
// cannot check an access with CBMC's shadow memory (the generic encoding
// can).
type needsGeneric interface {
	NeedsGeneric() bool
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
	Loc    ir.Loc // the statement
	Pos    ir.Pos // the lvalue
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
	site, ok := m.u.Driver.Asserts[p.Description]
	var thread *ir.Thread
	if !ok {
		// The generic target reports a violation by calling reach_error():
		// find the call in the trace.
		for _, st := range p.Trace {
			if st.Type == cbmc.StepFunctionCall && st.Function.DisplayName == "reach_error" {
				if li, found := m.sm.Lookup(st.Location.Line); found {
					site, ok = m.u.Driver.SiteOf(li.Stmt)
					if li.Func != nil {
						thread = li.Func.Thread
					}
				}
			}
		}
	}
	if !ok {
		return fmt.Errorf("failed property %s (%s) is not one of ladr's assertions", p.ID, p.Description)
	}
	if site.Kind == "release" {
		return errRelease
	}
	if rr, isRR := m.u.Race.(RaceReporter); isRR && site.Kind == "race" {
		rep, err := rr.ReportRace(m.u, m.sm, p.Trace)
		if err != nil {
			return err
		}
		m.res.Race = &DataRace{Location: rep.Location}
		for _, a := range []AccessSite{rep.Second, rep.First} {
			m.res.Race.Accesses = append(m.res.Race.Accesses, m.access(a))
		}
		sec := m.res.Race.Accesses[0]
		m.res.File, m.res.Line, m.res.Column = sec.File, sec.Line, sec.Column
		m.res.Function = sec.Function
		m.res.Thread = sec.Thread
		m.res.Message = "data race on " + rep.Location
		return nil
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
	} else if thread != nil {
		m.res.Thread = thread.Name
	}
	return nil
}

func (m *mapper) access(a AccessSite) Access {
	kind := "read"
	if a.Write {
		kind = "write"
	}
	p := a.Loc.Pos
	if a.Pos.IsValid() {
		p = a.Pos
	}
	acc := Access{Kind: kind, File: p.File, Line: p.Line, Column: p.Col, Function: a.Loc.Func, Atomic: a.Atomic, Lvalue: a.Text, Source: sourceLine(p.File, p.Line)}
	if a.Thread != nil {
		acc.Thread = a.Thread.Name
		if a.Thread.CreatedAt.IsValid() {
			acc.ThreadCreatedAt = a.Thread.CreatedAt.String()
		}
	}
	return acc
}

// sourceLine returns line n of file, trimmed ("" if unreadable).
func sourceLine(file string, n int) string {
	lines := strings.Split(sourceFile(file), "\n")
	if n < 1 || n > len(lines) {
		return ""
	}
	return strings.TrimSpace(lines[n-1])
}

// sourceFile returns the text of file ("" if unreadable).
func sourceFile(file string) string {
	data, err := os.ReadFile(file)
	if err != nil {
		return ""
	}
	return string(data)
}
