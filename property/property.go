// Package property defines what ladr checks, each property as one value:
// its name, its SV-COMP spelling (verdict, property file, witness
// specification), its SARIF rule, the checks the sequentialization emits
// for it, its instrumentation, what the instrumentation decides without a
// backend, and how a violation of its own assertions is explained.
//
// Package driver, the CLI and the output formats (sarif, witness) read
// everything property-specific from these values. A new property (e.g.
// deadlock) is one new value in this package, listed in All, plus its
// tests here; when the sequentialization's own checks do not decide it,
// also its instrumentation (a translation step in a package of its own, as
// shadow is for races) with an adapter implementing Instrumentation (as
// race.go adapts shadow), and, when it needs checks the sequentialization
// emits, a seq.Property.
package property

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ladr-dev/ladr/driver/cbmc"
	"github.com/ladr-dev/ladr/translate"
	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/seq"
)

// Property is one property ladr checks.
type Property struct {
	// Name is how the CLI (--property), the JSON result and saved traces
	// name the property.
	Name string
	// Aliases are other names --property accepts for it.
	Aliases []string
	// LockOrder: the static lock-order analysis of the unbounded program
	// runs first; when it finds no potential deadlock the property holds
	// for every bound, else the bounded search looks for one (property
	// deadlock).
	LockOrder bool
	// SVCOMP is the property's SV-COMP name, as in the verdict line
	// FALSE(SVCOMP).
	SVCOMP string
	// TaskFile is the base name of the SV-COMP property file of a task
	// definition that asks for this property ("" when SV-COMP has none).
	TaskFile string
	// Specification is the property in a witness: the LTL text of the
	// SV-COMP property file.
	Specification string
	// Rule is the SARIF rule of a violation.
	Rule Rule
	// Seq is what the sequentialized program checks.
	Seq seq.Property
	// Instrumentation returns the instrumentation the property adds to
	// the translation for a target; nil when it adds none (the
	// sequentialization's own assertions check it).
	Instrumentation func(target translate.Target) Instrumentation
	// ShadowMemory says that the instrumentation's cbmc encoding uses
	// CBMC's shadow memory: when CBMC crashes on it, or gives a
	// counterexample the replay refuses, the generic encoding is tried.
	ShadowMemory bool
	// Static is what the driver reports when the instrumentation checks
	// nothing (Instrumentation.Checks is 0): the property holds in the
	// bounded program without a backend run.
	Static Static
}

// Static holds the notes of a property decided without a backend run.
type Static struct {
	// Note says why the bounded program cannot violate the property.
	Note string
	// Complete says why the whole program cannot, when the bounded
	// program lost nothing.
	Complete string
}

// Rule is a property's SARIF rule.
type Rule struct {
	ID, Name, Description string
}

// Verdict returns the SV-COMP verdict line of a violation.
func (p *Property) Verdict() string { return "FALSE(" + p.SVCOMP + ")" }

// String returns the property's name.
func (p *Property) String() string { return p.Name }

