package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// svcompDir returns the shared SV-COMP copy (../shared/svcomp from the
// repository root), skipping the test if it is absent.
func svcompDir(t *testing.T) string {
	t.Helper()
	root, err := findRoot("")
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(root, "..", "shared", "svcomp")
	if _, err := os.Stat(filepath.Join(dir, "INDEX.tsv")); err != nil {
		t.Skipf("no SV-COMP tasks: %v", err)
	}
	return dir
}

// buildFake builds testdata/fakeladr and returns the binary's path.
func buildFake(t *testing.T) string {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go command not found")
	}
	bin := filepath.Join(t.TempDir(), "ladr")
	out, err := exec.Command(goTool, "build", "-o", bin, "./testdata/fakeladr").CombinedOutput()
	if err != nil {
		t.Fatalf("build fake ladr: %v\n%s", err, out)
	}
	return bin
}

// TestDiscoverCounts checks the task sets of both properties against the
// known counts and INDEX.tsv.
func TestDiscoverCounts(t *testing.T) {
	dir := svcompDir(t)
	for _, tc := range []struct {
		property           string
		total, buggy, safe int
	}{
		{"race", 812, 186, 626},
		{"unreach-call", 566, 270, 296},
	} {
		tasks, warnings, err := discoverTasks(dir, tc.property)
		if err != nil {
			t.Fatal(err)
		}
		if len(warnings) > 0 {
			t.Errorf("%s: warnings: %q", tc.property, warnings)
		}
		buggy := len(filterExpected(tasks, false))
		if len(tasks) != tc.total || buggy != tc.buggy || len(tasks)-buggy != tc.safe {
			t.Errorf("%s: %d tasks, %d false, %d true; want %d, %d, %d",
				tc.property, len(tasks), buggy, len(tasks)-buggy, tc.total, tc.buggy, tc.safe)
		}
	}
	race, _, _ := discoverTasks(dir, "race")
	if w := checkIndex(dir, race); len(w) > 0 {
		t.Errorf("race tasks disagree with INDEX.tsv: %q", w)
	}
}

// TestSample checks that a sample is seeded, sized and stratified.
func TestSample(t *testing.T) {
	var tasks []task
	for i := range 100 {
		tasks = append(tasks, task{Name: string(rune('a'+i%26)) + strings.Repeat("x", i), Expected: i%4 != 0})
	}
	a, b := sampleTasks(tasks, 20, 7), sampleTasks(tasks, 20, 7)
	if len(a) != 20 || len(filterExpected(a, false)) != 5 {
		t.Fatalf("sample: %d tasks, %d false; want 20, 5", len(a), len(filterExpected(a, false)))
	}
	for i := range a {
		if a[i].Name != b[i].Name {
			t.Fatalf("same seed, different samples")
		}
	}
	if c := sampleTasks(tasks, 2, 1); len(filterExpected(c, false)) != 1 {
		t.Errorf("sample of 2 should hold both verdicts: %v", c)
	}
}

// TestShuffle checks that --shuffle keeps every task once, reorders them,
// and is reproducible from the seed.
func TestShuffle(t *testing.T) {
	var tasks []task
	for i := range 50 {
		tasks = append(tasks, task{Name: fmt.Sprintf("t%02d", i)})
	}
	a, b := shuffleTasks(tasks, 3), shuffleTasks(tasks, 3)
	seen := map[string]bool{}
	moved := false
	for i := range a {
		if a[i].Name != b[i].Name {
			t.Fatalf("same seed, different orders")
		}
		seen[a[i].Name] = true
		moved = moved || a[i].Name != tasks[i].Name
	}
	if len(seen) != len(tasks) || !moved {
		t.Fatalf("shuffle lost tasks or kept the order: %v", a)
	}
	if tasks[0].Name != "t00" {
		t.Fatalf("shuffle changed its argument")
	}
}

// TestHarnessWithFake runs the harness on 14 real tasks with the fake ladr
// and checks the TSV and the summary.
func TestHarnessWithFake(t *testing.T) {
	dir := svcompDir(t)
	fake := buildFake(t)
	defer func(d time.Duration) { hardKillGrace = d }(hardKillGrace)
	hardKillGrace = time.Second
	out := filepath.Join(t.TempDir(), "res", "race.tsv")
	args := []string{"--svcomp", dir, "--property", "race", "--timeout", "1", "--jobs", "4",
		"--memory-mb", "512", "--filter", "c/pthread/bigshot_", "--filter", "c/pthread/fib_safe-,nomatch",
		"--out", out, "--ladr", fake, "--", "--rounds", "3", "--unwind", "4"}
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), args, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d, stderr:\n%s", code, stderr.String())
	}
	rows := readTSV(t, out)
	checkRows(t, rows)
	summary, err := os.ReadFile(filepath.Join(filepath.Dir(out), "race.summary.md"))
	if err != nil {
		t.Fatal(err)
	}
	if string(summary) != stdout.String() {
		t.Errorf("summary file differs from stdout")
	}
	checkSummary(t, string(summary))
	if _, err := os.Stat(filepath.Join(filepath.Dir(out), "race.logs", "c", "pthread", "bigshot_p.stdout.json")); err != nil {
		t.Errorf("log of bigshot_p: %v", err)
	}
}

