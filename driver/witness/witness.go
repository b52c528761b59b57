// Package witness writes SV-COMP violation witnesses for the violations
// ladr reports: GraphML 1.0 (the format of sosy-lab/sv-witnesses'
// README-GraphML.md, with the concurrency keys threadId, createThread and
// enterFunction) and YAML 2.2 (the draft that adds a thread_id to each
// waypoint and ends a data race in a segment with its two target
// waypoints).
//
// A witness describes the counterexample in terms of the input program
// (the file named in the task, or the .c file given): one edge or waypoint
// per step of the source-level interleaving (driver.Step) that lies in the
// program file, the values of nondeterministic inputs as assumptions, and
// the violation at the end.
package witness

import (
	"crypto/rand"
	"fmt"
	"regexp"
	"time"

	"github.com/ladr-dev/ladr/driver"
	"github.com/ladr-dev/ladr/property"
)

// Info is what a witness says about its program and producer.
type Info struct {
	// ProgramFile is the input file as given to ladr.
	ProgramFile string
	// ProgramHash is the SHA-256 of ProgramFile's content, in hex.
	ProgramHash string
	// Specification is the SV-COMP property text (the .prp content).
	Specification string
	// DataModel is ILP32 or LP64; Architecture is 32bit or 64bit.
	DataModel    string
	Architecture string
	// Producer is "ladr VERSION".
	Producer string
	Version  string
	// CreationTime is the time the witness was made.
	CreationTime time.Time
}

// NewInfo describes the program and property of r. It reads the input to
// hash it.
func NewInfo(r *driver.Result) (Info, error) {
	if r.Result != driver.Violation {
		return Info{}, fmt.Errorf("no violation to witness (the result is %s)", r.Result)
	}
	hash, err := driver.HashFile(r.Input)
	if err != nil {
		return Info{}, fmt.Errorf("hashing the program for the witness: %w", err)
	}
	var spec string
	if p, err := property.Lookup(r.Property); err == nil {
		spec = p.Specification
	}
	arch := "64bit"
	if r.DataModel == "ILP32" {
		arch = "32bit"
	}
	return Info{
		ProgramFile: r.Input, ProgramHash: hash,
		Specification: spec,
		DataModel:     r.DataModel, Architecture: arch,
		Producer: "ladr " + r.LadrVersion, Version: r.LadrVersion,
		CreationTime: time.Now().UTC().Truncate(time.Second),
	}, nil
}

// event is one step of the witness: a step of the trace in the program
// file, with what the witness formats need to know about it.
type event struct {
	step driver.Step
	// enter is the function a thread starts in, on its first step.
	enter string
	// create is the id of the thread a create step starts (-1: none).
	create int
	// assumptions are C expressions over the step's values (nondet inputs).
	assumptions []string
	// target marks a racing access or the failing check.
	target bool
}

// events selects and annotates the steps of r's trace that lie in the
// program file.
func events(r *driver.Result, file string) []event {
	threadFunc := map[int]string{}
	for _, t := range r.Threads {
		threadFunc[t.ID] = t.Function
	}
	started := map[int]bool{}
	num := numbering(r)
	var evs []event
	for _, s := range r.Trace {
		if s.Kind == "context-switch" || s.Kind == "extern" || s.Line <= 0 || s.File != file {
			// (An extern's value is chosen before the program runs, at a
			// declaration no witness waypoint can name.)
			continue
		}
		e := event{step: s, create: -1}
		e.step.ThreadID = num(s.ThreadID)
		if !started[s.ThreadID] {
			started[s.ThreadID] = true
			f := threadFunc[s.ThreadID]
			if f == "" && s.ThreadID == 0 {
				f = "main"
			}
			if f == s.Function {
				// (A first step in an inlined callee enters that one.)
				e.enter = f
			}
		}
		if s.Kind == "create" && s.CreatedThread != "" {
			e.create = num(s.CreatedThreadID)
		}
		if s.Kind == "nondet" {
			for i, v := range s.Values {
				if i > 0 && s.Values[i-1].Lvalue == "(uninitialized)" {
					// The arbitrary first value of a variable declared
					// without one (a parameter main's harness sets next):
					// not a choice the program's execution depends on.
					continue
				}
				if cIdent.MatchString(v.Lvalue) && cConst.MatchString(v.Value) {
					e.assumptions = append(e.assumptions, fmt.Sprintf("%s == %s", v.Lvalue, v.Value))
				}
			}
		}
		e.target = s.Kind == "access" || s.Kind == "violation"
		evs = append(evs, e)
	}
	// A violation without a violation step in the file ends at the
	// reported line.
	if len(evs) == 0 || !evs[len(evs)-1].target {
		if r.Race == nil && r.File == file && r.Line > 0 {
			evs = append(evs, event{step: driver.Step{Thread: r.Thread, ThreadID: num(threadID(r, r.Thread)), File: r.File, Line: r.Line, Column: r.Column, Function: r.Function, Kind: "violation"}, create: -1, target: true})
		}
	}
	return evs
}

// numbering returns the witness's number of each thread of r: threads are
// numbered in the order the trace creates them, main 0 (ladr's own
// numbers are those of the create sites). A thread the trace does not
// create gets the next number when first asked for.
func numbering(r *driver.Result) func(int) int {
	ids := map[int]int{0: 0}
	next := 1
	num := func(t int) int {
		if id, ok := ids[t]; ok {
			return id
		}
		ids[t] = next
		next++
		return ids[t]
	}
	for _, s := range r.Trace {
		if s.Kind == "create" && s.CreatedThread != "" {
			num(s.CreatedThreadID)
		}
	}
	return num
}

func threadID(r *driver.Result, name string) int {
	for _, t := range r.Threads {
		if t.Name == name {
			return t.ID
		}
	}
	return 0
}

var (
	cIdent = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*(\[[0-9]+\]|\.[A-Za-z_][A-Za-z0-9_]*)*$`)
	cConst = regexp.MustCompile(`^-?[0-9]+[uUlL]*$`)
)

// uuid returns a random version-4 UUID.
func uuid() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}
