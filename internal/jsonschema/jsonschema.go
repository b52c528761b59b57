// Package jsonschema validates JSON documents against a JSON Schema (the
// draft-04 to draft-07 keywords that schemas such as SARIF 2.1.0's use).
// ladr's tests use it to check the SARIF it writes against the published
// schema, with no network and no dependency beyond the standard library.
//
// Supported keywords: $ref (to "#" and "#/definitions/..." or
// "#/$defs/..."), type, enum, const, properties, required,
// additionalProperties, patternProperties, propertyNames, minProperties,
// items (a schema or a list), additionalItems, minItems, maxItems,
// uniqueItems, minimum, maximum, exclusiveMinimum, exclusiveMaximum,
// multipleOf, minLength, maxLength, pattern, format (date-time and uri
// only), allOf, anyOf, oneOf, not, if/then/else, dependencies. Unknown
// keywords are ignored, as the specification requires.
package jsonschema

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"net/url"
	"regexp"
	"sort"
	"strings"
	"time"
)

// Schema is a parsed JSON schema.
type Schema struct {
	root any
	res  map[string]*regexp.Regexp
}

// Parse parses a schema document.
func Parse(data []byte) (*Schema, error) {
	var root any
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	if err := d.Decode(&root); err != nil {
		return nil, fmt.Errorf("parsing the schema: %w", err)
	}
	return &Schema{root: root, res: map[string]*regexp.Regexp{}}, nil
}

// Validate checks the JSON document data against s and returns every
// violation found, each naming the JSON pointer of the offending value.
func (s *Schema) Validate(data []byte) []error {
	var doc any
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	if err := d.Decode(&doc); err != nil {
		return []error{fmt.Errorf("parsing the document: %w", err)}
	}
	var errs []error
	s.validate(s.root, doc, "", &errs, 0)
	return errs
}

func (s *Schema) resolve(ref string) (any, error) {
	if !strings.HasPrefix(ref, "#") {
		return nil, fmt.Errorf("unsupported $ref %q (only local references)", ref)
	}
	cur := s.root
	for _, tok := range strings.Split(strings.TrimPrefix(ref, "#"), "/") {
		if tok == "" {
			continue
		}
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		if u, err := url.PathUnescape(tok); err == nil {
			tok = u
		}
		m, ok := cur.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("$ref %q does not resolve", ref)
		}
		cur, ok = m[tok]
		if !ok {
			return nil, fmt.Errorf("$ref %q does not resolve", ref)
		}
	}
	return cur, nil
}

func (s *Schema) re(p string) (*regexp.Regexp, error) {
	if r, ok := s.res[p]; ok {
		return r, nil
	}
	r, err := regexp.Compile(p)
	if err != nil {
		return nil, err
	}
	s.res[p] = r
	return r, nil
}

func typeOf(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case json.Number:
		if _, err := v.Int64(); err == nil {
			return "integer"
		}
		if f, err := v.Float64(); err == nil && f == math.Trunc(f) {
			return "integer"
		}
		return "number"
	case string:
		return "string"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return "unknown"
}

func hasType(v any, t string) bool {
	vt := typeOf(v)
	return vt == t || t == "number" && vt == "integer"
}

func num(v any) (float64, bool) {
	n, ok := v.(json.Number)
	if !ok {
		return 0, false
	}
	f, err := n.Float64()
	return f, err == nil
}

func equal(a, b any) bool {
	ja, _ := json.Marshal(canon(a))
	jb, _ := json.Marshal(canon(b))
	return bytes.Equal(ja, jb)
}

// canon normalizes numbers so that 1 and 1.0 compare equal.
func canon(v any) any {
	switch v := v.(type) {
	case json.Number:
		f, _ := v.Float64()
		return f
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = canon(x)
		}
		return out
	case map[string]any:
		out := map[string]any{}
		for k, x := range v {
			out[k] = canon(x)
		}
		return out
	}
	return v
}

func (s *Schema) fail(errs *[]error, at, format string, args ...any) {
	if at == "" {
		at = "/"
	}
	*errs = append(*errs, fmt.Errorf("%s: %s", at, fmt.Sprintf(format, args...)))
}

