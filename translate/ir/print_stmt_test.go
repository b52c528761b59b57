package ir_test

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/ladr-dev/ladr/translate/ir"
)

func TestPrintLabelsAndGotos(t *testing.T) {
	x := local("x", ir.IntType)
	y := local("y", ir.IntType)
	prog := &ir.Program{Funcs: []*ir.Function{{
		Name: "f", Type: fn(ir.IntType),
		Body: block(
			decl(x, lit(0)),
			&ir.Goto{Label: "skip"},
			stmt(assign(ref(x), lit(1))),
			&ir.Label{Name: "skip"},
			// A declaration right after a label.
			decl(y, ref(x)),
			&ir.Label{Name: "back"},
			stmt(un(ir.PreInc, ref(x))),
			&ir.If{Cond: bin(ir.Lt, ref(x), lit(3)), Then: block(&ir.Goto{Label: "back"})},
			block(
				&ir.If{Cond: ref(y), Then: block(&ir.Goto{Label: "end"}), Else: block(&ir.Goto{Label: "inner_end"})},
				stmt(un(ir.PostDec, ref(y))),
				// A label as the last statement of a block.
				&ir.Label{Name: "inner_end"},
			),
			&ir.Label{Name: "l1"},
			&ir.Label{Name: "l2"},
			&ir.Label{Name: "end"},
			&ir.Return{X: ref(x)},
			// A label as the last statement of a function.
			&ir.Label{Name: "unreachable"},
		),
	}, mainFunc()}}
	text, sm := printProg(t, prog)
	for _, want := range []string{
		"  goto skip;\n", "skip:;\n  int y = x;\n", "back:;\n", "    goto back;\n",
		"  inner_end:;\n  }\n", "l1:;\nl2:;\nend:;\n", "unreachable:;\n}\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the printed program lacks %q", want)
		}
	}
	// Every label line is mapped to its label.
	ls := lines(text)
	n := 0
	for line, li := range sm.Lines {
		if l, ok := li.Stmt.(*ir.Label); ok {
			n++
			if strings.TrimSpace(ls[line]) != l.Name+":;" {
				t.Errorf("line %d %q is mapped to label %s", line, ls[line], l.Name)
			}
		}
	}
	if n != 7 {
		t.Errorf("%d label lines in the source map, want 7", n)
	}
	gccBoth(t, text)
}

func TestPrelude(t *testing.T) {
	text, _ := printProg(t, &ir.Program{Header: []string{"/* header line 1 */", "#define LADR_TEST_MACRO 1"}, Funcs: []*ir.Function{mainFunc()}})
	if !strings.HasPrefix(text, ir.Prelude) {
		t.Fatalf("the program does not start with the prelude")
	}
	if !strings.HasPrefix(text[len(ir.Prelude):], "/* header line 1 */\n#define LADR_TEST_MACRO 1\n") {
		t.Errorf("the header lines do not follow the prelude")
	}
	// The prelude alone compiles, declares the CBMC intrinsics ladr uses,
	// and maps __LADR_BV to an unsigned type.
	use := ir.Prelude + `
__LADR_BV(5) bv = 3;
_Static_assert(_Generic(bv, unsigned int: 1, default: 0), "__LADR_BV is unsigned int under gcc");
void use(void) {
	int x = 0;
	__CPROVER_assume(x == 0);
	__CPROVER_assert(x == 0, "msg");
	__CPROVER_field_decl_global("f", (_Bool)0);
	__CPROVER_field_decl_local("f", (_Bool)0);
	__CPROVER_set_field(&x, "f", 1);
	_Bool b = __CPROVER_get_field(&x, "f");
	__CPROVER_havoc_object(&x);
	(void)b;
}
`
	gccSyntax(t, use, false)
	gccSyntax(t, use, true)
	// Under CBMC (__CPROVER__ defined) __LADR_BV is CBMC's bit-vector type
	// and nothing is declared.
	if _, err := exec.LookPath("gcc"); err == nil {
		out, err := exec.Command("sh", "-c", "gcc -E -P -D__CPROVER__ -xc - <<'EOF'\n"+ir.Prelude+"__LADR_BV(5) bv;\nEOF\n").CombinedOutput()
		if err != nil {
			t.Fatalf("gcc -E: %v\n%s", err, out)
		}
		got := strings.TrimSpace(string(out))
		if got != "unsigned __CPROVER_bitvector[5] bv;" {
			t.Errorf("under CBMC the prelude expands to %q", got)
		}
	}
}

