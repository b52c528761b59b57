package driver

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/ladr-dev/ladr/driver/cbmc"
	"github.com/ladr-dev/ladr/translate/follow"
	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/model"
	"github.com/ladr-dev/ladr/translate/record"
)

// hidden reports whether an assignment to lvalue is not a step of the
// original program: ladr's instrumentation variables
// (model.IsInstrumentation), and CBMC's own variables (function results,
// variadic arguments, the temporaries of ++ and --, the shadow memory of
// CBMC's __CPROVER_field_decl_*, SM__..., and names with a $).
func hidden(lvalue string) bool {
	if model.IsInstrumentation(lvalue) || strings.Contains(lvalue, "$") {
		return true
	}
	for _, p := range []string{"return_value_", "va_arg", "tmp_post", "tmp_pre", "SM__"} {
		if strings.HasPrefix(lvalue, p) {
			return true
		}
	}
	return false
}

// stepKind classifies an original statement by the library functions its
// source text calls (model.Info.Step; the first kind in model.StepKind's
// order wins), "statement" when it calls none.
func stepKind(src string) string {
	kind := model.StepStatement
	isWord := func(c byte) bool {
		return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
	}
	for i := 0; i < len(src); {
		if !isWord(src[i]) {
			i++
			continue
		}
		j := i
		for j < len(src) && isWord(src[j]) {
			j++
		}
		name := src[i:j]
		k := j
		for k < len(src) && strings.IndexByte(" \t\n\f\r", src[k]) >= 0 {
			k++
		}
		if k < len(src) && src[k] == '(' {
			if sk := model.Lookup(name).Step; sk != model.StepStatement && (kind == model.StepStatement || sk < kind) {
				kind = sk
			}
		}
		i = j
	}
	return kind.String()
}

// createdThread returns i for an assignment to __ladr_active[i], the
// creation of thread i.
func createdThread(lvalue string) (int, bool) {
	rest, ok := strings.CutPrefix(lvalue, model.VarActive+"[")
	if !ok {
		return 0, false
	}
	n := 0
	for n < len(rest) && '0' <= rest[n] && rest[n] <= '9' {
		n++
	}
	id, err := strconv.Atoi(rest[:n])
	return id, err == nil
}

// traceBuilder turns CBMC's trace of the sequentialized program into the
// steps of the original program.
type traceBuilder struct {
	m     *mapper
	steps []Step
	lines map[string][]string // source files' lines
	cur   *Step               // the step being extended
}

// buildTrace computes the source-level interleaving of a counterexample.
func (m *mapper) buildTrace(trace []cbmc.Step) []Step {
	tb := &traceBuilder{m: m, lines: map[string][]string{}}
	// The values of calls of functions defined nowhere that the
	// translation assumed return any value are choices too.
	var assumed map[string]bool
	if m.u != nil && m.u.Prog != nil {
		assumed = record.ChoiceFuncs(m.u.Prog)
	}
	isChoice := func(fn string) bool { return model.Lookup(fn).Op == model.OpNondet || assumed[fn] }
	pending := false // a thread (not the driver) called a nondet function
	for i := 0; i < len(trace); i++ {
		st := trace[i]
		if st.Hidden {
			continue
		}
		if st.Type == cbmc.StepFunctionCall && isChoice(st.Function.DisplayName) {
			// A followed witness's choices are not the program's.
			// Nor are the choices of statements without a source
			// position (the race instrumentation's).
			li, ok := m.sm.Lookup(st.Location.Line)
			pending = tb.threadOf(st.Location.Function) != nil && !(ok && follow.Ghost(li.Stmt)) &&
				!(ok && li.Loc != nil && !li.Loc.Pos.IsValid())
		}
		switch st.Type {
		case cbmc.StepAssignment, cbmc.StepFunctionCall, cbmc.StepLocationOnly:
		default:
			continue
		}
		if st.Type == cbmc.StepAssignment && tb.externValue(st) {
			continue
		}
		if st.Type == cbmc.StepAssignment && st.LHS == model.VarNondetValue && isChoice(st.Location.Function) {
			if !pending || tb.cur == nil {
				continue
			}
			pending = false
			name := st.Location.Function + "()"
			if tb.cur.Source != "" && !strings.Contains(tb.cur.Source, st.Location.Function) {
				// ladr's model of an uninitialized variable, not a call
				// in the source.
				name = "(uninitialized)"
			}
			tb.cur.Values = append(tb.cur.Values, Value{Lvalue: name, Value: st.Value.Data})
			if tb.cur.Kind == "statement" {
				tb.cur.Kind = "nondet"
			}
			continue
		}
		th := tb.threadOf(st.Location.Function)
		if th == nil {
			continue
		}
		li, ok := m.sm.Lookup(st.Location.Line)
		if !ok || li.Loc == nil || !li.Loc.Pos.IsValid() || tb.synthetic(li.Stmt) {
			continue
		}
		if st.Type == cbmc.StepAssignment && hidden(st.LHS) {
			continue
		}
		if st.Type == cbmc.StepFunctionCall && strings.HasPrefix(st.Function.DisplayName, "__CPROVER_") {
			continue
		}
		s := tb.at(th, li.Loc)
		if st.Type == cbmc.StepAssignment {
			tb.assign(s, st)
		}
	}
	return tb.steps
}

