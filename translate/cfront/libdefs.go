package cfront

import (
	"fmt"

	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/libc"
)

// libDefs are C definitions of library functions that CBMC does not model
// (it would return an unconstrained value) and whose result a program may
// depend on. A program that declares and calls one without defining it gets
// this definition, so the model checker and the replay (which links the
// real library) compute the same values. Each definition uses only basic
// types and calls nothing.
var libDefs = map[string]string{
	// ffs: the position (from 1) of the least significant set bit, 0 for 0.
	"ffs": `int ffs(int i) {
	unsigned int u = (unsigned int)i;
	int n = 1;
	if (u == 0) return 0;
	if ((u & 0xffffu) == 0) { n += 16; u >>= 16; }
	if ((u & 0xffu) == 0) { n += 8; u >>= 8; }
	if ((u & 0xfu) == 0) { n += 4; u >>= 4; }
	if ((u & 0x3u) == 0) { n += 2; u >>= 2; }
	if ((u & 0x1u) == 0) { n += 1; }
	return n;
}
`,
}

// LibDefsFile is the file name of the positions in libDefs' definitions:
// a file of ladr's C library model (libc.IsModelFile), so that traces and
// reports treat its positions as the model's.
const LibDefsFile = libc.Dir + "/libdefs.i"

// addLibDefs gives the declared, called and undefined functions of prog
// that libDefs defines their definition.
func (fe *Frontend) addLibDefs(prog *ir.Program, opts Options) error {
	called := map[*ir.Function]bool{}
	for _, f := range prog.Funcs {
		if f.Body == nil {
			continue
		}
		ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
			if c, ok := n.(*ir.Call); ok {
				if g := ir.CalledFunc(c); g != nil {
					called[g] = true
				}
			}
			return true
		})
	}
	for _, f := range prog.Funcs {
		src, ok := libDefs[f.Name]
		if !ok || f.Body != nil || !called[f] {
			continue
		}
		lib, err := fe.Parse(LibDefsFile, []byte(src), opts)
		if err != nil {
			return fmt.Errorf("ladr's definition of %s: %w", f.Name, err)
		}
		def := lib.Func(f.Name)
		if def == nil || def.Body == nil || len(def.Params) != len(f.Type.Params) && !f.Type.NoProto {
			return fmt.Errorf("ladr's definition of %s does not match its declaration", f.Name)
		}
		f.Body, f.Params, f.Type = def.Body, def.Params, def.Type
	}
	return nil
}
