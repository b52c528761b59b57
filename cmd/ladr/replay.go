package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ladr-dev/ladr/driver"
	"github.com/ladr-dev/ladr/driver/svcomp"
	"github.com/ladr-dev/ladr/driver/witness"
	"github.com/ladr-dev/ladr/property"
	"github.com/ladr-dev/ladr/translate/cfront"
)

// writeTrace prints the interleaving of a violation, one step per line,
// with context switches marked.
func writeTrace(w io.Writer, r *driver.Result) {
	if len(r.Trace) == 0 {
		return
	}
	fmt.Fprintln(w, "  Interleaving (thread, location, statement):")
	n := 0
	for _, s := range r.Trace {
		if s.Kind == "context-switch" {
			fmt.Fprintf(w, "    ---- context switch to %s ----\n", s.Thread)
			continue
		}
		n++
		mark := " "
		switch s.Kind {
		case "access", "violation":
			mark = ">"
		}
		loc := fmt.Sprintf("%s:%d", s.File, s.Line)
		line := fmt.Sprintf("  %s %3d %-5s %-22s %s", mark, n, s.Thread, loc, s.Source)
		var notes []string
		if s.Detail != "" {
			notes = append(notes, s.Detail)
		}
		for _, v := range s.Values {
			notes = append(notes, v.Lvalue+" = "+v.Value)
		}
		if s.Kind == "violation" && s.Source == "" {
			line = fmt.Sprintf("  %s %3d %-5s %-22s", mark, n, s.Thread, loc)
		}
		if len(notes) > 0 {
			line += "    // " + strings.Join(notes, "; ")
		}
		fmt.Fprintln(w, strings.TrimRight(line, " "))
	}
}

