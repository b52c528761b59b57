package witness

import (
	"bytes"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/hex"
	"encoding/xml"
	"fmt"
	"os"
	"path"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/ladr-dev/ladr/translate/follow"
)

// Witness is a violation witness read back (Read): what it says about its
// program and the waypoints a run must pass.
type Witness struct {
	// Format is "graphml" or "yaml".
	Format string
	// Producer is the tool that wrote it ("" when it does not say).
	Producer string
	// ProgramFile and ProgramHash are the program the witness is for, as
	// it names it (either may be "").
	ProgramFile string
	ProgramHash string
	// Specification is the property text (an SV-COMP .prp line).
	Specification string
	// DataModel is ILP32 or LP64 ("" when the witness does not say).
	DataModel string
	// Follow is what a run must pass.
	Follow follow.Spec
	// Notes are the parts of the witness the reader leaves out.
	Notes []string
}

// Read reads a violation witness in GraphML 1.0 or YAML 2.x (the format
// is told by the content).
func Read(path string) (*Witness, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	w, err := Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return w, nil
}

// Parse reads a violation witness from its content.
func Parse(data []byte) (*Witness, error) {
	parse := parseYAML
	if bytes.HasPrefix(bytes.TrimSpace(data), []byte("<")) {
		parse = parseGraphML
	}
	w, err := parse(data)
	if err != nil {
		return nil, err
	}
	sameOther(w)
	return w, nil
}

// Property returns the name of the property the witness's specification
// states (property.Lookup), or "" when it states none ladr knows.
func (w *Witness) Property() string {
	s := strings.Join(strings.Fields(w.Specification), "")
	switch {
	case strings.Contains(s, "data-race"):
		return "race"
	case strings.Contains(s, "call(reach_error())"), strings.Contains(s, "call(__VERIFIER_error())"):
		return "unreach-call"
	case strings.Contains(s, "call(__assert_fail())"):
		return "assert"
	case strings.Contains(s, "deadlock"):
		return "deadlock"
	}
	return ""
}

