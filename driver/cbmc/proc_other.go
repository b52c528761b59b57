//go:build !unix

package cbmc

import (
	"os"
	"os/exec"
)

// setProcessGroup does nothing: process groups are a Unix feature.
func setProcessGroup(*exec.Cmd) {}

// stopProcess kills the started command.
func stopProcess(cmd *exec.Cmd) error { return cmd.Process.Kill() }

// killGroup kills nothing but reports the group as gone.
func killGroup(int) error { return os.ErrProcessDone }

// signalOf reports no signal.
func signalOf(*os.ProcessState) (string, bool) { return "", false }

// maxRSSKB is not available.
func maxRSSKB(*os.ProcessState) int64 { return 0 }
