package driver

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"maps"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/ladr-dev/ladr/driver/cbmc"
	"github.com/ladr-dev/ladr/driver/strategy"
	"github.com/ladr-dev/ladr/translate/analysis/candidates"
	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/libc"
	"github.com/ladr-dev/ladr/translate/model"
	"github.com/ladr-dev/ladr/translate/seq"
	"github.com/ladr-dev/ladr/translate/slice"
)

// SliceReport is the bounded check of one slice of the program (package
// slice): the two threads of a race candidate, the code that creates them
// and reaches the accesses, the rest stubbed.
type SliceReport struct {
	// Threads names the slice's threads and the functions of their
	// accesses; Candidate is the candidate it was cut for (the slice's
	// race checks cover every access it keeps).
	Threads   string `json:"threads"`
	Candidate string `json:"candidate"`
	// Kept, Stubbed and Library count the functions kept, the program's
	// functions stubbed and the library functions without a model
	// stubbed.
	Kept    int `json:"kept"`
	Stubbed int `json:"stubbed"`
	Library int `json:"library"`
	// KeptFunctions names the functions kept.
	KeptFunctions []string `json:"kept_functions,omitempty"`
	// OffChain counts the calls of a narrow slice's chain functions,
	// other than the chains' own, that call a stub instead
	// (slice.Info.OffChain).
	OffChain int `json:"off_chain_calls,omitempty"`
	// Mode is abstract (stubs return nondeterministic values) or exact
	// (stubs end the paths that reach them).
	Mode string `json:"mode"`
	// Narrow: the slice keeps one shortest call chain to each access
	// and creation, not every path (slice.Spec.Narrow).
	Narrow bool `json:"narrow,omitempty"`
	// Program is where the slice's sequentialized program was written
	// (with Options.Keep), as of its last attempt.
	Program string `json:"program,omitempty"`
	// Result is race (an execution of the program: its counterexample
	// runs no stub), potential race (its counterexample runs a stub), no
	// race found (within Bounds) or unknown (Reason); for an assertion
	// property violation, potential violation, no violation found or
	// unknown.
	Result string  `json:"result"`
	Reason string  `json:"reason,omitempty"`
	Bounds *Bounds `json:"bounds,omitempty"`
	TimeS  float64 `json:"time_s"`
	// The race found: where, and the counterexample on the slice
	// (confirmed by a replay of the slice).
	File      string    `json:"file,omitempty"`
	Line      int       `json:"line,omitempty"`
	Message   string    `json:"message,omitempty"`
	Race      *DataRace `json:"race,omitempty"`
	Trace     []Step    `json:"trace,omitempty"`
	Confirmed bool      `json:"confirmed,omitempty"`
	// Refined names the functions kept whole because the counterexamples
	// of earlier checks of this candidate's slice ran their stubs (its
	// potential races): the refinement of a potential race.
	Refined []string `json:"refined,omitempty"`
	// SameAs, when not 0, is the number (from 1) of the earlier slice
	// whose program this one's is: it was not checked again, and its
	// result is that one's.
	SameAs int `json:"same_as,omitempty"`
	// wideKept, for a narrow slice, are the functions the wide slice of
	// the same threads keeps; limited says that the check stopped at its
	// time or memory limit.
	wideKept []string
	limited  bool
	n        int
	// ranStubs, for a potential race or violation, are the functions of
	// the program whose stubs its counterexample ran (library stubs
	// have no body to keep).
	ranStubs []string
}

// Slice results: of a race, and of an assertion property (a slice's
// violation).
const (
	SliceRace               = "race"
	SlicePotentialRace      = "potential race"
	SliceNoRace             = "no race found"
	SliceViolation          = "violation"
	SlicePotentialViolation = "potential violation"
	SliceNoViolation        = "no violation found"
	SliceUnknown            = "unknown"
)

// Found reports whether the slice's check found a race or a violation
// that is an execution of the program.
func (r *SliceReport) Found() bool { return r.Result == SliceRace || r.Result == SliceViolation }

// Potential reports whether the slice's check found a race or a violation
// whose counterexample runs a stub.
func (r *SliceReport) Potential() bool {
	return r.Result == SlicePotentialRace || r.Result == SlicePotentialViolation
}

