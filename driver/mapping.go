package driver

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/ladr-dev/ladr/driver/cbmc"
	"github.com/ladr-dev/ladr/property"
	"github.com/ladr-dev/ladr/translate"
	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/libc"
	"github.com/ladr-dev/ladr/translate/seq"
)

// undefinedError is a failed assertion of kind seq.KindUndefined or
// seq.KindUnmodelled: the program reaches a behaviour that is undefined
// and that ladr does not pick (the unlock of a normal mutex the thread
// does not hold), or that ladr does not model.
type undefinedError struct {
	Kind string // seq.KindUndefined or seq.KindUnmodelled
	What string
	Pos  ir.Pos
}

func (e *undefinedError) Error() string {
	if e.Kind == seq.KindUnmodelled {
		return "not modelled: " + e.What
	}
	return "undefined behaviour: " + e.What
}

// mapper maps a failed CBMC run back to the original program.
type mapper struct {
	u *translate.Unit
	// inst is the property's instrumentation (nil when it has none): it
	// explains the failures of its own assertions.
	inst property.Instrumentation
	sm   *ir.SourceMap
	res  *Result
	run  *cbmc.Result
}

func (m *mapper) violation() error {
	failed := m.run.FailedProperties()
	if len(failed) == 0 {
		return errors.New("CBMC reported a failure but no failed property")
	}
	p := failed[0]
	m.res.Result = "violation"
	site, ok := m.u.Driver.Asserts[p.Description]
	var thread *ir.Thread
	if !ok {
		// The generic target reports a violation by calling reach_error():
		// find the call in the trace.
		for _, st := range p.Trace {
			if st.Type == cbmc.StepFunctionCall && st.Function.DisplayName == "reach_error" {
				if li, found := m.sm.Lookup(st.Location.Line); found {
					site, ok = m.u.Driver.SiteOf(li.Stmt)
					if li.Func != nil {
						thread = li.Func.Thread
					}
				}
			}
		}
	}
	if !ok {
		return fmt.Errorf("failed property %s (%s) is not one of ladr's assertions", p.ID, p.Description)
	}
	if site.Kind == seq.KindUnmodelledCall {
		// No violation; the paths through the call end there in the
		// relaxed re-run, whose no-violation-found is then incomplete.
		return &property.RelaxError{
			What:     "the program reaches a call ladr does not model: " + site.Text,
			Progress: "the program reaches a call ladr does not model (" + site.Text + "): checking again with the paths through it cut",
			Note:     fmt.Sprintf("the program reaches a call ladr does not model at %s (%s); checked again with the paths through it cut", site.Loc.Pos, site.Text),
		}
	}
	if m.inst != nil {
		v, err := m.inst.Explain(m.u, m.sm, site, p.Trace)
		if err != nil {
			return err
		}
		if v != nil {
			m.explained(v)
			return nil
		}
	}
	if site.Kind == seq.KindUndefined || site.Kind == seq.KindUnmodelled {
		return &undefinedError{Kind: site.Kind, What: site.Text, Pos: site.Loc.Pos}
	}
	if site.Kind == "bound" {
		return fmt.Errorf("a bound was exceeded: %s", site.Text)
	}
	if site.Kind == seq.KindDeadlock {
		return m.deadlock(p.Trace)
	}
	m.res.File, m.res.Line, m.res.Column = site.Loc.Pos.File, site.Loc.Pos.Line, site.Loc.Pos.Col
	m.res.Function = site.Loc.Func
	m.res.Message = site.Text
	fn := p.Location.Function
	for _, st := range p.Trace {
		if st.Type == cbmc.StepFailure {
			fn = st.Location.Function
		}
	}
	if t := threadOf(m.u.Prog, fn); t != nil {
		m.res.Thread = t.Name
	} else if thread != nil {
		m.res.Thread = thread.Name
	}
	return nil
}

// explained fills the result from an instrumentation's explanation.
func (m *mapper) explained(v *property.Violation) {
	m.res.Race = &DataRace{Location: v.Location}
	for _, a := range v.Accesses {
		m.res.Race.Accesses = append(m.res.Race.Accesses, m.access(a))
	}
	sec := m.res.Race.Accesses[0]
	m.res.File, m.res.Line, m.res.Column = sec.File, sec.Line, sec.Column
	m.res.Function = sec.Function
	m.res.Thread = sec.Thread
	m.res.Message = v.Message
}

