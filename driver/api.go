// Package driver runs ladr's pipeline on a C program: it parses it,
// translates it into a bounded sequential program (package translate, with
// the instrumentation of the property checked, package property), runs
// CBMC on the result (package cbmc) at the bounds the search strategy picks
// (package strategy), and maps CBMC's verdict and counterexample back to
// the original program, confirmed by a concrete replay (package replay).
//
// The files: api.go holds the types of the API, check.go the check,
// attempt.go one attempt (the strategy's backend), prove.go the static race
// analysis before the attempts (a proof is the answer for every bound),
// build.go the build step
// shared by Check, Translate and Replay, mapping.go and trace.go the
// mapping of a counterexample.
package driver

import (
	"regexp"
	"time"

	"github.com/ladr-dev/ladr/driver/cbmc"
	"github.com/ladr-dev/ladr/driver/strategy"
	"github.com/ladr-dev/ladr/property"
	"github.com/ladr-dev/ladr/translate"
	"github.com/ladr-dev/ladr/translate/analysis/candidates"
	"github.com/ladr-dev/ladr/translate/cfront"
	"github.com/ladr-dev/ladr/translate/follow"
	"github.com/ladr-dev/ladr/translate/ir"
)

// Version is ladr's version.
const Version = "0.1.0"

// Options configure a check.
type Options struct {
	// Input is the C file (.c, or preprocessed .i).
	Input string
	// Task is an SV-COMP task definition; it gives the input, the data model
	// and (when Property is nil) the property.
	Task string
	// Property is what to check (nil: the task's, else property.Default).
	Property *property.Property
	// Model is the data model (0: from the task; else ILP32 for .i files and
	// LP64 for .c files).
	Model     cfront.Model
	Rounds    int
	Unwind    int
	UnwindSet map[string]int
	Target    translate.Target
	// Timeout bounds the whole check (0: none).
	Timeout time.Duration
	// MemoryLimitMB is the memory budget of the check (0: none): ladr
	// stops when its own resident memory passes it, and each CBMC process
	// may use what ladr leaves of it when the process starts, split
	// between the Jobs processes that may run at once.
	MemoryLimitMB int
	// CBMC is the path of cbmc ("" to look it up).
	CBMC string
	// CBMCArgs are extra options for CBMC.
	CBMCArgs []string
	// FixedBounds makes ladr use exactly Rounds and Unwind; otherwise, with
	// a Timeout, it tries increasing bounds (strategy.DefaultSchedule) until the time
	// is up and reports the largest bounds it completed.
	FixedBounds bool
	// Jobs is the number of CBMC processes run at once (0: 1). With two or
	// more, a portfolio (Portfolio, AutoPortfolio) runs its members at
	// once, each with its share.
	Jobs int
	// Solver is the SAT solver of a check without a portfolio ("" or
	// "minisat": CBMC's built-in one; see Member.Solver).
	Solver string
	// Portfolio are the searches run at once when Jobs is 2 or more (the
	// first violation or proof wins); nil: AutoPortfolio decides.
	Portfolio []Member
	// AutoPortfolio runs DefaultPortfolio when Portfolio is nil and Jobs
	// is 2 or more (the user chose neither encoding nor solver).
	AutoPortfolio bool
	// Keep, when set, is where the sequentialized program is written.
	Keep string
	// Progress receives phase changes (may be nil).
	Progress func(phase string)
	// Frontend is reused across checks when set.
	Frontend *cfront.Frontend
	// NoReplay skips the concrete re-execution of a violation (by default
	// every violation is replayed and reported only when it is confirmed).
	NoReplay bool
	// NoExplore leaves out the explicit-state search that an assertion
	// check runs beside CBMC when Jobs is 2 or more (explore.go).
	NoExplore bool
	// ExploreOnly runs the explicit-state search alone, without CBMC's
	// searches (whatever Jobs): a violation it finds, confirmed, or
	// unknown.
	ExploreOnly bool
	// GCC is the C compiler replay uses ("" for gcc from PATH).
	GCC string
	// Defines are extra macro definitions ("NAME" or "NAME=VALUE") and
	// IncludeDirs extra #include directories for .c inputs (-D, -I).
	Defines     []string
	IncludeDirs []string
	// Undefines are macro names undefined after Defines (-U); Includes
	// are files included before each .c input (-include); Std is the C
	// standard (-std=, "" for the compiler's default).
	Undefines []string
	Includes  []string
	Std       string
	// Candidates lists the whole-program race candidates (package
	// candidates) with every result; without it they are listed when the
	// result is unknown. NoCandidates skips the analysis.
	Candidates   bool
	NoCandidates bool
	// FactsFiles are files of the user's facts for the candidates
	// analysis (candidates.ParseFacts); facts in comments of the inputs
	// are read too.
	FactsFiles []string
	// MaxSlices is how many slices of the program (package slice) are
	// checked, one per race candidate's threads, most likely first, when
	// the whole program gets no answer (0: none); SliceTimeout limits each
	// (0: only the check's time limit).
	MaxSlices    int
	SliceTimeout time.Duration
	// SliceMemory, when not nil, keeps for slices only the candidates
	// whose memory (Candidate.Memory: "hits", "(struct conn).state")
	// it matches: the user's focus on the places they care about.
	SliceMemory *regexp.Regexp
	// Units are the translation units of a program of several files
	// (ladr check a.c b.c, --compile-commands), each with its own flags
	// after the ones above; Input is then the first unit's file. Empty:
	// the program is Input alone.
	Units []cfront.Unit
	// Args fixes the arguments main receives after its name (--args); nil
	// leaves argc and argv nondeterministic within bounds.
	Args []string
	// NoStaticProof skips the static race analysis (translate pass prove):
	// the search runs CBMC whatever the analysis would prove (to measure
	// its effect, or to cross-check it). By default, for the race property,
	// a proof of race freedom is the answer (True for every bound) and
	// CBMC does not run.
	NoStaticProof bool
	// Adjacent checks races as the LaDR paper does only: the racing
	// accesses adjacent across one context switch, without pending
	// accesses (shadow/pending.go), which find more races at the same
	// bounds but make the formula larger (the default portfolio's first
	// member; see Member.Adjacent).
	Adjacent bool
	// ExplainProof fills Result.ProofPairs: the pairs of accesses the
	// static race analysis considered, with the argument that excludes a
	// race between them (the race candidates first). The analysis runs
	// for it even with NoStaticProof, without deciding the result then.
	ExplainProof bool
	// Follow, when set, restricts the check to the executions that pass a
	// witness's waypoints (ladr replay --witness): a violation is
	// reported only along the witness, and "true" means that no
	// execution following it violates the property.
	Follow *follow.Spec
	// MinBounds raises the steps of the search's schedule (not fixed
	// bounds) to at least these rounds and unwinding.
	MinBounds Bounds
}

