// Package sarif writes ladr's results in SARIF 2.1.0 (OASIS Static Analysis
// Results Interchange Format), so that races and failing checks show up in
// code review tools.
//
// A violation is one result: its location is the check that fails (for a
// data race, the later of the two accesses), its relatedLocations are the two racing
// accesses, and its codeFlow holds the interleaving as one threadFlow per
// thread whose locations carry a global executionOrder. A run without a
// violation has no result; an unknown outcome is a tool execution
// notification with its reason, and the run is marked not successful, so
// that it is never mistaken for a clean bill. So is a run that stopped on
// bad usage or input (NewFailure), with the error at its location and the
// exit code. An output file that could not be written (Result.Errors) is a
// warning notification: the result stands.
package sarif

import (
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/ladr-dev/ladr/driver"
	"github.com/ladr-dev/ladr/property"
)

// SchemaURI is the $schema of the documents written.
const SchemaURI = "https://json.schemastore.org/sarif-2.1.0.json"

// Log is a SARIF log (the parts ladr writes).
type Log struct {
	Schema  string `json:"$schema"`
	Version string `json:"version"`
	Runs    []Run  `json:"runs"`
}

// Run is one run of ladr.
type Run struct {
	Tool        Tool           `json:"tool"`
	Invocations []Invocation   `json:"invocations"`
	Artifacts   []Artifact     `json:"artifacts,omitempty"`
	Results     []Result       `json:"results"`
	Properties  map[string]any `json:"properties,omitempty"`
}

// Tool describes ladr.
type Tool struct {
	Driver ToolComponent `json:"driver"`
}

// ToolComponent is ladr's driver with its rules.
type ToolComponent struct {
	Name            string `json:"name"`
	Version         string `json:"version"`
	SemanticVersion string `json:"semanticVersion,omitempty"`
	Rules           []Rule `json:"rules"`
}

// Rule is one property ladr checks.
type Rule struct {
	ID               string   `json:"id"`
	Name             string   `json:"name"`
	ShortDescription Message  `json:"shortDescription"`
	FullDescription  *Message `json:"fullDescription,omitempty"`
}

// Message is a SARIF message.
type Message struct {
	Text string `json:"text"`
}

// Invocation tells how the run went.
type Invocation struct {
	ExecutionSuccessful bool `json:"executionSuccessful"`
	// ExitCode is set for a run that stopped on an error (NewFailure).
	ExitCode                   *int           `json:"exitCode,omitempty"`
	ToolExecutionNotifications []Notification `json:"toolExecutionNotifications,omitempty"`
}

// Notification is a message about the run (here: why it is unknown, or the
// bounds of a clean run).
type Notification struct {
	Level     string     `json:"level"`
	Message   Message    `json:"message"`
	Locations []Location `json:"locations,omitempty"`
}

// Artifact is a file the results refer to.
type Artifact struct {
	Location ArtifactLocation  `json:"location"`
	Hashes   map[string]string `json:"hashes,omitempty"`
}

// ArtifactLocation is a file URI.
type ArtifactLocation struct {
	URI string `json:"uri"`
}

// Result is one violation.
type Result struct {
	RuleID           string         `json:"ruleId"`
	RuleIndex        int            `json:"ruleIndex"`
	Level            string         `json:"level"`
	Message          Message        `json:"message"`
	Locations        []Location     `json:"locations"`
	RelatedLocations []Location     `json:"relatedLocations,omitempty"`
	CodeFlows        []CodeFlow     `json:"codeFlows,omitempty"`
	Properties       map[string]any `json:"properties,omitempty"`
}

// Location is a place in the source, with a message.
type Location struct {
	ID               *int              `json:"id,omitempty"`
	PhysicalLocation *PhysicalLocation `json:"physicalLocation,omitempty"`
	Message          *Message          `json:"message,omitempty"`
}

// PhysicalLocation is a file and a region.
type PhysicalLocation struct {
	ArtifactLocation ArtifactLocation `json:"artifactLocation"`
	Region           *Region          `json:"region,omitempty"`
}

// Region is a line (and column) in a file.
type Region struct {
	StartLine   int      `json:"startLine"`
	StartColumn int      `json:"startColumn,omitempty"`
	Snippet     *Message `json:"snippet,omitempty"`
}

// CodeFlow is the interleaving of a counterexample.
type CodeFlow struct {
	Message     *Message     `json:"message,omitempty"`
	ThreadFlows []ThreadFlow `json:"threadFlows"`
}

