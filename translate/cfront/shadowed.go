package cfront

import (
	"strings"

	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/model"
)

// renameShadowing gives a fresh name (NAME__program) to each function the
// program itself defines under the name of a library function ladr models
// (a program's own sem_wait on its own sem_t, say): the passes recognise library
// functions by name and would otherwise replace the program's definition
// with the library's behaviour, which may hide a race in it. Calls refer
// to the function itself, so only its name changes. Definitions in system
// headers, in ladr's own sources ("<...>" files, LibDefsFile) and the
// functions SV-COMP's conventions ask the program to define (reach_error,
// __VERIFIER_*) keep their names.
func renameShadowing(prog *ir.Program) {
	taken := map[string]bool{}
	for _, f := range prog.Funcs {
		taken[f.Name] = true
	}
	for _, f := range prog.Funcs {
		if f.Body == nil || !modelled(f.Name) || conventional(f.Name) || !userFile(f.Pos.File) {
			continue
		}
		name := f.Name + "__program"
		for taken[name] {
			name += "_"
		}
		taken[name] = true
		f.Name = name
	}
}

// modelled reports whether ladr replaces calls of the library function
// name with its model: synchronization, atomics, program end, and the pure
// functions with an operation (pthread_self, ...). Pure functions without
// one (strlen, printf, ...) keep a program's own definition already.
func modelled(name string) bool {
	info := model.Lookup(name)
	switch info.Kind {
	case model.Sync, model.Atomic, model.Control, model.AtomicMarker:
		return true
	case model.Pure:
		return info.Op != model.OpNone
	}
	return false
}

// conventional reports whether name is one a program defines by convention
// for the verifier, whose model must stay.
func conventional(name string) bool {
	switch {
	case name == "reach_error", name == "__VERIFIER_error":
		return true
	case strings.HasPrefix(name, "__VERIFIER_"), strings.HasPrefix(name, "__CPROVER_"), strings.HasPrefix(name, "__ladr_"):
		return true
	}
	return false
}

// userFile reports whether a definition at file belongs to the program:
// not to ladr's own sources nor to a system header.
func userFile(file string) bool {
	if file == "" || strings.HasPrefix(file, "<") || file == LibDefsFile {
		return false
	}
	for _, dir := range []string{"/usr/include/", "/usr/lib/", "/usr/local/include/"} {
		if strings.HasPrefix(file, dir) {
			return false
		}
	}
	return true
}
