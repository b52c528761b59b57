package cfront

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ladr-dev/ladr/translate/ir"
)

// TestParseUnits links programs of several files as a linker does: one
// object per external name, statics apart (renamed when their name is
// taken), one struct type per tag and shape, the library model linked
// once; every linked program verifies, prints and compiles with gcc.
func TestParseUnits(t *testing.T) {
	header := "#include <pthread.h>\nstruct s { int a; struct s *next; };\nstruct opaque;\nextern struct s g;\nextern int counter;\nint get(struct s *p);\n"
	for _, tc := range []struct {
		name  string
		files map[string]string // file name → source, in order a.c, b.c, c.c
		// funcs: the functions defined, by name, and the file of their
		// definition.
		funcs map[string]string
		// structs: struct tags and how many types have that tag.
		structs map[string]int
		// globals: external globals by name, and whether defined.
		globals map[string]bool
		// err: a link error's text (the rest is then not checked).
		err string
	}{
		{
			name: "calls across units",
			files: map[string]string{
				"a.c": "#include \"h.h\"\nstruct s g;\nint main(void) { return get(&g); }\n",
				"b.c": "#include \"h.h\"\nint counter = 3;\nint get(struct s *p) { return p->a + counter; }\n",
			},
			funcs:   map[string]string{"main": "a.c", "get": "b.c"},
			structs: map[string]int{"s": 1},
			globals: map[string]bool{"g": true, "counter": true},
		},
		{
			name: "statics apart",
			files: map[string]string{
				"a.c": "#include \"h.h\"\nstatic int helper(void) { return 1; }\nstatic int counter2;\nint get(struct s *p) { return helper() + counter2; }\nint main(void) { return get(0); }\n",
				"b.c": "#include \"h.h\"\nstatic int helper(void) { return 2; }\nstatic int counter2;\nint other(void) { return helper() + counter2; }\n",
			},
			funcs:   map[string]string{"main": "a.c", "get": "a.c", "helper": "a.c", "helper__b": "b.c", "other": "b.c"},
			structs: map[string]int{"s": 1},
		},
		{
			name: "tentative definitions are one variable",
			files: map[string]string{
				"a.c": "#include \"h.h\"\nint counter;\nint main(void) { return counter; }\n",
				"b.c": "#include \"h.h\"\nint counter;\nint get(struct s *p) { return counter++; }\n",
			},
			funcs:   map[string]string{"main": "a.c", "get": "b.c"},
			globals: map[string]bool{"counter": true},
		},
		{
			name: "an incomplete type joins its definition",
			files: map[string]string{
				"a.c": "#include \"h.h\"\nstruct opaque *make(void);\nint main(void) { return make() != 0; }\n",
				"b.c": "#include \"h.h\"\nstruct opaque { int x; };\nstatic struct opaque o;\nstruct opaque *make(void) { return &o; }\n",
			},
			funcs:   map[string]string{"main": "a.c", "make": "b.c"},
			structs: map[string]int{"opaque": 1},
		},
		{
			name: "same tag, other members: two types",
			files: map[string]string{
				"a.c": "struct t { int x; };\nstatic struct t v;\nint main(void) { return v.x; }\n",
				"b.c": "struct t { long y; char z; };\nstatic struct t w;\nlong f(void) { return w.y; }\n",
			},
			funcs:   map[string]string{"main": "a.c", "f": "b.c"},
			structs: map[string]int{"t": 2},
		},
		{
			name: "library model linked in both units",
			files: map[string]string{
				"a.c": "#include <stdlib.h>\nint f(void);\nint main(void) { return atoi(\"1\") + f(); }\n",
				"b.c": "#include <stdlib.h>\nint f(void) { return atoi(\"2\"); }\n",
			},
			funcs: map[string]string{"main": "a.c", "f": "b.c"},
		},
		{
			name: "a function defined twice",
			files: map[string]string{
				"a.c": "int f(void) { return 1; }\nint main(void) { return f(); }\n",
				"b.c": "int f(void) { return 2; }\n",
			},
			err: "b.c:1:5: function f is defined twice: here and at ",
		},
		{
			name: "a variable initialised twice",
			files: map[string]string{
				"a.c": "int x = 1;\nint main(void) { return x; }\n",
				"b.c": "int x = 2;\n",
			},
			err: "b.c:1:5: variable x is defined twice: here and at ",
		},
		{
			name: "two mains",
			files: map[string]string{
				"a.c": "int main(void) { return 0; }\n",
				"b.c": "int main(void) { return 1; }\n",
			},
			err: "function main is defined twice",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "h.h"), []byte(header), 0o644); err != nil {
				t.Fatal(err)
			}
			var units []Unit
			for _, name := range []string{"a.c", "b.c", "c.c"} {
				src, ok := tc.files[name]
				if !ok {
					continue
				}
				path := filepath.Join(dir, name)
				if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
					t.Fatal(err)
				}
				units = append(units, Unit{File: path})
			}
			prog, err := New().ParseUnits(units, Options{})
			if tc.err != "" {
				var fe *Error
				if err == nil || !errors.As(err, &fe) || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("err = %v, want an *Error containing %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if err := ir.Verify(prog); err != nil {
				t.Fatalf("linked program does not verify: %v", err)
			}
			names := map[string]int{}
			for _, f := range prog.Funcs {
				names[f.Name]++
				if names[f.Name] > 1 {
					t.Errorf("function %s listed twice", f.Name)
				}
			}
			for name, file := range tc.funcs {
				f := prog.Func(name)
				if f == nil || f.Body == nil {
					t.Errorf("%s not defined", name)
					continue
				}
				if got := filepath.Base(f.Pos.File); got != file {
					t.Errorf("%s defined in %s, want %s", name, got, file)
				}
			}
			tags := map[string]int{}
			for _, s := range prog.Structs {
				tags[s.Tag]++
			}
			for tag, n := range tc.structs {
				if tags[tag] != n {
					t.Errorf("%d struct types tagged %s, want %d", tags[tag], tag, n)
				}
			}
			for name, defined := range tc.globals {
				n := 0
				for _, v := range prog.Globals {
					if v.Name == name && !v.Static {
						n++
						if v.Extern == defined {
							t.Errorf("global %s: extern %t, want defined %t", name, v.Extern, defined)
						}
					}
				}
				if n != 1 {
					t.Errorf("%d external globals named %s, want 1", n, name)
				}
			}
			compiles(t, prog)
		})
	}
}