// replayCmd replays a saved counterexample.
func replayCmd(c *cli.Context) error {
	if f := c.String("format"); f != "text" && f != "json" {
		return &exitError{code: exitUsage, msg: fmt.Sprintf("unknown --format %q (want text or json)", f)}
	}
	if c.String("witness") != "" {
		if c.String("trace") != "" {
			return &exitError{code: exitUsage, msg: "--trace and --witness exclude each other"}
		}
		return witnessCmd(c)
	}
	if c.NArg() == 0 && c.String("compile-commands") == "" {
		return &exitError{code: exitUsage, msg: "usage: ladr replay --trace TRACE.json FILE.c [FILE.c ...], or ladr replay --witness WITNESS FILE.c|--task T.yml"}
	}
	tracePath := c.String("trace")
	if tracePath == "" {
		return &exitError{code: exitUsage, msg: "missing --trace FILE (a trace saved by ladr check --save-trace) or --witness FILE (a violation witness)"}
	}
	opt := driver.Options{GCC: c.String("gcc")}
	if err := buildOptions(c, &opt, c.Args().Slice()); err != nil {
		return err
	}
	input := opt.Input
	for _, f := range opt.Files() {
		if _, err := os.Stat(f); err != nil {
			return &exitError{code: exitUsage, msg: oneLine(err.Error())}
		}
	}
	saved, err := driver.ReadSavedTrace(tracePath, input)
	if err != nil {
		return driverError(err, exitUsage)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	res, err := driver.Replay(ctx, opt, saved)
	if err != nil {
		return driverError(err, exitUnknown)
	}
	out := c.App.Writer
	if c.String("format") == "json" {
		if err := writeJSON(out, res); err != nil {
			return err
		}
	} else if res.Confirmed {
		fmt.Fprintf(out, "CONFIRMED: the replay fails %q", res.Assertion)
		if saved.Target == "generic" && saved.Property == "race" {
			// The generic encoding reports a race with reach_error.
			fmt.Fprint(out, ", the generic encoding's data race check")
		}
		if res.File != "" {
			fmt.Fprintf(out, " (%s:%d)", res.File, res.Line)
		}
		fmt.Fprintf(out, " with the %d recorded choices (bounds: rounds %d, unwind %d).\n", len(saved.Choices), saved.Bounds.Rounds, saved.Bounds.Unwind)
	} else {
		fmt.Fprintf(out, "NOT CONFIRMED: %s\n", res.Reason)
	}
	if !res.Confirmed {
		return &exitError{code: exitUnknown}
	}
	return &exitError{code: exitViolation}
}

// witnessCmd follows a violation witness (replay --witness): a check
// restricted to the executions that pass the witness's waypoints, whose
// violation (replayed concretely) confirms the witness and whose proof
// that none violates rejects it.
func witnessCmd(c *cli.Context) error {
	format := c.String("format")
	path := c.String("witness")
	w, err := witness.Read(path)
	if err != nil {
		return &exitError{code: exitUsage, msg: oneLine(err.Error())}
	}
	opt, err := searchOptions(c)
	if err != nil {
		return err
	}
	if opt.Property == nil {
		if name := w.Property(); name != "" {
			if opt.Property, err = property.Lookup(name); err != nil {
				return &exitError{code: exitUsage, msg: oneLine(err.Error())}
			}
		} else if opt.Task == "" && w.Specification != "" {
			return &exitError{code: exitUsage, msg: fmt.Sprintf("%s: the witness's specification %q names no property ladr checks (give --property)", path, w.Specification)}
		} else if opt.Task == "" {
			// No default: a witness of another property would be
			// rejected for a property it never claimed.
			return &exitError{code: exitUsage, msg: fmt.Sprintf("%s: the witness names no specification (give --property or --task)", path)}
		}
	}
	if opt.Model == 0 {
		switch w.DataModel {
		case "ILP32":
			opt.Model = cfront.ILP32
		case "LP64":
			opt.Model = cfront.LP64
		}
	}
	input := opt.Input
	if input == "" {
		t, err := svcomp.Load(opt.Task)
		if err != nil {
			return &exitError{code: exitUsage, msg: oneLine(err.Error())}
		}
		if len(t.Inputs) != 1 {
			return &exitError{code: exitUsage, msg: fmt.Sprintf("%s: the task has %d input files, not one", opt.Task, len(t.Inputs))}
		}
		input = t.Inputs[0]
	}
	if err := w.CheckHash(input); err != nil {
		if !c.Bool("ignore-hash") {
			return &exitError{code: exitUsage, msg: oneLine(err.Error()) + " (--ignore-hash follows it anyway)"}
		}
		w.Notes = append(w.Notes, "followed despite its program hash (--ignore-hash): "+oneLine(err.Error()))
	}
	spec := w.Follow
	// The witness's lines are the input's, whatever path it gives its
	// program (another machine's, the task's original name).
	if w.ProgramFile != "" && filepath.Base(w.ProgramFile) != filepath.Base(input) {
		w.Notes = append(w.Notes, fmt.Sprintf("the witness names its program %s; its lines are read as %s's", w.ProgramFile, input))
	}
	spec.File = input
	opt.Follow = &spec
	// Start the search with as many rounds as a thread of the witness
	// resumes; bounds whose loops are too short for the witness are
	// passed over without running CBMC (follow.Result.Short).
	opt.MinBounds = driver.Bounds{Rounds: min(spec.NeedsRounds(), 12)}
	res, err := runCheck(c, opt, format)
	if err != nil {
		return err
	}
	v := witness.Validate(w, res)
	defer warnErrors(c.App.ErrWriter, res)
	out := c.App.Writer
	if format == "json" {
		if err := writeJSON(out, struct {
			Validation witness.Validation `json:"validation"`
			Check      *driver.Result     `json:"check"`
		}{v, res}); err != nil {
			return err
		}
	} else {
		what := w.Format
		if w.Producer != "" {
			what += ", by " + w.Producer
		}
		fmt.Fprintf(out, "Witness %s (%s): %d waypoints, %d followed.\n", path, what, v.Waypoints, v.Placed)
		for _, n := range v.Notes {
			fmt.Fprintf(out, "  note: %s\n", n)
		}
		switch v.Verdict {
		case witness.Confirmed:
			fmt.Fprintf(out, "CONFIRMED %s: an execution that follows the witness violates the property, replayed concretely.\n", v.SVCOMP)
			writeText(out, res, true)
		case witness.Rejected:
			fmt.Fprintf(out, "REJECTED %s: %s.\n", v.SVCOMP, v.Reason)
		default:
			fmt.Fprintf(out, "NOT CONFIRMED %s: %s.\n", v.SVCOMP, v.Reason)
		}
	}
	switch v.Verdict {
	case witness.Confirmed:
		return &exitError{code: exitViolation}
	case witness.Rejected:
		return nil
	}
	return &exitError{code: exitUnknown}
}
