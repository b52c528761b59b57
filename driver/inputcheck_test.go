package driver

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ladr-dev/ladr/driver/svcomp"
	"github.com/ladr-dev/ladr/property"
	"github.com/ladr-dev/ladr/translate/cfront"
)

func TestBlankC(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      bool
	}{
		{"empty", "", true},
		{"blanks", " \t\n\r\n\f\v", true},
		{"line comment", "// nothing\n", true},
		{"line comment without newline", "// nothing", true},
		{"continued line comment", "// a \\\nstill a comment\n", true},
		{"block comments", "/* a */\n/* b\n * c */ ", true},
		{"line continuation", "\\\n", true},
		{"declaration", "int x;", false},
		{"code after comment", "/* a */ int main(void) { return 0; }", false},
		{"unterminated comment", "/* a", false},
		{"directive", "#include <pthread.h>\n", false},
		{"slash", "/", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := blankC([]byte(tc.src)); got != tc.want {
				t.Errorf("blankC(%q) = %v, want %v", tc.src, got, tc.want)
			}
		})
	}
}

func TestTaskProperty(t *testing.T) {
	prop := func(file string, line int) svcomp.Property {
		return svcomp.Property{File: "../properties/" + file, Line: line, Column: 3}
	}
	race, unreach := prop("no-data-race.prp", 4), prop("unreach-call.prp", 6)
	term, mem := prop("termination.prp", 4), prop("valid-memsafety.prp", 6)
	for _, tc := range []struct {
		name  string
		props []svcomp.Property
		want  *property.Property
		got   *property.Property
		// errHas are substrings of the error ("" for none), errPos its
		// position.
		errHas []string
		errPos string
	}{
		{name: "race by default", props: []svcomp.Property{unreach, race}, got: property.Race},
		{name: "unreach-call by default", props: []svcomp.Property{term, unreach}, got: property.UnreachCall},
		{name: "race asked", props: []svcomp.Property{race, unreach}, want: property.Race, got: property.Race},
		{name: "unreach-call asked", props: []svcomp.Property{race, unreach}, want: property.UnreachCall, got: property.UnreachCall},
		{name: "none supported", props: []svcomp.Property{term, mem},
			errHas: []string{"lists no property ladr checks", "termination.prp, valid-memsafety.prp", "no-data-race.prp (--property race)", "unreach-call.prp (--property unreach-call)"},
			errPos: "t.yml:4:3"},
		{name: "no properties", errHas: []string{"it lists no properties"}, errPos: "t.yml:1:1"},
		{name: "asked, not listed", props: []svcomp.Property{race}, want: property.UnreachCall,
			errHas: []string{"--property unreach-call: the task does not list unreach-call.prp", "it lists no-data-race.prp"}, errPos: "t.yml:4:3"},
		{name: "assert", props: []svcomp.Property{unreach}, want: property.Assert,
			errHas: []string{"--property assert: SV-COMP has no such property"}, errPos: "t.yml:6:3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			task := &svcomp.Task{Path: "t.yml", Properties: tc.props}
			got, err := taskProperty(task, tc.want)
			if len(tc.errHas) == 0 {
				if err != nil || got != tc.got {
					t.Fatalf("taskProperty = %q, %v; want %q", got, err, tc.got)
				}
				return
			}
			var ie *InputError
			if !errors.As(err, &ie) {
				t.Fatalf("taskProperty = %q, %v; want an *InputError", got, err)
			}
			for _, s := range tc.errHas {
				if !strings.Contains(err.Error(), s) {
					t.Errorf("error %q does not contain %q", err, s)
				}
			}
			if pos, ok := ErrorPos(err); !ok || pos.String() != tc.errPos {
				t.Errorf("ErrorPos = %v, %v; want %s", pos, ok, tc.errPos)
			}
		})
	}
}

func TestResolveTaskInput(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	prog := write("prog.c", "int main(void) { return 0; }\n")
	other := write("other.c", "int main(void) { return 0; }\n")
	task := write("t.yml", "format_version: '2.0'\ninput_files: 'prog.c'\nproperties:\n  - property_file: ../properties/no-data-race.prp\n    expected_verdict: true\n")
	for _, tc := range []struct {
		name, input string
		errHas      string
	}{
		{name: "task alone"},
		{name: "the task's own input", input: prog},
		{name: "another file", input: other, errHas: "give either --task or an input file, not both"},
		{name: "a missing file", input: filepath.Join(dir, "nosuch.c"), errHas: "give either --task or an input file, not both"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opt := Options{Task: task, Input: tc.input}
			err := resolveTask(&opt)
			if tc.errHas == "" {
				if err != nil || opt.Input != prog || opt.Property != property.Race {
					t.Fatalf("resolveTask: input %q, property %q, %v; want %q, race", opt.Input, opt.Property, err, prog)
				}
				return
			}
			var ie *InputError
			if !errors.As(err, &ie) || !strings.Contains(err.Error(), tc.errHas) {
				t.Fatalf("resolveTask = %v; want an *InputError containing %q", err, tc.errHas)
			}
		})
	}
}

func TestCannotWrite(t *testing.T) {
	_, err := os.ReadFile(filepath.Join(t.TempDir(), "no", "such"))
	got := CannotWrite("the witness", "w.graphml", err)
	if want := "cannot write the witness to w.graphml: no such file or directory"; got.Error() != want {
		t.Errorf("CannotWrite = %q, want %q", got, want)
	}
	if !errors.Is(got, os.ErrNotExist) {
		t.Errorf("CannotWrite does not wrap the cause")
	}
}

func TestCheckProgram(t *testing.T) {
	fe := cfront.New()
	for _, tc := range []struct {
		name, src string
		errHas    string
	}{
		{name: "empty", src: "", errHas: "the file is empty"},
		{name: "comments only", src: "/* nothing */\n// here\n", errHas: "the file is empty"},
		{name: "no main", src: "int x;\nvoid f(void) { x = 1; }\n", errHas: "no main function"},
		{name: "main declared only", src: "int main(void);\n", errHas: "no main function"},
		{name: "main", src: "int main(void) { return 0; }\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			input := filepath.Join(t.TempDir(), "p.c")
			if err := os.WriteFile(input, []byte(tc.src), 0o644); err != nil {
				t.Fatal(err)
			}
			prog, err := fe.ParseFile(input, cfront.Options{Model: cfront.LP64})
			if err != nil {
				t.Fatal(err)
			}
			err = checkProgram([]string{input}, prog)
			if tc.errHas == "" {
				if err != nil {
					t.Fatalf("checkProgram = %v", err)
				}
				return
			}
			var ie *InputError
			if !errors.As(err, &ie) || !strings.Contains(err.Error(), tc.errHas) {
				t.Fatalf("checkProgram = %v; want an *InputError containing %q", err, tc.errHas)
			}
			if pos, ok := ErrorPos(err); !ok || pos.String() != input+":1:1" {
				t.Errorf("ErrorPos = %v, %v; want %s:1:1", pos, ok, input)
			}
		})
	}
}
