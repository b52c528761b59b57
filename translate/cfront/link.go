package cfront

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/libc"
	"github.com/ladr-dev/ladr/translate/model"
	"modernc.org/cc/v4"
)

// maxLinkRounds bounds the re-parses of link: each round adds the models
// the previous round's models need (their dependencies are shallow).
const maxLinkRounds = 8

// link links ladr's C library model (package libc) into prog, the lowered
// translation unit src named name: the functions prog calls or takes the
// address of, declares without defining and the library table does not
// know, and that a model file provides, are defined by parsing the unit
// again with the model files appended, until no model needs another one;
// and when main takes argc and argv, it receives them from the model of
// its arguments (see mainArgs). The user's definition of a function always
// wins (only undefined functions are wanted).
//
// A preprocessed input (.i, an SV-COMP task) carries its own copy of the
// system headers' declarations, which the model's #includes may redeclare
// in conflict, and a program may name a variable like the library's
// (optind): when linking fails, the program stays as it is (its calls of
// undefined functions are then treated as without the model: unknown when
// they take pointers).
//
// ast is the translation unit prog was lowered from; link returns the
// program, the translation unit it was lowered from, and whether the
// library models were linked in (afterLink ran).
func (fe *Frontend) link(prog *ir.Program, ast *cc.AST, name string, src []byte, opts Options) (*ir.Program, *cc.AST, bool, error) {
	want := map[string]bool{}
	args := mainTakesArgs(prog)
	var defines []string
	if refersToAny(prog, signalInstallers) {
		defines = append(defines, libc.SignalHandlersMacro)
	}
	orig, origAST := prog, ast
	for round := 0; ; round++ {
		need := neededModels(prog, want)
		if len(need) == 0 && (!args || round > 0) {
			break
		}
		if round >= maxLinkRounds {
			return nil, nil, false, fmt.Errorf("linking ladr's C library model: still needs %s after %d rounds", strings.Join(need, ", "), round)
		}
		for _, n := range need {
			want[n] = true
		}
		var ws []string
		for w := range want {
			ws = append(ws, w)
		}
		sort.Strings(ws)
		extra := libc.Sources(ws, defines)
		if args {
			base := strings.TrimSuffix(filepath.Base(name), filepath.Ext(name))
			extra = append(extra, libc.ArgsSource(base, opts.Args))
		}
		next, nextAST, err := fe.parse(name, src, opts, extra)
		if err != nil {
			// The program's declarations conflict with the model's (a
			// preprocessed input's copy of the system headers, a variable
			// of the program named like the library's): the program
			// stays as it is, its calls of undefined functions unknown.
			return orig, origAST, false, nil
		}
		prog, ast = next, nextAST
	}
	return prog, ast, true, afterLink(prog)
}

// afterLink completes a program lowered with the library models it needs:
// main's arguments, and the calls of variadic functions that have models.
func afterLink(prog *ir.Program) error {
	if mainTakesArgs(prog) {
		if err := mainArgs(prog); err != nil {
			return err
		}
	}
	callVariadicModels(prog)
	return nil
}

// callVariadicModels makes the calls of a variadic library function F whose
// model is __ladr_va_F (a model cannot read variadic arguments: ladr does
// not lower va_arg) call the model, passing the fixed and the variadic
// arguments converted to its parameters' types, and zero for the
// parameters a call does not pass. A call whose first argument is an
// integer constant K calls __ladr_va_F_K instead when the model has it
// (syscall(SYS_gettid)), with the arguments after the first.
func callVariadicModels(prog *ir.Program) {
	models := map[*ir.Function]*ir.Function{}
	variadic := map[*ir.Function]bool{}
	for _, f := range prog.Funcs {
		if f.Body == nil && f.Type != nil && f.Type.Variadic {
			variadic[f] = true
			if m := prog.Func(libc.VariadicPrefix + f.Name); m != nil && m.Body != nil && !m.Type.Variadic {
				models[f] = m
			}
		}
	}
	if len(variadic) == 0 {
		return
	}
	selected := func(f *ir.Function, args []ir.Expr) *ir.Function {
		if len(args) == 0 {
			return nil
		}
		k, ok := ir.Uncast(args[0]).(*ir.IntLit)
		if !ok {
			return nil
		}
		m := prog.Func(fmt.Sprintf("%s%s_%d", libc.VariadicPrefix, f.Name, k.Val))
		if m == nil || m.Body == nil || m.Type.Variadic {
			return nil
		}
		return m
	}
	for _, f := range prog.Funcs {
		if f.Body == nil {
			continue
		}
		ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
			c, ok := n.(*ir.Call)
			if !ok {
				return true
			}
			r, ok := c.Fn.(*ir.FuncRef)
			if !ok || !variadic[r.Fn] {
				return true
			}
			m, given := models[r.Fn], c.Args
			if s := selected(r.Fn, c.Args); s != nil {
				m, given = s, c.Args[1:]
			}
			if m == nil {
				return true
			}
			args := make([]ir.Expr, len(m.Type.Params))
			for i, pt := range m.Type.Params {
				if i < len(given) {
					args[i] = &ir.Cast{X: given[i], T: pt, P: given[i].Pos()}
				} else {
					args[i] = &ir.Cast{X: ir.IntConst(0), T: pt}
				}
			}
			c.Fn, c.Args = &ir.FuncRef{Fn: m, P: r.P}, args
			return true
		})
	}
}

