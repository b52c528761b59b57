// Command fakeladr stands in for ladr in the harness's tests. It accepts
// "check --task FILE.yml --property P --format json --timeout S [flags]" and
// behaves according to the task's base name (see behaviours): it prints a
// plausible JSON report, or panics, prints non-JSON, kills itself with a
// signal, or hangs. Tasks it does not know get "no-violation-found".
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"time"
)

// behaviours maps a task's .yml base name to what the fake does.
var behaviours = map[string]string{
	"bigshot_p.yml":        "violation-confirmed",
	"bigshot_s.yml":        "violation-unconfirmed", // a false alarm: the task is race-free
	"bigshot_s2.yml":       "true",
	"fib_safe-10-racy.yml": "panic",
	"fib_safe-10.yml":      "no-violation-found",
	"fib_safe-11.yml":      "unknown-a",
	"fib_safe-12.yml":      "unknown-b",
	"fib_safe-12-racy.yml": "no-violation-found",
	"fib_safe-5-racy.yml":  "true", // wrong: the task has a race
	"fib_safe-5.yml":       "hang",
	"fib_safe-6-racy.yml":  "garbage",
	"fib_safe-6.yml":       "killed",
	"fib_safe-7-racy.yml":  "violation-exit0",
	"fib_safe-7.yml":       "unknown-timeout",
}

func main() {
	if len(os.Args) < 2 || os.Args[1] != "check" {
		fmt.Fprintln(os.Stderr, "fakeladr: usage: fakeladr check --task FILE.yml ...")
		os.Exit(2)
	}
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	taskFile := fs.String("task", "", "")
	property := fs.String("property", "", "")
	format := fs.String("format", "", "")
	timeout := fs.Int("timeout", 0, "")
	memory := fs.Int("memory-limit", 0, "")
	rounds := fs.Int("rounds", 2, "")
	unwind := fs.Int("unwind", 2, "")
	if err := fs.Parse(os.Args[2:]); err != nil || *taskFile == "" || *format != "json" || *timeout <= 0 {
		fmt.Fprintln(os.Stderr, "fakeladr: bad usage")
		os.Exit(2)
	}
	rep := map[string]any{
		"property": *property,
		"bounds":   map[string]any{"rounds": *rounds, "unwind": *unwind},
		"time_s":   0.5, "translate_s": 0.125, "backend_s": 0.25,
		"visible_statements": 17,
	}
	if *memory > 0 {
		rep["peak_memory_kb"] = *memory * 512
	}
	behave(filepath.Base(*taskFile), rep)
}

// behave acts out the behaviour for task name.
func behave(name string, rep map[string]any) {
	exit := 0
	switch behaviours[name] {
	case "violation-confirmed", "violation-exit0":
		rep["result"], rep["confirmed"] = "violation", true
		rep["file"], rep["line"], rep["thread"], rep["function"] = "fib.c", 42, 1, "thr1"
		exit = 1
		if behaviours[name] == "violation-exit0" {
			exit = 0
		}
	case "violation-unconfirmed":
		rep["result"], rep["confirmed"] = "violation", false
		rep["file"], rep["line"], rep["thread"], rep["function"] = "bigshot_s.i", 7, 2, "thr2"
		exit = 1
	case "true":
		rep["result"] = "true"
	case "unknown-a":
		rep["result"], rep["reason"] = "unknown", "unsupported: pthread_cond_wait at /tmp/a/fib_safe-11.i:12:3"
		exit = 3
	case "unknown-b":
		rep["result"], rep["reason"] = "unknown", "unsupported: pthread_cond_wait at /tmp/b/fib_safe-12.i:40:1"
		exit = 3
	case "unknown-timeout":
		rep["result"], rep["reason"] = "unknown", "CBMC timed out after 1 s"
		exit = 3
	case "panic":
		var m map[string]int
		m["boom"]++ // panics: assignment to entry in nil map
	case "garbage":
		fmt.Println("translating... done")
		os.Exit(0)
	case "killed": // as the out-of-memory killer would
		fmt.Fprintln(os.Stderr, "about to crash")
		_ = syscall.Kill(os.Getpid(), syscall.SIGKILL)
		time.Sleep(10 * time.Second)
	case "hang":
		time.Sleep(time.Hour)
	default:
		rep["result"] = "no-violation-found"
	}
	out, _ := json.Marshal(rep)
	fmt.Println(string(out))
	os.Exit(exit)
}