// ThreadFlow is the part of the interleaving one thread runs.
type ThreadFlow struct {
	ID        string               `json:"id"`
	Message   *Message             `json:"message,omitempty"`
	Locations []ThreadFlowLocation `json:"locations"`
}

// ThreadFlowLocation is one step; ExecutionOrder orders the steps of all
// threads.
type ThreadFlowLocation struct {
	Location       Location       `json:"location"`
	ExecutionOrder int            `json:"executionOrder"`
	Kinds          []string       `json:"kinds,omitempty"`
	Importance     string         `json:"importance,omitempty"`
	State          map[string]any `json:"state,omitempty"`
}

// rules returns the rules of the properties, in the order of property.All.
func rules() []Rule {
	var out []Rule
	for _, p := range property.All() {
		out = append(out, Rule{ID: p.Rule.ID, Name: p.Rule.Name, ShortDescription: Message{p.Rule.Description}})
	}
	return out
}

// ruleOf returns the index of the rule of the property named name (that
// of assert for an unknown name).
func ruleOf(name string) int {
	for i, p := range property.All() {
		if p.Name == name {
			return i
		}
	}
	return ruleOf(property.Assert.Name)
}

// URI turns a file path into a SARIF artifact URI: a relative reference
// for a relative path, a file URI for an absolute one.
func URI(path string) string {
	p := filepath.ToSlash(path)
	u := url.URL{Path: p}
	if filepath.IsAbs(path) {
		u.Scheme = "file"
	}
	return u.String()
}

func physical(file string, line, col int, snippet string) *PhysicalLocation {
	pl := &PhysicalLocation{ArtifactLocation: ArtifactLocation{URI: URI(file)}}
	if line > 0 {
		pl.Region = &Region{StartLine: line, StartColumn: max(col, 0)}
		if snippet != "" {
			pl.Region.Snippet = &Message{Text: snippet}
		}
	}
	return pl
}

// New builds the SARIF log of r.
func New(r *driver.Result) *Log {
	run := Run{
		Tool:    Tool{Driver: ToolComponent{Name: "ladr", Version: r.LadrVersion, SemanticVersion: r.LadrVersion, Rules: rules()}},
		Results: []Result{},
		Properties: map[string]any{
			"result": r.Result, "verdict": r.Verdict, "property": r.Property,
			"bounds": r.Bounds, "visible_statements": r.VisibleStatements, "time_s": r.TimeS,
		},
	}
	inputs := r.Inputs
	if len(inputs) == 0 && r.Input != "" {
		inputs = []string{r.Input}
	}
	for _, in := range inputs {
		a := Artifact{Location: ArtifactLocation{URI: URI(in)}}
		if h, err := driver.HashFile(in); err == nil {
			a.Hashes = map[string]string{"sha-256": h}
		}
		run.Artifacts = append(run.Artifacts, a)
	}
	inv := Invocation{ExecutionSuccessful: r.Result != driver.Unknown}
	switch r.Result {
	case driver.Unknown:
		n := Notification{Level: "error", Message: Message{"UNKNOWN: " + r.Reason}}
		if file, line, col, ok := splitPos(r.ReasonPos); ok {
			n.Locations = []Location{{PhysicalLocation: physical(file, line, col, "")}}
		}
		inv.ToolExecutionNotifications = []Notification{n}
		run.Results = append(run.Results, potentialDeadlocks(r)...)
	case driver.NoViolationFound:
		inv.ToolExecutionNotifications = []Notification{{Level: "note", Message: Message{fmt.Sprintf("No violation found within the bounds (rounds %d, unwind %d); behaviours beyond them were not explored.", r.Bounds.Rounds, r.Bounds.Unwind)}}}
		run.Results = append(run.Results, potentialDeadlocks(r)...)
	case driver.True:
		if r.Candidates != nil && r.Candidates.Answered {
			inv.ToolExecutionNotifications = []Notification{{Level: "note", Message: Message{fmt.Sprintf("The property holds for every bound: whole-program static race analysis (%d access(es) other threads may reach, none may race).", r.Candidates.Accesses)}}}
			break
		}
		if r.Proof != nil {
			inv.ToolExecutionNotifications = []Notification{{Level: "note", Message: Message{fmt.Sprintf("The property holds for every bound: static race analysis (%d pair(s) of accesses to overlapping memory, none may race).", r.Proof.Pairs)}}}
			break
		}
		if r.Deadlock != nil && r.Deadlock.DeadlockFree {
			inv.ToolExecutionNotifications = []Notification{{Level: "note", Message: Message{fmt.Sprintf("The property holds for every bound: static lock-order analysis (%d lock(s), %d dependencies, no cycle).", r.Deadlock.Locks, r.Deadlock.Dependencies)}}}
			break
		}
		inv.ToolExecutionNotifications = []Notification{{Level: "note", Message: Message{fmt.Sprintf("The property holds: the bounds (rounds %d, unwind %d) cover every behaviour.", r.Bounds.Rounds, r.Bounds.Unwind)}}}
	case driver.Violation:
		run.Results = []Result{result(r)}
	}
	run.Results = append(run.Results, raceCandidates(r)...)
	run.Results = append(run.Results, slicePotentials(r)...)
	for _, e := range r.Errors {
		// The result stands; an output file is missing.
		inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications, Notification{Level: "warning", Message: Message{e}})
	}
	run.Invocations = []Invocation{inv}
	return &Log{Schema: SchemaURI, Version: "2.1.0", Runs: []Run{run}}
}

