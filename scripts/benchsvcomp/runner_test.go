package main

import (
	"os/exec"
	"strings"
	"testing"
)

// TestInterpretStdout: what the harness makes of ladr's stdout.
func TestInterpretStdout(t *testing.T) {
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Skipf("cannot run true: %v", err)
	}
	for _, tc := range []struct {
		name, stdout   string
		result, reason string
		crash          bool
	}{
		{"violation", `{"result": "violation", "file": "a.c"}`, "violation", "", false},
		{"unknown", `{"result": "unknown", "reason": "timeout after 1s"}`, "unknown", "timeout after 1s", false},
		{"error object", `{"result": "error", "error": "a.c:1:1: the file is empty", "exit_code": 2}`, "unknown", "crash: ladr error: a.c:1:1: the file is empty", true},
		{"nothing", ``, "unknown", "crash: no JSON on stdout", true},
		{"other result", `{"result": "maybe"}`, "unknown", "crash: JSON result \"maybe\"", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := outcome{Result: "unknown", Exit: "0", Stdout: []byte(tc.stdout)}
			interpret(&o, cmd.ProcessState)
			if o.Result != tc.result || o.Crash != tc.crash || !strings.HasPrefix(o.Reason, tc.reason) {
				t.Errorf("result %q, crash %v, reason %q; want %q, %v, %q…", o.Result, o.Crash, o.Reason, tc.result, tc.crash, tc.reason)
			}
		})
	}
}
