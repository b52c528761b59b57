package candidates

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ladr-dev/ladr/translate/analysis/analysistest"
	"github.com/ladr-dev/ladr/translate/cfront"
)

// TestSVCOMPRacesAreCandidates: on each racy SV-COMP task, the race ladr
// found and confirmed by replay (testdata/svcomp-races.tsv) is a pair of
// candidates: the analysis, which claims to list every pair that may
// race, lists one with an access on each of the race's two lines (skipped
// without ../shared/svcomp; LADR_SVCOMP overrides).
func TestSVCOMPRacesAreCandidates(t *testing.T) {
	dir, index := analysistest.SVCOMP(t)
	tasks := map[string]analysistest.Task{}
	for _, task := range analysistest.Index(t, index, "") {
		tasks[task.YML] = task
	}
	f, err := os.Open(filepath.Join("testdata", "svcomp-races.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fe := cfront.New()
	n := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cols := strings.Split(line, "\t")
		task, ok := tasks[cols[0]]
		if !ok {
			t.Errorf("%s: not in %s", cols[0], index)
			continue
		}
		la, _ := strconv.Atoi(cols[1])
		lb, _ := strconv.Atoi(cols[2])
		p, err := fe.Parse(filepath.Join(dir, task.Input), task.Src, cfront.Options{Model: task.Model})
		if err != nil {
			t.Errorf("%s: %v", cols[0], err)
			continue
		}
		r, err := AnalyzeWith(p, nil)
		if err != nil {
			t.Errorf("%s: %v", cols[0], err)
			continue
		}
		found := false
		for _, c := range r.all {
			x, y := c.First.Pos.Line, c.Second.Pos.Line
			if x == la && y == lb || x == lb && y == la {
				found = true
				break
			}
		}
		if !found {
			t.Errorf("%s: the race at lines %d and %d (%s) is not a candidate (%d candidates)", cols[0], la, lb, cols[3], r.Total)
		}
		n++
	}
	if n == 0 {
		t.Error("no race checked")
	}
}