// NoneFound reports whether the slice's check found nothing within its
// bounds.
func (r *SliceReport) NoneFound() bool {
	return r.Result == SliceNoRace || r.Result == SliceNoViolation
}

// errorOps are the operations of the library calls whose reaching
// violates an assertion property of kind p (nil for the other
// properties).
func errorOps(p seq.Property) []model.Op {
	switch p {
	case seq.UnreachCall:
		return []model.Op{model.OpReachError}
	case seq.Assert:
		return []model.Op{model.OpReachError, model.OpAssertFail}
	}
	return nil
}

// sliceable reports whether the check may check slices of the program
// where the whole program gets no answer: for a race or an assertion
// property, with race candidates (and, for an assertion property,
// functions that may violate it), not following a witness.
func (c *checker) sliceable() bool {
	p := c.opt.Property.Seq
	if c.opt.Follow != nil || c.opt.ExploreOnly || c.opt.MaxSlices <= 0 || c.candidates == nil || c.candidates.Total == 0 {
		return false
	}
	return p == seq.Race || (errorOps(p) != nil && len(c.errorFuncs) > 0)
}

// Defaults of Options.MaxSlices and SliceTimeout (the CLI's).
const (
	DefaultMaxSlices    = 8
	DefaultSliceTimeout = 60 * time.Second
)

// SliceSchedule are the bounds a slice is checked with, in order: small
// ones (a slice's races are near its threads' start; the time is better
// spent on the next slice than on deep bounds).
var SliceSchedule = []Bounds{{Rounds: 2, Unwind: 1}, {Rounds: 2, Unwind: 2}, {Rounds: 3, Unwind: 3}, {Rounds: 4, Unwind: 4}, {Rounds: 5, Unwind: 6}}

// sliceSchedule is the schedule of the slice of spec when main receives
// argc arguments at most (its name included): SliceSchedule, where both
// threads run one start routine (other than main) with its
// thread-creating loops run twice from the first bounds
// (Bounds.SpawnUnwind): two threads of the routine need two iterations
// of the loop creating them; and with the loops of main that run before
// any thread is created run up to argc times (Bounds.PrefixUnwind): a
// real program parses its arguments there, and a bound of 1 or 2 on that
// loop cuts off every thread. (Unwinding them adds no interleavings, but
// a large parser whose callees are stubs is costly for CBMC: the bound
// follows the arguments rather than a constant.) A race slice (race)
// switches contexts only at its candidates' accesses and where threads
// synchronize (Bounds.CandidateSwitches): fewer labels for a large
// program (its jumps over them hop, seq.Options.Hops). An assertion
// slice first runs its first AssertCandidateSteps bounds with the
// switch points of a race slice (a violation that needs another thread's
// write between two reads its candidates name: far fewer interleavings
// of a large slice), then every bounds with every switch point: its
// violation may need another thread's write between two reads the
// candidates do not both name.
func sliceSchedule(spec slice.Spec, argc int, race bool) []Bounds {
	spawn := spec.First.Routine == spec.Second.Routine && spec.First.Routine != "main"
	out := make([]Bounds, len(SliceSchedule))
	for i, b := range SliceSchedule {
		if spawn {
			b.SpawnUnwind = 2
		}
		if argc > b.Unwind {
			b.PrefixUnwind = argc
		}
		b.CandidateSwitches = race
		out[i] = b
	}
	if !race {
		first := slices.Clone(out[:AssertCandidateSteps])
		for i := range first {
			first[i].CandidateSwitches = true
		}
		out = append(first, out...)
	}
	return out
}

// AssertCandidateSteps is the number of SliceSchedule's bounds an
// assertion slice runs first with limited switch points.
const AssertCandidateSteps = 2

// argc is the largest argc main receives: one more than the arguments
// --args fixes, or libc.MaxArgs.
func (c *checker) argc() int {
	if c.opt.Args != nil {
		return len(c.opt.Args) + 1
	}
	return libc.MaxArgs
}

// MaxSliceTries bounds the candidates whose slices are built, as a
// multiple of Options.MaxSlices: those whose slice is an earlier one's
// count only here.
const MaxSliceTries = 4

// MinSliceTime is the least time left for which slices are tried.
const MinSliceTime = 10 * time.Second