// Failure describes a run of ladr that stopped on an error (bad usage or
// input) before it had a result.
type Failure struct {
	// Message is the error, one line.
	Message string
	// Location is where in an input file the error is ("file:line:col"
	// or "file:line"; "" when it has no position).
	Location string
	// Input is the C file, when known.
	Input string
	// ExitCode is ladr's exit code (2 for bad usage or input).
	ExitCode int
}

// NewFailure builds the SARIF log of a run that failed: one run with no
// results whose invocation is not successful, with the error as a
// notification at its location, so that it is never mistaken for a clean
// bill.
func NewFailure(f Failure) *Log {
	run := Run{
		Tool:       Tool{Driver: ToolComponent{Name: "ladr", Version: driver.Version, SemanticVersion: driver.Version, Rules: rules()}},
		Results:    []Result{},
		Properties: map[string]any{"result": "error", "verdict": "ERROR", "exit_code": f.ExitCode},
	}
	if f.Input != "" {
		a := Artifact{Location: ArtifactLocation{URI: URI(f.Input)}}
		if h, err := driver.HashFile(f.Input); err == nil {
			a.Hashes = map[string]string{"sha-256": h}
		}
		run.Artifacts = []Artifact{a}
	}
	n := Notification{Level: "error", Message: Message{"ERROR: " + f.Message}}
	if file, line, col, ok := splitPos(f.Location); ok {
		n.Locations = []Location{{PhysicalLocation: physical(file, line, col, "")}}
	}
	code := f.ExitCode
	run.Invocations = []Invocation{{ExecutionSuccessful: false, ExitCode: &code, ToolExecutionNotifications: []Notification{n}}}
	return &Log{Schema: SchemaURI, Version: "2.1.0", Runs: []Run{run}}
}

// potentialDeadlocks returns a warning per potential deadlock of the
// static deadlock analysis: at the first thread's wait, with every
// thread's acquisition and wait as related locations.
// raceCandidates are the whole-program race candidates a result lists
// (driver.Result.Candidates), as warnings that nothing confirmed: the first
// access the location, the second a related location.
func raceCandidates(r *driver.Result) []Result {
	if r.Candidates == nil || r.Candidates.Answered {
		return nil
	}
	rule := ruleOf(r.Property)
	var out []Result
	for _, c := range r.Candidates.Candidates {
		res := Result{RuleID: property.All()[rule].Rule.ID, RuleIndex: rule, Level: "warning",
			Message:   Message{"potential data race (static, not confirmed) on " + c.Memory + ": " + c.Why},
			Locations: []Location{}, Properties: map[string]any{"confirmed": false, "candidate": true}}
		if file, line, col, ok := splitPos(c.First.Position); ok {
			res.Locations = []Location{{PhysicalLocation: physical(file, line, col, "")}}
		}
		if file, line, col, ok := splitPos(c.Second.Position); ok {
			id := 0
			res.RelatedLocations = []Location{{ID: &id, PhysicalLocation: physical(file, line, col, ""),
				Message: &Message{fmt.Sprintf("the other access, in %s", c.Second.Func)}}}
		}
		out = append(out, res)
	}
	return out
}

