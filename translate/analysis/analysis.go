// Package analysis runs static analyses over the unbounded IR of a
// threaded program: the program after its calls were inlined into main and
// the start routines, with every loop still in place, so that what an
// analysis concludes holds for every bound. It is modelled on
// golang.org/x/tools/go/analysis: an analysis is a value (Analyzer) that
// declares the analyses whose results it needs (Requires) and computes one
// result from them (Run); Run runs a set of analyzers in dependency order,
// each once, and returns every result.
//
// The analyses themselves live in the packages below: threads (which
// threads exist and which may run in parallel), pointsto (what each pointer
// may point to), lockset (the locks surely held at each statement) and
// races (the pairs of accesses that may race, and the proof that none do).
package analysis

import (
	"fmt"

	"github.com/ladr-dev/ladr/translate/bound"
	"github.com/ladr-dev/ladr/translate/ir"
)

// Analyzer is one analysis.
type Analyzer struct {
	// Name identifies the analysis (in errors and in Pass.ResultOf).
	Name string
	// Doc says what it computes.
	Doc string
	// Requires are the analyses whose results Run reads.
	Requires []*Analyzer
	// Run computes the result from the program and the required results.
	Run func(*Pass) (any, error)
}

// Program is what the analyses run over.
type Program struct {
	// Prog is the program; its entry functions have their calls of
	// defined functions inlined (package bound) and keep their loops.
	Prog *ir.Program
	// Entries are main (first) and the start routines of the threads.
	Entries []*ir.Function
	// Notes are the bounding passes' notes so far: a cut there (a
	// recursion inlined to a depth) means the entries are not the whole
	// program.
	Notes *bound.Notes
	// ParamArgs maps the parameter of a start routine to the argument
	// its one pthread_create site passes (threads.PerSite), when it has
	// one site.
	ParamArgs map[*ir.Var]ir.Expr
}

// Pass is one analyzer's view of a run: the program and the results of
// the analyses it requires.
type Pass struct {
	*Program
	Analyzer *Analyzer
	// ResultOf holds the result of every analyzer in Analyzer.Requires.
	ResultOf map[*Analyzer]any
}

// Results are the results of a run, by analyzer.
type Results map[*Analyzer]any

// Run runs the analyzers (and those they require, transitively) over p in
// dependency order and returns their results. A cycle of requirements is
// an error, as is an error of any Run.
func Run(p *Program, analyzers ...*Analyzer) (Results, error) {
	res := Results{}
	running := map[*Analyzer]bool{}
	var run func(a *Analyzer) error
	run = func(a *Analyzer) error {
		if _, ok := res[a]; ok {
			return nil
		}
		if running[a] {
			return fmt.Errorf("analysis %s requires itself", a.Name)
		}
		running[a] = true
		pass := &Pass{Program: p, Analyzer: a, ResultOf: map[*Analyzer]any{}}
		for _, r := range a.Requires {
			if err := run(r); err != nil {
				return err
			}
			pass.ResultOf[r] = res[r]
		}
		v, err := a.Run(pass)
		if err != nil {
			return fmt.Errorf("analysis %s: %w", a.Name, err)
		}
		res[a] = v
		delete(running, a)
		return nil
	}
	for _, a := range analyzers {
		if err := run(a); err != nil {
			return nil, err
		}
	}
	return res, nil
}
