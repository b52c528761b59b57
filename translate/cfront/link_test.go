package cfront

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/libc"
)

// TestLinkModels: a called (or address-taken) undefined library function
// that ladr's C library model provides gets the model's definition, with
// positions in the model's file, and so do the functions the model needs;
// the program's own definition wins, and an uncalled declaration is left
// alone.
func TestLinkModels(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		defined   map[string]string // function: file of its first statement ("" undefined)
	}{
		{"atoi and strtol", "#include <stdlib.h>\nint main(void) { return atoi(\"1\"); }",
			map[string]string{"atoi": libc.Dir + "/stdlib.c", "strtol": libc.Dir + "/stdlib.c", "__errno_location": libc.Dir + "/errno.c"}},
		{"own atoi", "#include <stdlib.h>\nint atoi(const char *s) { return 7; }\nint main(void) { return atoi(\"1\") + (int)strtol(\"2\", 0, 10); }",
			map[string]string{"atoi": "test.c", "strtol": libc.Dir + "/stdlib.c"}},
		{"declared only", "#include <stdlib.h>\nint main(void) { return 0; }", map[string]string{"atoi": ""}},
		{"address taken", "#include <string.h>\nchar *(*f)(char *, const char *) = strtok;\nint main(void) { return 0; }",
			map[string]string{"strtok": libc.Dir + "/string.c", "strtok_r": libc.Dir + "/string.c"}},
		{"table function kept", "#include <string.h>\nint main(void) { return (int)strlen(\"ab\"); }", map[string]string{"strlen": ""}},
		{"getopt_long", "#include <getopt.h>\nstruct option o[] = {{\"a\", 0, 0, 'a'}, {0, 0, 0, 0}};\nint main(int c, char **v) { return getopt_long(c, v, \"a\", o, 0); }",
			map[string]string{"getopt_long": libc.Dir + "/getopt.c", "__ladr_getopt_scan": libc.Dir + "/getopt.c", "__ladr_getopt_long1": libc.Dir + "/getopt.c", "__ladr_args": libc.Dir + "/args.c"}},
	} {
		for _, m := range []Model{LP64, ILP32} {
			t.Run(tc.name+"/"+m.String(), func(t *testing.T) {
				p := parseOK(t, tc.src, m)
				for name, file := range tc.defined {
					f := p.Func(name)
					if file == "" {
						if f != nil && f.Body != nil {
							t.Errorf("%s defined, want undefined", name)
						}
						continue
					}
					if f == nil || f.Body == nil || len(f.Body.List) == 0 {
						t.Fatalf("%s not defined", name)
					}
					if got := f.Body.List[0].Origin().Pos.File; got != file {
						t.Errorf("%s from %s, want %s", name, got, file)
					}
				}
			})
		}
	}
}

// TestLinkEveryModel links every function every model file provides, in
// both data models: each model file compiles against the host's headers,
// and defines what it says it provides.
func TestLinkEveryModel(t *testing.T) {
	var b strings.Builder
	b.WriteString("#define _GNU_SOURCE\n")
	for _, h := range []string{"stdlib.h", "string.h", "strings.h", "unistd.h", "getopt.h", "signal.h", "time.h", "sys/time.h",
		"semaphore.h", "stdio.h", "errno.h", "fcntl.h", "setjmp.h", "netdb.h", "limits.h"} {
		b.WriteString("#include <" + h + ">\n")
	}
	var names []string
	for _, f := range libc.Files() {
		if len(f.Provides) == 0 {
			t.Errorf("%s provides nothing", f.Name)
		}
		for _, n := range f.Provides {
			if !strings.HasPrefix(n, "__ladr_") {
				names = append(names, n)
			}
		}
	}
	b.WriteString("void *fs[] = {")
	for _, n := range names {
		b.WriteString("(void *)" + n + ", ")
	}
	b.WriteString("0};\nint main(void) { return fs[0] != 0; }\n")
	for _, m := range []Model{LP64, ILP32} {
		t.Run(m.String(), func(t *testing.T) {
			p := parseOK(t, b.String(), m)
			for _, n := range names {
				f := p.Func(n)
				switch n {
				case "sem_open":
					f = p.Func(libc.VariadicPrefix + n)
				case "syscall":
					// __ladr_va_syscall_N for the constant N of SYS_gettid.
					for _, g := range p.Funcs {
						if strings.HasPrefix(g.Name, libc.VariadicPrefix+n+"_") {
							f = g
						}
					}
				}
				if f == nil || f.Body == nil || !libc.IsModelFile(f.Pos.File) {
					t.Errorf("%s: not defined by the model", n)
				}
			}
		})
	}
}