// frontendOptions are the parse options of opt.
func (opt Options) frontendOptions() cfront.Options {
	return cfront.Options{Model: opt.Model, Defines: opt.Defines, IncludePaths: opt.IncludeDirs, Args: opt.Args,
		Undefines: opt.Undefines, Includes: opt.Includes, Std: opt.Std}
}

// parse parses the program of opt: Input, or its Units linked.
func (opt Options) parse(fe *cfront.Frontend) (*ir.Program, error) {
	if len(opt.Units) > 0 {
		return fe.ParseUnits(opt.Units, opt.frontendOptions())
	}
	return fe.ParseFile(opt.Input, opt.frontendOptions())
}

// Files are the files of the program of opt: Input, or its units'.
func (opt Options) Files() []string {
	if len(opt.Units) == 0 {
		return []string{opt.Input}
	}
	var fs []string
	for _, u := range opt.Units {
		fs = append(fs, u.File)
	}
	return fs
}

// InputError is an error in the user's input (a missing file, a file that
// does not parse, a bad task): the CLI exits with code 2.
type InputError struct{ Err error }

func (e *InputError) Error() string { return e.Err.Error() }
func (e *InputError) Unwrap() error { return e.Err }

// BackendError reports that CBMC cannot be run: it was not found, or the
// path given is not an executable (the CLI exits with code 4).
type BackendError struct{ Err error }

