package cfront

// Inline assembly. ladr does not execute machine code; it recognises the
// few x86 instructions (AT&T syntax, gcc extended asm) that programs use to
// implement atomic operations and barriers, and lowers each to the
// equivalent gcc atomic builtin on the operands' C lvalues (which the
// library model then lowers like a call the program wrote itself):
//
//   - lock-prefixed inc, dec, add, sub, and, or, xor on a memory operand
//     (__atomic_fetch_<op>; followed by sete/setz/setne/setnz/sets, the
//     flag of the new value), and the same without lock as a plain,
//     non-atomic read-modify-write (a race when another thread accesses
//     the location concurrently);
//   - lock xadd (__atomic_fetch_add, the register receives the old value);
//   - xchg with a memory operand, locked or not (x86 locks it implicitly;
//     __atomic_exchange_n);
//   - lock cmpxchg with the accumulator operand ("a", or an operand tied to
//     it), optionally followed by sete/setz/setne/setnz
//     (__sync_val_compare_and_swap);
//   - lock bts, btr, btc (__atomic_fetch_or/and/xor of the bit's word),
//     optionally followed by setc/setb or sbb r,r;
//   - port I/O, in and out (with a b, w or l suffix or the operands'
//     sizes; the port an immediate or an operand): a device register is
//     not the program's memory, so out only reads its operands and in
//     gives its output a nondeterministic value of the size (what the
//     device answers is unknown);
//   - call *%cN (Linux's paravirtualized operations, PVOP_CALL): an
//     indirect call through the function pointer whose address is operand
//     N, an "i" constant &X; it is the call (*X)() with the "=a" output,
//     if any, receiving its result (no register arguments, no other
//     outputs), so a pointer that no function of the program fits is
//     treated like any other such call;
//   - ud2 (Linux's BUG(), usually in a __bug_table section's company):
//     the processor raises an invalid-opcode exception, which ends the
//     process (SIGILL), so it is a call of abort;
//   - mov between a register and memory, or of an immediate (Linux's
//     readl and writel, "movl %1,%0" with an "m" operand): a plain,
//     non-atomic load or store of the operand's size (a memory operand
//     is written even when listed as an input, as writel lists it);
//   - mfence, lfence, sfence, the "lock; addl $0,0(%esp)" fence, pause,
//     "rep; nop", nop and the empty template (compiler barriers): no
//     operation in ladr's sequentially consistent model, except that the
//     values of register inputs are read (the compiler loads them).
//
// Operand sizes come from the suffix (b, w, l, q) or, without one, from the
// operands' C types; a memory operand whose C type is not an integer or a
// pointer of that size is accessed as an unsigned integer of the size.
// Operand references may carry the size modifiers b, w, k, q (%b0) when
// the operand has that size. Anything else (another instruction, a shape
// of operands not listed, another operand modifier, asm goto, an output the template does not define)
// stays an unsupported statement that names the template, so that a
// program whose verdict depends on it is answered unknown.

import (
	"fmt"
	"strconv"
	"strings"

	"modernc.org/cc/v4"

	"github.com/ladr-dev/ladr/translate/ir"
)

// asmOperand is one operand of an extended asm statement, as written.
type asmOperand struct {
	constraint string // e.g. "+m", "=a", "0", "ir"
	name       string // the [name], "" if none
	output     bool
}

// asmKind is the kind of a recognised asm statement.
type asmKind int

const (
	asmNoOp    asmKind = iota + 1 // barriers, fences, pause
	asmRMW                        // op src, dst (inc and dec are add and sub of 1)
	asmXadd                       // xadd reg, mem
	asmXchg                       // xchg reg, mem
	asmCmpxchg                    // cmpxchg reg, mem with the accumulator
	asmBit                        // bts, btr, btc bit, mem
	asmIn                         // in port, reg: reg gets a nondet value
	asmOut                        // out reg, port: reads both
	asmTrap                       // ud2: the process ends
	asmCall                       // call *%cN: a call through the pointer at &X
	asmMov                        // mov src, dst: a plain load, store or copy
)

// asmLoc is a destination: operand op itself, or (indirect) the memory
// that the pointer held by operand op points to, as in "(%0)".
type asmLoc struct {
	op       int
	indirect bool
}

// asmSrc is a source value: operand op, or (op < 0) the immediate imm;
// mod is the size its modifier names, 0 if none.
type asmSrc struct {
	op  int
	imm int64
	mod int
}

// asmFlag is the instruction that reads the flags the main instruction
// set: cond is "e", "ne", "s" (the new value's zero and sign flags, or
// cmpxchg's equality), "c" (a bit instruction's old bit) or "sbb" (sbb r,r:
// -1 if the old bit was set, else 0); "" when there is none.
type asmFlag struct {
	cond string
	dst  int
	size int // the suffix of sbb, 0 when absent
	mod  int // the size the destination's modifier names, 0 if none
}

// asmInsn is a recognised asm statement.
type asmInsn struct {
	kind   asmKind
	locked bool   // atomic (the lock prefix, or xchg with memory)
	arith  ir.Op  // Add, Sub, And, Or, Xor (asmRMW); Or, And, Xor for bts, btr, btc (asmBit)
	size   int    // operand size in bytes from the suffix, 0 when absent
	dst    asmLoc // the destination (memory, or a register for a plain RMW)
	src    asmSrc // RMW and bit: the value; xadd, xchg: the register; cmpxchg: the new value
	flag   asmFlag
}

// asmArg is one parsed instruction operand.
type asmArg struct {
	kind asmArgKind
	op   int    // operand number (asmArgOp, asmArgInd)
	imm  int64  // asmArgImm
	reg  string // asmArgStack: the register (esp or rsp)
	mod  int    // asmArgOp: the size a modifier names (%b0 1, %w0 2, %k0 4, %q0 8), 0 if none
}

type asmArgKind int

const (
	asmArgOp      asmArgKind = iota + 1 // %0, %[name]
	asmArgImm                           // $1
	asmArgInd                           // (%0), 0(%0)
	asmArgStack                         // (%esp), 0(%rsp): only in the fence idiom
	asmArgCallInd                       // *%c0, *%c[name]: the memory at a constant address, as a call's target
)

// asmLine is one instruction of the template.
type asmLine struct {
	locked bool
	mnem   string
	args   []asmArg
	text   string
}

// asmSizes are the operand-size suffixes.
var asmSizes = map[byte]int{'b': 1, 'w': 2, 'l': 4, 'q': 8}

// asmBases are the recognised mnemonics that take a size suffix.
var asmBases = map[string]bool{"inc": true, "dec": true, "add": true, "sub": true, "and": true, "or": true, "xor": true,
	"xadd": true, "cmpxchg": true, "xchg": true, "bts": true, "btr": true, "btc": true, "sbb": true,
	"in": true, "out": true, "mov": true}