// CheckHash compares the witness's program hash, when it gives one, with
// the content of path: SHA-256, or SHA-1 for older witnesses. It returns
// an error that says why they differ.
func (w *Witness) CheckHash(path string) error {
	want := strings.ToLower(strings.TrimSpace(w.ProgramHash))
	if want == "" {
		return nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	var got string
	switch len(want) {
	case 64:
		s := sha256.Sum256(data)
		got = hex.EncodeToString(s[:])
	case 40:
		s := sha1.Sum(data)
		got = hex.EncodeToString(s[:])
	default:
		return fmt.Errorf("the witness's program hash %q is neither SHA-256 nor SHA-1", w.ProgramHash)
	}
	if got != want {
		return fmt.Errorf("the witness is for another program: its hash is %s, %s's is %s", want, path, got)
	}
	return nil
}

// ---- GraphML 1.0 ----

type gmlData struct {
	Key   string `xml:"key,attr"`
	Value string `xml:",chardata"`
}

type gmlDoc struct {
	Keys []struct {
		ID      string `xml:"id,attr"`
		Name    string `xml:"attr.name,attr"`
		Default string `xml:"default"`
		For     string `xml:"for,attr"`
	} `xml:"key"`
	Graph struct {
		Data  []gmlData `xml:"data"`
		Nodes []struct {
			ID   string    `xml:"id,attr"`
			Data []gmlData `xml:"data"`
		} `xml:"node"`
		Edges []struct {
			Source string    `xml:"source,attr"`
			Target string    `xml:"target,attr"`
			Data   []gmlData `xml:"data"`
		} `xml:"edge"`
	} `xml:"graph"`
}

// gmlAliases are the short names some witnesses give the node keys
// (as key ids, or as their declared names).
var gmlAliases = map[string]string{"entry": "isEntryNode", "violation": "isViolationNode", "sink": "isSinkNode"}

func parseGraphML(data []byte) (*Witness, error) {
	var doc gmlDoc
	if err := xml.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("not a GraphML witness: %w", err)
	}
	names := map[string]string{}
	defaults := map[string]string{}
	for _, k := range doc.Keys {
		if k.Name != "" {
			names[k.ID] = k.Name
		}
		if d := strings.TrimSpace(k.Default); d != "" {
			defaults[nameOf(names, k.ID)] = d
		}
	}
	attrs := func(ds []gmlData) map[string]string {
		m := map[string]string{}
		for _, d := range ds {
			m[nameOf(names, d.Key)] = strings.TrimSpace(d.Value)
		}
		return m
	}
	g := attrs(doc.Graph.Data)
	w := &Witness{Format: "graphml", Producer: g["producer"], ProgramFile: g["programfile"], ProgramHash: g["programhash"], Specification: g["specification"]}
	if t := g["witness-type"]; t != "" && t != "violation_witness" {
		return nil, fmt.Errorf("a %s, not a violation witness", t)
	}
	switch g["architecture"] {
	case "32bit":
		w.DataModel = "ILP32"
	case "64bit":
		w.DataModel = "LP64"
	}
	isTrue := func(m map[string]string, key string) bool {
		v, ok := m[key]
		if !ok {
			v = defaults[key]
		}
		return v == "true"
	}
	entry := ""
	violation := map[string]bool{}
	sink := map[string]bool{}
	for _, n := range doc.Graph.Nodes {
		m := attrs(n.Data)
		if isTrue(m, "isEntryNode") && entry == "" {
			entry = n.ID
		}
		if isTrue(m, "isViolationNode") {
			violation[n.ID] = true
		}
		if isTrue(m, "isSinkNode") {
			sink[n.ID] = true
		}
	}
	if len(doc.Graph.Edges) == 0 && len(violation) == 0 {
		return nil, fmt.Errorf("the witness has neither edges nor a violation node")
	}
	if entry == "" && len(doc.Graph.Edges) > 0 {
		entry = doc.Graph.Edges[0].Source
	}
	if len(violation) == 0 {
		return nil, fmt.Errorf("the witness has no violation node")
	}
	// The path from the entry to a violation node (breadth first: the
	// shortest, when the automaton branches).
	out := map[string][]int{}
	for i, e := range doc.Graph.Edges {
		if !sink[e.Target] {
			out[e.Source] = append(out[e.Source], i)
		}
	}
	via := map[string]int{entry: -1}
	queue := []string{entry}
	end := ""
	for len(queue) > 0 && end == "" {
		n := queue[0]
		queue = queue[1:]
		if violation[n] {
			end = n
			break
		}
		for _, i := range out[n] {
			t := doc.Graph.Edges[i].Target
			if _, seen := via[t]; !seen {
				via[t] = i
				queue = append(queue, t)
			}
		}
	}
	if end == "" {
		return nil, fmt.Errorf("no path of the witness leads from its entry node to a violation node")
	}
	var path []map[string]string
	for n := end; via[n] >= 0; n = doc.Graph.Edges[via[n]].Source {
		path = append([]map[string]string{attrs(doc.Graph.Edges[via[n]].Data)}, path...)
	}
	// Thread numbers: by createThread when the witness names the threads
	// it creates, else the numbers it gives (creation order).
	named := false
	for _, e := range path {
		if e["createThread"] != "" {
			named = true
		}
	}
	w.Follow.NamedThreads = named
	w.Follow.File = w.ProgramFile
	ids := map[string]int{}
	if named {
		main := "0"
		for _, e := range path {
			if t := e["threadId"]; t != "" {
				main = t
				break
			}
		}
		ids[main] = 0
		for _, e := range path {
			if c := e["createThread"]; c != "" {
				if _, ok := ids[c]; !ok {
					ids[c] = len(ids)
				}
			}
		}
	}
	thread := func(s string, what string) int {
		if s == "" {
			return follow.AnyThread
		}
		if named {
			if id, ok := ids[s]; ok {
				return id
			}
			w.Notes = append(w.Notes, fmt.Sprintf("%s: thread %q is never created by the witness; any thread may pass it", what, s))
			return follow.AnyThread
		}
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 {
			w.Notes = append(w.Notes, fmt.Sprintf("%s: thread %q is not a number; any thread may pass it", what, s))
			return follow.AnyThread
		}
		return n
	}
	skipped := 0
	for i, e := range path {
		what := fmt.Sprintf("edge %d", i+1)
		line, _ := strconv.Atoi(e["startline"])
		wp := follow.Waypoint{Line: line, Thread: thread(e["threadId"], what), Creates: follow.AnyThread, What: what, Enter: e["enterFunction"]}
		wp.OtherFile = otherFile(e["originFileName"], w.ProgramFile)
		switch e["control"] {
		case "condition-true":
			wp.Branch = follow.Then
		case "condition-false":
			wp.Branch = follow.Else
		}
		if a := e["assumption"]; a != "" {
			for _, part := range strings.Split(a, ";") {
				if part = strings.TrimSpace(part); part != "" {
					wp.Post = append(wp.Post, part)
				}
			}
		}
		if c := e["createThread"]; c != "" && ids[c] != 0 {
			// (ESBMC's first edge creates main: nothing to follow.)
			wp.Creates = ids[c]
		}
		if i == len(path)-1 {
			wp.Target = true
		}
		if line <= 0 && wp.Enter == "" {
			skipped++
			continue
		}
		w.Follow.Waypoints = append(w.Follow.Waypoints, wp)
	}
	if skipped > 0 {
		w.Notes = append(w.Notes, fmt.Sprintf("%d edges name no line and are not followed", skipped))
	}
	return w, nil
}

