package cfront

import (
	"os"
	"strings"
	"testing"
)

func TestZZSurvey(t *testing.T) {
	list := os.Getenv("SURVEY")
	if list == "" {
		t.Skip()
	}
	V := "/work/wt-asm/benchmarks/realworld/valgrind"
	if inc := os.Getenv("SURVEY_I"); inc != "" {
		V = inc
	}
	for _, f := range strings.Fields(list) {
		_, err := fe.ParseFile(f, Options{Model: LP64, Defines: []string{"NVALGRIND"}, IncludePaths: []string{V, V + "/include"}})
		if err != nil {
			t.Logf("FAIL %s: %v", f, err)
		} else {
			t.Logf("OK %s", f)
		}
	}
}
