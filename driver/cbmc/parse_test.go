package cbmc

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func readFixture(t testing.TB) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "trace.json"))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// findStep returns the first step satisfying ok, or fails.
func findStep(t *testing.T, trace []Step, what string, ok func(Step) bool) Step {
	t.Helper()
	for _, s := range trace {
		if ok(s) {
			return s
		}
	}
	t.Fatalf("no %s in the trace", what)
	return Step{}
}

// checkTraceFixture checks the properties of testdata/trace.c as verified
// by "cbmc --trace --trace-json-extended --json-ui" (the stored output in
// testdata/trace.json, or a fresh run).
func checkTraceFixture(t *testing.T, props []Property) {
	t.Helper()
	if len(props) != 2 {
		t.Fatalf("got %d properties, want 2: %+v", len(props), props)
	}
	p := props[0]
	if p.ID != "main.assertion.1" || p.Status != StatusFailure || p.Description != "y is not 8" ||
		p.Location.Line != 14 || p.Location.Function != "main" || !strings.HasSuffix(p.Location.File, ".c") {
		t.Errorf("property 0 = %+v", p)
	}
	if q := props[1]; q.ID != "inc.overflow.1" || q.Status != StatusSuccess || len(q.Trace) != 0 || q.Location.Line != 6 {
		t.Errorf("property 1 = %+v", q)
	}
	tr := p.Trace

	st := findStep(t, tr, "struct assignment to s", func(s Step) bool { return s.Type == StepAssignment && s.LHS == "s" })
	if !st.Hidden || st.Value.Name != "struct" || len(st.Value.Members) != 3 ||
		st.Value.Members[0].Name != "a" || st.Value.Members[0].Value.Type != "signed int" ||
		st.Value.Members[1].Name != "b" || st.Value.Members[1].Value.Type != "char" || st.Value.Members[1].Value.Width != 8 ||
		st.Value.Members[2].Name != "$pad2" || st.Value.Members[2].Value.Width != 24 {
		t.Errorf("struct step = %+v", st)
	}
	if !json.Valid(st.Value.Raw) || !bytes.Contains(st.Value.Raw, []byte(`"members"`)) {
		t.Errorf("struct raw value = %s", st.Value.Raw)
	}
	if st.LHSIdentifier != "main::1::s" || !json.Valid(st.RawLHS) {
		t.Errorf("struct step lhs identifier %q, raw lhs valid %v", st.LHSIdentifier, json.Valid(st.RawLHS))
	}

	ar := findStep(t, tr, "array assignment to arr", func(s Step) bool { return s.Type == StepAssignment && s.LHS == "arr" })
	if ar.Value.Name != "array" || len(ar.Value.Elements) != 2 || ar.Value.Elements[1].Index != 1 ||
		ar.Value.Elements[1].Value.Data != "0" || ar.Value.Elements[1].Value.Width != 32 || ar.LHSIdentifier != "arr" {
		t.Errorf("array step = %+v", ar)
	}
	el := findStep(t, tr, "assignment to arr[1l]", func(s Step) bool {
		return s.Type == StepAssignment && s.LHS == "arr[1l]" && s.Location.Line == 11
	})
	if el.Value.Data != "5" || el.LHSIdentifier != "arr" || el.Hidden {
		t.Errorf("array element step = %+v", el)
	}

	bv := findStep(t, tr, "visible assignment to bv", func(s Step) bool { return s.Type == StepAssignment && s.LHS == "bv" && !s.Hidden })
	if bv.Value.Data != "-3" || bv.Value.Binary != "101" || bv.Value.Width != 3 ||
		bv.Value.Type != "signed __CPROVER_bitvector[3]" || bv.Value.Name != "integer" || bv.Location.Line != 12 {
		t.Errorf("bitvector step = %+v", bv)
	}

	nd := findStep(t, tr, "nondet assignment", func(s Step) bool {
		return s.Type == StepAssignment && s.LHS == "return_value___VERIFIER_nondet_int"
	})
	if nd.LHSIdentifier != "main::$tmp::return_value___VERIFIER_nondet_int" || nd.Value.Width != 32 ||
		nd.AssignmentType != AssignVariable || nd.Location.Line != 8 || nd.Mode != "C" {
		t.Errorf("nondet step = %+v", nd)
	}
	x := findStep(t, tr, "assignment to x", func(s Step) bool { return s.Type == StepAssignment && s.LHS == "x" })
	if x.LHSIdentifier != "main::1::x" || x.Value.Data != nd.Value.Data {
		t.Errorf("x step = %+v (nondet value %q)", x, nd.Value.Data)
	}

	call := findStep(t, tr, "call of inc", func(s Step) bool { return s.Type == StepFunctionCall && s.Function.Identifier == "inc" })
	if call.Function.DisplayName != "inc" || call.Function.Location.Line != 6 || call.Location.Line != 13 ||
		call.Location.Function != "main" || call.Hidden {
		t.Errorf("call step = %+v", call)
	}
	param := findStep(t, tr, "actual parameter", func(s Step) bool { return s.AssignmentType == AssignActualParameter })
	if param.LHS != "v" || param.LHSIdentifier != "inc::v" {
		t.Errorf("parameter step = %+v", param)
	}
	findStep(t, tr, "return from inc", func(s Step) bool { return s.Type == StepFunctionReturn && s.Function.Identifier == "inc" })
	y := findStep(t, tr, "visible assignment to y", func(s Step) bool { return s.Type == StepAssignment && s.LHS == "y" && !s.Hidden })
	if y.Value.Data != "8" {
		t.Errorf("y step = %+v", y)
	}
	findStep(t, tr, "location-only step", func(s Step) bool { return s.Type == StepLocationOnly })

	last := tr[len(tr)-1]
	if last.Type != StepFailure || last.Property != "main.assertion.1" || last.Reason != "y is not 8" ||
		last.Location.Line != 14 || last.Thread != 0 {
		t.Errorf("last step = %+v", last)
	}
}

