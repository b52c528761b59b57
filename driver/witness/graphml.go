package witness

import (
	"bufio"
	"encoding/xml"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/ladr-dev/ladr/driver"
)

// graphKeys are the GraphML keys a witness declares: id, for, type.
var graphKeys = [][3]string{
	{"witness-type", "graph", "string"},
	{"sourcecodelang", "graph", "string"},
	{"producer", "graph", "string"},
	{"specification", "graph", "string"},
	{"programfile", "graph", "string"},
	{"programhash", "graph", "string"},
	{"architecture", "graph", "string"},
	{"creationtime", "graph", "string"},
	{"entry", "node", "boolean"},
	{"violation", "node", "boolean"},
	{"startline", "edge", "int"},
	{"endline", "edge", "int"},
	{"threadId", "edge", "string"},
	{"createThread", "edge", "string"},
	{"enterFunction", "edge", "string"},
	{"assumption", "edge", "string"},
	{"assumption.scope", "edge", "string"},
}

// keyNames are the attr.name of keys whose id differs from it.
var keyNames = map[string]string{"entry": "isEntryNode", "violation": "isViolationNode"}

// WriteGraphML writes the violation witness of r in GraphML 1.0.
func WriteGraphML(w io.Writer, r *driver.Result, info Info) error {
	if r.Result != driver.Violation {
		return fmt.Errorf("no violation to witness (the result is %s)", r.Result)
	}
	bw := bufio.NewWriter(w)
	esc := func(s string) string {
		var b []byte
		buf := &byteWriter{b: b}
		_ = xml.EscapeText(buf, []byte(s))
		return string(buf.b)
	}
	fmt.Fprintln(bw, `<?xml version="1.0" encoding="UTF-8" standalone="no"?>`)
	fmt.Fprintln(bw, `<graphml xmlns="http://graphml.graphdrawing.org/xmlns" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">`)
	for _, k := range graphKeys {
		name := k[0]
		if n, ok := keyNames[k[0]]; ok {
			name = n
		}
		if k[2] == "boolean" {
			fmt.Fprintf(bw, " <key attr.name=%q attr.type=%q for=%q id=%q>\n  <default>false</default>\n </key>\n", name, k[2], k[1], k[0])
		} else {
			fmt.Fprintf(bw, " <key attr.name=%q attr.type=%q for=%q id=%q/>\n", name, k[2], k[1], k[0])
		}
	}
	fmt.Fprintln(bw, ` <graph edgedefault="directed">`)
	data := func(indent, key, val string) {
		fmt.Fprintf(bw, "%s<data key=%q>%s</data>\n", indent, key, esc(val))
	}
	data("  ", "witness-type", "violation_witness")
	data("  ", "sourcecodelang", "C")
	data("  ", "producer", info.Producer)
	data("  ", "specification", info.Specification)
	data("  ", "programfile", info.ProgramFile)
	data("  ", "programhash", info.ProgramHash)
	data("  ", "architecture", info.Architecture)
	data("  ", "creationtime", info.CreationTime.Format(time.RFC3339))

	evs := events(r, r.Input)
	fmt.Fprintln(bw, `  <node id="N0">`)
	data("   ", "entry", "true")
	fmt.Fprintln(bw, `  </node>`)
	for i, e := range evs {
		target := fmt.Sprintf("N%d", i+1)
		last := i == len(evs)-1
		if last {
			fmt.Fprintf(bw, "  <node id=%q>\n", target)
			data("   ", "violation", "true")
			fmt.Fprintln(bw, `  </node>`)
		} else {
			fmt.Fprintf(bw, "  <node id=%q/>\n", target)
		}
		fmt.Fprintf(bw, "  <edge source=\"N%d\" target=%q>\n", i, target)
		data("   ", "startline", strconv.Itoa(e.step.Line))
		data("   ", "endline", strconv.Itoa(e.step.Line))
		data("   ", "threadId", strconv.Itoa(e.step.ThreadID))
		if e.enter != "" {
			data("   ", "enterFunction", e.enter)
		}
		if e.create >= 0 {
			data("   ", "createThread", strconv.Itoa(e.create))
		}
		if len(e.assumptions) > 0 {
			a := ""
			for _, x := range e.assumptions {
				a += x + ";"
			}
			data("   ", "assumption", a)
			if e.step.Function != "" {
				data("   ", "assumption.scope", e.step.Function)
			}
		}
		fmt.Fprintln(bw, `  </edge>`)
	}
	if len(evs) == 0 {
		// No step in the program file: the entry is the violation.
		fmt.Fprintln(bw, `  <node id="N1">`)
		data("   ", "violation", "true")
		fmt.Fprintln(bw, `  </node>`)
		fmt.Fprintln(bw, `  <edge source="N0" target="N1"/>`)
	}
	fmt.Fprintln(bw, ` </graph>`)
	fmt.Fprintln(bw, `</graphml>`)
	return bw.Flush()
}

type byteWriter struct{ b []byte }

func (w *byteWriter) Write(p []byte) (int, error) { w.b = append(w.b, p...); return len(p), nil }
