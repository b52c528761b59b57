package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ladr-dev/ladr/driver"
	"github.com/ladr-dev/ladr/driver/witness"
	"github.com/ladr-dev/ladr/translate/analysis/races"
)

// writeFiles writes the files a check was asked for beside its report:
// the saved trace (--save-trace) and the witness (--witness) of a
// violation. A file that cannot be written does not change the result: it
// is added to res.Errors.
func writeFiles(c *cli.Context, res *driver.Result, witnessFormat string) {
	if p := c.String("save-trace"); p != "" && res.Saved != nil {
		if err := driver.WriteSavedTrace(p, res.Saved); err != nil {
			res.Errors = append(res.Errors, driver.CannotWrite("the trace", p, err).Error())
		}
	}
	if res.Result != driver.Violation {
		return
	}
	for _, p := range c.StringSlice("witness") {
		format := witnessFormat
		if !c.IsSet("witness-format") {
			format = "graphml"
			if ext := strings.ToLower(filepath.Ext(p)); ext == ".yml" || ext == ".yaml" {
				format = "yaml"
			}
		}
		if err := writeWitness(p, format, res); err != nil {
			res.Errors = append(res.Errors, driver.CannotWrite("the witness", p, err).Error())
		}
	}
}

// warnErrors prints each of res.Errors on stderr.
func warnErrors(stderr io.Writer, res *driver.Result) {
	for _, e := range res.Errors {
		fmt.Fprintln(stderr, "ladr: "+oneLine(e))
	}
}

// writeWitness writes the violation witness of r to path in format
// (graphml or yaml).
func writeWitness(path, format string, r *driver.Result) error {
	info, err := witness.NewInfo(r)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if format == "yaml" {
		err = witness.WriteYAML(&b, r, info)
	} else {
		err = witness.WriteGraphML(&b, r, info)
	}
	if err != nil {
		return err
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		return fmt.Errorf("writing the witness: %w", err)
	}
	return nil
}

func writeJSON(w io.Writer, r any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(r)
}

// bounds says what the bounds of r are.
func bounds(r *driver.Result) string { return boundsText(r.Bounds) }

// boundsText says what bounds b are.
func boundsText(b driver.Bounds) string {
	s := fmt.Sprintf("rounds %d, unwind %d", b.Rounds, b.Unwind)
	for _, k := range sortedKeys(b.UnwindSet) {
		s += fmt.Sprintf(", %s:%d", k, b.UnwindSet[k])
	}
	if b.SpawnUnwind > b.Unwind {
		s += fmt.Sprintf(", thread-creating loops %d", b.SpawnUnwind)
	}
	if b.PrefixUnwind > b.Unwind {
		s += fmt.Sprintf(", loops before the first thread %d", b.PrefixUnwind)
	}
	if b.CandidateSwitches {
		s += ", context switches only at the candidate's accesses and synchronization"
	}
	return s
}

func sortedKeys(m map[string]int) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			if out[j] < out[i] {
				out[i], out[j] = out[j], out[i]
			}
		}
	}
	return out
}

