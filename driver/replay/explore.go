package replay

import (
	"bufio"
	"bytes"
	"context"
	_ "embed"
	"errors"
	"fmt"
	"os/exec"
	"strconv"
	"strings"

	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/record"
	"github.com/ladr-dev/ladr/translate/seq"
)

//go:embed explore.h
var exploreRuntime string

// Exploration is the outcome of an explicit-state search (Explore).
type Exploration struct {
	// Violated: an execution failed an assertion (Message); Choices are
	// its choices, in the order the program built for a checker asks
	// them (Run replays them).
	Violated bool
	Message  string
	Choices  []Choice
	// Done: the search ran out of executions without a violation (of
	// those it explores: the program's nondet values are limited to a
	// few, uninitialized locals are 0, so this is no proof). Full: its table of seen states
	// filled up first.
	Done, Full bool
	// States and Runs count the distinct states at context starts and the
	// executions (or their continuations) run, when the search ended by
	// itself.
	States, Runs uint64
}

// Explore compiles text, a program built with seq.Options.Explore and
// printed by ir.Fprint (followed by any harness), with the explicit-state
// search's runtime (explore.h) and runs the search until it ends or ctx
// does. A stopped search is the error context.Cause(ctx).
func Explore(ctx context.Context, text []byte, prog *ir.Program, opt Options) (*Exploration, error) {
	dir, done, err := scratch(text, opt, "explore")
	if err != nil {
		return nil, err
	}
	defer done()
	var src bytes.Buffer
	src.WriteString("#define __LADR_REPLAY 1\n")
	src.WriteString(ir.Prelude)
	src.WriteString(exploreRuntime)
	src.Write(text[len(ir.Prelude):])
	src.WriteString(replayBodies(prog, src.String()))
	src.WriteString(havocBodies(prog))
	// -no-pie: the globals the search saves lie between __data_start and
	// _end. The heap is the runtime's arena.
	exe, _, err := compile(ctx, opt.GCC, dir, "explore", &src, prog, "-O1", "-fno-pie", "-no-pie",
		"-Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=free,--wrap=exit,--wrap=abort")
	if err != nil {
		if ctx.Err() != nil {
			return nil, context.Cause(ctx)
		}
		return nil, fmt.Errorf("explore: %w", err)
	}
	cmd := exec.CommandContext(ctx, exe)
	cmd.Dir = dir
	var stdout bytes.Buffer
	cmd.Stdout = &tail{b: &stdout, n: 64 << 20}
	runErr := cmd.Run()
	if ctx.Err() != nil {
		return nil, context.Cause(ctx)
	}
	ex, err := parseExploration(stdout.Bytes())
	if err != nil {
		if runErr != nil {
			return nil, fmt.Errorf("explore: the search stopped (%v): %w", runErr, err)
		}
		return nil, err
	}
	return ex, nil
}

// havocBodies defines the functions that give uninitialized locals their
// values in a program built with seq.Options.Explore (seq.ExploreHavoc):
// each answers 0, recorded as a choice of the nondet function the
// checker's program calls there.
func havocBodies(prog *ir.Program) string {
	var b strings.Builder
	for _, f := range prog.Funcs {
		suffix, ok := strings.CutPrefix(f.Name, seq.ExploreHavoc)
		if !ok || f.Body != nil || f.Type == nil {
			continue
		}
		fmt.Fprintf(&b, "%s { %s; __ladr_ex_havoc(&%s, sizeof %s, %q); return %s; }\n",
			ir.Declare(f.Type.Result, f.Name+"(void)"), ir.Declare(f.Type.Result, record.ValueName), record.ValueName, record.ValueName, "__VERIFIER_nondet_"+suffix, record.ValueName)
	}
	return b.String()
}

// parseExploration reads the runtime's report (explore.h).
func parseExploration(out []byte) (*Exploration, error) {
	ex := &Exploration{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	ended := false
	for sc.Scan() {
		line, ok := strings.CutPrefix(sc.Text(), "ladr-explore: ")
		if !ok {
			continue // the program's own output
		}
		switch {
		case strings.HasPrefix(line, "violated: "):
			ex.Violated, ex.Message, ended = true, strings.TrimPrefix(line, "violated: "), true
		case strings.HasPrefix(line, "choice "):
			f := strings.Fields(strings.TrimPrefix(line, "choice "))
			if len(f) != 2 {
				return nil, fmt.Errorf("explore: bad choice line %q", line)
			}
			bits, err := strconv.ParseUint(f[1], 10, 64)
			if err != nil {
				return nil, fmt.Errorf("explore: bad choice line %q: %w", line, err)
			}
			ex.Choices = append(ex.Choices, Choice{Func: f[0], Bits: bits})
		case strings.HasPrefix(line, "done "), strings.HasPrefix(line, "full "):
			f := strings.Fields(line)
			ex.Done, ex.Full, ended = f[0] == "done", f[0] == "full", true
			if len(f) > 1 {
				ex.States, _ = strconv.ParseUint(f[1], 10, 64)
			}
			if len(f) > 2 {
				ex.Runs, _ = strconv.ParseUint(f[2], 10, 64)
			}
		default:
			return nil, fmt.Errorf("explore: the search failed: %s", line)
		}
	}
	if !ended {
		return nil, errors.New("explore: the search ended without a report")
	}
	return ex, nil
}
