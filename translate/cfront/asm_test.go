package cfront

import (
	"strings"
	"testing"

	"github.com/ladr-dev/ladr/translate/ir"
)

// asmOps builds an operand list: outputs, then "|", then inputs; a
// constraint may start with [name].
func asmOps(spec ...string) []asmOperand {
	ops := []asmOperand{}
	output := true
	for _, s := range spec {
		if s == "|" {
			output = false
			continue
		}
		o := asmOperand{constraint: s, output: output}
		if strings.HasPrefix(s, "[") {
			i := strings.IndexByte(s, ']')
			o.name, o.constraint = s[1:i], s[i+1:]
		}
		ops = append(ops, o)
	}
	return ops
}

func TestRecogniseAsm(t *testing.T) {
	imm := func(v int64) asmSrc { return asmSrc{op: -1, imm: v} }
	op := func(i int) asmSrc { return asmSrc{op: i} }
	mem := func(i int) asmLoc { return asmLoc{op: i} }
	ind := func(i int) asmLoc { return asmLoc{op: i, indirect: true} }
	tests := []struct {
		name string
		tmpl string
		ops  []asmOperand
		want asmInsn
		err  string // the error must contain this; "" when recognised
	}{
		// Increments and decrements, with every spelling of the prefix.
		{"lock; incl", "lock; incl %0", asmOps("+m"), asmInsn{kind: asmRMW, locked: true, arith: ir.Add, size: 4, dst: mem(0), src: imm(1)}, ""},
		{"lock incl", "lock incl %0", asmOps("+m"), asmInsn{kind: asmRMW, locked: true, arith: ir.Add, size: 4, dst: mem(0), src: imm(1)}, ""},
		{"lock ; incl", "lock ; incl %0", asmOps("+m"), asmInsn{kind: asmRMW, locked: true, arith: ir.Add, size: 4, dst: mem(0), src: imm(1)}, ""},
		{"lock newline tab", "lock\n\tincl %0", asmOps("+m"), asmInsn{kind: asmRMW, locked: true, arith: ir.Add, size: 4, dst: mem(0), src: imm(1)}, ""},
		{"lock tab", "lock\tincq\t%0", asmOps("+m"), asmInsn{kind: asmRMW, locked: true, arith: ir.Add, size: 8, dst: mem(0), src: imm(1)}, ""},
		{"upper case", "LOCK; INCL %0", asmOps("+m"), asmInsn{kind: asmRMW, locked: true, arith: ir.Add, size: 4, dst: mem(0), src: imm(1)}, ""},
		{"comment", "lock; incl %0 # count", asmOps("+m"), asmInsn{kind: asmRMW, locked: true, arith: ir.Add, size: 4, dst: mem(0), src: imm(1)}, ""},
		{"no suffix", "lock; inc %0", asmOps("+m"), asmInsn{kind: asmRMW, locked: true, arith: ir.Add, dst: mem(0), src: imm(1)}, ""},
		{"decw", "lock; decw %0", asmOps("=m", "|", "m"), asmInsn{kind: asmRMW, locked: true, arith: ir.Sub, size: 2, dst: mem(0), src: imm(1)}, ""},
		{"decb", "lock; decb %0", asmOps("+m"), asmInsn{kind: asmRMW, locked: true, arith: ir.Sub, size: 1, dst: mem(0), src: imm(1)}, ""},
		{"indirect", "lock ; incl (%0)", asmOps("|", "r"), asmInsn{kind: asmRMW, locked: true, arith: ir.Add, size: 4, dst: ind(0), src: imm(1)}, ""},
		{"indirect displacement 0", "lock ; incl 0(%0)", asmOps("|", "r"), asmInsn{kind: asmRMW, locked: true, arith: ir.Add, size: 4, dst: ind(0), src: imm(1)}, ""},
		{"named", "lock; incl %[v]", asmOps("[v]+m"), asmInsn{kind: asmRMW, locked: true, arith: ir.Add, size: 4, dst: mem(0), src: imm(1)}, ""},
		{"plain incl", "incl %0", asmOps("+m"), asmInsn{kind: asmRMW, arith: ir.Add, size: 4, dst: mem(0), src: imm(1)}, ""},
		{"plain incl register", "incl %0", asmOps("+r"), asmInsn{kind: asmRMW, arith: ir.Add, size: 4, dst: mem(0), src: imm(1)}, ""},
		// Two-operand arithmetic.
		{"addl register", "lock; addl %1,%0", asmOps("+m", "|", "ir"), asmInsn{kind: asmRMW, locked: true, arith: ir.Add, size: 4, dst: mem(0), src: op(1)}, ""},
		{"addl immediate", "lock; addl $5, %0", asmOps("+m"), asmInsn{kind: asmRMW, locked: true, arith: ir.Add, size: 4, dst: mem(0), src: imm(5)}, ""},
		{"subq", "lock; subq %1,%0", asmOps("=m", "|", "er", "m"), asmInsn{kind: asmRMW, locked: true, arith: ir.Sub, size: 8, dst: mem(0), src: op(1)}, ""},
		{"orl", "lock; orl %1,%0", asmOps("+m", "|", "r"), asmInsn{kind: asmRMW, locked: true, arith: ir.Or, size: 4, dst: mem(0), src: op(1)}, ""},
		{"andb", "lock; andb %1,%0", asmOps("+m", "|", "iq"), asmInsn{kind: asmRMW, locked: true, arith: ir.And, size: 1, dst: mem(0), src: op(1)}, ""},
		{"xorl hex", "lock; xorl $0x10,%0", asmOps("+m"), asmInsn{kind: asmRMW, locked: true, arith: ir.Xor, size: 4, dst: mem(0), src: imm(16)}, ""},
		{"dec and test", "lock; decl %0; sete %1", asmOps("+m", "=qm"), asmInsn{kind: asmRMW, locked: true, arith: ir.Sub, size: 4, dst: mem(0), src: imm(1), flag: asmFlag{cond: "e", dst: 1}}, ""},
		{"add negative", "lock; addl %2,%0; sets %1", asmOps("+m", "=qm", "|", "ir"), asmInsn{kind: asmRMW, locked: true, arith: ir.Add, size: 4, dst: mem(0), src: op(2), flag: asmFlag{cond: "s", dst: 1}}, ""},
		// xadd, xchg, cmpxchg.
		{"xaddl", "lock; xaddl %0,%1", asmOps("=r", "=m", "|", "0", "m"), asmInsn{kind: asmXadd, locked: true, arith: ir.Add, size: 4, dst: mem(1), src: op(0)}, ""},
		{"xadd plus", "lock xadd %0, %1", asmOps("+r", "+m"), asmInsn{kind: asmXadd, locked: true, arith: ir.Add, dst: mem(1), src: op(0)}, ""},
		{"xadd indirect", "lock; xaddl %0, (%1)", asmOps("=r", "|", "r", "0"), asmInsn{kind: asmXadd, locked: true, arith: ir.Add, size: 4, dst: ind(1), src: op(0)}, ""},
		{"xadd accumulator", "lock\n\txadd %2,%1\n\t", asmOps("=a", "|", "m", "a"), asmInsn{kind: asmXadd, locked: true, arith: ir.Add, dst: mem(1), src: op(2)}, ""},
		{"cmpxchg sete to the accumulator", "lock;    cmpxchgl  %3, %1;       sete      %0;       ", asmOps("=a", "|", "m", "a", "r"),
			asmInsn{kind: asmCmpxchg, locked: true, size: 4, dst: mem(1), src: op(3), flag: asmFlag{cond: "e", dst: 0}}, ""},
		{"xchgl", "xchgl %0, %1", asmOps("+r", "|", "m"), asmInsn{kind: asmXchg, locked: true, size: 4, dst: mem(1), src: op(0)}, ""},
		{"xchg memory first", "xchg %1, %0", asmOps("=r", "+m", "|", "0"), asmInsn{kind: asmXchg, locked: true, dst: mem(1), src: op(0)}, ""},
		{"lock xchgl", "lock xchgl %0, %1", asmOps("+r", "|", "m"), asmInsn{kind: asmXchg, locked: true, size: 4, dst: mem(1), src: op(0)}, ""},
		{"xchgb", "xchgb %b0, %1", asmOps("=q", "+m", "|", "0"), asmInsn{kind: asmXchg, locked: true, size: 1, dst: mem(1), src: asmSrc{op: 0, mod: 1}}, ""},
		{"xchgq modifier", "xchgq %q0, %1\n", asmOps("+r", "+m"), asmInsn{kind: asmXchg, locked: true, size: 8, dst: mem(1), src: asmSrc{op: 0, mod: 8}}, ""},
		{"sete to a byte register", "lock; decl %0; sete %b1", asmOps("+m", "=q"), asmInsn{kind: asmRMW, locked: true, arith: ir.Sub, size: 4, dst: mem(0), src: imm(1), flag: asmFlag{cond: "e", dst: 1, mod: 1}}, ""},
		{"cmpxchgl", "lock; cmpxchgl %2,%1", asmOps("=a", "+m", "|", "r", "0"), asmInsn{kind: asmCmpxchg, locked: true, size: 4, dst: mem(1), src: op(2)}, ""},
		{"cmpxchg sete", "lock; cmpxchgl %3, %1\n\tsete %0", asmOps("=q", "+m", "+a", "|", "r"), asmInsn{kind: asmCmpxchg, locked: true, size: 4, dst: mem(1), src: op(3), flag: asmFlag{cond: "e", dst: 0}}, ""},
		{"cmpxchg named", "lock; cmpxchgq %[new], %[mem]", asmOps("=a", "[mem]+m", "|", "[new]r", "0"), asmInsn{kind: asmCmpxchg, locked: true, size: 8, dst: mem(1), src: op(2)}, ""},
		// Bit instructions.
		{"btsl sbb", "lock; btsl %2,%1\n\tsbbl %0,%0", asmOps("=r", "+m", "|", "Ir"), asmInsn{kind: asmBit, locked: true, arith: ir.Or, size: 4, dst: mem(1), src: op(2), flag: asmFlag{cond: "sbb", dst: 0, size: 4}}, ""},
		{"btr setc", "lock; btrq %2,%1; setc %0", asmOps("=qm", "+m", "|", "Jr"), asmInsn{kind: asmBit, locked: true, arith: ir.And, size: 8, dst: mem(1), src: op(2), flag: asmFlag{cond: "c", dst: 0}}, ""},
		{"bts immediate", "lock; btsl $3,%0", asmOps("+m"), asmInsn{kind: asmBit, locked: true, arith: ir.Or, size: 4, dst: mem(0), src: imm(3)}, ""},
		{"btc", "lock; btcl %1,%0", asmOps("+m", "|", "Ir"), asmInsn{kind: asmBit, locked: true, arith: ir.Xor, size: 4, dst: mem(0), src: op(1)}, ""},
		// Barriers.
		{"empty", "", nil, asmInsn{kind: asmNoOp}, ""},
		{"mfence", "mfence", nil, asmInsn{kind: asmNoOp}, ""},
		{"lfence sfence", "lfence; sfence", nil, asmInsn{kind: asmNoOp}, ""},
		{"pause", "pause", nil, asmInsn{kind: asmNoOp}, ""},
		{"rep; nop", "rep; nop", nil, asmInsn{kind: asmNoOp}, ""},
		{"rep nop", "rep nop", nil, asmInsn{kind: asmNoOp}, ""},
		{"stack fence", "lock; addl $0,0(%%esp)", asmOps(), asmInsn{kind: asmNoOp}, ""},
		{"stack fence 64", "lock; orq $0,(%%rsp)", asmOps(), asmInsn{kind: asmNoOp}, ""},
		{"fence before the atomic", "mfence\n\tlock; incl %0", asmOps("+m"), asmInsn{kind: asmRMW, locked: true, arith: ir.Add, size: 4, dst: mem(0), src: imm(1)}, ""},

		{"smp_locks prefix", ".section .smp_locks,\"a\"\n .balign 4 \n .quad 661f\n.previous\n661:\n\tlock; addl %1,%0", asmOps("=m", "|", "ir", "m"),
			asmInsn{kind: asmRMW, locked: true, arith: ir.Add, size: 4, dst: mem(0), src: op(1)}, ""},
		{"pushsection prefix", ".pushsection .smp_locks,\"a\"\n.balign 4\n.long 671f - .\n.popsection\n671:\n\tlock; incl %0", asmOps("+m"),
			asmInsn{kind: asmRMW, locked: true, arith: ir.Add, size: 4, dst: mem(0), src: imm(1)}, ""},
		{"plain incq on g", "incq %0;", asmOps("+g", "+g"), asmInsn{kind: asmRMW, arith: ir.Add, size: 8, dst: mem(0), src: imm(1)}, ""},

		// Rejected: other instructions, shapes and prefixes.
		{"text section", ".section .text\n\tlock; incl %0\n.previous", asmOps("+m"), asmInsn{}, "directive"},
		{"data directive", ".byte 0x0f, 0x0b", nil, asmInsn{}, "directive"},
		{"open section", ".pushsection .foo\nlock; incl %0", asmOps("+m"), asmInsn{}, "in another section"},
		{"lock on g", "lock; incl %0", asmOps("+g"), asmInsn{}, "destination"},
		{"movl store", "movl %1, %0", asmOps("=m", "|", "r"), asmInsn{kind: asmMov, size: 4, dst: mem(0), src: op(1)}, ""},
		{"movl load", "movl %1,%0", asmOps("=r", "|", "m"), asmInsn{kind: asmMov, size: 4, dst: mem(0), src: op(1)}, ""},
		{"movl to an input memory operand", "movl %0,%1", asmOps("|", "r", "m"), asmInsn{kind: asmMov, size: 4, dst: mem(1), src: op(0)}, ""},
		{"mov indirect", "movl %1, (%0)", asmOps("|", "r", "r"), asmInsn{}, "destination operand"},
		// Port I/O (Linux's inb and outb).
		{"inb", "inb %w1, %b0", asmOps("=a", "|", "Nd"), asmInsn{kind: asmIn, size: 1, dst: mem(0), src: asmSrc{op: 1, mod: 2}}, ""},
		{"outb", "outb %b0, %w1", asmOps("|", "a", "Nd"), asmInsn{kind: asmOut, size: 1, dst: mem(0), src: asmSrc{op: 1, mod: 2}}, ""},
		{"outb immediate port", "outb %b0, $0x80", asmOps("|", "a"), asmInsn{kind: asmOut, size: 1, dst: mem(0), src: imm(0x80)}, ""},
		{"inl no modifiers", "inl %1, %0", asmOps("=a", "|", "d"), asmInsn{kind: asmIn, size: 4, dst: mem(0), src: op(1)}, ""},
		{"in to memory", "inb %w1, %0", asmOps("=m", "|", "Nd"), asmInsn{}, "operands"},
		{"locked out", "lock; outb %b0, %w1", asmOps("|", "a", "Nd"), asmInsn{}, "lock prefix"},
		{"inw into a byte", "inw %w1, %b0", asmOps("=a", "|", "Nd"), asmInsn{}, "operand size"},
		{"insb", "rep; insb", nil, asmInsn{}, "rep prefix"},
		// Linux's BUG(): ud2 with its table entry in another section.
		{"ud2", "ud2", nil, asmInsn{kind: asmTrap}, ""},
		{"linux BUG", "1:\tud2\n.pushsection __bug_table,\"a\"\n2:\t.long 1b - 2b, %c0 - 2b\n\t.word %c1, 0\n\t.org 2b+%c2\n.popsection", asmOps("|", "i", "i", "i"), asmInsn{kind: asmTrap}, ""},
		// Linux's paravirtualized operations: a call through a pointer.
		{"paravirt call", "771:\n\tcall *%c2;\n772:\n.pushsection .parainstructions,\"a\"\n .balign 8 \n .quad  771b\n  .byte %c1\n  .byte 772b-771b\n  .short %c3\n.popsection\n",
			asmOps("=a", "|", "[paravirt_typenum]i", "[paravirt_opptr]i", "[paravirt_clobber]i"), asmInsn{kind: asmCall, dst: mem(0), src: op(2)}, ""},
		{"paravirt call by name", "call *%c[op]", asmOps("|", "[op]i"), asmInsn{kind: asmCall, dst: mem(-1), src: op(0)}, ""},
		{"call with a register argument", "call *%c1", asmOps("=a", "|", "i", "D"), asmInsn{}, "register argument 2"},
		{"call with another output", "call *%c2", asmOps("=a", "=D", "|", "i"), asmInsn{}, "output 1"},
		{"direct call", "call foo", nil, asmInsn{}, "operand foo"},
		{"call through a register", "call *%0", asmOps("|", "r"), asmInsn{}, "operand *%0"},
		{"label and instruction", "1: lock; incl %0", asmOps("+m"), asmInsn{kind: asmRMW, locked: true, arith: ir.Add, size: 4, dst: mem(0), src: imm(1)}, ""},
		{"cpuid", "cpuid", nil, asmInsn{}, "instruction"},
		{"lock on register", "lock; incl %0", asmOps("+r"), asmInsn{}, "destination"},
		{"lock on rm", "lock; incl %0", asmOps("+rm"), asmInsn{}, "destination"},
		{"xadd without lock", "xaddl %0,%1", asmOps("+r", "+m"), asmInsn{}, "not atomic"},
		{"cmpxchg without lock", "cmpxchgl %2,%1", asmOps("=a", "+m", "|", "r", "0"), asmInsn{}, "not atomic"},
		{"bts without lock", "btsl %1,%0", asmOps("+m", "|", "r"), asmInsn{}, "not atomic"},
		{"xchg of registers", "xchgl %0, %1", asmOps("+r", "+r"), asmInsn{}, "operands"},
		{"two atomics", "lock; incl %0; lock; incl %1", asmOps("+m", "+m"), asmInsn{}, "lock prefix"},
		{"three instructions", "lock; incl %0; sete %1; nop; movl %2, %2", asmOps("+m", "=q", "=r"), asmInsn{}, "3 instructions"},
		{"modifier on memory", "lock; incl %k0", asmOps("+m"), asmInsn{}, "destination"},
		{"high byte modifier", "xchgb %h0, %1", asmOps("+q", "+m"), asmInsn{}, "operand %h0"},
		{"displacement", "lock; incl 4(%0)", asmOps("|", "r"), asmInsn{}, "memory operand"},
		{"register memory", "lock; incl (%%eax)", asmOps(), asmInsn{}, "memory operand"},
		{"stack increment", "lock; addl $1,0(%%esp)", asmOps(), asmInsn{}, "destination"},
		{"operand out of range", "lock; incl %3", asmOps("+m"), asmInsn{}, "operand"},
		{"unknown name", "lock; incl %[w]", asmOps("[v]+m"), asmInsn{}, "no operand"},
		{"lock nop", "lock; nop", nil, asmInsn{}, "lock prefix"},
		{"dangling lock", "lock", nil, asmInsn{}, "prefix without"},
		{"rep movsb", "rep movsb", nil, asmInsn{}, "rep prefix"},
		{"sete after plain incl", "incl %0; sete %1", asmOps("+m", "=q"), asmInsn{}, "after this instruction"},
		{"setc after add", "lock; addl $1,%0; setc %1", asmOps("+m", "=q"), asmInsn{}, "after this instruction"},
		{"sete after xadd", "lock; xaddl %0,%1; sete %2", asmOps("+r", "+m", "=q"), asmInsn{}, "after this instruction"},
		{"sete to an input", "lock; decl %0; sete %1", asmOps("+m", "|", "q"), asmInsn{}, "operand"},
		{"sbb of two operands", "lock; btsl %2,%1; sbbl %0,%3", asmOps("=r", "+m", "|", "Ir", "r"), asmInsn{}, "after the atomic"},
		{"immediate garbage", "lock; addl $x,%0", asmOps("+m"), asmInsn{}, "immediate"},
		{"cmpxchg8b", "lock; cmpxchg8b %0", asmOps("+m"), asmInsn{}, "instruction"},
		{"basic asm operand", "lock; incl %0", nil, asmInsn{}, "operand"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			extended := tc.ops != nil
			got, err := recogniseAsm(tc.tmpl, tc.ops, extended)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("recogniseAsm(%q) = %+v, %v; want an error containing %q", tc.tmpl, got, err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("recogniseAsm(%q): %v", tc.tmpl, err)
			}
			if got != tc.want {
				t.Errorf("recogniseAsm(%q) =\n %+v, want\n %+v", tc.tmpl, got, tc.want)
			}
		})
	}
}

