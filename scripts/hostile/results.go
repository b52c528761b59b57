package main

import (
	"fmt"
	"strings"
	"time"
)

// row is one input's record.
type row struct {
	Case hostileCase
	M    measurement
}

// tsvHeader names the TSV columns.
var tsvHeader = []string{"input", "exit", "wall_s", "tree_peak_mb", "maxrss_mb", "harness_killed",
	"left_in_tmpdir", "survivors", "stdout_first", "stderr_first", "what", "expected"}

// tsv returns the row's TSV fields ("-" for empty ones; no tabs).
func (r row) tsv() []string {
	f := []string{
		r.Case.Name, r.M.Exit, fmt.Sprintf("%.2f", r.M.Seconds),
		fmt.Sprintf("%.1f", float64(r.M.TreeKB)/1024), fmt.Sprintf("%.1f", float64(r.M.MaxRSSKB)/1024),
		fmt.Sprint(r.M.Killed), strings.Join(r.M.LeftTmp, " "), strings.Join(r.M.Survivors, " "),
		r.M.Stdout, r.stderrOrErr(), r.Case.What, r.Case.Expect,
	}
	for i, s := range f {
		s = strings.NewReplacer("\t", " ", "\n", " ").Replace(s)
		if s == "" {
			s = "-"
		}
		f[i] = s
	}
	return f
}

// stderrOrErr is ladr's first stderr line, or the harness's own error.
func (r row) stderrOrErr() string {
	if r.M.Err != "" {
		return "harness: " + r.M.Err
	}
	return r.M.Stderr
}

// outcome is what ladr said: the first line of stdout, else of stderr,
// followed by the harness's notes (killed, left-over files, survivors).
func (r row) outcome() string {
	s := r.M.Stdout
	if s == "" {
		s = r.stderrOrErr()
	}
	if s == "" {
		s = "(nothing printed)"
	}
	var notes []string
	if r.M.Killed {
		notes = append(notes, "killed by the harness")
	}
	if len(r.M.LeftTmp) > 0 {
		notes = append(notes, fmt.Sprintf("left in TMPDIR: %s", strings.Join(r.M.LeftTmp, " ")))
	}
	if len(r.M.Survivors) > 0 {
		notes = append(notes, fmt.Sprintf("survived ladr: %s", strings.Join(r.M.Survivors, " ")))
	}
	if len(notes) > 0 {
		s += " [" + strings.Join(notes, "; ") + "]"
	}
	return s
}

// mdCell escapes a Markdown table cell.
func mdCell(s string) string {
	s = strings.NewReplacer("|", `\|`, "\n", " ").Replace(s)
	if len(s) > 160 {
		s = s[:160] + "..."
	}
	return s
}

// markdown returns the table of the run, with how it was made.
func markdown(o *options, rows []row, total time.Duration) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Hostile inputs: `bench-hostile %s`", strings.Join(o.args, " "))
	if o.label != "" {
		fmt.Fprintf(&b, ", ladr %s", o.label)
	}
	fmt.Fprintf(&b, "; ladr --timeout %s, harness kill at +%s, RLIMIT_AS %.0f GiB; %d inputs in %s.\n\n",
		o.guard.Timeout, o.guard.Grace, float64(o.guard.ASLimit)/(1<<30), len(rows), total.Round(time.Second))
	b.WriteString("| input | what | wall s | peak tree RSS MB | exit | outcome (first line of stdout, else stderr) | expected |\n")
	b.WriteString("|---|---|---:|---:|---|---|---|\n")
	for _, r := range rows {
		fmt.Fprintf(&b, "| %s | %s | %.1f | %.0f | %s | %s | %s |\n", r.Case.Name, mdCell(r.Case.What),
			r.M.Seconds, float64(r.M.TreeKB)/1024, r.M.Exit, mdCell(r.outcome()), mdCell(r.Case.Expect))
	}
	return b.String()
}
