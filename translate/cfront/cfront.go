// Package cfront is ladr's C front end: it parses and type-checks C with
// modernc.org/cc/v4 and lowers the typed tree, once, into ladr's IR (package
// ir). Nothing after this package sees the parser's tree.
//
// Inputs are .c files, preprocessed with the host's headers, or
// already-preprocessed .i files (SV-COMP tasks). The data model is ILP32
// (--32, SV-COMP's) or LP64 (--64).
//
// Lowering keeps C's expressions as they are (the race instrumentation
// rewrites them), turns switch statements into if/goto, lifts GNU statement
// expressions out of their expression where that is possible, folds integer
// constant expressions, and marks whatever it cannot represent with
// ir.Unsupported / ir.Bad so that the pipeline can answer "unknown" with a
// reason and a position if (and only if) that code is reachable.
//
// The library functions a program calls that the library table (package
// model) does not know are linked from ladr's model of the C library
// (package libc) into the same translation unit (link.go), and main's
// parameters receive the model of its arguments (Options.Args).
package cfront

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"modernc.org/cc/v4"
	"modernc.org/token"

	"github.com/ladr-dev/ladr/translate/ir"
	"github.com/ladr-dev/ladr/translate/libc"
)

// Model is a C data model.
type Model int

// Data models.
const (
	ILP32 Model = 32 // int, long and pointers are 32 bits (SV-COMP's model)
	LP64  Model = 64 // long and pointers are 64 bits
)

func (m Model) String() string {
	if m == ILP32 {
		return "ILP32"
	}
	return "LP64"
}

// Options configure parsing.
type Options struct {
	Model Model
	// Defines are extra macro definitions "NAME" or "NAME=VALUE" for .c files.
	Defines []string
	// IncludePaths are extra directories searched by #include.
	IncludePaths []string
	// Undefines are macro names undefined after Defines (cc -U).
	Undefines []string
	// Includes are files included before the source (cc -include FILE).
	Includes []string
	// Std is the C standard of .c files as the host compiler names it
	// (c99, gnu11, ...; cc -std=); "" is the compiler's default.
	Std string
	// Args are the arguments main receives after its name; nil leaves argc
	// and argv nondeterministic within bounds.
	Args []string
}

// Error is a syntax or type error in the input, with its position.
type Error struct {
	Pos ir.Pos
	Msg string
}

func (e *Error) Error() string { return fmt.Sprintf("%s: %s", e.Pos, e.Msg) }

// Frontend parses C files. It caches the host compiler configuration, which
// costs a run of the host gcc; a Frontend is safe for concurrent use.
type Frontend struct {
	mu   sync.Mutex
	cfgs map[configKey]*cc.Config
	// linked are the programs parsed and linked last, most recent first
	// (at most maxLinked): a check parses its program once per attempt,
	// and each parse of the same file with the same options lowers the
	// AST kept here (the one the library models were linked into) instead
	// of preprocessing and parsing it, and linking, again.
	linked []*linkedAST
	// translations counts the runs of cc.Translate (tests).
	translations int
}

// maxLinked is the number of linked programs a Frontend keeps.
const maxLinked = 2

// linkedAST is the outcome of parsing and linking a file (parseLinked):
// the AST its program was lowered from and how link ended.
type linkedAST struct {
	key [sha256.Size]byte
	ast *cc.AST
	// models: the library models were linked in (link's steps after the
	// parse ran); else the program is the file's alone.
	models bool
	// lower serializes the lowerings of ast: lowering only reads the
	// AST, but cc/v4 does not promise that its reads are safe at once.
	lower sync.Mutex
}

// cachedLinked returns the entry of key, nil if none.
func (fe *Frontend) cachedLinked(key [sha256.Size]byte) *linkedAST {
	fe.mu.Lock()
	defer fe.mu.Unlock()
	for i, e := range fe.linked {
		if e.key == key {
			copy(fe.linked[1:i+1], fe.linked[:i])
			fe.linked[0] = e
			return e
		}
	}
	return nil
}

// keepLinked keeps e, forgetting the least recent entry beyond maxLinked.
func (fe *Frontend) keepLinked(e *linkedAST) {
	fe.mu.Lock()
	defer fe.mu.Unlock()
	fe.linked = append([]*linkedAST{e}, fe.linked...)
	if len(fe.linked) > maxLinked {
		fe.linked[maxLinked] = nil
		fe.linked = fe.linked[:maxLinked]
	}
}

// parseKey identifies a parse and link of src, named name, with opts (the
// files opts.Includes names included).
func parseKey(name string, src []byte, opts Options) [sha256.Size]byte {
	h := sha256.New()
	field := func(s string) {
		var n [8]byte
		binary.LittleEndian.PutUint64(n[:], uint64(len(s)))
		h.Write(n[:])
		io.WriteString(h, s)
	}
	field(name)
	field(string(src))
	// nil Args (argc and argv nondeterministic) differ from no arguments.
	field(fmt.Sprintf("%d %q %q %q %q %q %v %q", opts.Model, opts.Std, opts.IncludePaths, opts.Defines, opts.Undefines, opts.Includes, opts.Args == nil, opts.Args))
	for _, inc := range opts.Includes {
		text, _ := os.ReadFile(inc)
		field(string(text))
	}
	var k [sha256.Size]byte
	h.Sum(k[:0])
	return k
}

