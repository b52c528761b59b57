package main

import (
	"fmt"
	"io"
	"regexp"
	"slices"
	"sort"
	"strings"
	"time"
)

// runInfo describes a harness run for the summary's header.
type runInfo struct {
	Command     string // the harness command line, shell-quoted
	LadrCommand string // the ladr command line for one task
	Property    string
	Timeout     int
	MemoryMB    int
	Jobs        int
	Commit      string // git describe of the repository, "" if unknown
	Started     time.Time
	Wall        time.Duration
	Selected    int  // number of tasks selected
	Interrupted bool // the run was interrupted before all tasks ran
	TSV         string
	// Suite is the --tasks directory ("" for SV-COMP's tasks); such a run
	// also lists every unknown with its reason.
	Suite string
}

// stats are the counts of the summary table.
type stats struct {
	tasks, buggy, found, falseAlarms             int
	trueCorrect, trueWrong                       int
	confirmed, unconfirmed                       int
	unknown, crashes, missed, noneOnSafe, probls int
	totalSec, medianSec                          float64
	maxPeakKB                                    int64
	maxPeakTask                                  string
}

// computeStats counts the outcomes.
func computeStats(outs []outcome) stats {
	var s stats
	secs := make([]float64, 0, len(outs))
	for _, o := range outs {
		s.tasks++
		if !o.Task.Expected {
			s.buggy++
		}
		s.count(o)
		secs = append(secs, o.Seconds)
		s.totalSec += o.Seconds
		if o.PeakKB > s.maxPeakKB {
			s.maxPeakKB, s.maxPeakTask = o.PeakKB, o.Task.Name
		}
	}
	s.medianSec = median(secs)
	return s
}

// count adds one outcome's class, confirmation, crash and problems.
func (s *stats) count(o outcome) {
	switch o.Class() {
	case classCorrectViolation:
		s.found++
	case classFalseAlarm:
		s.falseAlarms++
	case classCorrectTrue:
		s.trueCorrect++
	case classWrongTrue:
		s.trueWrong++
	case classMissedBug:
		s.missed++
	case classNoneOnSafe:
		s.noneOnSafe++
	default:
		s.unknown++
	}
	switch confirmedText(o) {
	case "true":
		s.confirmed++
	case "false":
		s.unconfirmed++
	}
	if o.Crash {
		s.crashes++
	}
	if len(o.Problems) > 0 {
		s.probls++
	}
}

// median returns the median of xs (0 for none); xs is reordered.
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	sort.Float64s(xs)
	n := len(xs)
	if n%2 == 1 {
		return xs[n/2]
	}
	return (xs[n/2-1] + xs[n/2]) / 2
}

// writeSummary writes the Markdown summary of a run.
func writeSummary(w io.Writer, info runInfo, outs []outcome) {
	sorted := append([]outcome(nil), outs...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].Task.Name < sorted[j].Task.Name })
	s := computeStats(sorted)
	writeHeader(w, info, s)
	if info.Property == "deadlock" {
		fmt.Fprint(w, "SV-COMP has no deadlock verdict: the tasks are those without a data race or a reachable error, counted as expected true. A \"false alarm\" below is a deadlock found (replay-confirmed), to be inspected, not a wrong answer by itself.\n\n")
	}
	writeTotals(w, s)
	writeMatrix(w, sorted)
	writeList(w, "False alarms (violation reported on an expected-true task)", sorted, isClass(classFalseAlarm), violationNote)
	writeList(w, "Wrong `true` verdicts (on an expected-false task)", sorted, isClass(classWrongTrue), boundsNote)
	writeList(w, "Missed: no violation found within the bounds on an expected-false task", sorted, isClass(classMissedBug), boundsNote)
	writeList(w, "Crashes", sorted, func(o outcome) bool { return o.Crash }, reasonNote)
	writeUnknowns(w, sorted, 15)
	if info.Suite != "" {
		writeList(w, "Unknown results", sorted, isClass(classUnknown), reasonNote)
	}
	writeList(w, "Output anomalies (exit code or JSON disagrees with the result)", sorted,
		func(o outcome) bool { return len(o.Problems) > 0 }, problemsNote)
	writeDirs(w, sorted)
}

