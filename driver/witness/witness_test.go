package witness

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ladr-dev/ladr/driver"
	"github.com/ladr-dev/ladr/internal/racefixture"
)

func raceResult(t *testing.T) *driver.Result { return racefixture.Race(t, "ILP32") }

// write writes the witness of r with w.
func write(t *testing.T, r *driver.Result, w func(io.Writer, *driver.Result, Info) error) (string, Info) {
	t.Helper()
	info, err := NewInfo(r)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := w(&b, r, info); err != nil {
		t.Fatal(err)
	}
	return b.String(), info
}

// xmllint finds the xmllint and the GraphML schema that
// scripts/install-xmllint installs into .tools/xmllint. Without them the
// test fails, with instructions: a schema check that is skipped proves
// nothing.
func xmllint(t *testing.T) (bin, xsd string) {
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		if filepath.Dir(dir) == dir {
			t.Fatal("no go.mod above the working directory")
		}
		dir = filepath.Dir(dir)
	}
	bin = filepath.Join(dir, ".tools", "xmllint", "bin", "xmllint")
	xsd = filepath.Join(dir, ".tools", "xmllint", "graphml", "graphml.xsd")
	for _, p := range []string{bin, xsd} {
		if _, err := os.Stat(p); err != nil {
			t.Fatalf("%v: run scripts/install-xmllint in %s", err, dir)
		}
	}
	return bin, xsd
}

// validateGraphML checks doc against the GraphML 1.0 schema.
func validateGraphML(t *testing.T, doc []byte) error {
	f := filepath.Join(t.TempDir(), "w.graphml")
	if err := os.WriteFile(f, doc, 0o644); err != nil {
		t.Fatal(err)
	}
	bin, xsd := xmllint(t)
	out, err := exec.Command(bin, "--noout", "--nonet", "--schema", xsd, f).CombinedOutput()
	if err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			t.Fatal(err)
		}
		return errors.New(string(out))
	}
	return nil
}

func TestGraphMLSchemaValid(t *testing.T) {
	w, _ := write(t, raceResult(t), WriteGraphML)
	if err := validateGraphML(t, []byte(w)); err != nil {
		t.Fatalf("the witness is not valid GraphML: %v\n%s", err, w)
	}
	// The check can fail.
	bad := strings.Replace(w, `<edge source="N0"`, `<edge from="N0" source="N0"`, 1)
	if err := validateGraphML(t, []byte(bad)); err == nil {
		t.Errorf("xmllint accepts an edge with an unknown attribute")
	}
}

// TestGraphMLContent: the witness has the graph data SV-COMP requires, one
// edge per step of the program file, threadId on every edge, createThread
// on the create edge, enterFunction on a thread's first edge, the nondet
// value as an assumption, and the violation node after the second access.
func TestGraphMLContent(t *testing.T) {
	w, info := write(t, raceResult(t), WriteGraphML)
	for _, want := range []string{
		`<data key="witness-type">violation_witness</data>`,
		`<data key="specification">CHECK( init(main()), LTL(G ! data-race) )</data>`,
		`<data key="architecture">32bit</data>`,
		`<data key="programhash">` + info.ProgramHash + `</data>`,
		`<data key="assumption">n == 5;</data>`,
		`<data key="createThread">1</data>`,
		`<data key="enterFunction">worker</data>`,
		`<data key="enterFunction">main</data>`,
	} {
		if !strings.Contains(w, want) {
			t.Errorf("the witness lacks %s", want)
		}
	}
	if n := strings.Count(w, "<edge "); n != 5 {
		t.Errorf("%d edges, want 5 (one per step in the program file)", n)
	}
	if n := strings.Count(w, `<data key="threadId">`); n != 5 {
		t.Errorf("%d edges with a threadId, want 5", n)
	}
	// The violation node is the target of the last edge, T1's access.
	last := w[strings.LastIndex(w, "<edge "):]
	if !strings.Contains(last, `target="N5"`) || !strings.Contains(last, `<data key="startline">7</data>`) || !strings.Contains(last, `<data key="threadId">1</data>`) {
		t.Errorf("last edge:\n%s", last)
	}
	if !strings.Contains(w, "<node id=\"N5\">\n   <data key=\"violation\">true</data>") {
		t.Errorf("N5 is not the violation node")
	}
}

// TestYAML: the YAML 2.2 witness has the task metadata, the nondet return
// value, the switch to T1 and a final segment with the two accesses as
// targets, each with its thread.
func TestYAML(t *testing.T) {
	w, _ := write(t, raceResult(t), WriteYAML)
	for _, want := range []string{
		"- entry_type: violation_sequence",
		`format_version: "2.2"`,
		`specification: "CHECK( init(main()), LTL(G ! data-race) )"`,
		`data_model: "ILP32"`,
		`value: "\\result == 5"`,
		"type: function_return",
	} {
		if !strings.Contains(w, want) {
			t.Errorf("the witness lacks %s\n%s", want, w)
		}
	}
	final := w[strings.LastIndex(w, "- segment:"):]
	if strings.Count(final, "type: target") != 2 || !strings.Contains(final, "line: 14") || !strings.Contains(final, "line: 7") ||
		!strings.Contains(final, "thread_id: 0") || !strings.Contains(final, "thread_id: 1") {
		t.Errorf("final segment:\n%s", final)
	}
	if strings.Contains(w, "\t") {
		t.Errorf("a tab in YAML")
	}
}

func TestNoViolationNoWitness(t *testing.T) {
	if _, err := NewInfo(&driver.Result{Result: "no-violation-found"}); err == nil {
		t.Errorf("NewInfo accepts a result without a violation")
	}
	if err := WriteGraphML(&bytes.Buffer{}, &driver.Result{Result: "unknown"}, Info{}); err == nil {
		t.Errorf("WriteGraphML writes a witness of an unknown result")
	}
}