// parseLinked parses src, named name, and links the library models it
// needs into it (link), or lowers again the AST of the last such parse
// of the same file with the same options.
func (fe *Frontend) parseLinked(name string, src []byte, opts Options) (*ir.Program, error) {
	key := parseKey(name, src, opts)
	if e := fe.cachedLinked(key); e != nil {
		e.lower.Lock()
		prog, err := newLowerer(e.ast, name).lower()
		e.lower.Unlock()
		if err != nil || !e.models {
			return prog, err
		}
		return prog, afterLink(prog)
	}
	prog, ast, err := fe.parse(name, src, opts, nil)
	if err != nil {
		return nil, err
	}
	prog, ast, models, err := fe.link(prog, ast, name, src, opts)
	if err != nil {
		return nil, err
	}
	fe.keepLinked(&linkedAST{key: key, ast: ast, models: models})
	return prog, nil
}

// configKey names a host compiler configuration: the data model and the C
// standard.
type configKey struct {
	model Model
	std   string
}

// New returns a Frontend.
func New() *Frontend { return &Frontend{cfgs: map[configKey]*cc.Config{}} }

// prelude declares the SV-COMP and ladr functions for .c inputs.
const prelude = `
void __VERIFIER_assume(int);
void __VERIFIER_atomic_begin(void);
void __VERIFIER_atomic_end(void);
void reach_error(void);
`

// config returns the host compiler's configuration for data model m and
// C standard std ("" for the compiler's default).
func (fe *Frontend) config(m Model, std string) (*cc.Config, error) {
	fe.mu.Lock()
	defer fe.mu.Unlock()
	key := configKey{m, std}
	if c := fe.cfgs[key]; c != nil {
		return c, nil
	}
	var flags []string
	if std != "" {
		if !KnownStd(std) {
			return nil, fmt.Errorf("unknown C standard %q (want one of %s)", std, strings.Join(stds, ", "))
		}
		flags = append(flags, "-std="+std)
	}
	var cfg *cc.Config
	var err error
	if m == ILP32 {
		cfg, err = cc.NewConfig("linux", "386", append([]string{"-m32"}, flags...)...)
		if err == nil {
			// Debian's x86_64 glibc headers are bi-arch but live in the
			// multiarch directory that gcc -m32 does not search; the one
			// header they need for 32 bits (gnu/stubs-32.h) is empty.
			cfg.SysIncludePaths = append(cfg.SysIncludePaths, "/usr/include/x86_64-linux-gnu")
			cfg.IncludePaths = append(cfg.IncludePaths, "/usr/include/x86_64-linux-gnu")
		}
	} else {
		cfg, err = cc.NewConfig("linux", "amd64", flags...)
	}
	if err != nil {
		return nil, fmt.Errorf("configuring the C front end (is gcc installed?): %w", err)
	}
	fe.cfgs[key] = cfg
	return cfg, nil
}

// stds are the C standards -std= takes (as gcc names them).
var stds = []string{"c89", "c90", "c99", "c11", "c17", "c18", "c2x", "c23",
	"gnu89", "gnu90", "gnu99", "gnu11", "gnu17", "gnu18", "gnu2x", "gnu23",
	"iso9899:1990", "iso9899:199409", "iso9899:1999", "iso9899:2011", "iso9899:2017", "iso9899:2018"}

// KnownStd reports whether std names a C standard ladr's front end takes.
func KnownStd(std string) bool { return slices.Contains(stds, std) }

// ParseFile reads, parses and lowers the C file at path.
func (fe *Frontend) ParseFile(path string, opts Options) (*ir.Program, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return fe.Parse(path, src, opts)
}

// Parse parses and lowers the C source src, named name. Files ending in .i
// are taken as preprocessed. The functions of ladr's C library model
// (package libc) the program needs are linked in (see link).
func (fe *Frontend) Parse(name string, src []byte, opts Options) (prog *ir.Program, err error) {
	if opts.Model == 0 {
		opts.Model = LP64
	}
	if name == LibDefsFile {
		prog, _, err := fe.parse(name, src, opts, nil)
		return prog, err
	}
	if prog, err = fe.parseLinked(name, src, opts); err != nil {
		return nil, err
	}
	{
		renameShadowing(prog)
		if err := fe.addLibDefs(prog, opts); err != nil {
			return nil, err
		}
	}
	return prog, nil
}

