// Package cbmc finds, runs and parses the bounded model checker CBMC
// (version 6.6).
//
// Locate finds the executable: the --cbmc flag, the LADR_CBMC environment
// variable, the project's own install made by scripts/install-cbmc
// (.tools/cbmc/bin/cbmc next to the ladr executable or the working directory
// or one of their ancestors), then PATH.
//
// Run executes "cbmc <args> --json-ui <file>" in its own process group under
// an optional timeout (the whole group, including the gcc that CBMC starts
// for preprocessing, is killed with SIGKILL) and an optional address-space
// limit, and classifies the outcome as Success, Failure, Timeout,
// OutOfMemory, Crash or Error with a one-line Reason for the user.
//
// ParseJSON turns CBMC's --json-ui output into messages, properties and
// counterexample traces. It accepts output cut off at any point (CBMC killed)
// and keeps what was complete.
package cbmc