// asmArith maps the read-modify-write mnemonics to their operators.
var asmArith = map[string]ir.Op{"inc": ir.Add, "dec": ir.Sub, "add": ir.Add, "sub": ir.Sub, "and": ir.And, "or": ir.Or, "xor": ir.Xor,
	"bts": ir.Or, "btr": ir.And, "btc": ir.Xor, "xadd": ir.Add}

// asmSetcc maps the recognised setcc mnemonics to their conditions.
var asmSetcc = map[string]string{"sete": "e", "setz": "e", "setne": "ne", "setnz": "ne", "sets": "s", "setc": "c", "setb": "c"}

// recogniseAsm recognises an asm template and its operands. extended is
// false for a basic asm statement (no colon), whose template uses % as a
// plain character. The error says why the statement is not recognised.
func recogniseAsm(tmpl string, ops []asmOperand, extended bool) (asmInsn, error) {
	lines, err := asmLines(tmpl, ops, extended)
	if err != nil {
		return asmInsn{}, err
	}
	var main []asmLine
	for _, ln := range lines {
		switch {
		case isAsmFence(ln):
		case ln.locked && (ln.mnem == "nop" || ln.mnem == "pause" || ln.mnem == "mfence" || ln.mnem == "lfence" || ln.mnem == "sfence"):
			return asmInsn{}, fmt.Errorf("lock prefix on %s", ln.mnem)
		default:
			main = append(main, ln)
		}
	}
	if len(main) == 0 {
		return asmInsn{kind: asmNoOp}, nil
	}
	if main[0].mnem == "ud2" && !main[0].locked && len(main[0].args) == 0 {
		// Whatever follows never runs.
		return asmInsn{kind: asmTrap}, nil
	}
	if main[0].mnem == "call" {
		if len(main) > 1 {
			return asmInsn{}, fmt.Errorf("%d instructions", len(main))
		}
		return asmCallInsn(main[0], ops)
	}
	if len(main) > 2 {
		return asmInsn{}, fmt.Errorf("%d instructions", len(main))
	}
	in, err := asmMain(main[0], ops)
	if err != nil {
		return asmInsn{}, err
	}
	if len(main) == 2 {
		if in.flag, err = asmFlagInsn(main[1], in, ops); err != nil {
			return asmInsn{}, err
		}
	}
	return in, nil
}

// isAsmFence reports whether ln is a barrier: a fence, pause, nop, or a
// locked add or or of 0 to the top of the stack.
func isAsmFence(ln asmLine) bool {
	switch ln.mnem {
	case "mfence", "lfence", "sfence", "pause", "nop", "rep nop":
		return !ln.locked
	}
	base, _, ok := asmMnemonic(ln.mnem)
	if ok && ln.locked && (base == "add" || base == "or") && len(ln.args) == 2 &&
		ln.args[0].kind == asmArgImm && ln.args[0].imm == 0 && ln.args[1].kind == asmArgStack {
		return true
	}
	return false
}

// asmMnemonic splits a mnemonic into its base and size suffix.
func asmMnemonic(m string) (base string, size int, ok bool) {
	if asmBases[m] {
		return m, 0, true
	}
	if n := len(m); n > 1 && asmBases[m[:n-1]] {
		if s, ok := asmSizes[m[n-1]]; ok {
			return m[:n-1], s, true
		}
	}
	return "", 0, false
}

// asmCallInsn recognises an indirect call through a constant operand's
// address: call *%cN with operand N an "i" constant, every other input a
// constant too (no register arguments) and no output but the accumulator
// ("=a", the result).
func asmCallInsn(ln asmLine, ops []asmOperand) (asmInsn, error) {
	if ln.locked || len(ln.args) != 1 || ln.args[0].kind != asmArgCallInd {
		return asmInsn{}, fmt.Errorf("%q: operands", ln.text)
	}
	target := ln.args[0].op
	in := asmInsn{kind: asmCall, src: asmSrc{op: target}, dst: asmLoc{op: -1}}
	for i, o := range ops {
		c := strings.TrimLeft(o.constraint, "=+&%")
		switch {
		case o.output && o.constraint == "=a" && in.dst.op < 0:
			in.dst.op = i
		case o.output:
			return asmInsn{}, fmt.Errorf("%q: output %d %q", ln.text, i, o.constraint)
		case c != "i":
			return asmInsn{}, fmt.Errorf("%q: register argument %d %q", ln.text, i, o.constraint)
		}
	}
	return in, nil
}