// writeHeader writes the title, the command line and the settings.
func writeHeader(w io.Writer, info runInfo, s stats) {
	if info.Suite != "" {
		fmt.Fprintf(w, "# ladr on %s: property %s\n\n", info.Suite, info.Property)
	} else {
		fmt.Fprintf(w, "# ladr on SV-COMP: property %s\n\n", info.Property)
	}
	fmt.Fprintf(w, "Command:\n\n```\n%s\n```\n\n", info.Command)
	fmt.Fprintf(w, "Each task ran as `%s` (working directory: the repository root).\n\n", info.LadrCommand)
	mem := "none"
	if info.MemoryMB != 0 {
		mem = fmt.Sprintf("%d MB", info.MemoryMB)
	}
	fmt.Fprintf(w, "Started %s; wall-clock %s; jobs %d; timeout %d s per task (hard kill %s later); memory limit %s",
		info.Started.Format("2006-01-02 15:04:05 MST"), info.Wall.Round(time.Second), info.Jobs,
		info.Timeout, hardKillGrace, mem)
	if info.Commit != "" {
		fmt.Fprintf(w, "; ladr tree at the start %s", info.Commit)
	}
	fmt.Fprintf(w, ".\nResults: `%s`.\n\n", info.TSV)
	if info.Interrupted {
		fmt.Fprintf(w, "**Interrupted: %d of %d selected tasks ran.**\n\n", s.tasks, info.Selected)
	}
}

// writeTotals writes the main table.
func writeTotals(w io.Writer, s stats) {
	rows := [][2]string{
		{"Tasks", fmt.Sprint(s.tasks)},
		{"Expected false (buggy)", fmt.Sprint(s.buggy)},
		{"Violations found on buggy tasks", fmt.Sprintf("%d (%s)", s.found, percent(s.found, s.buggy))},
		{"**False alarms** (violation on expected-true)", fmt.Sprint(s.falseAlarms)},
		{"Violations confirmed by replay", fmt.Sprintf("%d (unconfirmed: %d)", s.confirmed, s.unconfirmed)},
		{"`true` verdicts: correct / wrong", fmt.Sprintf("%d / %d", s.trueCorrect, s.trueWrong)},
		{"Unknown", fmt.Sprintf("%d (crashes: %d)", s.unknown, s.crashes)},
		{"No violation found on buggy tasks", fmt.Sprint(s.missed)},
		{"No violation found on expected-true tasks", fmt.Sprint(s.noneOnSafe)},
		{"Total time (sum over tasks)", fmt.Sprintf("%.1f s", s.totalSec)},
		{"Median time per task", fmt.Sprintf("%.2f s", s.medianSec)},
		{"Max peak memory", peakText(s)},
	}
	fmt.Fprintf(w, "| Metric | Value |\n|---|---|\n")
	for _, r := range rows {
		fmt.Fprintf(w, "| %s | %s |\n", r[0], r[1])
	}
	fmt.Fprintln(w)
}

// matrixResults are the columns of the expected × result table.
var matrixResults = []string{"violation", "true", "no-violation-found", "unknown"}

