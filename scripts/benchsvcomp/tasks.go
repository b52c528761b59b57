package main

import (
	"github.com/ladr-dev/ladr/driver/svcomp"

	"bufio"
	"fmt"
	"io/fs"
	"math"
	"math/rand/v2"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
)

// task is one benchmark task: a .yml file and its expected verdict for the
// selected property.
type task struct {
	// Name is the .yml path relative to the svcomp directory, with slashes
	// (e.g. "c/pthread/bigshot_p.yml").
	Name string
	// Path is the absolute path of the .yml file.
	Path string
	// Expected is the expected verdict: true if the property holds (no race,
	// error unreachable), false if the program violates it.
	Expected bool
}

// Dir returns the task's directory relative to the svcomp directory
// (e.g. "c/pthread").
func (t task) Dir() string { return path.Dir(t.Name) }

// propertyFiles maps each --property value to the base name of its SV-COMP
// property file.
var propertyFiles = map[string]string{
	"race":         "no-data-race.prp",
	"unreach-call": "unreach-call.prp",
	// SV-COMP has no deadlock property: the tasks checked for deadlocks
	// are those whose program has neither a data race nor a reachable
	// error (discoverBelow).
	"deadlock": "",
}

// discoverTasks reads every .yml file below svcompDir/c and returns, sorted
// by name, the tasks that have an (uncommented) entry for the property's
// .prp file. Files that cannot be used (unreadable, malformed, no boolean
// verdict) are reported in warnings and skipped.
func discoverTasks(svcompDir, property string) (tasks []task, warnings []string, err error) {
	return discoverBelow(svcompDir, filepath.Join(svcompDir, "c"), property)
}

// discoverBelow is discoverTasks for the .yml files below dir, named
// relative to base.
func discoverBelow(base, dir, property string) (tasks []task, warnings []string, err error) {
	prp, ok := propertyFiles[property]
	if !ok {
		return nil, nil, fmt.Errorf("unknown property %q", property)
	}
	prps, onlyTrue := []string{prp}, false
	if property == "deadlock" {
		// SV-COMP has no deadlock property: the tasks whose program has
		// neither a data race nor a reachable error, once each, Expected
		// true (the harness has no expected deadlock verdict: a deadlock
		// found is inspected).
		prps, onlyTrue = []string{"no-data-race.prp", "unreach-call.prp"}, true
	}
	files, err := findYAML(dir)
	if err != nil {
		return nil, nil, err
	}
	seen := map[string]bool{}
	for _, prp := range prps {
		for _, file := range files {
			t, found, err := loadTask(base, file, prp)
			if err != nil {
				warnings = append(warnings, err.Error())
				continue
			}
			if found && (t.Expected || !onlyTrue) && !seen[t.Name] {
				seen[t.Name] = true
				tasks = append(tasks, t)
			}
		}
	}
	sort.Slice(tasks, func(i, j int) bool { return tasks[i].Name < tasks[j].Name })
	return tasks, warnings, nil
}

// findYAML returns the .yml files below dir in lexical order.
func findYAML(dir string) ([]string, error) {
	var files []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(p, ".yml") {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("list task files in %s: %w", dir, err)
	}
	return files, nil
}

// loadTask parses one .yml file and reports whether it has an entry for the
// property file prp (a base name such as "no-data-race.prp").
func loadTask(svcompDir, file, prp string) (task, bool, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return task{}, false, fmt.Errorf("read task: %w", err)
	}
	props, err := svcomp.ParseProperties(data)
	if err != nil {
		return task{}, false, fmt.Errorf("parse %s: %w", file, err)
	}
	rel, err := filepath.Rel(svcompDir, file)
	if err != nil {
		return task{}, false, fmt.Errorf("task path %s: %w", file, err)
	}
	abs, err := filepath.Abs(file)
	if err != nil {
		return task{}, false, fmt.Errorf("task path %s: %w", file, err)
	}
	verdict, found, err := selectVerdict(props, prp)
	if err != nil || !found {
		if err != nil {
			err = fmt.Errorf("%s: %w", rel, err)
		}
		return task{}, false, err
	}
	return task{Name: filepath.ToSlash(rel), Path: abs, Expected: verdict}, true, nil
}

