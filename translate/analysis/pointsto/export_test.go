package pointsto

import "github.com/ladr-dev/ladr/translate/analysis"

// AnalyzeWork is Analyze with maxWork for MaxWork.
func AnalyzeWork(p *analysis.Program, maxWork int) *Result { return analyze(p, maxWork) }