func TestParseJSONFixture(t *testing.T) {
	data := readFixture(t)
	out, err := ParseJSON(data)
	if err != nil {
		t.Fatal(err)
	}
	if !out.Complete || out.Program != "CBMC 6.6.0 (cbmc-6.6.0)" || out.CProverStatus != "failure" {
		t.Errorf("complete %v, program %q, status %q", out.Complete, out.Program, out.CProverStatus)
	}
	if len(out.Messages) != 15 || out.Messages[0].Type != MessageStatus || !strings.HasPrefix(out.Messages[0].Text, "CBMC version 6.6.0") {
		t.Errorf("messages = %+v", out.Messages)
	}
	checkTraceFixture(t, out.Properties)
}

func TestParseJSONTruncated(t *testing.T) {
	data := readFixture(t)
	full, err := ParseJSON(data)
	if err != nil {
		t.Fatal(err)
	}
	resultAt := bytes.Index(data, []byte(`"result"`))
	statusAt := bytes.Index(data, []byte(`"cProverStatus"`))
	secondProp := bytes.Index(data, []byte(`"description": "arithmetic overflow`))
	if resultAt < 0 || statusAt < 0 || secondProp < 0 {
		t.Fatal("fixture lacks the expected entries")
	}
	tests := []struct {
		name     string
		cut      int
		messages int
		props    int
		status   string
	}{
		{"empty", 0, 0, 0, ""},
		// A message whose text is cut off has no complete field: dropped.
		{"inside the first message", bytes.Index(data, []byte(`"CBMC version`)) + 10, 0, 0, ""},
		// CBMC prints "VERIFICATION FAILED" after the result entry.
		{"inside the first trace", resultAt + 2000, 14, 0, ""},
		{"inside the second property", secondProp + 10, 14, 1, ""},
		{"before cProverStatus", statusAt - 1, 15, 2, ""},
		{"before the closing bracket", bytes.LastIndexByte(data, ']'), 15, 2, "failure"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, err := ParseJSON(data[:tc.cut])
			if err == nil || out.Complete {
				t.Fatalf("no error for truncated input (complete %v)", out.Complete)
			}
			if tc.cut > 0 && !errors.Is(err, io.ErrUnexpectedEOF) {
				t.Errorf("error %v does not wrap io.ErrUnexpectedEOF", err)
			}
			if len(out.Messages) != tc.messages || len(out.Properties) != tc.props || out.CProverStatus != tc.status {
				t.Errorf("got %d messages, %d properties, status %q; want %d, %d, %q",
					len(out.Messages), len(out.Properties), out.CProverStatus, tc.messages, tc.props, tc.status)
			}
			if tc.props == 2 {
				checkTraceFixture(t, out.Properties)
			}
		})
	}

	// Every prefix parses without panicking and never yields more than the
	// whole document.
	for n := 0; n < len(data); n += 97 {
		out, err := ParseJSON(data[:n])
		if err == nil {
			t.Fatalf("prefix of %d bytes parsed without error", n)
		}
		if len(out.Properties) > len(full.Properties) || len(out.Messages) > len(full.Messages) {
			t.Fatalf("prefix of %d bytes yields more than the whole output", n)
		}
	}
}

