package driver

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/ladr-dev/ladr/driver/replay"
	"github.com/ladr-dev/ladr/translate/cfront"
	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/slice"
)

// SavedTraceFormat identifies the format of a saved counterexample.
const SavedTraceFormat = "ladr-trace/1"

// SavedTrace is what replaying a violation needs: the choices of the
// counterexample, the bounds and settings that produced the program they
// answer, and what identifies the input and ladr.
type SavedTrace struct {
	Format      string `json:"format"`
	LadrVersion string `json:"ladr_version"`
	Input       string `json:"input"`
	InputSHA256 string `json:"input_sha256"`
	Property    string `json:"property"`
	Target      string `json:"target"`
	Model       string `json:"model"`
	Bounds      Bounds `json:"bounds"`
	// HeapRecorded: the program recorded the initial bytes of malloc'd
	// objects (replay.RecordHeap).
	HeapRecorded bool `json:"heap_recorded,omitempty"`
	// Adjacent: the program's race checks were the adjacent ones only
	// (Options.Adjacent, a step without Bounds.Pending): the replay
	// builds the same program, whose choices the trace answers.
	Adjacent bool `json:"adjacent,omitempty"`
	// SymbolicSizes: the program kept the sizes of allocations of a
	// symbolic number of elements (a completeness check's,
	// translate.Config.SymbolicSizes); else they had the capacity of the
	// bounds.
	SymbolicSizes bool `json:"symbolic_sizes,omitempty"`
	// Defines and IncludeDirs (absolute) are the -D and -I the program was
	// built with; ArgsFixed tells whether main's arguments were fixed to
	// Args (--args) rather than nondeterministic.
	Defines     []string `json:"defines,omitempty"`
	IncludeDirs []string `json:"include_dirs,omitempty"`
	ArgsFixed   bool     `json:"args_fixed,omitempty"`
	Args        []string `json:"args,omitempty"`
	// Undefines, Includes (absolute) and Std are the -U, -include and
	// --std the program was built with.
	Undefines []string `json:"undefines,omitempty"`
	Includes  []string `json:"includes,omitempty"`
	Std       string   `json:"std,omitempty"`
	// Units are the program's files when it has several (Input is the
	// first), each with its content's hash and its own flags.
	Units []SavedUnit `json:"units,omitempty"`
	// Slice is the slice of the program the counterexample is of (a race
	// found on a slice whose counterexample runs no stub; nil: the whole
	// program).
	Slice     *SavedSlice     `json:"slice,omitempty"`
	Assertion string          `json:"assertion"`
	File      string          `json:"file,omitempty"`
	Line      int             `json:"line,omitempty"`
	Choices   []replay.Choice `json:"choices"`
}

// SavedUnit is one translation unit of a saved trace's program.
type SavedUnit struct {
	File        string   `json:"file"`
	SHA256      string   `json:"sha256"`
	Defines     []string `json:"defines,omitempty"`
	Undefines   []string `json:"undefines,omitempty"`
	IncludeDirs []string `json:"include_dirs,omitempty"`
	Includes    []string `json:"includes,omitempty"`
	Std         string   `json:"std,omitempty"`
}

// savedUnits describes units for a saved trace (nil for none).
func savedUnits(units []cfront.Unit) []SavedUnit {
	var out []SavedUnit
	for _, u := range units {
		sum, _ := HashFile(u.File)
		out = append(out, SavedUnit{File: u.File, SHA256: sum, Defines: u.Defines, Undefines: u.Undefines,
			IncludeDirs: absPaths(u.IncludePaths), Includes: absPaths(u.Includes), Std: u.Std})
	}
	return out
}

