package main

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// sizes are the parameters of the generated inputs. The defaults reproduce
// issue 20.
type sizes struct {
	MacroDepth  int // macros A0..A(n-1), each doubling its argument: 2^n copies
	IfDepth     int // nested ifs
	ParenDepth  int // nested parentheses in one expression
	BlockDepth  int // nested blocks
	Terms       int // terms of one sum
	InitElems   int // elements of one initializer list
	ArrayLog2   int // the huge arrays have 1<<ArrayLog2 ints
	LineMB      int // length of the long identifier and string literal in MiB
	BinaryKB    int // size of the random file in KiB
	Threads     int // straight-line pthread_create calls
	Stmts       int // statements of one function
	Funcs       int // functions in one call chain
	LoopDepth   int // depth of one loop nest
	SlowTask    string
	SignalAfter time.Duration
}

// defaultSizes returns the sizes of issue 20.
func defaultSizes() sizes {
	return sizes{
		MacroDepth: 30, IfDepth: 100_000, ParenDepth: 200_000, BlockDepth: 100_000,
		Terms: 1_000_000, InitElems: 1_000_000, ArrayLog2: 30, LineMB: 10, BinaryKB: 1024,
		Threads: 2000, Stmts: 100_000, Funcs: 10_000, LoopDepth: 50,
		SlowTask:    "/work/shared/svcomp/c/pthread-ext/25_stack_longest-1-race.yml",
		SignalAfter: 3 * time.Second,
	}
}

// hostileCase is one input and how ladr is run on it.
type hostileCase struct {
	Name   string
	What   string // what the input is
	Expect string // the outcome issue 20 asks for, and why
	// Write creates the input files in dir and returns ladr's arguments
	// that name the input (the file, or --task FILE).
	Write func(dir string) ([]string, error)
	// Args are ladr flags of this case (before the input), e.g. --cbmc.
	Args func(dir string) []string
	// Signal, when nonzero, is sent to ladr's process (not its group)
	// After the start.
	Signal syscall.Signal
	After  time.Duration
}

// program is a small racy pthread program whose main runs body after
// starting the thread; decls come before the thread function.
func program(decls, body string) string {
	return "#include <pthread.h>\n" +
		"int x;\n" + decls +
		"void *t(void *a) { x = 1; return 0; }\n" +
		"int main(void) {\n  pthread_t id;\n  pthread_create(&id, 0, t, 0);\n" +
		body +
		"\n  pthread_join(id, 0);\n  return 0;\n}\n"
}

// racy is examples/racy.c: a race the backend cases run on.
const racy = `#include <pthread.h>
int counter;
pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
void *worker(void *arg) {
  for (int i = 0; i < 2; i++) {
    pthread_mutex_lock(&lock);
    counter++;
    pthread_mutex_unlock(&lock);
  }
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  counter++;
  pthread_join(t, 0);
  return 0;
}
`

// writeGen writes the file name in dir with gen, through a buffer, and
// returns the file as ladr's input argument.
func writeGen(dir, name string, gen func(w *bufio.Writer)) ([]string, error) {
	path := filepath.Join(dir, name)
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	w := bufio.NewWriterSize(f, 1<<20)
	gen(w)
	if err := w.Flush(); err != nil {
		f.Close()
		return nil, err
	}
	return []string{path}, f.Close()
}

// text returns a Write function for a file with fixed content.
func text(name, content string) func(string) ([]string, error) {
	return func(dir string) ([]string, error) {
		return writeGen(dir, name, func(w *bufio.Writer) { w.WriteString(content) })
	}
}

// repeat writes s n times.
func repeat(w io.StringWriter, s string, n int) {
	for range n {
		w.WriteString(s)
	}
}

// script returns a Write-side helper that creates an executable shell
// script in dir and returns its path.
func script(dir, name, body string) (string, error) {
	path := filepath.Join(dir, name)
	return path, os.WriteFile(path, []byte("#!/bin/sh\n"+body), 0o755)
}

