package driver

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestResolveTaskBuildOptions checks how a task's defines, include
// directories and arguments combine with the command line's, and which
// are refused.
func TestResolveTaskBuildOptions(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	write("prog.c", "int main(void) { return 0; }\n")
	pre := write("prog.i", "int main(void) { return 0; }\n")
	props := "properties:\n  - property_file: no-data-race.prp\n    expected_verdict: true\n"
	task := write("t.yml", "input_files: prog.c\n"+props+"options:\n  defines: [A, B=2]\n  include_dirs: [inc]\n  args: [x, 'y z']\n")
	plain := write("plain.yml", "input_files: prog.c\n"+props)
	taskI := write("ti.yml", "input_files: prog.i\n"+props+"options:\n  defines: [A]\n")
	for _, tc := range []struct {
		name                string
		opt                 Options
		defines, dirs, args []string
		argsFixed           bool
		errHas              string
	}{
		{name: "task only", opt: Options{Task: task},
			defines: []string{"A", "B=2"}, dirs: []string{filepath.Join(dir, "inc")}, args: []string{"x", "y z"}, argsFixed: true},
		{name: "command line after the task", opt: Options{Task: task, Defines: []string{"B=3"}, IncludeDirs: []string{"/usr/local/include"}, Args: []string{}},
			defines: []string{"A", "B=2", "B=3"}, dirs: []string{filepath.Join(dir, "inc"), "/usr/local/include"}, args: []string{}, argsFixed: true},
		{name: "no task options: arguments stay nondeterministic", opt: Options{Task: plain}},
		{name: "-D on a .i", opt: Options{Input: pre, Defines: []string{"X"}}, errHas: "prog.i is already preprocessed"},
		{name: "-I on a .i", opt: Options{Input: pre, IncludeDirs: []string{"inc"}}, errHas: "already preprocessed"},
		{name: "a task's defines on a .i", opt: Options{Task: taskI}, errHas: "already preprocessed"},
		{name: "bad define name", opt: Options{Task: plain, Defines: []string{"1X=2"}}, errHas: `bad define "1X=2"`},
		{name: "empty define", opt: Options{Task: plain, Defines: []string{"=2"}}, errHas: "bad define"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opt := tc.opt
			err := resolveTask(&opt)
			if tc.errHas != "" {
				var ie *InputError
				if !errors.As(err, &ie) || !strings.Contains(err.Error(), tc.errHas) {
					t.Fatalf("resolveTask = %v; want an *InputError containing %q", err, tc.errHas)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(opt.Defines, tc.defines) || !slices.Equal(opt.IncludeDirs, tc.dirs) ||
				!slices.Equal(opt.Args, tc.args) || (opt.Args != nil) != tc.argsFixed {
				t.Errorf("defines %q, include dirs %q, args %q (fixed %v); want %q, %q, %q (fixed %v)",
					opt.Defines, opt.IncludeDirs, opt.Args, opt.Args != nil, tc.defines, tc.dirs, tc.args, tc.argsFixed)
			}
		})
	}
}

// TestSameBuild checks that replay accepts the trace's own defines,
// include directories and arguments (or none) and refuses others.
func TestSameBuild(t *testing.T) {
	abs, err := filepath.Abs("inc")
	if err != nil {
		t.Fatal(err)
	}
	saved := &SavedTrace{Defines: []string{"RACY"}, IncludeDirs: []string{abs}, ArgsFixed: true, Args: []string{"-q"}}
	nondet := &SavedTrace{}
	for _, tc := range []struct {
		name   string
		opt    Options
		trace  *SavedTrace
		errHas string
	}{
		{name: "none given", trace: saved},
		{name: "the same, include dir relative", opt: Options{Defines: []string{"RACY"}, IncludeDirs: []string{"inc"}, Args: []string{"-q"}}, trace: saved},
		{name: "other defines", opt: Options{Defines: []string{"OTHER"}}, trace: saved, errHas: `saved with defines ["RACY"], not ["OTHER"]`},
		{name: "other include dir", opt: Options{IncludeDirs: []string{"/elsewhere"}}, trace: saved, errHas: "saved with include directories"},
		{name: "other args", opt: Options{Args: []string{}}, trace: saved, errHas: `saved with arguments of main ["-q"], not []`},
		{name: "args on a nondeterministic trace", opt: Options{Args: []string{"-q"}}, trace: nondet, errHas: "nondeterministic arguments of main"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := sameBuild(tc.opt, tc.trace)
			if tc.errHas == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			var ie *InputError
			if !errors.As(err, &ie) || !strings.Contains(err.Error(), tc.errHas) {
				t.Fatalf("sameBuild = %v; want an *InputError containing %q", err, tc.errHas)
			}
		})
	}
}
