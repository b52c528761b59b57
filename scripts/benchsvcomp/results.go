package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// Verdict classes, one per combination of ladr's result and the task's
// expected verdict.
const (
	classCorrectViolation = "correct-violation"
	classFalseAlarm       = "false-alarm"
	classCorrectTrue      = "correct-true"
	classWrongTrue        = "wrong-true"
	classUnknown          = "unknown"
	classMissedBug        = "no-violation-found-on-racy"
	classNoneOnSafe       = "no-violation-found-on-safe"
)

// classify returns the verdict class of result on a task whose expected
// verdict is expected (true = the property holds).
func classify(result string, expected bool) string {
	switch {
	case result == "violation" && !expected:
		return classCorrectViolation
	case result == "violation":
		return classFalseAlarm
	case result == "true" && expected:
		return classCorrectTrue
	case result == "true":
		return classWrongTrue
	case result == "no-violation-found" && !expected:
		return classMissedBug
	case result == "no-violation-found":
		return classNoneOnSafe
	}
	return classUnknown
}

// Class returns the outcome's verdict class.
func (o outcome) Class() string { return classify(o.Result, o.Task.Expected) }

// tsvHeader lists the columns of the results file. The first twelve are the
// documented ones; rounds, unwind, location, thread and function are extras
// from ladr's JSON for looking at violations.
var tsvHeader = []string{
	"task", "expected", "result", "verdict_class", "confirmed", "seconds",
	"translate_s", "backend_s", "peak_mem_mb", "visible_statements", "reason",
	"exit_code", "rounds", "unwind", "location", "thread", "function",
}

// tsvRow returns the outcome as one TSV line (with its newline).
func tsvRow(o outcome) string {
	r := o.Report
	if r == nil {
		r = &ladrReport{}
	}
	cols := []string{
		o.Task.Name, strconv.FormatBool(o.Task.Expected), o.Result, o.Class(),
		confirmedText(o), fmt.Sprintf("%.2f", o.Seconds),
		floatText(r.TranslateS), floatText(r.BackendS), memText(o.PeakKB),
		intText(r.VisibleStatements), dash(o.Reason), o.Exit,
		boundText(r, true), boundText(r, false), locationText(r),
		dash(rawText(r.Thread)), dash(r.Function),
	}
	for i, c := range cols {
		cols[i] = oneLine(c)
	}
	return strings.Join(cols, "\t") + "\n"
}

// confirmedText returns "true"/"false" for a violation whose report says
// whether replay confirmed it, else "-".
func confirmedText(o outcome) string {
	if o.Result != "violation" || o.Report == nil || o.Report.Confirmed == nil {
		return "-"
	}
	return strconv.FormatBool(*o.Report.Confirmed)
}

// floatText formats an optional number of seconds.
func floatText(f *float64) string {
	if f == nil {
		return "-"
	}
	return strconv.FormatFloat(*f, 'f', 3, 64)
}

// intText formats an optional count.
func intText(n *int64) string {
	if n == nil {
		return "-"
	}
	return strconv.FormatInt(*n, 10)
}

// memText formats KiB as MiB with one decimal, or "-" for 0 (unknown).
func memText(kb int64) string {
	if kb <= 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f", float64(kb)/1024)
}

// boundText returns bounds.rounds (or bounds.unwind) as written.
func boundText(r *ladrReport, rounds bool) string {
	if r.Bounds == nil {
		return "-"
	}
	if rounds {
		return dash(rawText(r.Bounds.Rounds))
	}
	return dash(rawText(r.Bounds.Unwind))
}

// locationText returns "file:line" of a violation, or "-".
func locationText(r *ladrReport) string {
	if r.File == "" {
		return "-"
	}
	if l := rawText(r.Line); l != "" {
		return r.File + ":" + l
	}
	return r.File
}

// rawText renders a JSON value compactly, strings without quotes; null or
// absent values become "".
func rawText(m json.RawMessage) string {
	if len(m) == 0 || string(m) == "null" {
		return ""
	}
	var s string
	if json.Unmarshal(m, &s) == nil {
		return s
	}
	var buf bytes.Buffer
	if json.Compact(&buf, m) != nil {
		return string(m)
	}
	return buf.String()
}

// dash returns s, or "-" if s is empty.
func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// tsvWriter appends rows to the results file as tasks finish.
type tsvWriter struct {
	f *os.File
}

// createTSV creates (truncates) the results file, with its directory, and
// writes the header.
func createTSV(file string) (*tsvWriter, error) {
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return nil, fmt.Errorf("create results directory: %w", err)
	}
	f, err := os.Create(file)
	if err != nil {
		return nil, fmt.Errorf("create results file: %w", err)
	}
	w := &tsvWriter{f: f}
	if _, err := f.WriteString(strings.Join(tsvHeader, "\t") + "\n"); err != nil {
		f.Close()
		return nil, fmt.Errorf("write %s: %w", file, err)
	}
	return w, nil
}

// Add writes one row; each row is a single write, so the file can be read
// while the run goes on.
func (w *tsvWriter) Add(o outcome) error {
	if _, err := w.f.WriteString(tsvRow(o)); err != nil {
		return fmt.Errorf("write %s: %w", w.f.Name(), err)
	}
	return nil
}

// Close closes the file.
func (w *tsvWriter) Close() error {
	if err := w.f.Close(); err != nil {
		return fmt.Errorf("close %s: %w", w.f.Name(), err)
	}
	return nil
}

// rewriteSorted replaces the results file by one with the rows sorted by
// task name (via a temporary file and rename).
func rewriteSorted(file string, outs []outcome) error {
	sorted := append([]outcome(nil), outs...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].Task.Name < sorted[j].Task.Name })
	var b strings.Builder
	b.WriteString(strings.Join(tsvHeader, "\t") + "\n")
	for _, o := range sorted {
		b.WriteString(tsvRow(o))
	}
	return writeFileAtomic(file, []byte(b.String()))
}

// writeFileAtomic writes data to file through a temporary file in the same
// directory.
func writeFileAtomic(file string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(file), ".tmp-"+filepath.Base(file)+"-*")
	if err != nil {
		return fmt.Errorf("write %s: %w", file, err)
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return fmt.Errorf("write %s: %w", file, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("write %s: %w", file, err)
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return fmt.Errorf("write %s: %w", file, err)
	}
	if err := os.Rename(tmp.Name(), file); err != nil {
		return fmt.Errorf("write %s: %w", file, err)
	}
	return nil
}

// saveLogs keeps ladr's stdout and stderr of one task below dir, as
// <task>.stdout.json and <task>.stderr (empty streams are not written).
func saveLogs(dir string, o outcome) error {
	if dir == "" {
		return nil
	}
	base := filepath.Join(dir, filepath.FromSlash(strings.TrimSuffix(o.Task.Name, ".yml")))
	if err := os.MkdirAll(filepath.Dir(base), 0o755); err != nil {
		return fmt.Errorf("save logs: %w", err)
	}
	for ext, data := range map[string][]byte{".stdout.json": o.Stdout, ".stderr": o.Stderr} {
		if len(data) == 0 {
			continue
		}
		if err := os.WriteFile(base+ext, data, 0o644); err != nil {
			return fmt.Errorf("save logs: %w", err)
		}
	}
	return nil
}
