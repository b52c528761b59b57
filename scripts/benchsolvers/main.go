// Command benchsolvers compares CBMC's SAT solvers on the same tasks, in
// pairs: for each task it runs `ladr check --task T --property P --jobs 1
// --solver S` for every solver S at once (one process per core, so the
// members of a pair share the machine's load), and writes one TSV row per
// task and solver with the result, the time, the solver's time and the
// formula's size, and a summary (per solver: found, median time ratio to
// the first solver on the tasks both answered).
//
// Usage: benchsolvers --tasks LIST --ladr BIN [--solvers minisat,cadical]
// [--timeout 60] --out F.tsv, where LIST has one line per task: the .yml
// path relative to the repository root and the property (race or
// unreach-call), separated by a tab.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"time"
)

// report is the part of ladr's JSON result the comparison reads.
type report struct {
	Result   string  `json:"result"`
	TimeS    float64 `json:"time_s"`
	BackendS float64 `json:"backend_s"`
	Reason   string  `json:"reason"`
	Bounds   struct {
		Rounds, Unwind int
	} `json:"bounds"`
	Backend *struct {
		Solver    string  `json:"solver"`
		Variables int64   `json:"variables"`
		Clauses   int64   `json:"clauses"`
		SolveS    float64 `json:"solve_s"`
	} `json:"backend"`
}

func main() {
	tasks := flag.String("tasks", "", "task list `FILE`: yml path and property per line, tab-separated")
	ladr := flag.String("ladr", "bin/ladr", "ladr binary")
	solvers := flag.String("solvers", "minisat,cadical", "solvers compared, the first the reference")
	timeout := flag.Int("timeout", 60, "per-run time limit in seconds")
	out := flag.String("out", "", "results TSV `FILE`")
	flag.Parse()
	if err := run(*tasks, *ladr, strings.Split(*solvers, ","), *timeout, *out); err != nil {
		fmt.Fprintln(os.Stderr, "benchsolvers:", err)
		os.Exit(1)
	}
}

func run(list, ladr string, solvers []string, timeout int, out string) error {
	f, err := os.Open(list)
	if err != nil {
		return err
	}
	defer f.Close()
	type task struct{ yml, prop string }
	var tasks []task
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		yml, prop, ok := strings.Cut(strings.TrimSpace(sc.Text()), "\t")
		if ok {
			tasks = append(tasks, task{yml, prop})
		}
	}
	w, err := os.Create(out)
	if err != nil {
		return err
	}
	defer w.Close()
	fmt.Fprintln(w, "task\tproperty\tsolver\tresult\tseconds\tbackend_s\tsolve_s\tvariables\tclauses\trounds\tunwind\treason")
	times := make([]map[string]float64, len(solvers))
	for i := range times {
		times[i] = map[string]float64{}
	}
	for n, t := range tasks {
		reps := make([]report, len(solvers))
		var wg sync.WaitGroup
		for i, s := range solvers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				reps[i] = check(ladr, t.yml, t.prop, s, timeout)
			}()
		}
		wg.Wait()
		for i, r := range reps {
			var solve float64
			var vars, clauses int64
			if r.Backend != nil {
				solve, vars, clauses = r.Backend.SolveS, r.Backend.Variables, r.Backend.Clauses
			}
			fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%.2f\t%.2f\t%.2f\t%d\t%d\t%d\t%d\t%s\n", t.yml, t.prop, solvers[i], r.Result, r.TimeS, r.BackendS, solve, vars, clauses, r.Bounds.Rounds, r.Bounds.Unwind, oneLine(r.Reason))
			if r.Result == "violation" || r.Result == "true" {
				times[i][t.yml] = r.TimeS
			}
		}
		fmt.Fprintf(os.Stderr, "%d/%d %s:", n+1, len(tasks), t.yml)
		for i, r := range reps {
			fmt.Fprintf(os.Stderr, " %s %s %.1fs", solvers[i], r.Result, r.TimeS)
		}
		fmt.Fprintln(os.Stderr)
	}
	for i, s := range solvers {
		var ratios []float64
		for task, ref := range times[0] {
			if v, ok := times[i][task]; ok && ref > 0 {
				ratios = append(ratios, v/ref)
			}
		}
		slices.Sort(ratios)
		med := 0.0
		if len(ratios) > 0 {
			med = ratios[len(ratios)/2]
		}
		fmt.Fprintf(os.Stderr, "%s: answered %d of %d; median time ratio to %s on the %d both answered: %.2f\n", s, len(times[i]), len(tasks), solvers[0], len(ratios), med)
	}
	return nil
}

// check runs one ladr check and reads its JSON result.
func check(ladr, yml, prop, solver string, timeout int) report {
	ctx, cancel := context.WithTimeout(context.Background(), time.Duration(timeout+30)*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, ladr, "check", "--task", yml, "--property", prop, "--format", "json",
		"--timeout", fmt.Sprint(timeout), "--jobs", "1", "--solver", solver)
	outb, _ := cmd.Output()
	var r report
	if err := json.Unmarshal(outb, &r); err != nil {
		r.Result, r.Reason = "crash", fmt.Sprintf("no JSON result: %v", err)
	}
	return r
}

func oneLine(s string) string { return strings.NewReplacer("\t", " ", "\n", " ").Replace(s) }