// sliceBackend is a checker whose attempts check a slice.
type sliceBackend struct{ c *checker }

func (b sliceBackend) Attempt(ctx context.Context, p strategy.Plan) (*strategy.Attempt, error) {
	return b.c.Attempt(ctx, p)
}

// specs derives the slices of the candidates (all of them, not only the
// MaxListed the result lists: a slice's lines are those of every
// candidate it is the slice of), most likely first, each once: for each
// side a thread kind created with pthread_create (or main) whose routine
// reaches the access; a candidate whose accesses only
// callbacks make has none.
//
// For an assertion property (errs, the operations of its violations, and
// reach, the functions that may reach one) a slice is kept only where a
// function of its threads' paths may reach a violation: those whose
// access functions may come first, then those whose start routines may.
// Each keeps the callees on the paths to the violations (Spec.Errors).
func specs(cr *candidates.Result, errs []model.Op, reach map[string]bool, memory *regexp.Regexp) []*sliceCandidate {
	many := map[string]bool{}
	for _, t := range cr.Threads {
		many[t.Routine] = t.Many
	}
	seen := map[string]*sliceCandidate{}
	var out []*sliceCandidate
	for _, c := range cr.All() {
		if memory != nil && !memory.MatchString(c.Memory) {
			continue
		}
		for _, a := range routines(c.First.Threads) {
			for _, b := range routines(c.Second.Threads) {
				if a == b && !many[a] {
					continue
				}
				s := slice.Spec{First: slice.Side{Routine: a, Func: c.First.Func}, Second: slice.Side{Routine: b, Func: c.Second.Func}, Errors: errs}
				if errs != nil && !reach[a] && !reach[b] {
					continue
				}
				sc := seen[s.Key()]
				if sc == nil {
					sc = &sliceCandidate{spec: s, cand: c, lines: map[string]bool{}}
					seen[s.Key()] = sc
					out = append(out, sc)
				}
				sc.lines[lineKey(c.First.Pos)], sc.lines[lineKey(c.Second.Pos)] = true, true
			}
		}
	}
	if errs != nil {
		direct := func(sc *sliceCandidate) bool { return reach[sc.spec.First.Func] || reach[sc.spec.Second.Func] }
		slices.SortStableFunc(out, func(x, y *sliceCandidate) int {
			switch dx, dy := direct(x), direct(y); {
			case dx && !dy:
				return -1
			case dy && !dx:
				return 1
			}
			return 0
		})
	}
	return out
}

type sliceCandidate struct {
	spec slice.Spec
	cand candidates.Candidate
	// lines are the lines of the accesses of the candidates the slice
	// is for (lineKey): the only ones its race checks cover.
	lines map[string]bool
}

// lineKey names the line of p.
func lineKey(p ir.Pos) string { return fmt.Sprintf("%s:%d", p.File, p.Line) }

// routines are the thread kinds of names that are not callbacks.
func routines(names []string) []string {
	var out []string
	for _, n := range names {
		if !strings.HasSuffix(n, " (callback)") {
			out = append(out, n)
		}
	}
	return out
}