func (e *BackendError) Error() string { return e.Err.Error() }
func (e *BackendError) Unwrap() error { return e.Err }

// Result is the outcome of a check.
type Result struct {
	Result Outcome `json:"result"`
	// Property is the name of the property checked (property.Lookup).
	Property  string  `json:"property"`
	Verdict   string  `json:"verdict"` // SV-COMP verdict line
	Bounds    Bounds  `json:"bounds"`
	Reason    string  `json:"reason,omitempty"`
	ReasonPos string  `json:"reason_location,omitempty"`
	TimeS     float64 `json:"time_s"`
	// ParseS is the time to parse (and link) the program.
	ParseS            float64 `json:"parse_s"`
	TranslateS        float64 `json:"translate_s"`
	BackendS          float64 `json:"backend_s"`
	VisibleStatements int     `json:"visible_statements"`
	// CheckedAccesses is the number of accesses the race instrumentation
	// checks in the attempt reported, and StaticallyUnchecked the number
	// it leaves unchecked because the static race analysis found no
	// access they may race with.
	CheckedAccesses     int         `json:"checked_accesses,omitempty"`
	StaticallyUnchecked int         `json:"statically_unchecked,omitempty"`
	Threads             []ThreadRef `json:"threads,omitempty"`
	File                string      `json:"file,omitempty"`
	Line                int         `json:"line,omitempty"`
	Column              int         `json:"column,omitempty"`
	Thread              string      `json:"thread,omitempty"`
	Function            string      `json:"function,omitempty"`
	Message             string      `json:"message,omitempty"`
	Race                *DataRace   `json:"race,omitempty"`
	Trace               []Step      `json:"trace,omitempty"`
	PeakMemoryKB        int64       `json:"peak_memory_kb,omitempty"`
	// Confirmed is true when replay re-executed the violation concretely.
	Confirmed bool `json:"confirmed,omitempty"`
	// Complete is true when the bounds cover every behaviour of the
	// program (result "true").
	Complete bool `json:"complete,omitempty"`
	// Saved is what replaying the violation later needs (--save-trace).
	Saved *SavedTrace `json:"-"`
	Cuts  []string    `json:"cuts,omitempty"`
	// CutsOmitted counts the cuts left out of Cuts (at most MaxCuts are
	// listed: a large program's unwinding cuts thousands of loops).
	CutsOmitted int      `json:"cuts_omitted,omitempty"`
	Notes       []string `json:"notes,omitempty"`
	// Errors are failures that leave the result valid: an output file
	// (--keep, and in the CLI --witness or --save-trace) that could not be
	// written.
	Errors   []string  `json:"errors,omitempty"`
	Attempts []Attempt `json:"attempts,omitempty"`
	// Proof is the static race analysis's proof when it is the result
	// (True for every bound, no CBMC run, Bounds zero).
	Proof *ProofSummary `json:"proof,omitempty"`
	// Candidates are the whole-program race candidates: listed when the
	// result is unknown (the bounded search could not answer), or with
	// Options.Candidates.
	Candidates *CandidateReport `json:"race_candidates,omitempty"`
	// Slices are the slices of the program checked for the candidates
	// (Options.MaxSlices): a race on a slice whose counterexample runs no
	// stub is the result; the others are potential races.
	Slices []*SliceReport `json:"slices,omitempty"`
	// SliceMemory is Options.SliceMemory's expression, when slices
	// were for the candidates it matches only.
	SliceMemory string `json:"slice_memory,omitempty"`
	// StaticAnalysis is what the static race analysis found when it ran
	// and its proof is not the result: why it declined, or how many race
	// candidates it left.
	StaticAnalysis *StaticAnalysis `json:"static_analysis,omitempty"`
	// Deadlock is what the static deadlock analysis found (property
	// deadlock).
	Deadlock *DeadlockAnalysis `json:"deadlock_analysis,omitempty"`
	// FoundDeadlock is the deadlock of a violation of property deadlock:
	// every live thread and where it waits.
	FoundDeadlock *FoundDeadlock `json:"deadlock,omitempty"`
	// ProofPairs are the pairs of accesses the static race analysis
	// considered, race candidates first, at most MaxProofPairs of them
	// (Options.ExplainProof); ProofPairsOmitted counts the rest.
	ProofPairs        []ProofPair `json:"proof_pairs,omitempty"`
	ProofPairsOmitted int         `json:"proof_pairs_omitted,omitempty"`
	// Followed is how the attempt reported followed the witness
	// (Options.Follow).
	Followed *Followed `json:"followed,omitempty"`
	// Passes are the times of the translation's passes, in order, in the
	// attempt reported.
	Passes []PassTime `json:"passes,omitempty"`
	Input  string     `json:"input"`
	// Inputs are the program's files when it has several (Input is the
	// first).
	Inputs []string `json:"inputs,omitempty"`
	// DataModel is ILP32 or LP64.
	DataModel string `json:"data_model"`
	// Backend is how the attempt reported was decided (nil when no
	// backend ran: a static proof, a translation that failed).
	Backend     *BackendInfo `json:"backend,omitempty"`
	LadrVersion string       `json:"ladr_version"`
}

