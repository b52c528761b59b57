package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// smallSizes are sizes that make every generator cheap.
func smallSizes() sizes {
	s := defaultSizes()
	s.MacroDepth, s.IfDepth, s.ParenDepth, s.BlockDepth = 3, 4, 5, 6
	s.Terms, s.InitElems, s.ArrayLog2, s.LineMB, s.BinaryKB = 7, 8, 4, 1, 1
	s.Threads, s.Stmts, s.Funcs, s.LoopDepth = 3, 4, 5, 3
	return s
}

func TestGenerators(t *testing.T) {
	s := smallSizes()
	s.SlowTask = filepath.Join(t.TempDir(), "slow.yml")
	if err := os.WriteFile(s.SlowTask, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{ // a piece of each input
		"macro-doubling":    "#define A2(x) A1(x x)\n",
		"nested-if":         "if (x) if (x) if (x) if (x) x = 1;",
		"nested-if-braced":  "if (x) { x = 1; }",
		"nested-parens":     "x = (((((x)))));",
		"nested-blocks":     "{{{{{{x = 1;}}}}}}",
		"self-include":      "#include __FILE__",
		"self-include-name": `#include "self.c"`,
		"include-cycle":     `#include "a.h"`,
		"huge-expression":   "x = x + x + x + x + x + x + x;",
		"huge-global-array": "int a[1<<4];",
		"huge-local-array":  "int a[1<<4];",
		"huge-initializer":  "{0,1,2,3,4,5,6,7}",
		"long-identifier":   "int va",
		"long-string":       `"aaaa`,
		"nul-bytes":         "\x00\x00",
		"no-main":           "void f(void)",
		"many-threads":      "pthread_create(&h[2], 0, idle, 0);",
		"deep-recursion":    "f(n - 1)",
		"many-statements":   "x = x + 1;\n  x = x + 1;",
		"call-chain":        "void f3(void) { f4(); }",
		"loop-nest":         "for (int i2 = 0; i2 < 2; i2++)",
		"backend-true":      "counter++",
	}
	for _, c := range cases(s, time.Second) {
		t.Run(c.Name, func(t *testing.T) {
			dir := t.TempDir()
			input, err := c.Write(dir)
			if err != nil {
				t.Fatal(err)
			}
			if len(input) == 0 || c.What == "" || c.Expect == "" {
				t.Fatalf("input %q, what %q, expect %q", input, c.What, c.Expect)
			}
			if w, ok := want[c.Name]; ok {
				b, err := os.ReadFile(input[0])
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Contains(b, []byte(w)) {
					t.Errorf("input lacks %q:\n%.300s", w, b)
				}
			}
			if c.Args != nil && len(c.Args(dir)) != 2 {
				t.Errorf("case args %q", c.Args(dir))
			}
		})
	}
}

func TestParseStat(t *testing.T) {
	tests := []struct {
		stat       string
		ppid       int
		rssKB      int64
		ok         bool
		pageKBSize int64
	}{
		{"42 (cbmc) S 7 42 42 0 -1 4194304 1 0 0 0 0 0 0 0 20 0 1 0 100 1000 250 18446744073709551615", 7, 1000, true, 4},
		{"42 (a) b) (c) R 9 42 42 0 -1 0 0 0 0 0 0 0 0 0 20 0 1 0 100 1000 3 0", 9, 12, true, 4},
		{"42 (x) S 1 2", 0, 0, false, 4},
		{"garbage", 0, 0, false, 4},
		{"43 (cbmc) Z 7 42 42 0 -1 0 0 0 0 0 0 0 0 0 20 0 1 0 100 0 0 0", 0, 0, false, 4},
	}
	for _, tt := range tests {
		got, ok := parseStat([]byte(tt.stat), tt.pageKBSize)
		if ok != tt.ok || (ok && (got.ppid != tt.ppid || got.rssKB != tt.rssKB)) {
			t.Errorf("parseStat(%q) = %+v, %v; want ppid %d rss %d, %v", tt.stat, got, ok, tt.ppid, tt.rssKB, tt.ok)
		}
	}
}

func TestDescendantsIn(t *testing.T) {
	ps := map[int]procInfo{1: {ppid: 0}, 10: {ppid: 1}, 11: {ppid: 10}, 12: {ppid: 11}, 13: {ppid: 10}, 20: {ppid: 1}}
	tests := []struct {
		root int
		want string
	}{{10, "[11 12 13]"}, {11, "[12]"}, {12, "[]"}, {1, "[10 11 12 13 20]"}}
	for _, tt := range tests {
		if got := fmt.Sprint(descendantsIn(ps, tt.root)); got != tt.want {
			t.Errorf("descendantsIn(%d) = %s, want %s", tt.root, got, tt.want)
		}
	}
}

func TestFirstLine(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"\n\n  UNKNOWN: timeout\t after 2s\nmore\n", "UNKNOWN: timeout  after 2s"},
		{strings.Repeat("x", 300), strings.Repeat("x", 200) + "..."},
		{"bad \xff byte", "bad ? byte"},
	}
	for _, tt := range tests {
		if got := firstLine([]byte(tt.in)); got != tt.want {
			t.Errorf("firstLine(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestParseFlags(t *testing.T) {
	tests := []struct {
		args    []string
		timeout time.Duration
		extra   []string
		err     bool
	}{
		{[]string{"--ladr", "x"}, 20 * time.Second, nil, false},
		{[]string{"--ladr", "x", "--timeout", "7", "--", "--jobs", "1"}, 7 * time.Second, []string{"--jobs", "1"}, false},
		{[]string{"--ladr", "x", "--timeout", "1m"}, time.Minute, nil, false},
		{[]string{"--timeout", "1m"}, 0, nil, true},
		{[]string{"--ladr", "x", "stray"}, 0, nil, true},
		{[]string{"--ladr", "x", "--timeout", "soon"}, 0, nil, true},
	}
	for _, tt := range tests {
		o, err := parseFlags(tt.args, io.Discard)
		if (err != nil) != tt.err {
			t.Errorf("parseFlags(%q): error %v, want error %v", tt.args, err, tt.err)
			continue
		}
		if err == nil && (o.guard.Timeout != tt.timeout || strings.Join(o.guard.Extra, " ") != strings.Join(tt.extra, " ")) {
			t.Errorf("parseFlags(%q): timeout %s extra %q", tt.args, o.guard.Timeout, o.guard.Extra)
		}
	}
}

func TestSelected(t *testing.T) {
	cs := cases(smallSizes(), time.Second)
	tests := []struct {
		filter string
		want   int
	}{{"", len(cs)}, {"nested", 4}, {"empty,no-main", 2}, {"nothing", 0}}
	for _, tt := range tests {
		if got := len(selected(cs, tt.filter)); got != tt.want {
			t.Errorf("selected(%q): %d cases, want %d", tt.filter, got, tt.want)
		}
	}
}

// TestRunGuard runs a stand-in for ladr (a shell script) through the
// guard: a process that outlives its parent is reported and killed, a run
// past the hard limit is killed, and files left in TMPDIR are listed.
func TestRunGuard(t *testing.T) {
	if _, err := os.Stat("/bin/sh"); err != nil {
		t.Skip("no /bin/sh")
	}
	if err := setSubreaper(); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, script  string
		killed        bool
		survivor, tmp bool
		exit          string
	}{
		{"clean", "echo UNKNOWN: fine; exit 3", false, false, false, "3"},
		{"orphan", "sleep 30 & echo started; exit 0", false, true, false, "0"},
		{"leftover", `mkdir "$TMPDIR/ladr-x"; exit 1`, false, false, true, "1"},
		{"hang", "sleep 30", true, false, false, "signal killed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			bin := filepath.Join(dir, "fake-ladr")
			if err := os.WriteFile(bin, []byte("#!/bin/sh\n"+tt.script+"\n"), 0o755); err != nil {
				t.Fatal(err)
			}
			tmp := filepath.Join(dir, "tmp")
			if err := os.Mkdir(tmp, 0o755); err != nil {
				t.Fatal(err)
			}
			g := guard{Ladr: bin, Timeout: 0, Grace: time.Second, Poll: 10 * time.Millisecond, OutputMax: 1 << 10}
			m := g.run(context.Background(), dir, tmp, nil, 0, 0)
			if m.Killed != tt.killed || (len(m.Survivors) > 0) != tt.survivor || (len(m.LeftTmp) > 0) != tt.tmp || m.Exit != tt.exit {
				t.Errorf("measurement %+v", m)
			}
		})
	}
}
