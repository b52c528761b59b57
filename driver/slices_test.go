package driver

import (
	"regexp"
	"slices"
	"testing"

	"github.com/ladr-dev/ladr/driver/replay"
	"github.com/ladr-dev/ladr/translate/analysis/candidates"
	"github.com/ladr-dev/ladr/translate/cfront"
	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/model"
	"github.com/ladr-dev/ladr/translate/slice"
)

// TestSpecs checks which slices the candidates give, in which order.
func TestSpecs(t *testing.T) {
	side := func(f string, threads ...string) candidates.Side {
		return candidates.Side{Func: f, Threads: threads}
	}
	cr := &candidates.Result{
		Threads: []candidates.Thread{
			{Routine: "main", Kind: "main"},
			{Routine: "worker", Kind: "thread", Many: true},
			{Routine: "logger", Kind: "thread"},
			{Routine: "on_event", Kind: "callback", Many: true},
		},
		Candidates: []candidates.Candidate{
			// Only callbacks: no slice.
			{Memory: "a", First: side("f", "on_event (callback)"), Second: side("f", "on_event (callback)")},
			// The worker with itself (many), and with main.
			{Memory: "b", First: side("g", "main", "worker"), Second: side("g", "worker")},
			// The same functions again: the same slices.
			{Memory: "c", First: side("g", "worker"), Second: side("g", "main", "worker")},
			// A thread created once does not race with itself.
			{Memory: "d", First: side("h", "logger"), Second: side("h", "logger")},
			// Sides in either order are one slice.
			{Memory: "e", First: side("k", "logger"), Second: side("g", "worker")},
			{Memory: "f", First: side("g", "worker"), Second: side("k", "logger")},
		},
	}
	for _, tc := range []struct {
		name   string
		errs   []model.Op
		reach  map[string]bool
		memory *regexp.Regexp
		want   []string
	}{
		{"race", nil, nil, nil, []string{
			"main/g|worker/g for b",
			"worker/g|worker/g for b",
			"logger/k|worker/g for e",
		}},
		// An assertion property: only slices whose routines may reach a
		// violation (here the logger), those whose access functions may
		// (k) first.
		{"unreach-call", []model.Op{model.OpReachError}, map[string]bool{"logger": true, "k": true}, nil, []string{
			"logger/k|worker/g|reach-error for e",
		}},
		{"worker reaches", []model.Op{model.OpReachError}, map[string]bool{"worker": true, "k": true}, nil, []string{
			"logger/k|worker/g|reach-error for e",
			"main/g|worker/g|reach-error for b",
			"worker/g|worker/g|reach-error for b",
		}},
		// --slice-memory: only the candidates on c and f; c's
		// functions are b's (which the filter drops).
		{"memory c or f", nil, nil, regexp.MustCompile(`^[cf]$`), []string{
			"main/g|worker/g for c",
			"worker/g|worker/g for c",
			"logger/k|worker/g for f",
		}},
		{"memory matching nothing", nil, nil, regexp.MustCompile(`^zz`), nil},
	} {
		var got []string
		for _, sc := range specs(cr, tc.errs, tc.reach, tc.memory) {
			got = append(got, sc.spec.Key()+" for "+sc.cand.Memory)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: specs:\n%q\nwant\n%q", tc.name, got, tc.want)
		}
	}
}

// TestSliceProgram checks the names of the slices' kept programs.
func TestSliceProgram(t *testing.T) {
	for _, tc := range []struct {
		keep string
		n    int
		want string
	}{
		{"seq.c", 3, "seq.slice-3.c"},
		{"out", 1, "out.slice-1"},
		{"dir.d/seq", 2, "dir.d/seq.slice-2"},
		{"/tmp/a.b.c", 12, "/tmp/a.b.slice-12.c"},
	} {
		if got := SliceProgram(tc.keep, tc.n); got != tc.want {
			t.Errorf("SliceProgram(%q, %d) = %q, want %q", tc.keep, tc.n, got, tc.want)
		}
	}
}

// TestSliceSchedule checks which slices run their thread-creating loops
// twice from the first bounds (those of two threads of one routine), how
// far main's loops before the first thread run, and that a race slice
// switches contexts only at its candidates (an assertion slice,
// everywhere).
func TestSliceSchedule(t *testing.T) {
	side := func(r string) slice.Side { return slice.Side{Routine: r, Func: "f"} }
	for _, tc := range []struct {
		spec   slice.Spec
		argc   int
		spawn  int
		prefix []int // per step of SliceSchedule
		race   bool
	}{
		{slice.Spec{First: side("worker"), Second: side("worker")}, 4, 2, []int{4, 4, 4, 0, 0}, true},
		{slice.Spec{First: side("worker"), Second: side("reader")}, 8, 0, []int{8, 8, 8, 8, 8}, false},
		{slice.Spec{First: side("main"), Second: side("worker")}, 1, 0, []int{0, 0, 0, 0, 0}, true},
	} {
		sched := sliceSchedule(tc.spec, tc.argc, tc.race)
		// An assertion slice runs its first bounds with limited switch
		// points first.
		first := 0
		if !tc.race {
			first = AssertCandidateSteps
			for i, b := range sched[:first] {
				if want := sched[first+i]; !b.CandidateSwitches || b.Rounds != want.Rounds || b.Unwind != want.Unwind || b.PrefixUnwind != want.PrefixUnwind || b.SpawnUnwind != want.SpawnUnwind {
					t.Errorf("%v: first bounds %d are %+v, want %+v with limited switch points", tc.spec, i, b, want)
				}
			}
		}
		if len(sched)-first != len(SliceSchedule) {
			t.Fatalf("%v: %d bounds, want %d", tc.spec, len(sched), len(SliceSchedule)+first)
		}
		for i, b := range sched[first:] {
			if b.SpawnUnwind != tc.spawn || b.PrefixUnwind != tc.prefix[i] || b.CandidateSwitches != tc.race || b.Rounds != SliceSchedule[i].Rounds || b.Unwind != SliceSchedule[i].Unwind {
				t.Errorf("%v, argc %d: bounds %d are %+v, want %+v with spawn %d, prefix %d", tc.spec, tc.argc, i, b, SliceSchedule[i], tc.spawn, tc.prefix[i])
			}
		}
	}
	if SliceSchedule[0].SpawnUnwind != 0 || SliceSchedule[0].PrefixUnwind != 0 || SliceSchedule[0].CandidateSwitches {
		t.Errorf("SliceSchedule changed: %+v", SliceSchedule[0])
	}
}

