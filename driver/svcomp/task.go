// Package svcomp reads SV-COMP task definitions (format 2.0 .yml files):
// their input files, properties with expected verdicts, and data model.
package svcomp

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/ladr-dev/ladr/internal/shellwords"
)

// Task is an SV-COMP verification task.
type Task struct {
	// Path is the .yml file.
	Path string
	// Inputs are the input files, resolved relative to the .yml.
	Inputs []string
	// Properties are the (uncommented) property entries.
	Properties []Property
	// DataModel is "ILP32" or "LP64" ("" when the task does not say).
	DataModel string
	// Defines are ladr's "defines:" option: macro definitions ("NAME" or
	// "NAME=VALUE") for the input.
	Defines []string
	// IncludeDirs are ladr's "include_dirs:" option, resolved relative to
	// the .yml.
	IncludeDirs []string
	// Args are ladr's "args:" option, the arguments main receives after its
	// name (a list, or a string split like a shell does); ArgsSet tells
	// whether the task gives them (an empty list fixes argc to 1).
	Args    []string
	ArgsSet bool
}

// Load reads the task definition at path. Besides SV-COMP's keys, the
// "options:" mapping may hold ladr's build options:
//
//	options:
//	  data_model: LP64
//	  defines: [NVALGRIND, N=4]   # or a block list
//	  include_dirs: [include]     # relative to the .yml
//	  args: "-t 2 -q"             # or a list; absent: nondeterministic
func Load(path string) (*Task, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	props, err := ParseProperties(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	t := &Task{Path: path, Properties: props}
	dir := filepath.Dir(path)
	inOptions := false
	inInputs := false
	optKey := "" // the option whose block list the "- " lines continue
	for i, raw := range strings.Split(string(data), "\n") {
		line := stripComment(strings.TrimRight(raw, "\r"))
		if strings.TrimSpace(line) == "" {
			continue
		}
		indent := len(line) - len(strings.TrimLeft(line, " "))
		body := strings.TrimSpace(line)
		if indent == 0 {
			inOptions, inInputs, optKey = false, false, ""
			key, val, ok := splitKeyValue(body)
			if !ok {
				continue
			}
			switch key {
			case "input_files":
				if val == "" {
					inInputs = true
				} else if strings.HasPrefix(val, "[") {
					for _, f := range splitOutsideQuotes(strings.Trim(val, "[]"), ',') {
						if f = unquote(strings.TrimSpace(f)); f != "" {
							t.Inputs = append(t.Inputs, filepath.Join(dir, f))
						}
					}
				} else {
					t.Inputs = append(t.Inputs, filepath.Join(dir, unquote(val)))
				}
			case "options":
				inOptions = true
			}
			continue
		}
		switch {
		case inInputs && strings.HasPrefix(body, "- "):
			t.Inputs = append(t.Inputs, filepath.Join(dir, unquote(strings.TrimSpace(body[2:]))))
		case inOptions && strings.HasPrefix(body, "- ") || inOptions && body == "-":
			if optKey == "" {
				return nil, fmt.Errorf("%s:%d: a list item outside a list option", path, i+1)
			}
			t.addOption(optKey, unquote(strings.TrimSpace(strings.TrimPrefix(body, "-"))), dir)
		case inOptions:
			key, val, ok := splitKeyValue(body)
			optKey = ""
			if !ok {
				continue
			}
			if err := t.option(key, val, dir); err != nil {
				return nil, fmt.Errorf("%s:%d: %w", path, i+1, err)
			}
			if val == "" {
				optKey = key
			}
		}
	}
	if len(t.Inputs) == 0 {
		return nil, fmt.Errorf("%s: no input_files", path)
	}
	return t, nil
}

// Expected returns the expected verdict of the property whose file has the
// given base name: "true", "false", or "" when the task does not state it.
// ok is false when the task has no such property.
func (t *Task) Expected(prp string) (verdict string, ok bool) {
	for _, p := range t.Properties {
		if filepath.Base(p.File) == prp {
			return p.Verdict, true
		}
	}
	return "", false
}

// option reads one "key: value" line of the options mapping; an empty
// value starts a block list (or, for args, none yet: an empty list).
func (t *Task) option(key, val, dir string) error {
	switch key {
	case "data_model":
		t.DataModel = unquote(val)
	case "defines", "include_dirs", "args":
		if key == "args" {
			t.ArgsSet = true
			if t.Args == nil {
				t.Args = []string{}
			}
		}
		switch {
		case val == "":
		case strings.HasPrefix(val, "["):
			if !strings.HasSuffix(val, "]") {
				return fmt.Errorf("%s: unterminated list %s", key, val)
			}
			for _, f := range splitOutsideQuotes(val[1:len(val)-1], ',') {
				if f = strings.TrimSpace(f); f != "" {
					t.addOption(key, unquote(f), dir)
				}
			}
		case key == "args":
			words, err := shellwords.Split(val)
			if err != nil {
				return fmt.Errorf("args: %w", err)
			}
			t.Args = append(t.Args, words...)
		default:
			t.addOption(key, unquote(val), dir)
		}
	}
	return nil
}

// addOption adds one item to the list option key.
func (t *Task) addOption(key, item, dir string) {
	switch key {
	case "defines":
		t.Defines = append(t.Defines, item)
	case "include_dirs":
		if !filepath.IsAbs(item) {
			item = filepath.Join(dir, item)
		}
		t.IncludeDirs = append(t.IncludeDirs, item)
	case "args":
		t.Args = append(t.Args, item)
	}
}
