package cfront

// corpus is a set of small C programs exercising the constructs the front
// end lowers and the printer must reproduce. Each must be accepted by gcc as
// it is; the round trip test checks that the printed lowering is accepted
// too (in both data models), and the fuzzers start from them.
//
// bug names a known defect the snippet reveals; such snippets are not used
// as fuzz seeds (a failing seed stops the fuzzer).
var corpus = []struct {
	name string
	src  string
	bug  string
	// lp64 marks programs that are valid in the LP64 model only.
	lp64 bool
}{
	{name: "precedence", src: `
int a = 1, b = 2, c = 3, *p = &a, arr[4];
int main(void) {
	int x;
	x = a - (b - c);
	x = (a - b) - c;
	x = -(-a);
	x = - -a + +(+b);
	x = *p++;
	x = (*p)++;
	x = ++*p;
	x = *++p;
	p = arr;
	x = a << b + c;
	x = (a << b) + c;
	x = a & b == c;
	x = (a & b) == c;
	x = a || b && c;
	x = (a || b) && c;
	x = a ? b : c ? a : b;
	x = (a ? b : c) ? a : b;
	x = a ? (b, c) : (c, b);
	x = (a = b) + (c = a);
	x = a = b = c;
	x += a -= b *= 2;
	x = ~!a;
	x = !~a;
	x = -(unsigned)a;
	x = (int)-a;
	x = sizeof a + sizeof(int) * 2;
	x = arr[a + 1] + (arr + 1)[0] + 1[arr];
	x = a % b / c * a;
	x = a % (b / c);
	return x;
}
`},
	{name: "declarators", src: `
int arr[3];
int (*pa)[3] = &arr;
int *ap[3] = { &arr[0], &arr[1], 0 };
int (*fp)(int, char *);
int (*fpa[2])(int, char *);
int (*(*pfr)(void))[3];
int inc(int x) { return x + 1; }
int (*get(int which))(int) { return which ? inc : 0; }
int (*(*tbl[2])(int))(int) = { get, get };
char *(*(*ppf)(int))[4];
void (*signal_like(int sig, void (*h)(int)))(int) { return h; }
int main(void) {
	int (*f)(int) = get(1);
	int (*(*g)(int))(int) = get;
	int (*m)[3] = pa;
	(void)signal_like(0, 0);
	return f(1) + g(1)(2) + (*m)[1] + tbl[0](1)(0) + *ap[0];
}
`},
	{name: "bitfields", src: `
struct BF {
	unsigned a : 3;
	signed b : 4;
	unsigned : 0;
	unsigned c : 1;
	int : 5;
	_Bool flag : 1;
	unsigned long long wide : 40;
};
struct BF g1 = { 1, -2, 1, 1, 12345 };
struct BF g2 = { .c = 1, .a = 7, .wide = 3 };
int main(void) {
	struct BF l = { .b = -1 };
	l.a = 5;
	l.c ^= 1;
	l.wide += l.a;
	return l.a + l.b + g1.c + g2.flag;
}
`},
	{name: "anonymous_members", src: `
struct V {
	int kind;
	union {
		int i;
		float f;
		struct { short lo, hi; };
	};
	struct { int x, y; };
};
struct V v1 = { 1, { .i = 2 }, { 3, 4 } };
struct V v2 = { .kind = 2, .f = 1.5f, .y = 7 };
struct V v3 = { .hi = 9, .x = 1 };
int main(void) {
	struct V l = { .lo = 1, .y = 2 };
	l.i = 3;
	l.x = l.hi;
	struct V *p = &l;
	return p->lo + p->y + v1.x + v2.y + v3.hi;
}
`},
	{name: "packed_aligned", src: `
struct __attribute__((packed)) P { char c; int i; long long l; };
struct A { char c; int i __attribute__((aligned(16))); } __attribute__((aligned(32)));
typedef struct { char a; short b; } __attribute__((packed)) TP;
struct P gp = { 'a', 1, 2 };
struct A ga;
TP gtp = { 1, 2 };
int main(void) {
	return gp.i + ga.i + gtp.b + (int)sizeof(struct P) + (int)_Alignof(struct A);
}
`},
	{name: "unions", src: `
union U { char c[8]; int i; double d; struct { int lo, hi; } s; };
union U u1 = { .d = 1.0 };
union U u2 = { { 'a', 'b' } };
union U u3 = { .s.hi = 3 };
union U ua[2] = { [1].i = 5, [0].s = { 1, 2 } };
int main(void) {
	union U l = { .i = -1 };
	l.s.lo = u3.s.hi;
	return l.c[0] + ua[1].i + u1.i + u2.c[1];
}
`},
	{name: "enums", src: `
enum Color { RED, GREEN = 5, BLUE, NEG = -3, BIG = 1 << 20 };
typedef enum { OFF, ON } Switch;
enum Color gc = BLUE;
int table[BLUE + 1];
int main(void) {
	enum Color c = GREEN;
	Switch s = ON;
	int x = RED + BLUE * 2 - NEG;
	switch (c) { case RED: x++; break; case GREEN: case BLUE: x--; break; default: break; }
	return x + s + (int)sizeof table + BIG;
}
`},
	{name: "typedefs", src: `
typedef int myint;
typedef myint *myintp;
typedef struct node { struct node *next; myint v; } node_t, *node_p;
typedef node_t N2;
typedef int arr3[3];
typedef int (*binop)(int, int);
static int add(int a, int b) { return a + b; }
node_t n1;
N2 n2;
arr3 xs = { 1, 2, 3 };
binop op = add;
int main(void) {
	node_p p = &n1;
	struct node *q = &n2;
	p->next = q;
	q->next = &n1;
	myintp ip = &p->v;
	return op(*ip, xs[2]) + q->next->v;
}
`},
	{name: "switch", src: `
int f(int x) {
	int r = 0;
	switch (x) {
	case 0:
		r = 1;
	case 1:
		r += 2;
		break;
	default:
		r = -1;
	case 5 ... 7:
		r *= 3;
		break;
	case 'a':
		switch (r) { case 0: return 9; default: break; }
		r = 4;
	}
	switch (x) default: r++;
	switch (x) { }
	for (int i = 0; i < 3; i++) {
		switch (i) { case 1: continue; case 2: break; }
		r++;
	}
	return r;
}
int main(void) { return f(3); }
`},
	{name: "loops", src: `
int main(void) {
	int s = 0, i, j;
	for (i = 0; i < 10; i++) {
		if (i == 3) continue;
		if (i == 8) break;
		s += i;
	}
	for (int k = 0, m = 5; k < m; k++, m--) s += k * m;
	for (;;) { if (s > 100) break; s += 7; }
	while (s > 50) s -= 3;
	do s++; while (s < 60);
	do { if (s & 1) continue; s += 2; } while (0);
	for (i = 0; i < 3; i++)
		for (j = 0; j < 3; j++) {
			if (j == i) continue;
			s ^= i * j;
		}
	while (1) { s--; if (s < 0) break; }
	for (; s < 5;) ;
	return s;
}
`},
	{name: "gotos", src: `
int main(void) {
	int x = 0;
	goto skip;
	x = 1;
skip:
	x += 2;
	if (x > 1) goto end;
	x = 5;
	{
	inner:
		x++;
		if (x < 3) goto inner;
	}
end:
	;
	goto last;
last:
	return x;
}
`},
	{name: "statement_expressions", src: `
#define MAX(a, b) ({ int _a = (a), _b = (b); _a > _b ? _a : _b; })
int g;
int main(void) {
	int x = MAX(3, g);
	int y = ({ int t = x * 2; t + 1; }) + ({ g++; g; });
	({ x++; });
	if (({ int q = y; q > 2; })) x = 0;
	return x + y;
}
`},
	{name: "compound_literal_struct", src: `
struct pt { int x, y; };
int sum(struct pt p) { return p.x + p.y; }
struct pt *gp = &(struct pt){ 1, 2 };
int main(void) {
	struct pt a = (struct pt){ .y = 3 };
	a = (struct pt){ a.y, a.x };
	return sum((struct pt){ 5, 6 }) + a.x + gp->y;
}
`},
	{name: "compound_literal_array", src: `
int main(void) {
	int *p = (int[]){ 1, 2, 3 };
	int n = ((int[3]){ 4, 5, 6 })[1];
	return p[2] + n;
}
`},
	{name: "strings", src: `
const char *s1 = "plain";
const char *s2 = "esc \" \\ \n \t \r \a \b \f \v \0 end";
const char *s3 = "hex \x41\x7f\xff oct \101\177\377";
const char *s4 = "concat" "enated" " strings";
const char *s5 = "trigraph ??= ??/ ?\?! ?";
char s6[] = "init";
char s7[8] = "pad";
char s8[3] = "abc";
char s9[2][4] = { "ab", "cd" };
int main(void) {
	char c = "xyz"[1];
	return s1[0] + s6[1] + s7[7] + s8[2] + s9[1][1] + c + (int)sizeof "abc";
}
`},
	{name: "wide_strings", src: `
__WCHAR_TYPE__ wl[] = L"wide";
int main(void) { return wl[2] + L'x'; }
`},
	{name: "wide_string_nonascii", src: `
__WCHAR_TYPE__ ws[] = L"\u00e9t\u00e9";
int main(void) { return ws[0] == 0xe9; }
`},
	{name: "char_constants", src: `
int main(void) {
	char a = 'a', q = '\'', bs = '\\', nl = '\n', nul = '\0', hx = '\x41', oc = '\101';
	int multi = '\x7f';
	unsigned char hi = '\xff';
	signed char neg = -128;
	return a + q + bs + nl + nul + hx + oc + multi + hi + neg;
}
`},
	{name: "integer_literals", src: `
int imin = -2147483647 - 1;
int imax = 2147483647;
unsigned umax = 4294967295u;
long lmin = -9223372036854775807L - 1;
long long llmin = -9223372036854775807LL - 1;
unsigned long long ullmax = 18446744073709551615ULL;
int hex = 0x7fffffff, oct = 0777, bin = 0b101;
unsigned short us = 65535;
short smin = -32768;
char cm = -128;
unsigned char ucm = 255;
_Bool bt = 1, bf = 0;
int main(void) {
	long long x = imin;
	x += (long long)umax * 2 + 0xffffffffffffffffULL;
	x = x / -1;
	x = -imin;
	return (int)x + us + smin + cm + ucm + bt + bf + hex + oct + bin;
}
`},
	{name: "float_literals", src: `
double d1 = 0.1, d2 = 1e300, d3 = 5e-324, d4 = -0.0, d5 = 1.0 / 3;
float f1 = 0.1f, f2 = 3.4028235e38f, f3 = 1e-45f;
long double ld = 1.5L;
double inf = __builtin_inf(), ninf = -__builtin_inf(), nan = __builtin_nan("");
double big = 1e308 * 10.0;
double hexf = 0x1.8p1;
int main(void) {
	double x = d1 * 2.5e-3 + f1 - (double)ld;
	float y = (float)x + 2.0f;
	x = x < 0 ? -x : x;
	return (int)(x + y + inf + ninf + nan + big + hexf + d2 + d3 + d4 + d5 + f2 + f3);
}
`},
	{name: "casts", src: `
int f(int x) { return x; }
int main(void) {
	long l = 5;
	int i = (int)l;
	char c = (char)300;
	unsigned char uc = (unsigned char)-1;
	void *vp = (void *)&i;
	int *ip = (int *)vp;
	long addr = (long)ip;
	void (*vf)(void) = (void (*)(void))f;
	int (*back)(int) = (int (*)(int))vf;
	(void)addr;
	(void)(i + 1);
	double d = (double)(float)i;
	_Bool b = (_Bool)l;
	return back(*ip) + c + uc + (int)d + b + (int)(unsigned short)-1;
}
`},
	{name: "sizeof_alignof", src: `
struct S { char c; double d; };
int main(void) {
	int a[10];
	struct S s;
	int x = sizeof a + sizeof(a) / sizeof(a[0]) + sizeof(struct S) + sizeof s.d;
	x += _Alignof(struct S) + __alignof__(double) + sizeof(int (*)[3]) + sizeof(int (*)(void));
	x += sizeof(x++);
	x += sizeof(char[7]) + sizeof "lit";
	return x;
}
`},
	{name: "conditionals", src: `
int g;
int main(void) {
	int a = 1, b = 0, x;
	if (a) if (b) x = 1; else x = 2; else x = 3;
	if ((x = a + b)) x++;
	if (x == 1 && (b = 2)) x--;
	x = a ? b ? 1 : 2 : 3;
	x = (a ? b : g) ? 4 : 5;
	x = a > b ? a : b;
	x = a ?: b;
	a ? (void)0 : (void)(g = 1);
	return x;
}
`},
	{name: "comma", src: `
int f(int a, int b) { return a - b; }
int main(void) {
	int a = 1, b = 2, c;
	c = (a++, b++);
	c = f((a, b), c);
	a = 1, b = 2, c = 3;
	for (a = 0, b = 10; a < b; a++, b--) c += (a, b);
	(void)(a, b);
	return c;
}
`},
	{name: "statics_and_func", src: `
int counter(void) {
	static int n;
	static int init = 42;
	static const char *name = __func__;
	n++;
	return n + init + name[0];
}
const char *whoami(void) { return __func__; }
int main(void) {
	static int calls[2] = { 1, 2 };
	calls[0] += counter();
	return calls[0] + whoami()[0] + __FUNCTION__[0];
}
`},
	{name: "global_initializers", src: `
int g = 3;
int *pg = &g;
int arr[5] = { 1, 2, [4] = 5 };
int *mid = &arr[2];
int *past = arr + 5;
const char *names[] = { "a", "bc", 0 };
struct S { int *p; const char *n; int v[2]; } ss[] = { { &g, "x", { 1 } }, { 0, 0, { 2, 3 } } };
int main(void);
int (*entry)(void) = main;
long cast_addr = (long)&g;
int main(void) { return *pg + *mid + (past - arr) + ss[1].v[1] + names[1][1]; }
`},
	{name: "function_pointer_table", src: `
static int add(int a, int b) { return a + b; }
static int sub(int a, int b) { return a - b; }
static int (*ops[])(int, int) = { add, sub };
struct vt { int (*op)(int, int); void (*done)(void); };
static void nothing(void) {}
struct vt v = { sub, nothing };
int apply(int (*f)(int, int), int x) { return f(x, 1) + (*f)(x, 2); }
int main(void) {
	int r = ops[0](1, 2) + (*ops[1])(3, 4) + apply(add, 5) + v.op(1, 1);
	v.done();
	(*v.done)();
	return r;
}
`},
	{name: "recursive_structs", src: `
struct B;
struct A { struct B *b; int x; };
struct B { struct A a; struct A *pa; };
struct list { struct list *next, *prev; struct A payload[2]; };
struct list head = { &head, &head };
int main(void) {
	struct B b;
	b.a.b = &b;
	b.pa = &b.a;
	return head.next->payload[1].x + b.pa->b->a.x;
}
`},
	{name: "variadic", src: `
int sum(int n, ...) {
	__builtin_va_list ap;
	__builtin_va_start(ap, n);
	int s = 0;
	for (int i = 0; i < n; i++) s += __builtin_va_arg(ap, int);
	__builtin_va_end(ap);
	return s;
}
int printf(const char *, ...);
int main(void) { printf("%d %s\n", 1, "x"); return sum(3, 1, 2, 3); }
`},
	{name: "knr_definition", src: `
int add(a, b)
	int a;
	long b;
{
	return a + b;
}
int main() { return add(1, 2); }
`},
	{name: "no_prototype_declaration", src: `
int f();
int main(void) { return f(1, 2); }
`},
	{name: "implicit_declaration", src: `
int main(void) { return undeclared(1, 2); }
`},
	{name: "bool_complex_int128", src: `
_Bool flag = 1;
__int128 big = 5;
unsigned __int128 ubig = 7;
_Complex double z;
int main(void) {
	__real__ z = 1.0;
	__imag__ z = 2.0;
	big = big * 3 - (__int128)ubig;
	_Bool b = !flag;
	return (int)big + b + (int)__real__ z;
}
`, lp64: true},
	{name: "qualifiers", src: `
_Thread_local int tls = 3;
static __thread int tls2;
_Atomic int at;
volatile int vol;
const int cst = 4;
int *restrict rp;
extern int ext;
int get(const int *restrict p, volatile int *q) { return *p + *q; }
int main(void) {
	register int r = 1;
	const volatile int cv = 2;
	at = at + 1;
	return get(&cst, &vol) + tls + tls2 + r + cv;
}
`},
	{name: "attributes", src: `
__attribute__((noreturn)) void die(void) { __builtin_trap(); }
_Noreturn void die2(void) { __builtin_unreachable(); }
static inline __attribute__((always_inline)) int sq(int x) { return x * x; }
__attribute__((unused)) static int unused_fn(void) { return 0; }
int main(void) {
	int x __attribute__((unused)) = sq(3);
	if (x > 100) die();
	if (x < 0) die2();
	return __builtin_expect(x, 9);
}
`},
	{name: "multidim_arrays", src: `
int grid[3][4] = { { 1 }, { 2, 3 }, [2][3] = 9 };
int sum(int rows, int m[][4]) {
	int s = 0;
	for (int i = 0; i < rows; i++)
		for (int j = 0; j < 4; j++) s += m[i][j];
	return s;
}
int first(int a[10]) { return a[0]; }
int main(void) {
	int (*row)[4] = grid + 1;
	int *cell = &grid[2][3];
	return sum(3, grid) + (*row)[1] + *cell + first(grid[0]);
}
`},
	{name: "shadowing", src: `
int x = 1;
int f(void) { return x; }
int g(int x) { return x + 1; }
int main(void) {
	int r = x;
	{ int x = 2; r += x; { int x = 3; r += x; } }
	{ int x = 4; r += x; }
	int f_ = f();
	int main_ = 0;
	for (int x = 0; x < 2; x++) r += x;
	return r + f_ + main_ + g(x);
}
`},
	{name: "generic_and_builtins", src: `
struct S { int a; char b[3]; double c; };
int main(void) {
	int i = 0;
	double d = 1.0;
	int k = _Generic(i, int: 1, double: 2, default: 3) + _Generic(d, int: 1, double: 2, default: 3);
	unsigned long off = __builtin_offsetof(struct S, c);
	int cp = __builtin_constant_p(k);
	return k + (int)off + cp + __builtin_expect(i == 0, 1);
}
`},
	{name: "macros", src: `
#define SWAP(a, b) do { int _t = (a); (a) = (b); (b) = _t; } while (0)
#define SQ(x) ((x) * (x))
#define STR(x) #x
#define CAT(a, b) a##b
int main(void) {
	int a = 1, b = 2, CAT(va, r) = 3;
	SWAP(a, b);
	return SQ(a + 1) + STR(hello)[0] + var;
}
`},
	{name: "empty_statements", src: `
int main(void) {
	;
	{}
	{ ; ; }
	if (1) ; else ;
	while (0) ;
	for (;0;) {}
	do ; while (0);
	goto l;
l:
	;
	return 0;
}
`},
	{name: "struct_values", src: `
struct P { int x, y; };
struct R { struct P a, b; };
struct P mk(int x, int y) { struct P p = { x, y }; return p; }
struct R box(struct P a, struct P b) { struct R r; r.a = a; r.b = b; return r; }
int main(void) {
	struct P p = mk(1, 2), q;
	q = p;
	struct R r = box(p, q);
	r.b = mk(3, 4);
	return r.a.x + r.b.y + mk(5, 6).x + box(p, q).b.y;
}
`},
	{name: "unsigned_promotions", src: `
int main(void) {
	unsigned char a = 200, b = 100;
	unsigned short s = 65535;
	unsigned u = 1;
	int r = a + b;
	r += (unsigned char)(a + b);
	r += s * s > 0;
	r += -u > 0;
	r += (a << 4) >> 2;
	r += ~a & 0xff;
	return r;
}
`},
	{name: "pthread_program", src: `
#include <pthread.h>
#include <assert.h>
int shared;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *worker(void *arg) {
	int *p = arg;
	pthread_mutex_lock(&m);
	shared += *p;
	pthread_mutex_unlock(&m);
	return 0;
}
int main(void) {
	pthread_t t[2];
	int args[2] = { 1, 2 };
	for (int i = 0; i < 2; i++) pthread_create(&t[i], 0, worker, &args[i]);
	for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
	assert(shared == 3);
	return 0;
}
`},
	{name: "svcomp_style", src: `
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "t.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); abort(); } } }
int main() {
	int x = __VERIFIER_nondet_int();
	__VERIFIER_assume(x > 0);
	__VERIFIER_atomic_begin();
	x++;
	__VERIFIER_atomic_end();
	__VERIFIER_assert(x > 1);
	return 0;
}
`},
	{name: "elvis", src: `
int f(int x) { int z = x ?: 2; return z ?: x; }
int main(void) { return f(0); }
`},
	{name: "vla", src: `
int main(void) {
	int n = 4;
	int a[n];
	a[0] = 1;
	return a[0] + (int)sizeof a;
}
`},
	{name: "labels_everywhere", src: `
int main(void) {
	int i = 0;
start:
	if (i) goto done;
	i++;
	{
	mid:
		i += 2;
	}
	if (i < 5) goto after;
after:
done:
	return i;
}
`},
	{name: "nested_designators", src: `
struct In { int a[3]; struct { char c; short s; } pair; };
struct Out { struct In in[2]; union { int i; char b[4]; } u; int tail; };
struct Out o1 = { .in[1].a[2] = 7, .in[0].pair.s = 3, .u.i = 1, .tail = 9 };
struct Out o2 = { { { { 1, 2, 3 }, { 'x', 4 } } }, { 5 }, 6 };
struct Out o3 = { .in = { [1] = { .pair = { .c = 'q' } } }, 8 };
int arr[10] = { [9] = 1, [2 ... 4] = 2, 3 };
int main(void) {
	struct Out l = { .in[0].a = { 1, [2] = 3 }, .u.i = -1 };
	return l.in[0].a[2] + o1.tail + o2.in[0].pair.s + o3.in[1].pair.c + arr[5];
}
`},
	{name: "block_scoped_types", src: `
struct S { int a; } g;
typedef int T;
int f(void) {
	struct S { long b; char c[2]; } l = { 1 };
	typedef double T;
	T d = 1.5;
	enum { LOCAL_ONE = 1 } e = LOCAL_ONE;
	l.b = (long)d + e;
	return (int)l.b;
}
int main(void) {
	struct S { char z; } m = { 'a' };
	T x = g.a;
	{ struct S { short q; } n = { 2 }; x += n.q; }
	return x + m.z + f();
}
`},
	{name: "name_collisions", src: `
int x = 1;
int helper(void) { return x; }
int main(void) {
	int r = x;
	{ int x = 2; r += x; }
	{ int x = 3; r += x; { int x = 4; r += x; } }
	int helper_ = helper();
	return r + helper_;
}
int use_int(int int_, int while_) { return int_ + while_; }
`},
	{name: "elvis_array_function", src: `
char buf[4];
int f(void) { return 0; }
int main(void) { char *p = buf ?: 0; int (*fp)(void) = f ?: 0; return p != 0 && fp != 0; }
`},
	{name: "union_array_member", src: `
union U { int i; char b[4]; };
union U u1 = { .b[3] = 1 };
union U u2 = { .b = { 1, 2 } };
int main(void) { union U l = { .b[1] = 2 }; return l.b[1] + u1.b[3] + u2.b[0]; }
`},
}