// TestPrintSkipsBuiltinDeclarations: functions gcc and CBMC declare
// themselves are not redeclared; other undefined functions are.
func TestPrintSkipsBuiltinDeclarations(t *testing.T) {
	decl := func(name string) *ir.Function {
		return &ir.Function{Name: name, Type: &ir.Func{Result: ir.VoidType, NoProto: true}}
	}
	prog := &ir.Program{Funcs: []*ir.Function{
		decl("__builtin_trap"), decl("__sync_synchronize"), decl("__atomic_thread_fence"), decl("__c11_atomic_init"),
		decl("__CPROVER_assume"), decl("__CPROVER_atomic_begin"), decl("external"), mainFunc(),
	}}
	text := afterPrelude(t, ir.String(prog))
	for _, f := range prog.Funcs[:6] {
		if strings.Contains(text, f.Name) {
			t.Errorf("%s is declared", f.Name)
		}
		if !ir.IsCompilerBuiltin(f.Name) && !strings.HasPrefix(f.Name, "__CPROVER_") {
			t.Errorf("IsCompilerBuiltin(%s) = false", f.Name)
		}
	}
	if !strings.Contains(text, "void external();\n") {
		t.Errorf("external is not declared")
	}
	if ir.IsCompilerBuiltin("external") || ir.IsCompilerBuiltin("printf") {
		t.Errorf("IsCompilerBuiltin is true for an ordinary function")
	}
}

// TestPrintNames: variables get unique printed names that collide neither
// with each other, nor with functions, nor with C keywords; SourceMap.Names
// maps them back.
func TestPrintNames(t *testing.T) {
	gx := global("x", ir.IntType)
	gkw := global("int", ir.IntType)
	gf := global("helper", ir.IntType)
	gempty := global("", ir.IntType)
	g2 := global("x", ir.IntType) // a second global named x
	helper := &ir.Function{Name: "helper", Type: fn(ir.IntType), Body: block(&ir.Return{X: lit(1)})}
	p := &ir.Var{Name: "x", Type: ir.IntType, Class: ir.Param}
	x1 := local("x", ir.IntType)
	x2 := local("x", ir.IntType)
	lh := local("helper", ir.IntType)
	lw := local("while", ir.IntType)
	le := local("", ir.IntType)
	f := &ir.Function{Name: "f", Type: fn(ir.IntType, ir.IntType), Params: []*ir.Var{p}, Body: block(
		decl(x1, ref(p)),
		block(decl(x2, ref(x1)), stmt(assign(ref(gx), ref(x2)))),
		decl(lh, &ir.Call{Fn: &ir.FuncRef{Fn: helper}, T: ir.IntType}),
		decl(lw, ref(gkw)),
		decl(le, ref(gempty)),
		&ir.Return{X: bin(ir.Add, bin(ir.Add, ref(lh), ref(lw)), bin(ir.Add, ref(le), bin(ir.Add, ref(g2), ref(gf))))},
	)}
	prog := &ir.Program{Globals: []*ir.Var{gx, gkw, gf, gempty, g2}, Funcs: []*ir.Function{helper, f, mainFunc()}}
	text, sm := printProg(t, prog)
	gccBoth(t, text)
	name := func(fn string, v *ir.Var) string {
		for n, w := range sm.Names[fn] {
			if w == v {
				return n
			}
		}
		return ""
	}
	seen := map[string]*ir.Var{}
	for _, v := range []*ir.Var{gx, gkw, gf, gempty, g2} {
		n := name("", v)
		if n == "" {
			t.Errorf("global %q has no printed name", v.Name)
			continue
		}
		if seen[n] != nil {
			t.Errorf("two globals are printed as %s", n)
		}
		seen[n] = v
		if sm.VarNamed("f", n) != v {
			t.Errorf("VarNamed(f, %s) is not the global", n)
		}
	}
	if name("", gx) != "x" || name("", g2) == "x" || name("", gkw) == "int" || name("", gf) == "helper" || name("", gempty) == "" {
		t.Errorf("global names: x=%q x'=%q int=%q helper=%q empty=%q", name("", gx), name("", g2), name("", gkw), name("", gf), name("", gempty))
	}
	for _, v := range []*ir.Var{p, x1, x2, lh, lw, le} {
		n := name("f", v)
		if n == "" {
			t.Errorf("local %q has no printed name", v.Name)
			continue
		}
		if seen[n] != nil {
			t.Errorf("%s is printed as %s, like another variable", v.Name, n)
		}
		seen[n] = v
		if sm.VarNamed("f", n) != v {
			t.Errorf("VarNamed(f, %s) is not %s", n, v.Name)
		}
	}
	if name("f", p) != "x_2" && name("f", p) == "x" {
		t.Errorf("the parameter x shadows the global x")
	}
	if sm.VarNamed("f", "nonexistent") != nil {
		t.Errorf("VarNamed finds a variable that does not exist")
	}
}

