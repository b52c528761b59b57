package witness

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ladr-dev/ladr/translate/follow"
)

const gmlHead = `<?xml version="1.0" encoding="UTF-8"?>
<graphml xmlns="http://graphml.graphdrawing.org/xmlns">
 <key attr.name="isEntryNode" attr.type="boolean" for="node" id="entry"><default>false</default></key>
 <key attr.name="isViolationNode" attr.type="boolean" for="node" id="violation"><default>false</default></key>
 <key attr.name="isSinkNode" attr.type="boolean" for="node" id="sink"><default>false</default></key>
 <key attr.name="startline" attr.type="int" for="edge" id="startline"/>
 <key attr.name="threadId" attr.type="string" for="edge" id="thread"/>
 <graph edgedefault="directed">
  <data key="witness-type">violation_witness</data>
  <data key="producer">CPAchecker 2.3</data>
  <data key="specification">CHECK( init(main()), LTL(G ! data-race) )</data>
  <data key="programfile">prog.c</data>
  <data key="architecture">32bit</data>
`

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		name  string
		text  string
		want  []follow.Waypoint
		named bool
		prop  string
		model string
		notes int
		err   string
	}{
		{name: "GraphML path, sinks and branches left out, declared key ids",
			text: gmlHead + `  <node id="A"><data key="entry">true</data></node>
  <node id="B"/><node id="S"><data key="sink">true</data></node><node id="V"><data key="violation">true</data></node>
  <edge source="A" target="S"><data key="startline">3</data></edge>
  <edge source="A" target="B"><data key="startline">4</data><data key="thread">0</data><data key="control">condition-true</data></edge>
  <edge source="B" target="V"><data key="startline">9</data><data key="thread">1</data><data key="assumption">x == 1; y == 2;</data></edge>
 </graph></graphml>`,
			want: []follow.Waypoint{
				{Line: 4, Thread: 0, Branch: follow.Then, Creates: follow.AnyThread},
				{Line: 9, Thread: 1, Post: []string{"x == 1", "y == 2"}, Creates: follow.AnyThread, Target: true}},
			prop: "race", model: "ILP32"},
		{name: "GraphML named threads",
			text: gmlHead + `  <node id="A"><data key="entry">true</data></node><node id="B"/><node id="C"/><node id="V"><data key="violation">true</data></node>
  <edge source="A" target="B"><data key="startline">5</data><data key="thread">main</data><data key="createThread">worker</data></edge>
  <edge source="B" target="C"><data key="startline">7</data><data key="thread">worker</data></edge>
  <edge source="C" target="V"><data key="startline">8</data><data key="thread">ghost</data></edge>
 </graph></graphml>`,
			want: []follow.Waypoint{
				{Line: 5, Thread: 0, Creates: 1},
				{Line: 7, Thread: 1, Creates: follow.AnyThread},
				{Line: 8, Thread: follow.AnyThread, Creates: follow.AnyThread, Target: true}},
			named: true, prop: "race", model: "ILP32", notes: 1},
		{name: "GraphML correctness witness",
			text: strings.Replace(gmlHead, "violation_witness", "correctness_witness", 1) + ` </graph></graphml>`,
			err:  "not a violation witness"},
		{name: "GraphML without a violation node",
			text: gmlHead + `  <node id="A"><data key="entry">true</data></node><node id="B"/>
  <edge source="A" target="B"><data key="startline">5</data></edge></graph></graphml>`,
			err: "no violation node"},
		{name: "GraphML whose violation is unreachable",
			text: gmlHead + `  <node id="A"><data key="entry">true</data></node><node id="B"/><node id="V"><data key="violation">true</data></node>
  <edge source="A" target="B"><data key="startline">5</data></edge></graph></graphml>`,
			err: "no path"},
		{name: "malformed XML", text: "<graphml><graph>", err: "not a GraphML witness"},
		{name: "YAML 2.2",
			text: `- entry_type: violation_sequence
  metadata:
    format_version: "2.2"
    producer: {name: Deagle, version: "1.4"}
    task:
      input_files: [prog.c]
      input_file_hashes: {prog.c: abc}
      specification: CHECK( init(main()), LTL(G ! call(reach_error())) )
      data_model: LP64
  content:
    - segment:
        - waypoint: {type: assumption, action: avoid, location: {file_name: prog.c, line: 3}, constraint: {value: "x == 0"}}
        - waypoint: {type: function_return, action: follow, location: {file_name: prog.c, line: 4, column: 9}, constraint: {value: "\\result == 3", format: c_expression}, thread_id: 0}
    - segment:
        - waypoint: {type: branching, action: follow, location: {file_name: prog.c, line: 5}, constraint: {value: "false"}, thread_id: "1"}
    - segment:
        - waypoint: {type: branching, action: follow, location: {file_name: prog.c, line: 6}, constraint: {value: "2"}}
    - segment:
        - waypoint: {type: assumption, action: follow, location: {file_name: prog.c, line: 7}, constraint: {value: "x > 0", format: acsl_expression}}
    - segment:
        - waypoint: {type: target, action: follow, location: {file_name: prog.c, line: 8}}
`,
			want: []follow.Waypoint{
				{Line: 4, Column: 9, Thread: 0, Post: []string{`\result == 3`}, Creates: follow.AnyThread},
				{Line: 5, Thread: 1, Branch: follow.Else, Creates: follow.AnyThread},
				{Line: 6, Thread: follow.AnyThread, Creates: follow.AnyThread},
				{Line: 7, Thread: follow.AnyThread, Creates: follow.AnyThread, At: true},
				{Line: 8, Thread: follow.AnyThread, Creates: follow.AnyThread, Unordered: true, Target: true}},
			prop: "unreach-call", model: "LP64", notes: 3},
		{name: "YAML: a waypoint in a header is not the program's; an assumption is where a thread is",
			text: `- entry_type: violation_sequence
  metadata:
    format_version: "2.0"
    producer: {name: hand, version: "1"}
    task: {input_files: [dir/prog.c], specification: "CHECK( init(main()), LTL(G ! call(reach_error())) )"}
  content:
    - segment:
        - waypoint: {type: assumption, action: follow, location: {file_name: lib.h, line: 3}, constraint: {value: "1"}}
    - segment:
        - waypoint: {type: assumption, action: follow, location: {file_name: prog.c, line: 4}, constraint: {value: "1"}}
    - segment:
        - waypoint: {type: target, action: follow, location: {file_name: prog.c, line: 8}}
`,
			want: []follow.Waypoint{
				{Line: 3, Thread: follow.AnyThread, Pre: []string{"1"}, Creates: follow.AnyThread, OtherFile: "lib.h", At: true},
				{Line: 4, Thread: follow.AnyThread, Pre: []string{"1"}, Creates: follow.AnyThread, At: true},
				{Line: 8, Thread: follow.AnyThread, Creates: follow.AnyThread, Unordered: true, Target: true}},
			prop: "unreach-call"},
		{name: "YAML whose waypoints all name one other file: the program's",
			text: `- entry_type: violation_sequence
  metadata:
    format_version: "2.0"
    producer: {name: hand, version: "1"}
    task: {input_files: [valid.c], specification: "CHECK( init(main()), LTL(G ! call(reach_error())) )"}
  content:
    - segment:
        - waypoint: {type: target, action: follow, location: {file_name: "tests\\unsafe.c", line: 8}}
`,
			want: []follow.Waypoint{{Line: 8, Thread: follow.AnyThread, Creates: follow.AnyThread, Unordered: true, Target: true}},
			prop: "unreach-call", notes: 1},
		{name: "YAML correctness witness",
			text: "- entry_type: invariant_set\n  content: []\n", err: "no violation_sequence"},
		{name: "neither", text: "just: [text", err: "neither a GraphML nor a YAML witness"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w, err := Parse([]byte(tc.text))
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(w.Follow.Waypoints) != len(tc.want) {
				t.Fatalf("%d waypoints, want %d: %+v", len(w.Follow.Waypoints), len(tc.want), w.Follow.Waypoints)
			}
			for i, got := range w.Follow.Waypoints {
				want := tc.want[i]
				got.What = ""
				if got.Line != want.Line || got.Column != want.Column || got.Thread != want.Thread || got.Branch != want.Branch ||
					got.Creates != want.Creates || got.Unordered != want.Unordered || got.Target != want.Target ||
					got.OtherFile != want.OtherFile || got.At != want.At ||
					strings.Join(got.Pre, ";") != strings.Join(want.Pre, ";") || strings.Join(got.Post, ";") != strings.Join(want.Post, ";") {
					t.Errorf("waypoint %d: got %+v, want %+v", i, got, want)
				}
			}
			if w.Follow.NamedThreads != tc.named || w.Property() != tc.prop || w.DataModel != tc.model || len(w.Notes) != tc.notes {
				t.Errorf("named %v, property %q, model %q, notes %q", w.Follow.NamedThreads, w.Property(), w.DataModel, w.Notes)
			}
		})
	}
}

func TestCheckHash(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "prog.c")
	if err := os.WriteFile(p, []byte("int main(void) { return 0; }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		hash string
		err  string
	}{
		{hash: ""},
		{hash: "2ad75d95660563887d8d3f1d0ae1dcf18c2379cbd83a5c72f5ab276351ee6949"},
		{hash: "2AD75D95660563887D8D3F1D0AE1DCF18C2379CBD83A5C72F5AB276351EE6949"},
		{hash: "bda948772c366de0f6b716470ae833e082b79a89"},
		{hash: "0000000000000000000000000000000000000000000000000000000000000000", err: "another program"},
		{hash: "f29e0b3b8b4d7a6a9e29b4a4e3aae0f1d0a1b2c3", err: "another program"},
		{hash: "abc", err: "neither SHA-256 nor SHA-1"},
	} {
		w := &Witness{ProgramHash: tc.hash}
		err := w.CheckHash(p)
		if tc.err == "" && err != nil || tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
			t.Errorf("hash %q: error %v, want %q", tc.hash, err, tc.err)
		}
	}
}
