// Command benchwitness measures the witness round trip: for each task it
// runs ladr check, writing a GraphML and a YAML violation witness of the
// violation found, then follows each witness with ladr replay --witness
// and records whether it is confirmed. Used by scripts/bench-witness.
//
// The tasks are the rows of a scripts/bench-svcomp result table whose
// result is "violation" (--from), so that the round trip covers the
// violations a benchmark run found. One TSV row per task goes to --out,
// ladr's outputs to --out's .logs directory, and a summary to stdout.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "benchwitness:", err)
		os.Exit(2)
	}
}

type config struct {
	ladr, svcomp, from, property, out string
	timeout                           time.Duration
	jobs, limit                       int
}

// row is the round trip of one task.
type row struct {
	task            string
	check           string
	checkS          float64
	graphml, yaml   verdict
	graphmlS, yamlS float64
	graphmlN, yamlN int // waypoints
	graphmlP, yamlP int // placed
	graphmlR, yamlR string
}

type verdict string

func run() error {
	var c config
	flag.StringVar(&c.ladr, "ladr", "", "ladr binary")
	flag.StringVar(&c.svcomp, "svcomp", "", "the SV-COMP task directory")
	flag.StringVar(&c.from, "from", "", "a scripts/bench-svcomp result table: its violations are the tasks")
	flag.StringVar(&c.property, "property", "", "race or unreach-call")
	flag.StringVar(&c.out, "out", "", "result table (TSV)")
	flag.DurationVar(&c.timeout, "timeout", 60*time.Second, "time limit of each ladr run")
	flag.IntVar(&c.jobs, "jobs", 2, "tasks run at once")
	flag.IntVar(&c.limit, "limit", 0, "at most this many tasks (0: all)")
	flag.Parse()
	if c.ladr == "" || c.svcomp == "" || c.from == "" || c.property == "" || c.out == "" {
		return errors.New("--ladr, --svcomp, --from, --property and --out are needed")
	}
	tasks, err := violations(c.from)
	if err != nil {
		return err
	}
	if c.limit > 0 && len(tasks) > c.limit {
		tasks = tasks[:c.limit]
	}
	logs := strings.TrimSuffix(c.out, ".tsv") + ".logs"
	if err := os.MkdirAll(logs, 0o755); err != nil {
		return err
	}
	rows := make([]row, len(tasks))
	var wg sync.WaitGroup
	next := make(chan int)
	var mu sync.Mutex
	done := 0
	st, _ := os.Stderr.Stat()
	terminal := st != nil && st.Mode()&os.ModeCharDevice != 0 && os.Getenv("CI") == ""
	for j := 0; j < max(c.jobs, 1); j++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				rows[i] = roundTrip(c, tasks[i], filepath.Join(logs, strings.ReplaceAll(strings.TrimSuffix(tasks[i], ".yml"), "/", "_")))
				mu.Lock()
				done++
				if terminal {
					fmt.Fprintf(os.Stderr, "\r%d/%d %s", done, len(tasks), tasks[i])
				}
				mu.Unlock()
			}
		}()
	}
	for i := range tasks {
		next <- i
	}
	close(next)
	wg.Wait()
	if terminal {
		fmt.Fprintln(os.Stderr)
	}
	if err := write(c.out, rows); err != nil {
		return err
	}
	summary(os.Stdout, rows)
	return nil
}

// violations reads the tasks whose result is "violation" from a result
// table.
func violations(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	var out []string
	first := true
	taskCol, resultCol := 0, 2
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		if first {
			first = false
			for i, h := range cols {
				switch h {
				case "task":
					taskCol = i
				case "result":
					resultCol = i
				}
			}
			continue
		}
		if len(cols) > max(taskCol, resultCol) && cols[resultCol] == "violation" {
			out = append(out, cols[taskCol])
		}
	}
	return out, sc.Err()
}

