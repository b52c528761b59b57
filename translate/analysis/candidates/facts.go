package candidates

import (
	"bufio"
	"bytes"
	"fmt"
	"regexp"
	"strings"

	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/model"
)

// Fact is what a user states about the program that the analysis cannot
// see (as D-FORCE's user facts): it excludes the candidates it covers, and
// the result says which facts excluded how many.
//
//	singleton ROUTINE         at most one thread runs ROUTINE (a start routine or a callback) at a time
//	exclusive F G ...         the functions F, G, ... (and what only they call) never run at the same time
//	holds F LOCK              F is only ever called with the global lock LOCK held
type Fact struct {
	Kind string   `json:"kind"`
	Args []string `json:"args"`
	// Pos is where the fact is stated (a facts file's line, a comment).
	Pos ir.Pos `json:"-"`
	At  string `json:"at"`
	// Excluded counts the pairs of accesses the fact excluded.
	Excluded int `json:"excluded"`
}

func (f Fact) String() string { return f.Kind + " " + strings.Join(f.Args, " ") }

// FactError is a fact that is malformed or names nothing of the program.
type FactError struct {
	Pos ir.Pos
	Msg string
}

func (e *FactError) Error() string { return fmt.Sprintf("%s: %s", e.Pos, e.Msg) }

// ParseFacts reads facts, one per line (blank lines and # comments
// ignored), from the text of file.
func ParseFacts(file string, text []byte) ([]Fact, error) {
	var out []Fact
	sc := bufio.NewScanner(bytes.NewReader(text))
	for line := 1; sc.Scan(); line++ {
		s := sc.Text()
		if i := strings.Index(s, "#"); i >= 0 {
			s = s[:i]
		}
		words := strings.Fields(s)
		if len(words) == 0 {
			continue
		}
		f, err := newFact(words, ir.Pos{File: file, Line: line, Col: strings.Index(sc.Text(), words[0]) + 1})
		if err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	return out, nil
}

// factComment is a fact stated in a comment of the source: /* ladr:
// singleton worker */ or // ladr: holds f m.
var factComment = regexp.MustCompile(`(?://|/\*)\s*ladr:\s*((?:singleton|exclusive|holds)\b[^\n*]*)`)

// SourceFacts returns the facts stated in comments of the C source text of
// file.
func SourceFacts(file string, text []byte) ([]Fact, error) {
	var out []Fact
	for _, m := range factComment.FindAllSubmatchIndex(text, -1) {
		line := 1 + bytes.Count(text[:m[2]], []byte("\n"))
		col := m[2] - bytes.LastIndexByte(text[:m[2]], '\n')
		f, err := newFact(strings.Fields(string(text[m[2]:m[3]])), ir.Pos{File: file, Line: line, Col: col})
		if err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	return out, nil
}

func newFact(words []string, pos ir.Pos) (Fact, error) {
	f := Fact{Kind: words[0], Args: words[1:], Pos: pos, At: pos.String()}
	switch f.Kind {
	case "singleton":
		if len(f.Args) != 1 {
			return f, &FactError{pos, "singleton takes one start routine or callback: singleton ROUTINE"}
		}
	case "exclusive":
		if len(f.Args) < 2 {
			return f, &FactError{pos, "exclusive takes two or more functions: exclusive F G ..."}
		}
	case "holds":
		if len(f.Args) != 2 {
			return f, &FactError{pos, "holds takes a function and a global lock: holds F LOCK"}
		}
	default:
		return f, &FactError{pos, fmt.Sprintf("unknown fact %q (want singleton, exclusive or holds)", f.Kind)}
	}
	return f, nil
}

// checkFacts reports a fact that names a function or lock the program does not
// define.
func (a *analyzer) checkFacts(facts []Fact) error {
	for _, f := range facts {
		names := f.Args
		if f.Kind == "holds" {
			names = f.Args[:1]
			if v := a.prog.Global(f.Args[1]); v == nil {
				return &FactError{f.Pos, fmt.Sprintf("fact %q: the program has no global lock %s", f, f.Args[1])}
			}
		}
		for _, n := range names {
			if fn := a.prog.Func(n); fn == nil || fn.Body == nil {
				return &FactError{f.Pos, fmt.Sprintf("fact %q: the program defines no function %s", f, n)}
			}
		}
	}
	return nil
}

// within returns the functions that run only inside f: f, and every
// function all of whose callers run only inside f.
func (a *analyzer) within(f *ir.Function) map[*ir.Function]bool {
	in := map[*ir.Function]bool{f: true}
	for changed := true; changed; {
		changed = false
		for _, g := range a.g.Funcs {
			if in[g] || len(a.g.Callers[g]) == 0 || a.isRoot(g) {
				continue
			}
			all := true
			for _, s := range a.g.Callers[g] {
				if !in[s.Caller] {
					all = false
					break
				}
			}
			if all {
				in[g] = true
				changed = true
			}
		}
	}
	return in
}

// isRoot reports whether f starts a kind of thread.
func (a *analyzer) isRoot(f *ir.Function) bool {
	for _, k := range a.kinds {
		if k.routine == f {
			return true
		}
	}
	return false
}

// applyFacts takes the facts into the analysis's state: singleton kinds,
// the functions inside each exclusive function, the locks held at entry.
func (a *analyzer) applyFacts() {
	a.holds = map[*ir.Function]state{}
	for _, f := range a.g.Funcs {
		if model.Lookup(f.Name).Op == model.OpAtomicFunction {
			// A __VERIFIER_atomic_ function runs as one step.
			a.holds[f] = state{atomicSection: "w"}
		}
	}
	for _, f := range a.facts {
		switch f.Kind {
		case "singleton":
			fn := a.prog.Func(f.Args[0])
			for _, k := range a.kinds {
				if k.routine == fn && k.many {
					k.many = false
					k.singleton = f
				}
			}
		case "exclusive":
			x := exclusiveFact{fact: f}
			for _, n := range f.Args {
				x.inside = append(x.inside, a.within(a.prog.Func(n)))
			}
			a.exclusive = append(a.exclusive, x)
		case "holds":
			fn := a.prog.Func(f.Args[0])
			v := a.prog.Global(f.Args[1])
			if a.holds[fn] == nil {
				a.holds[fn] = state{}
			}
			key := "=" + v.Name + "@" + v.Pos.String()
			a.holds[fn][key] = "w"
			a.holdsFacts = append(a.holdsFacts, holdsFact{fact: f, key: key, inside: a.within(fn)})
		}
	}
}

// holdsFact is a holds fact with its lock's key and the functions that run
// only inside its function.
type holdsFact struct {
	fact   *Fact
	key    string
	inside map[*ir.Function]bool
}

// excludedByFact returns the exclusive fact that keeps x and y apart, or
// nil.
func (a *analyzer) excludedByFact(x, y *access) *Fact {
	for _, e := range a.exclusive {
		for i, in := range e.inside {
			for j, jn := range e.inside {
				if i != j && in[x.f] && jn[y.f] {
					return e.fact
				}
			}
		}
	}
	return nil
}
