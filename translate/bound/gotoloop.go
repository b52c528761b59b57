package bound

import (
	"fmt"

	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/model"
)

// GotoLoopID is the Loop.ID of a loop made from a backward goto (it has no
// number in the original program; --unwindset names it by its line).
const GotoLoopID = -1

// structureGotos removes the backward gotos of a function body that have
// an exact structured form, before unwinding:
//
//   - a goto back to a label of an enclosing block makes the statements
//     from the label to the last such goto a loop: "L: s1; ...; if (c)
//     goto L; sn" becomes "L: for (;;) { s1; ...; if (c) goto N; sn;
//     break; N: ; }" (N ends the body: the next iteration), which also
//     holds for gotos from inside loops nested in the span;
//   - a goto back to a label whose statements up to the end of their block
//     end the program (the "ERROR: { reach_error(); abort(); }" of SV-COMP
//     tasks) is replaced by a copy of them;
//   - so is a goto back to a label whose statements up to the end of their
//     block end in a jump (return, goto, or break or continue of the loop
//     that also holds the goto), jump nowhere else (but to labels of their
//     own, such as those of inlined calls) and use no local declared out
//     of the goto's scope (copyJumpTails: "if (a) { L: e = 1; goto
//     fail; } ... if (b) goto L;", tinyproxy's upstream_build).
//
// Before that, rotateLoops turns CIL's rotated loops (a jump into the
// loop's condition) into the first form. Gotos it cannot restructure are
// left for checkForward to report.
func structureGotos(body *ir.Block) {
	rotateLoops(body)
	terminal := map[string][]ir.Stmt{}
	order := map[ir.Stmt]int{}
	labelAt := map[string]int{}
	i := 0
	ir.Inspect(ir.Stmt(body), func(x any) bool {
		if _, ok := x.(ir.Expr); ok {
			return false
		}
		if st, ok := x.(ir.Stmt); ok {
			order[st] = i
			i++
			if l, ok := st.(*ir.Label); ok {
				labelAt[l.Name] = order[st]
			}
		}
		if b, ok := x.(*ir.Block); ok {
			for k, s := range b.List {
				if l, ok := s.(*ir.Label); ok && endsProgramStmts(b.List[k+1:]) && !hasLabels(b.List[k+1:]) {
					terminal[l.Name] = b.List[k+1:]
				}
			}
		}
		return true
	})
	backward := func(g *ir.Goto) bool {
		at, ok := labelAt[g.Label]
		return ok && at < order[g]
	}
	loopify(body, body, false, backward)
	copyJumpTails(body)
	// Copies of terminal code for the backward gotos left.
	rewriteStmts(body, func(s ir.Stmt) []ir.Stmt {
		g, ok := s.(*ir.Goto)
		if !ok || !backward(g) || terminal[g.Label] == nil {
			return []ir.Stmt{s}
		}
		return []ir.Stmt{copyAt(g, terminal[g.Label], nil)}
	}, true)
	// A loop made of one label's gotos may hold the backward gotos of an
	// enclosing one (the LDV environment's "ldv_main: ... ldv_call: ...
	// goto ldv_main; ... goto ldv_call;": ldv_main's span ends before the
	// last goto ldv_call, so it is not loopable until ldv_call's loop is
	// made): loopify again while that removes backward gotos.
	for n, i := countBackward(body, backward), 0; n > 0 && i < 8; i++ {
		loopify(body, body, false, backward)
		m := countBackward(body, backward)
		if m >= n {
			break
		}
		n = m
	}
}

// countBackward counts the gotos of body that backward reports.
func countBackward(body *ir.Block, backward func(*ir.Goto) bool) int {
	n := 0
	ir.Inspect(ir.Stmt(body), func(x any) bool {
		if g, ok := x.(*ir.Goto); ok && backward(g) {
			n++
		}
		_, isExpr := x.(ir.Expr)
		return !isExpr
	})
	return n
}

// copyAt returns a block, at g's place, holding a copy of stmts whose
// labels rename renames (nil keeps them).
func copyAt(g *ir.Goto, stmts []ir.Stmt, rename func(string) string) *ir.Block {
	cl := &ir.Cloner{Label: rename}
	var out []ir.Stmt
	for _, t := range stmts {
		out = append(out, cl.Stmt(t))
	}
	return &ir.Block{Loc: g.Loc, List: out}
}

