package cbmc

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Property statuses as CBMC 6.6 reports them in the "status" field of a
// property. CBMC may report others (for example "UNKNOWN" or "ERROR" in some
// modes); Property.Status keeps whatever string CBMC printed.
const (
	StatusSuccess = "SUCCESS"
	StatusFailure = "FAILURE"
)

// Step types as CBMC 6.6 reports them in the "stepType" field of a trace step.
const (
	StepAssignment     = "assignment"
	StepFunctionCall   = "function-call"
	StepFunctionReturn = "function-return"
	StepLocationOnly   = "location-only"
	StepFailure        = "failure"
	StepInput          = "input"
	StepOutput         = "output"
)

// Assignment types as CBMC 6.6 reports them in the "assignmentType" field of an
// assignment step: "variable" for ordinary assignments (including those made
// by declarations and initialisation) and "actual-parameter" for the binding
// of an argument to a function parameter.
const (
	AssignVariable        = "variable"
	AssignActualParameter = "actual-parameter"
)

// Location is a source location ("sourceLocation" in CBMC's JSON). CBMC prints
// line numbers as strings; they are converted to int here (0 when absent or
// not a number). Fields that CBMC omitted are zero.
type Location struct {
	File             string
	Function         string
	Line             int
	Column           int
	WorkingDirectory string
}

// String formats the location as "file:line" (or "file" or "" when parts are
// missing), which is how Reason strings refer to places in the input.
func (l Location) String() string {
	switch {
	case l.File == "":
		return ""
	case l.Line <= 0:
		return l.File
	default:
		return l.File + ":" + strconv.Itoa(l.Line)
	}
}

// Message is one message object of the --json-ui output: a status message,
// warning or error with an optional source location.
type Message struct {
	// Type is CBMC's "messageType": "STATUS-MESSAGE", "WARNING", "ERROR", ...
	Type string
	// Text is CBMC's "messageText" (may span several lines).
	Text string
	// Location is the "sourceLocation" of the message; zero when absent.
	Location Location
}

// Message types used by CBMC 6.6 in "messageType".
const (
	MessageStatus  = "STATUS-MESSAGE"
	MessageWarning = "WARNING"
	MessageError   = "ERROR"
)

// Property is one verified property from the "result" entry.
type Property struct {
	// ID is CBMC's property name ("property"), e.g. "main.assertion.1".
	ID string
	// Description is the assertion's description or CBMC's generated text.
	Description string
	// Status is "SUCCESS", "FAILURE" or whatever else CBMC printed.
	Status string
	// Location is where the property is checked.
	Location Location
	// Trace is the counterexample (present for failed properties when CBMC
	// ran with --trace, --stop-on-fail or similar).
	Trace []Step
}

// Value is a value in a trace step ("value" of an assignment, or one of the
// "values" of an input/output step). Scalars have Data, Binary, Type, Width;
// arrays have Elements (Name "array") and structs/unions have Members (Name
// "struct"/"union"). Raw always holds the value's JSON text as CBMC printed
// it (nil when the step had no value).
type Value struct {
	// Data is CBMC's rendering of the value in C syntax, e.g. "7", "'c'",
	// "NULL", "&g", "36028797018963968ul".
	Data string
	// Binary is the bit pattern, most significant bit first, e.g. "101" for a
	// 3-bit bitvector; empty for pointers and aggregates.
	Binary string
	// Type is the C type, e.g. "signed int", "signed __CPROVER_bitvector[3]".
	Type string
	// Width is the width in bits (0 when CBMC omitted it).
	Width int
	// Name is CBMC's kind of value: "integer", "pointer", "array", "struct",
	// "float", "boolean", "unknown", ...
	Name string
	// Elements are the elements of an array value.
	Elements []Element
	// Members are the members of a struct or union value.
	Members []Member
	// Raw is the value's JSON text.
	Raw json.RawMessage
}

// Element is one element of an array Value.
type Element struct {
	Index int
	Value Value
}

// Member is one member of a struct or union Value.
type Member struct {
	Name  string
	Value Value
}

// Function identifies the function of a function-call or function-return
// step ("function" in CBMC's JSON).
type Function struct {
	DisplayName string
	Identifier  string
	Location    Location
}

