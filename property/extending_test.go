package property_test

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/ladr-dev/ladr/property"
)

// TestExtendingDoc keeps docs/EXTENDING.md true: every repository path it
// names exists, and it names the files where a property is defined.
func TestExtendingDoc(t *testing.T) {
	root := filepath.Join("..")
	doc, err := os.ReadFile(filepath.Join(root, "docs", "EXTENDING.md"))
	if err != nil {
		t.Fatal(err)
	}
	paths := regexp.MustCompile("`([a-z_]+(?:/[A-Za-z0-9_.]+)+/?)`").FindAllStringSubmatch(string(doc), -1)
	if len(paths) < 10 {
		t.Fatalf("docs/EXTENDING.md names %d paths; the test's pattern no longer matches it", len(paths))
	}
	for _, m := range paths {
		if _, err := os.Stat(filepath.Join(root, m[1])); err != nil {
			t.Errorf("docs/EXTENDING.md names %s: %v", m[1], err)
		}
	}
	// Every property is a value of this package: the doc's first step.
	if len(property.All()) == 0 {
		t.Fatal("no properties")
	}
	for _, want := range []string{"property/property.go", "translate/model/table.go", "translate/translate.go", "driver/strategy/strategy.go"} {
		if !regexp.MustCompile(regexp.QuoteMeta("`" + want + "`")).Match(doc) {
			t.Errorf("docs/EXTENDING.md does not name %s", want)
		}
	}
}