// compiles prints prog and compiles it with gcc (syntax and types only).
func compiles(t *testing.T, prog *ir.Program) {
	t.Helper()
	var buf bytes.Buffer
	if _, err := ir.Fprint(&buf, prog, ir.PrintOptions{}); err != nil {
		t.Fatalf("printing: %v", err)
	}
	cmd := exec.Command("gcc", "-fsyntax-only", "-w", "-x", "c", "-")
	cmd.Stdin = &buf
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the linked program does not compile: %v\n%s", err, out)
	}
}

// TestParseUnitsFlags: each unit is built with its own flags after the
// options' (a unit's -D, -U, -include, -std), and the options' macro
// definitions win over a unit's.
func TestParseUnitsFlags(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	a := write("a.c", "int f(void);\nint main(void) { return f() + V; }\n")
	b := write("b.c", "int f(void) {\n#ifdef NOPE\n  return nope;\n#endif\n  return W;\n}\n")
	cfg := write("cfg.h", "#define W 7\n")
	for _, tc := range []struct {
		name  string
		units []Unit
		opts  Options
		err   string
	}{
		{"per-unit flags", []Unit{{File: a, Defines: []string{"V=1"}}, {File: b, Includes: []string{cfg}, Defines: []string{"NOPE"}, Undefines: []string{"NOPE"}, Std: "c99"}}, Options{}, ""},
		{"options for all", []Unit{{File: a}, {File: b}}, Options{Defines: []string{"V=2", "W=3"}}, ""},
		{"missing define", []Unit{{File: a}, {File: b, Includes: []string{cfg}}}, Options{}, "a.c:2:"},
		{"a unit's define without the undefine", []Unit{{File: a, Defines: []string{"V=1"}}, {File: b, Includes: []string{cfg}, Defines: []string{"NOPE"}}}, Options{}, "b.c:3:"},
		{"unknown standard", []Unit{{File: a, Std: "c42"}, {File: b}}, Options{Defines: []string{"V=1", "W=1"}}, "unknown C standard"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := New().ParseUnits(tc.units, tc.opts)
			switch {
			case tc.err == "" && err != nil:
				t.Fatal(err)
			case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
				t.Fatalf("err = %v, want one containing %q", err, tc.err)
			}
		})
	}
}