// asmMain recognises the main instruction.
func asmMain(ln asmLine, ops []asmOperand) (asmInsn, error) {
	base, size, ok := asmMnemonic(ln.mnem)
	if !ok {
		return asmInsn{}, fmt.Errorf("instruction %q", ln.text)
	}
	in := asmInsn{locked: ln.locked, size: size, arith: asmArith[base], src: asmSrc{op: -1}}
	nargs := map[string]int{"inc": 1, "dec": 1}[base]
	if nargs == 0 {
		nargs = 2
	}
	if len(ln.args) != nargs {
		return asmInsn{}, fmt.Errorf("%q: %d operands", ln.text, len(ln.args))
	}
	dstArg := ln.args[nargs-1]
	switch base {
	case "inc", "dec", "add", "sub", "and", "or", "xor":
		in.kind = asmRMW
		in.src = asmSrc{op: -1, imm: 1}
		if nargs == 2 {
			if in.src, ok = asmValue(ln.args[0]); !ok {
				return asmInsn{}, fmt.Errorf("%q: source operand", ln.text)
			}
		}
		if dst, ok := asmMemory(dstArg, ops); ok {
			in.dst = dst
		} else if !in.locked && dstArg.kind == asmArgOp && dstArg.mod == 0 && asmClass(ops, dstArg.op) != classMem {
			in.dst = asmLoc{op: dstArg.op} // arithmetic on a register (or, "+g", wherever it is)
		} else {
			return asmInsn{}, fmt.Errorf("%q: destination operand", ln.text)
		}
		return in, nil
	case "xadd", "cmpxchg", "bts", "btr", "btc":
		if !in.locked {
			return asmInsn{}, fmt.Errorf("%q without lock is not atomic", ln.text)
		}
		dst, ok := asmMemory(dstArg, ops)
		if !ok {
			return asmInsn{}, fmt.Errorf("%q: destination operand", ln.text)
		}
		in.dst = dst
		src := ln.args[0]
		switch {
		case base[:2] == "bt":
			in.kind = asmBit
			if in.src, ok = asmValue(src); !ok {
				return asmInsn{}, fmt.Errorf("%q: bit operand", ln.text)
			}
		case src.kind == asmArgOp && asmClass(ops, src.op) == classReg:
			in.kind = map[string]asmKind{"xadd": asmXadd, "cmpxchg": asmCmpxchg}[base]
			in.src = asmSrc{op: src.op, mod: src.mod}
		default:
			return asmInsn{}, fmt.Errorf("%q: source operand", ln.text)
		}
		return in, nil
	case "in", "out":
		// in port, value; out value, port. The port is an immediate or
		// a 16-bit register operand ("Nd"); the value a register.
		port, val := ln.args[0], ln.args[1]
		in.kind = asmIn
		if base == "out" {
			port, val = val, port
			in.kind = asmOut
		}
		if in.locked {
			return asmInsn{}, fmt.Errorf("lock prefix on %q", ln.text)
		}
		if val.kind != asmArgOp || asmClass(ops, val.op) != classReg || port.kind != asmArgImm && (port.kind != asmArgOp || asmClass(ops, port.op) != classReg) {
			return asmInsn{}, fmt.Errorf("%q: operands", ln.text)
		}
		in.dst = asmLoc{op: val.op}
		in.src = asmSrc{op: -1, imm: port.imm}
		if port.kind == asmArgOp {
			in.src = asmSrc{op: port.op, mod: port.mod}
		}
		if val.mod != 0 {
			if size != 0 && size != val.mod {
				return asmInsn{}, fmt.Errorf("%q: operand size", ln.text)
			}
			in.size = val.mod
		}
		return in, nil
	case "mov":
		if in.locked {
			return asmInsn{}, fmt.Errorf("lock prefix on %q", ln.text)
		}
		in.kind = asmMov
		src, dst := ln.args[0], ln.args[1]
		srcMem, fromMem := asmMemory(src, ops)
		switch {
		case fromMem && !srcMem.indirect:
			in.src = asmSrc{op: srcMem.op}
		case fromMem:
			return asmInsn{}, fmt.Errorf("%q: source operand", ln.text)
		default:
			if in.src, ok = asmValue(src); !ok || src.kind == asmArgOp && asmClass(ops, src.op) != classReg {
				return asmInsn{}, fmt.Errorf("%q: source operand", ln.text)
			}
		}
		switch m, ok := asmMemory(dst, ops); {
		case ok && !m.indirect && fromMem:
			return asmInsn{}, fmt.Errorf("%q: two memory operands", ln.text)
		case ok && !m.indirect:
			in.dst = m
		case dst.kind == asmArgOp && dst.mod == 0 && asmClass(ops, dst.op) == classReg && asmWritable(ops, dst.op):
			in.dst = asmLoc{op: dst.op}
		default:
			return asmInsn{}, fmt.Errorf("%q: destination operand", ln.text)
		}
		return in, nil
	case "xchg":
		in.kind, in.locked = asmXchg, true
		a, b := ln.args[0], ln.args[1]
		if _, ok := asmMemory(a, ops); ok {
			a, b = b, a
		}
		dst, ok := asmMemory(b, ops)
		if !ok || a.kind != asmArgOp || asmClass(ops, a.op) != classReg {
			return asmInsn{}, fmt.Errorf("%q: operands", ln.text)
		}
		in.dst, in.src = dst, asmSrc{op: a.op, mod: a.mod}
		return in, nil
	}
	return asmInsn{}, fmt.Errorf("instruction %q", ln.text)
}

// asmFlagInsn recognises the instruction that reads the flags of in.
func asmFlagInsn(ln asmLine, in asmInsn, ops []asmOperand) (asmFlag, error) {
	if ln.locked {
		return asmFlag{}, fmt.Errorf("lock prefix on %q", ln.text)
	}
	if cond, ok := asmSetcc[ln.mnem]; ok {
		if len(ln.args) != 1 || ln.args[0].kind != asmArgOp || !asmWritable(ops, ln.args[0].op) {
			return asmFlag{}, fmt.Errorf("%q: operand", ln.text)
		}
		ok := false
		switch in.kind {
		case asmRMW:
			ok = cond != "c" && in.locked
		case asmCmpxchg:
			ok = cond == "e" || cond == "ne"
		case asmBit:
			ok = cond == "c"
		}
		if !ok {
			return asmFlag{}, fmt.Errorf("%q after this instruction", ln.text)
		}
		return asmFlag{cond: cond, dst: ln.args[0].op, mod: ln.args[0].mod}, nil
	}
	base, size, ok := asmMnemonic(ln.mnem)
	if ok && base == "sbb" && in.kind == asmBit && len(ln.args) == 2 &&
		ln.args[0].kind == asmArgOp && ln.args[1].kind == asmArgOp && ln.args[0].op == ln.args[1].op &&
		asmClass(ops, ln.args[0].op) == classReg && asmWritable(ops, ln.args[0].op) {
		if ln.args[0].mod != ln.args[1].mod {
			return asmFlag{}, fmt.Errorf("%q: operands", ln.text)
		}
		return asmFlag{cond: "sbb", dst: ln.args[0].op, size: size, mod: ln.args[0].mod}, nil
	}
	return asmFlag{}, fmt.Errorf("instruction %q after the atomic one", ln.text)
}

// asmValue reads a source operand: an immediate or an operand that is not
// memory.
func asmValue(a asmArg) (asmSrc, bool) {
	switch a.kind {
	case asmArgImm:
		return asmSrc{op: -1, imm: a.imm}, true
	case asmArgOp:
		return asmSrc{op: a.op, mod: a.mod}, true
	}
	return asmSrc{}, false
}

// asmMemory reads a memory destination: a memory operand, or the memory a
// register operand points to.
func asmMemory(a asmArg, ops []asmOperand) (asmLoc, bool) {
	if a.mod != 0 {
		return asmLoc{}, false
	}
	switch a.kind {
	case asmArgOp:
		if asmClass(ops, a.op) == classMem {
			return asmLoc{op: a.op}, true
		}
	case asmArgInd:
		if asmClass(ops, a.op) == classReg {
			return asmLoc{op: a.op, indirect: true}, true
		}
	}
	return asmLoc{}, false
}

// asmWritable reports whether operand i is an output, or an input tied to
// one.
func asmWritable(ops []asmOperand, i int) bool {
	return ops[i].output || asmTied(ops, i) >= 0
}

// asmTied returns the output an input is tied to by a matching constraint
// ("0", "[name]"), or by naming the same register as the output ("a" and
// "=a" are both %eax), or -1.
func asmTied(ops []asmOperand, i int) int {
	c := strings.TrimLeft(ops[i].constraint, "=+&%")
	if ops[i].output || c == "" {
		return -1
	}
	if len(c) == 1 && strings.Contains("abcdSD", c) {
		for j, o := range ops {
			if o.output && strings.TrimLeft(o.constraint, "=+&%") == c {
				return j
			}
		}
		return -1
	}
	if n, err := strconv.Atoi(c); err == nil {
		if n >= 0 && n < len(ops) && ops[n].output {
			return n
		}
		return -1
	}
	if strings.HasPrefix(c, "[") && strings.HasSuffix(c, "]") {
		for j, o := range ops {
			if o.output && o.name != "" && "["+o.name+"]" == c {
				return j
			}
		}
	}
	return -1
}

