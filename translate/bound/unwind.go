package bound

import (
	"fmt"

	"github.com/ladr-dev/ladr/translate/ir"
)

// Unwind replaces every loop in the entry functions by Limits.UnwindFor
// copies of its body:
//
//	if (!c) goto brk; body1; cont1: post; ... bodyN; contN: post; bound(c); brk:
//
// where break and continue of the loop become jumps to brk and cont_k, and
// bound(c) marks the behaviours that would need more iterations. A do-while
// loop tests its condition after each copy. A goto inside the body back to
// the body's first statement (the "while_continue" label of CIL-generated
// code) is a continue. After unwinding, no function has a backward jump.
func Unwind(prog *ir.Program, entries []*ir.Function, lim Limits, notes *Notes) error {
	u := &unwinder{prog: prog, lim: lim, notes: notes, seen: map[ir.Pos]bool{}}
	for _, f := range entries {
		if err := u.block(f.Body); err != nil {
			return err
		}
		if err := checkForward(f.Body); err != nil {
			return err
		}
	}
	return nil
}

type unwinder struct {
	prog  *ir.Program
	lim   Limits
	notes *Notes
	n     int
	seen  map[ir.Pos]bool
	size  int
}

func (u *unwinder) block(b *ir.Block) error {
	var out []ir.Stmt
	for _, s := range b.List {
		switch s := s.(type) {
		case *ir.Block:
			if err := u.block(s); err != nil {
				return err
			}
			out = append(out, s)
		case *ir.If:
			if err := u.block(s.Then); err != nil {
				return err
			}
			if s.Else != nil {
				if err := u.block(s.Else); err != nil {
					return err
				}
			}
			out = append(out, s)
		case *ir.Loop:
			r, err := u.loop(s)
			if err != nil {
				return err
			}
			out = append(out, r)
		default:
			out = append(out, s)
		}
	}
	b.List = out
	return nil
}

func isTrue(e ir.Expr) bool {
	if e == nil {
		return true
	}
	if l, ok := e.(*ir.IntLit); ok {
		return l.Val != 0
	}
	return false
}

func (u *unwinder) loop(s *ir.Loop) (ir.Stmt, error) {
	loc := s.Loc
	n := u.lim.UnwindFor(loc.Func, s.ID, loc.Pos)
	if s.Kind == ir.DoWhile && n < 1 {
		n = 1
	}
	u.n++
	id := u.n
	brk := fmt.Sprintf("__ladr_brk%d", id)
	if isTrue(s.Cond) && s.Post == nil {
		continueGotos(s.Body)
	}
	if err := u.block(s.Body); err != nil {
		return nil, err
	}
	defined := map[string]bool{}
	ir.Inspect(ir.Stmt(s.Body), func(x any) bool {
		if l, ok := x.(*ir.Label); ok {
			defined[l.Name] = true
		}
		return true
	})
	test := func() ir.Stmt {
		c := (&ir.Cloner{}).Expr(s.Cond)
		return &ir.If{Loc: loc, Cond: &ir.Unary{Op: ir.Not, X: c, T: ir.IntType, P: loc.Pos},
			Then: ir.NewBlock(loc, &ir.Goto{Loc: loc, Label: brk})}
	}
	var list []ir.Stmt
	for k := 1; k <= n; k++ {
		if s.Kind != ir.DoWhile && !isTrue(s.Cond) {
			list = append(list, test())
		}
		cont := fmt.Sprintf("__ladr_cont%d_%d", id, k)
		suffix := fmt.Sprintf("_u%d_%d", id, k)
		cl := &ir.Cloner{Label: func(l string) string {
			if defined[l] {
				return l + suffix
			}
			return l
		}}
		body := cl.Block(s.Body)
		rewriteOutsideLoops(body, func(st ir.Stmt) []ir.Stmt {
			switch x := st.(type) {
			case *ir.Break:
				return []ir.Stmt{&ir.Goto{Loc: x.Loc, Label: brk}}
			case *ir.Continue:
				return []ir.Stmt{&ir.Goto{Loc: x.Loc, Label: cont}}
			}
			return []ir.Stmt{st}
		})
		list = append(list, body, &ir.Label{Loc: loc, Name: cont})
		if s.Post != nil {
			list = append(list, &ir.ExprStmt{Loc: loc, X: (&ir.Cloner{}).Expr(s.Post)})
		}
		if s.Kind == ir.DoWhile && k < n && !isTrue(s.Cond) {
			list = append(list, test())
		}
		u.size += countStmts(body)
		if u.size > u.lim.maxStmts() {
			return nil, &UnsupportedError{Pos: loc.Pos, What: fmt.Sprintf("program larger than %d statements after unwinding", u.lim.maxStmts())}
		}
	}
	what := fmt.Sprintf("loop %s.%d at line %d unwound %d times", loc.Func, s.ID, loc.Pos.Line, n)
	if !u.seen[loc.Pos] {
		u.seen[loc.Pos] = true
		u.notes.cut(loc.Pos, "%s", what)
	}
	var c ir.Expr = ir.IntConst(1)
	if s.Cond != nil {
		c = (&ir.Cloner{}).Expr(s.Cond)
	}
	list = append(list, boundCall(u.prog, loc, c, what), &ir.Label{Loc: loc, Name: brk})
	return &ir.Block{Loc: loc, List: list}, nil
}

// continueGotos turns a goto back to the label(s) at the very start of a
// loop body into continue (CIL writes continue as goto while_continue).
func continueGotos(body *ir.Block) {
	heads := map[string]bool{}
	for _, s := range body.List {
		l, ok := s.(*ir.Label)
		if !ok {
			break
		}
		heads[l.Name] = true
	}
	if len(heads) == 0 {
		return
	}
	rewriteOutsideLoops(body, func(s ir.Stmt) []ir.Stmt {
		if g, ok := s.(*ir.Goto); ok && heads[g.Label] {
			return []ir.Stmt{&ir.Continue{Loc: g.Loc}}
		}
		return []ir.Stmt{s}
	})
}

// checkForward reports a goto to a label that precedes it (or that does not
// exist): after unwinding every jump must go forward.
func checkForward(b *ir.Block) error {
	pos := map[string]int{}
	var gotos []*ir.Goto
	var gotoAt []int
	i := 0
	ir.Inspect(ir.Stmt(b), func(x any) bool {
		switch s := x.(type) {
		case *ir.Label:
			pos[s.Name] = i
		case *ir.Goto:
			gotos = append(gotos, s)
			gotoAt = append(gotoAt, i)
		case ir.Expr:
			return false
		}
		i++
		return true
	})
	for k, g := range gotos {
		p, ok := pos[g.Label]
		if !ok {
			return &UnsupportedError{Pos: g.Loc.Pos, What: "goto " + g.Label + " into a loop or to a missing label"}
		}
		if p < gotoAt[k] {
			return &UnsupportedError{Pos: g.Loc.Pos, What: "backward goto " + g.Label + " (a loop built from goto)"}
		}
	}
	return nil
}
