// Package libc is ladr's model of the C library and POSIX, written in C.
//
// Each file of models/ defines a group of library functions (stdlib.c:
// atoi, strtol...; getopt.c: getopt, getopt_long...). The front end
// (package cfront) links the model into the program before bounding: after
// parsing the user's translation unit it finds the functions the program
// calls or takes the address of, declares but does not define, and the
// library table (package model) does not know; for each one a model file
// provides it parses the translation unit again with the model appended
// (one translation unit, so that the types of the user's headers, struct
// option or sigset_t, are the model's), and repeats while the models need
// further models. The model's code is then the program's: its accesses are
// instrumented for races like the user's, and the replay runs it.
//
// Conventions of the model files:
//
//   - Every definition of a library function F is wrapped in
//     "#ifdef __ladr_want_F ... #endif": the linker defines the macro of
//     each function it needs, so that only those are compiled and a
//     function the user defines is never defined twice. Provides reads the
//     provided names from these lines.
//
//   - Helpers, statics and the model's own state use reserved names
//     (__ladr_...), are wanted like library functions, and are declared
//     (not defined) outside their guard.
//
//   - State is shared where the real library's is (getopt's optind, strtok's
//     saved pointer: two threads using them race, as in the real program)
//     and per thread where the real library's is (errno: a _Thread_local).
//
//   - Results the environment decides (the bytes read(2) returns, the time,
//     getenv) are nondeterministic: calls of __VERIFIER_nondet_* (which the
//     replay answers from the counterexample), constrained by
//     __VERIFIER_assume to what POSIX allows. Memory effects are exact
//     (write(2) reads its buffer, read(2) writes what it returns).
//
//   - Loops over the arguments' bytes are bounded by ladr's unwinding like
//     the user's loops, so a bound cut there is reported as a bound.
//
//   - A behaviour a model cannot reproduce (a third environment variable,
//     a timer in a program with signal handlers) calls an undefined
//     __ladr_unmodelled_WHAT() (model.UnmodelledPrefix): the path ends there
//     and the result cannot be a proof (a violation found elsewhere
//     stands). The markers are found in the program's text, not on its
//     paths: a program whose model holds one is never proved.
//
//   - A variadic function whose variadic arguments matter (sem_open) is
//     modelled by the non-variadic __ladr_va_F (VariadicPrefix), defined
//     under F's guard; the linker redirects F's calls to it.
//
//   - Output copies its buffer to a fresh heap block with memcpy and input
//     copies from one (whose bytes are nondeterministic): an exact region,
//     no loop. The blocks are never freed (a release while other threads
//     run would have to be checked against them).
//
// Functions that cannot be modelled faithfully (sending a signal: raise,
// kill, pthread_kill; pipes and sockets, through which threads could
// synchronize) are not here: the table (package model) lists them as
// unmodelled, so a call ends its path and the result cannot be a proof.
//
// main's arguments are modelled too (ArgsSource): given ones, or
// nondeterministic ones within MaxArgs and MaxArgLen (a bound).
package libc