func (m *mapper) access(a property.Access) Access {
	kind := "read"
	if a.Write {
		kind = "write"
	}
	p := a.Loc.Pos
	if a.Pos.IsValid() {
		p = a.Pos
	}
	fn, lv := a.Loc.Func, a.Text
	if libc.IsModelFile(p.File) {
		// An access of ladr's C library model is shown at the user's call
		// of the library function that makes it.
		for in := a.Loc.Inline; in != nil; in = in.Parent {
			if !libc.IsModelFile(in.Pos.File) {
				lv = fmt.Sprintf("%s (in %s, ladr's model of the C library at %s)", a.Text, a.Loc.Func, p)
				p, fn = in.Pos, in.Func
				break
			}
		}
	}
	acc := Access{Kind: kind, File: p.File, Line: p.Line, Column: p.Col, Function: fn, Atomic: a.Atomic, Pending: a.Pending, Lvalue: lv, Source: sourceLine(p.File, p.Line)}
	if a.Thread != nil {
		acc.Thread = a.Thread.Name
		if a.Thread.CreatedAt.IsValid() {
			acc.ThreadCreatedAt = a.Thread.CreatedAt.String()
		}
	}
	return acc
}

// sourceLine returns line n of file, trimmed ("" if unreadable).
func sourceLine(file string, n int) string {
	lines := strings.Split(sourceFile(file), "\n")
	if n < 1 || n > len(lines) {
		return ""
	}
	return strings.TrimSpace(lines[n-1])
}

// sourceFile returns the text of file ("" if unreadable); a file of
// ladr's C library model is read from the model.
func sourceFile(file string) string {
	if libc.IsModelFile(file) {
		text, _ := libc.FileText(file)
		return text
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return ""
	}
	return string(data)
}

// deadlock explains a failed deadlock check: from the trace's last values
// of the final check's variables (seq.Driver.Blocked), each live thread
// and the call it waits in for ever.
func (m *mapper) deadlock(trace []cbmc.Step) error {
	d := m.u.Driver
	last := map[string]string{}
	for _, st := range trace {
		if st.Type == cbmc.StepAssignment {
			last[st.LHS] = st.Value.Data
		}
	}
	dl := &FoundDeadlock{}
	for i, v := range d.Blocked {
		k, err := strconv.Atoi(strings.TrimRight(last[v.Name], "lLuU"))
		if err != nil || k <= 0 || k > len(d.WaitSites) {
			continue
		}
		ws := d.WaitSites[k-1]
		p := seq.UserPos(ws.Loc) // in ladr's C library model: at the user's call
		src := sourceLine(p.File, p.Line)
		call := ws.What
		if c := callAt(p.File, p.Line, p.Col, call); c != "" {
			call = c // as written (ladr may have saved or folded the arguments)
		}
		dl.Threads = append(dl.Threads, DeadlockThread{Thread: d.Layout.Threads[i].Thread.Name, Function: ws.Loc.Func,
			File: p.File, Line: p.Line, Column: p.Col, Call: call, Source: src})
	}
	if len(dl.Threads) == 0 {
		return errors.New("the deadlock check failed, but the trace does not say which threads wait")
	}
	var parts []string
	for _, t := range dl.Threads {
		parts = append(parts, fmt.Sprintf("thread %s waits in %s at %s:%d:%d", t.Thread, t.Call, t.File, t.Line, t.Column))
	}
	first := dl.Threads[0]
	m.res.Result = "violation"
	m.res.FoundDeadlock = dl
	m.res.File, m.res.Line, m.res.Column, m.res.Function, m.res.Thread = first.File, first.Line, first.Column, first.Function, first.Thread
	m.res.Message = "deadlock: " + strings.Join(parts, "; ")
	return nil
}

// callAt returns the call of the function that call names as the source
// writes it at line:col of file (name and balanced parentheses, the first
// one from the column on), or "".
func callAt(file string, line, col int, call string) string {
	lines := strings.Split(sourceFile(file), "\n")
	name, _, ok := strings.Cut(call, "(")
	if !ok || name == "" || line < 1 || line > len(lines) {
		return ""
	}
	src := lines[line-1]
	from := min(max(col-1, 0), len(src))
	i := strings.Index(src[from:], name+"(")
	if i < 0 {
		return ""
	}
	i += from
	depth := 0
	for j := i + len(name); j < len(src); j++ {
		switch src[j] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return src[i : j+1]
			}
		}
	}
	return ""
}