// loopify turns the backward gotos of b (and of its nested blocks) to
// labels of b into loops, where that is exact. With loopHead, b is the body
// of a forever loop: gotos to its leading labels are continues (CIL's
// while_continue), which the unwinder handles.
func loopify(fn, b *ir.Block, loopHead bool, backward func(*ir.Goto) bool) {
	for k := 0; k < len(b.List); k++ {
		l, ok := b.List[k].(*ir.Label)
		if !ok {
			loopHead = false
			continue
		}
		if loopHead {
			continue
		}
		last := -1
		for j := k + 1; j < len(b.List); j++ {
			if countGotos(b.List[j], l.Name) > 0 {
				last = j
			}
		}
		if last < 0 {
			continue
		}
		span := b.List[k+1 : last+1]
		if !loopable(fn, span, l.Name) {
			continue
		}
		// A goto back to l goes to the end of the body (the next
		// iteration), also from inside nested loops; falling off the span
		// leaves the loop.
		next := "__ladr_next_" + l.Name
		loopBody := &ir.Block{Loc: l.Loc, List: append(append([]ir.Stmt(nil), span...), &ir.Break{Loc: l.Loc}, &ir.Label{Loc: l.Loc, Name: next})}
		rewriteStmts(loopBody, func(s ir.Stmt) []ir.Stmt {
			if g, ok := s.(*ir.Goto); ok && g.Label == l.Name {
				return []ir.Stmt{&ir.Goto{Loc: g.Loc, Label: next}}
			}
			return []ir.Stmt{s}
		}, true)
		loop := &ir.Loop{Loc: l.Loc, Kind: ir.For, Body: loopBody, ID: GotoLoopID}
		b.List = append(append(append([]ir.Stmt(nil), b.List[:k+1]...), loop), b.List[last+1:]...)
	}
	for _, s := range b.List {
		switch x := s.(type) {
		case *ir.Block:
			loopify(fn, x, false, backward)
		case *ir.If:
			loopify(fn, x.Then, false, backward)
			if x.Else != nil {
				loopify(fn, x.Else, false, backward)
			}
		case *ir.Loop:
			loopify(fn, x.Body, isTrue(x.Cond) && x.Post == nil, backward)
		}
	}
}

// loopable reports whether span (the statements after label l up to the
// last goto l) can become the body of a loop: every goto l in the function
// lies in span or before the label, span has no
// break or continue of an enclosing loop, and no goto from outside span
// jumps to a label inside it.
func loopable(fn *ir.Block, span []ir.Stmt, l string) bool {
	inSpan := 0
	inner := map[string]bool{}
	for _, s := range span {
		inSpan += countGotos(s, l)
		if hasLoopExit(s) {
			return false
		}
		ir.Inspect(s, func(x any) bool {
			if lb, ok := x.(*ir.Label); ok {
				inner[lb.Name] = true
			}
			_, isExpr := x.(ir.Expr)
			return !isExpr
		})
	}
	// Every goto to l or to a label inside span: inside span (gotos to l
	// before the label are forward and stay so).
	total, before := 0, 0
	seenLabel := false
	innerFromOutside := false
	spanSet := map[ir.Stmt]bool{}
	for _, s := range span {
		spanSet[s] = true
	}
	var walk func(s ir.Stmt, inside bool)
	walk = func(s ir.Stmt, inside bool) {
		inside = inside || spanSet[s]
		switch x := s.(type) {
		case *ir.Label:
			if x.Name == l {
				seenLabel = true
			}
		case *ir.Goto:
			if x.Label == l {
				total++
				if !seenLabel {
					before++
				}
			}
			if inner[x.Label] && !inside {
				innerFromOutside = true
			}
		case *ir.Block:
			for _, y := range x.List {
				walk(y, inside)
			}
		case *ir.If:
			walk(x.Then, inside)
			if x.Else != nil {
				walk(x.Else, inside)
			}
		case *ir.Loop:
			walk(x.Body, inside)
		}
	}
	walk(fn, false)
	return !innerFromOutside && total == inSpan+before
}

// countGotos counts the gotos to l in s, nested loops included.
func countGotos(s ir.Stmt, l string) int {
	n := 0
	ir.Inspect(s, func(x any) bool {
		if g, ok := x.(*ir.Goto); ok && g.Label == l {
			n++
		}
		_, isExpr := x.(ir.Expr)
		return !isExpr
	})
	return n
}

