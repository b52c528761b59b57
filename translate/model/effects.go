package model

// Effect is an access a library function makes through a pointer argument.
// Package sharing turns it into expressions over the call's arguments
// (sharing.MemAccesses); the race instrumentation checks it.
type Effect struct {
	// Arg is the argument that points to the memory accessed.
	Arg int
	// Rest: the same access through every argument from Arg on (the
	// variadic arguments of printf and scanf).
	Rest bool
	// Write: the memory is written (else read).
	Write bool
	// Access says what is accessed.
	Access Access
	// Size is the number of bytes accessed, for Bytes.
	Size Size
	// AtEnd: the access starts at the end of the string Arg points to
	// (strcat appends there).
	AtEnd bool
	// CharOnly: only an argument that points to characters is accessed
	// (printf's %s strings).
	CharOnly bool
	// Format is the index of the format argument, for Formatted.
	Format int
	// Atomic: the access is atomic (a synchronization function's access
	// of its object): it races only with non-atomic accesses.
	Atomic bool
}

// Access says what an Effect accesses.
type Access int

// Accesses.
const (
	// Bytes: Size bytes from the pointer (one byte when Size is SizeNone).
	Bytes Access = iota
	// Typed: the object of the pointed-to type, when the argument is a
	// pointer.
	Typed
	// Approx: a string up to a position that depends on its contents;
	// only its first byte is checked.
	Approx
	// ByType: Approx through a pointer to characters (scanf's %s), Typed
	// through another pointer, nothing through a non-pointer.
	ByType
	// FreeBlock: the heap block the pointer points to is released (free,
	// realloc); this is not an access of its bytes, and it is not checked.
	FreeBlock
	// Format: Arg is a printf format; the arguments after it are read as
	// its conversions say (%s: the string up to and including its zero,
	// or up to the precision; %n: the int written). When the format is
	// not a string literal, every argument after it that points to
	// characters is read as Approx.
	Format
	// Formatted: Arg is written with the output of the printf format at
	// argument Format (sprintf's buffer) and its zero, at most Size bytes
	// when Size is given (snprintf's n). The number of bytes is computed
	// when the format has only %s, %c and %% conversions with constant
	// widths and precisions; otherwise the write is Approx.
	Formatted
)

// SizeKind says how the size of an access is computed from the arguments.
type SizeKind int

// Sizes.
const (
	// SizeNone: no size (the pointed-to object, or one byte).
	SizeNone SizeKind = iota
	// SizeArg: the value of argument Arg (none when the call has fewer).
	SizeArg
	// SizeString: strlen(Arg) + 1, the string with its terminating zero.
	SizeString
	// SizeStringMax: at most Max bytes of the string Arg, with its zero:
	// strlen(Arg) < Max ? strlen(Arg) + 1 : Max.
	SizeStringMax
	// SizeStringMaxZero: at most Max bytes of the string Arg, and then a
	// zero: (strlen(Arg) < Max ? strlen(Arg) : Max) + 1.
	SizeStringMaxZero
)

// Size is the size of an access.
type Size struct {
	Kind SizeKind
	Arg  int
	Max  int
}

// Arguments used by the table's sizes.
func sizeArg(i int) Size          { return Size{Kind: SizeArg, Arg: i} }
func sizeString(i int) Size       { return Size{Kind: SizeString, Arg: i} }
func sizeStringMax(i, n int) Size { return Size{Kind: SizeStringMax, Arg: i, Max: n} }
