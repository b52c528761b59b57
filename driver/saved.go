package driver

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"

	"github.com/ladr-dev/ladr/driver/replay"
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
	// Defines and IncludeDirs (absolute) are the -D and -I the program was
	// built with; ArgsFixed tells whether main's arguments were fixed to
	// Args (--args) rather than nondeterministic.
	Defines     []string        `json:"defines,omitempty"`
	IncludeDirs []string        `json:"include_dirs,omitempty"`
	ArgsFixed   bool            `json:"args_fixed,omitempty"`
	Args        []string        `json:"args,omitempty"`
	Assertion   string          `json:"assertion"`
	File        string          `json:"file,omitempty"`
	Line        int             `json:"line,omitempty"`
	Choices     []replay.Choice `json:"choices"`
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
