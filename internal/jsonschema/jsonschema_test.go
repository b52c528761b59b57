package jsonschema

import "testing"

func TestValidate(t *testing.T) {
	schema := `{
	  "type": "object",
	  "required": ["version", "runs"],
	  "additionalProperties": false,
	  "properties": {
	    "version": {"enum": ["2.1.0"]},
	    "runs": {"type": "array", "minItems": 1, "items": {"$ref": "#/definitions/run"}},
	    "when": {"type": "string", "format": "date-time"},
	    "uri": {"type": "string", "format": "uri"}
	  },
	  "definitions": {
	    "run": {
	      "type": "object",
	      "properties": {
	        "line": {"type": "integer", "minimum": 1},
	        "id": {"type": "string", "pattern": "^[a-z]+$"},
	        "kinds": {"type": "array", "uniqueItems": true, "items": {"type": "string"}},
	        "x": {"oneOf": [{"type": "string"}, {"type": "integer"}]}
	      },
	      "additionalProperties": {"type": "boolean"}
	    }
	  }
	}`
	s, err := Parse([]byte(schema))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		doc   string
		valid bool
	}{
		{`{"version": "2.1.0", "runs": [{}]}`, true},
		{`{"version": "2.1.0", "runs": [{"line": 3, "id": "abc", "kinds": ["a", "b"], "x": 1, "flag": true}], "when": "2026-11-23T10:00:00Z", "uri": "file:///a.c"}`, true},
		{`{"version": "2.0.0", "runs": [{}]}`, false},
		{`{"runs": [{}]}`, false},
		{`{"version": "2.1.0", "runs": []}`, false},
		{`{"version": "2.1.0", "runs": [{}], "extra": 1}`, false},
		{`{"version": "2.1.0", "runs": [{"line": 0}]}`, false},
		{`{"version": "2.1.0", "runs": [{"line": 1.5}]}`, false},
		{`{"version": "2.1.0", "runs": [{"id": "ABC"}]}`, false},
		{`{"version": "2.1.0", "runs": [{"kinds": ["a", "a"]}]}`, false},
		{`{"version": "2.1.0", "runs": [{"x": true}]}`, false},
		{`{"version": "2.1.0", "runs": [{"other": "s"}]}`, false},
		{`{"version": "2.1.0", "runs": [{}], "when": "yesterday"}`, false},
		{`{"version": "2.1.0", "runs": [{}], "uri": "a.c"}`, false},
	}
	for _, tc := range tests {
		errs := s.Validate([]byte(tc.doc))
		if (len(errs) == 0) != tc.valid {
			t.Errorf("%s: errors %v, want valid=%v", tc.doc, errs, tc.valid)
		}
	}
}
