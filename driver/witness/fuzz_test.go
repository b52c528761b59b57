package witness

import (
	"strings"
	"testing"
)

// FuzzParse feeds Parse arbitrary bytes: it returns a witness or an error,
// never panics, and a witness's waypoints name no negative line.
func FuzzParse(f *testing.F) {
	f.Add([]byte(gmlHead + `  <node id="A"><data key="entry">true</data></node><node id="V"><data key="violation">true</data></node>
  <edge source="A" target="V"><data key="startline">4</data><data key="thread">0</data><data key="control">condition-true</data><data key="assumption">x == 1;</data></edge></graph></graphml>`))
	f.Add([]byte("- entry_type: violation_sequence\n  content:\n    - segment:\n        - waypoint: {type: target, action: follow, location: {file_name: a.c, line: 3}, thread_id: 1}\n"))
	f.Add([]byte("<graphml><graph><edge source=\"a\" target=\"a\"/></graph></graphml>"))
	f.Add([]byte("- entry_type: violation_sequence\n  content: [{segment: [{waypoint: {type: branching, constraint: {value: [1, 2]}, thread_id: {a: b}}}]}]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		w, err := Parse(data)
		if err != nil {
			return
		}
		for _, wp := range w.Follow.Waypoints {
			if wp.Line < 0 && !strings.Contains(wp.What, "edge") {
				t.Errorf("waypoint with line %d", wp.Line)
			}
		}
		_ = w.Property()
	})
}