// parse parses src, named name, followed by the sources extra, as one
// translation unit, and lowers it; ast is the translation unit lowered.
func (fe *Frontend) parse(name string, src []byte, opts Options, extra []libc.Source) (prog *ir.Program, ast *cc.AST, err error) {
	cfg, err := fe.config(opts.Model, opts.Std)
	if err != nil {
		return nil, nil, err
	}
	c := *cfg
	c.IncludePaths = append(append([]string{filepath.Dir(name)}, opts.IncludePaths...), c.IncludePaths...)
	// Like cc -I, the extra directories serve #include <...> too, before
	// the system's.
	c.SysIncludePaths = append(slices.Clip(opts.IncludePaths), c.SysIncludePaths...)
	var defs strings.Builder
	for _, d := range opts.Defines {
		k, v, ok := strings.Cut(d, "=")
		if !ok {
			v = "1"
		}
		fmt.Fprintf(&defs, "#define %s %s\n", k, v)
	}
	for _, u := range opts.Undefines {
		fmt.Fprintf(&defs, "#undef %s\n", u)
	}
	var incs []cc.Source
	for _, inc := range opts.Includes {
		text, err := os.ReadFile(inc)
		if err != nil {
			return nil, nil, fmt.Errorf("-include: %w", err)
		}
		incs = append(incs, cc.Source{Name: inc, Value: text})
	}
	sources := []cc.Source{
		{Name: "<predefined>", Value: cfg.Predefined},
		{Name: "<defines>", Value: defs.String()},
		{Name: "<builtin>", Value: cc.Builtin},
	}
	if !strings.HasSuffix(name, ".i") {
		sources = append(sources, cc.Source{Name: "<ladr>", Value: prelude})
	}
	sources = append(sources, incs...)
	user := len(sources) // the index of the program's own source
	sources = append(sources, cc.Source{Name: name, Value: src})
	for _, x := range extra {
		sources = append(sources, cc.Source{Name: x.Name, Value: x.Text})
	}
	if opts.Model == ILP32 {
		c.FS = stubsFS{}
	}
	defer func() {
		if r := recover(); r != nil {
			prog, ast, err = nil, nil, &Error{Pos: ir.Pos{File: name, Line: 1, Col: 1}, Msg: fmt.Sprintf("the C front end failed: %v", r)}
		}
	}()
	if extra == nil {
		if err := guardLiteral(name, src); err != nil {
			return nil, nil, err
		}
		if err := guardTokens(&c, sources, name, src); err != nil {
			return nil, nil, err
		}
	}
	ast, err = cc.Translate(&c, sources)
	if fixed, ok := retryAttributes(src, err); ok {
		// A defect of cc/v4 (see ccbugs.go): parse again with the
		// bracketed attributes that change nothing blanked out.
		src = fixed
		sources[user].Value = fixed
		ast, err = cc.Translate(&c, sources)
	}
	if fixed, ok := retryPrototypeNames(&c, sources, src, err); ok {
		// A defect of cc/v4 (see ccbugs.go): parse again with the names
		// of the return type's parameters blanked out.
		sources[user].Value = fixed
		ast, err = cc.Translate(&c, sources)
	}
	if err != nil {
		return nil, nil, ccError(name, err)
	}
	fe.mu.Lock()
	fe.translations++
	fe.mu.Unlock()
	prog, err = newLowerer(ast, name).lower()
	return prog, ast, err
}

// ccError turns cc's error list into an *Error at the first position.
func ccError(name string, err error) error {
	msg := err.Error()
	first, _, _ := strings.Cut(msg, "\n")
	// cc's messages look like "file:line:col: text"; the file name may
	// itself hold colons.
	if m := ccPosRE.FindStringSubmatch(first); m != nil {
		line, _ := strconv.Atoi(m[2])
		col, _ := strconv.Atoi(m[3])
		return &Error{Pos: ir.Pos{File: m[1], Line: line, Col: col}, Msg: strings.TrimSpace(m[4])}
	}
	var pe *Error
	if errors.As(err, &pe) {
		return pe
	}
	return &Error{Pos: ir.Pos{File: name, Line: 1, Col: 1}, Msg: first}
}

var ccPosRE = regexp.MustCompile(`^(.*?):(\d+):(\d+):(.*)$`)

func pos(n interface{ Position() token.Position }) ir.Pos {
	tp := n.Position()
	return ir.Pos{File: tp.Filename, Line: tp.Line, Col: tp.Column}
}

// stubsFS answers gnu/stubs-32.h with an empty file and nothing else (cc
// then falls back to the host file system).
type stubsFS struct{}

func (stubsFS) Open(name string) (fs.File, error) {
	if strings.HasSuffix(name, "gnu/stubs-32.h") {
		return &emptyFile{name: name}, nil
	}
	return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
}

type emptyFile struct{ name string }

func (f *emptyFile) Stat() (fs.FileInfo, error) { return emptyInfo{f.name}, nil }
func (f *emptyFile) Read([]byte) (int, error)   { return 0, io.EOF }
func (f *emptyFile) Close() error               { return nil }

type emptyInfo struct{ name string }

func (i emptyInfo) Name() string       { return filepath.Base(i.name) }
func (i emptyInfo) Size() int64        { return 0 }
func (i emptyInfo) Mode() fs.FileMode  { return 0o444 }
func (i emptyInfo) ModTime() time.Time { return time.Time{} }
func (i emptyInfo) IsDir() bool        { return false }
func (i emptyInfo) Sys() any           { return nil }
