package cfront

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"modernc.org/cc/v4"

	"github.com/ladr-dev/ladr/translate/ir"
)

// unsafeFuzzInput reports inputs that could make the preprocessor read
// devices or other special files.
func unsafeFuzzInput(src []byte) bool {
	for _, s := range []string{"/dev", "/proc", "/sys", "__has_include", "#embed"} {
		if bytes.Contains(src, []byte(s)) {
			return true
		}
	}
	// Any include beyond the few system headers of the seeds.
	rest := src
	for {
		i := bytes.Index(rest, []byte("include"))
		if i < 0 {
			return false
		}
		after := strings.TrimLeft(string(rest[i+len("include"):]), " \t")
		if !strings.HasPrefix(after, "<pthread.h>") && !strings.HasPrefix(after, "<assert.h>") {
			return true
		}
		rest = rest[i+1:]
	}
}

// ccPanics reports whether cc itself (before any lowering) crashes on src,
// as Parse would run it.
func ccPanics(name string, src []byte, m Model) (panicked bool) {
	cfg, err := fe.config(m, "")
	if err != nil {
		return false
	}
	c := *cfg
	sources := []cc.Source{
		{Name: "<predefined>", Value: cfg.Predefined},
		{Name: "<builtin>", Value: cc.Builtin},
		{Name: "<ladr>", Value: prelude},
		{Name: name, Value: src},
	}
	if m == ILP32 {
		c.FS = stubsFS{}
	}
	defer func() {
		if r := recover(); r != nil {
			panicked = true
		}
	}()
	_, _ = cc.Translate(&c, sources)
	return false
}

// checkParse is the property FuzzParse checks: Parse returns a program or
// an *Error (a crash of the lowering, not of cc, is a bug); a program
// prints, the printed text parses again, and printing that gives the same
// text.
func checkParse(t *testing.T, src []byte, m Model) {
	if os.Getenv("LADR_FUZZ_SKIP_KNOWN") != "" && knownHang(src) {
		t.Skip("known hang of cc")
	}
	// LADR_FUZZ_TRACE names a directory where each worker keeps its
	// current input and failures are logged: when a worker dies (a hang
	// that exhausts memory), the input it died on is there.
	if dir := os.Getenv("LADR_FUZZ_TRACE"); dir != "" {
		_ = os.WriteFile(filepath.Join(dir, fmt.Sprintf("current-%d", os.Getpid())), src, 0o644)
		defer func() {
			if t.Failed() {
				_ = os.WriteFile(filepath.Join(dir, fmt.Sprintf("failed-%d-%d", os.Getpid(), time.Now().UnixNano())), src, 0o644)
			}
		}()
	}
	if !inFuzzWorker() && knownHang(src) {
		// A regression input of a known hang: parse it where a hang can be
		// killed.
		if _, _, hung := parseIsolated(t, src, m); hung {
			t.Fatalf("Parse does not return within %v on %q", isolatedTimeout, src)
		}
	}
	p, err, hung := parseWithTimeout("fuzz.c", src, m)
	if hung && !inFuzzWorker() {
		t.Fatalf("Parse does not return within %v on %q", parseTimeout, src)
	}
	if hung {
		// The spinning parse cannot be stopped and eats memory: end the
		// worker, which makes the fuzzer record the input as a crasher.
		if dir := os.Getenv("LADR_FUZZ_TRACE"); dir != "" {
			_ = os.WriteFile(filepath.Join(dir, fmt.Sprintf("hung-%d-%d", os.Getpid(), time.Now().UnixNano())), src, 0o644)
		}
		fmt.Fprintf(os.Stderr, "Parse does not return within %v on %q\n", parseTimeout, src)
		os.Exit(3)
	}
	// The rest must not hang either.
	done := make(chan string, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				done <- fmt.Sprintf("panic: %v", r)
			}
		}()
		done <- checkParsed(src, m, p, err)
	}()
	select {
	case msg := <-done:
		if msg != "" {
			t.Fatal(msg)
		}
	case <-time.After(2 * parseTimeout):
		t.Fatalf("printing and parsing again do not end within %v on %q", 2*parseTimeout, src)
	}
}