// externValue records, as a step of main at the variable's declaration,
// the value the driver chose for a global declared extern and defined
// nowhere (seq.Driver.Externs); it reports whether st was that.
func (tb *traceBuilder) externValue(st cbmc.Step) bool {
	d := tb.m.u.Driver
	if d == nil || d.Main == nil || len(d.Externs) == 0 || st.Location.Function != d.Main.Name {
		return false
	}
	v := tb.m.sm.VarNamed("", st.LHS)
	if v == nil || !slices.Contains(d.Externs, v) {
		return false
	}
	s := Step{Thread: "main", ThreadID: 0, File: v.Pos.File, Line: v.Pos.Line, Column: v.Pos.Col,
		Source: tb.source(v.Pos.File, v.Pos.Line), Kind: "extern",
		Detail: "declared extern and defined nowhere: any value", Values: []Value{{Lvalue: v.Name, Value: st.Value.Data}}}
	tb.steps = append(tb.steps, s)
	tb.cur = &tb.steps[len(tb.steps)-1]
	return true
}

// threadOf maps a function of the sequentialized program to its thread.
func (tb *traceBuilder) threadOf(fn string) *ir.Thread {
	if t := threadOf(tb.m.u.Prog, fn); t != nil {
		return t
	}
	if d := tb.m.u.Driver; d != nil && d.Prefix != nil && d.Prefix.Name == fn {
		for _, t := range tb.m.u.Prog.Threads {
			if t.ID == 0 {
				return t
			}
		}
	}
	return nil
}

// synthetic reports whether s is a statement of the sequentialization
// itself: the context-switch guards, labels and their jumps, and the hops
// over labels (seq.Driver.Hop).
func (tb *traceBuilder) synthetic(s ir.Stmt) bool {
	if follow.Ghost(s) {
		return true
	}
	d := tb.m.u.Driver
	names := func(e ir.Expr, vars ...*ir.Var) bool {
		found := false
		ir.Inspect(e, func(n any) bool {
			if id, ok := n.(*ir.Ident); ok && id.Var != nil && slices.Contains(vars, id.Var) {
				found = true
			}
			return !found
		})
		return found
	}
	switch x := s.(type) {
	case *ir.Label, *ir.Goto:
		return true
	case *ir.If:
		return d != nil && names(x.Cond, d.PC, d.CS, d.Hop)
	case *ir.ExprStmt:
		// assume(cs >= k) at a bound or an exit; hop = k.
		return d != nil && names(x.X, d.CS, d.Hop)
	}
	return false
}

// at returns the step for a statement of thread th at loc, starting a new
// one (and a context switch) when the statement changes.
func (tb *traceBuilder) at(th *ir.Thread, loc *ir.Loc) *Step {
	p := loc.Pos
	if c := tb.cur; c != nil && c.ThreadID == th.ID && c.File == p.File && c.Line == p.Line {
		return c
	}
	if c := tb.cur; c != nil && c.ThreadID != th.ID {
		tb.steps = append(tb.steps, Step{Thread: th.Name, ThreadID: th.ID, Kind: "context-switch",
			Detail: fmt.Sprintf("context switch: %s -> %s", c.Thread, th.Name)})
	}
	src := tb.source(p.File, p.Line)
	s := Step{Thread: th.Name, ThreadID: th.ID, File: p.File, Line: p.Line, Column: p.Col, Function: loc.Func, Source: src, Kind: "statement"}
	s.Kind = stepKind(src)
	tb.steps = append(tb.steps, s)
	tb.cur = &tb.steps[len(tb.steps)-1]
	return tb.cur
}

