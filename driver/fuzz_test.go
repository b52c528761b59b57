package driver_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/ladr-dev/ladr/driver"
	"github.com/ladr-dev/ladr/driver/cbmc"
	"github.com/ladr-dev/ladr/property"
	"github.com/ladr-dev/ladr/translate"
	"github.com/ladr-dev/ladr/translate/cfront"
)

// seed is a C program of the repository's tests and examples, with what its
// testscripts say about data races at the default bounds.
type seed struct {
	name string
	src  []byte
	// racy: some `exitcode 1 ladr check NAME` (race, default flags);
	// raceFree: some `exitcode 0 ladr check NAME`.
	racy, raceFree bool
}

// checkLine matches a testscript line that checks one file with the
// default property and bounds (only --target, --format and --quiet vary).
var checkLine = regexp.MustCompile(`^exitcode ([01]) ladr check ((?:--target \S+ |--format \S+ |-q |--quiet )*)(\S+\.c)\s*$`)

// seeds returns the C files of examples/ and of the testscripts.
func seeds(tb testing.TB) []seed {
	var out []seed
	examples, _ := filepath.Glob("../examples/*.c")
	for _, p := range examples {
		b, err := os.ReadFile(p)
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, seed{name: filepath.Base(p), src: b, racy: filepath.Base(p) == "racy.c"})
	}
	scripts, _ := filepath.Glob("../cmd/ladr/testdata/script/*.txtar")
	for _, p := range scripts {
		a, err := txtar.ParseFile(p)
		if err != nil {
			tb.Fatal(err)
		}
		verdicts := map[string]string{}
		for _, l := range strings.Split(string(a.Comment), "\n") {
			if m := checkLine.FindStringSubmatch(strings.TrimSpace(l)); m != nil {
				verdicts[m[3]] += m[1]
			}
		}
		for _, f := range a.Files {
			if !strings.HasSuffix(f.Name, ".c") || strings.Contains(f.Name, "/") {
				continue
			}
			v := verdicts[f.Name]
			out = append(out, seed{
				name: filepath.Base(p) + ":" + f.Name, src: f.Data,
				racy: strings.Contains(v, "1"), raceFree: strings.Contains(v, "0"),
			})
		}
	}
	if len(out) == 0 {
		tb.Fatal("no seeds found")
	}
	return out
}

// seedIndex maps the hash of each seed's text to the seed.
func seedIndex(ss []seed) map[[32]byte]seed {
	m := make(map[[32]byte]seed, len(ss))
	for _, s := range ss {
		m[sha256.Sum256(s.src)] = s
	}
	return m
}

// allowedHeaders are the headers a fuzzed program may include.
var allowedHeaders = []string{"<pthread.h>", "<assert.h>", "<stdio.h>", "<stdlib.h>", "<string.h>", "<strings.h>", "<semaphore.h>", "<time.h>", "<stdatomic.h>"}

// unsafeInput reports inputs that could make the front end read devices or
// files outside the test, or make a replayed program touch the system.
func unsafeInput(src []byte) bool {
	for _, s := range []string{"/dev", "/proc", "/sys", "__has_include", "#embed", "include_next", "__FILE__"} {
		if bytes.Contains(src, []byte(s)) {
			return true
		}
	}
	rest := src
	for {
		i := bytes.Index(rest, []byte("include"))
		if i < 0 {
			return false
		}
		after := strings.TrimLeft(string(rest[i+len("include"):]), " \t")
		ok := false
		for _, h := range allowedHeaders {
			ok = ok || strings.HasPrefix(after, h)
		}
		if !ok {
			return true
		}
		rest = rest[i+1:]
	}
}

// systemCall matches names of library functions a replayed program must
// not call (replay compiles and runs the program).
var systemCall = regexp.MustCompile(`\b(system|exec\w*|popen|fork|vfork|clone|kill|raise|unlink\w*|remove|rename\w*|f?open\w*|creat|fwrite|write\w*|mkdir\w*|rmdir|truncate|ftruncate|chmod|chown|link|symlink|socket|connect|bind|syscall|dlopen|setrlimit|mmap|freopen|tmpfile|abort|getenv|setenv|putenv|chdir|__asm__|asm)\b`)

