package cbmc

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// EnvVar is the environment variable naming the CBMC executable.
const EnvVar = "LADR_CBMC"

// InstallRelPath is where scripts/install-cbmc puts the CBMC launcher,
// relative to the root of the ladr source tree.
const InstallRelPath = ".tools/cbmc/bin/cbmc"

// notFoundMessage is the exact text of NotFoundError.Error.
const notFoundMessage = "CBMC not found: run scripts/install-cbmc in the ladr source tree, or pass --cbmc PATH or set LADR_CBMC"

// NotFoundError is returned by Locate when no CBMC executable was found in
// any of the places it searches. Its message tells the user what to do.
type NotFoundError struct {
	// Searched lists the places that were looked at, in search order, for
	// diagnostics (not part of the message).
	Searched []string
}

// Error returns the fixed, user-facing message
// "CBMC not found: run scripts/install-cbmc in the ladr source tree, or pass --cbmc PATH or set LADR_CBMC".
func (e *NotFoundError) Error() string { return notFoundMessage }

// locator holds the process environment Locate consults, so that tests can
// substitute it.
type locator struct {
	getenv     func(string) string
	executable func() (string, error)
	getwd      func() (string, error)
	lookPath   func(string) (string, error)
}

func osLocator() locator {
	return locator{
		getenv:     os.Getenv,
		executable: os.Executable,
		getwd:      os.Getwd,
		lookPath:   exec.LookPath,
	}
}

// Locate finds the CBMC executable and returns its absolute path. It tries,
// in order:
//
//  1. explicit (the value of the --cbmc flag), if non-empty;
//  2. the environment variable LADR_CBMC, if non-empty;
//  3. the project's own install, .tools/cbmc/bin/cbmc, in the directory of
//     the running executable and each of its ancestors, then in the current
//     working directory and each of its ancestors;
//  4. "cbmc" on PATH.
//
// explicit and LADR_CBMC may be a path or a bare command name (looked up on
// PATH). If either is given but not an executable file, Locate returns an
// error naming it rather than falling back to the other places. If nothing
// is found, the error is a *NotFoundError.
func Locate(explicit string) (string, error) {
	return osLocator().locate(explicit)
}

func (l locator) locate(explicit string) (string, error) {
	if explicit != "" {
		p, err := l.usable(explicit)
		if err != nil {
			return "", fmt.Errorf("CBMC given by --cbmc %q is not usable: %w", explicit, err)
		}
		return p, nil
	}
	if env := l.getenv(EnvVar); env != "" {
		p, err := l.usable(env)
		if err != nil {
			return "", fmt.Errorf("CBMC given by %s=%q is not usable: %w", EnvVar, env, err)
		}
		return p, nil
	}
	nf := &NotFoundError{}
	var roots []string
	if exe, err := l.executable(); err == nil {
		if resolved, err := filepath.EvalSymlinks(exe); err == nil {
			exe = resolved
		}
		roots = append(roots, filepath.Dir(exe))
	}
	if wd, err := l.getwd(); err == nil {
		roots = append(roots, wd)
	}
	for _, root := range roots {
		for dir := root; ; {
			cand := filepath.Join(dir, filepath.FromSlash(InstallRelPath))
			nf.Searched = append(nf.Searched, cand)
			if isExecutableFile(cand) == nil {
				return absPath(cand), nil
			}
			parent := filepath.Dir(dir)
			if parent == dir {
				break
			}
			dir = parent
		}
	}
	nf.Searched = append(nf.Searched, "cbmc on PATH")
	if p, err := l.lookPath("cbmc"); err == nil {
		return absPath(p), nil
	}
	return "", nf
}

// usable resolves name (a path, or a bare command name looked up on PATH)
// to an absolute path of an executable regular file.
func (l locator) usable(name string) (string, error) {
	if !strings.ContainsRune(name, os.PathSeparator) && !strings.ContainsRune(name, '/') {
		p, err := l.lookPath(name)
		if err != nil {
			return "", err
		}
		return absPath(p), nil
	}
	if err := isExecutableFile(name); err != nil {
		return "", err
	}
	return absPath(name), nil
}

// isExecutableFile reports (as nil) whether path names a regular file (after
// following symlinks) with some execute permission bit set.
func isExecutableFile(path string) error {
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	if fi.IsDir() {
		return fmt.Errorf("%s is a directory", path)
	}
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("%s is not a regular file", path)
	}
	if fi.Mode().Perm()&0o111 == 0 {
		return fmt.Errorf("%s: %w (not executable)", path, fs.ErrPermission)
	}
	return nil
}

func absPath(p string) string {
	if a, err := filepath.Abs(p); err == nil {
		return a
	}
	return p
}

// versionTimeout bounds "cbmc --version".
const versionTimeout = 30 * time.Second

// Version runs "path --version" and returns its output with surrounding
// white space removed, e.g. "6.6.0 (cbmc-6.6.0)".
func Version(path string) (string, error) {
	if path == "" {
		return "", errors.New("CBMC version: no CBMC path given")
	}
	ctx, cancel := context.WithTimeout(context.Background(), versionTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, path, "--version")
	var stdout, stderr bytes.Buffer
	cmd.Stdout = &stdout
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return "", fmt.Errorf("CBMC version: %s --version did not finish within %v", path, versionTimeout)
		}
		if msg := firstLine(stderr.String()); msg != "" {
			return "", fmt.Errorf("CBMC version: %s --version: %w: %s", path, err, msg)
		}
		return "", fmt.Errorf("CBMC version: %s --version: %w", path, err)
	}
	v := strings.TrimSpace(stdout.String())
	if v == "" {
		return "", fmt.Errorf("CBMC version: %s --version printed nothing", path)
	}
	return v, nil
}

// firstLine returns the first non-blank line of s, trimmed.
func firstLine(s string) string {
	for line := range strings.SplitSeq(s, "\n") {
		if t := strings.TrimSpace(line); t != "" {
			return t
		}
	}
	return ""
}

// LocateSolver returns the path of the SAT solver named name for a CBMC
// at cbmcPath: "" for CBMC's built-in MiniSat ("minisat" or ""), else the
// executable name in CBMC's own directory (where scripts/install-cbmc
// puts cadical and kissat), or on PATH, or name itself when it is a path.
// CBMC starts the solver through the shell, so the path may hold no
// characters the shell would interpret.
func LocateSolver(name, cbmcPath string) (string, error) {
	if name == "" || name == "minisat" {
		return "", nil
	}
	var p string
	if strings.ContainsRune(name, '/') {
		p = name
	} else if cand := filepath.Join(filepath.Dir(cbmcPath), name); isExecutableFile(cand) == nil {
		p = cand
	} else if lp, err := exec.LookPath(name); err == nil {
		p = lp
	} else {
		return "", fmt.Errorf("SAT solver %q not found next to CBMC (%s) or on PATH: run scripts/install-cbmc, or give its path", name, filepath.Dir(cbmcPath))
	}
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", fmt.Errorf("SAT solver %q: %w", name, err)
	}
	if err := isExecutableFile(abs); err != nil {
		return "", fmt.Errorf("SAT solver %q: %w", name, err)
	}
	if strings.ContainsAny(abs, " \t\n'\"\\$`;&|<>()*?[]#~!{}") {
		return "", fmt.Errorf("SAT solver path %q has characters CBMC's shell call would interpret: install it elsewhere", abs)
	}
	return abs, nil
}
