package cfront

import (
	"strings"
	"testing"
)

// TestCorpusCompiles checks that every corpus program is valid C for gcc,
// so that a failure of the round trip is the front end's or the printer's.
func TestCorpusCompiles(t *testing.T) {
	for _, c := range corpus {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			gccSyntax(t, c.src, LP64)
			// The host may lack the 32-bit system headers (the front end
			// works around that; gcc -m32 does not).
			if !c.lp64 && !strings.Contains(c.src, "#include") {
				gccSyntax(t, c.src, ILP32)
			}
		})
	}
}

// TestRoundTrip parses each corpus program, prints its lowering and checks
// that gcc accepts the printed program, in both data models; the printed
// program must also parse again.
func TestRoundTrip(t *testing.T) {
	if len(corpus) < 30 {
		t.Fatalf("the corpus has %d programs, want at least 30", len(corpus))
	}
	for _, c := range corpus {
		for _, m := range []Model{LP64, ILP32} {
			if m == ILP32 && c.lp64 {
				continue
			}
			t.Run(c.name+"/"+m.String(), func(t *testing.T) {
				t.Parallel()
				if c.bug != "" {
					t.Logf("known bug: %s", c.bug)
				}
				p := parseOK(t, c.src, m)
				text, _ := printProg(t, p)
				gccSyntax(t, text, m)
				if _, err := fe.Parse("printed.c", []byte(text), Options{Model: m}); err != nil {
					t.Errorf("the printed program does not parse again: %v\n%s", err, numbered(text))
				}
			})
		}
	}
}