// Properties.
var (
	// Race checks for data races (SV-COMP's no-data-race).
	Race = &Property{
		Name: "race", SVCOMP: "no-data-race", TaskFile: "no-data-race.prp",
		Specification: "CHECK( init(main()), LTL(G ! data-race) )",
		Rule:          Rule{ID: "data-race", Name: "DataRace", Description: "Two threads access the same memory location concurrently, at least one of them writes, and no synchronization orders them."},
		Seq:           seq.Race, Instrumentation: newRace, ShadowMemory: true,
		Static: Static{
			Note:     "no two accesses of different threads can race: none touches memory another thread writes, or both are atomic, or both hold one mutex (CBMC was not needed)",
			Complete: "complete: every loop fully unwound, no recursion cut, and no two accesses of different threads can race",
		},
	}
	// Assert checks assert(), reach_error() and __VERIFIER_error(). Its
	// violations are SV-COMP's unreach-call violations; SV-COMP has no
	// task property for it.
	Assert = &Property{
		Name: "assert", SVCOMP: "unreach-call",
		// assert() fails by calling __assert_fail (glibc); ladr's assert
		// property also covers reach_error().
		Specification: "CHECK( init(main()), LTL(G ! call(__assert_fail())) )",
		Rule:          Rule{ID: "assertion", Name: "FailingAssertion", Description: "An assertion of the program can fail (or reach_error() can be called)."},
		Seq:           seq.Assert,
	}
	// UnreachCall checks only that reach_error() / __VERIFIER_error() are
	// never called (SV-COMP's unreach-call).
	UnreachCall = &Property{
		Name: "unreach-call", SVCOMP: "unreach-call", TaskFile: "unreach-call.prp",
		Specification: "CHECK( init(main()), LTL(G ! call(reach_error())) )",
		Rule:          Rule{ID: "unreach-call", Name: "ReachableError", Description: "reach_error() can be called."},
		Seq:           seq.UnreachCall,
	}
	// Deadlock checks that no execution reaches a state where every live
	// thread waits forever (for a mutex another holds, or to join a
	// thread that does not end). SV-COMP has no such property. The static
	// lock-order analysis (translate/analysis/lockorder) proves it for
	// every bound or names potential deadlocks, which the bounded search
	// (seq.Deadlock) confirms or not.
	Deadlock = &Property{
		Name: "deadlock", Aliases: []string{"no-deadlock"}, SVCOMP: "no-deadlock",
		Specification: "CHECK( init(main()), LTL(G ! deadlock) )",
		Rule:          Rule{ID: "deadlock", Name: "Deadlock", Description: "Every live thread waits forever: for a mutex another thread holds, or to join a thread that does not end."},
		Seq:           seq.Deadlock, LockOrder: true,
	}
)

// Default is the property checked when none is given.
var Default = Race

// All returns the properties ladr checks, in a fixed order (the order of
// the SARIF rules).
func All() []*Property { return []*Property{Race, Assert, UnreachCall, Deadlock} }

// Lookup returns the property named name; the error lists the names.
func Lookup(name string) (*Property, error) {
	var names []string
	for _, p := range All() {
		if p.Name == name || slices.Contains(p.Aliases, name) {
			return p, nil
		}
		names = append(names, p.Name)
	}
	return nil, fmt.Errorf("unknown property %q (want %s)", name, orList(names))
}

// orList joins names as "a, b or c".
func orList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// Instrumentation is what a property adds to the translation, as the
// driver sees it: the instrument step and what the instrumented program
// means.
type Instrumentation interface {
	// Instrument is the translation step (pass shadow for races).
	translate.Instrumenter
	// Checks returns, once the translation ran, the number of checks the
	// program makes; none means the bounded program cannot violate the
	// property, whatever the interleaving (Property.Static).
	Checks() int
	// Approximation returns the first check that is approximated, or
	// missing, with what is approximated; "" when every check is exact. A
	// run finding no violation is then no evidence.
	Approximation() (ir.Pos, string)
	// Relax leaves the relaxable checks out of the next translation (see
	// RelaxError).
	Relax()
	// Explain explains the failed assertion site of the instrumentation's
	// own, from CBMC's counterexample trace. It returns nil, nil for a site
	// that is not its own, and a *RelaxError for a failure that is no
	// violation of the property.
	Explain(u *translate.Unit, sm *ir.SourceMap, site seq.AssertSite, trace []cbmc.Step) (*Violation, error)
	// NeedsGeneric reports whether a translation error says that the cbmc
	// target cannot check something the generic target can.
	NeedsGeneric(err error) bool
}

// Violation is an instrumentation's explanation of a failed assertion.
type Violation struct {
	// Message is the result's message.
	Message string
	// Location is the memory location involved (a race's lvalue).
	Location string
	// Accesses are the accesses that violate the property: for a race,
	// the one that revealed it, then the other.
	Accesses []Access
}

// Access is an access of the original program.
type Access struct {
	Write  bool
	Atomic bool
	Loc    ir.Loc // the statement
	Pos    ir.Pos // the lvalue
	Thread *ir.Thread
	Text   string // the lvalue as C text
	// Pending: the thread had not run the access yet; it was stopped
	// just before it while the other access ran.
	Pending bool
}

// RelaxError is Explain's answer for a failed assertion that is no
// violation of the property but a check stricter than the property (a
// block released while another thread is alive): the program is checked
// again after Instrumentation.Relax, at these bounds and the larger ones.
type RelaxError struct {
	// What failed.
	What string
	// Progress is the phase shown while checking again.
	Progress string
	// Note is the result's note about it.
	Note string
}

func (e *RelaxError) Error() string { return e.What }
