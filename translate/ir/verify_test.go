package ir_test

import (
	"strings"
	"testing"

	"github.com/ladr-dev/ladr/translate/ir"
)

// program returns a program of the given globals, structs and main body,
// every statement located in main.
func program(globals []*ir.Var, structs []*ir.Struct, body ...ir.Stmt) *ir.Program {
	f := mainFunc(body...)
	ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
		if s, ok := n.(ir.Stmt); ok {
			s.Origin().Func = "main"
		}
		return true
	})
	return &ir.Program{Globals: globals, Structs: structs, Funcs: []*ir.Function{f}}
}

func TestVerify(t *testing.T) {
	g := global("g", intT)
	x, y := local("x", intT), local("y", intT)
	st := &ir.Struct{Tag: "s", Complete: true, Fields: []*ir.Field{{Name: "a", Type: intT}}}
	other := &ir.Struct{Tag: "o", Complete: true, Fields: []*ir.Field{{Name: "a", Type: intT}}}
	sv := global("sv", st)
	undeclared := &ir.Function{Name: "h", Type: fn(ir.IntType)}
	for _, tc := range []struct {
		name string
		prog func() *ir.Program
		want string // "" for a valid program
	}{
		{"valid", func() *ir.Program {
			return program([]*ir.Var{g, sv}, []*ir.Struct{st},
				decl(x, ref(g)),
				&ir.If{Cond: ref(x), Then: block(decl(y, ref(x)), stmt(assign(ref(g), ref(y))))},
				&ir.Loop{Cond: ref(x), Body: block(&ir.Break{}, &ir.Goto{Label: "L"})},
				&ir.Label{Name: "L"},
				stmt(assign(ref(g), &ir.Member{X: ref(sv), Field: st.Fields[0], T: intT})))
		}, ""},
		{"nil statement", func() *ir.Program { return program(nil, nil, nil) }, "nil statement"},
		{"nil operand", func() *ir.Program {
			return program([]*ir.Var{g}, nil, stmt(&ir.Binary{Op: ir.Add, X: ref(g), T: intT}))
		}, "*ir.Binary without an operand"},
		{"untyped", func() *ir.Program {
			return program([]*ir.Var{g}, nil, stmt(&ir.Binary{Op: ir.Add, X: ref(g), Y: ref(g)}))
		}, "untyped *ir.Binary"},
		{"undeclared variable", func() *ir.Program { return program(nil, nil, stmt(ref(g))) }, "g is used out of its scope or undeclared"},
		{"out of scope", func() *ir.Program {
			return program(nil, nil, block(decl(x, nil)), stmt(ref(x)))
		}, "x is used out of its scope"},
		{"used before declared", func() *ir.Program {
			return program(nil, nil, stmt(ref(x)), decl(x, nil))
		}, "x is used out of its scope"},
		{"declared twice", func() *ir.Program {
			return program(nil, nil, decl(x, nil), block(decl(x, nil)))
		}, "local x declared twice"},
		{"undeclared function", func() *ir.Program {
			return program(nil, nil, stmt(&ir.Call{Fn: &ir.FuncRef{Fn: undeclared}, T: intT}))
		}, "function h is not in Program.Funcs"},
		{"missing label", func() *ir.Program { return program(nil, nil, &ir.Goto{Label: "L"}) }, "goto L: no such label"},
		{"label twice", func() *ir.Program {
			return program(nil, nil, &ir.Label{Name: "L"}, &ir.Label{Name: "L"})
		}, "label L defined twice"},
		{"break outside a loop", func() *ir.Program { return program(nil, nil, &ir.Break{}) }, "break outside a loop"},
		{"unlisted struct", func() *ir.Program { return program([]*ir.Var{sv}, nil) }, "struct s is not in Program.Structs"},
		{"foreign field", func() *ir.Program {
			return program([]*ir.Var{sv}, []*ir.Struct{st, other},
				stmt(&ir.Member{X: ref(sv), Field: other.Fields[0], T: intT}))
		}, "member a of a struct s"},
		{"no function in Loc", func() *ir.Program {
			p := program(nil, nil)
			p.Funcs[0].Body.List = append(p.Funcs[0].Body.List, &ir.Break{})
			return p
		}, "*ir.Break at - has no function in its Loc"},
		{"wrong class", func() *ir.Program { return program([]*ir.Var{x}, nil) }, "global x has class 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := ir.Verify(tc.prog())
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("Verify: %v", err)
			case tc.want != "" && err == nil:
				t.Errorf("Verify accepts the program; want %q", tc.want)
			case tc.want != "" && !strings.Contains(err.Error(), tc.want):
				t.Errorf("Verify: %v\nwant %q", err, tc.want)
			}
		})
	}
}
