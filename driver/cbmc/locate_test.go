package cbmc

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const fakeScript = "#!/bin/sh\necho fake\n"

// TestLocate checks the search order of the real Locate, with the process
// environment arranged through t.Setenv and t.Chdir.
func TestLocate(t *testing.T) {
	root := t.TempDir()
	explicit := writeFile(t, root, "explicit/cbmc", fakeScript, 0o755)
	env := writeFile(t, root, "env/cbmc", fakeScript, 0o755)
	onPath := writeFile(t, root, "pathdir/cbmc", fakeScript, 0o755)
	project := writeFile(t, root, "proj/"+InstallRelPath, fakeScript, 0o755)
	deep := filepath.Join(root, "proj", "a", "b")
	noInstall := filepath.Join(root, "elsewhere")
	notExec := writeFile(t, root, "noexec/cbmc", fakeScript, 0o644)
	for _, d := range []string{deep, noInstall} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	pathDir := filepath.Dir(onPath)
	emptyDir := t.TempDir()

	tests := []struct {
		name     string
		explicit string
		env      string
		cwd      string
		path     string
		want     string // expected path, or "" for an error
		errHas   string
		notFound bool
	}{
		{name: "explicit beats everything", explicit: explicit, env: env, cwd: deep, path: pathDir, want: explicit},
		{name: "relative explicit path", explicit: "../../../explicit/cbmc", cwd: deep, path: emptyDir, want: explicit},
		{name: "explicit command name on PATH", explicit: "cbmc", env: env, cwd: noInstall, path: pathDir, want: onPath},
		{name: "missing explicit path is an error", explicit: filepath.Join(root, "nope"), env: env, cwd: deep, path: pathDir,
			errHas: `--cbmc "` + filepath.Join(root, "nope") + `"`},
		{name: "non-executable explicit path is an error", explicit: notExec, cwd: deep, path: pathDir, errHas: notExec},
		{name: "directory is an error", explicit: root, cwd: deep, path: pathDir, errHas: "is a directory"},
		{name: "LADR_CBMC beats the project install", env: env, cwd: deep, path: pathDir, want: env},
		{name: "bad LADR_CBMC is an error", env: filepath.Join(root, "gone"), cwd: deep, path: pathDir, errHas: "LADR_CBMC="},
		{name: "project install in an ancestor of the working directory", cwd: deep, path: pathDir, want: project},
		{name: "project install in the working directory", cwd: filepath.Join(root, "proj"), path: emptyDir, want: project},
		{name: "PATH last", cwd: noInstall, path: pathDir, want: onPath},
		{name: "nothing found", cwd: noInstall, path: emptyDir, notFound: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv(EnvVar, tc.env)
			t.Setenv("PATH", tc.path)
			t.Chdir(tc.cwd)
			got, err := Locate(tc.explicit)
			var nf *NotFoundError
			switch {
			case tc.notFound:
				if !errors.As(err, &nf) {
					t.Fatalf("Locate = %q, %v; want a *NotFoundError", got, err)
				}
				if err.Error() != "CBMC not found: run scripts/install-cbmc in the ladr source tree, or pass --cbmc PATH or set LADR_CBMC" {
					t.Errorf("message = %q", err.Error())
				}
				if len(nf.Searched) == 0 {
					t.Error("NotFoundError.Searched is empty")
				}
			case tc.want == "":
				if err == nil || errors.As(err, &nf) || !strings.Contains(err.Error(), tc.errHas) {
					t.Fatalf("Locate = %q, %v; want an error containing %q", got, err, tc.errHas)
				}
			default:
				if err != nil || got != tc.want {
					t.Fatalf("Locate = %q, %v; want %q", got, err, tc.want)
				}
			}
		})
	}
}

// TestLocateNextToExecutable checks that the directory of the running
// executable and its ancestors come before the working directory.
func TestLocateNextToExecutable(t *testing.T) {
	root := t.TempDir()
	exeInstall := writeFile(t, root, "tree/"+InstallRelPath, fakeScript, 0o755)
	exe := writeFile(t, root, "tree/bin/sub/ladr", fakeScript, 0o755)
	cwdInstall := writeFile(t, root, "cwd/"+InstallRelPath, fakeScript, 0o755)
	onPath := writeFile(t, root, "pathdir/cbmc", fakeScript, 0o755)
	l := locator{
		getenv:     func(string) string { return "" },
		executable: func() (string, error) { return exe, nil },
		getwd:      func() (string, error) { return filepath.Join(root, "cwd"), nil },
		lookPath: func(name string) (string, error) {
			if name == "cbmc" {
				return onPath, nil
			}
			return "", errors.New("not found")
		},
	}
	if got, err := l.locate(""); err != nil || got != exeInstall {
		t.Errorf("locate = %q, %v; want %q", got, err, exeInstall)
	}
	l.executable = func() (string, error) { return "", errors.New("unknown") }
	if got, err := l.locate(""); err != nil || got != cwdInstall {
		t.Errorf("without executable: locate = %q, %v; want %q", got, err, cwdInstall)
	}
	l.getwd = func() (string, error) { return root, nil }
	if got, err := l.locate(""); err != nil || got != onPath {
		t.Errorf("without install: locate = %q, %v; want %q", got, err, onPath)
	}
	l.lookPath = func(string) (string, error) { return "", errors.New("not found") }
	_, err := l.locate("")
	var nf *NotFoundError
	if !errors.As(err, &nf) {
		t.Fatalf("err = %v, want *NotFoundError", err)
	}
	if nf.Searched[0] != filepath.Join(root, filepath.FromSlash(InstallRelPath)) || nf.Searched[len(nf.Searched)-1] != "cbmc on PATH" {
		t.Errorf("searched = %q", nf.Searched)
	}
}