// signalInstallers are the functions that install a signal handler.
var signalInstallers = []string{"signal", "sigaction", "sigset", "bsd_signal", "sysv_signal", "__sysv_signal", "sigvec"}

// refersToAny reports whether a function of prog calls or takes the
// address of one of the functions named.
func refersToAny(prog *ir.Program, names []string) bool {
	found := false
	for _, f := range prog.Funcs {
		if f.Body == nil || found {
			continue
		}
		ir.Inspect(ir.Stmt(f.Body), func(n any) bool {
			if r, ok := n.(*ir.FuncRef); ok && r.Fn != nil {
				for _, name := range names {
					if r.Fn.Name == name {
						found = true
					}
				}
			}
			return !found
		})
	}
	return found
}

// neededModels returns, sorted, the functions prog refers to (calls or
// takes the address of) without defining them that the library table does
// not know (or that are the model's own helpers, __ladr_*) and that a model
// file provides, leaving out those in have.
func neededModels(prog *ir.Program, have map[string]bool) []string {
	refs := map[*ir.Function]bool{}
	visit := func(n any) bool {
		if r, ok := n.(*ir.FuncRef); ok && r.Fn != nil {
			refs[r.Fn] = true
		}
		return true
	}
	ir.InspectProgram(prog, visit)
	var need []string
	for f := range refs {
		if f.Body != nil || have[f.Name] {
			continue
		}
		if model.Lookup(f.Name).Kind != model.Unknown && !strings.HasPrefix(f.Name, "__ladr_") {
			continue
		}
		if _, ok := libc.Provider(f.Name); ok {
			need = append(need, f.Name)
		}
	}
	sort.Strings(need)
	return need
}

// mainTakesArgs reports whether prog's main is defined with parameters
// (argc, argv and possibly envp) and uses them.
func mainTakesArgs(prog *ir.Program) bool {
	m := prog.Func("main")
	if m == nil || m.Body == nil || len(m.Params) < 2 {
		return false
	}
	params := map[*ir.Var]bool{}
	for _, p := range m.Params {
		params[p] = true
	}
	used := false
	ir.Inspect(ir.Stmt(m.Body), func(n any) bool {
		if id, ok := n.(*ir.Ident); ok && params[id.Var] {
			used = true
		}
		return !used
	})
	return used
}

// mainArgs makes main's parameters start as the model of its arguments
// (libc.ArgsSource): argc = __ladr_args(); argv = __ladr_argv; and envp,
// if main has it, an empty environment.
func mainArgs(prog *ir.Program) error {
	m := prog.Func("main")
	fn := prog.Func(libc.ArgsFunc)
	argv := prog.Func(libc.ArgvFunc)
	envp := prog.Func(libc.EnvpFunc)
	if fn == nil || fn.Body == nil || argv == nil || argv.Body == nil || envp == nil || envp.Body == nil {
		return fmt.Errorf("linking ladr's model of main's arguments: %s is missing", libc.ArgsFunc)
	}
	loc := ir.Loc{Pos: m.Pos, Func: "main"}
	var pre []ir.Stmt
	for i, p := range m.Params {
		var v ir.Expr
		switch i {
		case 0:
			v = ir.CallFn(fn)
		case 1:
			v = ir.CallFn(argv)
		case 2:
			v = ir.CallFn(envp)
		default:
			continue
		}
		if i == 0 && !ir.IsInteger(p.Type) || i > 0 && !ir.IsPointer(p.Type) {
			return &Error{Pos: p.Pos, Msg: fmt.Sprintf("main's parameter %s has type %s, not the type C gives it", p.Name, ir.TypeString(p.Type))}
		}
		if i > 0 {
			v = &ir.Cast{X: v, T: p.Type}
		}
		pre = append(pre, &ir.ExprStmt{Loc: loc, X: &ir.Assign{L: ir.Ref(p), R: v, T: p.Type, P: m.Pos}})
	}
	m.Body.List = append(pre, m.Body.List...)
	return nil
}