// sameOther reads the waypoints of a witness whose waypoints all name one
// file other than its program as the program's: a witness that names its
// program differently in its metadata and its waypoints.
func sameOther(w *Witness) {
	name := ""
	for _, wp := range w.Follow.Waypoints {
		if wp.Line <= 0 {
			continue
		}
		if wp.OtherFile == "" || (name != "" && wp.OtherFile != name) {
			return
		}
		name = wp.OtherFile
	}
	if name == "" {
		return
	}
	for i := range w.Follow.Waypoints {
		w.Follow.Waypoints[i].OtherFile = ""
	}
	w.Notes = append(w.Notes, fmt.Sprintf("the waypoints name the file %s, the metadata %s: their lines are read as the program's", name, w.ProgramFile))
}

// otherFile returns file when it names a file other than the witness's
// program (by base name; "" when it names none or the program).
func otherFile(file, program string) string {
	if file == "" || program == "" || path.Base(strings.ReplaceAll(file, "\\", "/")) == path.Base(strings.ReplaceAll(program, "\\", "/")) {
		return ""
	}
	return file
}

func nameOf(names map[string]string, id string) string {
	n := id
	if d, ok := names[id]; ok {
		n = d
	}
	if a, ok := gmlAliases[n]; ok {
		return a // some tools name the keys entry and violation
	}
	return n
}

// ---- YAML 2.x ----

type yamlEntry struct {
	EntryType string `yaml:"entry_type"`
	Metadata  struct {
		FormatVersion string `yaml:"format_version"`
		Producer      struct {
			Name    string `yaml:"name"`
			Version string `yaml:"version"`
		} `yaml:"producer"`
		Task struct {
			InputFiles      []string          `yaml:"input_files"`
			InputFileHashes map[string]string `yaml:"input_file_hashes"`
			Specification   string            `yaml:"specification"`
			DataModel       string            `yaml:"data_model"`
		} `yaml:"task"`
	} `yaml:"metadata"`
	Content []struct {
		Segment []struct {
			Waypoint yamlWaypoint `yaml:"waypoint"`
		} `yaml:"segment"`
	} `yaml:"content"`
}

type yamlWaypoint struct {
	Type     string `yaml:"type"`
	Action   string `yaml:"action"`
	Location struct {
		FileName string `yaml:"file_name"`
		Line     int    `yaml:"line"`
		Column   int    `yaml:"column"`
		Function string `yaml:"function"`
	} `yaml:"location"`
	Constraint struct {
		Value  any    `yaml:"value"`
		Format string `yaml:"format"`
	} `yaml:"constraint"`
	ThreadID any `yaml:"thread_id"`
}