// Step is one step of a counterexample trace. Fields that do not apply to
// the step's Type are zero.
type Step struct {
	// Type is the "stepType": see the Step* constants.
	Type string
	// Hidden is true for steps CBMC would not show in its plain-text trace
	// (internal initialisation, library code, ...).
	Hidden bool
	// Internal is CBMC's "internal" flag.
	Internal bool
	// Thread is the number of the thread executing the step (0 = main).
	Thread int
	// StepNr is the step number when CBMC prints one ("stepNr"); CBMC 6.6's
	// JSON traces do not contain it, so it is usually 0.
	StepNr int
	// Location is the step's source location; zero when absent (e.g. for
	// hidden function-return steps).
	Location Location
	// Mode is the language mode ("C").
	Mode string

	// LHS is the assigned lvalue as CBMC prints it, e.g. "x", "g.a",
	// "arr[1l]", "return_value___VERIFIER_nondet_int" (assignment steps).
	LHS string
	// RawLHS is the "rawLhs" that --trace-json-extended adds: CBMC's internal
	// expression tree (irep) of the lvalue as JSON, not a string.
	RawLHS json.RawMessage
	// LHSIdentifier is the unique identifier of the root symbol of RawLHS,
	// e.g. "main::1::x" for LHS "x" or "g" for LHS "g.a" (empty without
	// --trace-json-extended).
	LHSIdentifier string
	// AssignmentType is "variable" or "actual-parameter" (assignment steps).
	AssignmentType string
	// Value is the assigned value (assignment steps).
	Value Value

	// Function is the called or returning function (function-call and
	// function-return steps).
	Function Function

	// Property is the ID of the violated property (failure steps).
	Property string
	// Reason is the violated property's description (failure steps).
	Reason string

	// IOID is the "inputID" or "outputID" of an input or output step.
	IOID string
	// Values are the values of an input or output step.
	Values []Value
}

// Output is the content of CBMC's --json-ui output as far as it could be
// parsed.
type Output struct {
	// Program is the "program" entry, e.g. "CBMC 6.6.0 (cbmc-6.6.0)".
	Program string
	// Messages are all message entries in output order.
	Messages []Message
	// Properties are the entries of the "result" array.
	Properties []Property
	// CProverStatus is the final "cProverStatus": "success", "failure",
	// "error"; empty if CBMC did not get that far.
	CProverStatus string
	// Complete is true when the whole output was a well-formed JSON array.
	Complete bool
}

// escapeControls returns data with the raw control characters CBMC leaves
// in its JSON strings (a C string literal "\001..." in an lvalue name, as in
// Linux's KERN_* printk prefixes) escaped as \u00XX, so that the output
// decodes. Control characters outside strings are not valid JSON either,
// except white space, which is left alone.
func escapeControls(data []byte) []byte {
	bad := false
	for _, c := range data {
		if c < 0x20 && c != '\n' && c != '\r' && c != '\t' {
			bad = true
			break
		}
	}
	if !bad {
		return data
	}
	out := make([]byte, 0, len(data)+64)
	for _, c := range data {
		if c < 0x20 && c != '\n' && c != '\r' && c != '\t' {
			out = append(out, fmt.Sprintf("\\u%04x", c)...)
			continue
		}
		out = append(out, c)
	}
	return out
}

// ParseJSON parses the output of "cbmc --json-ui". It never panics. The
// output may be truncated (CBMC killed by a timeout or a memory limit) or
// followed by non-JSON text (CBMC prints its usage text after the first
// entry on a command-line error): ParseJSON returns everything that was
// complete before the point where parsing stopped, and an error describing
// that point. The returned *Output is never nil.
func ParseJSON(data []byte) (*Output, error) {
	out := &Output{}
	dec := json.NewDecoder(bytes.NewReader(escapeControls(data)))
	tok, err := dec.Token()
	if err != nil {
		if errors.Is(err, io.EOF) {
			return out, errors.New("parse CBMC JSON output: output is empty")
		}
		return out, fmt.Errorf("parse CBMC JSON output: %w", err)
	}
	if d, ok := tok.(json.Delim); !ok || d != '[' {
		return out, fmt.Errorf("parse CBMC JSON output: expected a JSON array, found %v", tok)
	}
	for i := 0; dec.More(); i++ {
		if err := parseEntry(dec, out); err != nil {
			return out, fmt.Errorf("parse CBMC JSON output: entry %d (byte offset %d): %w", i, dec.InputOffset(), err)
		}
	}
	if _, err := dec.Token(); err != nil {
		return out, fmt.Errorf("parse CBMC JSON output: unterminated array (byte offset %d): %w", dec.InputOffset(), eofAsUnexpected(err))
	}
	out.Complete = true
	return out, nil
}

