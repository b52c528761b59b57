package cfront

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/libc"
)

// Unit is one translation unit of a program of several files: a C file and
// the compiler flags it alone is built with (from a compile_commands.json
// entry), which come after the Options' own.
type Unit struct {
	File         string
	Defines      []string // NAME or NAME=VALUE (cc -D)
	Undefines    []string // cc -U
	IncludePaths []string // cc -I
	Includes     []string // cc -include
	Std          string   // cc -std= ("" keeps the Options')
}

// options returns opts with u's flags added.
func (u Unit) options(opts Options) Options {
	opts.Defines = append(slices.Clip(u.Defines), opts.Defines...)
	opts.Undefines = append(slices.Clip(u.Undefines), opts.Undefines...)
	opts.IncludePaths = append(slices.Clip(opts.IncludePaths), u.IncludePaths...)
	opts.Includes = append(slices.Clip(opts.Includes), u.Includes...)
	if u.Std != "" {
		opts.Std = u.Std
	}
	return opts
}

// ParseUnits parses each translation unit with its own flags, links ladr's
// C library model into each (see link), and links the units into one
// program as a linker does: by external name. A function or variable with
// external linkage is one object however many units declare it; its
// definition is the one unit's that defines it (a tentative definition,
// int x;, in several units is one variable, as with -fcommon). Names with
// internal linkage (static) stay apart: a static function whose name
// another function has is renamed NAME__FILE. Struct and union types of
// the same tag and members are one type.
//
// Two units defining the same external function, or initialising the same
// external variable, is an *Error at the second definition naming the
// first. A function called and defined in no unit stays declared: the
// library table and model decide what a call of it does, or the check
// answers unknown at the call.
func (fe *Frontend) ParseUnits(units []Unit, opts Options) (*ir.Program, error) {
	if len(units) == 0 {
		return nil, fmt.Errorf("no translation unit")
	}
	if opts.Model == 0 {
		opts.Model = LP64
	}
	if len(units) == 1 {
		return fe.ParseFile(units[0].File, units[0].options(opts))
	}
	var progs []*ir.Program
	for _, u := range units {
		uo := u.options(opts)
		src, err := os.ReadFile(u.File)
		if err != nil {
			return nil, err
		}
		prog, err := fe.parseLinked(u.File, src, uo)
		if err != nil {
			return nil, err
		}
		progs = append(progs, prog)
	}
	prog, err := linkUnits(progs, units)
	if err != nil {
		return nil, err
	}
	renameShadowing(prog)
	if err := fe.addLibDefs(prog, opts); err != nil {
		return nil, err
	}
	return prog, nil
}

// linkUnits links the lowered units progs (of units) into one program.
func linkUnits(progs []*ir.Program, units []Unit) (*ir.Program, error) {
	l := &linker{repl: map[any]any{}}
	out := &ir.Program{}
	out.Structs = l.structs(progs)
	if err := l.funcs(out, progs, units); err != nil {
		return nil, err
	}
	if err := l.globals(out, progs); err != nil {
		return nil, err
	}
	for _, p := range progs {
		out.Header = append(out.Header, p.Header...)
	}
	// Every reference to a merged object now names its canonical one.
	s := &substituter{l: l, seen: map[visit]bool{}}
	s.walk(reflect.ValueOf(out))
	return out, nil
}

// linker records which object of the units stands for which: the
// canonical one of each struct type, member, function and variable merged.
type linker struct {
	repl map[any]any
}

// find returns the canonical object of x.
func (l *linker) find(x any) any {
	for {
		y, ok := l.repl[x]
		if !ok {
			return x
		}
		x = y
	}
}

// structs merges the struct and union types of progs: one type per tag and
// shape (an incomplete type joins its tag's complete one when that is one
// shape), one per shape for anonymous ones. It returns the canonical types
// in an order in which their definitions can be printed.
func (l *linker) structs(progs []*ir.Program) []*ir.Struct {
	canon := map[string]*ir.Struct{}      // shape key → canonical
	complete := map[string][]string{}     // tag → shape keys of complete types
	incomplete := map[string]*ir.Struct{} // tag → first incomplete type
	var all []*ir.Struct
	for _, p := range progs {
		all = append(all, p.Structs...)
	}
	for _, s := range all {
		if !s.Complete {
			continue
		}
		k := shapeKey(s, 0)
		if c, ok := canon[k]; ok {
			l.mapStruct(s, c)
			continue
		}
		canon[k] = s
		if s.Tag != "" {
			tk := tagKey(s)
			complete[tk] = append(complete[tk], k)
		}
	}
	for _, s := range all {
		if s.Complete {
			continue
		}
		tk := tagKey(s)
		if ks := complete[tk]; len(ks) == 1 {
			l.repl[s] = canon[ks[0]]
		} else if c, ok := incomplete[tk]; ok {
			l.repl[s] = c
		} else {
			incomplete[tk] = s
		}
	}
	var out []*ir.Struct
	for _, s := range all {
		if _, merged := l.repl[s]; !merged {
			out = append(out, s)
		}
	}
	return out
}