// slices checks slices of the program for the race candidates, most
// likely first, while time is left and at most opt.MaxSlices candidates.
// Each candidate's narrow slice (one shortest call chain to each access
// and creation) comes first: it is the smallest. A race there that runs
// a stub is a potential one; the narrow slice is then checked with exact
// stubs, and if that finds no race, the wide slice (every path) with
// exact stubs, whose race is one of the program. Where the narrow slice
// finds nothing, or stops for a reason other than time, the wide one is
// checked as the narrow one was. The wide slice is skipped where it keeps
// the same functions. A race whose counterexample runs no stub is an
// execution of the program: its attempt is returned (the result's
// violation). Every slice checked is reported in res.Slices.
func (c *checker) slices(ctx context.Context, res *Result) *strategy.Attempt {
	cr := c.candidates
	if cr == nil || cr.Total == 0 || c.opt.MaxSlices <= 0 {
		return nil
	}
	if c.opt.SliceMemory != nil {
		res.SliceMemory = c.opt.SliceMemory.String()
	}
	all := specs(cr.Result, errorOps(c.opt.Property.Seq), c.errorFuncs, c.opt.SliceMemory)
	// The search's checker may report as a portfolio member: slices
	// report as the check.
	c.phases = &phaseTracker{sink: c.opt.Progress}
	c.progress = c.phases.set
	c.sliceSeen = &sliceSeen{byKey: map[string]*SliceReport{}}
	// A candidate whose narrow slice is an earlier one's does not count
	// against MaxSlices (but against tries: building a slice takes a
	// parse).
	n, tries := 0, 0
	for _, sc := range all {
		if n >= c.opt.MaxSlices || tries >= MaxSliceTries*c.opt.MaxSlices || !sliceTime(ctx) {
			break
		}
		n++
		tries++
		c.progress(fmt.Sprintf("slice %d of %d: %s", n, min(len(all), c.opt.MaxSlices), slice.Describe(sc.spec)))
		narrow := *sc
		narrow.spec.Narrow = true
		rep, a := c.checkSlice(ctx, &narrow, slice.Abstract, len(res.Slices)+1)
		res.Slices = append(res.Slices, rep)
		if rep.Found() {
			return a
		}
		if rep.SameAs > 0 {
			n--
		}
		if rep.Potential() {
			narrow, rep, a = c.refine(ctx, narrow, rep, res)
			if rep.Found() {
				return a
			}
		}
		mode, last := slice.Abstract, rep
		switch {
		case rep.Potential():
			// Cut the abstracted code out: a race left is one of the
			// program.
			ex, a := c.checkSlice(ctx, &narrow, slice.Exact, len(res.Slices)+1)
			res.Slices = append(res.Slices, ex)
			if ex.Found() {
				return a
			}
			mode, last = slice.Exact, ex
		case rep.limited:
			// The wide slice holds the narrow one: no cheaper.
			continue
		}
		if !sliceTime(ctx) {
			break
		}
		if last.wideKept != nil && slices.Equal(last.wideKept, last.KeptFunctions) {
			continue
		}
		rep, a = c.checkSlice(ctx, sc, mode, len(res.Slices)+1)
		res.Slices = append(res.Slices, rep)
		if rep.Found() {
			return a
		}
		if rep.Potential() && mode == slice.Abstract {
			rep, a := c.checkSlice(ctx, sc, slice.Exact, len(res.Slices)+1)
			res.Slices = append(res.Slices, rep)
			if rep.Found() {
				return a
			}
		}
	}
	return nil
}

// MaxRefinements bounds how often the narrow slice of a candidate is
// checked again keeping the functions whose stubs a potential race's
// counterexample ran.
const MaxRefinements = 3

// refine checks the narrow slice sc, whose abstract check rep found a
// potential race (its counterexample ran stubs), again with the
// functions of those stubs kept whole, while the race stays potential,
// at most MaxRefinements times: a counterexample that runs no stub any
// more is an execution of the program. A refined slice that finds no
// race says that the race needed what the stubs did and the program
// does not (within the bounds); the last slice with a potential race and
// its report are returned then, with the attempt of a race found.
func (c *checker) refine(ctx context.Context, sc sliceCandidate, rep *SliceReport, res *Result) (sliceCandidate, *SliceReport, *strategy.Attempt) {
	for i := 0; i < MaxRefinements && rep.Potential() && len(rep.ranStubs) > 0 && sliceTime(ctx); i++ {
		next := sc
		next.spec.Keep = slices.Compact(slices.Sorted(slices.Values(append(slices.Clone(sc.spec.Keep), rep.ranStubs...))))
		if len(next.spec.Keep) == len(sc.spec.Keep) {
			break
		}
		r, a := c.checkSlice(ctx, &next, slice.Abstract, len(res.Slices)+1)
		res.Slices = append(res.Slices, r)
		if r.Found() {
			return next, r, a
		}
		if !r.Potential() {
			break
		}
		sc, rep = next, r
	}
	return sc, rep, nil
}

// SliceProgram names the file the n-th slice's sequentialized program is
// kept in, next to keep, the whole program's: keep's name with
// ".slice-n" before its extension.
func SliceProgram(keep string, n int) string {
	ext := filepath.Ext(keep)
	return fmt.Sprintf("%s.slice-%d%s", strings.TrimSuffix(keep, ext), n, ext)
}

