package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/ladr-dev/ladr/driver"
	"github.com/ladr-dev/ladr/internal/jsonschema"
)

// The scripts in testdata/script run the real ladr command against the
// real CBMC: each script may call "ladr" as a command, which runs run()
// in a subprocess.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"ladr": func() { os.Exit(entry(os.Args, os.Stdin, os.Stdout, os.Stderr)) },
	})
}

func TestScripts(t *testing.T) {
	// Fail once, loudly, rather than once per script (and never skip):
	// the suite is worthless without CBMC.
	cbmc, err := findCBMC()
	if err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir:                "testdata/script",
		RequireUniqueNames: true,
		Cmds: map[string]func(*testscript.TestScript, bool, []string){
			"exitcode":      exitCode,
			"sarif-valid":   sarifValid,
			"graphml-valid": graphmlValid,
			"nested-parens": nestedParens,
		},
		Setup: func(env *testscript.Env) error {
			// Check again: Setup runs per script, and a script must not
			// silently fall back to some other cbmc on PATH.
			if _, err := findCBMC(); err != nil {
				return err
			}
			env.Setenv("LADR_CBMC", cbmc)
			// Scripts may read the repository's test data (the witness
			// corpus of benchmarks/witnesses).
			if repo, err := filepath.Abs("../.."); err == nil {
				env.Setenv("REPO", repo)
			}
			return nil
		},
	})
}

// exitCode implements the script command
//
//	exitcode N PROG [ARGS...]
//
// which runs PROG like exec and fails unless it exits with status N; its
// output is then checked by stdout and stderr as usual. (testscript's
// "! PROG" only tells zero from non-zero; ladr's exit codes mean 0 no
// violation found, 1 violation, 2 bad usage or input, 3 unknown.)
func exitCode(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("unsupported: ! exitcode")
	}
	if len(args) < 2 {
		ts.Fatalf("usage: exitcode N PROG [ARGS...]")
	}
	want, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("exitcode: bad status %q", args[0])
	}
	got := 0
	if err := ts.Exec(args[1], args[2:]...); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			ts.Fatalf("exitcode: %v", err)
		}
		got = ee.ExitCode()
	}
	if got != want {
		ts.Fatalf("%s exited with status %d, want %d", args[1], got, want)
	}
}

// sarifValid implements the script command
//
//	[!] sarif-valid FILE
//
// which checks FILE against the SARIF 2.1.0 JSON schema
// (driver/sarif/testdata/sarif-schema-2.1.0.json).
func sarifValid(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 1 {
		ts.Fatalf("usage: sarif-valid FILE")
	}
	root, err := repoRoot()
	ts.Check(err)
	data, err := os.ReadFile(filepath.Join(root, "driver", "sarif", "testdata", "sarif-schema-2.1.0.json"))
	ts.Check(err)
	schema, err := jsonschema.Parse(data)
	ts.Check(err)
	errs := schema.Validate([]byte(ts.ReadFile(args[0])))
	switch {
	case neg && len(errs) == 0:
		ts.Fatalf("%s is valid SARIF 2.1.0", args[0])
	case !neg && len(errs) > 0:
		ts.Fatalf("%s is not valid SARIF 2.1.0: %v", args[0], errs)
	}
}