// mapStruct makes c the canonical type of s (of the same shape), member by
// member, anonymous member types included.
func (l *linker) mapStruct(s, c *ir.Struct) {
	if s == c {
		return
	}
	l.repl[s] = c
	for i, f := range s.Fields {
		l.repl[f] = c.Fields[i]
		if fs, ok := f.Type.(*ir.Struct); ok && fs.Tag == "" {
			if cs, ok := c.Fields[i].Type.(*ir.Struct); ok {
				l.mapStruct(fs, cs)
			}
		}
	}
}

// tagKey names a tagged struct or union type.
func tagKey(s *ir.Struct) string {
	if s.Union {
		return "union " + s.Tag
	}
	return "struct " + s.Tag
}

// shapeKey describes a complete struct type: its tag, attributes and
// members; two types of one key are the same type. Member types name
// tagged struct types by tag and describe anonymous ones.
func shapeKey(s *ir.Struct, depth int) string {
	var b strings.Builder
	b.WriteString(tagKey(s))
	fmt.Fprintf(&b, " packed=%t align=%d {", s.Packed, s.Align)
	for _, f := range s.Fields {
		fmt.Fprintf(&b, "%s:%s", f.Name, typeKey(f.Type, depth+1))
		if f.BitField {
			fmt.Fprintf(&b, ":%d", f.Bits)
		}
		fmt.Fprintf(&b, "@%d;", f.Align)
	}
	b.WriteString("}")
	return b.String()
}

// typeKey describes t for shapeKey.
func typeKey(t ir.Type, depth int) string {
	switch t := t.(type) {
	case *ir.Struct:
		if t.Tag != "" || depth > 8 {
			return tagKey(t)
		}
		return shapeKey(t, depth)
	case *ir.Pointer:
		return "*" + typeKey(t.Elem, depth+1)
	case *ir.Array:
		return "[" + strconv.FormatInt(t.Len, 10) + "]" + typeKey(t.Elem, depth+1)
	case *ir.Func:
		var b strings.Builder
		b.WriteString("func(")
		for _, p := range t.Params {
			b.WriteString(typeKey(p, depth+1) + ",")
		}
		fmt.Fprintf(&b, "...%t)%s", t.Variadic, typeKey(t.Result, depth+1))
		return b.String()
	case nil:
		return "<nil>"
	}
	return t.String()
}

// funcs merges the functions of progs into out: external functions by
// name, static ones renamed when their name is taken.
func (l *linker) funcs(out *ir.Program, progs []*ir.Program, units []Unit) error {
	ext := map[string]int{} // name → index in out.Funcs
	var statics []*ir.Function
	staticUnit := map[*ir.Function]int{}
	for ui, p := range progs {
		for _, f := range p.Funcs {
			if f.Static {
				statics = append(statics, f)
				staticUnit[f] = ui
				continue
			}
			i, ok := ext[f.Name]
			if !ok {
				ext[f.Name] = len(out.Funcs)
				out.Funcs = append(out.Funcs, f)
				continue
			}
			g := out.Funcs[i]
			switch {
			case f.Body == nil:
				l.repl[f] = g
			case g.Body == nil || libraryDef(g) && !libraryDef(f):
				l.repl[g] = f
				out.Funcs[i] = f
			case libraryDef(f) || f.Pos == g.Pos || f.Inline:
				// The library model linked into two units, a header's
				// definition included twice, an inline definition.
				l.repl[f] = g
			default:
				return &Error{Pos: f.Pos, Msg: fmt.Sprintf("function %s is defined twice: here and at %s", f.Name, g.Pos)}
			}
		}
	}
	taken := map[string]bool{}
	for _, f := range out.Funcs {
		taken[f.Name] = true
	}
	// A static function of a system header or of the library model that
	// several units include is one function.
	shared := map[string]*ir.Function{}
	for _, f := range statics {
		if !userFile(f.Pos.File) && f.Body != nil {
			key := f.Name + "@" + f.Pos.String()
			if g, ok := shared[key]; ok {
				l.repl[f] = g
				continue
			}
			shared[key] = f
		}
		if taken[f.Name] {
			base := f.Name + "__" + cName(strings.TrimSuffix(filepath.Base(units[staticUnit[f]].File), filepath.Ext(units[staticUnit[f]].File)))
			name := base
			for n := 1; taken[name]; n++ {
				name = base + "_" + strconv.Itoa(n)
			}
			f.Name = name
		}
		taken[f.Name] = true
		out.Funcs = append(out.Funcs, f)
	}
	return nil
}

