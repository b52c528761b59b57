// Package compdb reads a compilation database, compile_commands.json (the
// format CMake, Meson and Bear write: one entry per compiled file with its
// directory and its compiler command), into the translation units ladr
// checks: each C file with the flags that change what it means (-D, -U,
// -I, -include, -std=, -m32/-m64). Other flags (optimisation, warnings,
// code generation, dependency files) are ignored.
package compdb

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/ladr-dev/ladr/internal/shellwords"
	"github.com/ladr-dev/ladr/translate/cfront"
)

// Entry is one entry of a compilation database.
type Entry struct {
	Directory string   `json:"directory"`
	File      string   `json:"file"`
	Command   string   `json:"command"`
	Arguments []string `json:"arguments"`
	Output    string   `json:"output"`
}

// Database is what Load read: the program's units, and the data model the
// commands ask for (0 when none says).
type Database struct {
	Units []cfront.Unit
	Model cfront.Model
}

// Load reads the compilation database at path and returns the C files'
// units, in the database's order, each file once. When files is not
// empty, only the entries of those files (paths as given on the command
// line, relative to the working directory, or as in the database) are
// taken, in files' order, and a file without an entry is an error.
func Load(path string, files []string) (*Database, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var entries []Entry
	if err := json.Unmarshal(data, &entries); err != nil {
		return nil, fmt.Errorf("%s: not a compilation database (a JSON array of entries with directory, file and command or arguments): %w", path, err)
	}
	base, err := filepath.Abs(filepath.Dir(path))
	if err != nil {
		return nil, err
	}
	db := &Database{}
	byFile := map[string]cfront.Unit{}
	var order []string
	for i, e := range entries {
		if e.Directory != "" && !filepath.IsAbs(e.Directory) {
			// Tools write absolute directories; a relative one is taken
			// relative to the database's.
			e.Directory = filepath.Join(base, e.Directory)
		}
		u, model, err := unit(e)
		if err != nil {
			return nil, fmt.Errorf("%s: entry %d (%s): %w", path, i+1, e.File, err)
		}
		if u == nil {
			continue // not a C file
		}
		if _, dup := byFile[u.File]; dup {
			continue
		}
		byFile[u.File] = *u
		order = append(order, u.File)
		if model != 0 {
			db.Model = model
		}
	}
	if len(files) == 0 {
		for _, f := range order {
			db.Units = append(db.Units, byFile[f])
		}
		if len(db.Units) == 0 {
			return nil, fmt.Errorf("%s: no C file in the compilation database", path)
		}
		return db, nil
	}
	for _, f := range files {
		abs, err := filepath.Abs(f)
		if err != nil {
			return nil, err
		}
		u, ok := byFile[filepath.Clean(abs)]
		if !ok {
			return nil, fmt.Errorf("%s: no entry for %s in the compilation database", path, f)
		}
		db.Units = append(db.Units, u)
	}
	return db, nil
}

// unit reads entry e: nil for a file that is not C source.
func unit(e Entry) (*cfront.Unit, cfront.Model, error) {
	if e.Directory == "" || e.File == "" {
		return nil, 0, fmt.Errorf("an entry needs a directory and a file")
	}
	args := e.Arguments
	if len(args) == 0 {
		var err error
		if args, err = shellwords.Split(e.Command); err != nil {
			return nil, 0, fmt.Errorf("command: %w", err)
		}
	}
	if len(args) == 0 {
		return nil, 0, fmt.Errorf("no command")
	}
	file := abs(e.Directory, e.File)
	if ext := filepath.Ext(file); ext != ".c" && ext != ".i" {
		return nil, 0, nil
	}
	u := &cfront.Unit{File: file}
	var model cfront.Model
	// value returns the value of the option at args[i] (glued, as in -DX,
	// or the next word) and the index of its last word.
	value := func(i int, opt string) (string, int, error) {
		if a := args[i]; len(a) > len(opt) {
			return strings.TrimPrefix(a[len(opt):], "="), i, nil
		}
		if i+1 >= len(args) {
			return "", i, fmt.Errorf("%s without its value", opt)
		}
		return args[i+1], i + 1, nil
	}
	for i := 1; i < len(args); i++ {
		a := args[i]
		var v string
		var err error
		switch {
		case a == "-include" || a == "--include":
			v, i, err = value(i, a)
			u.Includes = append(u.Includes, abs(e.Directory, v))
		case strings.HasPrefix(a, "-D"):
			v, i, err = value(i, "-D")
			u.Defines = append(u.Defines, v)
		case strings.HasPrefix(a, "-U"):
			v, i, err = value(i, "-U")
			u.Undefines = append(u.Undefines, v)
		case strings.HasPrefix(a, "-I"):
			v, i, err = value(i, "-I")
			u.IncludePaths = append(u.IncludePaths, abs(e.Directory, v))
		case a == "-isystem" || a == "-iquote" || a == "-idirafter":
			v, i, err = value(i, a)
			u.IncludePaths = append(u.IncludePaths, abs(e.Directory, v))
		case strings.HasPrefix(a, "-std="):
			u.Std = strings.TrimPrefix(a, "-std=")
			if !cfront.KnownStd(u.Std) {
				return nil, 0, fmt.Errorf("unknown C standard %q", u.Std)
			}
		case a == "-m32":
			model = cfront.ILP32
		case a == "-m64":
			model = cfront.LP64
		case a == "-o" || a == "-MF" || a == "-MT" || a == "-MQ" || a == "-x" || a == "-Xclang" || a == "-Xlinker":
			i++ // an option with a value that does not matter here
		}
		if err != nil {
			return nil, 0, err
		}
	}
	return u, model, nil
}

// abs returns path resolved against dir.
func abs(dir, path string) string {
	if !filepath.IsAbs(path) {
		path = filepath.Join(dir, path)
	}
	return filepath.Clean(path)
}