// selectVerdict returns the expected verdict of the entry for property file
// prp. It is an error if the entry has no boolean verdict or if two entries
// disagree.
func selectVerdict(props []svcomp.Property, prp string) (verdict, found bool, err error) {
	for _, p := range props {
		f := strings.ReplaceAll(p.File, "\\", "/")
		if path.Base(f) != prp {
			continue
		}
		if p.Verdict != "true" && p.Verdict != "false" {
			return false, false, fmt.Errorf("line %d: %s has expected_verdict %q, want true or false", p.Line, prp, p.Verdict)
		}
		v := p.Verdict == "true"
		if found && v != verdict {
			return false, false, fmt.Errorf("line %d: conflicting expected verdicts for %s", p.Line, prp)
		}
		verdict, found = v, true
	}
	return verdict, found, nil
}

// checkIndex compares race tasks against INDEX.tsv (columns yml and
// no_data_race_expected) and returns one warning per disagreement. A missing
// INDEX.tsv yields a single warning.
func checkIndex(svcompDir string, tasks []task) []string {
	index, err := readIndex(filepath.Join(svcompDir, "INDEX.tsv"))
	if err != nil {
		return []string{err.Error()}
	}
	var warnings []string
	seen := map[string]bool{}
	for _, t := range tasks {
		seen[t.Name] = true
		want, ok := index[t.Name]
		switch {
		case !ok:
			warnings = append(warnings, fmt.Sprintf("%s: not in INDEX.tsv", t.Name))
		case want != t.Expected:
			warnings = append(warnings, fmt.Sprintf("%s: .yml says expected %v, INDEX.tsv says %v", t.Name, t.Expected, want))
		}
	}
	for name := range index {
		if !seen[name] {
			warnings = append(warnings, fmt.Sprintf("%s: in INDEX.tsv but not found as a race task", name))
		}
	}
	sort.Strings(warnings)
	return warnings
}

// readIndex reads INDEX.tsv into a map from yml path to expected verdict.
func readIndex(file string) (map[string]bool, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, fmt.Errorf("read index: %w", err)
	}
	defer f.Close()
	index := map[string]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cols := strings.Split(line, "\t")
		if len(cols) < 2 {
			return nil, fmt.Errorf("read index %s: short line %q", file, line)
		}
		index[cols[0]] = cols[1] == "true"
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read index %s: %w", file, err)
	}
	return index, nil
}

// filterTasks keeps the tasks whose name contains at least one of the
// substrings; with no substrings it keeps every task.
func filterTasks(tasks []task, substrings []string) []task {
	if len(substrings) == 0 {
		return tasks
	}
	var kept []task
	for _, t := range tasks {
		for _, s := range substrings {
			if strings.Contains(t.Name, s) {
				kept = append(kept, t)
				break
			}
		}
	}
	return kept
}

// filterExpected returns the tasks with the given expected verdict.
func filterExpected(tasks []task, expected bool) []task {
	var out []task
	for _, t := range tasks {
		if t.Expected == expected {
			out = append(out, t)
		}
	}
	return out
}

// sampleTasks returns a seeded random sample of n tasks, stratified by
// expected verdict: each verdict gets its proportional share (rounded), and
// at least one task when it occurs and n >= 2. The result is sorted by name.
// If n <= 0 or n >= len(tasks), all tasks are returned.
func sampleTasks(tasks []task, n int, seed uint64) []task {
	if n <= 0 || n >= len(tasks) {
		return tasks
	}
	var buggy, safe []task
	for _, t := range tasks {
		if t.Expected {
			safe = append(safe, t)
		} else {
			buggy = append(buggy, t)
		}
	}
	nb := int(math.Round(float64(n) * float64(len(buggy)) / float64(len(tasks))))
	if n >= 2 && len(buggy) > 0 && nb == 0 {
		nb = 1
	}
	if n >= 2 && len(safe) > 0 && nb == n {
		nb = n - 1
	}
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	picked := append(pick(rng, buggy, nb), pick(rng, safe, n-nb)...)
	sort.Slice(picked, func(i, j int) bool { return picked[i].Name < picked[j].Name })
	return picked
}

// shuffleTasks returns the tasks in a random order drawn from seed (a
// different stream from sampleTasks', so that --sample and --shuffle with
// one seed do not correlate).
func shuffleTasks(tasks []task, seed uint64) []task {
	rng := rand.New(rand.NewPCG(seed^0x5bd1e995, seed))
	return pick(rng, tasks, len(tasks))
}

// pick returns k tasks drawn without replacement from ts.
func pick(rng *rand.Rand, ts []task, k int) []task {
	shuffled := append([]task(nil), ts...)
	rng.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
	return shuffled[:min(k, len(shuffled))]
}
