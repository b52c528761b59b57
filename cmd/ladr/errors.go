package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ladr-dev/ladr/driver"
	"github.com/ladr-dev/ladr/driver/sarif"
)

// exitError carries an exit code through urfave/cli, with the error's
// one-line message (empty when the command has printed its report
// already) and the error's position in an input file ("" when it has
// none).
type exitError struct {
	code int
	msg  string
	pos  string
}

func (e *exitError) Error() string { return e.msg }

// driverError turns an error of package driver into an exitError: an
// *driver.UnknownError exits with exitUnknown, an *driver.InputError with
// exitUsage, a *driver.BackendError (no CBMC) with exitNoBackend, anything
// else with fallback.
func driverError(err error, fallback int) *exitError {
	ee := &exitError{code: fallback, msg: oneLine(err.Error())}
	var ie *driver.InputError
	var ue *driver.UnknownError
	var be *driver.BackendError
	switch {
	case errors.As(err, &be):
		ee.code = exitNoBackend
	case errors.As(err, &ue):
		ee.code = exitUnknown
		if ue.Pos.IsValid() {
			ee.pos = ue.Pos.String()
		}
	case errors.As(err, &ie):
		ee.code = exitUsage
	}
	if pos, ok := driver.ErrorPos(err); ok {
		ee.pos = pos.String()
	}
	return ee
}

// watchedWriter is the command's standard output; it records whether
// anything was written to it.
type watchedWriter struct {
	w       io.Writer
	written bool
}

func (w *watchedWriter) Write(p []byte) (int, error) {
	if len(p) > 0 {
		w.written = true
	}
	return w.w.Write(p)
}

// exitStatus reports the error a command ended with, if any, and returns
// the exit code. An error with a message goes to stderr on one line; when
// the command printed nothing yet and asked for --format json (check,
// replay) or sarif (check), stdout gets the error in that format too, so
// that a tool reading it always finds one document.
func exitStatus(app *cli.App, args []string, err error, stdout *watchedWriter, stderr io.Writer) int {
	if err == nil {
		return exitOK
	}
	ee := &exitError{code: exitUsage, msg: oneLine(err.Error())}
	errors.As(err, &ee)
	if ee.msg == "" {
		return ee.code
	}
	fmt.Fprintln(stderr, "ladr: "+ee.msg)
	if !stdout.written {
		if err := writeFailure(stdout, scanArgs(app, args), ee); err != nil {
			fmt.Fprintln(stderr, "ladr: "+oneLine(err.Error()))
		}
	}
	return ee.code
}

// invocation is what a command line asks for, as far as reporting an
// error needs it: read from the words themselves, since a usage error
// (an unknown flag) stops urfave/cli before any flag is parsed.
type invocation struct {
	command, format, input, task string
}

// scanArgs reads the command, --format, --task and the input file from
// args (as flagsFirst arranged them; the last --format counts, as in
// urfave/cli).
func scanArgs(app *cli.App, args []string) invocation {
	var inv invocation
	if len(args) < 2 {
		return inv
	}
	cmd := app.Command(args[1])
	if cmd == nil {
		return inv
	}
	inv.command = cmd.Name
	takesValue := valueFlags(cmd)
	var pos []string
	for i := 2; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			pos = append(pos, args[i+1:]...)
			break
		}
		if len(a) < 2 || a[0] != '-' {
			pos = append(pos, a)
			continue
		}
		name, val, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !hasValue && takesValue[name] && i+1 < len(args) {
			i++
			val = args[i]
		}
		switch name {
		case "format":
			inv.format = val
		case "task":
			inv.task = val
		}
	}
	if len(pos) == 1 {
		inv.input = pos[0]
	}
	return inv
}

// valueFlags tells, for each name of each flag of cmd, whether the flag
// takes a value.
func valueFlags(cmd *cli.Command) map[string]bool {
	takesValue := map[string]bool{}
	for _, f := range cmd.Flags {
		tv, ok := f.(interface{ TakesValue() bool })
		for _, n := range f.Names() {
			takesValue[n] = ok && tv.TakesValue()
		}
	}
	return takesValue
}

// failureReport is the JSON object that ladr check and ladr replay print
// with --format json when they stop on an error before they have a result
// (bad usage or input). Its keys are those of driver.Result's JSON where
// they mean the same.
type failureReport struct {
	// Result is "error" (exit code 2, or 4 when CBMC cannot be run), or
	// "unknown" for an error that is not the input's fault (exit code 3).
	Result string `json:"result"`
	// Error is the message ladr prints on stderr, without "ladr: ".
	Error string `json:"error"`
	// ErrorLocation is "file:line:col" (or "file:line") in the input or
	// task file, when the error has a position.
	ErrorLocation string `json:"error_location,omitempty"`
	ExitCode      int    `json:"exit_code"`
	// Verdict is the SV-COMP verdict of ladr check: ERROR or UNKNOWN.
	Verdict     string `json:"verdict,omitempty"`
	Input       string `json:"input,omitempty"`
	Task        string `json:"task,omitempty"`
	LadrVersion string `json:"ladr_version"`
}

// writeFailure writes ee to w in the format inv asks for, when the
// command has one for errors (json for check and replay, sarif for
// check); otherwise it writes nothing.
func writeFailure(w io.Writer, inv invocation, ee *exitError) error {
	formats := map[string][]string{"check": {"json", "sarif"}, "replay": {"json"}}[inv.command]
	supported := false
	for _, f := range formats {
		supported = supported || f == inv.format
	}
	if !supported {
		return nil
	}
	if inv.format == "sarif" {
		return sarif.WriteFailure(w, sarif.Failure{Message: ee.msg, Location: ee.pos, Input: inv.input, ExitCode: ee.code})
	}
	r := failureReport{Result: "error", Error: ee.msg, ErrorLocation: ee.pos, ExitCode: ee.code,
		Input: inv.input, Task: inv.task, LadrVersion: driver.Version}
	if ee.code == exitUnknown {
		r.Result = "unknown"
	}
	if inv.command == "check" {
		r.Verdict = strings.ToUpper(r.Result)
	}
	if err := writeJSON(w, r); err != nil {
		return fmt.Errorf("writing the error report: %w", err)
	}
	return nil
}