// hasLoopExit reports whether s has a break or continue outside nested
// loops (one that would bind to a loop around s).
func hasLoopExit(s ir.Stmt) bool {
	switch x := s.(type) {
	case *ir.Break, *ir.Continue:
		return true
	case *ir.Block:
		for _, y := range x.List {
			if hasLoopExit(y) {
				return true
			}
		}
	case *ir.If:
		return hasLoopExit(x.Then) || (x.Else != nil && hasLoopExit(x.Else))
	}
	return false
}

// endsProgramStmts reports whether running stmts always ends the program:
// the last one is a call of abort, exit, reach_error and the like (or a
// block whose statements end the program).
func endsProgramStmts(stmts []ir.Stmt) bool {
	if len(stmts) == 0 {
		return false
	}
	switch x := stmts[len(stmts)-1].(type) {
	case *ir.Block:
		return endsProgramStmts(x.List)
	case *ir.ExprStmt:
		if c, lhs := CallOf(x); c != nil && lhs == nil {
			return model.Lookup(calleeName(c)).Kind == model.Control
		}
	}
	return false
}

// hasLabels reports whether any statement of stmts defines a label.
func hasLabels(stmts []ir.Stmt) bool { return len(labelsIn(stmts)) > 0 }

// rotateLoops reorders CIL's rotated loops, which enter at their condition,
//
//	goto T; L: B; T: H; rest          (H holds the "if (c) goto L")
//
// into T: H; goto R; L: B; goto T; R: rest, with a fresh label R. This is
// a pure reordering with explicit jumps (every path runs the same
// statements in the same order: from the start, H; from the end of H,
// rest; from the end of B or any goto L, B then H), after which the gotos
// to L are forward and the goto back to T has the shape loopify turns into
// a loop. B and H must not declare variables at their top level (their
// order would change scopes). It applies to body and its nested blocks.
func rotateLoops(body *ir.Block) {
	n := 0
	ir.Inspect(ir.Stmt(body), func(x any) bool {
		if b, ok := x.(*ir.Block); ok {
			rotateBlock(b, &n) // before Inspect reads b.List for the children
		}
		_, isExpr := x.(ir.Expr)
		return !isExpr
	})
}

// rotateBlock reorders the rotated loops at the top level of b; n numbers
// the fresh labels.
func rotateBlock(b *ir.Block, n *int) {
	for k := 1; k < len(b.List); k++ {
		l, ok := b.List[k].(*ir.Label)
		if !ok {
			continue
		}
		entry, ok := b.List[k-1].(*ir.Goto)
		if !ok {
			continue
		}
		t := -1
		for j := k + 1; j < len(b.List); j++ {
			if lt, ok := b.List[j].(*ir.Label); ok && lt.Name == entry.Label {
				t = j
				break
			}
		}
		if t < 0 {
			continue
		}
		m := -1
		for j := t + 1; j < len(b.List); j++ {
			if countGotos(b.List[j], l.Name) > 0 {
				m = j
			}
		}
		if m < 0 || declares(b.List[k+1:t]) || declares(b.List[t+1:m+1]) {
			continue
		}
		*n++
		rest := fmt.Sprintf("__ladr_rot%d", *n)
		var out []ir.Stmt
		out = append(out, b.List[:k-1]...)
		out = append(out, b.List[t:m+1]...) // T: H
		out = append(out, &ir.Goto{Loc: entry.Loc, Label: rest}, l)
		out = append(out, b.List[k+1:t]...) // L: B
		out = append(out, &ir.Goto{Loc: entry.Loc, Label: entry.Label}, &ir.Label{Loc: entry.Loc, Name: rest})
		out = append(out, b.List[m+1:]...)
		b.List = out
		k = 0 // rescan the reordered list
	}
}

// declares reports whether a statement of stmts is a declaration.
func declares(stmts []ir.Stmt) bool {
	for _, s := range stmts {
		if _, ok := s.(*ir.DeclStmt); ok {
			return true
		}
	}
	return false
}