// TestSourceMap: the line a statement is printed on maps back to the
// statement, its Loc and its function; FuncLines gives the line of each
// definition; Comments appends the original position.
func TestSourceMap(t *testing.T) {
	at := func(line int, fn string) ir.Loc {
		return ir.Loc{Pos: ir.Pos{File: "orig.c", Line: line, Col: 1}, Func: fn}
	}
	x := local("x", ir.IntType)
	g := global("g", ir.IntType)
	site := &ir.InlineSite{Pos: ir.Pos{File: "orig.c", Line: 99}, Func: "main"}
	s1 := &ir.DeclStmt{Loc: at(10, "f"), Var: x, Init: &ir.Init{Expr: lit(1)}}
	s2 := &ir.ExprStmt{Loc: at(11, "f"), X: assign(ref(g), &ir.StringLit{Val: "two\nlines", ElemSize: 1, T: arr(ir.CharType, 10)})}
	s2.X = assign(ref(g), ref(x))
	s3then := &ir.ExprStmt{Loc: at(13, "f"), X: un(ir.PostInc, ref(x))}
	s3else := &ir.Goto{Loc: at(15, "f"), Label: "out"}
	s3 := &ir.If{Loc: at(12, "f"), Cond: ref(x), Then: ir.NewBlock(at(12, "f"), s3then), Else: ir.NewBlock(at(14, "f"), s3else)}
	s4body := &ir.Break{Loc: at(17, "f")}
	s4 := &ir.Loop{Loc: at(16, "f"), Kind: ir.DoWhile, Cond: ref(x), Body: ir.NewBlock(at(16, "f"), s4body)}
	s5 := &ir.Label{Loc: at(18, "f"), Name: "out"}
	s6 := &ir.Unsupported{Loc: at(19, "f"), What: "a\nmulti-line reason"}
	s7 := &ir.ExprStmt{Loc: ir.Loc{Pos: ir.Pos{File: "lib.c", Line: 5}, Func: "helper", Inline: site}, X: assign(ref(g), lit(2))}
	s8 := &ir.Return{Loc: at(20, "f"), X: ref(x)}
	f := &ir.Function{Name: "f", Type: fn(ir.IntType), Body: block(s1, s2, s3, s4, s5, s6, s7, s8)}
	m := mainFunc()
	prog := &ir.Program{Header: []string{"/* a header\n   of two lines */"}, Globals: []*ir.Var{g}, Funcs: []*ir.Function{f, m}}
	stmts := []ir.Stmt{s1, s2, s3, s3then, s3else, s4, s4body, s5, s6, s7, s8}
	prefix := map[ir.Stmt]string{s1: "int x = 1;", s2: "g = x;", s3: "if (x)", s3then: "x++;", s3else: "goto out;", s4: "do", s4body: "break;", s5: "out:;", s6: "/* ladr: unsupported: a", s7: "g = 2;", s8: "return x;"}

	for _, comments := range []bool{false, true} {
		text, sm := printOpts(t, prog, ir.PrintOptions{Comments: comments})
		ls := lines(text)
		lineOf := map[ir.Stmt]int{}
		for _, n := range sm.SortedLines() {
			li, ok := sm.Lookup(n)
			if !ok {
				t.Fatalf("Lookup(%d) fails for a line of SortedLines", n)
			}
			if li.Loc != li.Stmt.Origin() {
				t.Errorf("line %d: Loc is not the statement's Loc", n)
			}
			lineOf[li.Stmt] = n
			if li.Stmt == s1 || li.Stmt == s8 || li.Stmt == s5 {
				if li.Func != f {
					t.Errorf("line %d: Func is %v, want f", n, li.Func)
				}
			}
		}
		for _, s := range stmts {
			n, ok := lineOf[s]
			if !ok {
				t.Errorf("comments=%v: %T %q is not in the source map", comments, s, prefix[s])
				continue
			}
			got := strings.TrimSpace(ls[n])
			if !strings.HasPrefix(got, prefix[s]) {
				t.Errorf("comments=%v: the line of %q is %d: %q", comments, prefix[s], n, ls[n])
			}
			if comments {
				if _, isLabel := s.(*ir.Label); !isLabel && s != s6 {
					want := " // " + s.Origin().Pos.File + ":" + itoa(s.Origin().Pos.Line)
					if !strings.HasSuffix(ls[n], want) {
						t.Errorf("line %d %q does not end with %q", n, ls[n], want)
					}
				}
			}
		}
		if li, _ := sm.Lookup(lineOf[s7]); li.Loc.Inline != site {
			t.Errorf("the inline chain of a statement is not in its LineInfo")
		}
		for _, fn := range []*ir.Function{f, m} {
			if n, ok := sm.FuncLines[fn]; !ok || !strings.HasPrefix(ls[n], "int "+fn.Name+"(void)") {
				t.Errorf("FuncLines[%s] = %d (%q)", fn.Name, n, ls[n])
			}
		}
		// Lines that hold no statement are not mapped.
		if _, ok := sm.Lookup(1); ok {
			t.Errorf("line 1 (the prelude) is mapped")
		}
		if _, ok := sm.Lookup(sm.FuncLines[f]); ok {
			t.Errorf("the line of a function head is mapped to a statement")
		}
		gccSyntax(t, text, false)
	}
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}