// cases returns every hostile input at sizes s; timeout is ladr's --timeout
// (the sleeping backend outlives it).
func cases(s sizes, timeout time.Duration) []hostileCase {
	cs := []hostileCase{
		{
			Name: "macro-doubling",
			What: fmt.Sprintf("macros A0..A%d, each doubling its argument, used once: 2^%d tokens", s.MacroDepth-1, s.MacroDepth),
			Expect: "unknown (timeout while preprocessing) or error (expansion too large), within the budget: " +
				"the expansion has 2^n tokens",
			Write: func(dir string) ([]string, error) {
				return writeGen(dir, "macro.c", func(w *bufio.Writer) {
					w.WriteString("#define A0(x) x x\n")
					for i := 1; i < s.MacroDepth; i++ {
						fmt.Fprintf(w, "#define A%d(x) A%d(x x)\n", i, i-1)
					}
					w.WriteString(program("", fmt.Sprintf("  x = 0 A%d(+1);", s.MacroDepth-1)))
				})
			},
		},
		{
			Name:   "nested-if",
			What:   fmt.Sprintf("%d nested `if (x)` without braces around `x = 1;`", s.IfDepth),
			Expect: "error: nesting too deep (input error, exit 2): a recursive-descent parser and recursive passes overflow",
			Write: func(dir string) ([]string, error) {
				return writeGen(dir, "ifs.c", func(w *bufio.Writer) {
					var b strings.Builder
					repeat(&b, "if (x) ", s.IfDepth)
					b.WriteString("x = 1;")
					w.WriteString(program("", "  "+b.String()))
				})
			},
		},
		{
			Name:   "nested-if-braced",
			What:   fmt.Sprintf("%d nested `if (x) { ... }` around `x = 1;`", s.IfDepth),
			Expect: "error: nesting too deep (exit 2)",
			Write: func(dir string) ([]string, error) {
				return writeGen(dir, "ifsb.c", func(w *bufio.Writer) {
					var b strings.Builder
					repeat(&b, "if (x) { ", s.IfDepth)
					b.WriteString("x = 1;")
					repeat(&b, " }", s.IfDepth)
					w.WriteString(program("", "  "+b.String()))
				})
			},
		},
		{
			Name:   "nested-parens",
			What:   fmt.Sprintf("%d nested parentheses in `x = ((...(x)...));`", s.ParenDepth),
			Expect: "error: nesting too deep (exit 2)",
			Write: func(dir string) ([]string, error) {
				return writeGen(dir, "parens.c", func(w *bufio.Writer) {
					var b strings.Builder
					b.WriteString("  x = ")
					repeat(&b, "(", s.ParenDepth)
					b.WriteString("x")
					repeat(&b, ")", s.ParenDepth)
					b.WriteString(";")
					w.WriteString(program("", b.String()))
				})
			},
		},
		{
			Name:   "nested-blocks",
			What:   fmt.Sprintf("%d nested blocks `{ { ... x = 1; ... } }`", s.BlockDepth),
			Expect: "error: nesting too deep (exit 2)",
			Write: func(dir string) ([]string, error) {
				return writeGen(dir, "blocks.c", func(w *bufio.Writer) {
					var b strings.Builder
					repeat(&b, "{", s.BlockDepth)
					b.WriteString("x = 1;")
					repeat(&b, "}", s.BlockDepth)
					w.WriteString(program("", "  "+b.String()))
				})
			},
		},
		{
			Name: "self-include",
			What: "a file that ends with `#include __FILE__` (the program is guarded, the include is not): infinite inclusion",
			Expect: "error: includes nested too deeply (exit 2), or unknown: timeout while preprocessing; " +
				"the inclusion never stops by itself",
			Write: text("self.c", "#ifndef ONCE\n#define ONCE\n"+program("", "  x = 2;")+
				"#endif\nextern int x;\n#include __FILE__\n"),
		},
		{
			Name: "self-include-name",
			What: "a file that ends with `#include \"self.c\"` (the program is guarded, the include is not): infinite inclusion",
			Expect: "error: includes nested too deeply (exit 2), or unknown: timeout while preprocessing; " +
				"the inclusion never stops by itself",
			Write: text("self.c", "#ifndef ONCE\n#define ONCE\n"+program("", "  x = 2;")+
				"#endif\nextern int x;\n#include \"self.c\"\n"),
		},
		{
			Name:   "include-cycle",
			What:   "main.c includes a.h, which includes b.h, which includes a.h (no guards)",
			Expect: "error: includes nested too deeply (exit 2)",
			Write: func(dir string) ([]string, error) {
				for name, content := range map[string]string{
					"a.h": "extern int x;\n#include \"b.h\"\n",
					"b.h": "extern int x;\n#include \"a.h\"\n",
				} {
					if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
						return nil, err
					}
				}
				return text("main.c", "#include \"a.h\"\n"+program("", "  x = 2;"))(dir)
			},
		},
		{
			Name:   "huge-expression",
			What:   fmt.Sprintf("`x = x + x + ... ;` with %d terms", s.Terms),
			Expect: "a result or unknown (timeout) within --timeout + 5 s; the left-leaning sum is as deep as it is long",
			Write: func(dir string) ([]string, error) {
				return writeGen(dir, "expr.c", func(w *bufio.Writer) {
					w.WriteString(program("", ""))
					w.WriteString("void f(void) {\n  x = x")
					repeat(w, " + x", s.Terms-1)
					w.WriteString(";\n}\n")
				})
			},
		},
		{
			Name:   "huge-global-array",
			What:   fmt.Sprintf("global `int a[1<<%d];` written by both threads", s.ArrayLog2),
			Expect: "a violation (a race on a[1]) or unknown, without allocating the array",
			Write: text("garray.c", "#include <pthread.h>\n"+fmt.Sprintf("int a[1<<%d];\n", s.ArrayLog2)+
				"void *t(void *p) { a[1] = 1; return 0; }\n"+
				"int main(void) {\n  pthread_t id;\n  pthread_create(&id, 0, t, 0);\n  a[1] = 2;\n  pthread_join(id, 0);\n  return 0;\n}\n"),
		},
		{
			Name:   "huge-local-array",
			What:   fmt.Sprintf("local `int a[1<<%d];` in main, plus the global race", s.ArrayLog2),
			Expect: "a violation (race on x) or unknown, without allocating the array",
			Write:  text("larray.c", program("", fmt.Sprintf("  int a[1<<%d];\n  a[5] = x;\n  x = a[5] + 1;", s.ArrayLog2))),
		},
		{
			Name:   "huge-initializer",
			What:   fmt.Sprintf("global `int a[] = {0, 1, ...};` with %d elements", s.InitElems),
			Expect: "a result or unknown (timeout/memory) within the limits",
			Write: func(dir string) ([]string, error) {
				return writeGen(dir, "init.c", func(w *bufio.Writer) {
					w.WriteString("int a[] = {")
					for i := range s.InitElems {
						if i > 0 {
							w.WriteString(",")
						}
						fmt.Fprintf(w, "%d", i%100)
					}
					w.WriteString("};\n")
					w.WriteString(program("", "  x = a[3];"))
				})
			},
		},
		{
			Name:   "long-identifier",
			What:   fmt.Sprintf("an identifier of %d MiB, declared and written by both threads", s.LineMB),
			Expect: "a violation (race on it) or error (identifier too long); memory a small multiple of the file",
			Write: func(dir string) ([]string, error) {
				id := "v" + strings.Repeat("a", s.LineMB<<20)
				return writeGen(dir, "ident.c", func(w *bufio.Writer) {
					w.WriteString("#include <pthread.h>\nint " + id + ";\n")
					w.WriteString("void *t(void *p) { " + id + " = 1; return 0; }\n")
					w.WriteString("int main(void) {\n  pthread_t h;\n  pthread_create(&h, 0, t, 0);\n  " + id + " = 2;\n  pthread_join(h, 0);\n  return 0;\n}\n")
				})
			},
		},
		{
			Name:   "long-string",
			What:   fmt.Sprintf("a string literal of %d MiB on one line", s.LineMB),
			Expect: "a violation (race on x) or unknown; memory a small multiple of the file",
			Write: func(dir string) ([]string, error) {
				return writeGen(dir, "string.c", func(w *bufio.Writer) {
					w.WriteString("const char *s = \"")
					repeat(w, "a", s.LineMB<<20)
					w.WriteString("\";\n")
					w.WriteString(program("", "  x = s[1];"))
				})
			},
		},
		{
			Name:   "random-bytes",
			What:   fmt.Sprintf("%d KiB of random bytes (seed 20)", s.BinaryKB),
			Expect: "error: does not parse (exit 2), at once",
			Write: func(dir string) ([]string, error) {
				r := rand.New(rand.NewPCG(20, 20))
				return writeGen(dir, "random.c", func(w *bufio.Writer) {
					for range s.BinaryKB << 7 {
						var b [8]byte
						v := r.Uint64()
						for i := range b {
							b[i] = byte(v >> (8 * i))
						}
						w.Write(b[:])
					}
				})
			},
		},
		{
			Name:   "nul-bytes",
			What:   "the race program with NUL bytes in a comment and 4096 after it",
			Expect: "error: NUL in the input (exit 2), or the race (exit 1)",
			Write:  text("nul.c", "/* \x00\x00 */\n"+program("", "  x = 2;")+strings.Repeat("\x00", 4096)),
		},
		{
			Name:   "empty",
			What:   "an empty file",
			Expect: "error (exit 2) or unknown: no main function, at once",
			Write:  text("empty.c", ""),
		},
		{
			Name:   "no-main",
			What:   "a program without main",
			Expect: "error (exit 2) or unknown: no main function, at once",
			Write:  text("nomain.c", "int x;\nvoid f(void) { x = 1; }\n"),
		},
		{
			Name:   "many-threads",
			What:   fmt.Sprintf("%d straight-line pthread_create of an idle thread, then a race", s.Threads),
			Expect: "a violation, or unknown (timeout/too many threads) within the limits",
			Write: func(dir string) ([]string, error) {
				return writeGen(dir, "threads.c", func(w *bufio.Writer) {
					w.WriteString("#include <pthread.h>\nint x;\n")
					w.WriteString("void *idle(void *a) { return 0; }\nvoid *t(void *a) { x = 1; return 0; }\n")
					fmt.Fprintf(w, "pthread_t h[%d];\nint main(void) {\n  pthread_t id;\n", s.Threads)
					for i := range s.Threads {
						fmt.Fprintf(w, "  pthread_create(&h[%d], 0, idle, 0);\n", i)
					}
					w.WriteString("  pthread_create(&id, 0, t, 0);\n  x = 2;\n  return 0;\n}\n")
				})
			},
		},
		{
			Name:   "deep-recursion",
			What:   "`int f(int n){return n?f(n-1):0;}` called with a nondet n, plus the race",
			Expect: "a violation (race on x); the recursion is unwound to the bound",
			Write: text("rec.c", program("int __VERIFIER_nondet_int(void);\nint f(int n) { return n ? f(n - 1) : 0; }\n",
				"  x = f(__VERIFIER_nondet_int());")),
		},
		{
			Name:   "many-statements",
			What:   fmt.Sprintf("a function of %d statements `x = x + 1;`", s.Stmts),
			Expect: "a violation or unknown (timeout) within the limits",
			Write: func(dir string) ([]string, error) {
				return writeGen(dir, "stmts.c", func(w *bufio.Writer) {
					w.WriteString("#include <pthread.h>\nint x;\nvoid *t(void *a) {\n")
					repeat(w, "  x = x + 1;\n", s.Stmts)
					w.WriteString("  return 0;\n}\n")
					w.WriteString("int main(void) {\n  pthread_t id;\n  pthread_create(&id, 0, t, 0);\n  x = 2;\n  return 0;\n}\n")
				})
			},
		},
		{
			Name:   "call-chain",
			What:   fmt.Sprintf("%d functions, each calling the next; the last writes x", s.Funcs),
			Expect: "a violation or unknown (timeout) within the limits; inlining is as deep as the chain",
			Write: func(dir string) ([]string, error) {
				return writeGen(dir, "chain.c", func(w *bufio.Writer) {
					w.WriteString("#include <pthread.h>\nint x;\n")
					fmt.Fprintf(w, "void f%d(void) { x = 1; }\n", s.Funcs-1)
					for i := s.Funcs - 2; i >= 0; i-- {
						fmt.Fprintf(w, "void f%d(void) { f%d(); }\n", i, i+1)
					}
					w.WriteString("void *t(void *a) { f0(); return 0; }\n")
					w.WriteString("int main(void) {\n  pthread_t id;\n  pthread_create(&id, 0, t, 0);\n  x = 2;\n  return 0;\n}\n")
				})
			},
		},
		{
			Name:   "loop-nest",
			What:   fmt.Sprintf("%d nested `for (i < 2)` loops around `x++` in the thread", s.LoopDepth),
			Expect: "a violation (race on x) or unknown (timeout); unwinding multiplies the nest",
			Write: func(dir string) ([]string, error) {
				return writeGen(dir, "loops.c", func(w *bufio.Writer) {
					w.WriteString("#include <pthread.h>\nint x;\nvoid *t(void *a) {\n")
					for i := range s.LoopDepth {
						fmt.Fprintf(w, "  for (int i%d = 0; i%d < 2; i%d++)\n", i, i, i)
					}
					w.WriteString("    x++;\n  return 0;\n}\n")
					w.WriteString("int main(void) {\n  pthread_t id;\n  pthread_create(&id, 0, t, 0);\n  x = 2;\n  return 0;\n}\n")
				})
			},
		},
	}
	backends := []struct{ name, what, expect, body string }{
		{"backend-true", "--cbmc /bin/true on the race: exits 0, prints nothing", "unknown: no verdict (exit 3)", ""},
		{"backend-false", "--cbmc /bin/false on the race: exits 1, prints nothing", "unknown: backend failed (exit 3)", ""},
		{"backend-sleep", fmt.Sprintf("--cbmc a script that sleeps %s (longer than --timeout), then exits 0", timeout+10*time.Second),
			"unknown: timeout (exit 3) at --timeout, the sleeping backend killed",
			fmt.Sprintf("sleep %d\nexit 0\n", int((timeout + 10*time.Second).Seconds()))},
		{"backend-garbage", "--cbmc a script that prints 64 KiB of garbage and exits 10", "unknown: no verdict (exit 3)",
			"i=0\nwhile [ $i -lt 1024 ]; do echo '{[<garbage>]} VERIFICATION SUCCESSFUL? \"cProverStatus\": ['; i=$((i+1)); done\nexit 10\n"},
	}
	for _, b := range backends {
		cs = append(cs, hostileCase{
			Name: b.name, What: b.what, Expect: b.expect,
			Write: text("racy.c", racy),
			Args: func(dir string) []string {
				switch b.name {
				case "backend-true":
					return []string{"--cbmc", "/bin/true"}
				case "backend-false":
					return []string{"--cbmc", "/bin/false"}
				}
				path, err := script(dir, "cbmc.sh", b.body)
				if err != nil {
					return []string{"--cbmc", "/nonexistent/" + err.Error()}
				}
				return []string{"--cbmc", path}
			},
		})
	}
	for _, sig := range []struct {
		name string
		sig  syscall.Signal
	}{{"sigterm", syscall.SIGTERM}, {"sigint", syscall.SIGINT}} {
		cs = append(cs, hostileCase{
			Name: sig.name + "-slow",
			What: fmt.Sprintf("%s sent to ladr's process (not its group) %s after the start, on %s with --property race (times out at 60 s)",
				strings.ToUpper(sig.name), s.SignalAfter, filepath.Base(s.SlowTask)),
			Expect: "unknown: interrupted (or exit 130/143) at once, CBMC killed, no temporary directory left",
			Write: func(string) ([]string, error) {
				if _, err := os.Stat(s.SlowTask); err != nil {
					return nil, err
				}
				return []string{"--property", "race", "--task", s.SlowTask}, nil
			},
			Signal: sig.sig, After: s.SignalAfter,
		})
	}
	return cs
}