import (
	"embed"
	"fmt"
	"io/fs"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

//go:embed models/*.c models/*.h
var models embed.FS

// Dir is the directory of the model files' positions: a model function's
// statements are at "<ladr-libc>/stdlib.c:LINE", never in the user's files.
const Dir = "<ladr-libc>"

// IsModelFile reports whether file names one of the model's files.
func IsModelFile(file string) bool { return strings.HasPrefix(file, Dir+"/") }

// The bounds of main's nondeterministic arguments (when no arguments are
// given): argc is between 1 and MaxArgs, and each argument after the
// program's name is a string of at most MaxArgLen bytes.
const (
	MaxArgs   = 4
	MaxArgLen = 4
)

// The model functions main's arguments come from (ArgsSource): ArgsFunc
// fills argv and returns argc, ArgvFunc returns argv, EnvpFunc an empty
// environment.
const (
	ArgsFunc = "__ladr_args"
	ArgvFunc = "__ladr_args_argv"
	EnvpFunc = "__ladr_args_envp"
	argvVar  = "__ladr_argv"
	// NondetArgsVar holds the nondeterministic arguments: a program that
	// has it receives arguments within MaxArgs and MaxArgLen, a bound.
	NondetArgsVar = "__ladr_argbuf"
)

// VariadicPrefix starts the name of the model of a variadic function F
// whose variadic arguments matter (sem_open's value): the model is the
// non-variadic __ladr_va_F, defined under F's guard, and the linker makes
// F's calls call it.
const VariadicPrefix = "__ladr_va_"

// File is one model file.
type File struct {
	Name string // position file name, such as <ladr-libc>/stdlib.c
	Text string
	// Provides are the functions the file defines.
	Provides []string
}

var wantRE = regexp.MustCompile(`(?m)^#ifdef __ladr_want_(\w+)\s*$`)

// files reads the embedded model files (their set is fixed at build time,
// so an error is a bug of the model).
func files() []File {
	ents, err := fs.ReadDir(models, "models")
	if err != nil {
		panic(fmt.Sprintf("libc: reading the embedded models: %v", err))
	}
	var out []File
	for _, e := range ents {
		if !strings.HasSuffix(e.Name(), ".c") {
			continue
		}
		data, err := fs.ReadFile(models, "models/"+e.Name())
		if err != nil {
			panic(fmt.Sprintf("libc: reading model %s: %v", e.Name(), err))
		}
		f := File{Name: Dir + "/" + e.Name(), Text: string(data)}
		for _, m := range wantRE.FindAllStringSubmatch(f.Text, -1) {
			f.Provides = append(f.Provides, m[1])
		}
		out = append(out, f)
	}
	return out
}

// Files returns the model files, sorted by name.
func Files() []File { return files() }

// Provider returns the model file that defines the function name, if any.
func Provider(name string) (File, bool) {
	for _, f := range files() {
		for _, p := range f.Provides {
			if p == name {
				return f, true
			}
		}
	}
	return File{}, false
}

// FileText returns the text of the model file named name (a File's Name),
// for showing its lines; generated sources (main's arguments) have none.
func FileText(name string) (string, bool) {
	for _, f := range files() {
		if f.Name == name {
			return f.Text, true
		}
	}
	return "", false
}

// Source is one source text of a link: a name for positions and the text.
type Source struct {
	Name, Text string
}

// SignalHandlersMacro is defined (Sources' macros) when the program may
// install a signal handler: the timers are then not modelled.
const SignalHandlersMacro = "__ladr_signal_handlers"

// Sources returns the sources to append to the user's translation unit to
// define the functions in want (names Provider knows), in a fixed order:
// ladr's declarations, the wanted functions' macros and the macros in
// defines first, then the model files that provide a wanted function.
func Sources(want, defines []string) []Source {
	ws := append([]string(nil), want...)
	sort.Strings(ws)
	var b strings.Builder
	b.WriteString("/* ladr: the library functions the program needs */\n")
	need := map[string]bool{}
	for _, d := range defines {
		fmt.Fprintf(&b, "#define %s 1\n", d)
	}
	for _, w := range ws {
		fmt.Fprintf(&b, "#define __ladr_want_%s 1\n", w)
		if f, ok := Provider(w); ok {
			need[f.Name] = true
		}
	}
	h, err := fs.ReadFile(models, "models/ladr.h")
	if err != nil {
		panic(fmt.Sprintf("libc: reading ladr.h: %v", err))
	}
	out := []Source{{Name: Dir + "/want.h", Text: b.String()}, {Name: Dir + "/ladr.h", Text: string(h)}}
	for _, f := range files() {
		if need[f.Name] {
			out = append(out, Source{Name: f.Name, Text: f.Text})
		}
	}
	return out
}

// ArgsSource returns the C source of main's arguments: the definitions of
// ArgvFunc, EnvpFunc and ArgsFunc, which sets argv to {name, args..., NULL} and returns argc;
// with args nil, argc is nondeterministic in [1, MaxArgs] and each argument
// after the name a nondeterministic string of at most MaxArgLen bytes.
// The strings are writable, as C requires.
func ArgsSource(name string, args []string) Source {
	var b strings.Builder
	b.WriteString("/* ladr: main's arguments */\n")
	b.WriteString("int __VERIFIER_nondet_int(void);\nchar __VERIFIER_nondet_char(void);\nvoid __VERIFIER_assume(int);\n")
	fmt.Fprintf(&b, "static char *__ladr_envp[1];\nchar **%s(void) { return __ladr_envp; }\n", EnvpFunc)
	if args != nil {
		all := append([]string{name}, args...)
		for i, a := range all {
			fmt.Fprintf(&b, "static char __ladr_arg%d[] = %s;\n", i, cString(a))
		}
		fmt.Fprintf(&b, "static char *%s[%d] = {", argvVar, len(all)+1)
		for i := range all {
			fmt.Fprintf(&b, "__ladr_arg%d, ", i)
		}
		b.WriteString("0};\n")
		fmt.Fprintf(&b, "int %s(void) { return %d; }\n", ArgsFunc, len(all))
	} else {
		fmt.Fprintf(&b, "static char __ladr_arg0[] = %s;\n", cString(name))
		fmt.Fprintf(&b, "static char %s[%d][%d];\n", NondetArgsVar, MaxArgs, MaxArgLen+1)
		fmt.Fprintf(&b, "static char *%s[%d];\n", argvVar, MaxArgs+1)
		fmt.Fprintf(&b, "int %s(void) {\n\tint argc = __VERIFIER_nondet_int();\n\t__VERIFIER_assume(argc >= 1 && argc <= %d);\n", ArgsFunc, MaxArgs)
		fmt.Fprintf(&b, "\t%s[0] = __ladr_arg0;\n", argvVar)
		// Unrolled: no loop for the unwinding to cut.
		for i := 1; i < MaxArgs; i++ {
			for j := 0; j < MaxArgLen; j++ {
				fmt.Fprintf(&b, "\t__ladr_argbuf[%d][%d] = __VERIFIER_nondet_char();\n", i, j)
			}
			fmt.Fprintf(&b, "\t%s[%d] = argc > %d ? &__ladr_argbuf[%d][0] : (char *)0;\n", argvVar, i, i, i)
		}
		fmt.Fprintf(&b, "\t%s[%d] = 0;\n\treturn argc;\n}\n", argvVar, MaxArgs)
	}
	fmt.Fprintf(&b, "char **%s(void) { return %s; }\n", ArgvFunc, argvVar)
	return Source{Name: Dir + "/args.c", Text: b.String()}
}

// cString quotes s as a C string literal.
func cString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c < 0x20 || c >= 0x7f:
			b.WriteString("\\" + strconv.FormatInt(int64(c)|0o1000, 8)[1:])
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}
