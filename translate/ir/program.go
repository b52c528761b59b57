// Package ir is ladr's intermediate representation of C programs: a small,
// typed C tree with positions. The front end (package cfront) lowers the
// parser's tree into it once; every pass of ladr reads and writes it; the
// printer (Fprint) turns it back into compilable C together with a source map
// from emitted lines to original positions, functions and threads.
//
// The IR keeps C's expression forms (assignments, comma, conditional, && and
// || with their short circuit, increments, calls), which the race
// instrumentation needs to rewrite exactly as the LaDR paper defines it.
// Control flow is structured (blocks, if, loops) plus goto and labels;
// switch statements are lowered to if/goto by the front end.
//
// The toolkit for passes: Inspect, Children, the Rewrite functions and
// Cloner all follow one description of each node's children; a Builder
// makes a pass's temporaries and statements; HostOf views an lvalue as its
// host (a variable or a dereferenced pointer) and offset; Verify checks the
// invariants the printer and the passes rely on (tests run it after every
// pass).
package ir

// Class is the storage class of a variable.
type Class int

// Variable classes.
const (
	Global Class = iota // file scope
	Local               // block scope (automatic, or static when Var.Static)
	Param               // function parameter
)

// Var is a variable: a global, a local or a parameter. Variables are compared
// by identity; the printer assigns unique printed names.
type Var struct {
	Name        string // name in the source (or a generated name)
	Type        Type
	Class       Class
	Static      bool // internal linkage (globals) or static storage (locals)
	Extern      bool // a global declared but not defined in the program
	ThreadLocal bool // _Thread_local / __thread
	Atomic      bool // declared _Atomic: its accesses are atomic
	Volatile    bool
	Init        *Init // initializer of a global or static local
	Pos         Pos
	Func        string // for locals and parameters: the original function
	Synthetic   bool   // made by ladr, not in the source
}

// IsStaticStorage reports whether v has static storage (a global or a static local),
// i.e. whether it is shared between threads regardless of escape analysis.
func (v *Var) IsStaticStorage() bool { return v.Class == Global || v.Static }

// Function is a function definition (Body != nil) or declaration.
type Function struct {
	Name   string
	Type   *Func
	Params []*Var
	Body   *Block
	Static bool
	Inline bool
	Pos    Pos
	// Thread is set on the thread simulation functions of a sequentialized
	// program: the thread whose statements the function holds.
	Thread *Thread
	// NoReturn marks functions declared _Noreturn / __attribute__((noreturn)).
	NoReturn bool
	// Inlined marks a function of the program whose body was dropped after
	// every call of it was inlined: only its address may still be used
	// (compared in the dispatch of calls through function pointers).
	Inlined bool
}

// Thread describes one thread of the bounded program: main (ID 0) or the
// thread started by one pthread_create site.
type Thread struct {
	ID        int
	Name      string // "main", "T1", "T2", ...
	Func      string // original thread function
	CreatedAt Pos    // position of the pthread_create call (invalid for main)
	Parent    int    // ID of the creating thread (-1 for main)
}

// Program is a whole C program.
type Program struct {
	// Structs lists struct and union types in an order in which their
	// definitions can be printed.
	Structs []*Struct
	Globals []*Var
	Funcs   []*Function
	// Threads is filled by the thread pass.
	Threads []*Thread
	// InertThreads counts the threads the thread pass left out because
	// they cannot affect any other thread: their identifiers are
	// len(Threads) ... len(Threads)+InertThreads-1, and joining one
	// returns at once, as after the thread ended.
	InertThreads int
	// Header holds lines printed verbatim after ladr's prelude (macros of the
	// sequentialization, comments).
	Header []string
}

// Func returns the function with the given name, or nil.
func (p *Program) Func(name string) *Function {
	for _, f := range p.Funcs {
		if f.Name == name {
			return f
		}
	}
	return nil
}

// Global returns the global variable with the given name, or nil.
func (p *Program) Global(name string) *Var {
	for _, v := range p.Globals {
		if v.Name == name {
			return v
		}
	}
	return nil
}

// DeclareFunc returns the function named name, declaring it with type t if
// the program has none.
func (p *Program) DeclareFunc(name string, t *Func) *Function {
	if f := p.Func(name); f != nil {
		return f
	}
	f := &Function{Name: name, Type: t}
	p.Funcs = append(p.Funcs, f)
	return f
}

// AddGlobal appends a new global variable and returns it.
func (p *Program) AddGlobal(name string, t Type, init *Init) *Var {
	v := &Var{Name: name, Type: t, Class: Global, Init: init, Synthetic: true}
	p.Globals = append(p.Globals, v)
	return v
}