// TestRecogniseBasicAsm checks the templates of basic asm statements, in
// which % is a plain character.
func TestRecogniseBasicAsm(t *testing.T) {
	for _, tmpl := range []string{"mfence", "lock; addl $0,0(%esp)", "lock; addl $0,(%rsp)", "rep; nop", "nop"} {
		if in, err := recogniseAsm(tmpl, nil, false); err != nil || in.kind != asmNoOp {
			t.Errorf("basic asm %q = %+v, %v; want a no-op", tmpl, in, err)
		}
	}
	if _, err := recogniseAsm("lock; addl $0,0(%%esp)", nil, false); err == nil {
		t.Errorf("basic asm with %%%% is recognised")
	}
}

// TestLowerAsm checks what recognised asm statements become, and that the
// ones whose operands do not fit stay unsupported.
func TestLowerAsm(t *testing.T) {
	tests := []struct {
		name, stmt string
		want       []string // in the printed function, in order
	}{
		{"lock incl", `__asm__ __volatile__("lock; incl %0" : "+m"(x) : : "memory");`, []string{"__atomic_fetch_add(&x, 1, 5);"}},
		{"indirect", `__asm__ __volatile__("lock ; incl (%0)" : : "r"(&x) : "memory", "cc");`, []string{"__atomic_fetch_add(&x, 1, 5);"}},
		{"plain incl", `__asm__ __volatile__("incl %0" : "+m"(x));`, []string{"x = x + 1;"}},
		{"xadd", `asm volatile("lock; xaddl %0,%1" : "=r"(v), "=m"(*p) : "0"(v), "m"(*p));`,
			[]string{"__ladr_t1 = __atomic_fetch_add(p, v, 5);", "v = __ladr_t1;"}},
		{"xchg", `__asm__ __volatile__("xchgl %0, %1" : "+r"(v) : "m"(x) : "memory", "cc");`,
			[]string{"__ladr_t1 = __atomic_exchange_n(&x, v, 5);", "v = __ladr_t1;"}},
		{"cmpxchg", `__asm__ __volatile__("lock; cmpxchgl %2,%[m]" : "=a"(v), [m] "+m"(x) : "r"(w), "0"(1) : "memory");`,
			[]string{"__ladr_t1 = 1;", "__ladr_t2 = w;", "__ladr_t3 = __sync_val_compare_and_swap(&x, __ladr_t1, __ladr_t2);", "v = __ladr_t3;"}},
		{"dec and test", `__asm__ __volatile__("lock; decl %0; sete %1" : "+m"(x), "=qm"(c) : : "memory");`,
			[]string{"__ladr_t1 = __atomic_sub_fetch(&x, 1, 5);", "c = (unsigned char)(__ladr_t1 == 0);"}},
		{"bts sbb", `__asm__ __volatile__("lock; btsq %2,%1\n\tsbbq %0,%0" : "=r"(y), "+m"(*bits) : "Ir"(y) : "memory");`,
			[]string{"__atomic_fetch_or(&((unsigned long *)bits)[__ladr_t1 >> 6LL], __ladr_t2, 5);", "y = -(long)"}},
		{"struct counter", `__asm__ __volatile__("lock; incl %0" : "+m"(s));`, []string{"__atomic_fetch_add((unsigned int *)&s, 1U, 5);"}},
		{"barrier", `__asm__ __volatile__("" ::: "memory"); x = 1;`, []string{"x = 1;"}},
		{"register input read", `__asm__ __volatile__("" : : "r"(x) : "cc", "memory");`, []string{"x;"}},
		{"value barrier", `__asm__ __volatile__("" : "+r"(v));`, []string{"v = v;"}},
		{"xadd accumulator", `asm volatile("lock\n\txadd %2,%1\n\t" : "=a"(v) : "m"(x), "a"(w));`,
			[]string{"__ladr_t1 = __atomic_fetch_add(&x, w, 5);", "v = __ladr_t1;"}},
		{"cmpxchg sete to the accumulator", `__asm__ volatile("lock; cmpxchgl %3, %1; sete %0;" : "=a"(c) : "m"(x), "a"(w), "r"(v) : "cc", "memory");`,
			[]string{"__sync_val_compare_and_swap(&x, __ladr_t1, __ladr_t2);", "c = (unsigned char)__ladr_t3;", "c = (unsigned char)(__ladr_t3 == __ladr_t1);"}},
		{"xadd with %z0", `asm volatile("lock; xadd%z0 %0,%1" : "=r"(v), "=m"(x) : "0"(v), "m"(x) : "memory", "cc");`,
			[]string{"__ladr_t1 = __atomic_fetch_add(&x, v, 5);", "v = __ladr_t1;"}},
		{"incq on g", `__asm__ __volatile__("incq %0;" : "+g"(y));`, []string{"y = y + 1L;"}},
		{"barrier of a constant g", `__asm__ __volatile__("" : : "g"(3) : "memory");`, []string{"void f(int v)\n{\n}"}},
		{"barrier of a variable g", `__asm__ __volatile__("" : : "g"(x) : "memory");`, []string{"unsupported", "may be accessed or not"}},
		{"barrier of a +g output", `__asm__ __volatile__("" : "+g"(x));`, []string{"unsupported", "may be accessed or not"}},
		{"lock prefix macro", "#define LOCK \"lock ; \"\n__asm__ __volatile__(LOCK \"xaddl %0, %1\\n\\t\" : \"+r\"(v), \"+m\"(x));",
			[]string{"__ladr_t1 = __atomic_fetch_add(&x, v, 5);", "v = __ladr_t1;"}},
		{"ud2", `__asm__ __volatile__("ud2"); x = 1;`, []string{"abort();", "x = 1;"}},
		{"paravirt call", `__asm__ volatile("call *%c1;" : "=a"(y) : [op] "i"(&ops.save_fl.func) : "memory", "cc");`,
			[]string{"y = ((long (*)(void))ops.save_fl.func)();"}},
		{"paravirt call without result", `__asm__ volatile("call *%c[op];" : : [op] "i"(&ops.save_fl.func) : "memory");`,
			[]string{"((void (*)(void))ops.save_fl.func)();"}},
		{"call through a constant", `__asm__ volatile("call *%c0;" : : "i"(0));`, []string{"unsupported", "not the address of a variable"}},
		{"call through an int", `__asm__ volatile("call *%c0;" : : "i"(&x));`, []string{"unsupported", "not the address of a pointer"}},
		{"inb", `__asm__ __volatile__("inb %w1, %b0" : "=a"(c) : "Nd"(w));`, []string{"w;", "c = __VERIFIER_nondet_uchar();"}},
		{"outb", `__asm__ __volatile__("outb %b0, %w1" : : "a"(c), "Nd"(w));`, []string{"w;", "c;"}},
		{"outb constant", `__asm__ __volatile__("outb %b0, %w1" : : "a"(c), "Nd"(0x80));`, []string{"c;"}},
		{"inl", `__asm__ __volatile__("inl %w1, %0" : "=a"(v) : "Nd"(w));`, []string{"v = (int)__VERIFIER_nondet_uint();"}},
		{"inl into a byte", `__asm__ __volatile__("inl %w1, %0" : "=a"(c) : "Nd"(w));`, []string{"unsupported", "not an integer of 4 bytes"}},
		{"in without output", `__asm__ __volatile__("inb %w0, %b1" : : "Nd"(w), "a"(c));`, []string{"unsupported", "written but is not an output"}},
		{"linux xchg q", `asm volatile ("" "xchg" "q %q0, %1\n" : "+r" (y), "+m" (*(long *)p) : : "memory", "cc");`,
			[]string{"__ladr_t1 = __atomic_exchange_n((long *)p, y, 5);", "y = __ladr_t1;"}},
		{"linux xchg b on a long", `asm volatile ("" "xchg" "b %b0, %1\n" : "+q" (y), "+m" (c) : : "memory", "cc");`, []string{"unsupported", "not of 1 bytes"}},
		{"plain add to a register", `__asm__("addl $2, %0" : "=r"(v) : "0"(w));`, []string{"v = w + 2;"}},
		{"plain add to an input register", `__asm__("addl $2, %0" : : "r"(w));`, []string{"unsupported", "not both read and written"}},
		// Not recognised, or operands that do not fit: unsupported.
		{"xchg to an input", `asm volatile("xchgl %0,%1" : : "r"(v), "m"(x) : "memory");`, []string{"unsupported", "register operand 0 is written but is not an output"}},
		{"cmpxchg accumulator input", `asm volatile("lock; cmpxchgl %3,%1; sete %0" : "=r"(c) : "m"(x), "a"(w), "q"(v) : "memory");`, []string{"unsupported", "accumulator is written"}},
		{"movl store", `__asm__ __volatile__("movl %1, %0" : "=m"(x) : "r"(v));`, []string{"x = v;"}},
		{"readl", `__asm__ volatile("movl %1,%0" : "=r"(v) : "m"(*(volatile int *)p) : "memory");`, []string{"v = *(int *)p;"}},
		{"writel", `__asm__ volatile("movl %0,%1" : : "r"(v), "m"(*(volatile int *)p) : "memory");`, []string{"*(int *)p = v;"}},
		{"movl immediate", `__asm__("movl $3, %0" : "=m"(x));`, []string{"x = (int)3U;"}},
		{"mov without suffix", `__asm__("mov %1, %0" : "=r"(y) : "m"(y));`, []string{"y = y;"}},
		{"movq into an int", `__asm__("movq %1, %0" : "=m"(x) : "r"(y));`, []string{"unsupported", "not an integer or pointer of 8 bytes"}},
		{"mov memory to memory", `__asm__("movl %1, %0" : "=m"(x) : "m"(w));`, []string{"unsupported", "two memory operands"}},
		{"mov to an input register", `__asm__("movl %1, %0" : : "r"(v), "m"(w));`, []string{"unsupported", "destination operand"}},
		{"lock mov", `__asm__("lock; movl %1, %0" : "=m"(x) : "r"(v));`, []string{"unsupported", "lock prefix"}},
		{"size mismatch", `__asm__ __volatile__("lock; xaddq %0,%1" : "+r"(v), "+m"(y));`, []string{"unsupported", "register operand 0 is not of 8 bytes"}},
		{"side effects", `__asm__ __volatile__("lock; incl %0" : "+m"(a[v++]));`, []string{"unsupported", "side effects"}},
		{"undefined output", `__asm__ __volatile__("" : "=r"(v));`, []string{"unsupported", "output 0 is not set"}},
		{"setcc to an int", `__asm__ __volatile__("lock; decl %0; sete %1" : "+m"(x), "=r"(v));`, []string{"unsupported", "not a byte"}},
		{"asm goto", `asm goto("lock; incl %0; jz %l1" : : "m"(x) : "memory" : out); out:;`, []string{"unsupported", "asm goto"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := "struct cnt { int counter; } s; int x, w, a[4]; long y; int *p; unsigned char c; unsigned long bits[4];\n" +
				"struct cs { void *func; }; extern struct { struct cs save_fl; } ops;\n" +
				"void f(int v) {\n" + tc.stmt + "\n}\n"
			prog := parseOK(t, src, LP64)
			text, _ := printProg(t, prog)
			i := strings.Index(text, "void f(int v)\n")
			if i < 0 {
				t.Fatalf("no f in\n%s", text)
			}
			text = text[i:]
			at := 0
			for _, w := range tc.want {
				j := strings.Index(text[at:], w)
				if j < 0 {
					t.Fatalf("no %q (in order) in\n%s", w, text)
				}
				at += j + len(w)
			}
			if strings.Contains(tc.want[0], "unsupported") != strings.Contains(text, "unsupported") {
				t.Errorf("unsupported statement where none is expected, or the reverse:\n%s", text)
			}
		})
	}
}