// sliceTime reports whether ctx leaves time for a slice.
func sliceTime(ctx context.Context) bool {
	if ctx.Err() != nil {
		return false
	}
	dl, ok := ctx.Deadline()
	return !ok || time.Until(dl) >= MinSliceTime
}

// checkSlice checks the slice of sc with stubs of mode m, the n-th slice
// checked. With Options.Keep, the slice's sequentialized program is kept
// next to the whole program's (SliceProgram).
func (c *checker) checkSlice(ctx context.Context, sc *sliceCandidate, m slice.Mode, n int) (*SliceReport, *strategy.Attempt) {
	t0 := time.Now()
	rep := &SliceReport{Threads: slice.Describe(sc.spec), Candidate: sc.cand.String(), Mode: m.String(), Narrow: sc.spec.Narrow, Refined: sc.spec.Keep, n: n}
	if c.opt.SliceTimeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeoutCause(ctx, c.opt.SliceTimeout, &timeoutError{c.opt.SliceTimeout})
		defer cancel()
	}
	sc2 := *c
	sc2.opt.Keep, sc2.keepErr, sc2.parsed = "", nil, nil
	if c.cbmc != nil {
		// A slice is of a real program, whose heap objects are often
		// untyped arrays written through casts.
		be := *c.cbmc
		be.Variants = cbmc.FieldSensitiveVariants
		sc2.cbmc = &be
	}
	if c.opt.Keep != "" {
		sc2.opt.Keep = SliceProgram(c.opt.Keep, n)
		rep.Program = sc2.opt.Keep
	}
	var info *slice.Info
	race := c.opt.Property.Seq == seq.Race
	sched := sliceSchedule(sc.spec, c.argc(), race)
	isFound, potential, none := SliceRace, SlicePotentialRace, SliceNoRace
	sc2.switchOnly = func(p ir.Pos) bool { return sc.lines[lineKey(p)] }
	if race {
		sc2.checkOnly = sc2.switchOnly
	} else {
		isFound, potential, none = SliceViolation, SlicePotentialViolation, SliceNoViolation
	}
	var same *SliceReport
	sc2.transform = func(prog *ir.Program) error {
		in, err := slice.Build(prog, sc.spec, m)
		info = in
		if err != nil || c.sliceSeen == nil {
			return err
		}
		if prev := c.sliceSeen.see(sliceKey(prog, sched, m, race, sc.lines), rep); prev != nil {
			same = prev
			return errSameSlice
		}
		return nil
	}
	found, err := strategy.Run(ctx, strategy.Config{
		Schedule:        sched,
		TimeLimit:       true,
		Target:          c.opt.Target,
		Progress:        c.progress,
		StopReason:      func(ctx context.Context) string { return stopReason(ctx, c.phases.get()) },
		StoppedEarly:    stoppedEarly,
		GenericFallback: c.opt.Property.ShadowMemory,
	}, sliceBackend{&sc2})
	rep.TimeS = time.Since(t0).Seconds()
	rep.limited = ctx.Err() != nil
	if info != nil {
		rep.Kept, rep.Stubbed, rep.Library = len(info.Kept), len(info.Stubbed), len(info.Library)
		rep.KeptFunctions, rep.OffChain, rep.wideKept = info.Kept, info.OffChain, info.Wide
	}
	rep.Result = SliceUnknown
	if same != nil {
		// The program of an earlier slice: its result stands for this
		// one (a violation would have ended the slices).
		rep.SameAs = same.n
		rep.Result, rep.Reason, rep.Bounds, rep.File, rep.Line, rep.Message, rep.Race, rep.Trace, rep.Confirmed = same.Result, same.Reason, same.Bounds, same.File, same.Line, same.Message, same.Race, same.Trace, same.Confirmed
		rep.limited, rep.wideKept, rep.Program = same.limited, same.wideKept, ""
		return rep, nil
	}
	if err != nil {
		rep.Reason = err.Error()
		return rep, nil
	}
	out := found.Final
	if out == nil {
		rep.Reason = stopReason(ctx, c.phases.get())
		if rep.Reason == "" {
			rep.Reason = "no attempt completed"
		}
		return rep, nil
	}
	b := out.Plan.Bounds
	rep.Bounds = &b
	switch out.Outcome {
	case strategy.Violation:
		det, _ := out.Detail.(*detail)
		if det == nil || det.mapped == nil {
			rep.Reason = "the violation was not mapped"
			return rep, nil
		}
		mr := det.mapped
		rep.File, rep.Line, rep.Message, rep.Race, rep.Trace, rep.Confirmed = mr.File, mr.Line, mr.Message, mr.Race, mr.Trace, mr.Confirmed
		rep.Result = potential
		rep.ranStubs = programStubs(stubsRun(mr.Saved), info)
		if m == slice.Exact || !ranStub(mr.Saved) {
			rep.Result = isFound
			out.Notes = append(out.Notes, fmt.Sprintf("found on a slice of the program (%s; %s): the counterexample runs none of the stubs, so it is an execution of the program", rep.Threads, info.Summary()))
			if mr.Saved != nil {
				mr.Saved.Slice = &SavedSlice{Spec: sc.spec, Mode: rep.Mode, Lines: slices.Sorted(maps.Keys(sc.lines))}
			}
			return rep, out
		}
	case strategy.NoViolationFound, strategy.True:
		rep.Result = none
	default:
		rep.Reason = out.Reason
		rep.limited = rep.limited || strings.Contains(rep.Reason, "out of memory")
	}
	return rep, nil
}