// copyJumpTails replaces each backward goto of body by a copy of the
// statements after its label, when they end in a jump (return, a goto
// elsewhere, or a break or continue whose loop is the goto's innermost
// loop too), do not jump otherwise (but to their own labels, renamed in
// the copy), and use no local variable
// declared in a block that does not hold the goto: running the copy is
// running them, then jumping where they jump.
func copyJumpTails(body *ir.Block) {
	type site struct {
		order  int
		loop   *ir.Loop
		blocks []*ir.Block
	}
	labels := map[string]site{}
	tails := map[string][]ir.Stmt{}
	gotos := map[*ir.Goto]site{}
	declBlock := map[*ir.Var]*ir.Block{}
	order := 0
	var walk func(s ir.Stmt, loop *ir.Loop, blocks []*ir.Block)
	walk = func(s ir.Stmt, loop *ir.Loop, blocks []*ir.Block) {
		order++
		switch x := s.(type) {
		case *ir.Block:
			inner := append(append([]*ir.Block(nil), blocks...), x)
			for k, t := range x.List {
				if l, ok := t.(*ir.Label); ok {
					tails[l.Name] = x.List[k+1:]
				}
				if d, ok := t.(*ir.DeclStmt); ok {
					declBlock[d.Var] = x
				}
				walk(t, loop, inner)
			}
		case *ir.If:
			walk(x.Then, loop, blocks)
			if x.Else != nil {
				walk(x.Else, loop, blocks)
			}
		case *ir.Loop:
			walk(x.Body, x, blocks)
		case *ir.Label:
			labels[x.Name] = site{order: order, loop: loop, blocks: blocks}
		case *ir.Goto:
			gotos[x] = site{order: order, loop: loop, blocks: blocks}
		}
	}
	walk(body, nil, nil)
	copies := 0
	// copyable returns the tail to copy for g (nil: none) and the labels
	// it defines.
	copyable := func(g *ir.Goto, at site) ([]ir.Stmt, map[string]bool) {
		l, ok := labels[g.Label]
		if !ok || l.order > at.order {
			return nil, nil
		}
		tail := tails[g.Label]
		if len(tail) == 0 {
			return nil, nil
		}
		own := labelsIn(tail)
		switch tail[len(tail)-1].(type) {
		case *ir.Return, *ir.Goto:
		case *ir.Break, *ir.Continue:
			if l.loop == nil || l.loop != at.loop {
				return nil, nil
			}
		default:
			return nil, nil
		}
		inScope := map[*ir.Block]bool{}
		for _, b := range at.blocks {
			inScope[b] = true
		}
		fine := true
		for k, t := range tail {
			depth := 0
			var check func(n any) bool
			check = func(n any) bool {
				switch x := n.(type) {
				case *ir.Loop:
					depth++
					ir.Inspect(ir.Stmt(x.Body), check)
					depth--
					return false
				case *ir.Break, *ir.Continue:
					if depth == 0 && k != len(tail)-1 {
						fine = false
					}
				case *ir.Goto:
					// Only the last statement jumps (elsewhere than back
					// to the label: a loop the unwinder knows).
					if !own[x.Label] && (k != len(tail)-1 || x.Label == g.Label) {
						fine = false
					}
				case *ir.Ident:
					if b, ok := declBlock[x.Var]; ok && !inScope[b] && !declaredIn(tail, x.Var) {
						fine = false
					}
				}
				return fine
			}
			ir.Inspect(t, check)
		}
		if !fine {
			return nil, nil
		}
		return tail, own
	}
	rewriteStmts(body, func(s ir.Stmt) []ir.Stmt {
		g, ok := s.(*ir.Goto)
		if !ok {
			return []ir.Stmt{s}
		}
		at, ok := gotos[g]
		if !ok {
			return []ir.Stmt{s}
		}
		tail, own := copyable(g, at)
		if tail == nil {
			return []ir.Stmt{s}
		}
		// The copy's own labels (of code inlined in it) are renamed.
		copies++
		return []ir.Stmt{copyAt(g, tail, func(l string) string {
			if own[l] {
				return fmt.Sprintf("%s_t%d", l, copies)
			}
			return l
		})}
	}, true)
}

// labelsIn returns the labels stmts define.
func labelsIn(stmts []ir.Stmt) map[string]bool {
	out := map[string]bool{}
	for _, s := range stmts {
		ir.Inspect(s, func(x any) bool {
			if l, ok := x.(*ir.Label); ok {
				out[l.Name] = true
			}
			_, isExpr := x.(ir.Expr)
			return !isExpr
		})
	}
	return out
}

// declaredIn reports whether v is declared by a statement of stmts (at any
// depth).
func declaredIn(stmts []ir.Stmt, v *ir.Var) bool {
	found := false
	for _, s := range stmts {
		ir.Inspect(s, func(n any) bool {
			if d, ok := n.(*ir.DeclStmt); ok && d.Var == v {
				found = true
			}
			_, isExpr := n.(ir.Expr)
			return !found && !isExpr
		})
	}
	return found
}