// readTSV returns the rows of a results file keyed by task, checking the
// header and the order.
func readTSV(t *testing.T, file string) map[string]map[string]string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	header := strings.Split(lines[0], "\t")
	if strings.Join(header, "\t") != strings.Join(tsvHeader, "\t") {
		t.Fatalf("header %q", lines[0])
	}
	rows := map[string]map[string]string{}
	prev := ""
	for _, l := range lines[1:] {
		cols := strings.Split(l, "\t")
		if len(cols) != len(header) {
			t.Fatalf("row has %d columns: %q", len(cols), l)
		}
		row := map[string]string{}
		for i, h := range header {
			row[h] = cols[i]
		}
		if row["task"] <= prev {
			t.Errorf("rows not sorted: %s after %s", row["task"], prev)
		}
		prev = row["task"]
		rows[row["task"]] = row
	}
	return rows
}

// checkRows checks the per-task results the fake's behaviours imply.
func checkRows(t *testing.T, rows map[string]map[string]string) {
	t.Helper()
	if len(rows) != 14 {
		t.Errorf("%d rows, want 14", len(rows))
	}
	want := map[string][3]string{ // class, confirmed, reason prefix
		"bigshot_p":        {classCorrectViolation, "true", "-"},
		"bigshot_s":        {classFalseAlarm, "false", "-"},
		"bigshot_s2":       {classCorrectTrue, "-", "-"},
		"fib_safe-10-racy": {classUnknown, "-", "crash: panic: assignment to entry in nil map"},
		"fib_safe-10":      {classNoneOnSafe, "-", "-"},
		"fib_safe-11":      {classUnknown, "-", "unsupported: pthread_cond_wait at /tmp/a/"},
		"fib_safe-12-racy": {classMissedBug, "-", "-"},
		"fib_safe-5-racy":  {classWrongTrue, "-", "-"},
		"fib_safe-5":       {classUnknown, "-", "harness timeout"},
		"fib_safe-6-racy":  {classUnknown, "-", "crash: stdout is not a JSON object"},
		"fib_safe-6":       {classUnknown, "-", "crash: killed by SIGKILL: about to crash"},
		"fib_safe-7-racy":  {classCorrectViolation, "true", "-"},
	}
	for name, w := range want {
		row := rows["c/pthread/"+name+".yml"]
		if row == nil {
			t.Errorf("no row for %s", name)
			continue
		}
		if row["verdict_class"] != w[0] || row["confirmed"] != w[1] || !strings.HasPrefix(row["reason"], w[2]) {
			t.Errorf("%s: class %s, confirmed %s, reason %q; want %s, %s, %q…",
				name, row["verdict_class"], row["confirmed"], row["reason"], w[0], w[1], w[2])
		}
	}
	p := rows["c/pthread/bigshot_p.yml"]
	if p["expected"] != "false" || p["rounds"] != "3" || p["unwind"] != "4" || p["peak_mem_mb"] != "256.0" ||
		p["translate_s"] != "0.125" || p["visible_statements"] != "17" || p["exit_code"] != "1" || p["location"] != "fib.c:42" {
		t.Errorf("bigshot_p row: %v", p)
	}
	if e := rows["c/pthread/fib_safe-6.yml"]["exit_code"]; e != "SIGKILL" {
		t.Errorf("fib_safe-6 exit_code %q, want SIGKILL", e)
	}
}

// checkSummary checks the summary's counts and lists.
func checkSummary(t *testing.T, s string) {
	t.Helper()
	for _, want := range []string{
		"--filter c/pthread/bigshot_ --filter c/pthread/fib_safe-,nomatch",
		"-- --rounds 3 --unwind 4",
		"--memory-limit 512 --rounds 3 --unwind 4",
		"| Tasks | 14 |",
		"| Expected false (buggy) | 6 |",
		"| Violations found on buggy tasks | 2 (33.3%) |",
		"| **False alarms** (violation on expected-true) | 1 |",
		"| Violations confirmed by replay | 2 (unconfirmed: 1) |",
		"| `true` verdicts: correct / wrong | 1 / 1 |",
		"| Unknown | 7 (crashes: 3) |",
		"| No violation found on buggy tasks | 1 |",
		"| No violation found on expected-true tasks | 1 |",
		"| Max peak memory | 256.0 MB",
		"## False alarms (violation reported on an expected-true task): 1\n\n- `c/pthread/bigshot_s.yml`: at bigshot_s.i:7 in thr2, thread 2, confirmed false\n",
		"## Wrong `true` verdicts (on an expected-false task): 1\n\n- `c/pthread/fib_safe-5-racy.yml`: rounds 3, unwind 4\n",
		"## Crashes: 3\n",
		"- `c/pthread/fib_safe-10-racy.yml`: crash: panic: assignment to entry in nil map",
		"- `c/pthread/fib_safe-6-racy.yml`: crash: stdout is not a JSON object: translating... done\n",
		"- `c/pthread/fib_safe-6.yml`: crash: killed by SIGKILL",
		"| 2 | unsupported: pthread_cond_wait at <path>:N:N | `c/pthread/fib_safe-11.yml` |",
		"| 1 | harness timeout | `c/pthread/fib_safe-5.yml` |",
		"| 1 | CBMC timed out after N s | `c/pthread/fib_safe-7.yml` |",
		"- `c/pthread/fib_safe-7-racy.yml`: result violation with exit code 0 (want 1)",
		"| c/pthread | 14 | 6 | 2 | 1 | 7 |",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("summary lacks %q", want)
		}
	}
	if t.Failed() {
		t.Logf("summary:\n%s", s)
	}
}