// writeMatrix writes the number of tasks per expected verdict and ladr
// result.
func writeMatrix(w io.Writer, outs []outcome) {
	counts := map[bool]map[string]int{true: {}, false: {}}
	for _, o := range outs {
		r := o.Result
		if !slices.Contains(matrixResults, r) {
			r = "unknown"
		}
		counts[o.Task.Expected][r]++
	}
	fmt.Fprintf(w, "| Expected \\ result | %s |\n|---|%s\n", strings.Join(matrixResults, " | "), strings.Repeat("---:|", len(matrixResults)))
	for _, exp := range []bool{false, true} {
		fmt.Fprintf(w, "| %v |", exp)
		for _, r := range matrixResults {
			fmt.Fprintf(w, " %d |", counts[exp][r])
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintln(w)
}

// peakText formats the largest peak memory and its task.
func peakText(s stats) string {
	if s.maxPeakKB == 0 {
		return "-"
	}
	return fmt.Sprintf("%s MB (`%s`)", memText(s.maxPeakKB), s.maxPeakTask)
}

// percent formats n/d as a percentage.
func percent(n, d int) string {
	if d == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(n)/float64(d))
}

// isClass returns a predicate for outcomes of one verdict class.
func isClass(class string) func(outcome) bool {
	return func(o outcome) bool { return o.Class() == class }
}

// writeList writes a section listing, by name, the outcomes that match.
func writeList(w io.Writer, title string, outs []outcome, match func(outcome) bool, note func(outcome) string) {
	var lines []string
	for _, o := range outs {
		if match(o) {
			lines = append(lines, fmt.Sprintf("- `%s`: %s", o.Task.Name, mdEscape(note(o))))
		}
	}
	fmt.Fprintf(w, "## %s: %d\n\n", title, len(lines))
	if len(lines) == 0 {
		fmt.Fprintf(w, "None.\n\n")
		return
	}
	fmt.Fprintf(w, "%s\n\n", strings.Join(lines, "\n"))
}

// violationNote describes a reported violation.
func violationNote(o outcome) string {
	r := o.Report
	if r == nil {
		return o.Reason
	}
	return fmt.Sprintf("at %s in %s, thread %s, confirmed %s",
		locationText(r), dash(r.Function), dash(rawText(r.Thread)), confirmedText(o))
}

// boundsNote returns the bounds a result was obtained with.
func boundsNote(o outcome) string {
	if o.Report == nil {
		return "-"
	}
	return fmt.Sprintf("rounds %s, unwind %s", boundText(o.Report, true), boundText(o.Report, false))
}

// reasonNote returns the outcome's reason.
func reasonNote(o outcome) string { return dash(o.Reason) }

// problemsNote returns the outcome's problems.
func problemsNote(o outcome) string { return strings.Join(o.Problems, "; ") }

// reasonGroup is a set of unknowns with the same normalized reason.
type reasonGroup struct {
	reason  string
	count   int
	example string
}

// writeUnknowns writes the unknowns grouped by normalized reason, the top
// groups by count.
func writeUnknowns(w io.Writer, outs []outcome, top int) {
	groups := map[string]*reasonGroup{}
	for _, o := range outs {
		if o.Class() != classUnknown {
			continue
		}
		key := normalizeReason(o.Reason)
		g := groups[key]
		if g == nil {
			g = &reasonGroup{reason: key, example: o.Task.Name}
			groups[key] = g
		}
		g.count++
	}
	list := make([]*reasonGroup, 0, len(groups))
	for _, g := range groups {
		list = append(list, g)
	}
	sort.Slice(list, func(i, j int) bool {
		if list[i].count != list[j].count {
			return list[i].count > list[j].count
		}
		return list[i].reason < list[j].reason
	})
	fmt.Fprintf(w, "## Unknown results by reason: %d reasons", len(list))
	if len(list) == 0 {
		fmt.Fprintf(w, "\n\nNone.\n\n")
		return
	}
	if len(list) > top {
		fmt.Fprintf(w, " (top %d shown)", top)
		list = list[:top]
	}
	fmt.Fprintf(w, "\n\n| Count | Reason (normalized) | Example task |\n|---:|---|---|\n")
	for _, g := range list {
		fmt.Fprintf(w, "| %d | %s | `%s` |\n", g.count, mdEscape(g.reason), g.example)
	}
	fmt.Fprintln(w)
}

// Patterns that normalizeReason replaces.
var (
	rePath   = regexp.MustCompile(`[\w.+~@-]*(/[\w.+~@-]+)+/?`)
	reFile   = regexp.MustCompile(`\b[\w.+-]+\.(c|i|h|yml|prp|json|goto)\b`)
	reNumber = regexp.MustCompile(`\b0x[0-9a-fA-F]+\b|\d+(\.\d+)?`)
	reSpaces = regexp.MustCompile(`\s+`)
)

// normalizeReason strips what differs between otherwise equal reasons:
// paths and file names become <path>, numbers (line and column positions,
// sizes, times) become N.
func normalizeReason(reason string) string {
	s := rePath.ReplaceAllString(reason, "<path>")
	s = reFile.ReplaceAllString(s, "<path>")
	s = reNumber.ReplaceAllString(s, "N")
	s = reSpaces.ReplaceAllString(strings.TrimSpace(s), " ")
	if s == "" {
		return "(no reason)"
	}
	return s
}

// dirCounts is one row of the per-directory table.
type dirCounts struct {
	tasks, buggy, found, falseAlarms, unknown int
}

// writeDirs writes the per-directory breakdown.
func writeDirs(w io.Writer, outs []outcome) {
	byDir := map[string]*dirCounts{}
	var dirs []string
	for _, o := range outs {
		d := byDir[o.Task.Dir()]
		if d == nil {
			d = &dirCounts{}
			byDir[o.Task.Dir()] = d
			dirs = append(dirs, o.Task.Dir())
		}
		d.tasks++
		if !o.Task.Expected {
			d.buggy++
		}
		switch o.Class() {
		case classCorrectViolation:
			d.found++
		case classFalseAlarm:
			d.falseAlarms++
		case classUnknown:
			d.unknown++
		}
	}
	sort.Strings(dirs)
	fmt.Fprintf(w, "## Per directory\n\n| Directory | Tasks | Buggy | Found | False alarms | Unknown |\n|---|---:|---:|---:|---:|---:|\n")
	for _, name := range dirs {
		d := byDir[name]
		fmt.Fprintf(w, "| %s | %d | %d | %d | %d | %d |\n", name, d.tasks, d.buggy, d.found, d.falseAlarms, d.unknown)
	}
	fmt.Fprintln(w)
}

// mdEscape makes s safe inside a Markdown table cell or list item.
func mdEscape(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ", "\r", " ").Replace(s)
}