// eofAsUnexpected turns io.EOF in the middle of the document into
// io.ErrUnexpectedEOF so that error messages say "unexpected EOF".
func eofAsUnexpected(err error) error {
	if errors.Is(err, io.EOF) {
		return io.ErrUnexpectedEOF
	}
	return err
}

// parseEntry parses one top-level object of the array. Large members (the
// "result" array) are parsed element by element so that a truncation inside
// them keeps the complete elements.
func parseEntry(dec *json.Decoder, out *Output) error {
	tok, err := dec.Token()
	if err != nil {
		return eofAsUnexpected(err)
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		// Not an object: skip it if it is a complete value.
		if _, isDelim := tok.(json.Delim); isDelim {
			var skip json.RawMessage
			// The opening '[' has been consumed: decode the rest of the
			// array element by element.
			for dec.More() {
				if err := dec.Decode(&skip); err != nil {
					return eofAsUnexpected(err)
				}
			}
			if _, err := dec.Token(); err != nil {
				return eofAsUnexpected(err)
			}
		}
		return nil
	}
	var msg Message
	isMessage := false
	// Fields of a top-level property entry (printed with --stop-on-fail).
	fields := map[string]json.RawMessage{}
	// Record a partial message even when the entry is truncated.
	defer func() {
		if isMessage {
			out.Messages = append(out.Messages, msg)
		}
	}()
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return eofAsUnexpected(err)
		}
		key, _ := tok.(string)
		if key == "result" {
			if err := parseResult(dec, out); err != nil {
				return fmt.Errorf("result: %w", err)
			}
			continue
		}
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return eofAsUnexpected(err)
		}
		switch key {
		case "program":
			out.Program = rawString(raw)
		case "cProverStatus":
			out.CProverStatus = rawString(raw)
		case "messageText":
			msg.Text = rawString(raw)
			isMessage = true
		case "messageType":
			msg.Type = rawString(raw)
			isMessage = true
		case "sourceLocation":
			msg.Location = parseLocation(raw)
		}
		switch key {
		case "property", "description", "status", "trace", "sourceLocation":
			fields[key] = raw
		}
	}
	if _, err := dec.Token(); err != nil {
		return eofAsUnexpected(err)
	}
	if _, ok := fields["property"]; ok && !isMessage {
		data, err := json.Marshal(fields)
		if err != nil {
			return err
		}
		var wp wireProperty
		if err := json.Unmarshal(data, &wp); err != nil && !isTypeError(err) {
			return fmt.Errorf("property entry: %w", err)
		}
		if p, ok := wp.convert(); ok {
			out.Properties = append(out.Properties, p)
		}
	}
	return nil
}

// parseResult parses the value of a "result" key: an array of properties.
func parseResult(dec *json.Decoder, out *Output) error {
	tok, err := dec.Token()
	if err != nil {
		return eofAsUnexpected(err)
	}
	d, ok := tok.(json.Delim)
	if !ok {
		return nil // a scalar (e.g. null): nothing to record
	}
	if d == '{' {
		// Not an array: skip the object.
		for dec.More() {
			var skip json.RawMessage
			if _, err := dec.Token(); err != nil {
				return eofAsUnexpected(err)
			}
			if err := dec.Decode(&skip); err != nil {
				return eofAsUnexpected(err)
			}
		}
		_, err := dec.Token()
		return eofAsUnexpected(err)
	}
	for i := 0; dec.More(); i++ {
		var wp wireProperty
		if err := dec.Decode(&wp); err != nil && !isTypeError(err) {
			return fmt.Errorf("property %d: %w", i, eofAsUnexpected(err))
		}
		if p, ok := wp.convert(); ok {
			out.Properties = append(out.Properties, p)
		}
	}
	if _, err := dec.Token(); err != nil {
		return eofAsUnexpected(err)
	}
	return nil
}

