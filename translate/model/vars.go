package model

import "strings"

// ladr's internal variables, as a trace of the sequentialized program names
// them. All of them begin with InternalPrefix.
const (
	// InternalPrefix begins the name of every variable and function ladr
	// adds to a program.
	InternalPrefix = "__ladr_"
	// VarActive is the array of the threads started: an assignment to
	// __ladr_active[i] is the creation of thread i.
	VarActive = "__ladr_active"
	// VarNondetValue holds the value a __VERIFIER_nondet_* function
	// returns.
	VarNondetValue = "__ladr_nondet_value"
)

// instrumentation lists the variables of the sequentialization (seq) and of
// the race instrumentation (shadow) that are assigned at a statement of the
// program but are not part of what the statement does: a trace leaves their
// assignments out. The temporaries of the passes (__ladr_t1, __ladr_sp2,
// __ladr_a3...) are not here: their assignments are steps of the statements
// they were split from.
var instrumentation = map[string]bool{
	// seq: the program counters, the context-switch point, the driver's
	// loop variable, the threads that ended.
	"__ladr_pc": true, "__ladr_pc0": true, "__ladr_cs": true, "__ladr_x": true, "__ladr_exited": true,
	VarNondetValue: true,
	// shadow: the access being checked, the race flags and their
	// witnesses, the write of a pair (c1, c1new for threads created
	// later), and the release check's flag.
	"__ladr_P1": true, "__ladr_P2": true, "__ladr_stale": true, "__ladr_drd": true, "__ladr_drcx": true,
	"__ladr_dr0": true, "__ladr_dr1": true, "__ladr_dr2": true,
	"__ladr_c1": true, "__ladr_c1new": true, "__ladr_rel": true,
	"__ladr_wa": true, "__ladr_ws": true, "__ladr_wk": true, "__ladr_wn": true,
}

// IsInstrumentation reports whether lvalue (as a trace prints it: a
// variable, an element, a member) lies in one of ladr's instrumentation
// variables.
func IsInstrumentation(lvalue string) bool {
	n := strings.IndexFunc(lvalue, func(r rune) bool {
		return !(r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
	})
	if n >= 0 {
		lvalue = lvalue[:n]
	}
	return instrumentation[lvalue]
}