func TestSliceKey(t *testing.T) {
	fe := cfront.New()
	parse := func(src string) *ir.Program {
		t.Helper()
		prog, err := fe.Parse("p.c", []byte(src), cfront.Options{Model: cfront.LP64})
		if err != nil {
			t.Fatal(err)
		}
		return prog
	}
	const a = "int x;\nint main(void) { x = 1; return 0; }\n"
	const b = "int x;\nint main(void) { x = 2; return 0; }\n"
	l1, l2 := map[string]bool{"p.c:2": true}, map[string]bool{"p.c:3": true}
	for _, tc := range []struct {
		name       string
		src1, src2 string
		m1, m2     slice.Mode
		sched2     []Bounds
		race       bool // the schedule of a race slice, else of an assertion slice
		limited    bool // a slice's schedule (some bounds limit the switch points), else SliceSchedule
		lines2     map[string]bool
		same       bool
	}{
		{name: "same program", src1: a, src2: a, m1: slice.Abstract, m2: slice.Abstract, lines2: l2, same: true},
		{name: "other program", src1: a, src2: b, m1: slice.Abstract, m2: slice.Abstract, lines2: l1},
		{name: "other stubs", src1: a, src2: a, m1: slice.Abstract, m2: slice.Exact, lines2: l1},
		{name: "other schedule", src1: a, src2: a, m1: slice.Abstract, m2: slice.Abstract, sched2: SliceSchedule[1:], lines2: l1},
		// A race slice's lines are its race checks and its context-switch
		// points.
		{name: "race, same lines", src1: a, src2: a, m1: slice.Abstract, m2: slice.Abstract, race: true, limited: true, lines2: l1, same: true},
		{name: "race, other lines", src1: a, src2: a, m1: slice.Abstract, m2: slice.Abstract, race: true, limited: true, lines2: l2},
		// An assertion slice's lines are left out (a slice of the same
		// program stands for it).
		{name: "assertion, other lines", src1: a, src2: a, m1: slice.Abstract, m2: slice.Abstract, limited: true, lines2: l2, same: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sched1 := SliceSchedule
			if tc.limited {
				sched1 = sliceSchedule(slice.Spec{}, 1, tc.race)
			}
			sched2 := sched1
			if tc.sched2 != nil {
				sched2 = tc.sched2
			}
			k1 := sliceKey(parse(tc.src1), sched1, tc.m1, tc.race, l1)
			k2 := sliceKey(parse(tc.src2), sched2, tc.m2, tc.race, tc.lines2)
			if (k1 == k2) != tc.same {
				t.Errorf("same key = %v, want %v", k1 == k2, tc.same)
			}
		})
	}
	seen := &sliceSeen{byKey: map[string]*SliceReport{}}
	r1, r2 := &SliceReport{n: 1}, &SliceReport{n: 2}
	if prev := seen.see("k", r1); prev != nil {
		t.Errorf("first slice: earlier one %v", prev)
	}
	if prev := seen.see("k", r1); prev != nil {
		t.Errorf("the same slice built again (another attempt) is no earlier one: %v", prev)
	}
	if prev := seen.see("k", r2); prev != r1 {
		t.Errorf("second slice with the key: earlier one %v, want slice 1", prev)
	}
}

// TestStubsRun checks which stubs a counterexample ran, and which of them
// a refinement can keep: functions of the program and the chain
// functions behind off-chain stubs, not library functions.
func TestStubsRun(t *testing.T) {
	ch := func(fns ...string) *SavedTrace {
		s := &SavedTrace{}
		for _, f := range fns {
			s.Choices = append(s.Choices, replay.Choice{Func: f})
		}
		return s
	}
	info := &slice.Info{Kept: []string{"main", "worker", "bump"}, Stubbed: []string{"step", "config"}, Library: []string{"note"}}
	for _, tc := range []struct {
		name    string
		trace   *SavedTrace
		ran     []string
		program []string
		stub    bool
	}{
		{"none", ch("__VERIFIER_nondet_int"), nil, nil, false},
		{"not saved", nil, nil, nil, true},
		{"program and library", ch(slice.MarkerOf("step"), "__VERIFIER_nondet_int", slice.MarkerOf("note"), slice.MarkerOf("step")), []string{"step", "note"}, []string{"step"}, true},
		{"off the chain", ch(slice.MarkerOf("bump"+slice.OffChainSuffix), slice.MarkerOf("config")), []string{"bump" + slice.OffChainSuffix, "config"}, []string{"bump", "config"}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ran := stubsRun(tc.trace)
			if !slices.Equal(ran, tc.ran) {
				t.Errorf("stubsRun = %v, want %v", ran, tc.ran)
			}
			if got := programStubs(ran, info); !slices.Equal(got, tc.program) {
				t.Errorf("programStubs = %v, want %v", got, tc.program)
			}
			if got := ranStub(tc.trace); got != tc.stub {
				t.Errorf("ranStub = %v, want %v", got, tc.stub)
			}
		})
	}
}
