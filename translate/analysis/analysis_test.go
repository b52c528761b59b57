package analysis_test

import (
	"strings"
	"testing"

	"github.com/ladr-dev/ladr/translate/analysis"
)

// TestRun checks that analyzers run once each, after what they require,
// and that a requirement cycle or a failing analyzer is an error.
func TestRun(t *testing.T) {
	var order []string
	mk := func(name string, req ...*analysis.Analyzer) *analysis.Analyzer {
		return &analysis.Analyzer{Name: name, Requires: req, Run: func(p *analysis.Pass) (any, error) {
			order = append(order, name)
			for _, r := range req {
				if _, ok := p.ResultOf[r]; !ok {
					t.Errorf("%s ran without the result of %s", name, r.Name)
				}
			}
			return name + "!", nil
		}}
	}
	a := mk("a")
	b := mk("b", a)
	c := mk("c", a, b)
	for _, tc := range []struct {
		name  string
		run   []*analysis.Analyzer
		order string
	}{
		{"one", []*analysis.Analyzer{a}, "a"},
		{"dependencies first", []*analysis.Analyzer{c}, "a b c"},
		{"each once", []*analysis.Analyzer{c, b, a}, "a b c"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			order = nil
			res, err := analysis.Run(&analysis.Program{}, tc.run...)
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(order, " "); got != tc.order {
				t.Errorf("order %q, want %q", got, tc.order)
			}
			for _, x := range tc.run {
				if res[x] != x.Name+"!" {
					t.Errorf("result of %s = %v", x.Name, res[x])
				}
			}
		})
	}
	x := &analysis.Analyzer{Name: "x"}
	y := &analysis.Analyzer{Name: "y", Requires: []*analysis.Analyzer{x}, Run: func(*analysis.Pass) (any, error) { return nil, nil }}
	x.Requires = []*analysis.Analyzer{y}
	x.Run = y.Run
	if _, err := analysis.Run(&analysis.Program{}, x); err == nil || !strings.Contains(err.Error(), "requires itself") {
		t.Errorf("cycle: err = %v", err)
	}
	bad := &analysis.Analyzer{Name: "bad", Run: func(*analysis.Pass) (any, error) { return nil, errTest }}
	if _, err := analysis.Run(&analysis.Program{}, bad); err == nil || !strings.Contains(err.Error(), "analysis bad") {
		t.Errorf("failure: err = %v", err)
	}
}

type testError struct{}

func (testError) Error() string { return "fails" }

var errTest = testError{}
