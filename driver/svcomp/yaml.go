package svcomp

import (
	"fmt"
	"strconv"
	"strings"
)

// Property is one entry of the top-level "properties:" list of an
// SV-COMP task definition (format 2.0), for example
//
//   - property_file: ../properties/no-data-race.prp
//     expected_verdict: false
type Property struct {
	// File is the property_file value as written (relative to the .yml).
	File string
	// Verdict is the expected_verdict value ("true", "false", or "" when
	// the entry has none, as coverage properties do).
	Verdict string
	// Line is the 1-based line of the entry's "-" in the file, and
	// Column its 1-based column.
	Line   int
	Column int
}

// ParseProperties returns the entries of the top-level "properties:" list of
// an SV-COMP task definition. It is a small line-based reader for the subset
// of YAML that task definitions use, not a general YAML parser:
//
//   - full-line comments and trailing " # ..." comments are ignored, so a
//     commented-out entry ("#  - property_file: ...") does not count;
//   - the list may be indented under "properties:" or start in column 0;
//   - an entry's keys may come in any order, on the "-" line or below it;
//     keys nested deeper inside an entry are ignored;
//   - single- and double-quoted scalars and flow-mapping entries
//     ("- {property_file: x, expected_verdict: true}") are understood;
//   - CRLF line ends, blank or whitespace-only lines and "---" are accepted.
//
// It reports an error for what it cannot read reliably: tab indentation, a
// flow-style list ("properties: [...]") or a stray line inside the list.
func ParseProperties(data []byte) ([]Property, error) {
	p := &propParser{}
	for i, raw := range strings.Split(string(data), "\n") {
		if err := p.line(i+1, strings.TrimRight(raw, "\r")); err != nil {
			return nil, fmt.Errorf("line %d: %w", i+1, err)
		}
	}
	p.finish()
	return p.props, nil
}

// propParser holds the state of ParseProperties between lines.
type propParser struct {
	props     []Property
	inList    bool      // inside the top-level properties: value
	cur       *Property // entry being read, nil before the first "-"
	dashCol   int       // column of the current entry's "-"
	keyCol    int       // column of the current entry's keys, -1 if unknown
	sawFields bool      // current entry has at least one key
}

// line consumes one line (without its line end).
func (p *propParser) line(n int, line string) error {
	text := stripComment(line)
	body := strings.TrimLeft(text, " ")
	if strings.TrimSpace(body) == "" || body == "---" || body == "..." {
		return nil
	}
	if strings.HasPrefix(body, "\t") {
		return fmt.Errorf("tab in indentation")
	}
	body = strings.TrimRight(body, " \t")
	col := len(text) - len(strings.TrimLeft(text, " "))
	isItem := body == "-" || strings.HasPrefix(body, "- ")
	if col == 0 && !isItem {
		return p.topLevel(body)
	}
	if !p.inList {
		return nil
	}
	if isItem && (p.cur == nil || col <= p.dashCol) {
		return p.startItem(n, col, body)
	}
	if p.cur == nil {
		return fmt.Errorf("unexpected %q in properties list", body)
	}
	return p.continuation(col, body)
}

// topLevel handles a top-level "key: value" line.
func (p *propParser) topLevel(body string) error {
	p.finish()
	key, val, ok := splitKeyValue(body)
	if !ok {
		return fmt.Errorf("expected a top-level key, got %q", body)
	}
	p.inList = key == "properties"
	if p.inList && val != "" && val != "[]" {
		return fmt.Errorf("flow-style properties list %q is not supported", val)
	}
	return nil
}

// startItem begins a new list entry at a "-" line.
func (p *propParser) startItem(n, col int, body string) error {
	p.finish()
	p.cur = &Property{Line: n, Column: col + 1}
	p.dashCol, p.keyCol, p.sawFields = col, -1, false
	rest := strings.TrimLeft(body[1:], " ")
	if rest == "" {
		return nil
	}
	if strings.HasPrefix(rest, "{") {
		return p.flowMapping(rest)
	}
	p.keyCol = col + len(body) - len(rest)
	return p.field(rest)
}

// continuation handles a line inside the current entry.
func (p *propParser) continuation(col int, body string) error {
	if col <= p.dashCol {
		return fmt.Errorf("unexpected %q in properties list", body)
	}
	if p.keyCol < 0 {
		p.keyCol = col
	}
	if col > p.keyCol {
		return nil // nested value of some key: not needed
	}
	if col < p.keyCol {
		return fmt.Errorf("bad indentation of %q", body)
	}
	return p.field(body)
}

// field records one "key: value" of the current entry.
func (p *propParser) field(kv string) error {
	key, val, ok := splitKeyValue(kv)
	if !ok {
		return fmt.Errorf("expected key: value, got %q", kv)
	}
	p.sawFields = true
	switch key {
	case "property_file":
		p.cur.File = val
	case "expected_verdict":
		p.cur.Verdict = normalizeBool(val)
	}
	return nil
}

// flowMapping records an entry written as "{k: v, k: v}".
func (p *propParser) flowMapping(s string) error {
	if !strings.HasSuffix(s, "}") {
		return fmt.Errorf("unterminated flow mapping %q", s)
	}
	for _, kv := range splitOutsideQuotes(s[1:len(s)-1], ',') {
		if strings.TrimSpace(kv) == "" {
			continue
		}
		if err := p.field(strings.TrimSpace(kv)); err != nil {
			return err
		}
	}
	return nil
}

// finish appends the current entry, if any, to the result.
func (p *propParser) finish() {
	if p.cur != nil && p.sawFields {
		p.props = append(p.props, *p.cur)
	}
	p.cur = nil
}

// stripComment removes a YAML comment: a "#" at the start of the line or
// after a blank, outside quotes.
func stripComment(line string) string {
	var quote byte
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '#' && (i == 0 || line[i-1] == ' ' || line[i-1] == '\t'):
			return line[:i]
		}
	}
	return line
}

// splitKeyValue splits "key: value" (or "key:") and unquotes both parts.
func splitKeyValue(s string) (key, val string, ok bool) {
	parts := splitOutsideQuotes(s, ':')
	for i := 0; i < len(parts)-1; i++ {
		k := strings.Join(parts[:i+1], ":")
		v := strings.Join(parts[i+1:], ":")
		if v == "" || v[0] == ' ' {
			return unquote(strings.TrimSpace(k)), unquote(strings.TrimSpace(v)), true
		}
	}
	return "", "", false
}

// splitOutsideQuotes splits s at each sep that is not inside quotes.
func splitOutsideQuotes(s string, sep byte) []string {
	var parts []string
	var quote byte
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == sep:
			parts = append(parts, s[start:i])
			start = i + 1
		}
	}
	return append(parts, s[start:])
}

// unquote removes YAML single or double quotes from a scalar.
func unquote(s string) string {
	if len(s) >= 2 && s[0] == '\'' && s[len(s)-1] == '\'' {
		return strings.ReplaceAll(s[1:len(s)-1], "''", "'")
	}
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		if u, err := strconv.Unquote(s); err == nil {
			return u
		}
		return s[1 : len(s)-1]
	}
	return s
}

// normalizeBool maps the YAML spellings of booleans to "true"/"false" and
// leaves anything else unchanged.
func normalizeBool(s string) string {
	switch strings.ToLower(s) {
	case "true":
		return "true"
	case "false":
		return "false"
	}
	return s
}
