package main

import (
	"bytes"
	"encoding/json"
	"io"
	"testing"

	"github.com/ladr-dev/ladr/driver"
)

func TestScanArgs(t *testing.T) {
	app := newApp(io.Discard, io.Discard)
	for _, tc := range []struct {
		name string
		args []string
		want invocation
	}{
		{"check json", []string{"ladr", "check", "--format", "json", "x.c"}, invocation{command: "check", format: "json", input: "x.c"}},
		{"equals and single dash", []string{"ladr", "check", "-format=sarif", "x.c"}, invocation{command: "check", format: "sarif", input: "x.c"}},
		{"flags after the file", []string{"ladr", "check", "x.c", "--bogus", "--format", "json"}, invocation{command: "check", format: "json", input: "x.c"}},
		{"the last format counts", []string{"ladr", "check", "--format", "json", "--format", "text", "x.c"}, invocation{command: "check", format: "text", input: "x.c"}},
		{"values are not the input", []string{"ladr", "check", "--task", "t.yml", "--keep", "k.c", "-q"}, invocation{command: "check", task: "t.yml"}},
		{"two inputs", []string{"ladr", "check", "--format", "json", "a.c", "b.c"}, invocation{command: "check", format: "json"}},
		{"after --", []string{"ladr", "check", "--format", "json", "--", "-x.c"}, invocation{command: "check", format: "json", input: "-x.c"}},
		{"a flag without its value", []string{"ladr", "check", "--format"}, invocation{command: "check"}},
		{"replay", []string{"ladr", "replay", "--trace", "t.json", "--format", "json", "x.c"}, invocation{command: "replay", format: "json", input: "x.c"}},
		{"no command", []string{"ladr", "--format", "json"}, invocation{}},
		{"nothing", []string{"ladr"}, invocation{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := scanArgs(app, flagsFirst(app, tc.args)); got != tc.want {
				t.Errorf("scanArgs(%q) = %+v, want %+v", tc.args, got, tc.want)
			}
		})
	}
}

func TestWriteFailure(t *testing.T) {
	for _, tc := range []struct {
		name string
		inv  invocation
		ee   *exitError
		// want are the keys and values of the JSON object (nil: no
		// output); sarif: the output is a SARIF log.
		want  map[string]any
		sarif bool
	}{
		{name: "check json", inv: invocation{command: "check", format: "json", input: "x.c"}, ee: &exitError{code: 2, msg: "x.c:1:2: bad", pos: "x.c:1:2"},
			want: map[string]any{"result": "error", "error": "x.c:1:2: bad", "error_location": "x.c:1:2", "exit_code": 2.0, "verdict": "ERROR", "input": "x.c", "ladr_version": driver.Version}},
		{name: "replay unknown", inv: invocation{command: "replay", format: "json", input: "x.c"}, ee: &exitError{code: 3, msg: "translation failed"},
			want: map[string]any{"result": "unknown", "error": "translation failed", "exit_code": 3.0, "input": "x.c", "ladr_version": driver.Version}},
		{name: "check task", inv: invocation{command: "check", format: "json", task: "t.yml"}, ee: &exitError{code: 2, msg: "bad"},
			want: map[string]any{"result": "error", "error": "bad", "exit_code": 2.0, "verdict": "ERROR", "task": "t.yml", "ladr_version": driver.Version}},
		{name: "check sarif", inv: invocation{command: "check", format: "sarif"}, ee: &exitError{code: 2, msg: "bad"}, sarif: true},
		{name: "check text", inv: invocation{command: "check", format: "text"}, ee: &exitError{code: 2, msg: "bad"}},
		{name: "replay sarif", inv: invocation{command: "replay", format: "sarif"}, ee: &exitError{code: 2, msg: "bad"}},
		{name: "translate json", inv: invocation{command: "translate", format: "json"}, ee: &exitError{code: 2, msg: "bad"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := writeFailure(&b, tc.inv, tc.ee); err != nil {
				t.Fatal(err)
			}
			if tc.want == nil && !tc.sarif {
				if b.Len() > 0 {
					t.Fatalf("output %s, want none", b.String())
				}
				return
			}
			var got map[string]any
			if err := json.Unmarshal(b.Bytes(), &got); err != nil {
				t.Fatalf("not one JSON object: %v\n%s", err, b.String())
			}
			if tc.sarif {
				if got["version"] != "2.1.0" {
					t.Errorf("not a SARIF log: %s", b.String())
				}
				return
			}
			if len(got) != len(tc.want) {
				t.Errorf("keys %v, want %v", got, tc.want)
			}
			for k, v := range tc.want {
				if got[k] != v {
					t.Errorf("%s = %v, want %v", k, got[k], v)
				}
			}
		})
	}
}
