package cfront

// CorpusProgram is a program of the corpus, for the tests outside the
// package (package cfront_test).
type CorpusProgram struct {
	Name, Src string
	LP64      bool // valid in the LP64 model only
}

// Corpus returns the corpus programs that reveal no known defect.
func Corpus() []CorpusProgram {
	var out []CorpusProgram
	for _, c := range corpus {
		if c.bug == "" {
			out = append(out, CorpusProgram{Name: c.name, Src: c.src, LP64: c.lp64})
		}
	}
	return out
}