func writeText(w io.Writer, r *driver.Result, trace bool) {
	switch r.Result {
	case driver.Violation:
		if r.Race != nil {
			writeRace(w, r)
		} else {
			fmt.Fprintf(w, "VIOLATION: %s\n  at %s:%d:%d in %s (thread %s)\n", r.Message, r.File, r.Line, r.Column, r.Function, r.Thread)
		}
		if r.FoundDeadlock != nil {
			writeCycles(w, r.Deadlock)
		}
		if trace {
			writeTrace(w, r)
		}
		if r.Confirmed {
			fmt.Fprintln(w, "  Confirmed: replaying the counterexample concretely fails the same check.")
		}
		for _, n := range r.Notes {
			if strings.HasPrefix(n, driver.ExploredNote) {
				fmt.Fprintf(w, "  Found by the explicit-state search%s (CBMC checked the program pinned to its choices).\n", strings.TrimPrefix(n, driver.ExploredNote))
			}
		}
		for _, sl := range r.Slices {
			if sl.Found() {
				fmt.Fprintf(w, "  Found on a slice of the program (%s; the rest stubbed): the counterexample runs none of the stubs, so it is an execution of the whole program.\n", sl.Threads)
			}
		}
	case driver.NoViolationFound:
		fmt.Fprintf(w, "No violation found within the bounds (%s).\n", bounds(r))
		if len(r.Cuts) > 0 {
			fmt.Fprintf(w, "  Behaviours beyond the bounds were not explored, e.g. %s\n", r.Cuts[0])
		}
		writeDeadlocks(w, r.Deadlock)
	case driver.True:
		if r.Proof != nil {
			writeProof(w, r)
			break
		}
		if r.Candidates != nil && r.Candidates.Answered {
			cr := r.Candidates
			fmt.Fprintln(w, "The property holds for every bound: whole-program static race analysis (no inlining).")
			fmt.Fprintf(w, "  %d access(es) other threads may reach in %d of %d function(s), %d kind(s) of thread; none may race, even assuming the worst of calls through pointers and of accesses through pointers to bytes.\n",
				cr.Accesses, cr.Reached, cr.Functions, len(cr.Threads))
			break
		}
		if r.Deadlock != nil && r.Deadlock.DeadlockFree {
			fmt.Fprintln(w, "The property holds for every bound: static lock-order analysis.")
			fmt.Fprintf(w, "  %d lock(s), %d lock-order dependencies; no cycle of threads waiting for each other, no lock taken twice, no lock kept at a thread's end.\n",
				r.Deadlock.Locks, r.Deadlock.Dependencies)
			break
		}
		fmt.Fprintf(w, "The property holds: the bounds (%s) cover every behaviour.\n", bounds(r))
		for _, n := range r.Notes {
			if why, ok := strings.CutPrefix(n, "complete: "); ok {
				fmt.Fprintf(w, "  Why: %s.\n", why)
			}
		}
	default:
		fmt.Fprintf(w, "UNKNOWN: %s", r.Reason)
		if r.ReasonPos != "" {
			fmt.Fprintf(w, " (at %s)", r.ReasonPos)
		}
		fmt.Fprintln(w)
		writeDeadlocks(w, r.Deadlock)
	}
	if r.Result != driver.Violation {
		writeAssumptions(w, r)
	}
	if r.Candidates == nil || !r.Candidates.Answered {
		writeCandidates(w, r)
	}
	writeSlices(w, r)
	if r.Proof != nil || r.Deadlock != nil && r.Deadlock.DeadlockFree || r.Candidates != nil && r.Candidates.Answered {
		fmt.Fprintf(w, "  %.2fs (translate and analysis %.2fs, no CBMC run); no bounds\n", r.TimeS, r.TranslateS)
	} else {
		fmt.Fprintf(w, "  %d thread(s), %d visible statement(s); %.2fs (translate %.2fs, CBMC %.2fs); bounds: %s\n",
			len(r.Threads), r.VisibleStatements, r.TimeS, r.TranslateS, r.BackendS, bounds(r))
	}
	fmt.Fprintln(w, "SV-COMP verdict: "+r.Verdict)
}

// writeCycles prints, with a deadlock found, the lock-order cycles of the
// static analysis: what each thread holds and where it took it.
func writeCycles(w io.Writer, da *driver.DeadlockAnalysis) {
	if da == nil {
		return
	}
	for _, c := range da.Potential {
		fmt.Fprintln(w, "  Lock-order cycle (static analysis):")
		for _, x := range c.Threads {
			held := ""
			if len(x.HeldAt) > 0 {
				held = " (acquired at " + strings.Join(x.HeldAt, ", ") + ")"
			}
			fmt.Fprintf(w, "    a thread of %s holds %s%s and waits for %s at %s\n", x.Routine, x.Holds, held, x.WaitsFor, x.At)
		}
	}
}

// writeDeadlocks prints the potential deadlocks of the static deadlock
// analysis, each thread with what it holds (and where it took it) and
// what it waits for.
func writeDeadlocks(w io.Writer, da *driver.DeadlockAnalysis) {
	if da == nil {
		return
	}
	wait := func(x driver.DeadlockWait) {
		held := ""
		if len(x.HeldAt) > 0 {
			held = " (acquired at " + strings.Join(x.HeldAt, ", ") + ")"
		}
		fmt.Fprintf(w, "    a thread of %s holds %s%s and waits for %s at %s\n", x.Routine, x.Holds, held, x.WaitsFor, x.At)
	}
	for i, c := range da.Potential {
		fmt.Fprintf(w, "  Potential deadlock %d (static lock-order analysis, not confirmed by the search):\n", i+1)
		for _, x := range c.Threads {
			wait(x)
		}
	}
	for _, x := range da.Self {
		fmt.Fprintln(w, "  Lock taken twice (a normal mutex deadlocks; static lock-order analysis, not confirmed by the search):")
		wait(x)
	}
	for _, k := range da.Kept {
		fmt.Fprintf(w, "  A thread of %s may end holding %s, which a thread of %s takes at %s (static lock-order analysis, not confirmed by the search).\n", k.Routine, k.Lock, k.AcquiredBy, k.At)
	}
}

