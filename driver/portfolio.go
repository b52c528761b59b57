package driver

import (
	"context"
	"fmt"
	"strings"

	"github.com/ladr-dev/ladr/driver/cbmc"
	"github.com/ladr-dev/ladr/driver/strategy"
	"github.com/ladr-dev/ladr/property"
	"github.com/ladr-dev/ladr/translate"
)

// Member is one search of a check's portfolio: the encoding of the
// sequentialized program and the SAT solver CBMC decides it with.
type Member struct {
	Target translate.Target
	// Solver is "minisat" (CBMC's built-in one, also ""), "cadical" or
	// "kissat" (installed next to CBMC by scripts/install-cbmc), or the
	// path of another DIMACS solver (cbmc.LocateSolver).
	Solver string
	// Adjacent: races are checked without pending accesses
	// (Options.Adjacent): a smaller formula, fewer races per bound.
	Adjacent bool
}

// String spells the member as ParseMembers reads it:
// TARGET/SOLVER[/adjacent].
func (m Member) String() string {
	s := m.Solver
	if s == "" {
		s = "minisat"
	}
	if m.Adjacent {
		s += "/adjacent"
	}
	return m.Target.String() + "/" + s
}

// ParseMembers reads a portfolio: comma-separated members
// TARGET[/SOLVER[/adjacent]] (TARGET cbmc or generic, SOLVER minisat by
// default; adjacent checks races without pending accesses).
func ParseMembers(s string) ([]Member, error) {
	var out []Member
	for _, item := range strings.Split(s, ",") {
		item = strings.TrimSpace(item)
		target, solver, _ := strings.Cut(item, "/")
		solver, mode, _ := strings.Cut(solver, "/")
		var m Member
		switch target {
		case "cbmc":
			m.Target = translate.CBMC
		case "generic":
			m.Target = translate.Generic
		default:
			return nil, fmt.Errorf("bad portfolio member %q: want TARGET[/SOLVER[/adjacent]], TARGET cbmc or generic", item)
		}
		switch mode {
		case "":
		case "adjacent":
			m.Adjacent = true
		default:
			return nil, fmt.Errorf("bad portfolio member %q: want TARGET[/SOLVER[/adjacent]], not %q after the solver", item, mode)
		}
		m.Solver = solver
		if solver == "" {
			m.Solver = "minisat"
		}
		out = append(out, m)
	}
	return out, nil
}

// DefaultPortfolio is the portfolio of a check whose user chose neither
// an encoding nor a solver, when it may run two or more CBMC processes at
// once: for data races both encodings (each finds races the other misses
// in the time: CBMC's shadow memory is faster on most programs, the
// generic encoding on large arrays and long loops, see BENCHMARKS.md); for
// the other properties, where the encodings differ little, one encoding
// with two solvers. Of the two race searches, only the generic one checks
// pending accesses (races whose second access is not the first of its
// context, at fewer rounds); the first keeps the smaller formula, whose
// no-violation-found the portfolio reports when neither finds a race.
func DefaultPortfolio(p *property.Property) []Member {
	if p != nil && p.ShadowMemory {
		return []Member{{Target: translate.CBMC, Solver: "minisat", Adjacent: true}, {Target: translate.Generic, Solver: "minisat"}}
	}
	return []Member{{Target: translate.CBMC, Solver: "minisat"}, {Target: translate.CBMC, Solver: "cadical"}}
}

// portfolio returns the members the check runs: Options.Portfolio, or
// the default one when Options.AutoPortfolio, only the first of them when
// Jobs allows one process; without either, the one search of
// Options.Target and Options.Solver.
func (opt Options) portfolio() []Member {
	members := opt.Portfolio
	if len(members) == 0 && opt.AutoPortfolio {
		members = DefaultPortfolio(opt.Property)
	}
	switch {
	case len(members) == 0:
		return []Member{{Target: opt.Target, Solver: opt.Solver}}
	case opt.Jobs < 2:
		return members[:1]
	}
	return members
}