func TestParseJSONOddInput(t *testing.T) {
	tests := []struct {
		name     string
		in       string
		complete bool
		check    func(t *testing.T, out *Output)
	}{
		{"not an array", `{"program": "x"}`, false, nil},
		{"garbage", "Segmentation fault", false, nil},
		{"empty array", `[]`, true, nil},
		{"usage text after the first entry", "[\n  {\n    \"program\": \"CBMC 6.6.0 (cbmc-6.6.0)\"\n  }\n* *  CBMC 6.6.0\nUsage:", false,
			func(t *testing.T, out *Output) {
				if out.Program != "CBMC 6.6.0 (cbmc-6.6.0)" {
					t.Errorf("program = %q", out.Program)
				}
			}},
		{"odd types", `[1, "s", null, [1, [2]], {"result": 5}, {"result": [7, {"property": "p3", "status": true, "sourceLocation": "x",
			"trace": [1, {"stepType": "assignment", "thread": "2", "hidden": "true", "value": [1], "function": "f", "values": {"a": 1},
			"rawLhs": {"id": "member", "sub": [{"id": "symbol", "namedSub": {"identifier": {"id": "g"}}}]},
			"sourceLocation": {"line": 12.0, "column": "x"}},
			{"stepType": "assignment", "value": {"elements": [{"index": "4", "value": {"members": 3}}, 5], "width": -1}}]}]},
			{"messageType": "ERROR"}, {"messageText": {"a": 1}}]`, true,
			func(t *testing.T, out *Output) {
				if len(out.Properties) != 1 || len(out.Messages) != 2 || out.Messages[0].Type != MessageError {
					t.Fatalf("output = %+v", out)
				}
				p := out.Properties[0]
				if p.ID != "p3" || p.Status != "" || len(p.Trace) != 2 {
					t.Fatalf("property = %+v", p)
				}
				s := p.Trace[0]
				if s.Thread != 2 || s.Hidden || s.Location.Line != 12 || s.Location.Column != 0 || s.LHSIdentifier != "g" ||
					string(s.Value.Raw) != "[1]" {
					t.Errorf("step = %+v", s)
				}
				v := p.Trace[1].Value
				if len(v.Elements) != 1 || v.Elements[0].Index != 4 || v.Width != -1 {
					t.Errorf("value = %+v", v)
				}
			}},
		{"partial message kept", `[{"messageType": "ERROR", "messageText": "Out of mem`, false,
			func(t *testing.T, out *Output) {
				if len(out.Messages) != 1 || out.Messages[0].Type != MessageError {
					t.Errorf("messages = %+v", out.Messages)
				}
			}},
		{"raw control character in a string", "[{\"result\": [{\"property\": \"p\", \"status\": \"FAILURE\", \"trace\": [{\"stepType\": \"assignment\", \"lhs\": \"SM__&\\\"\x016Generic\"}]}]}]", true,
			func(t *testing.T, out *Output) {
				if len(out.Properties) != 1 || out.Properties[0].Status != "FAILURE" || len(out.Properties[0].Trace) != 1 {
					t.Fatalf("output = %+v", out)
				}
				if lhs := out.Properties[0].Trace[0].LHS; lhs != "SM__&\"\x016Generic" {
					t.Errorf("lhs = %q", lhs)
				}
			}},
		{"deep nesting", "[" + strings.Repeat(`{"result": [{"trace": [{"value": `, 50) + "1" + strings.Repeat("}]}]}", 50) + "]", true, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, err := ParseJSON([]byte(tc.in))
			if out == nil {
				t.Fatal("nil output")
			}
			if tc.complete != (err == nil) || out.Complete != tc.complete {
				t.Errorf("complete %v, err %v; want complete %v", out.Complete, err, tc.complete)
			}
			if tc.check != nil {
				tc.check(t, out)
			}
		})
	}
}

func FuzzParseJSON(f *testing.F) {
	f.Add(readFixture(f))
	f.Add([]byte(`[{"result": [{"trace": [{"value": {"members": [{"name": "a", "value": {"elements": []}}]}}]}]}]`))
	f.Add([]byte(`[{"messageText": "x", "messageType": "ERROR", "sourceLocation": {"line": "3"}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		out, _ := ParseJSON(data)
		if out == nil {
			t.Fatal("nil output")
		}
	})
}
