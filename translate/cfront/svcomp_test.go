package cfront

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ladr-dev/ladr/translate/ir"
)

// TestSVCOMPRoundTrip lowers and prints every SV-COMP input listed in
// $LADR_SVCOMP/INDEX.tsv and checks that gcc accepts the printed program.
// It is skipped unless LADR_SVCOMP is set (the corpus lives outside the
// repository).
func TestSVCOMPRoundTrip(t *testing.T) {
	dir := os.Getenv("LADR_SVCOMP")
	if dir == "" {
		t.Skip("set LADR_SVCOMP to the svcomp directory")
	}
	f, err := os.Open(filepath.Join(dir, "INDEX.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fe := New()
	seen := map[string]bool{}
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || line == "" {
			continue
		}
		input := filepath.Join(dir, strings.Split(line, "\t")[2])
		if seen[input] {
			continue
		}
		seen[input] = true
		if filter := os.Getenv("LADR_FILTER"); filter != "" && !strings.Contains(input, filter) {
			continue
		}
		n++
		p, err := fe.ParseFile(input, Options{Model: ILP32})
		if err != nil {
			t.Errorf("%s: %v", input, err)
			continue
		}
		var buf bytes.Buffer
		if _, err := ir.Fprint(&buf, p, ir.PrintOptions{}); err != nil {
			t.Errorf("%s: print: %v", input, err)
			continue
		}
		cmd := exec.Command("gcc", "-m32", "-fsyntax-only", "-w", "-xc", "-")
		cmd.Stdin = &buf
		if out, err := cmd.CombinedOutput(); err != nil {
			msg := string(out)
			if len(msg) > 600 {
				msg = msg[:600]
			}
			t.Errorf("%s: gcc: %v\n%s", input, err, msg)
		}
	}
	t.Logf("%d inputs", n)
}