// An operand class: where the compiler may put the operand.
type asmOpClass int

const (
	classOther asmOpClass = iota // mixed, or not understood
	classMem                     // memory only
	classReg                     // a register or an immediate, never memory
)

// asmClass classifies operand i by its constraint (an input tied to an
// output takes the output's).
func asmClass(ops []asmOperand, i int) asmOpClass {
	if t := asmTied(ops, i); t >= 0 {
		i = t
	}
	letters := strings.TrimLeft(ops[i].constraint, "=+&%")
	if letters == "" {
		return classOther
	}
	mem, reg := false, false
	for _, c := range letters {
		switch {
		case strings.ContainsRune("moV", c):
			mem = true
		case strings.ContainsRune("rqQabcdSDRlUAinIJKLMNeZ", c):
			reg = true
		default:
			return classOther // g, X, digits in an output, unknown letters
		}
	}
	switch {
	case mem && !reg:
		return classMem
	case reg && !mem:
		return classReg
	}
	return classOther
}

// asmAccumulator returns the operands of cmpxchg's accumulator: the one
// whose value it holds before (in) and the output it is stored to (out,
// -1 if none).
func asmAccumulator(ops []asmOperand) (in, out int, err error) {
	in, out = -1, -1
	for i, o := range ops {
		if asmTied(ops, i) >= 0 {
			continue
		}
		if strings.TrimLeft(o.constraint, "=+&%") != "a" {
			continue
		}
		if o.output {
			if out >= 0 {
				return 0, 0, fmt.Errorf("two accumulator outputs")
			}
			out = i
			if strings.Contains(o.constraint, "+") {
				in = i
			}
		} else {
			if in >= 0 {
				return 0, 0, fmt.Errorf("two accumulator inputs")
			}
			in = i
		}
	}
	if in < 0 && out >= 0 {
		for i := range ops {
			if asmTied(ops, i) == out {
				in = i
			}
		}
	}
	if in < 0 {
		return 0, 0, fmt.Errorf("cmpxchg without an accumulator input")
	}
	return in, out, nil
}

// asmLines splits a template into instructions, each with its operands
// parsed, joining a lock or rep prefix written as an instruction of its
// own with the next one.
func asmLines(tmpl string, ops []asmOperand, extended bool) ([]asmLine, error) {
	var out []asmLine
	locked, rep := false, false
	otherSection := false // inside .section/.pushsection of a non-text section
	for _, raw := range strings.FieldsFunc(tmpl, func(r rune) bool { return r == '\n' || r == ';' }) {
		if i := strings.IndexByte(raw, '#'); i >= 0 {
			raw = raw[:i]
		}
		s := strings.TrimSpace(raw)
		if i := strings.IndexByte(s, ':'); i > 0 && isAsmLabel(s[:i]) {
			// A local label, alone or before an instruction or a
			// directive on its line ("1:\tud2").
			s = strings.TrimSpace(s[i+1:])
		}
		if s == "" {
			continue
		}
		// Data put in another section (the Linux LOCK_PREFIX's
		// .smp_locks table) and local labels do nothing when the code
		// runs; any other directive is not understood.
		if strings.HasPrefix(s, ".") {
			dir, arg, _ := strings.Cut(strings.ReplaceAll(s, "\t", " "), " ")
			arg = strings.TrimSpace(arg)
			switch {
			case (dir == ".section" || dir == ".pushsection") && !otherSection && arg != "" && !strings.HasPrefix(arg, ".text") && !strings.HasPrefix(arg, "\".text"):
				otherSection = true
				continue
			case (dir == ".previous" || dir == ".popsection") && otherSection:
				otherSection = false
				continue
			case otherSection:
				continue
			}
			return nil, fmt.Errorf("directive %q", s)
		}
		if otherSection {
			return nil, fmt.Errorf("%q in another section", s)
		}
		mnem, rest, _ := strings.Cut(s, " ")
		if i := strings.IndexByte(mnem, '\t'); i >= 0 {
			mnem, rest = mnem[:i], mnem[i+1:]+" "+rest
		}
		mnem = strings.ToLower(mnem)
		rest = strings.TrimSpace(rest)
		if mnem == "lock" || mnem == "rep" {
			if locked || rep {
				return nil, fmt.Errorf("two prefixes")
			}
			locked, rep = mnem == "lock", mnem == "rep"
			if rest == "" {
				continue
			}
			mnem, rest, _ = strings.Cut(strings.TrimSpace(strings.ReplaceAll(rest, "\t", " ")), " ")
			mnem = strings.ToLower(mnem)
			rest = strings.TrimSpace(rest)
		}
		if rep {
			if mnem != "nop" || rest != "" {
				return nil, fmt.Errorf("rep prefix on %q", s)
			}
			mnem, rep = "rep nop", false
		}
		ln := asmLine{locked: locked, mnem: mnem, text: s}
		locked = false
		if rest != "" {
			for _, a := range strings.Split(rest, ",") {
				arg, err := asmParseArg(strings.TrimSpace(a), ops, extended)
				if err != nil {
					return nil, fmt.Errorf("%q: %w", s, err)
				}
				ln.args = append(ln.args, arg)
			}
		}
		out = append(out, ln)
	}
	if locked || rep {
		return nil, fmt.Errorf("a prefix without an instruction")
	}
	if otherSection {
		return nil, fmt.Errorf("a section left open")
	}
	return out, nil
}

// isAsmLabel reports whether s is a label name (a number or an
// identifier).
func isAsmLabel(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if !(c == '_' || c == '.' || c == '$' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
			return false
		}
	}
	return true
}

