package bound

import "github.com/ladr-dev/ladr/translate/ir"

// LiftStatics turns every static local variable into a global variable
// (named FUNC_NAME). A static local is one object however often its
// function is inlined or copied, so it must not be cloned with the body.
func LiftStatics(prog *ir.Program) {
	for _, f := range prog.Funcs {
		if f.Body == nil {
			continue
		}
		ir.RewriteBlocks(f.Body, func(s ir.Stmt) []ir.Stmt {
			d, ok := s.(*ir.DeclStmt)
			if !ok || !d.Var.Static {
				return []ir.Stmt{s}
			}
			v := d.Var
			v.Class = ir.Global
			v.Name = sanitize(f.Name) + "_" + v.Name
			prog.Globals = append(prog.Globals, v)
			return nil
		})
	}
}
