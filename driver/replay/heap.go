package replay

import (
	"fmt"

	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/record"
)

// CallsMalloc reports whether a function of prog calls malloc directly.
func CallsMalloc(prog *ir.Program) bool {
	malloc := prog.Func("malloc")
	if malloc == nil {
		return false
	}
	found := false
	for _, f := range prog.Funcs {
		if f.Body == nil || found {
			continue
		}
		ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
			if c, ok := n.(*ir.Call); ok && ir.CalledFunc(c) == malloc {
				found = true
			}
			return !found
		})
	}
	return found
}

// heapReplayBody is record.HeapFill for the replay: the runtime copies the
// recorded bytes.
func heapReplayBody(f *ir.Function) string {
	return fmt.Sprintf("%s { if (p) __ladr_rt_heap(p, n); return p; }\n", record.HeapSignature(f))
}

// HeapCBMCArgs are the CBMC options a program with HeapBodies needs: its
// loop runs up to record.HeapLimit times.
func HeapCBMCArgs() []string {
	return []string{"--unwindset", fmt.Sprintf("%s.0:%d", record.HeapFill, record.HeapLimit+1)}
}