// replayUnits are the units a replay of t builds from files, the files
// given to the replay: t's units' flags on files of the same content.
func replayUnits(t *SavedTrace, files []string) ([]cfront.Unit, error) {
	if len(files) != len(t.Units) {
		var want []string
		for _, u := range t.Units {
			want = append(want, u.File)
		}
		return nil, &InputError{fmt.Errorf("the trace was saved for a program of %d file(s) (%s): give the same files, in that order", len(t.Units), strings.Join(want, " "))}
	}
	var units []cfront.Unit
	for i, su := range t.Units {
		sum, err := HashFile(files[i])
		if err != nil {
			return nil, &InputError{fmt.Errorf("reading the input: %w", err)}
		}
		if sum != su.SHA256 {
			return nil, &InputError{fmt.Errorf("the trace belongs to another program: its file %d was %s (sha256 %s), not %s (sha256 %s)", i+1, su.File, short(su.SHA256), files[i], short(sum))}
		}
		units = append(units, cfront.Unit{File: files[i], Defines: su.Defines, Undefines: su.Undefines,
			IncludePaths: su.IncludeDirs, Includes: su.Includes, Std: su.Std})
	}
	return units, nil
}

// HashFile returns the hex SHA-256 of a file's content.
func HashFile(path string) (string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:]), nil
}

// WriteSavedTrace writes t as JSON to path.
func WriteSavedTrace(path string, t *SavedTrace) error {
	data, err := json.MarshalIndent(t, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(path, append(data, '\n'), 0o644); err != nil {
		return fmt.Errorf("writing the trace: %w", err)
	}
	return nil
}

// ReadSavedTrace reads a saved trace and checks that it belongs to input
// and to this version of ladr.
func ReadSavedTrace(path, input string) (*SavedTrace, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, &InputError{fmt.Errorf("reading the trace: %w", err)}
	}
	var t SavedTrace
	if err := json.Unmarshal(data, &t); err != nil {
		return nil, &InputError{fmt.Errorf("%s: not a ladr trace: %v", path, err)}
	}
	if t.Format != SavedTraceFormat {
		return nil, &InputError{fmt.Errorf("%s: not a ladr trace (format %q, want %q)", path, t.Format, SavedTraceFormat)}
	}
	if t.LadrVersion != Version {
		return nil, &InputError{fmt.Errorf("%s: the trace was saved by ladr %s; this is ladr %s", path, t.LadrVersion, Version)}
	}
	sum, err := HashFile(input)
	if err != nil {
		return nil, &InputError{fmt.Errorf("reading the input: %w", err)}
	}
	if sum != t.InputSHA256 {
		return nil, &InputError{fmt.Errorf("%s: the trace belongs to another input (%s, sha256 %s), not to %s (sha256 %s)", path, t.Input, short(t.InputSHA256), input, short(sum))}
	}
	return &t, nil
}

func short(h string) string {
	if len(h) > 12 {
		return h[:12]
	}
	return h
}

// SavedSlice names the slice of a saved trace (package slice): the start
// routine and the function of each of its two accesses, and the stubs'
// mode (abstract or exact).
type SavedSlice struct {
	slice.Spec
	Mode string `json:"mode"`
	// Lines are the lines (file:line) of the candidates' accesses the
	// slice checked: for races its only race checks and, with the
	// bounds' CandidateSwitches, its only context-switch points besides
	// those that synchronize.
	Lines []string `json:"lines,omitempty"`
}

// only accepts the positions on s's lines (nil when it names none).
func (s *SavedSlice) only() func(ir.Pos) bool {
	if len(s.Lines) == 0 {
		return nil
	}
	lines := map[string]bool{}
	for _, l := range s.Lines {
		lines[l] = true
	}
	return func(p ir.Pos) bool { return lines[lineKey(p)] }
}

// build cuts prog down to the slice s names.
func (s *SavedSlice) build(prog *ir.Program) error {
	m, ok := slice.ParseMode(s.Mode)
	if !ok {
		return fmt.Errorf("the trace names an unknown slice mode %q", s.Mode)
	}
	_, err := slice.Build(prog, s.Spec, m)
	return err
}