// checkParsed checks the result of Parse; it returns a failure message or "".
func checkParsed(src []byte, m Model, p *ir.Program, err error) string {
	if err != nil {
		var ce *Error
		if !errors.As(err, &ce) {
			return fmt.Sprintf("Parse returned %T (%v), want *cfront.Error", err, err)
		}
		if strings.Contains(ce.Msg, "the C front end failed") && !ccPanics("fuzz.c", src, m) {
			return fmt.Sprintf("the lowering crashed: %v", err)
		}
		return ""
	}
	var b bytes.Buffer
	if _, err := ir.Fprint(&b, p, ir.PrintOptions{Comments: true}); err != nil {
		return fmt.Sprintf("Fprint: %v", err)
	}
	text1 := ir.String(p)
	p2, err := fe.Parse("printed.c", []byte(text1), Options{Model: m})
	if err != nil {
		return fmt.Sprintf("the printed program does not parse: %v\n%s", err, numbered(text1))
	}
	if hasUnmodelled(p) {
		return ""
	}
	text2 := ir.String(p2)
	if os.Getenv("LADR_FUZZ_SKIP_KNOWN") != "" {
		// Known: a function without a prototype ("int f()", or cc's
		// "int f { }") is printed as "int f()" when cc gives it no
		// function type, and as "int f(void)" otherwise.
		text1, text2 = noProtoRE.ReplaceAllString(text1, "(void)$1"), noProtoRE.ReplaceAllString(text2, "(void)$1")
	}
	if text1 != text2 {
		return fmt.Sprintf("printing the lowering of the printed program changes it:\n%s\n--- first print ---\n%s", lineDiff(text1, text2), numbered(text1))
	}
	return ""
}

// parseTimeout bounds the time one Parse may take: Go's fuzzer has no
// timeout of its own and would wait forever on a hang.
const parseTimeout = 10 * time.Second

// parseWithTimeout runs Parse in this process and gives up after
// parseTimeout. The parse goroutine is then left running, and the known
// hangs of cc allocate without end: only the fuzzing workers use it (they
// exit on a hang); tests use parseIsolated.
func parseWithTimeout(name string, src []byte, m Model) (p *ir.Program, err error, hung bool) {
	type result struct {
		p   *ir.Program
		err error
	}
	done := make(chan result, 1)
	go func() {
		p, err := fe.Parse(name, src, Options{Model: m})
		done <- result{p, err}
	}()
	select {
	case r := <-done:
		return r.p, r.err, false
	case <-time.After(parseTimeout):
		return nil, nil, true
	}
}

// inFuzzWorker reports whether this process is a fuzzing worker (go test
// -fuzz), as opposed to a test run going through the seed corpus.
func inFuzzWorker() bool {
	f := flag.Lookup("test.fuzzworker")
	return f != nil && f.Value.String() == "true"
}

// knownHang reports inputs of the four forms on which modernc.org/cc/v4
// (v4.31.0) loops forever: a pointer declarator followed by the end of the
// input or a token like ";" ("int *", "int * ;"; see
// TestParseTruncatedPointerDeclarator); (roughly) a source using a struct or
// union tag it never defines (an initialized array of an incomplete struct;
// see TestParseArrayOfIncompleteStruct); and an unterminated string or
// character literal ending in a backslash at the end of the input
// (see TestParseUnterminatedLiteralBackslash); and a source ending in the
// keyword enum (see TestParseTrailingEnum). Fuzzing
// campaigns set LADR_FUZZ_SKIP_KNOWN=1 to skip them: otherwise the fuzzer
// finds these hangs again within seconds, and the spinning parses (which
// allocate without end) kill the worker.
func knownHang(src []byte) bool {
	return endsInPointerDeclarator(src) || usesUndefinedTag(src) || trailingLiteralBackslash.Match(src) ||
		trailingEnum.MatchString(commentRE.ReplaceAllString(string(src), " "))
}

var trailingEnum = regexp.MustCompile(`\benum\s*$`)

var noProtoRE = regexp.MustCompile(`(?m)\(\)(;?)$`)

var trailingLiteralBackslash = regexp.MustCompile(`["'](\\[^\r\n]|[^"'\\\r\n])*\\[\r\n]*$`)