// graphmlValid implements the script command
//
//	[!] graphml-valid FILE
//
// which checks FILE against the GraphML 1.0 XML schema with the xmllint
// that scripts/install-xmllint installs (with the schema) into
// .tools/xmllint.
func graphmlValid(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 1 {
		ts.Fatalf("usage: graphml-valid FILE")
	}
	root, err := repoRoot()
	ts.Check(err)
	xmllint := filepath.Join(root, ".tools", "xmllint", "bin", "xmllint")
	if err := executable(xmllint); err != nil {
		ts.Fatalf("xmllint is not installed (%v): run scripts/install-xmllint in %s", err, root)
	}
	if _, err := os.Stat(filepath.Join(root, ".tools", "xmllint", "graphml", "graphml.xsd")); err != nil {
		ts.Fatalf("the GraphML schema is not installed (%v): run scripts/install-xmllint in %s", err, root)
	}
	xsd := filepath.Join(root, ".tools", "xmllint", "graphml", "graphml.xsd")
	out, err := exec.Command(xmllint, "--noout", "--nonet", "--schema", xsd, ts.MkAbs(args[0])).CombinedOutput()
	if err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			ts.Fatalf("xmllint: %v", err)
		}
	}
	switch {
	case neg && err == nil:
		ts.Fatalf("%s is valid GraphML", args[0])
	case !neg && err != nil:
		ts.Fatalf("%s is not valid GraphML:\n%s", args[0], out)
	}
}

// findCBMC returns the CBMC the tests must use: $LADR_CBMC if set, else the
// project's install .tools/cbmc/bin/cbmc under the repository root. It is an
// error, with instructions, if that file is missing or not executable.
func findCBMC() (string, error) {
	if p := os.Getenv("LADR_CBMC"); p != "" {
		abs, err := filepath.Abs(p)
		if err != nil {
			return "", err
		}
		if err := executable(abs); err != nil {
			return "", fmt.Errorf("LADR_CBMC=%s: %v: unset LADR_CBMC and run scripts/install-cbmc in the ladr source tree, or point LADR_CBMC at a cbmc binary", p, err)
		}
		return abs, nil
	}
	root, err := repoRoot()
	if err != nil {
		return "", err
	}
	p := filepath.Join(root, ".tools", "cbmc", "bin", "cbmc")
	if err := executable(p); err != nil {
		return "", fmt.Errorf("CBMC is not installed (%v): run scripts/install-cbmc in %s (or set LADR_CBMC to a cbmc binary) before go test ./cmd/ladr/", err, root)
	}
	return p, nil
}

func executable(p string) error {
	st, err := os.Stat(p)
	if err != nil {
		return err
	}
	if st.IsDir() || st.Mode()&0o111 == 0 {
		return fmt.Errorf("%s is not an executable file", p)
	}
	return nil
}

// repoRoot is the nearest directory above the working directory (the
// package's directory under go test) that holds go.mod.
func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("cannot find the repository root (no go.mod above the working directory)")
		}
		dir = parent
	}
}

// nestedParens implements the script command
//
//	nested-parens N FILE
//
// which writes to FILE a C program whose one expression is the constant 1
// inside N pairs of parentheses (too large an input to keep in a script).
func nestedParens(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: nested-parens N FILE")
	}
	n, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("nested-parens: %v", err)
	}
	src := "int x; int main(void) { x = " + strings.Repeat("(", n) + "1" + strings.Repeat(")", n) + "; return 0; }\n"
	ts.Check(os.WriteFile(ts.MkAbs(args[1]), []byte(src), 0o644))
}

// TestWriteTextAssumptions checks that the text report prints the
// modelling assumptions of a result that found no violation.
func TestWriteTextAssumptions(t *testing.T) {
	notes := []string{"assumed: foo (undefined) returns a nondeterministic value and has no other effect", "larger bounds did not complete"}
	tests := []struct {
		result driver.Outcome
		want   bool
	}{
		{"no-violation-found", true},
		{"unknown", true},
		{"true", true},
		{"violation", false},
	}
	for _, tc := range tests {
		t.Run(string(tc.result), func(t *testing.T) {
			var b strings.Builder
			writeText(&b, &driver.Result{Result: tc.result, Notes: notes, Message: "m"}, false)
			got := strings.Contains(b.String(), "\n  Assumed: foo (undefined) returns a nondeterministic value and has no other effect.\n")
			if got != tc.want {
				t.Errorf("assumption printed = %v, want %v:\n%s", got, tc.want, b.String())
			}
			if strings.Contains(b.String(), "larger bounds") {
				t.Errorf("other notes printed:\n%s", b.String())
			}
		})
	}
}