// writeAssumptions prints the modelling assumptions of a result that
// found no violation (the JSON has them among the notes): each one may
// hide a bug.
func writeAssumptions(w io.Writer, r *driver.Result) {
	for _, n := range r.Notes {
		if a, ok := strings.CutPrefix(n, "assumed: "); ok {
			fmt.Fprintf(w, "  Assumed: %s.\n", a)
		}
	}
}

func writeRace(w io.Writer, r *driver.Result) {
	fmt.Fprintf(w, "WARNING: data race on %s\n", r.Race.Location)
	for i, a := range r.Race.Accesses {
		verb := strings.ToUpper(a.Kind[:1]) + a.Kind[1:]
		if i > 0 {
			verb = "Previous " + a.Kind
			if a.Pending {
				verb = "Concurrent " + a.Kind
			}
		}
		if a.Atomic {
			verb = "Atomic " + strings.ToLower(verb[:1]) + verb[1:]
		}
		fmt.Fprintf(w, "  %s by thread %s at %s:%d:%d in %s", verb, a.Thread, a.File, a.Line, a.Column, a.Function)
		if a.ThreadCreatedAt != "" {
			fmt.Fprintf(w, " (created at %s)", a.ThreadCreatedAt)
		}
		if a.Pending {
			fmt.Fprint(w, ", about to run: the thread is stopped just before it")
		}
		fmt.Fprintln(w)
		if a.Source != "" {
			fmt.Fprintf(w, "      %s\n", a.Source)
		}
	}
}

// writeProof prints the static race analysis's proof of a result: the
// arguments that excluded the pairs of accesses, with their counts.
func writeProof(w io.Writer, r *driver.Result) {
	p := r.Proof
	fmt.Fprintln(w, "The property holds for every bound: static race analysis.")
	fmt.Fprintf(w, "  %d access(es) other threads may reach, %d pair(s) of them to overlapping memory; none may race:\n", p.Accesses, p.Pairs)
	for _, a := range proofArguments(p.Arguments) {
		fmt.Fprintf(w, "    %s: %d pair(s)\n", a, p.Arguments[a])
	}
	for _, n := range r.Notes {
		if k, ok := strings.CutPrefix(n, "--keep: "); ok {
			fmt.Fprintf(w, "  Note: --keep: %s.\n", k)
		}
	}
}

// proofArguments returns the arguments of a proof in the order
// races.Arguments lists them, others after, sorted.
func proofArguments(m map[string]int) []string {
	var out []string
	for _, a := range races.Arguments {
		if _, ok := m[string(a)]; ok {
			out = append(out, string(a))
		}
	}
	for _, a := range sortedKeys(m) {
		if !slices.Contains(out, a) {
			out = append(out, a)
		}
	}
	return out
}

// writeProofPairs prints, after the report (--explain-proof), the pairs of
// accesses the static race analysis considered, each with its argument
// (race candidates first).
func writeProofPairs(w io.Writer, r *driver.Result) {
	sa := r.StaticAnalysis
	total := len(r.ProofPairs) + r.ProofPairsOmitted
	switch {
	case r.Proof != nil:
		fmt.Fprintf(w, "Static race analysis: %d pair(s) of accesses to overlapping memory, none may race.\n", total)
	case sa != nil && sa.Declined != "":
		fmt.Fprintf(w, "Static race analysis: no proof: %s", sa.Declined)
		if sa.DeclinedAt != "" {
			fmt.Fprintf(w, " (at %s)", sa.DeclinedAt)
		}
		fmt.Fprintln(w, ".")
	case sa != nil && sa.Proved:
		fmt.Fprintf(w, "Static race analysis: %d pair(s) of accesses to overlapping memory, none may race (the proof was not used).\n", total)
	case sa != nil:
		fmt.Fprintf(w, "Static race analysis: %d race candidate(s) among %d pair(s) of accesses to overlapping memory.\n", sa.Candidates, total)
	default:
		fmt.Fprintln(w, "Static race analysis: did not run (it checks the race property only).")
		return
	}
	for i, p := range r.ProofPairs {
		fmt.Fprintf(w, "  %d. %s\n", i+1, p)
		for _, a := range p.Accesses {
			fmt.Fprintf(w, "       %s\n", proofAccess(a))
		}
	}
	if r.ProofPairsOmitted > 0 {
		fmt.Fprintf(w, "  ... and %d more pair(s) (--format json lists the first %d too)\n", r.ProofPairsOmitted, driver.MaxProofPairs)
	}
}

