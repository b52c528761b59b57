package libc

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestProvides: every model file provides functions, each at most once
// over all files, and Provider finds each.
func TestProvides(t *testing.T) {
	seen := map[string]string{}
	for _, f := range Files() {
		if !IsModelFile(f.Name) || len(f.Provides) == 0 {
			t.Errorf("%s: provides %v", f.Name, f.Provides)
		}
		for _, p := range f.Provides {
			if other, ok := seen[p]; ok {
				t.Errorf("%s provided by %s and %s", p, other, f.Name)
			}
			seen[p] = f.Name
			if g, ok := Provider(p); !ok || g.Name != f.Name {
				t.Errorf("Provider(%s) = %s, want %s", p, g.Name, f.Name)
			}
		}
	}
	for _, name := range []string{"atoi", "getopt", "getopt_long", "strtok", "write", "read", "sigemptyset", "sigaction", "__errno_location", "sem_open"} {
		if _, ok := seen[name]; !ok {
			t.Errorf("no model of %s", name)
		}
	}
	if _, ok := Provider("malloc"); ok {
		t.Errorf("malloc (in the library table) has a C model")
	}
}

// TestSources: the wanted functions' macros and files come in a fixed
// order, only the files that provide a wanted function.
func TestSources(t *testing.T) {
	src := Sources([]string{"strtok", "atoi"}, nil)
	var names []string
	for _, s := range src {
		names = append(names, s.Name)
	}
	want := []string{Dir + "/want.h", Dir + "/ladr.h", Dir + "/stdlib.c", Dir + "/string.c"}
	if strings.Join(names, " ") != strings.Join(want, " ") {
		t.Errorf("sources %v, want %v", names, want)
	}
	if !strings.Contains(src[0].Text, "#define __ladr_want_atoi 1\n#define __ladr_want_strtok 1\n") {
		t.Errorf("want.h:\n%s", src[0].Text)
	}
}

// TestGetoptAgainstGlibc compiles the model of getopt and getopt_long
// with gcc (its names prefixed by ladr_) and compares it, call by call,
// with the host's glibc on the argument vectors of testdata/getopt_diff.c
// (permutation, "--", groups, attached and separate arguments, long
// options and their abbreviations, errors).
func TestGetoptAgainstGlibc(t *testing.T) {
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Fatalf("gcc, which ladr needs anyway, is not installed: %v", err)
	}
	dir := t.TempDir()
	obj := filepath.Join(dir, "getopt.o")
	defs := []string{"-Dgetopt=ladr_getopt", "-Dgetopt_long=ladr_getopt_long", "-Doptind=ladr_optind", "-Doptarg=ladr_optarg",
		"-Dopterr=ladr_opterr", "-Doptopt=ladr_optopt", "-D__ladr_want___ladr_getopt_scan", "-D__ladr_want___ladr_getopt_short", "-D__ladr_want___ladr_getopt_long1", "-D__ladr_want_getopt", "-D__ladr_want_getopt_long"}
	if out, err := exec.Command(gcc, append(append([]string{"-Wall", "-Werror", "-c", "-include", "models/ladr.h"}, defs...), "-o", obj, "models/getopt.c")...).CombinedOutput(); err != nil {
		t.Fatalf("compiling the model: %v\n%s", err, out)
	}
	bin := filepath.Join(dir, "diff")
	if out, err := exec.Command(gcc, "-o", bin, "testdata/getopt_diff.c", obj).CombinedOutput(); err != nil {
		t.Fatalf("compiling the comparison: %v\n%s", err, out)
	}
	// POSIXLY_CORRECT makes glibc stop at the first non-option; the model
	// takes either behaviour, the test asks it the environment's.
	for _, env := range [][]string{nil, {"POSIXLY_CORRECT=1"}} {
		cmd := exec.Command(bin)
		cmd.Env = append(filterEnv(os.Environ(), "POSIXLY_CORRECT"), env...)
		out, err := cmd.CombinedOutput()
		if err != nil || strings.TrimSpace(string(out)) != "ok" {
			t.Errorf("with environment %v, the model differs from glibc (%v):\n%s", env, err, out)
		}
	}
}

// filterEnv drops the variable name from env.
func filterEnv(env []string, name string) []string {
	var out []string
	for _, e := range env {
		if !strings.HasPrefix(e, name+"=") {
			out = append(out, e)
		}
	}
	return out
}
