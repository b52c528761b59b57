package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ladr-dev/ladr/internal/shellwords"
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
		&cli.StringFlag{Name: "args", Usage: "fix the arguments main receives after its name to `\"ARG ...\"`, split like a shell does (quotes, backslashes; no expansion); without it argc and argv are nondeterministic"},
	}
}

// gluedFlags are the one-letter flags whose value may follow them in the
// same word, as compilers take them (-DNDEBUG, -Iinclude).
var gluedFlags = []string{"D", "I"}

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

// buildOptions reads -D, -I and --args. args is nil without --args (main's
// arguments nondeterministic) and empty for --args "".
func buildOptions(c *cli.Context) (defines, includeDirs, args []string, err error) {
	// driver.Check checks the names, the task's defines' too.
	defines = c.StringSlice("define")
	for _, d := range c.StringSlice("include-dir") {
		if d == "" {
			return nil, nil, nil, &exitError{code: exitUsage, msg: "bad -I \"\": want a directory"}
		}
		includeDirs = append(includeDirs, d)
	}
	if c.IsSet("args") {
		if args, err = shellwords.Split(c.String("args")); err != nil {
			return nil, nil, nil, &exitError{code: exitUsage, msg: "bad --args: " + err.Error()}
		}
	}
	return defines, includeDirs, args, nil
}