var (
	tagRE = regexp.MustCompile(`\b(struct|union)\s+([A-Za-z_]\w*)`)
	defRE = regexp.MustCompile(`\b(struct|union)\s+([A-Za-z_]\w*)\s*(__attribute__\s*\(\(.*?\)\)\s*)?\{`)
)

func usesUndefinedTag(src []byte) bool {
	defined := map[string]bool{}
	for _, m := range defRE.FindAllSubmatch(src, -1) {
		defined[string(m[2])] = true
	}
	for _, m := range tagRE.FindAllSubmatch(src, -1) {
		if !defined[string(m[2])] {
			return true
		}
	}
	return false
}

// endsInPointerDeclarator reports a pointer declarator ("*" or "^", then
// qualifiers) followed by the end of the input or by a token that cannot
// follow it (";", "=", "{", "}", ...): cc's parser loops on these.
func endsInPointerDeclarator(src []byte) bool {
	s := commentRE.ReplaceAllString(string(src), " ")
	s = literalRE.ReplaceAllString(s, "0")
	for i := 0; i < len(s); i++ {
		if s[i] != '*' && s[i] != '^' {
			continue
		}
		if i+1 < len(s) && s[i+1] == '=' {
			continue // *= and ^=
		}
		j := i + 1
		for j < len(s) {
			switch {
			case s[j] == ' ' || s[j] == '\t' || s[j] == '\n' || s[j] == '\r' || s[j] == '\f' || s[j] == '\v' || s[j] == '\\' || s[j] == '*' || s[j] == '^':
				j++
				continue
			}
			q := qualifierRE.FindString(s[j:])
			if q == "" {
				break
			}
			j += len(q)
		}
		if j == len(s) || !pointerFollowerOK(s[j]) {
			return true
		}
		// A keyword (int, char, return, ...) after the pointer.
		if w := wordRE.FindString(s[j:]); w != "" && cKeywords[w] {
			return true
		}
	}
	return false
}

// pointerFollowerOK reports the characters after which cc's parser does
// not loop when they follow a pointer declarator (found by trying them all).
func pointerFollowerOK(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
		strings.IndexByte("!\"$&'()+,-:[\\]~", c) >= 0
}

var (
	wordRE    = regexp.MustCompile(`^[A-Za-z_]\w*`)
	cKeywords = map[string]bool{}
)

func init() {
	for _, k := range strings.Fields(`auto break case char continue default do double else enum extern float for goto if
	inline int long register return short signed sizeof static struct switch typedef union unsigned void while
	_Bool _Complex _Imaginary _Alignas _Alignof _Generic _Noreturn _Static_assert _Thread_local __attribute__
	__attribute __extension__ __typeof__ typeof __int128 __inline__ __inline __asm__ asm __thread _Float128`) {
		cKeywords[k] = true
	}
}

var (
	qualifierRE = regexp.MustCompile(`^(const|volatile|restrict|_Atomic|__restrict__|__restrict|__const|__volatile__|__volatile)\b`)
	literalRE   = regexp.MustCompile(`"(\\.|[^"\\\n])*"|'(\\.|[^'\\\n])*'`)
)

var commentRE = regexp.MustCompile(`(?s)/\*.*?(\*/|$)|//[^\n]*`)

// FuzzParse feeds C source to the front end (see checkParse).
func FuzzParse(f *testing.F) {
	for _, c := range corpus {
		if c.bug == "" {
			f.Add([]byte(c.src))
		}
	}
	f.Add([]byte(""))
	f.Add([]byte("int main(void) { return 0; }"))
	f.Add([]byte("struct { int a : 3; } x = { 1 }; int main() { return x.a ? : 2; }"))
	f.Fuzz(func(t *testing.T, src []byte) {
		if unsafeFuzzInput(src) || len(src) > 1<<14 {
			t.Skip()
		}
		checkParse(t, src, LP64)
	})
}

// FuzzParseILP32 is FuzzParse in the ILP32 model.
func FuzzParseILP32(f *testing.F) {
	for _, c := range corpus {
		if c.bug == "" && !c.lp64 {
			f.Add([]byte(c.src))
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if unsafeFuzzInput(src) || len(src) > 1<<14 {
			t.Skip()
		}
		checkParse(t, src, ILP32)
	})
}
