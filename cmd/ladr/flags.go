package main

import (
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ladr-dev/ladr/driver"
	"github.com/ladr-dev/ladr/driver/compdb"
	"github.com/ladr-dev/ladr/internal/shellwords"
	"github.com/ladr-dev/ladr/translate/cfront"
)

// maxBound is the largest --rounds, --unwind and --unwindset bound: far
// beyond what a check can complete, and small enough that no arithmetic on
// it overflows.
const maxBound = 1_000_000

// numericFlag is the valid range of an integer flag.
type numericFlag struct {
	name     string
	min, max int
	want     string
}

// numericFlags are the integer flags of the commands and their ranges.
func numericFlags() []numericFlag {
	return []numericFlag{
		{"rounds", 1, maxBound, fmt.Sprintf("a number of rounds from 1 to %d", maxBound)},
		{"unwind", 0, maxBound, fmt.Sprintf("a loop bound from 0 to %d", maxBound)},
		{"memory-limit", 0, 1 << 30, "a number of MB, or 0 for no limit"},
		{"jobs", 1, 1024, "a number of processes from 1 to 1024"},
	}
}

// checkNumbers reports a usage error for an integer flag of the command
// that is out of its range.
func checkNumbers(c *cli.Context) error {
	for _, f := range numericFlags() {
		if !hasFlag(c.Command, f.name) {
			continue
		}
		if v := c.Int(f.name); v < f.min || v > f.max {
			return &exitError{code: exitUsage, msg: fmt.Sprintf("bad --%s %d: want %s", f.name, v, f.want)}
		}
	}
	return nil
}

// hasFlag reports whether cmd has a flag called name.
func hasFlag(cmd *cli.Command, name string) bool {
	for _, f := range cmd.Flags {
		if slices.Contains(f.Names(), name) {
			return true
		}
	}
	return false
}

// buildFlags are the flags that say how to build the program: macro
// definitions, include directories and main's arguments.
func buildFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringSliceFlag{Name: "define", Aliases: []string{"D"}, Usage: "define macro `NAME[=VALUE]` for a .c input, like cc -D (repeatable; -DNAME works too)"},
		&cli.StringSliceFlag{Name: "include-dir", Aliases: []string{"I"}, Usage: "search `DIR` for #include files of a .c input, like cc -I (repeatable; -IDIR works too)"},
		&cli.StringSliceFlag{Name: "undefine", Aliases: []string{"U"}, Usage: "undefine macro `NAME` for a .c input, like cc -U (repeatable; -UNAME works too)"},
		&cli.StringSliceFlag{Name: "include", Usage: "include `FILE` before each .c input, like cc -include (repeatable)"},
		&cli.StringFlag{Name: "std", Usage: "C `STANDARD` of .c inputs as gcc names it (c99, gnu11, ...), like cc -std="},
		&cli.StringFlag{Name: "compile-commands", Usage: "take the program's files and their flags from the compilation database `FILE` (compile_commands.json, as CMake, Meson and Bear write it): all its C files, or only the files given"},
		&cli.StringFlag{Name: "args", Usage: "fix the arguments main receives after its name to `\"ARG ...\"`, split like a shell does (quotes, backslashes; no expansion); without it argc and argv are nondeterministic"},
	}
}

// gluedFlags are the one-letter flags whose value may follow them in the
// same word, as compilers take them (-DNDEBUG, -Iinclude, -UNDEBUG).
var gluedFlags = []string{"D", "I", "U"}

// unglue splits the glued forms -DNAME and -IDIR of the command's
// arguments into -D NAME and -I DIR, which urfave/cli reads; "--" ends the
// flags, and a word that is the value of the flag before it is kept.
func unglue(app *cli.App, args []string) []string {
	if len(args) < 3 {
		return args
	}
	cmd := app.Command(args[1])
	if cmd == nil {
		return args
	}
	takesValue := valueFlags(cmd)
	out := append([]string{}, args[:2]...)
	for i := 2; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return append(out, args[i:]...)
		}
		if len(a) > 2 && a[0] == '-' && a[1] != '-' && slices.Contains(gluedFlags, a[1:2]) && hasFlag(cmd, a[1:2]) {
			out = append(out, a[:2], strings.TrimPrefix(a[2:], "="))
			continue
		}
		out = append(out, a)
		name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if len(a) > 1 && a[0] == '-' && !hasValue && takesValue[name] && i+1 < len(args) {
			i++
			out = append(out, args[i])
		}
	}
	return out
}

// buildOptions reads -D, -U, -I, -include, --std, --compile-commands
// and --args into opt; the command's files are opt's input (one) or its
// units (several, or the ones --compile-commands gives). opt.Args stays
// nil without --args (main's arguments nondeterministic) and is empty for
// --args "".
func buildOptions(c *cli.Context, opt *driver.Options, files []string) error {
	// driver.Check checks the names, the task's defines' too.
	opt.Defines = c.StringSlice("define")
	opt.Undefines = c.StringSlice("undefine")
	for _, d := range c.StringSlice("include-dir") {
		if d == "" {
			return &exitError{code: exitUsage, msg: "bad -I \"\": want a directory"}
		}
		opt.IncludeDirs = append(opt.IncludeDirs, d)
	}
	for _, f := range c.StringSlice("include") {
		if _, err := os.Stat(f); err != nil {
			return &exitError{code: exitUsage, msg: "bad -include: " + oneLine(err.Error())}
		}
		opt.Includes = append(opt.Includes, f)
	}
	opt.Std = c.String("std")
	if opt.Std != "" && !cfront.KnownStd(opt.Std) {
		return &exitError{code: exitUsage, msg: fmt.Sprintf("unknown --std %q (want a C standard as gcc names it: c99, gnu11, ...)", opt.Std)}
	}
	if c.IsSet("args") {
		var err error
		if opt.Args, err = shellwords.Split(c.String("args")); err != nil {
			return &exitError{code: exitUsage, msg: "bad --args: " + err.Error()}
		}
	}
	if db := c.String("compile-commands"); db != "" {
		d, err := compdb.Load(db, files)
		if err != nil {
			return &exitError{code: exitUsage, msg: oneLine(err.Error())}
		}
		opt.Units = d.Units
		opt.Input = d.Units[0].File
		if opt.Model == 0 {
			opt.Model = d.Model
		}
		return nil
	}
	switch len(files) {
	case 0:
	case 1:
		opt.Input = files[0]
	default:
		opt.Input = files[0]
		for _, f := range files {
			opt.Units = append(opt.Units, cfront.Unit{File: f})
		}
	}
	return nil
}