// slicePotentials are the potential races found on slices
// (driver.Result.Slices): warnings at the race, not confirmed on the
// program (their counterexamples run abstracted code).
func slicePotentials(r *driver.Result) []Result {
	rule := ruleOf(r.Property)
	var out []Result
	for _, sl := range r.Slices {
		if !sl.Potential() || sl.SameAs > 0 {
			// The same slice's warning is there once.
			continue
		}
		res := Result{RuleID: property.All()[rule].Rule.ID, RuleIndex: rule, Level: "warning",
			Message:   Message{fmt.Sprintf("%s found on a slice of the program (%s; its counterexample runs abstracted code): %s", potentialWhat(sl), sl.Threads, sl.Message)},
			Locations: []Location{}, Properties: map[string]any{"confirmed": false, "slice": sl.Threads}}
		if sl.File != "" {
			res.Locations = []Location{{PhysicalLocation: physical(sl.File, sl.Line, 0, "")}}
		}
		out = append(out, res)
	}
	return out
}

// potentialWhat names what a slice found: a potential data race or a
// potential violation (of an assertion property).
func potentialWhat(sl *driver.SliceReport) string {
	if sl.Result == driver.SlicePotentialRace {
		return "potential data race"
	}
	return sl.Result
}

func potentialDeadlocks(r *driver.Result) []Result {
	if r.Deadlock == nil {
		return nil
	}
	rule := ruleOf(r.Property)
	var out []Result
	add := func(msg string, waits []driver.DeadlockWait) {
		res := Result{RuleID: property.All()[rule].Rule.ID, RuleIndex: rule, Level: "warning", Message: Message{msg},
			Locations: []Location{}, Properties: map[string]any{"confirmed": false}}
		id := 0
		loc := func(pos, text string) {
			if file, line, col, ok := splitPos(pos); ok {
				i := id
				res.RelatedLocations = append(res.RelatedLocations, Location{ID: &i, PhysicalLocation: physical(file, line, col, ""), Message: &Message{text}})
				id++
			}
		}
		for _, w := range waits {
			for _, h := range w.HeldAt {
				loc(h, fmt.Sprintf("a thread of %s acquires %s", w.Routine, w.Holds))
			}
			loc(w.At, fmt.Sprintf("a thread of %s, holding %s, waits for %s", w.Routine, w.Holds, w.WaitsFor))
		}
		if file, line, col, ok := splitPos(waits[0].At); ok {
			res.Locations = []Location{{PhysicalLocation: physical(file, line, col, "")}}
		}
		out = append(out, res)
	}
	for _, c := range r.Deadlock.Potential {
		var parts []string
		for _, w := range c.Threads {
			parts = append(parts, fmt.Sprintf("a thread of %s holds %s and waits for %s", w.Routine, w.Holds, w.WaitsFor))
		}
		add("Potential deadlock (static lock-order analysis, not confirmed by the bounded search): "+strings.Join(parts, "; ")+".", c.Threads)
	}
	for _, w := range r.Deadlock.Self {
		add(fmt.Sprintf("Potential deadlock (static lock-order analysis, not confirmed by the bounded search): a thread of %s takes %s, which it may hold already.", w.Routine, w.WaitsFor), []driver.DeadlockWait{w})
	}
	return out
}

func result(r *driver.Result) Result {
	rule := ruleOf(r.Property)
	res := Result{RuleID: property.All()[rule].Rule.ID, RuleIndex: rule, Level: "error"}
	if r.Race != nil {
		var parts []string
		for i, a := range r.Race.Accesses {
			id := i
			verb := a.Kind
			if a.Atomic {
				verb = "atomic " + verb
			}
			text := fmt.Sprintf("%s of %s by thread %s in %s", verb, r.Race.Location, a.Thread, a.Function)
			if a.ThreadCreatedAt != "" {
				text += fmt.Sprintf(" (created at %s)", a.ThreadCreatedAt)
			}
			parts = append(parts, fmt.Sprintf("%s at line %d", text, a.Line))
			res.RelatedLocations = append(res.RelatedLocations, Location{ID: &id, PhysicalLocation: physical(a.File, a.Line, a.Column, a.Source), Message: &Message{text}})
		}
		res.Message = Message{fmt.Sprintf("Data race on %s: %s.", r.Race.Location, strings.Join(parts, "; "))}
		// The first access is the one at which the race shows (the later
		// in the interleaving).
		first := r.Race.Accesses[0]
		res.Locations = []Location{{PhysicalLocation: physical(first.File, first.Line, first.Column, first.Source)}}
	} else {
		msg := r.Message
		if msg == "" {
			msg = "violation"
		}
		res.Message = Message{fmt.Sprintf("%s (thread %s, in %s)", msg, r.Thread, r.Function)}
		res.Locations = []Location{{PhysicalLocation: physical(r.File, r.Line, r.Column, "")}}
		if r.FoundDeadlock != nil {
			// Every waiting thread's call, and where it took what it
			// holds (the static analysis's acquisitions of the cycle).
			for i, t := range r.FoundDeadlock.Threads {
				id := i
				res.RelatedLocations = append(res.RelatedLocations, Location{ID: &id, PhysicalLocation: physical(t.File, t.Line, t.Column, t.Source),
					Message: &Message{fmt.Sprintf("thread %s waits in %s", t.Thread, t.Call)}})
			}
			if r.Deadlock != nil {
				for _, c := range r.Deadlock.Potential {
					for _, w := range c.Threads {
						for _, h := range w.HeldAt {
							if file, line, col, ok := splitPos(h); ok {
								id := len(res.RelatedLocations)
								res.RelatedLocations = append(res.RelatedLocations, Location{ID: &id, PhysicalLocation: physical(file, line, col, ""),
									Message: &Message{fmt.Sprintf("a thread of %s acquires %s (lock-order cycle)", w.Routine, w.Holds)}})
							}
						}
					}
				}
			}
		}
	}
	res.Properties = map[string]any{"confirmed": r.Confirmed}
	if cf, ok := codeFlow(r); ok {
		res.CodeFlows = []CodeFlow{cf}
	}
	return res
}