// assign records an assignment of the trace in step s.
func (tb *traceBuilder) assign(s *Step, st cbmc.Step) {
	if id, ok := createdThread(st.LHS); ok && s.Kind == "create" {
		if s.CreatedThread != "" {
			// A second thread created on the same line (a loop on one
			// line) is a step of its own: a witness numbers the threads
			// by their create steps.
			n := *s
			n.Values, n.CreatedThread, n.CreatedThreadID, n.Detail = nil, "", 0, ""
			tb.steps = append(tb.steps, n)
			tb.cur = &tb.steps[len(tb.steps)-1]
			s = tb.cur
		}
		for _, t := range tb.m.u.Prog.Threads {
			if t.ID == id {
				s.CreatedThread, s.CreatedThreadID = t.Name, t.ID
				s.Detail = "creates " + t.Name + " (" + t.Func + ")"
			}
		}
		return
	}
	if strings.HasPrefix(st.LHS, model.InternalPrefix) || s.Kind == "lock" || s.Kind == "unlock" {
		return
	}
	if st.Value.Data == "" || len(st.Value.Elements) > 0 || len(st.Value.Members) > 0 || len(s.Values) >= 6 {
		return
	}
	s.Values = append(s.Values, Value{Lvalue: tb.sourceName(plainInts(st.LHS), st.Location.Function), Value: plainInts(st.Value.Data)})
}

// sourceName gives an lvalue the source's name of its variable: the printer
// renames a local that shares its name with another in the same function
// (status_1 for the second status inlined into a thread).
func (tb *traceBuilder) sourceName(lv, fn string) string {
	root := lv
	if i := strings.IndexAny(lv, "[.-"); i > 0 {
		root = lv[:i]
	}
	if tb.m.sm == nil {
		return lv
	}
	if v := tb.m.sm.VarNamed(fn, root); v != nil && !v.Synthetic && v.Name != "" && v.Name != root {
		return v.Name + lv[len(root):]
	}
	return lv
}

// intSuffix matches an integer literal with a type suffix.
var intSuffix = regexp.MustCompile(`\b(\d+)(?i:ull|llu|ul|lu|ll|u|l)\b`)

// plainInts drops the type suffixes of the integer literals CBMC prints in
// lvalues and values (ids[0l] = 1ul): the reader of the source does not
// need them.
func plainInts(s string) string { return intSuffix.ReplaceAllString(s, "$1") }

// source returns line n of file, trimmed.
func (tb *traceBuilder) source(file string, n int) string {
	ls, ok := tb.lines[file]
	if !ok {
		ls = strings.Split(sourceFile(file), "\n")
		tb.lines[file] = ls
	}
	if n < 1 || n > len(ls) {
		return ""
	}
	return strings.TrimSpace(ls[n-1])
}

// markRace marks the two racing accesses in the trace and ends it at the
// second one.
func markRace(steps []Step, r *DataRace) []Step {
	if r == nil || len(r.Accesses) < 2 {
		return steps
	}
	second, first := r.Accesses[0], r.Accesses[1]
	is := func(s Step, a Access) bool {
		return s.Kind != "context-switch" && s.Thread == a.Thread && s.File == a.File && s.Line == a.Line
	}
	j := -1
	for i := len(steps) - 1; i >= 0; i-- {
		if is(steps[i], second) {
			j = i
			break
		}
	}
	if j < 0 {
		return steps
	}
	// mark makes s an access, keeping what a creating step says (a
	// pthread_create's store of the thread id may be the access).
	mark := func(s *Step, d string) {
		if s.CreatedThread != "" && s.Detail != "" {
			d = s.Detail + "; " + d
		}
		s.Kind, s.Detail = "access", d
	}
	steps = steps[:j+1]
	mark(&steps[j], fmt.Sprintf("%s of %s (races with the %s by %s at line %d)", second.Kind, r.Location, first.Kind, first.Thread, first.Line))
	for i := j - 1; i >= 0; i-- {
		if is(steps[i], first) {
			d := fmt.Sprintf("%s of %s", first.Kind, r.Location)
			if first.Pending {
				d = fmt.Sprintf("about to %s %s: the thread stops here, before the statement", first.Kind, r.Location)
			}
			mark(&steps[i], d)
			break
		}
	}
	return steps
}

// sourceTrace is the interleaving of the original program that CBMC's
// trace of the failed property describes, ending with the violation.
func (m *mapper) sourceTrace(trace []cbmc.Step) []Step {
	steps := m.buildTrace(trace)
	if m.res.Race != nil {
		// The second racing access, marked, ends the trace.
		return markRace(steps, m.res.Race)
	}
	v := Step{Thread: m.res.Thread, File: m.res.File, Line: m.res.Line, Column: m.res.Column, Function: m.res.Function, Kind: "violation", Detail: m.res.Message}
	for _, t := range m.u.Prog.Threads {
		if t.Name == v.Thread {
			v.ThreadID = t.ID
		}
	}
	v.Source = sourceLine(v.File, v.Line)
	if n := len(steps); n > 0 && steps[n-1].ThreadID == v.ThreadID && steps[n-1].File == v.File && steps[n-1].Line == v.Line {
		// The failing statement is the last step.
		steps[n-1].Kind, steps[n-1].Detail = v.Kind, v.Detail
		return steps
	}
	return append(steps, v)
}