// asmParseArg parses one instruction operand.
func asmParseArg(s string, ops []asmOperand, extended bool) (asmArg, error) {
	if strings.HasPrefix(s, "$") {
		v, err := strconv.ParseInt(s[1:], 0, 64)
		if err != nil {
			return asmArg{}, fmt.Errorf("immediate %s", s)
		}
		return asmArg{kind: asmArgImm, imm: v}, nil
	}
	if i := strings.IndexByte(s, '('); i >= 0 && strings.HasSuffix(s, ")") {
		if disp := s[:i]; disp != "" && disp != "0" {
			return asmArg{}, fmt.Errorf("memory operand %s", s)
		}
		inner := s[i+1 : len(s)-1]
		if reg, ok := asmRegister(inner, extended); ok {
			if reg == "esp" || reg == "rsp" {
				return asmArg{kind: asmArgStack, reg: reg}, nil
			}
			return asmArg{}, fmt.Errorf("memory operand %s", s)
		}
		a, err := asmParseArg(inner, ops, extended)
		if err != nil || a.kind != asmArgOp {
			return asmArg{}, fmt.Errorf("memory operand %s", s)
		}
		return asmArg{kind: asmArgInd, op: a.op}, nil
	}
	if ref, ok := strings.CutPrefix(s, "*%c"); ok && extended {
		// An indirect call's target: the constant operand printed
		// without its $ is a memory address.
		a, err := asmParseArg("%"+ref, ops, extended)
		if err != nil || a.kind != asmArgOp || a.mod != 0 {
			return asmArg{}, fmt.Errorf("operand %s", s)
		}
		return asmArg{kind: asmArgCallInd, op: a.op}, nil
	}
	if !extended || !strings.HasPrefix(s, "%") || strings.HasPrefix(s, "%%") {
		return asmArg{}, fmt.Errorf("operand %s", s)
	}
	ref := s[1:]
	mod := 0
	if len(ref) > 1 && strings.ContainsRune("bwkq", rune(ref[0])) && (ref[1] == '[' || '0' <= ref[1] && ref[1] <= '9') {
		// A register of the operand's size: %b0 (1 byte), %w0, %k0, %q0.
		mod = map[byte]int{'b': 1, 'w': 2, 'k': 4, 'q': 8}[ref[0]]
		ref = ref[1:]
	}
	if strings.HasPrefix(ref, "[") && strings.HasSuffix(ref, "]") {
		for i, o := range ops {
			if o.name != "" && o.name == ref[1:len(ref)-1] {
				return asmArg{kind: asmArgOp, op: i, mod: mod}, nil
			}
		}
		return asmArg{}, fmt.Errorf("no operand %s", s)
	}
	n, err := strconv.Atoi(ref)
	if err != nil || n < 0 || n >= len(ops) {
		return asmArg{}, fmt.Errorf("operand %s", s) // other modifiers (%h0, %c0) and unknown numbers
	}
	return asmArg{kind: asmArgOp, op: n, mod: mod}, nil
}

// asmRegister reads a literal register name ("%%esp" in extended asm,
// "%esp" in basic asm).
func asmRegister(s string, extended bool) (string, bool) {
	prefix := "%"
	if extended {
		prefix = "%%"
	}
	r, ok := strings.CutPrefix(s, prefix)
	if !ok || r == "" || r[0] < 'a' || r[0] > 'z' {
		return "", false
	}
	for _, c := range r {
		if !('a' <= c && c <= 'z' || '0' <= c && c <= '9') {
			return "", false
		}
	}
	return r, true
}

// asmStmt lowers an asm statement: a recognised one to atomic builtins, any
// other to an unsupported statement that names its template.
func (l *lowerer) asmStmt(a *cc.Asm, p ir.Pos) []ir.Stmt {
	tmpl, err := strconv.Unquote(a.Token3.SrcStr())
	if err != nil {
		tmpl = a.Token3.SrcStr()
	}
	unsupported := func(why string) []ir.Stmt {
		what := fmt.Sprintf("inline assembly %q", tmpl)
		if why != "" {
			what += " (" + why + ")"
		}
		return []ir.Stmt{&ir.Unsupported{Loc: l.loc(p), What: what}}
	}
	for q := a.AsmQualifierList; q != nil; q = q.AsmQualifierList {
		if q.AsmQualifier.Case == cc.AsmQualifierGoto {
			return unsupported("asm goto")
		}
	}
	var ops []asmOperand
	var exprs []cc.ExpressionNode
	// The sections in order: outputs, inputs, clobbers, labels.
	var lists []*cc.AsmArgList
	for list := a.AsmArgList; list != nil; list = list.AsmArgList {
		lists = append(lists, list)
	}
	for i, list := range lists {
		if i > 1 {
			break // clobbers and labels
		}
		var items []*cc.AsmExpressionList
		for e := list.AsmExpressionList; e != nil; e = e.AsmExpressionList {
			items = append(items, e)
		}
		for _, e := range items {
			call, ok := e.AssignmentExpression.(*cc.PostfixExpression)
			if !ok || call.Case != cc.PostfixExpressionCall || call.ArgumentExpressionList == nil || call.ArgumentExpressionList.ArgumentExpressionList != nil {
				return unsupported("operand " + cc.NodeSource(e.AssignmentExpression))
			}
			str, ok := call.PostfixExpression.(*cc.PrimaryExpression)
			if !ok || str.Case != cc.PrimaryExpressionString {
				return unsupported("operand " + cc.NodeSource(e.AssignmentExpression))
			}
			c, err := strconv.Unquote(str.Token.SrcStr())
			if err != nil {
				return unsupported("constraint " + str.Token.SrcStr())
			}
			op := asmOperand{constraint: c, output: i == 0}
			if e.AsmIndex != nil {
				op.name = strings.TrimSpace(cc.NodeSource(e.AsmIndex.ExpressionList))
			}
			ops = append(ops, op)
			exprs = append(exprs, call.ArgumentExpressionList.AssignmentExpression)
		}
	}
	if len(lists) > 0 {
		if tmpl, err = expandSizeModifiers(tmpl, exprs); err != nil {
			return unsupported(err.Error())
		}
	}
	in, err := recogniseAsm(tmpl, ops, len(lists) > 0)
	if err != nil {
		return unsupported(err.Error())
	}
	out, err := l.lowerAsm(in, ops, exprs, p)
	if err != nil {
		return unsupported(err.Error())
	}
	return out
}

// expandSizeModifiers replaces each %zN (the size suffix of operand N's
// type, as in "xadd%z0") with the suffix.
func expandSizeModifiers(tmpl string, exprs []cc.ExpressionNode) (string, error) {
	var b strings.Builder
	for i := 0; i < len(tmpl); i++ {
		if tmpl[i] == '%' && i+1 < len(tmpl) && tmpl[i+1] == '%' {
			b.WriteString("%%")
			i++
			continue
		}
		if tmpl[i] == '%' && i+2 < len(tmpl) && tmpl[i+1] == 'z' && '0' <= tmpl[i+2] && tmpl[i+2] <= '9' {
			n := int(tmpl[i+2] - '0')
			var t cc.Type
			if n < len(exprs) {
				t = exprs[n].Type()
			}
			suffix := map[int64]string{1: "b", 2: "w", 4: "l", 8: "q"}[sizeOrZero(t)]
			if !isIntOrPtr(t) || suffix == "" {
				return "", fmt.Errorf("%%z%d of an operand that is not an integer of 1, 2, 4 or 8 bytes", n)
			}
			b.WriteString(suffix)
			i += 2
			continue
		}
		b.WriteByte(tmpl[i])
	}
	return b.String(), nil
}

// sizeOrZero is the size of t, 0 for none.
func sizeOrZero(t cc.Type) int64 {
	if t == nil {
		return 0
	}
	return t.Size()
}

// asmLowering holds the state of lowering one recognised asm statement.
type asmLowering struct {
	l     *lowerer
	ops   []asmOperand
	exprs []cc.ExpressionNode
	vals  []ir.Expr // lowered operand expressions
	loc   ir.Loc
	out   []ir.Stmt
}