// errSameSlice stops the check of a slice whose program an earlier slice
// had (checker.sliceSeen).
var errSameSlice = errors.New("the same program as an earlier slice")

// sliceSeen are the slices built so far, by sliceKey, with their reports
// (safe for concurrent use).
type sliceSeen struct {
	mu    sync.Mutex
	byKey map[string]*SliceReport
}

// see records rep as the slice of key and returns the report of an
// earlier slice with the same key (nil if none).
func (s *sliceSeen) see(key string, rep *SliceReport) *SliceReport {
	s.mu.Lock()
	defer s.mu.Unlock()
	if prev := s.byKey[key]; prev != nil && prev != rep {
		return prev
	}
	s.byKey[key] = rep
	return nil
}

// sliceKey identifies the check of a slice: its program as sliced (the
// unbounded program, printed), the bounds it is checked with (sched), its
// stubs' mode and, for races (race), the lines of its candidates'
// accesses (its race checks and context-switch points).
// Two slices with the same key are the same check: different candidates
// often keep the same functions. An assertion slice's key leaves its
// lines out although its first bounds switch only at them: the slices
// of a large program's candidates often keep the same functions (one
// read against each thread handle's write), and each would be checked
// again for its first bounds only; the one checked stands for them
// ("the same program as slice K").
func sliceKey(prog *ir.Program, sched []Bounds, m slice.Mode, race bool, lines map[string]bool) string {
	h := sha256.New()
	fmt.Fprintf(h, "%v\x00%s\x00", sched, m)
	if race {
		for _, l := range slices.Sorted(maps.Keys(lines)) {
			fmt.Fprintf(h, "%s\x00", l)
		}
	}
	h.Write([]byte(ir.String(prog)))
	return string(h.Sum(nil))
}

// ranStub reports whether a counterexample's choices include a stub's
// marker (a counterexample not saved may have).
func ranStub(s *SavedTrace) bool {
	return s == nil || len(stubsRun(s)) > 0
}

// stubsRun returns the functions whose abstract stubs a counterexample's
// choices went through, each once, in the order first run.
func stubsRun(s *SavedTrace) []string {
	if s == nil {
		return nil
	}
	var out []string
	seen := map[string]bool{}
	for _, ch := range s.Choices {
		if f, ok := slice.StubOf(ch.Func); ok && !seen[f] {
			seen[f] = true
			out = append(out, f)
		}
	}
	return out
}

// programStubs returns the functions of the program among the stubs fns
// of info's slice: the functions it stubbed, and the functions of its
// chains that its off-chain stubs stand for (slice.OffChainSuffix), not
// library functions without a model.
func programStubs(fns []string, info *slice.Info) []string {
	if info == nil {
		return nil
	}
	var out []string
	for _, f := range fns {
		if g, ok := strings.CutSuffix(f, slice.OffChainSuffix); ok && slices.Contains(info.Kept, g) {
			out = append(out, g)
		} else if slices.Contains(info.Stubbed, f) {
			out = append(out, f)
		}
	}
	return out
}