// memberChecker returns the checker of member i, m, of a portfolio of n
// members, with its own encoding, solver, share of the processes, progress
// (prefixed with the member's name) and phase. The first member's checker
// is c itself: it makes the static proof and writes Options.Keep, which
// Check reports; the others are copies without either.
func (c *checker) memberChecker(i, n int, m Member, solverPath string) *checker {
	mc := c
	if i > 0 {
		cp := *c
		cp.opt.Keep, cp.keepErr, cp.parsed = "", nil, nil
		mc = &cp
	}
	mc.opt.Target = m.Target
	mc.opt.Adjacent = m.Adjacent
	name := m.String()
	mc.phases = &phaseTracker{sink: func(s string) {
		if c.opt.Progress != nil {
			c.opt.Progress(name + ": " + s)
		}
	}}
	mc.progress = mc.phases.set
	be := *c.cbmc
	be.Jobs = max(1, c.opt.Jobs/n)
	be.Solver = solverPath
	mc.cbmc = &be
	return mc
}

// search runs the check's search: one, or a portfolio of members at once
// (strategy.Portfolio), the first of them on c. cfg is the first member's
// configuration. A solver the user named that cannot be found is an
// error; a member of the default portfolio whose solver is not installed
// is left out, with a note.
func (c *checker) search(ctx context.Context, cfg strategy.Config) (*strategy.Result, error) {
	if c.opt.ExploreOnly {
		return c.exploreOnly(ctx, cfg)
	}
	if c.explores(cfg) {
		return c.searchExploring(ctx, func(ctx context.Context) (*strategy.Result, error) { return c.searchCBMC(ctx, cfg) })
	}
	return c.searchCBMC(ctx, cfg)
}

// searchCBMC is search's CBMC searches.
func (c *checker) searchCBMC(ctx context.Context, cfg strategy.Config) (*strategy.Result, error) {
	all := c.opt.portfolio()
	auto := len(c.opt.Portfolio) == 0 && len(all) > 1
	var members []Member
	var paths, notes []string
	if len(c.opt.Portfolio) > 1 && len(all) == 1 {
		notes = append(notes, fmt.Sprintf("the portfolio needs --jobs 2 or more: one search ran (%s)", all[0]))
	}
	for _, m := range all {
		p, err := cbmc.LocateSolver(m.Solver, c.cbmc.Path)
		if err != nil && auto {
			notes = append(notes, fmt.Sprintf("portfolio member %s left out: %v", m, err))
			continue
		}
		if err != nil {
			return nil, &BackendError{Err: err}
		}
		members, paths = append(members, m), append(paths, p)
	}
	res, err := c.searchMembers(ctx, cfg, members, paths)
	if res != nil {
		res.Notes = append(notes, res.Notes...)
	}
	return res, err
}

// searchMembers runs the search of members (the solver paths of paths).
func (c *checker) searchMembers(ctx context.Context, cfg strategy.Config, members []Member, paths []string) (*strategy.Result, error) {
	lead, led := leadMember(members), cfg.Schedule
	if len(c.lead) > 0 {
		led = strategy.Lead(cfg.Schedule, c.lead)
	}
	if len(members) == 1 {
		c.opt.Target = members[0].Target
		c.opt.Adjacent = members[0].Adjacent
		c.cbmc.Solver = paths[0]
		cfg.Target, cfg.Schedule = members[0].Target, led
		return strategy.Run(ctx, cfg, c)
	}
	var sm []strategy.Member
	for i, m := range members {
		mc := c.memberChecker(i, len(members), m, paths[i])
		mcfg := cfg
		if i == lead {
			mcfg.Schedule = led
		}
		mcfg.Target = m.Target
		mcfg.Progress = mc.progress
		mcfg.StopReason = func(ctx context.Context) string { return stopReason(ctx, mc.phases.get()) }
		sm = append(sm, strategy.Member{Name: m.String(), Config: mcfg, Backend: mc})
	}
	return strategy.Portfolio(ctx, sm)
}

// leadMember returns the index of the member that takes the check's lead
// step (checker.lead): the first that checks pending accesses, which
// makes the step in its own mode; else the first, for which the step
// turns pending checks on.
func leadMember(members []Member) int {
	for i, m := range members {
		if !m.Adjacent {
			return i
		}
	}
	return 0
}
