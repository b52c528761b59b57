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
	assertion := &driver.Result{Result: "violation", Property: driver.Assert, Verdict: "FALSE(unreach-call)", Input: race.Input,
		File: race.Input, Line: 9, Column: 5, Thread: "T1", Function: "worker", Message: "assertion x == 1", LadrVersion: driver.Version}
	unknown := &driver.Result{Result: "unknown", Property: driver.Race, Verdict: "UNKNOWN", Input: race.Input,
		Reason: "unsupported: inline assembly", ReasonPos: race.Input + ":3:1", LadrVersion: driver.Version}
	clean := &driver.Result{Result: "no-violation-found", Property: driver.Race, Verdict: "UNKNOWN", Input: race.Input, LadrVersion: driver.Version, Bounds: driver.Bounds{Rounds: 3, Unwind: 2}}
	proved := &driver.Result{Result: "true", Property: driver.Race, Verdict: "TRUE", Input: race.Input, LadrVersion: driver.Version, Complete: true}
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