func parseYAML(data []byte) (*Witness, error) {
	var entries []yamlEntry
	if err := yaml.Unmarshal(data, &entries); err != nil {
		return nil, fmt.Errorf("neither a GraphML nor a YAML witness: %s", strings.TrimPrefix(err.Error(), "yaml: "))
	}
	var e *yamlEntry
	for i := range entries {
		if entries[i].EntryType == "violation_sequence" {
			e = &entries[i]
			break
		}
	}
	if e == nil {
		return nil, fmt.Errorf("the YAML witness has no violation_sequence entry")
	}
	md := e.Metadata
	w := &Witness{Format: "yaml", Producer: strings.TrimSpace(md.Producer.Name + " " + md.Producer.Version),
		Specification: md.Task.Specification, DataModel: md.Task.DataModel}
	if len(md.Task.InputFiles) > 0 {
		w.ProgramFile = md.Task.InputFiles[0]
		w.ProgramHash = md.Task.InputFileHashes[w.ProgramFile]
	}
	if w.ProgramHash == "" && len(md.Task.InputFileHashes) == 1 {
		for f, h := range md.Task.InputFileHashes {
			w.ProgramFile, w.ProgramHash = f, h
		}
	}
	w.Follow.File = w.ProgramFile
	avoided := 0
	for si, seg := range e.Content {
		for wi, item := range seg.Segment {
			y := item.Waypoint
			what := fmt.Sprintf("segment %d waypoint %d (%s)", si+1, wi+1, y.Type)
			if y.Action == "avoid" {
				avoided++
				continue
			}
			wp := follow.Waypoint{Line: y.Location.Line, Column: y.Location.Column, Thread: follow.AnyThread, Creates: follow.AnyThread, What: what}
			wp.OtherFile = otherFile(y.Location.FileName, w.ProgramFile)
			if y.ThreadID != nil {
				n, err := strconv.Atoi(strings.TrimSpace(fmt.Sprint(y.ThreadID)))
				if err != nil || n < 0 {
					w.Notes = append(w.Notes, fmt.Sprintf("%s: thread %v is not a number; any thread may pass it", what, y.ThreadID))
				} else {
					wp.Thread = n
				}
			}
			value := strings.TrimSpace(fmt.Sprint(y.Constraint.Value))
			if y.Constraint.Value == nil {
				value = ""
			}
			if value != "" && y.Constraint.Format != "" && y.Constraint.Format != "c_expression" && (y.Constraint.Format != "ext_c_expression" || y.Type != "function_return") {
				w.Notes = append(w.Notes, fmt.Sprintf("%s: constraint in format %s is not followed", what, y.Constraint.Format))
				value = ""
			}
			switch y.Type {
			case "assumption":
				// The thread is at the location: other threads may run
				// before it executes the statement there.
				wp.At = true
				if value != "" {
					wp.Pre = append(wp.Pre, value)
				}
			case "branching":
				switch value {
				case "true":
					wp.Branch = follow.Then
				case "false":
					wp.Branch = follow.Else
				case "":
				default:
					w.Notes = append(w.Notes, fmt.Sprintf("%s: branch value %q (a switch case) is not followed", what, value))
				}
			case "function_return":
				if value != "" {
					wp.Post = append(wp.Post, value)
				}
			case "function_enter":
			case "target":
				wp.Unordered, wp.Target = true, true
			default:
				w.Notes = append(w.Notes, fmt.Sprintf("%s: waypoint type %q is not known; only its location is followed", what, y.Type))
			}
			w.Follow.Waypoints = append(w.Follow.Waypoints, wp)
		}
	}
	if avoided > 0 {
		w.Notes = append(w.Notes, fmt.Sprintf("%d avoid waypoints are not followed", avoided))
	}
	return w, nil
}
