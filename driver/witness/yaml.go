package witness

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/ladr-dev/ladr/driver"
)

// YAMLFormatVersion is the version of the YAML witness format written: the
// 2.2 draft, which adds thread_id to waypoints.
const YAMLFormatVersion = "2.2"

// WriteYAML writes the violation witness of r in the YAML witness format
// 2.2 (draft): one violation_sequence entry whose segments are, in order,
// the return values of __VERIFIER_nondet_* calls (function_return
// waypoints with a \result constraint), each point where the schedule hands control
// to another thread (an assumption waypoint "1" at the first statement the
// thread then runs), and a final segment with the target: for a data race
// the two racing accesses, each with its thread.
func WriteYAML(w io.Writer, r *driver.Result, info Info) error {
	if r.Result != driver.Violation {
		return fmt.Errorf("no violation to witness (the result is %s)", r.Result)
	}
	bw := bufio.NewWriter(w)
	q := func(s string) string {
		b, _ := json.Marshal(s) // a JSON string is a YAML double-quoted scalar
		return string(b)
	}
	fmt.Fprintln(bw, "- entry_type: violation_sequence")
	fmt.Fprintln(bw, "  metadata:")
	fmt.Fprintf(bw, "    format_version: %s\n", q(YAMLFormatVersion))
	fmt.Fprintf(bw, "    uuid: %s\n", q(uuid()))
	fmt.Fprintf(bw, "    creation_time: %s\n", q(info.CreationTime.Format(time.RFC3339)))
	fmt.Fprintln(bw, "    producer:")
	fmt.Fprintln(bw, "      name: \"ladr\"")
	fmt.Fprintf(bw, "      version: %s\n", q(info.Version))
	fmt.Fprintln(bw, "    task:")
	fmt.Fprintln(bw, "      input_files:")
	fmt.Fprintf(bw, "        - %s\n", q(info.ProgramFile))
	fmt.Fprintln(bw, "      input_file_hashes:")
	fmt.Fprintf(bw, "        %s: %s\n", q(info.ProgramFile), q(info.ProgramHash))
	fmt.Fprintf(bw, "      specification: %s\n", q(info.Specification))
	fmt.Fprintf(bw, "      data_model: %s\n", q(info.DataModel))
	fmt.Fprintln(bw, "      language: \"C\"")
	fmt.Fprintln(bw, "  content:")
	waypoint := func(indent, typ string, s driver.Step, constraint string) {
		fmt.Fprintf(bw, "%s- waypoint:\n", indent)
		in := indent + "    "
		fmt.Fprintf(bw, "%stype: %s\n", in, typ)
		fmt.Fprintf(bw, "%saction: follow\n", in)
		fmt.Fprintf(bw, "%slocation:\n", in)
		fmt.Fprintf(bw, "%s  file_name: %s\n", in, q(info.ProgramFile))
		fmt.Fprintf(bw, "%s  line: %d\n", in, s.Line)
		if s.Column > 0 {
			fmt.Fprintf(bw, "%s  column: %d\n", in, s.Column)
		}
		if s.Function != "" {
			fmt.Fprintf(bw, "%s  function: %s\n", in, q(s.Function))
		}
		if constraint != "" {
			fmt.Fprintf(bw, "%sconstraint:\n", in)
			fmt.Fprintf(bw, "%s  value: %s\n", in, q(constraint))
			fmt.Fprintf(bw, "%s  format: c_expression\n", in)
		}
		fmt.Fprintf(bw, "%sthread_id: %d\n", in, s.ThreadID)
	}
	evs := events(r, r.Input)
	var targets []event
	prevThread := 0
	for _, e := range evs {
		if e.target {
			targets = append(targets, e)
			continue
		}
		switch {
		case e.step.Kind == "nondet" && len(e.assumptions) == 1 && strings.Contains(e.step.Source, "__VERIFIER_nondet_"):
			// x = __VERIFIER_nondet_int(): the call returns the value.
			_, val, _ := strings.Cut(e.assumptions[0], " == ")
			fmt.Fprintln(bw, "    - segment:")
			waypoint("        ", "function_return", e.step, `\result == `+val)
		case e.step.ThreadID != prevThread:
			fmt.Fprintln(bw, "    - segment:")
			waypoint("        ", "assumption", e.step, "1")
		}
		prevThread = e.step.ThreadID
	}
	if r.Race != nil && len(targets) < 2 {
		// The race's two accesses, from the report.
		targets = targets[:0]
		for _, a := range r.Race.Accesses {
			if a.File == info.ProgramFile {
				targets = append(targets, event{step: driver.Step{ThreadID: numbering(r)(threadID(r, a.Thread)), Line: a.Line, Column: a.Column, Function: a.Function}})
			}
		}
	}
	if len(targets) > 0 {
		fmt.Fprintln(bw, "    - segment:")
		for _, t := range targets {
			waypoint("        ", "target", t.step, "")
		}
	}
	return bw.Flush()
}