// lowerAsm lowers a recognised asm statement.
func (l *lowerer) lowerAsm(in asmInsn, ops []asmOperand, exprs []cc.ExpressionNode, p ir.Pos) ([]ir.Stmt, error) {
	a := &asmLowering{l: l, ops: ops, exprs: exprs, loc: l.loc(p)}
	for _, e := range exprs {
		pre, v := l.cexpr(e)
		if len(pre) > 0 || v == nil || ir.HasEffects(v) {
			return nil, fmt.Errorf("operand %s has side effects", cc.NodeSource(e))
		}
		a.vals = append(a.vals, v)
	}
	switch in.kind {
	case asmNoOp:
		return a.noOp()
	case asmRMW, asmXadd, asmXchg, asmCmpxchg, asmBit:
		return a.insn(in)
	case asmIn, asmOut:
		return a.portIO(in)
	case asmTrap:
		a.exec(a.call("abort", ir.VoidType))
		return a.out, nil
	case asmCall:
		return a.indirectCall(in)
	case asmMov:
		return a.mov(in)
	}
	return nil, fmt.Errorf("not recognised")
}

// mov lowers mov src, dst: dst = src, of the suffix's size (or the
// destination's, without one). Each operand is an integer or a pointer of
// that size: the value is not reinterpreted, only converted between C
// integer types of one size.
func (a *asmLowering) mov(in asmInsn) ([]ir.Stmt, error) {
	d := in.dst.op
	size := in.size
	if size == 0 && isIntOrPtr(a.ccType(d)) {
		size = int(a.ccType(d).Size())
	}
	fits := func(i int) error {
		if t := a.ccType(i); !isIntOrPtr(t) || int(t.Size()) != size {
			return fmt.Errorf("operand %d is not an integer or pointer of %d bytes", i, size)
		}
		return nil
	}
	if size != 1 && size != 2 && size != 4 && size != 8 {
		return nil, fmt.Errorf("operand size unknown")
	}
	if err := fits(d); err != nil {
		return nil, err
	}
	var val ir.Expr
	if in.src.op < 0 {
		val = ir.Lit(in.src.imm, sizedInt(size))
	} else {
		if err := fits(in.src.op); err != nil {
			return nil, err
		}
		if in.src.mod > 0 && in.src.mod != size {
			return nil, fmt.Errorf("operand %d: size modifier", in.src.op)
		}
		if val = a.valIn(in.src.op); val == nil {
			return nil, fmt.Errorf("operand %d is read before it is set", in.src.op)
		}
	}
	out := a.lvOut(d)
	if asmClass(a.ops, d) == classMem {
		out = ir.Clone(a.vals[d]) // memory is written through its address
	}
	if out == nil {
		return nil, fmt.Errorf("operand %d is written but is not an output", d)
	}
	a.set(out, val)
	return a.out, nil
}

// noOp lowers a barrier: the register inputs are read (and "+r" outputs
// written back unchanged); an output the template does not write is
// undefined, which ladr does not model.
func (a *asmLowering) noOp() ([]ir.Stmt, error) {
	for i, o := range a.ops {
		class := asmClass(a.ops, i)
		if class == classOther && !isAsmConst(a.vals[i]) && !o.output && asmTied(a.ops, i) < 0 ||
			class == classOther && o.output && strings.Contains(o.constraint, "+") {
			// "g", "rm": in a register the operand is read (and an
			// output written back), in memory it is not touched.
			return nil, fmt.Errorf("operand %d %q may be accessed or not", i, o.constraint)
		}
		switch {
		case o.output && !strings.Contains(o.constraint, "+"):
			if asmTiedInput(a.ops, i) < 0 {
				return nil, fmt.Errorf("output %d is not set", i)
			}
			a.set(a.vals[i], a.valIn(i))
		case class == classMem:
		case o.output:
			a.set(a.vals[i], ir.Clone(a.vals[i]))
		case asmTied(a.ops, i) >= 0:
		default:
			if _, isLit := a.vals[i].(*ir.IntLit); !isLit {
				a.out = append(a.out, &ir.ExprStmt{Loc: a.loc, X: ir.Clone(a.vals[i])})
			}
		}
	}
	return a.out, nil
}

// asmTiedInput returns the input tied to output i, or -1.
func asmTiedInput(ops []asmOperand, i int) int {
	for j := range ops {
		if asmTied(ops, j) == i {
			return j
		}
	}
	return -1
}

// valIn returns the value operand i holds when the asm starts.
func (a *asmLowering) valIn(i int) ir.Expr {
	o := a.ops[i]
	if o.output && !strings.Contains(o.constraint, "+") {
		if j := asmTiedInput(a.ops, i); j >= 0 {
			return ir.Clone(a.vals[j])
		}
		return nil
	}
	return ir.Clone(a.vals[i])
}

// lvOut returns the lvalue operand i is stored to when the asm ends, nil
// if none.
func (a *asmLowering) lvOut(i int) ir.Expr {
	if a.ops[i].output {
		return ir.Clone(a.vals[i])
	}
	if t := asmTied(a.ops, i); t >= 0 {
		return ir.Clone(a.vals[t])
	}
	return nil
}

// ccType returns the C type of operand i.
func (a *asmLowering) ccType(i int) cc.Type { return a.exprs[i].Type() }

func (a *asmLowering) set(l, r ir.Expr) {
	if !ir.Identical(r.Type(), l.Type()) {
		r = &ir.Cast{X: r, T: l.Type(), P: l.Pos()}
	}
	a.out = append(a.out, &ir.ExprStmt{Loc: a.loc, X: &ir.Assign{L: l, R: r, T: l.Type(), P: l.Pos()}})
}

// addr returns the address of the lvalue lv (&*p is p).
func addr(lv ir.Expr) ir.Expr {
	if u, ok := lv.(*ir.Unary); ok && u.Op == ir.Deref {
		return u.X
	}
	return ir.AddrOf(lv)
}

func (a *asmLowering) temp(t ir.Type, init ir.Expr) *ir.Var {
	v := a.l.newTemp(t)
	a.out = append(a.out, &ir.DeclStmt{Loc: a.loc, Var: v})
	if init != nil {
		a.set(ir.Ref(v), init)
	}
	return v
}

// sizedInt returns the unsigned integer type of n bytes.
func sizedInt(n int) ir.Type {
	switch n {
	case 1:
		return ir.UCharType
	case 2:
		return &ir.Basic{Kind: ir.UShort}
	case 4:
		return ir.UIntType
	}
	return ir.ULongLongType
}

// signedInt returns the signed integer type of n bytes.
func signedInt(n int) ir.Type {
	switch n {
	case 1:
		return &ir.Basic{Kind: ir.SChar}
	case 2:
		return &ir.Basic{Kind: ir.Short}
	case 4:
		return ir.IntType
	}
	return &ir.Basic{Kind: ir.LongLong}
}

// llType is long long.
var llType = &ir.Basic{Kind: ir.LongLong}