func roundTrip(c config, task, dir string) row {
	r := row{task: task}
	_ = os.MkdirAll(dir, 0o755)
	yml := filepath.Join(c.svcomp, task)
	gml, yw := filepath.Join(dir, "witness.graphml"), filepath.Join(dir, "witness.yml")
	secs := fmt.Sprintf("%g", c.timeout.Seconds())
	var res struct {
		Result string `json:"result"`
	}
	t0 := time.Now()
	out := ladr(c, filepath.Join(dir, "check"), "check", "-q", "--format", "json", "--timeout", secs, "--property", c.property,
		"--witness", gml, "--witness", yw, "--task", yml)
	r.checkS = time.Since(t0).Seconds()
	if err := json.Unmarshal(out, &res); err != nil || res.Result == "" {
		r.check = "error"
		return r
	}
	r.check = res.Result
	if res.Result != "violation" {
		return r
	}
	follow := func(w, name string) (verdict, float64, int, int, string) {
		var v struct {
			Validation struct {
				Verdict   string `json:"verdict"`
				Reason    string `json:"reason"`
				Waypoints int    `json:"waypoints"`
				Placed    int    `json:"placed"`
			} `json:"validation"`
		}
		t := time.Now()
		out := ladr(c, filepath.Join(dir, name), "replay", "-q", "--format", "json", "--timeout", secs, "--property", c.property,
			"--witness", w, "--task", yml)
		s := time.Since(t).Seconds()
		if err := json.Unmarshal(out, &v); err != nil || v.Validation.Verdict == "" {
			msg := strings.TrimSpace(string(out))
			if b, err := os.ReadFile(filepath.Join(dir, name+".stderr")); err == nil && len(b) > 0 {
				msg = strings.TrimSpace(string(b))
			}
			return "error", s, 0, 0, firstLine(msg)
		}
		return verdict(v.Validation.Verdict), s, v.Validation.Waypoints, v.Validation.Placed, firstLine(v.Validation.Reason)
	}
	r.graphml, r.graphmlS, r.graphmlN, r.graphmlP, r.graphmlR = follow(gml, "replay-graphml")
	r.yaml, r.yamlS, r.yamlN, r.yamlP, r.yamlR = follow(yw, "replay-yaml")
	return r
}

// ladr runs ladr with args, keeping its output in base.stdout and
// base.stderr, and returns its standard output.
func ladr(c config, base string, args ...string) []byte {
	ctx, cancel := context.WithTimeout(context.Background(), c.timeout+30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, c.ladr, args...)
	cmd.Env = append(os.Environ(), "CI=1")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, _ := cmd.Output()
	_ = os.WriteFile(base+".stdout", out, 0o644)
	_ = os.WriteFile(base+".stderr", []byte(stderr.String()), 0o644)
	return out
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return strings.ReplaceAll(s, "\t", " ")
}

func write(path string, rows []row) error {
	var b strings.Builder
	b.WriteString("task\tcheck\tcheck_s\tgraphml\tgraphml_s\tgraphml_waypoints\tgraphml_placed\tgraphml_reason\tyaml\tyaml_s\tyaml_waypoints\tyaml_placed\tyaml_reason\n")
	for _, r := range rows {
		fmt.Fprintf(&b, "%s\t%s\t%.2f\t%s\t%.2f\t%d\t%d\t%s\t%s\t%.2f\t%d\t%d\t%s\n", r.task, r.check, r.checkS,
			dash(string(r.graphml)), r.graphmlS, r.graphmlN, r.graphmlP, dash(r.graphmlR),
			dash(string(r.yaml)), r.yamlS, r.yamlN, r.yamlP, dash(r.yamlR))
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

func summary(w *os.File, rows []row) {
	count := func(f func(row) string) map[string]int {
		m := map[string]int{}
		for _, r := range rows {
			m[f(r)]++
		}
		return m
	}
	show := func(title string, m map[string]int) {
		var keys []string
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		fmt.Fprintf(w, "%s:", title)
		for _, k := range keys {
			fmt.Fprintf(w, " %s %d", k, m[k])
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "tasks: %d\n", len(rows))
	show("check", count(func(r row) string { return r.check }))
	show("graphml", count(func(r row) string { return dash(string(r.graphml)) }))
	show("yaml", count(func(r row) string { return dash(string(r.yaml)) }))
	var ratios []float64
	for _, r := range rows {
		if r.graphml == "confirmed" && r.checkS > 0 {
			ratios = append(ratios, r.graphmlS/r.checkS)
		}
	}
	if len(ratios) > 0 {
		sort.Float64s(ratios)
		fmt.Fprintf(w, "median time of a GraphML replay / the check's: %.2f\n", ratios[len(ratios)/2])
	}
	for _, r := range rows {
		if r.check == "violation" && (r.graphml != "confirmed" || r.yaml != "confirmed") {
			fmt.Fprintf(w, "  %s: graphml %s (%s), yaml %s (%s)\n", r.task, r.graphml, r.graphmlR, r.yaml, r.yamlR)
		}
	}
}

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