// fuzzOptions returns the options of a fuzzed check; mode picks the
// property, the target and replay. fe is shared by the inputs of one fuzz
// target (it caches the host compiler's configuration).
func fuzzOptions(fe *cfront.Frontend, input string, mode uint8) driver.Options {
	props := property.All()
	opt := driver.Options{
		Input: input, Frontend: fe,
		Property: props[int(mode)%len(props)],
		Rounds:   2, Unwind: 1, FixedBounds: true,
		Timeout: 5 * time.Second, Jobs: 1, MemoryLimitMB: 2000,
		NoReplay: mode&8 == 0,
	}
	if mode&4 != 0 {
		opt.Target = translate.Generic
	}
	return opt
}

// writeInput writes src to a file of a fresh temporary directory.
func writeInput(t *testing.T, src []byte) string {
	p := filepath.Join(t.TempDir(), "in.c")
	if err := os.WriteFile(p, src, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// FuzzCheck runs the whole check (front end, passes, CBMC, mapping and,
// for some modes, replay) on mutations of the repository's small pthread
// programs, with small fixed bounds and a 5 s limit. Invariants: no panic;
// an error only for bad input; a known result; an unknown says why; a
// replayed violation is confirmed and located; "true" claims completeness;
// a seed the testscripts call racy is never "true", one they call
// race-free never has a confirmed race.
func FuzzCheck(f *testing.F) {
	if _, err := cbmc.Locate(""); err != nil {
		f.Skip("CBMC not installed:", err)
	}
	ss := seeds(f)
	index := seedIndex(ss)
	fe := cfront.New()
	// The seeds whose verdict the testscripts state (the others only
	// start the fuzzing: each seed here runs CBMC in every `go test`).
	n := 0
	for _, s := range ss {
		if !s.racy && !s.raceFree {
			continue
		}
		mode := uint8(0) // race, cbmc, no replay
		if n%3 == 0 {
			mode = 8 | 4 // race, generic, replay
		}
		f.Add(s.src, mode)
		n++
	}
	f.Fuzz(func(t *testing.T, src []byte, mode uint8) {
		if len(src) > 16<<10 || unsafeInput(src) {
			t.Skip()
		}
		opt := fuzzOptions(fe, writeInput(t, src), mode)
		if !opt.NoReplay && systemCall.Match(src) {
			opt.NoReplay = true
		}
		res, err := driver.Check(context.Background(), opt)
		if err != nil {
			var ie *driver.InputError
			if !errors.As(err, &ie) {
				t.Fatalf("error that is not an input error: %T %v", err, err)
			}
			return
		}
		switch res.Result {
		case "violation", "no-violation-found", "true", "unknown":
		default:
			t.Fatalf("result %q", res.Result)
		}
		if res.Result == "unknown" && res.Reason == "" {
			t.Errorf("unknown without a reason")
		}
		if res.Result == "violation" {
			if !opt.NoReplay && !res.Confirmed {
				t.Errorf("violation not confirmed by replay: %+v", res)
			}
			if res.File == "" {
				t.Errorf("violation without a file")
			}
		}
		if res.Result == "true" && !res.Complete {
			t.Errorf("result true without complete bounds")
		}
		if s, ok := index[sha256.Sum256(src)]; ok && opt.Property == property.Race {
			if s.racy && res.Result == "true" {
				t.Errorf("%s: racy seed proved race-free", s.name)
			}
			if s.raceFree && res.Result == "violation" && res.Confirmed {
				t.Errorf("%s: confirmed race on a race-free seed at %s:%d", s.name, res.File, res.Line)
			}
		}
	})
}

// FuzzTranslate runs the front end and every translation pass (no CBMC)
// on mutations of the same programs, for each property and target.
// Invariants: no panic; an error is an input error or a construct ladr
// does not model; a translation is not empty.
func FuzzTranslate(f *testing.F) {
	for i, s := range seeds(f) {
		f.Add(s.src, uint8(i%2*(4|1))) // race and cbmc, or assert and generic
	}
	fe := cfront.New()
	f.Fuzz(func(t *testing.T, src []byte, mode uint8) {
		if len(src) > 16<<10 || unsafeInput(src) {
			t.Skip()
		}
		opt := fuzzOptions(fe, writeInput(t, src), mode)
		out, err := driver.Translate(opt, driver.TranslateOptions{})
		if err != nil {
			var ie *driver.InputError
			var ue *driver.UnknownError
			if !errors.As(err, &ie) && !errors.As(err, &ue) {
				t.Fatalf("error that is neither an input error nor unsupported: %T %v", err, err)
			}
			return
		}
		if strings.TrimSpace(out) == "" {
			t.Fatalf("empty translation")
		}
	})
}