// isTypeError reports whether err only says that some JSON value did not
// fit the Go type it was decoded into. encoding/json then skips that value
// and decodes everything else, which is the tolerance wanted here.
func isTypeError(err error) bool {
	var te *json.UnmarshalTypeError
	return errors.As(err, &te)
}

// The wire* types mirror CBMC's JSON. Fields that do not fit their type are
// left zero by encoding/json; numbers, which CBMC sometimes prints as strings
// ("line": "16"), are flexNum, which accepts both forms.

type wireLocation struct {
	File             string  `json:"file"`
	Function         string  `json:"function"`
	Line             flexNum `json:"line"`
	Column           flexNum `json:"column"`
	WorkingDirectory string  `json:"workingDirectory"`
}

func (w *wireLocation) convert() Location {
	if w == nil {
		return Location{}
	}
	return Location{
		File:             w.File,
		Function:         w.Function,
		Line:             numberToInt(w.Line),
		Column:           numberToInt(w.Column),
		WorkingDirectory: w.WorkingDirectory,
	}
}

type wireProperty struct {
	Property       string        `json:"property"`
	Description    string        `json:"description"`
	Status         string        `json:"status"`
	SourceLocation *wireLocation `json:"sourceLocation"`
	Trace          []*wireStep   `json:"trace"`
}

// convert returns the property, and false if the JSON value was not an
// object with a "property" string.
func (w *wireProperty) convert() (Property, bool) {
	if w.Property == "" {
		return Property{}, false
	}
	p := Property{
		ID:          w.Property,
		Description: w.Description,
		Status:      w.Status,
		Location:    w.SourceLocation.convert(),
	}
	// With --stop-on-fail, CBMC prints the failed property as a top-level
	// entry whose status is "failed".
	if strings.EqualFold(p.Status, "failed") {
		p.Status = StatusFailure
	}
	for _, ws := range w.Trace {
		if ws != nil && ws.StepType != "" {
			p.Trace = append(p.Trace, ws.convert())
		}
	}
	return p, true
}

type wireFunction struct {
	DisplayName    string        `json:"displayName"`
	Identifier     string        `json:"identifier"`
	SourceLocation *wireLocation `json:"sourceLocation"`
}

type wireStep struct {
	StepType       string            `json:"stepType"`
	Hidden         bool              `json:"hidden"`
	Internal       bool              `json:"internal"`
	Thread         flexNum           `json:"thread"`
	StepNr         flexNum           `json:"stepNr"`
	SourceLocation *wireLocation     `json:"sourceLocation"`
	Mode           string            `json:"mode"`
	LHS            string            `json:"lhs"`
	RawLHS         json.RawMessage   `json:"rawLhs"`
	AssignmentType string            `json:"assignmentType"`
	Value          json.RawMessage   `json:"value"`
	Function       *wireFunction     `json:"function"`
	Property       string            `json:"property"`
	Reason         string            `json:"reason"`
	InputID        string            `json:"inputID"`
	OutputID       string            `json:"outputID"`
	Values         []json.RawMessage `json:"values"`
}

func (w *wireStep) convert() Step {
	s := Step{
		Type:           w.StepType,
		Hidden:         w.Hidden,
		Internal:       w.Internal,
		Thread:         numberToInt(w.Thread),
		StepNr:         numberToInt(w.StepNr),
		Location:       w.SourceLocation.convert(),
		Mode:           w.Mode,
		LHS:            w.LHS,
		AssignmentType: w.AssignmentType,
		Property:       w.Property,
		Reason:         w.Reason,
		IOID:           w.InputID,
	}
	if s.IOID == "" {
		s.IOID = w.OutputID
	}
	if len(w.RawLHS) > 0 && !isNull(w.RawLHS) {
		s.RawLHS = w.RawLHS
		s.LHSIdentifier = rootIdentifier(w.RawLHS)
	}
	if len(w.Value) > 0 {
		s.Value = parseValue(w.Value, 0)
	}
	if f := w.Function; f != nil {
		s.Function = Function{
			DisplayName: f.DisplayName,
			Identifier:  f.Identifier,
			Location:    f.SourceLocation.convert(),
		}
	}
	for _, v := range w.Values {
		s.Values = append(s.Values, parseValue(v, 0))
	}
	return s
}