// codeFlow is the interleaving of r: one threadFlow per thread, in the
// order threads first run.
func codeFlow(r *driver.Result) (CodeFlow, bool) {
	var order []int
	flows := map[int]*ThreadFlow{}
	for i, s := range r.Trace {
		if s.Kind == "context-switch" || s.File == "" || s.Line <= 0 {
			continue
		}
		tf := flows[s.ThreadID]
		if tf == nil {
			tf = &ThreadFlow{ID: s.Thread, Message: &Message{"thread " + s.Thread}}
			for _, t := range r.Threads {
				if t.ID == s.ThreadID && t.CreatedAt != "" {
					tf.Message = &Message{fmt.Sprintf("thread %s running %s, created at %s", s.Thread, t.Function, t.CreatedAt)}
				}
			}
			flows[s.ThreadID] = tf
			order = append(order, s.ThreadID)
		}
		text := s.Kind
		if s.Detail != "" {
			text += ": " + s.Detail
		}
		loc := ThreadFlowLocation{
			Location:       Location{PhysicalLocation: physical(s.File, s.Line, s.Column, s.Source), Message: &Message{text}},
			ExecutionOrder: i + 1,
		}
		switch s.Kind {
		case "create":
			loc.Kinds = []string{"call"}
		case "lock":
			loc.Kinds = []string{"acquire"}
		case "unlock":
			loc.Kinds = []string{"release"}
		case "access", "violation":
			loc.Importance = "essential"
		}
		if len(s.Values) > 0 {
			loc.State = map[string]any{}
			for _, v := range s.Values {
				loc.State[v.Lvalue] = map[string]string{"text": v.Value}
			}
		}
		tf.Locations = append(tf.Locations, loc)
	}
	if len(order) == 0 {
		return CodeFlow{}, false
	}
	cf := CodeFlow{Message: &Message{"The interleaving that leads to the violation (executionOrder orders the steps of all threads)."}}
	for _, id := range order {
		cf.ThreadFlows = append(cf.ThreadFlows, *flows[id])
	}
	return cf, true
}

// splitPos splits "file:line:col" or "file:line" (col 0).
func splitPos(s string) (file string, line, col int, ok bool) {
	file, last, ok := cutLastNumber(s)
	if !ok {
		return "", 0, 0, false
	}
	if f, l, ok := cutLastNumber(file); ok {
		return f, l, last, true
	}
	return file, last, 0, true
}

// cutLastNumber splits "rest:N" into rest and a positive N.
func cutLastNumber(s string) (rest string, n int, ok bool) {
	i := strings.LastIndex(s, ":")
	if i <= 0 {
		return "", 0, false
	}
	n, err := strconv.Atoi(s[i+1:])
	if err != nil || n <= 0 {
		return "", 0, false
	}
	return s[:i], n, true
}

// Write writes the SARIF log of r as indented JSON.
func Write(w io.Writer, r *driver.Result) error {
	return encode(w, New(r))
}

// WriteFailure writes the SARIF log of a failed run (NewFailure) as
// indented JSON.
func WriteFailure(w io.Writer, f Failure) error {
	return encode(w, NewFailure(f))
}

func encode(w io.Writer, l *Log) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(l); err != nil {
		return fmt.Errorf("writing the SARIF log: %w", err)
	}
	return nil
}
