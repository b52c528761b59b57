package cfront

import (
	"testing"

	"github.com/ladr-dev/ladr/translate/ir"
)

// hasUnmodelled reports whether p holds Unsupported statements or Bad
// expressions, whose printed forms do not lower back to themselves.
func hasUnmodelled(p *ir.Program) bool {
	return len(collectProg[*ir.Unsupported](p)) > 0 || len(collectProg[*ir.Bad](p)) > 0
}

// TestPrintFixedPoint: printing the lowering of a printed program gives the
// same text again (the lowering of lowered code is the identity).
func TestPrintFixedPoint(t *testing.T) {
	for _, c := range corpus {
		if c.bug != "" {
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			p := parseOK(t, c.src, LP64)
			if hasUnmodelled(p) {
				t.Skip("Unsupported statements are printed as assumptions")
			}
			text1, _ := printProg(t, p)
			p2, err := fe.Parse("printed.c", []byte(text1), Options{Model: LP64})
			if err != nil {
				t.Fatalf("the printed program does not parse: %v\n%s", err, numbered(text1))
			}
			text2, _ := printProg(t, p2)
			if text1 != text2 {
				t.Errorf("printing is not a fixed point:\n%s", lineDiff(text1, text2))
			}
		})
	}
}

// lineDiff shows the first lines where a and b differ.
func lineDiff(a, b string) string {
	al, bl := splitLines(a), splitLines(b)
	var out []byte
	shown := 0
	for i := 0; i < max(len(al), len(bl)) && shown < 12; i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			out = append(out, ("line " + itoa(i+1) + ":\n  - " + x + "\n  + " + y + "\n")...)
			shown++
		}
	}
	return string(out)
}

func splitLines(s string) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}