type wireValue struct {
	Data     string  `json:"data"`
	Binary   string  `json:"binary"`
	Type     string  `json:"type"`
	Width    flexNum `json:"width"`
	Name     string  `json:"name"`
	Elements []*struct {
		Index flexNum         `json:"index"`
		Value json.RawMessage `json:"value"`
	} `json:"elements"`
	Members []*struct {
		Name  string          `json:"name"`
		Value json.RawMessage `json:"value"`
	} `json:"members"`
}

// maxValueDepth bounds the recursion into nested aggregate values and
// expression trees.
const maxValueDepth = 1000

func parseValue(raw json.RawMessage, depth int) Value {
	v := Value{Raw: raw}
	var w wireValue
	if err := json.Unmarshal(raw, &w); err != nil && !isTypeError(err) {
		return v
	}
	v.Data = w.Data
	v.Binary = w.Binary
	v.Type = w.Type
	v.Width = numberToInt(w.Width)
	v.Name = w.Name
	if depth >= maxValueDepth {
		return v
	}
	for _, e := range w.Elements {
		if e != nil && len(e.Value) > 0 {
			v.Elements = append(v.Elements, Element{Index: numberToInt(e.Index), Value: parseValue(e.Value, depth+1)})
		}
	}
	for _, m := range w.Members {
		if m != nil && len(m.Value) > 0 {
			v.Members = append(v.Members, Member{Name: m.Name, Value: parseValue(m.Value, depth+1)})
		}
	}
	return v
}

// wireIrep is the part of an irep (CBMC's expression tree, as printed in
// "rawLhs") that rootIdentifier needs.
type wireIrep struct {
	ID       string `json:"id"`
	NamedSub struct {
		Identifier struct {
			ID string `json:"id"`
		} `json:"identifier"`
	} `json:"namedSub"`
	Sub []json.RawMessage `json:"sub"`
}

// rootIdentifier finds the identifier of the root symbol of an irep
// expression printed by --trace-json-extended: it follows the first operand
// ("sub"[0]) of member/index/... expressions down to a "symbol" node and
// returns its namedSub.identifier.id.
func rootIdentifier(raw json.RawMessage) string {
	for depth := 0; depth < maxValueDepth; depth++ {
		var w wireIrep
		if err := json.Unmarshal(raw, &w); err != nil && !isTypeError(err) {
			return ""
		}
		if w.ID == "symbol" {
			return w.NamedSub.Identifier.ID
		}
		if len(w.Sub) == 0 {
			return ""
		}
		raw = w.Sub[0]
	}
	return ""
}

// flexNum holds the text of a JSON number or string. Its UnmarshalJSON
// never fails, so an odd value cannot spoil the decoding of its neighbours.
type flexNum string

// UnmarshalJSON stores the number's text or the string's content.
func (n *flexNum) UnmarshalJSON(b []byte) error {
	var s string
	if len(b) > 0 && b[0] == '"' && json.Unmarshal(b, &s) == nil {
		*n = flexNum(strings.TrimSpace(s))
		return nil
	}
	*n = flexNum(b)
	return nil
}

// numberToInt converts a JSON number (or numeric string) to int; anything
// that is not an integer in range gives 0.
func numberToInt(n flexNum) int {
	if n == "" {
		return 0
	}
	if i, err := strconv.ParseInt(string(n), 10, 0); err == nil {
		return int(i)
	}
	if f, err := strconv.ParseFloat(string(n), 64); err == nil && f >= -1<<53 && f <= 1<<53 {
		return int(f)
	}
	return 0
}

// parseLocation decodes a "sourceLocation" object; anything else gives the
// zero Location.
func parseLocation(raw json.RawMessage) Location {
	var w wireLocation
	if err := json.Unmarshal(raw, &w); err != nil && !isTypeError(err) {
		return Location{}
	}
	return w.convert()
}

// isNull reports whether raw is empty or the JSON null.
func isNull(raw json.RawMessage) bool {
	return len(bytes.TrimSpace(raw)) == 0 || string(bytes.TrimSpace(raw)) == "null"
}

// rawString returns a JSON string's value, or the literal text of a number or
// boolean; anything else gives "".
func rawString(raw json.RawMessage) string {
	if len(raw) == 0 {
		return ""
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return ""
	}
	switch x := v.(type) {
	case string:
		return x
	case float64, bool:
		return strings.TrimSpace(string(raw))
	default:
		return ""
	}
}
