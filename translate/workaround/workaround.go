// Package workaround rewrites a sequentialized program around known
// defects of the checker it is meant for (CBMC 6.6), without changing what
// the program does. Each rewrite is a pass of its own (translate.Passes),
// so that it is visible and can be dumped.
package workaround

import "github.com/ladr-dev/ladr/translate/ir"

// CallocHelper is the name of RouteCalloc's helper: each call returns a
// new block, like calloc.
const CallocHelper = "__ladr_calloc"

// RouteCalloc routes the threads' calls of calloc through a helper built
// on malloc and memset:
// CBMC 6.6's calloc model makes its shadow memory crash (value_set.cpp
// "assign types should match") when the elements are not bytes and their
// number is symbolic.
func RouteCalloc(prog *ir.Program) {
	calloc := prog.Func("calloc")
	if calloc == nil {
		return
	}
	ul := ir.ULongType
	malloc := prog.DeclareFunc("malloc", &ir.Func{Result: ir.VoidPtrType, Params: []ir.Type{ul}})
	memset := prog.DeclareFunc("memset", &ir.Func{Result: ir.VoidPtrType, Params: []ir.Type{ir.VoidPtrType, ir.IntType, ul}})
	n := &ir.Var{Name: "n", Type: ul, Class: ir.Param}
	sz := &ir.Var{Name: "size", Type: ul, Class: ir.Param}
	p := &ir.Var{Name: "p", Type: ir.VoidPtrType, Class: ir.Local}
	loc := ir.Loc{Func: CallocHelper}
	total := ir.Bin(ir.Mul, ir.Ref(n), ir.Ref(sz), ul)
	helper := &ir.Function{Name: CallocHelper, Type: &ir.Func{Result: ir.VoidPtrType, Params: []ir.Type{ul, ul}}, Params: []*ir.Var{n, sz}, Static: true,
		Body: ir.NewBlock(loc,
			&ir.DeclStmt{Loc: loc, Var: p, Init: &ir.Init{Expr: ir.CallFn(malloc, total)}},
			&ir.If{Loc: loc, Cond: ir.Ref(p), Then: ir.NewBlock(loc, &ir.ExprStmt{Loc: loc, X: ir.CallFn(memset, ir.Ref(p), ir.IntConst(0), ir.Clone(total))})},
			&ir.Return{Loc: loc, X: ir.Ref(p)})}
	used := false
	for _, f := range prog.Funcs {
		if f.Thread == nil || f.Body == nil {
			continue
		}
		ir.RewriteStmtExprs(f.Body, func(e ir.Expr) ir.Expr {
			if c, ok := e.(*ir.Call); ok && ir.CalledFunc(c) == calloc {
				used = true
				c.Fn = &ir.FuncRef{Fn: helper, P: c.P}
			}
			return e
		})
	}
	if used {
		prog.Funcs = append(prog.Funcs, helper)
	}
}