// BackendInfo is how the backend decided the attempt reported: its
// command line, the portfolio member, and the formula's size and the
// phases' times as CBMC printed them (the run that answered, when several
// CBMC configurations raced).
type BackendInfo struct {
	Command string `json:"command"`
	// Member is the portfolio member whose attempt is reported (empty
	// without a portfolio).
	Member string `json:"member,omitempty"`
	cbmc.Stats
}

// Followed is how a check followed a witness: the waypoints placed on
// statements of the bounded program and what it left out.
type Followed struct {
	Waypoints int `json:"waypoints"`
	Placed    int `json:"placed"`
	// Unplaced are the waypoints on lines with no statement, Ignored the
	// constraints not understood: "WHAT (line N): why".
	Unplaced []string `json:"unplaced,omitempty"`
	Ignored  []string `json:"ignored,omitempty"`
	// ConstrainedUnplaced counts the unplaced waypoints that said more
	// than where a thread is (a branch, a value, a thread created).
	ConstrainedUnplaced int `json:"constrained_unplaced,omitempty"`
}

// Outcome is the outcome of a check: Violation, NoViolationFound, True or
// Unknown (the JSON spells them "violation", "no-violation-found", "true",
// "unknown").
type Outcome = strategy.Outcome

// Outcomes.
const (
	Violation        = strategy.Violation
	NoViolationFound = strategy.NoViolationFound
	True             = strategy.True
	Unknown          = strategy.Unknown
)

// Bounds are the bounds of a check.
type Bounds = strategy.Bounds

// PassTime is the time one pass of the translation took.
type PassTime struct {
	Pass  string  `json:"pass"`
	TimeS float64 `json:"time_s"`
}

// ThreadRef describes a thread of the bounded program.
type ThreadRef struct {
	ID        int    `json:"id"`
	Name      string `json:"name"`
	Function  string `json:"function"`
	CreatedAt string `json:"created_at,omitempty"`
}

// DataRace describes a data race: the location and the two accesses.
type DataRace struct {
	Location string   `json:"location"`
	Accesses []Access `json:"accesses"`
}

// Access is one of the two racing accesses.
type Access struct {
	Kind            string `json:"kind"` // read or write
	File            string `json:"file"`
	Line            int    `json:"line"`
	Column          int    `json:"column"`
	Function        string `json:"function"`
	Thread          string `json:"thread"`
	ThreadCreatedAt string `json:"thread_created_at,omitempty"`
	Lvalue          string `json:"lvalue,omitempty"`
	Source          string `json:"source,omitempty"`
	Atomic          bool   `json:"atomic,omitempty"`
	// Pending: the thread had not run this access yet; it was stopped
	// just before it while the other access ran (both were enabled at
	// once).
	Pending bool `json:"pending,omitempty"`
}