func (s *Schema) valid(schema, v any, at string, depth int) bool {
	var errs []error
	s.validate(schema, v, at, &errs, depth)
	return len(errs) == 0
}

func (s *Schema) validate(schema, v any, at string, errs *[]error, depth int) {
	if depth > 200 {
		s.fail(errs, at, "schema recursion too deep")
		return
	}
	switch sc := schema.(type) {
	case bool:
		if !sc {
			s.fail(errs, at, "no value is allowed here")
		}
		return
	case map[string]any:
		s.validateObject(sc, v, at, errs, depth)
	default:
		s.fail(errs, at, "the schema is not an object")
	}
}

func (s *Schema) validateObject(sc map[string]any, v any, at string, errs *[]error, depth int) {
	if ref, ok := sc["$ref"].(string); ok {
		target, err := s.resolve(ref)
		if err != nil {
			s.fail(errs, at, "%v", err)
			return
		}
		s.validate(target, v, at, errs, depth+1)
		return // draft-07: $ref overrides its siblings
	}
	if t, ok := sc["type"]; ok {
		var types []string
		switch t := t.(type) {
		case string:
			types = []string{t}
		case []any:
			for _, x := range t {
				if s, ok := x.(string); ok {
					types = append(types, s)
				}
			}
		}
		ok := false
		for _, ty := range types {
			if hasType(v, ty) {
				ok = true
			}
		}
		if !ok {
			s.fail(errs, at, "is %s, want %s", typeOf(v), strings.Join(types, " or "))
			return
		}
	}
	if e, ok := sc["enum"].([]any); ok {
		found := false
		for _, x := range e {
			if equal(x, v) {
				found = true
			}
		}
		if !found {
			s.fail(errs, at, "%v is not one of %v", v, e)
		}
	}
	if c, ok := sc["const"]; ok && !equal(c, v) {
		s.fail(errs, at, "%v is not %v", v, c)
	}
	for _, key := range []string{"allOf", "anyOf", "oneOf"} {
		list, ok := sc[key].([]any)
		if !ok {
			continue
		}
		n := 0
		for _, sub := range list {
			if s.valid(sub, v, at, depth+1) {
				n++
			}
		}
		switch {
		case key == "allOf" && n != len(list):
			for _, sub := range list {
				s.validate(sub, v, at, errs, depth+1)
			}
		case key == "anyOf" && n == 0:
			s.fail(errs, at, "matches none of anyOf")
		case key == "oneOf" && n != 1:
			s.fail(errs, at, "matches %d of oneOf, want exactly 1", n)
		}
	}
	if not, ok := sc["not"]; ok && s.valid(not, v, at, depth+1) {
		s.fail(errs, at, "matches the schema of not")
	}
	if cond, ok := sc["if"]; ok {
		if s.valid(cond, v, at, depth+1) {
			if th, ok := sc["then"]; ok {
				s.validate(th, v, at, errs, depth+1)
			}
		} else if el, ok := sc["else"]; ok {
			s.validate(el, v, at, errs, depth+1)
		}
	}
	switch v := v.(type) {
	case json.Number:
		f, _ := v.Float64()
		if m, ok := num(sc["minimum"]); ok {
			if ex, _ := sc["exclusiveMinimum"].(bool); ex && f <= m || f < m {
				s.fail(errs, at, "%v is below the minimum %v", f, m)
			}
		}
		if m, ok := num(sc["maximum"]); ok {
			if ex, _ := sc["exclusiveMaximum"].(bool); ex && f >= m || f > m {
				s.fail(errs, at, "%v is above the maximum %v", f, m)
			}
		}
		if m, ok := num(sc["exclusiveMinimum"]); ok && f <= m {
			s.fail(errs, at, "%v is not above %v", f, m)
		}
		if m, ok := num(sc["exclusiveMaximum"]); ok && f >= m {
			s.fail(errs, at, "%v is not below %v", f, m)
		}
		if m, ok := num(sc["multipleOf"]); ok && m > 0 && math.Abs(f/m-math.Round(f/m)) > 1e-9 {
			s.fail(errs, at, "%v is not a multiple of %v", f, m)
		}
	case string:
		n := len([]rune(v))
		if m, ok := num(sc["minLength"]); ok && float64(n) < m {
			s.fail(errs, at, "string shorter than %v", m)
		}
		if m, ok := num(sc["maxLength"]); ok && float64(n) > m {
			s.fail(errs, at, "string longer than %v", m)
		}
		if p, ok := sc["pattern"].(string); ok {
			r, err := s.re(p)
			if err != nil {
				s.fail(errs, at, "bad pattern %q: %v", p, err)
			} else if !r.MatchString(v) {
				s.fail(errs, at, "%q does not match %q", v, p)
			}
		}
		switch sc["format"] {
		case "date-time":
			if _, err := time.Parse(time.RFC3339Nano, v); err != nil {
				s.fail(errs, at, "%q is not a date-time", v)
			}
		case "uri":
			if u, err := url.Parse(v); err != nil || u.Scheme == "" {
				s.fail(errs, at, "%q is not an absolute URI", v)
			}
		case "uri-reference":
			if _, err := url.Parse(v); err != nil {
				s.fail(errs, at, "%q is not a URI reference", v)
			}
		}
	case []any:
		if m, ok := num(sc["minItems"]); ok && float64(len(v)) < m {
			s.fail(errs, at, "%d items, want at least %v", len(v), m)
		}
		if m, ok := num(sc["maxItems"]); ok && float64(len(v)) > m {
			s.fail(errs, at, "%d items, want at most %v", len(v), m)
		}
		if u, _ := sc["uniqueItems"].(bool); u {
			for i := range v {
				for j := i + 1; j < len(v); j++ {
					if equal(v[i], v[j]) {
						s.fail(errs, at, "items %d and %d are equal", i, j)
					}
				}
			}
		}
		switch items := sc["items"].(type) {
		case []any:
			for i, x := range v {
				if i < len(items) {
					s.validate(items[i], x, fmt.Sprintf("%s/%d", at, i), errs, depth+1)
				} else if ai, ok := sc["additionalItems"]; ok {
					s.validate(ai, x, fmt.Sprintf("%s/%d", at, i), errs, depth+1)
				}
			}
		case nil:
		default:
			for i, x := range v {
				s.validate(items, x, fmt.Sprintf("%s/%d", at, i), errs, depth+1)
			}
		}
	case map[string]any:
		if m, ok := num(sc["minProperties"]); ok && float64(len(v)) < m {
			s.fail(errs, at, "%d properties, want at least %v", len(v), m)
		}
		if req, ok := sc["required"].([]any); ok {
			for _, r := range req {
				if name, ok := r.(string); ok {
					if _, has := v[name]; !has {
						s.fail(errs, at, "missing required property %q", name)
					}
				}
			}
		}
		props, _ := sc["properties"].(map[string]any)
		pats, _ := sc["patternProperties"].(map[string]any)
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			x := v[k]
			child := at + "/" + strings.ReplaceAll(strings.ReplaceAll(k, "~", "~0"), "/", "~1")
			matched := false
			if p, ok := props[k]; ok {
				matched = true
				s.validate(p, x, child, errs, depth+1)
			}
			for pat, p := range pats {
				r, err := s.re(pat)
				if err == nil && r.MatchString(k) {
					matched = true
					s.validate(p, x, child, errs, depth+1)
				}
			}
			if pn, ok := sc["propertyNames"]; ok {
				s.validate(pn, k, child, errs, depth+1)
			}
			if !matched {
				if ap, ok := sc["additionalProperties"]; ok {
					if b, isBool := ap.(bool); isBool && !b {
						s.fail(errs, child, "property %q is not allowed", k)
					} else if !isBool {
						s.validate(ap, x, child, errs, depth+1)
					}
				}
			}
		}
		if deps, ok := sc["dependencies"].(map[string]any); ok {
			for k, dep := range deps {
				if _, has := v[k]; !has {
					continue
				}
				switch dep := dep.(type) {
				case []any:
					for _, r := range dep {
						if name, ok := r.(string); ok {
							if _, has := v[name]; !has {
								s.fail(errs, at, "property %q needs %q", k, name)
							}
						}
					}
				default:
					s.validate(dep, v, at, errs, depth+1)
				}
			}
		}
	}
}
