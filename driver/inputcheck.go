package driver

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/ladr-dev/ladr/driver/svcomp"
	"github.com/ladr-dev/ladr/property"
	"github.com/ladr-dev/ladr/translate/analysis/candidates"
	"github.com/ladr-dev/ladr/translate/cfront"
	"github.com/ladr-dev/ladr/translate/ir"
)

// PosError is an error at a position of an input file: the C program (an
// empty file, a program without main) or the task definition (a property
// ladr does not check).
type PosError struct {
	Pos ir.Pos
	Err error
}

func (e *PosError) Error() string { return fmt.Sprintf("%s: %v", e.Pos, e.Err) }
func (e *PosError) Unwrap() error { return e.Err }

// ErrorPos returns the position in an input file that err is about (a
// syntax error's, or a *PosError's), if it has one.
func ErrorPos(err error) (ir.Pos, bool) {
	var pe *PosError
	if errors.As(err, &pe) && pe.Pos.IsValid() {
		return pe.Pos, true
	}
	var ce *cfront.Error
	if errors.As(err, &ce) && ce.Pos.IsValid() {
		return ce.Pos, true
	}
	var fe *candidates.FactError
	if errors.As(err, &fe) && fe.Pos.IsValid() {
		return fe.Pos, true
	}
	return ir.Pos{}, false
}

// checkProgram reports an input error for a parsed program ladr cannot
// check at all: a file without code (empty, or only blanks and comments)
// or a program without a main function to start from (in none of inputs,
// the program's files).
func checkProgram(inputs []string, prog *ir.Program) error {
	start := ir.Pos{File: inputs[0], Line: 1, Col: 1}
	for _, input := range inputs {
		src, err := os.ReadFile(input)
		if err != nil {
			return &InputError{Err: fmt.Errorf("reading the input: %w", err)}
		}
		if blankC(src) {
			return &InputError{Err: &PosError{Pos: ir.Pos{File: input, Line: 1, Col: 1}, Err: errors.New("the file is empty (no C code, only blanks or comments)")}}
		}
	}
	if main := prog.Func("main"); main == nil || main.Body == nil {
		return &InputError{Err: &PosError{Pos: start, Err: errors.New("the program has no main function (ladr checks whole programs, starting at main)")}}
	}
	return nil
}

// blankC reports whether src holds nothing but white space and C comments.
func blankC(src []byte) bool {
	for i := 0; i < len(src); i++ {
		switch c := src[i]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v':
		case c == '\\' && i+1 < len(src) && src[i+1] == '\n':
			i++ // line continuation
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				if src[i] == '\\' && i+1 < len(src) && src[i+1] == '\n' {
					i++ // a continued line comment
				}
				i++
			}
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			end := strings.Index(string(src[i+2:]), "*/")
			if end < 0 {
				return false // an unterminated comment is the parser's business
			}
			i += 2 + end + 1
		default:
			return false
		}
	}
	return true
}

// taskProperty returns the property to check on task t: want when the task
// lists it, or (want nil) the first property with an SV-COMP property file
// that it lists. Any other case is an input error that names the
// properties the task lists and those ladr checks.
func taskProperty(t *svcomp.Task, want *property.Property) (*property.Property, error) {
	if want == nil {
		for _, p := range property.All() {
			if _, ok := t.Expected(p.TaskFile); ok && p.TaskFile != "" {
				return p, nil
			}
		}
		return nil, taskPropertyError(t, "the task lists no property ladr checks")
	}
	if want.LockOrder {
		// SV-COMP has no such property (deadlock): the task's program is
		// checked for it, with the task's data model and options.
		return want, nil
	}
	if want.TaskFile != "" {
		if _, listed := t.Expected(want.TaskFile); listed {
			return want, nil
		}
		return nil, taskPropertyError(t, fmt.Sprintf("--property %s: the task does not list %s", want.Name, want.TaskFile))
	}
	return nil, taskPropertyError(t, fmt.Sprintf("--property %s: SV-COMP has no such property (give the input file instead of --task)", want.Name))
}

// taskPropertyError is an input error about a task's properties, at its
// first property entry.
func taskPropertyError(t *svcomp.Task, what string) error {
	var listed []string
	for _, p := range t.Properties {
		listed = append(listed, filepath.Base(p.File))
	}
	have := "no properties"
	if len(listed) > 0 {
		have = strings.Join(listed, ", ")
	}
	var names []string
	for _, p := range property.All() {
		if p.TaskFile != "" {
			names = append(names, fmt.Sprintf("%s (--property %s)", p.TaskFile, p.Name))
		}
	}
	sort.Strings(names)
	err := fmt.Errorf("%s; it lists %s; ladr checks %s", what, have, strings.Join(names, " and "))
	pos := ir.Pos{File: t.Path, Line: 1, Col: 1}
	if len(t.Properties) > 0 {
		pos.Line, pos.Col = t.Properties[0].Line, max(t.Properties[0].Column, 1)
	}
	return &InputError{Err: &PosError{Pos: pos, Err: err}}
}

// sameFile reports whether paths a and b name the same existing file.
func sameFile(a, b string) bool {
	sa, err := os.Stat(a)
	if err != nil {
		return false
	}
	sb, err := os.Stat(b)
	return err == nil && os.SameFile(sa, sb)
}

// CannotWrite is the error of an output file that could not be written:
// "cannot write WHAT to PATH: CAUSE", where CAUSE leaves out the operation
// and path an *os.PathError repeats.
func CannotWrite(what, path string, err error) error {
	cause := err
	var pe *os.PathError
	if errors.As(err, &pe) {
		cause = pe.Err
	}
	return &writeError{msg: fmt.Sprintf("cannot write %s to %s: %v", what, path, cause), err: err}
}

// writeError is CannotWrite's error; it wraps the original.
type writeError struct {
	msg string
	err error
}

func (e *writeError) Error() string { return e.msg }
func (e *writeError) Unwrap() error { return e.err }