// Step is one step of a counterexample in terms of the original program.
type Step struct {
	// Thread is the thread's name (main, T1, ...) and ThreadID its number
	// (0 is main).
	Thread   string `json:"thread"`
	ThreadID int    `json:"thread_id"`
	File     string `json:"file,omitempty"`
	Line     int    `json:"line,omitempty"`
	Column   int    `json:"column,omitempty"`
	// Function is the original function the statement belongs to (after
	// inlining, the callee's name).
	Function string `json:"function,omitempty"`
	Source   string `json:"source,omitempty"`
	// Kind is statement, context-switch, nondet, extern (the value of a
	// global declared extern and defined nowhere, at its declaration,
	// before the program runs), create, join, lock,
	// unlock, access (one of the two racing accesses) or violation.
	Kind   string `json:"kind"`
	Detail string `json:"detail,omitempty"`
	// Values are the assignments of the step to program variables.
	Values []Value `json:"values,omitempty"`
	// CreatedThread is, for a create step, the name and number of the
	// thread created.
	CreatedThread   string `json:"created_thread,omitempty"`
	CreatedThreadID int    `json:"created_thread_id,omitempty"`
}

// Value is one assignment in a step: an lvalue and the value written.
type Value struct {
	Lvalue string `json:"lvalue"`
	Value  string `json:"value"`
}

// Attempt records one run at some bounds.
type Attempt struct {
	Bounds Bounds  `json:"bounds"`
	Result Outcome `json:"result"`
	Reason string  `json:"reason,omitempty"`
	TimeS  float64 `json:"time_s"`
	// Member is the portfolio member that made the attempt
	// (Member.String; empty without a portfolio).
	Member string `json:"member,omitempty"`
}

// ProofSummary sums up a static proof of race freedom.
type ProofSummary struct {
	// Accesses is the number of accesses to memory another thread may
	// reach.
	Accesses int `json:"accesses"`
	// Arguments counts the pairs each argument excluded (the arguments
	// that excluded none left out), keyed by the argument's name
	// ("read-only", "common lock", ...).
	Arguments map[string]int `json:"arguments"`
	// Pairs is the number of pairs of accesses to overlapping memory.
	Pairs int `json:"pairs"`
}

// CandidateReport is the whole-program race candidates analysis's result
// and its time.
type CandidateReport struct {
	*candidates.Result
	TimeS float64 `json:"time_s"`
	// Answered: the whole-program proof is the result (true for every
	// bound), the static race analysis of the inlined program having
	// not concluded.
	Answered bool `json:"answered,omitempty"`
}

// StaticAnalysis is the outcome of a static race analysis that did not
// decide the result.
type StaticAnalysis struct {
	// Proved: the analysis proved the program race-free, but its proof was
	// not used (Options.NoStaticProof).
	Proved bool `json:"proved,omitempty"`
	// Declined is the construct the analysis does not follow (or why its
	// proof does not hold), at DeclinedAt.
	Declined   string `json:"declined,omitempty"`
	DeclinedAt string `json:"declined_location,omitempty"`
	// Candidates is the number of pairs of accesses no argument excludes.
	Candidates int `json:"candidates,omitempty"`
}

// MaxProofPairs caps Result.ProofPairs.
const MaxProofPairs = 200

// ProofPair is two accesses that may touch the same memory, with the
// argument that excludes a race between them ("" for a race candidate).
type ProofPair struct {
	Argument string `json:"argument,omitempty"`
	// Detail adds to the argument (the lock's name).
	Detail   string         `json:"detail,omitempty"`
	Accesses [2]ProofAccess `json:"accesses"`
}

// ProofAccess is one access of a ProofPair.
type ProofAccess struct {
	Kind     string `json:"kind"` // read or write
	Location string `json:"location"`
	// Thread is the start routine of the thread making it (main for
	// main).
	Thread string `json:"thread"`
	Lvalue string `json:"lvalue"`
	Atomic bool   `json:"atomic,omitempty"`
	// Locks are the locks surely held.
	Locks []string `json:"locks,omitempty"`
}
