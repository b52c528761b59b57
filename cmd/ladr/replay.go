package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ladr-dev/ladr/driver"
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
	if c.NArg() != 1 {
		return &exitError{code: exitUsage, msg: "usage: ladr replay --trace TRACE.json FILE.c"}
	}
	input := c.Args().First()
	tracePath := c.String("trace")
	if tracePath == "" {
		return &exitError{code: exitUsage, msg: "missing --trace FILE (a trace saved by ladr check --save-trace)"}
	}
	if _, err := os.Stat(input); err != nil {
		return &exitError{code: exitUsage, msg: oneLine(err.Error())}
	}
	saved, err := driver.ReadSavedTrace(tracePath, input)
	if err != nil {
		return driverError(err, exitUsage)
	}
	opt := driver.Options{Input: input, GCC: c.String("gcc")}
	if opt.Defines, opt.IncludeDirs, opt.Args, err = buildOptions(c); err != nil {
		return err
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
