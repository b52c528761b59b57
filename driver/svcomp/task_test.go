package svcomp

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestLoadOptions(t *testing.T) {
	tests := []struct {
		name    string
		yml     string
		want    Task // Path and Properties are not compared
		wantErr string
	}{
		{
			name: "flow lists",
			yml: `format_version: '2.0'
input_files: 'prog.c'
properties:
  - property_file: ../no-data-race.prp
    expected_verdict: false
options:
  language: C
  data_model: LP64
  defines: [NVALGRIND, 'N=4']
  include_dirs: [include, /abs/dir]
  args: [-t, "2", 'a b']
`,
			want: Task{Inputs: []string{"T/prog.c"}, DataModel: "LP64", Defines: []string{"NVALGRIND", "N=4"},
				IncludeDirs: []string{"T/include", "/abs/dir"}, Args: []string{"-t", "2", "a b"}, ArgsSet: true},
		},
		{
			name: "block lists and args string",
			yml: `input_files:
  - prog.c
options:
  defines:
    - NVALGRIND   # no Valgrind client requests
    - "X=a b"
  include_dirs:
  - ..
  args: "-q 'x y' z"
  data_model: ILP32
`,
			want: Task{Inputs: []string{"T/prog.c"}, DataModel: "ILP32", Defines: []string{"NVALGRIND", "X=a b"},
				IncludeDirs: []string{"."}, Args: []string{"-q", "x y", "z"}, ArgsSet: true},
		},
		{
			name: "empty args fix argc to 1",
			yml:  "input_files: prog.c\noptions:\n  args: []\n",
			want: Task{Inputs: []string{"T/prog.c"}, Args: []string{}, ArgsSet: true},
		},
		{
			name: "empty args string",
			yml:  "input_files: prog.c\noptions:\n  args: ''\n",
			want: Task{Inputs: []string{"T/prog.c"}, Args: []string{}, ArgsSet: true},
		},
		{
			name: "no ladr options: args nondeterministic",
			yml:  "input_files: prog.c\noptions:\n  language: C\n  data_model: LP64\n",
			want: Task{Inputs: []string{"T/prog.c"}, DataModel: "LP64"},
		},
		{
			name: "single define as scalar",
			yml:  "input_files: prog.c\noptions:\n  defines: RACY\n",
			want: Task{Inputs: []string{"T/prog.c"}, Defines: []string{"RACY"}},
		},
		{
			name:    "unterminated quote in args",
			yml:     "input_files: prog.c\noptions:\n  args: \"'a b\"\n",
			wantErr: "unterminated '",
		},
		{
			name:    "unterminated list",
			yml:     "input_files: prog.c\noptions:\n  defines: [A, B\n",
			wantErr: "unterminated list",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "T")
			if err := os.Mkdir(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(dir, "task.yml")
			if err := os.WriteFile(path, []byte(tc.yml), 0o644); err != nil {
				t.Fatal(err)
			}
			got, err := Load(path)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("Load = %v; want an error containing %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			// Paths relative to the task's directory, for the table.
			rel := func(ps []string) []string {
				var out []string
				for _, p := range ps {
					if r, err := filepath.Rel(filepath.Dir(dir), p); err == nil && strings.HasPrefix(p, filepath.Dir(dir)) {
						p = r
					}
					out = append(out, p)
				}
				return out
			}
			got.Inputs, got.IncludeDirs = rel(got.Inputs), rel(got.IncludeDirs)
			got.Path, got.Properties = "", nil
			if !reflect.DeepEqual(*got, tc.want) {
				t.Errorf("Load =\n%+v\nwant\n%+v", *got, tc.want)
			}
		})
	}
}
