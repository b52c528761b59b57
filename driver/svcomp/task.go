// Package svcomp reads SV-COMP task definitions (format 2.0 .yml files):
// their input files, properties with expected verdicts, and data model.
package svcomp

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
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
}

// Load reads the task definition at path.
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
	for _, raw := range strings.Split(string(data), "\n") {
		line := stripComment(strings.TrimRight(raw, "\r"))
		if strings.TrimSpace(line) == "" {
			continue
		}
		indent := len(line) - len(strings.TrimLeft(line, " "))
		body := strings.TrimSpace(line)
		if indent == 0 {
			inOptions, inInputs = false, false
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
		case inOptions:
			if key, val, ok := splitKeyValue(body); ok && key == "data_model" {
				t.DataModel = unquote(val)
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