// TestUsage checks flag validation and the "--" rule.
func TestUsage(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"--property", "memsafety"},
		{"--property", "race", "--timeout", "0"},
		{"--property", "race", "stray"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(context.Background(), args, &stdout, &stderr); code != exitUsage {
			t.Errorf("%q: exit %d, want %d", args, code, exitUsage)
		}
	}
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"-h"}, &stdout, &stderr); code != exitOK ||
		!strings.Contains(stderr.String(), "-memory-mb") {
		t.Errorf("-h: exit %d, output %q", code, stderr.String())
	}
}

// TestNormalizeReason checks that reasons differing only in paths and
// numbers group together.
func TestNormalizeReason(t *testing.T) {
	for in, want := range map[string]string{
		"translate: /work/x/foo.i:12:3: unsupported __atomic_load": "translate: <path>:N:N: unsupported __atomic_load",
		"foo.c:7: bad cast":                      "<path>:N: bad cast",
		"CBMC ran out of memory (limit 2048 MB)": "CBMC ran out of memory (limit N MB)",
		"":                                       "(no reason)",
	} {
		if got := normalizeReason(in); got != want {
			t.Errorf("normalizeReason(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestTasksDir runs the harness with --tasks on a directory of task files
// outside SV-COMP and checks the names, the expected × result table, the
// per-task lists and --fail-on-wrong.
func TestTasksDir(t *testing.T) {
	fake := buildFake(t)
	dir := filepath.Join(t.TempDir(), "suite")
	tasks := map[string]bool{ // base name (a behaviour of the fake) -> expected verdict
		"bigshot_p":        false, // violation found
		"bigshot_s":        true,  // false alarm
		"bigshot_s2":       true,  // true
		"fib_safe-12-racy": false, // no violation found: missed
		"fib_safe-11":      true,  // unknown
	}
	for name, exp := range tasks {
		yml := fmt.Sprintf("input_files: %s.c\nproperties:\n  - property_file: ../properties/no-data-race.prp\n    expected_verdict: %v\n", name, exp)
		sub := filepath.Join(dir, "sub")
		if err := os.MkdirAll(sub, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(sub, name+".yml"), []byte(yml), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		name     string
		failFlag bool
		want     int
	}{
		{"report only", false, exitOK},
		{"fail on wrong", true, exitWrong},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "rw.tsv")
			args := []string{"--tasks", dir, "--property", "race", "--timeout", "5", "--out", out, "--ladr", fake}
			if tc.failFlag {
				args = append(args, "--fail-on-wrong")
			}
			var stdout, stderr bytes.Buffer
			if code := run(context.Background(), args, &stdout, &stderr); code != tc.want {
				t.Fatalf("exit %d, want %d; stderr:\n%s", code, tc.want, stderr.String())
			}
			rows := readTSV(t, out)
			if len(rows) != len(tasks) || rows["sub/bigshot_s.yml"]["verdict_class"] != classFalseAlarm {
				t.Errorf("rows: %v", rows)
			}
			s := stdout.String()
			for _, want := range []string{
				"# ladr on " + dir + ": property race",
				"| Expected \\ result | violation | true | no-violation-found | unknown |",
				"| false | 1 | 0 | 1 | 0 |",
				"| true | 1 | 1 | 0 | 1 |",
				"## False alarms (violation reported on an expected-true task): 1\n\n- `sub/bigshot_s.yml`",
				"## Missed: no violation found within the bounds on an expected-false task: 1\n\n- `sub/fib_safe-12-racy.yml`",
				"## Unknown results: 1\n\n- `sub/fib_safe-11.yml`: unsupported: pthread_cond_wait",
			} {
				if !strings.Contains(s, want) {
					t.Errorf("summary lacks %q\n%s", want, s)
				}
			}
			if tc.failFlag && !strings.Contains(stderr.String(), "2 wrong verdicts or missed violations") {
				t.Errorf("stderr: %s", stderr.String())
			}
		})
	}
}