// isIntOrPtr reports whether t is an integer or a pointer type.
func isIntOrPtr(t cc.Type) bool {
	return t != nil && (cc.IsIntegerType(t) || t.Kind() == cc.Ptr)
}

// insn lowers an instruction on memory.
func (a *asmLowering) insn(in asmInsn) ([]ir.Stmt, error) {
	// The memory and its C type.
	var lv ir.Expr
	var mt cc.Type
	d := in.dst.op
	if in.dst.indirect {
		ptr := a.valIn(d)
		if ptr == nil || !ir.IsPointer(ptr.Type()) {
			return nil, fmt.Errorf("operand %d is not a pointer", d)
		}
		lv = &ir.Unary{Op: ir.Deref, X: ptr, T: ir.Elem(ptr.Type()), P: ptr.Pos()}
		if pt, ok := a.ccType(d).(*cc.PointerType); ok {
			mt = pt.Elem()
		}
	} else {
		lv = ir.Clone(a.vals[d])
		mt = a.ccType(d)
		if !ir.IsLvalue(lv) {
			return nil, fmt.Errorf("operand %d is not an lvalue", d)
		}
	}
	// The size: the suffix, or the register's, or the memory's.
	size := in.size
	if size == 0 && (in.kind == asmXadd || in.kind == asmXchg || in.kind == asmCmpxchg) && isIntOrPtr(a.ccType(in.src.op)) {
		size = int(a.ccType(in.src.op).Size())
	}
	if size == 0 && in.kind == asmRMW && in.src.op >= 0 && asmClass(a.ops, in.src.op) == classReg && !isAsmConst(a.vals[in.src.op]) && isIntOrPtr(a.ccType(in.src.op)) {
		size = int(a.ccType(in.src.op).Size())
	}
	if size == 0 && isIntOrPtr(mt) {
		size = int(mt.Size())
	}
	if size != 1 && size != 2 && size != 4 && size != 8 {
		return nil, fmt.Errorf("operand size unknown")
	}
	// A register operand must have the instruction's size, and that of
	// its modifier.
	if in.kind == asmXadd || in.kind == asmXchg || in.kind == asmCmpxchg {
		if t := a.ccType(in.src.op); !isIntOrPtr(t) || int(t.Size()) != size || in.src.mod != 0 && in.src.mod != size {
			return nil, fmt.Errorf("register operand %d is not of %d bytes", in.src.op, size)
		}
	}
	if in.src.op >= 0 && in.src.mod != 0 {
		if t := a.ccType(in.src.op); !isIntOrPtr(t) || int(t.Size()) != in.src.mod {
			return nil, fmt.Errorf("operand %d is not of the %d bytes its modifier names", in.src.op, in.src.mod)
		}
	}
	if !isIntOrPtr(mt) || int(mt.Size()) != size {
		lv = &ir.Unary{Op: ir.Deref, X: &ir.Cast{X: addr(lv), T: &ir.Pointer{Elem: sizedInt(size)}}, T: sizedInt(size)}
	}
	t := lv.Type()
	src := func() (ir.Expr, error) {
		if in.src.op < 0 {
			return ir.Lit(in.src.imm, t), nil
		}
		v := a.valIn(in.src.op)
		if v == nil {
			return nil, fmt.Errorf("operand %d is read before it is set", in.src.op)
		}
		if ir.Identical(v.Type(), t) {
			return v, nil
		}
		return &ir.Cast{X: v, T: t}, nil
	}
	order := ir.IntConst(5) // __ATOMIC_SEQ_CST
	switch in.kind {
	case asmRMW:
		v, err := src()
		if err != nil {
			return nil, err
		}
		if !in.locked {
			// A plain read-modify-write, not atomic. A register
			// destination starts from the operand's input value and ends
			// in its output.
			in0, out := ir.Expr(ir.Clone(lv)), lv
			if !in.dst.indirect && asmClass(a.ops, d) != classMem {
				in0, out = a.valIn(d), a.lvOut(d)
				if in0 == nil || out == nil {
					return nil, fmt.Errorf("register operand %d is not both read and written", d)
				}
				if !ir.Identical(in0.Type(), t) {
					in0 = &ir.Cast{X: in0, T: t}
				}
			}
			a.set(out, ir.Bin(in.arith, in0, v, t))
			return a.out, nil
		}
		if in.flag.cond == "" {
			a.exec(a.call("__atomic_fetch_"+asmOpName[in.arith], t, addr(lv), v, order))
			return a.out, nil
		}
		nv := a.temp(t, a.call("__atomic_"+asmOpName[in.arith]+"_fetch", t, addr(lv), v, order))
		var c ir.Expr
		switch in.flag.cond {
		case "e":
			c = ir.Bin(ir.Eq, ir.Ref(nv), ir.Lit(0, t), ir.IntType)
		case "ne":
			c = ir.Bin(ir.Ne, ir.Ref(nv), ir.Lit(0, t), ir.IntType)
		case "s":
			c = ir.Bin(ir.Lt, &ir.Cast{X: ir.Ref(nv), T: signedInt(size)}, ir.IntConst(0), ir.IntType)
		}
		return a.out, a.setFlag(in.flag, c)
	case asmXadd, asmXchg:
		v, err := src()
		if err != nil {
			return nil, err
		}
		name := "__atomic_fetch_add"
		if in.kind == asmXchg {
			name = "__atomic_exchange_n"
		}
		out := a.lvOut(in.src.op)
		if out == nil {
			// The compiler takes the register to keep its value.
			return nil, fmt.Errorf("register operand %d is written but is not an output", in.src.op)
		}
		old := a.temp(t, a.call(name, t, addr(lv), v, order))
		a.set(out, ir.Ref(old))
		return a.out, nil
	case asmCmpxchg:
		accIn, accOut, err := asmAccumulator(a.ops)
		if err != nil {
			return nil, err
		}
		if accOut < 0 {
			// The compiler takes the accumulator to keep its value.
			return nil, fmt.Errorf("the accumulator is written but is not an output")
		}
		if t := a.ccType(accIn); !isIntOrPtr(t) || int(t.Size()) != size {
			return nil, fmt.Errorf("accumulator operand %d is not of %d bytes", accIn, size)
		}
		nv, err := src()
		if err != nil {
			return nil, err
		}
		ev := a.valIn(accIn)
		if ev == nil {
			return nil, fmt.Errorf("the accumulator is read before it is set")
		}
		expected := a.temp(t, ev)
		newv := a.temp(t, nv)
		old := a.temp(t, a.call("__sync_val_compare_and_swap", t, addr(lv), ir.Ref(expected), ir.Ref(newv)))
		a.set(a.lvOut(accOut), ir.Ref(old))
		if in.flag.cond != "" {
			op := ir.Eq
			if in.flag.cond == "ne" {
				op = ir.Ne
			}
			return a.out, a.setFlag(in.flag, ir.Bin(op, ir.Ref(old), ir.Ref(expected), ir.IntType))
		}
		return a.out, nil
	case asmBit:
		bits := int64(size * 8)
		shift := map[int64]int64{8: 3, 16: 4, 32: 5, 64: 6}[bits]
		elem := lv
		var pos ir.Expr
		if in.src.op < 0 {
			pos = ir.Lit(in.src.imm&(bits-1), t)
		} else {
			n := a.valIn(in.src.op)
			if n == nil || !ir.IsInteger(n.Type()) {
				return nil, fmt.Errorf("bit offset operand %d", in.src.op)
			}
			nt := a.temp(llType, n)
			// The bit string: word n >> shift, bit n & (bits-1).
			elem = &ir.Index{X: &ir.Cast{X: addr(lv), T: &ir.Pointer{Elem: t}},
				I: ir.Bin(ir.Shr, ir.Ref(nt), ir.Lit(shift, llType), llType), T: t}
			pos = &ir.Cast{X: ir.Bin(ir.And, ir.Ref(nt), ir.Lit(bits-1, llType), llType), T: t}
		}
		mask := a.temp(t, ir.Bin(ir.Shl, ir.Lit(1, t), pos, t))
		var arg ir.Expr = ir.Ref(mask)
		if in.arith == ir.And {
			arg = &ir.Unary{Op: ir.BitNot, X: ir.Ref(mask), T: t}
		}
		call := a.call("__atomic_fetch_"+asmOpName[in.arith], t, addr(elem), arg, order)
		if in.flag.cond == "" {
			a.exec(call)
			return a.out, nil
		}
		old := a.temp(t, call)
		set := ir.Bin(ir.Ne, ir.Bin(ir.And, ir.Ref(old), ir.Ref(mask), t), ir.Lit(0, t), ir.IntType)
		return a.out, a.setFlag(in.flag, set)
	}
	return nil, fmt.Errorf("not recognised")
}

