package svcomp

import (
	"fmt"
	"testing"
)

// TestParseProperties covers the corner cases of the task-file reader.
func TestParseProperties(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     string // fmt of []Property as file=verdict pairs
		wantErr  bool
	}{
		{name: "svcomp layout with commented entries", in: `format_version: '2.0'

# old file name: bigshot_p_false-unreach-call.i
input_files: 'bigshot_p.i'

properties:
#  - property_file: ../properties/unreach-call.prp
#    expected_verdict: false
  - property_file: ../properties/no-data-race.prp
    expected_verdict: false
     
  - property_file: ../properties/coverage-branches.prp
  - property_file: ../properties/valid-memsafety.prp
    expected_verdict: false
    subproperty: valid-memtrack

options:
  language: C
  data_model: ILP32
`, want: "[../properties/no-data-race.prp=false ../properties/coverage-branches.prp= ../properties/valid-memsafety.prp=false]"},
		{name: "list in column 0, keys reordered, quotes, trailing comment, CRLF",
			in:   "properties:\r\n- expected_verdict: True # was false\r\n  property_file: \"../properties/unreach-call.prp\"\r\n-\r\n  property_file: 'x.prp'\r\n  expected_verdict: 'false'\r\noptions: {}\r\n",
			want: "[../properties/unreach-call.prp=true x.prp=false]"},
		{name: "flow mapping entry", in: "properties:\n  - {property_file: ../properties/no-data-race.prp, expected_verdict: true}\n",
			want: "[../properties/no-data-race.prp=true]"},
		{name: "hash inside quotes is not a comment", in: "properties:\n  - property_file: 'a#b.prp'\n    expected_verdict: false\n",
			want: "[a#b.prp=false]"},
		{name: "list under another key is ignored", in: "input_files:\n  - a.i\n  - b.i\nproperties: []\n", want: "[]"},
		{name: "flow list is refused", in: "properties: [{property_file: a.prp}]\n", wantErr: true},
		{name: "tab indentation is refused", in: "properties:\n\t- property_file: a.prp\n", wantErr: true},
		{name: "stray line in list is refused", in: "properties:\n  property_file: a.prp\n", wantErr: true},
	} {
		props, err := ParseProperties([]byte(tc.in))
		if (err != nil) != tc.wantErr {
			t.Errorf("%s: error %v, want error %v", tc.name, err, tc.wantErr)
			continue
		}
		if tc.wantErr {
			continue
		}
		got := "["
		for i, p := range props {
			if i > 0 {
				got += " "
			}
			got += fmt.Sprintf("%s=%s", p.File, p.Verdict)
		}
		got += "]"
		if got != tc.want {
			t.Errorf("%s: got %s, want %s", tc.name, got, tc.want)
		}
	}
}

// TestParsePropertiesPosition checks the line and column of each entry's
// "-".
func TestParsePropertiesPosition(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     string // line:column of each entry
	}{
		{name: "indented", in: "format_version: '2.0'\nproperties:\n  - property_file: a.prp\n  - property_file: b.prp\n", want: "[3:3 4:3]"},
		{name: "column 0", in: "properties:\n- property_file: a.prp\n", want: "[2:1]"},
		{name: "flow mapping", in: "properties:\n    - {property_file: a.prp}\n", want: "[2:5]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			props, err := ParseProperties([]byte(tc.in))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, p := range props {
				got = append(got, fmt.Sprintf("%d:%d", p.Line, p.Column))
			}
			if s := fmt.Sprint(got); s != tc.want {
				t.Errorf("positions = %s, want %s", s, tc.want)
			}
		})
	}
}
