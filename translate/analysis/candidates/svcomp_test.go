package candidates_test

import (
	"path/filepath"
	"testing"

	"github.com/ladr-dev/ladr/translate/analysis/analysistest"
	"github.com/ladr-dev/ladr/translate/analysis/candidates"
	"github.com/ladr-dev/ladr/translate/cfront"
)

// TestSVCOMPRacyHaveCandidates runs the analysis on every SV-COMP race
// task of ../shared/svcomp (LADR_SVCOMP overrides; skipped without it):
// each racy task has a candidate, and no task makes it fail.
func TestSVCOMPRacyHaveCandidates(t *testing.T) {
	dir, index := analysistest.SVCOMP(t)
	fe := cfront.New()
	none, proved := 0, 0
	for _, task := range analysistest.Index(t, index, "") {
		p, err := fe.Parse(filepath.Join(dir, task.Input), task.Src, cfront.Options{Model: task.Model})
		if err != nil {
			continue // the front end's own tests cover what it refuses
		}
		r := candidates.Analyze(p)
		if task.Expected == "false" && r.Total == 0 {
			t.Errorf("%s: racy task without a race candidate", task.YML)
		}
		if task.Expected == "false" && r.Proved {
			t.Errorf("%s: racy task proved race-free", task.YML)
		}
		if r.Proved {
			proved++
		}
		if task.Expected == "true" && r.Total == 0 {
			none++
		}
	}
	t.Logf("race-free tasks without a candidate: %d; proved: %d", none, proved)
}
