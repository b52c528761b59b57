package property

import (
	"errors"

	"github.com/ladr-dev/ladr/driver/cbmc"
	"github.com/ladr-dev/ladr/shadow"
	"github.com/ladr-dev/ladr/translate"
	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/seq"
)

// race is the race property's instrumentation: package shadow's.
type race struct{ *shadow.Instrumenter }

func newRace(t translate.Target) Instrumentation { return race{shadow.New(t)} }

// Relax leaves releases of memory another thread may access unchecked.
func (r race) Relax() { r.NoReleaseChecks() }

// NeedsGeneric reports a region of symbolic size, which only the generic
// encoding checks.
func (r race) NeedsGeneric(err error) bool {
	var ng *shadow.NeedsGenericError
	return errors.As(err, &ng)
}

// Explain reads the two racing accesses of a failed race assertion; a
// failed release assertion is no race (a RelaxError).
func (r race) Explain(u *translate.Unit, sm *ir.SourceMap, site seq.AssertSite, trace []cbmc.Step) (*Violation, error) {
	switch site.Kind {
	case shadow.KindRelease:
		return nil, &RelaxError{
			What:     "a block was released while another thread was alive",
			Progress: "a block may be released while another thread is alive: checking again without release checks",
			Note:     "a free may run while another thread is alive (the release assertion failed); checked again with releases unchecked",
		}
	case shadow.KindRace:
		rep, err := r.ReportRace(u, sm, trace)
		if err != nil {
			return nil, err
		}
		first := access(rep.First)
		first.Pending = rep.Pending
		return &Violation{Message: "data race on " + rep.Location, Location: rep.Location,
			Accesses: []Access{access(rep.Second), first}}, nil
	}
	return nil, nil
}

func access(s *shadow.Site) Access {
	return Access{Write: s.Write, Atomic: s.Atomic, Loc: s.Loc, Pos: s.Pos, Thread: s.Thread, Text: s.Lvalue}
}