// TestMainArgs: main(argc, argv) starts with argc and argv from the model
// of its arguments: fixed ones (Options.Args) or nondeterministic ones
// within libc.MaxArgs and libc.MaxArgLen; a main without parameters is
// left alone.
func TestMainArgs(t *testing.T) {
	src := "int main(int argc, char **argv) { return argv[argc - 1][0]; }"
	for _, tc := range []struct {
		name string
		args []string
		want []string // in the source of the model of the arguments
	}{
		{"fixed", []string{"-r", "a\"b"}, []string{`__ladr_arg0[] = "test";`, `__ladr_arg1[] = "-r";`, `__ladr_arg2[] = "a\"b";`, "return 3;"}},
		{"none", []string{}, []string{`__ladr_arg0[] = "test";`, "return 1;"}},
		{"nondeterministic", nil, []string{"argc >= 1 && argc <= 4", "__ladr_argbuf[3][3] = __VERIFIER_nondet_char();"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := libc.ArgsSource("test", tc.args).Text
			for _, w := range tc.want {
				if !strings.Contains(s, w) {
					t.Errorf("model of the arguments lacks %q:\n%s", w, s)
				}
			}
			p, err := fe.Parse("test.c", []byte(src), Options{Model: LP64, Args: tc.args})
			if err != nil {
				t.Fatal(err)
			}
			m := p.Func("main")
			first, ok := m.Body.List[0].(*ir.ExprStmt)
			if !ok {
				t.Fatalf("main starts with %T", m.Body.List[0])
			}
			a, ok := first.X.(*ir.Assign)
			if !ok || ir.CalledFunc(a.R.(*ir.Call)).Name != libc.ArgsFunc {
				t.Fatalf("main starts with %s", ir.ExprString(first.X))
			}
		})
	}
	p := parseOK(t, "int main(void) { return 0; }", LP64)
	if p.Func(libc.ArgsFunc) != nil {
		t.Errorf("main without parameters got %s", libc.ArgsFunc)
	}
}

// TestLinkPreprocessed: a preprocessed input whose own declarations
// conflict with the model's headers is left as it was (its undefined
// functions unlinked), not rejected.
func TestLinkPreprocessed(t *testing.T) {
	src := "struct timespec { int x; };\nint atoi(const char *);\nint main(void) { return atoi(\"1\"); }\n"
	p, err := fe.Parse("test.i", []byte(src), Options{Model: ILP32})
	if err != nil {
		t.Fatal(err)
	}
	if f := p.Func("atoi"); f == nil || f.Body != nil {
		t.Errorf("atoi: %+v, want declared only", f)
	}
	src = "int atoi(const char *);\nint main(void) { return atoi(\"1\"); }\n"
	p, err = fe.Parse("test.i", []byte(src), Options{Model: ILP32})
	if err != nil {
		t.Fatal(err)
	}
	if f := p.Func("atoi"); f == nil || f.Body == nil {
		t.Errorf("atoi: not linked in a preprocessed input without conflicts")
	}
}

// TestLinkConflict: a program whose own declarations conflict with the
// model's (its optind is a function) is left as it was.
func TestLinkConflict(t *testing.T) {
	p := parseOK(t, "int optind(void) { return 1; }\nint getopt(int, char *const *, const char *);\nint main(int c, char **v) { return getopt(c, v, \"a\") + optind(); }", LP64)
	if f := p.Func("getopt"); f == nil || f.Body != nil {
		t.Errorf("getopt: %+v, want declared only", f)
	}
}

// TestVariadicModelByConstant: syscall(SYS_gettid) calls the model of that
// number (__ladr_va_syscall_N, the arguments after the number passed); a
// syscall whose number is not a constant stays a call of syscall.
func TestVariadicModelByConstant(t *testing.T) {
	src := `#define _GNU_SOURCE
#include <sys/syscall.h>
#include <unistd.h>
long a, b;
int main(int argc, char **argv) {
  a = syscall(SYS_gettid);
  b = syscall(argc);
  return 0;
}
`
	for _, m := range []Model{LP64, ILP32} {
		t.Run(m.String(), func(t *testing.T) {
			p := parseOK(t, src, m)
			var called []string
			ir.Inspect(ir.Stmt(p.Func("main").Body), func(n any) bool {
				if c, ok := n.(*ir.Call); ok {
					if f := ir.CalledFunc(c); f != nil {
						called = append(called, fmt.Sprintf("%s/%d", f.Name, len(c.Args)))
					}
				}
				return true
			})
			got := strings.Join(called, " ")
			if !strings.Contains(got, libc.VariadicPrefix+"syscall_") || !strings.Contains(got, "syscall/1") {
				t.Errorf("calls %q: want %ssyscall_N for SYS_gettid and syscall for a variable number", got, libc.VariadicPrefix)
			}
			for _, c := range called {
				if strings.HasPrefix(c, libc.VariadicPrefix+"syscall_") && !strings.HasSuffix(c, "/0") {
					t.Errorf("%s: the number is passed on", c)
				}
			}
		})
	}
}