// proofAccess is one access of a pair as --explain-proof prints it.
func proofAccess(a driver.ProofAccess) string {
	kind := a.Kind
	if a.Atomic {
		kind = "atomic " + kind
	}
	s := fmt.Sprintf("%s of %s at %s by thread %s", kind, a.Lvalue, a.Location, a.Thread)
	if len(a.Locks) > 0 {
		s += " holding " + strings.Join(a.Locks, ", ")
	}
	return s
}

// shownCandidates is how many race candidates the text report shows.
const shownCandidates = 10

// writeCandidates prints the whole-program race candidates, when the
// result has them: the counts and the most likely ones.
func writeCandidates(w io.Writer, r *driver.Result) {
	cr := r.Candidates
	if cr == nil {
		return
	}
	threads := 0
	for _, t := range cr.Threads {
		if t.Kind != "main" {
			threads++
		}
	}
	fmt.Fprintf(w, "  Race candidates (static analysis of the whole program, not confirmed): %d pair(s) of accesses, to %d place(s) in memory,", cr.Total, cr.Memories)
	fmt.Fprintf(w, " in %d of %d function(s), %d kind(s) of thread besides main; %.2fs\n", cr.Reached, cr.Functions, threads, cr.TimeS)
	if cr.Total == 0 {
		fmt.Fprintln(w, "    none: no two accesses of threads that may run at once to overlapping memory without a common lock")
	}
	for i, c := range cr.Candidates {
		if i >= shownCandidates {
			fmt.Fprintf(w, "    ... %d more (--format json lists %d)\n", cr.Total-shownCandidates, len(cr.Candidates))
			break
		}
		fmt.Fprintf(w, "    %d. %s\n", i+1, c)
	}
	for _, f := range cr.Facts {
		fmt.Fprintf(w, "    fact %q (%s): excluded %d pair(s)\n", f.String(), f.At, f.Excluded)
	}
	if len(cr.Unresolved) > 0 {
		fmt.Fprintf(w, "    %d call(s) through a pointer that no function of the program fits, e.g. at %s: what they call is not followed\n", len(cr.Unresolved), cr.Unresolved[0])
	}
}

// writeSlices prints the slices checked for the race candidates.
func writeSlices(w io.Writer, r *driver.Result) {
	if len(r.Slices) == 0 {
		if r.SliceMemory != "" {
			fmt.Fprintf(w, "  No slice checked: no race candidate's memory matches --slice-memory %s\n", r.SliceMemory)
		}
		return
	}
	only := ""
	if r.SliceMemory != "" {
		only = fmt.Sprintf(", only for the candidates whose memory matches %s", r.SliceMemory)
	}
	fmt.Fprintf(w, "  Slices checked (the two threads of a candidate, the rest of the program stubbed%s): %d\n", only, len(r.Slices))
	for i, s := range r.Slices {
		shape := "every path"
		if s.Narrow {
			shape = "shortest chains"
		}
		off := ""
		if s.OffChain > 0 {
			off = fmt.Sprintf(", %d calls off the chains", s.OffChain)
		}
		fmt.Fprintf(w, "    %d. %s (%s, %s stubs; %d functions kept, %d stubbed, %d library%s): %s", i+1, s.Threads, shape, s.Mode, s.Kept, s.Stubbed, s.Library, off, s.Result)
		switch {
		case s.SameAs > 0:
			fmt.Fprintf(w, " (the same program as slice %d, not checked again)", s.SameAs)
		case s.File != "":
			fmt.Fprintf(w, " at %s:%d", s.File, s.Line)
			if s.Race != nil {
				fmt.Fprintf(w, " (%s)", s.Message)
			}
			if s.Confirmed {
				fmt.Fprint(w, ", replayed on the slice")
			}
		case s.Bounds != nil && s.NoneFound():
			fmt.Fprintf(w, " (%s)", boundsText(*s.Bounds))
		case s.Reason != "":
			fmt.Fprintf(w, ": %s", s.Reason)
		}
		fmt.Fprintf(w, "; %.2fs\n", s.TimeS)
		if len(s.Refined) > 0 {
			fmt.Fprintf(w, "       refined: keeps whole %s, whose stubs the earlier counterexamples ran\n", strings.Join(s.Refined, ", "))
		}
		if s.Potential() && s.SameAs == 0 {
			fmt.Fprintln(w, "       potential: the counterexample runs a stub (abstracted code), so it may not be an execution of the program")
		}
		if s.Program != "" {
			fmt.Fprintf(w, "       sequentialized program: %s\n", s.Program)
		}
	}
}