// libraryDef reports whether f is defined by ladr's C library model or a
// system header rather than by the program.
func libraryDef(f *ir.Function) bool {
	return f.Body != nil && (libc.IsModelFile(f.Pos.File) || !userFile(f.Pos.File))
}

// cName turns s into a C identifier's part.
func cName(s string) string {
	b := []byte(s)
	for i, c := range b {
		if !(c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9') {
			b[i] = '_'
		}
	}
	return string(b)
}

// globals merges the global variables of progs into out: external ones by
// name (the definition with an initializer, else a tentative one, else a
// declaration stands for all), static ones each its own.
func (l *linker) globals(out *ir.Program, progs []*ir.Program) error {
	ext := map[string]int{}
	rank := func(v *ir.Var) int {
		switch {
		case v.Init != nil:
			return 2
		case !v.Extern:
			return 1
		}
		return 0
	}
	for _, p := range progs {
		for _, v := range p.Globals {
			if v.Static || v.Class != ir.Global {
				out.Globals = append(out.Globals, v)
				continue
			}
			i, ok := ext[v.Name]
			if !ok {
				ext[v.Name] = len(out.Globals)
				out.Globals = append(out.Globals, v)
				continue
			}
			g := out.Globals[i]
			if v.Init != nil && g.Init != nil && userFile(v.Pos.File) && userFile(g.Pos.File) && v.Pos != g.Pos {
				return &Error{Pos: v.Pos, Msg: fmt.Sprintf("variable %s is defined twice: here and at %s", v.Name, g.Pos)}
			}
			if rank(v) > rank(g) {
				l.repl[g] = v
				out.Globals[i] = v
			} else {
				l.repl[v] = g
			}
		}
	}
	return nil
}

// visit is a pointer the substituter has walked.
type visit struct {
	t reflect.Type
	p uintptr
}

// substituter replaces every reference to a merged object with its
// canonical one, walking the program's objects by reflection (the IR's
// fields are all exported).
type substituter struct {
	l    *linker
	seen map[visit]bool
}

// walk substitutes within v, which is settable or a pointer.
func (s *substituter) walk(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return
		}
		if c, ok := s.l.repl[v.Interface()]; ok && v.CanSet() {
			v.Set(reflect.ValueOf(s.l.find(c)))
		}
		k := visit{v.Type(), v.Pointer()}
		if s.seen[k] {
			return
		}
		s.seen[k] = true
		s.walk(v.Elem())
	case reflect.Interface:
		if v.IsNil() {
			return
		}
		e := v.Elem()
		if e.Kind() == reflect.Pointer && !e.IsNil() {
			if c, ok := s.l.repl[e.Interface()]; ok && v.CanSet() {
				v.Set(reflect.ValueOf(s.l.find(c)))
				e = v.Elem()
			}
		}
		if e.Kind() == reflect.Pointer {
			s.walk(e)
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			s.walk(v.Field(i))
		}
	case reflect.Slice, reflect.Array:
		for i := 0; i < v.Len(); i++ {
			s.walk(v.Index(i))
		}
	case reflect.Map:
		for _, k := range v.MapKeys() {
			e := v.MapIndex(k)
			if e.Kind() == reflect.Pointer || e.Kind() == reflect.Interface {
				if !e.IsNil() {
					if c, ok := s.l.repl[e.Interface()]; ok {
						v.SetMapIndex(k, reflect.ValueOf(s.l.find(c)))
						e = v.MapIndex(k)
					}
				}
				if e.Kind() == reflect.Interface {
					e = e.Elem()
				}
				if e.Kind() == reflect.Pointer {
					s.walk(e)
				}
			}
		}
	}
}