// portIO lowers in and out: the port (and out's value) are read; in's
// output gets a nondeterministic value of the instruction's size.
func (a *asmLowering) portIO(in asmInsn) ([]ir.Stmt, error) {
	v := in.dst.op
	size := in.size
	if size == 0 && isIntOrPtr(a.ccType(v)) {
		size = int(a.ccType(v).Size())
	}
	if size != 1 && size != 2 && size != 4 {
		return nil, fmt.Errorf("operand size unknown")
	}
	if t := a.ccType(v); !isIntOrPtr(t) || int(t.Size()) < size {
		return nil, fmt.Errorf("operand %d is not an integer of %d bytes", v, size)
	}
	read := func(i int) error {
		x := a.valIn(i)
		if x == nil {
			return fmt.Errorf("operand %d is read before it is set", i)
		}
		if !isAsmConst(x) {
			a.exec(x)
		}
		return nil
	}
	if in.src.op >= 0 {
		if err := read(in.src.op); err != nil {
			return nil, err
		}
	}
	if in.kind == asmOut {
		return a.out, read(v)
	}
	out := a.lvOut(v)
	if out == nil {
		return nil, fmt.Errorf("operand %d is written but is not an output", v)
	}
	name := map[int]string{1: "__VERIFIER_nondet_uchar", 2: "__VERIFIER_nondet_ushort", 4: "__VERIFIER_nondet_uint"}[size]
	a.set(out, a.call(name, sizedInt(size)))
	return a.out, nil
}

// indirectCall lowers call *%cN: the function whose address is stored at
// operand N's constant address &X is called, (*X)(), its result stored
// to the "=a" output if there is one.
func (a *asmLowering) indirectCall(in asmInsn) ([]ir.Stmt, error) {
	p := ir.Uncast(a.vals[in.src.op])
	at, ok := p.(*ir.Unary)
	if !ok || at.Op != ir.Addr || !ir.IsPointer(p.Type()) {
		return nil, fmt.Errorf("operand %d is not the address of a variable", in.src.op)
	}
	if pt := ir.Elem(p.Type()); !ir.IsPointer(pt) {
		return nil, fmt.Errorf("operand %d is not the address of a pointer", in.src.op)
	}
	result := ir.Type(ir.VoidType)
	var out ir.Expr
	if in.dst.op >= 0 {
		if out = a.lvOut(in.dst.op); out == nil || !isIntOrPtr(a.ccType(in.dst.op)) {
			return nil, fmt.Errorf("output %d is not an integer", in.dst.op)
		}
		result = out.Type()
	}
	fn := &ir.Cast{X: ir.Clone(at.X), T: &ir.Pointer{Elem: &ir.Func{Result: result}}, P: a.loc.Pos}
	call := &ir.Call{Fn: fn, T: result, P: a.loc.Pos}
	if out == nil {
		a.exec(call)
	} else {
		a.set(out, call)
	}
	return a.out, nil
}

// isAsmConst reports whether e is an integer constant.
func isAsmConst(e ir.Expr) bool { _, ok := ir.Uncast(e).(*ir.IntLit); return ok }

// asmOpName names the builtins' operations.
var asmOpName = map[ir.Op]string{ir.Add: "add", ir.Sub: "sub", ir.And: "and", ir.Or: "or", ir.Xor: "xor"}

// setFlag stores a flag result: setcc writes one byte, sbb r,r the
// register's size.
func (a *asmLowering) setFlag(f asmFlag, c ir.Expr) error {
	dst := a.lvOut(f.dst)
	if dst == nil {
		return fmt.Errorf("flag operand %d is not an output", f.dst)
	}
	t := a.ccType(f.dst)
	if !isIntOrPtr(t) || f.mod != 0 && int(t.Size()) != f.mod {
		return fmt.Errorf("flag operand %d is not an integer of its modifier's size", f.dst)
	}
	if f.cond == "sbb" {
		if f.size != 0 && int(t.Size()) != f.size {
			return fmt.Errorf("sbb operand %d is not of %d bytes", f.dst, f.size)
		}
		a.set(dst, &ir.Unary{Op: ir.Neg, X: &ir.Cast{X: c, T: dst.Type()}, T: dst.Type()})
		return nil
	}
	if t.Size() != 1 {
		return fmt.Errorf("setcc operand %d is not a byte", f.dst)
	}
	a.set(dst, c)
	return nil
}

// call returns a call of the gcc builtin name, of result type t.
func (a *asmLowering) call(name string, t ir.Type, args ...ir.Expr) *ir.Call {
	l := a.l
	f := l.funcs[name]
	if f == nil {
		f = &ir.Function{Name: name, Type: &ir.Func{Result: t, NoProto: true}}
		l.funcs[name] = f
		l.prog.Funcs = append(l.prog.Funcs, f)
	}
	return &ir.Call{Fn: &ir.FuncRef{Fn: f, P: a.loc.Pos}, Args: args, T: t, P: a.loc.Pos}
}

func (a *asmLowering) exec(x ir.Expr) { a.out = append(a.out, &ir.ExprStmt{Loc: a.loc, X: x}) }
