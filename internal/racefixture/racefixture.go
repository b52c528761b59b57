// Package racefixture builds, for tests of the output formats, the
// driver.Result of a small data race as driver.Check reports it: T1's write
// at r.c:7 races with main's earlier write at r.c:14, after main read a
// nondeterministic value at line 12 and created T1 at line 13.
package racefixture

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/ladr-dev/ladr/driver"
	"github.com/ladr-dev/ladr/property"
)

// Race writes r.c into a temporary directory of t and returns the result of
// the race in it, in the data model dm (ILP32 or LP64).
func Race(t testing.TB, dm string) *driver.Result {
	t.Helper()
	input := filepath.Join(t.TempDir(), "r.c")
	if err := os.WriteFile(input, []byte("int shared;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return &driver.Result{
		Result: "violation", Property: property.Race.Name, Verdict: "FALSE(no-data-race)", Input: input,
		DataModel: dm, LadrVersion: driver.Version, Confirmed: true,
		Bounds:  driver.Bounds{Rounds: 2, Unwind: 2},
		Threads: []driver.ThreadRef{{ID: 0, Name: "main", Function: "main"}, {ID: 1, Name: "T1", Function: "worker", CreatedAt: input + ":13:3"}},
		Race: &driver.DataRace{Location: "shared", Accesses: []driver.Access{
			{Kind: "write", File: input, Line: 7, Column: 3, Function: "worker", Thread: "T1", ThreadCreatedAt: input + ":13:3", Source: "shared = shared + 1;"},
			{Kind: "write", File: input, Line: 14, Column: 3, Function: "main", Thread: "main", Source: "shared = 1;"},
		}},
		Trace: []driver.Step{
			{Thread: "main", ThreadID: 0, File: input, Line: 12, Column: 7, Function: "main", Kind: "nondet", Source: "int n = __VERIFIER_nondet_int();", Values: []driver.Value{{Lvalue: "n", Value: "5"}}},
			{Thread: "main", ThreadID: 0, File: input, Line: 13, Column: 3, Function: "main", Kind: "create", CreatedThread: "T1", CreatedThreadID: 1},
			{Thread: "main", ThreadID: 0, File: input, Line: 14, Column: 3, Function: "main", Kind: "access", Source: "shared = 1;", Values: []driver.Value{{Lvalue: "shared", Value: "1"}}},
			{Thread: "T1", ThreadID: 1, Kind: "context-switch"},
			{Thread: "T1", ThreadID: 1, File: input, Line: 6, Column: 7, Function: "worker", Kind: "statement"},
			{Thread: "T1", ThreadID: 1, File: input, Line: 7, Column: 3, Function: "worker", Kind: "access", Source: "shared = shared + 1;"},
		},
	}
}
