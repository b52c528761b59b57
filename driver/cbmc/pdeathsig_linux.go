package cbmc

import "syscall"

// setParentDeathSignal makes the kernel kill CBMC if ladr dies first, so that
// an abruptly terminated ladr leaves no CBMC behind.
func setParentDeathSignal(attr *syscall.SysProcAttr) {
	attr.Pdeathsig = syscall.SIGKILL
}
