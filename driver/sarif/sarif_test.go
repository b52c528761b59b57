package sarif

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ladr-dev/ladr/driver"
	"github.com/ladr-dev/ladr/internal/jsonschema"
	"github.com/ladr-dev/ladr/internal/racefixture"
	"github.com/ladr-dev/ladr/property"
)

func raceResult(t *testing.T) *driver.Result { return racefixture.Race(t, "LP64") }

func schema(t *testing.T) *jsonschema.Schema {
	data, err := os.ReadFile(filepath.Join("testdata", "sarif-schema-2.1.0.json"))
	if err != nil {
		t.Fatal(err)
	}
	s, err := jsonschema.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestSchemaValid: every kind of outcome gives a SARIF 2.1.0 document that
// the published schema accepts.
func TestSchemaValid(t *testing.T) {
	s := schema(t)
	race := raceResult(t)
	assertion := &driver.Result{Result: "violation", Property: property.Assert.Name, Verdict: "FALSE(unreach-call)", Input: race.Input,
		File: race.Input, Line: 9, Column: 5, Thread: "T1", Function: "worker", Message: "assertion x == 1", LadrVersion: driver.Version}
	unknown := &driver.Result{Result: "unknown", Property: property.Race.Name, Verdict: "UNKNOWN", Input: race.Input,
		Reason: "unsupported: inline assembly", ReasonPos: race.Input + ":3:1", LadrVersion: driver.Version}
	clean := &driver.Result{Result: "no-violation-found", Property: property.Race.Name, Verdict: "UNKNOWN", Input: race.Input, LadrVersion: driver.Version, Bounds: driver.Bounds{Rounds: 3, Unwind: 2}}
	proved := &driver.Result{Result: "true", Property: property.Race.Name, Verdict: "TRUE", Input: race.Input, LadrVersion: driver.Version, Complete: true}
	for name, r := range map[string]*driver.Result{"race": race, "assertion": assertion, "unknown": unknown, "clean": clean, "true": proved} {
		var b bytes.Buffer
		if err := Write(&b, r); err != nil {
			t.Fatal(err)
		}
		if errs := s.Validate(b.Bytes()); len(errs) > 0 {
			t.Errorf("%s: the SARIF is not schema-valid: %v\n%s", name, errs, b.String())
		}
	}
}

// TestSchemaRejects: the schema check can fail.
func TestSchemaRejects(t *testing.T) {
	s := schema(t)
	var b bytes.Buffer
	if err := Write(&b, raceResult(t)); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []struct{ from, to string }{
		{`"version": "2.1.0"`, `"version": "2.0.0"`},
		{`"startLine": 7`, `"startLine": 0`},
		{`"executionOrder": 3`, `"executionOrder": "3"`},
		{`"level": "error"`, `"level": "fatal"`},
	} {
		doc := strings.Replace(b.String(), bad.from, bad.to, 1)
		if doc == b.String() {
			t.Fatalf("%s is not in the document", bad.from)
		}
		if errs := s.Validate([]byte(doc)); len(errs) == 0 {
			t.Errorf("the schema accepts the document with %s", bad.to)
		}
	}
}

// TestRace: the race is one result at the later access, with both
// accesses as related locations and one threadFlow per thread in the order
// of the interleaving.
func TestRace(t *testing.T) {
	r := raceResult(t)
	log := New(r)
	if len(log.Runs) != 1 || len(log.Runs[0].Results) != 1 {
		t.Fatalf("runs/results: %+v", log.Runs)
	}
	res := log.Runs[0].Results[0]
	if res.RuleID != "data-race" || res.Locations[0].PhysicalLocation.Region.StartLine != 7 {
		t.Errorf("result %s at %+v", res.RuleID, res.Locations[0].PhysicalLocation.Region)
	}
	if len(res.RelatedLocations) != 2 || res.RelatedLocations[0].PhysicalLocation.Region.StartLine != 7 || res.RelatedLocations[1].PhysicalLocation.Region.StartLine != 14 {
		t.Errorf("related locations %+v", res.RelatedLocations)
	}
	if !strings.Contains(res.Message.Text, "Data race on shared") {
		t.Errorf("message %q", res.Message.Text)
	}
	flows := res.CodeFlows[0].ThreadFlows
	if len(flows) != 2 || flows[0].ID != "main" || flows[1].ID != "T1" {
		t.Fatalf("thread flows %+v", flows)
	}
	if len(flows[0].Locations) != 3 || len(flows[1].Locations) != 2 {
		t.Errorf("thread flow lengths %d, %d", len(flows[0].Locations), len(flows[1].Locations))
	}
	if flows[1].Locations[1].ExecutionOrder <= flows[0].Locations[2].ExecutionOrder {
		t.Errorf("T1's access is not ordered after main's")
	}
	b, _ := json.Marshal(log)
	if !strings.Contains(string(b), `"uri":"file://`) {
		t.Errorf("an absolute input is not a file URI: %s", b)
	}
}

// TestUnknownIsNotClean: an unknown outcome is a failed execution with the
// reason and its location, and no result.
func TestUnknownIsNotClean(t *testing.T) {
	log := New(&driver.Result{Result: "unknown", Reason: "CBMC timed out", ReasonPos: "a:b.c:3:7"})
	inv := log.Runs[0].Invocations[0]
	if inv.ExecutionSuccessful || len(inv.ToolExecutionNotifications) != 1 {
		t.Fatalf("invocation %+v", inv)
	}
	n := inv.ToolExecutionNotifications[0]
	if !strings.Contains(n.Message.Text, "CBMC timed out") || n.Locations[0].PhysicalLocation.ArtifactLocation.URI != "./a:b.c" || n.Locations[0].PhysicalLocation.Region.StartLine != 3 {
		t.Errorf("notification %+v", n)
	}
}

func TestURI(t *testing.T) {
	for in, want := range map[string]string{
		"r.c":                "r.c",
		"dir with space/x.c": "dir%20with%20space/x.c",
		"/abs/x.c":           "file:///abs/x.c",
		"a:b.c":              "./a:b.c", // not a scheme
	} {
		if got := URI(in); got != want {
			t.Errorf("URI(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestFailure: a run that stopped on an error is a failed invocation with
// the exit code and the error at its location, no result, and it is
// schema-valid.
func TestFailure(t *testing.T) {
	s := schema(t)
	input := raceResult(t).Input
	for _, tc := range []struct {
		name     string
		f        Failure
		line     int
		col      int
		artifact bool
	}{
		{name: "syntax error", f: Failure{Message: input + ":3:9: unexpected '}'", Location: input + ":3:9", Input: input, ExitCode: 2}, line: 3, col: 9, artifact: true},
		{name: "line only", f: Failure{Message: "t.yml:4: bad", Location: "t.yml:4", ExitCode: 2}, line: 4},
		{name: "no location", f: Failure{Message: "flag provided but not defined: -bogus", ExitCode: 2}},
		{name: "missing input", f: Failure{Message: "stat nosuch.c: no such file or directory", Input: "nosuch.c", ExitCode: 2}, artifact: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := WriteFailure(&b, tc.f); err != nil {
				t.Fatal(err)
			}
			if errs := s.Validate(b.Bytes()); len(errs) > 0 {
				t.Fatalf("the SARIF is not schema-valid: %v\n%s", errs, b.String())
			}
			run := NewFailure(tc.f).Runs[0]
			inv := run.Invocations[0]
			if inv.ExecutionSuccessful || inv.ExitCode == nil || *inv.ExitCode != tc.f.ExitCode || len(run.Results) != 0 || len(inv.ToolExecutionNotifications) != 1 {
				t.Fatalf("run %+v", run)
			}
			n := inv.ToolExecutionNotifications[0]
			if n.Level != "error" || !strings.Contains(n.Message.Text, tc.f.Message) {
				t.Errorf("notification %+v", n)
			}
			switch {
			case tc.line == 0 && len(n.Locations) > 0:
				t.Errorf("locations %+v, want none", n.Locations)
			case tc.line > 0 && (len(n.Locations) != 1 || n.Locations[0].PhysicalLocation.Region.StartLine != tc.line || n.Locations[0].PhysicalLocation.Region.StartColumn != tc.col):
				t.Errorf("locations %+v, want line %d column %d", n.Locations, tc.line, tc.col)
			}
			if got := len(run.Artifacts) == 1; got != tc.artifact {
				t.Errorf("artifacts %+v", run.Artifacts)
			}
		})
	}
}

// TestErrorsAreWarnings: an output file that could not be written is a
// warning of a successful invocation; the result stands.
func TestErrorsAreWarnings(t *testing.T) {
	r := raceResult(t)
	r.Errors = []string{"cannot write the witness to /x/w.graphml: no such file or directory"}
	log := New(r)
	inv := log.Runs[0].Invocations[0]
	if !inv.ExecutionSuccessful || len(log.Runs[0].Results) != 1 {
		t.Fatalf("run %+v", log.Runs[0])
	}
	var found bool
	for _, n := range inv.ToolExecutionNotifications {
		found = found || n.Level == "warning" && n.Message.Text == r.Errors[0]
	}
	if !found {
		t.Errorf("notifications %+v lack the warning", inv.ToolExecutionNotifications)
	}
}

func TestSplitPos(t *testing.T) {
	for _, tc := range []struct {
		in        string
		file      string
		line, col int
		ok        bool
	}{
		{"a.c:3:7", "a.c", 3, 7, true},
		{"a.c:3", "a.c", 3, 0, true},
		{"a:b.c:3:7", "a:b.c", 3, 7, true},
		{"a:5:x.c:3", "a:5:x.c", 3, 0, true},
		{"a.c", "", 0, 0, false},
		{"", "", 0, 0, false},
		{"a.c:x", "", 0, 0, false},
		{":3", "", 0, 0, false},
		{"a.c:0", "", 0, 0, false},
	} {
		file, line, col, ok := splitPos(tc.in)
		if file != tc.file || line != tc.line || col != tc.col || ok != tc.ok {
			t.Errorf("splitPos(%q) = %q, %d, %d, %v; want %q, %d, %d, %v", tc.in, file, line, col, ok, tc.file, tc.line, tc.col, tc.ok)
		}
	}
}
