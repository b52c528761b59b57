/* ladr explicit-state search runtime: runs a sequentialized program built
   with seq.Options.Explore and searches its executions depth-first.

   The program's main runs on a stack of its own. At a branch point (a
   visible label where the running context may end, a _Bool choice) the
   runtime saves the program's state (its globals, the heap arena, the used
   part of main's stack and the registers) and runs each alternative from
   it in turn, from the last to the first (a context goes on before it
   ends: long contexts first). At the start of each context the state (with the thread
   about to run) is hashed: a state seen before, at that thread's turn of
   the same or an earlier round, is not explored again. A nondet value of
   the program is one of 1, 0, 2 and -1 (a _Bool either), an uninitialized
   local is 0: the search covers only part of the program's behaviours, so
   it finds violations and never proves their absence.

   Output (stdout): "ladr-explore: violated: MSG" followed by one line
   "ladr-explore: choice FUNC BITS" per choice of the violating run, or
   "ladr-explore: done STATES RUNS" when the search ended without one, or
   "ladr-explore: full STATES" when the table of seen states filled up. */
/* No header is included (the program declares its own types and
   functions): the C library is reached through names of the runtime's own
   (asm labels) and gcc's builtins; executions switch with gcc's
   __builtin_setjmp and __builtin_longjmp. */
extern char __data_start[], _end[];
int main(void);
extern void *__ladr_ex_mmap(void *, unsigned long, int, int, int, long) __asm__("mmap");
extern long __ladr_ex_write(int, const void *, unsigned long) __asm__("write");
extern void __ladr_ex_exit(int) __asm__("_exit") __attribute__((noreturn));
extern void *__real_malloc(unsigned long);
extern void *__real_calloc(unsigned long, unsigned long);
extern void __real_free(void *);
struct __ladr_ex_sigaction { void (*handler)(int); unsigned long mask[16]; int flags; void (*restorer)(void); };
extern int __ladr_ex_sigaction(int, const struct __ladr_ex_sigaction *, void *) __asm__("sigaction");
#define __LADR_EX_SA_NODEFER 0x40000000
#define __LADR_EX_MMAP_FLAGS (0x02 | 0x20 | 0x4000) /* MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE */

/* __ladr_ex_say writes a line of the runtime's output. */
static void __ladr_ex_say(const char *fmt, ...) {
  char buf[4096];
  int n;
  __builtin_va_list ap;
  __builtin_va_start(ap, fmt);
  n = __builtin_vsnprintf(buf, sizeof buf, fmt, ap);
  __builtin_va_end(ap);
  if (n > (int)sizeof buf - 1)
    n = sizeof buf - 1;
  if (n > 0)
    __ladr_ex_write(1, buf, (unsigned long)n);
}

#define __LADR_EX_ARENA (1UL << 30)
#define __LADR_EX_MAXDEPTH 4096
#define __LADR_EX_MAXCH (1UL << 20)

struct __ladr_ex_frame {
  void *jb[5];
  unsigned char *glob, *stk, *heap;
  unsigned long stklen, heaplen, heapcap, nch;
  unsigned int cs, lb, size, ctx;
  int decided, inctx;
  int next; /* the next alternative to run, counting down to 0 */
};

struct __ladr_ex_choice { const char *fn; unsigned long long bits; };

struct __ladr_ex_rt {
  void *sched[5];
  unsigned char *top, *arena;
  unsigned long arena_used;
  struct __ladr_ex_frame *fr;
  int depth;
  int resume;
  int found;
  const char *msg;
  unsigned long states, runs, glen;
  struct __ladr_ex_choice *ch;
  unsigned long nch;
  unsigned long long *tab;
  unsigned short *round;
  unsigned long cap, filled;
  /* the running context: its choice is ch[ctx] (while inctx) */
  unsigned int cs, lb, size, ctx;
  int decided, inctx;
};
static struct __ladr_ex_rt *__ladr_ex;

static unsigned long long __ladr_ex_hash(unsigned long long h, const unsigned char *p, unsigned long n) {
  unsigned long i;
  for (i = 0; i + 8 <= n; i += 8) {
    unsigned long long w;
    __builtin_memcpy(&w, p + i, 8);
    h ^= w;
    h *= 0x100000001b3ULL;
    h ^= h >> 29;
  }
  for (; i < n; i++) {
    h ^= p[i];
    h *= 0x100000001b3ULL;
  }
  return h;
}

/* __ladr_ex_visit adds the state key, at the start of a context of round
   r, to the seen states: 1 when it is to be explored. A state seen at the
   same point of an earlier round (or this one) is not: its executions then
   had as many rounds left or more, so they covered these. */
static int __ladr_ex_visit(unsigned long long key, unsigned int r) {
  struct __ladr_ex_rt *x = __ladr_ex;
  unsigned long i;
  key |= 1; /* 0 marks a free slot */
  i = (unsigned long)((key * 0x9E3779B97F4A7C15ULL) >> 20) & (x->cap - 1);
  for (;;) {
    if (x->tab[i] == key) {
      if (x->round[i] <= r)
        return 0;
      x->round[i] = (unsigned short)r;
      return 1;
    }
    if (x->tab[i] == 0) {
      x->tab[i] = key;
      x->round[i] = (unsigned short)r;
      x->filled++;
      return 1;
    }
    i = (i + 1) & (x->cap - 1);
  }
}

static void __ladr_ex_record(const char *fn, unsigned long long bits) {
  struct __ladr_ex_rt *x = __ladr_ex;
  if (x->nch >= __LADR_EX_MAXCH) {
    __ladr_ex_say("ladr-explore: too many choices\n");
    __ladr_ex_exit(3);
  }
  x->ch[x->nch].fn = fn;
  x->ch[x->nch].bits = bits;
  x->nch++;
}

/* __ladr_ex_leave ends the running execution: back to the search. */
__attribute__((noinline, noreturn)) static void __ladr_ex_jump(void **jb) {
  __builtin_longjmp(jb, 1);
}
__attribute__((noreturn)) static void __ladr_ex_leave(void) {
  __ladr_ex_jump(__ladr_ex->sched);
}

/* __ladr_ex_branch returns one of 0..n-1, each in its own execution. */
static int __ladr_ex_branch(int n) {
  struct __ladr_ex_rt *x = __ladr_ex;
  volatile char here;
  struct __ladr_ex_frame *f;
  unsigned char *top = x->top;
  unsigned char *sp = (unsigned char *)&here - 512;
  if (x->depth >= __LADR_EX_MAXDEPTH) {
    __ladr_ex_say("ladr-explore: too deep\n");
    __ladr_ex_exit(3);
  }
  f = &x->fr[x->depth++];
  f->stklen = top - sp;
  if (!f->glob) {
    f->glob = __real_malloc(x->glen);
    f->stk = __real_malloc(256 << 10);
    if (!f->glob || !f->stk) {
      __ladr_ex_say("ladr-explore: out of memory\n");
      __ladr_ex_exit(3);
    }
  }
  if (f->stklen > (256 << 10)) {
    __ladr_ex_say("ladr-explore: stack too large\n");
    __ladr_ex_exit(3);
  }
  if (f->heapcap < x->arena_used) {
    __real_free(f->heap);
    f->heapcap = x->arena_used * 2;
    f->heap = __real_malloc(f->heapcap);
    if (!f->heap) {
      __ladr_ex_say("ladr-explore: out of memory\n");
      __ladr_ex_exit(3);
    }
  }
  __builtin_memcpy(f->glob, __data_start, x->glen);
  __builtin_memcpy(f->stk, sp, f->stklen);
  __builtin_memcpy(f->heap, x->arena, x->arena_used);
  f->heaplen = x->arena_used;
  f->nch = x->nch;
  f->cs = x->cs, f->lb = x->lb, f->size = x->size, f->ctx = x->ctx, f->decided = x->decided, f->inctx = x->inctx;
  f->next = n;
  /* The callers' registers: __builtin_longjmp restores the frame and
     stack pointers only, so this function saves every callee-saved
     register in its frame (the clobber), which the stack copy restores. */
#if defined(__x86_64__)
  __asm__ __volatile__("" ::: "rbx", "r12", "r13", "r14", "r15", "memory");
#elif defined(__aarch64__)
  __asm__ __volatile__("" ::: "x19", "x20", "x21", "x22", "x23", "x24", "x25", "x26", "x27", "x28", "memory");
#endif
  if (__builtin_setjmp(f->jb) == 0)
    __ladr_ex_leave(); /* saved: the search runs the alternatives */
  return __ladr_ex->resume;
}

/* The context-switch choices (seq.Options.Explore). */
unsigned int __ladr_ex_begin(unsigned int t, unsigned int r, unsigned int pc, unsigned int size) {
  struct __ladr_ex_rt *x = __ladr_ex;
  unsigned long long key = __ladr_ex_hash(0xcbf29ce484222325ULL ^ t, (const unsigned char *)__data_start, x->glen);
  key = __ladr_ex_hash(key, x->arena, x->arena_used);
  if (!__ladr_ex_visit(key, r))
    __ladr_ex_leave();
  x->states++;
  if (x->filled * 4 > x->cap * 3) {
    __ladr_ex_say("ladr-explore: full %lu\n", x->states);
    __ladr_ex_exit(0);
  }
  x->ctx = (unsigned int)x->nch;
  __ladr_ex_record("__VERIFIER_nondet_uint", size);
  x->decided = 0, x->lb = pc, x->size = size, x->cs = size, x->inctx = 1;
  return size;
}

int __ladr_ex_at(unsigned int j) {
  struct __ladr_ex_rt *x = __ladr_ex;
  if (x->decided)
    return j >= x->cs;
  if (j < x->lb || j >= x->size)
    return 0;
  if (__ladr_ex_branch(2) == 1)
    return 0; /* the context goes on (tried first) */
  x->decided = 1, x->cs = j;
  return 1;
}

void __ladr_ex_atleast(unsigned int j) {
  struct __ladr_ex_rt *x = __ladr_ex;
  if (x->decided) {
    if (x->cs < j)
      __ladr_ex_leave();
    return;
  }
  if (j > x->lb)
    x->lb = j;
}

unsigned int __ladr_ex_end(void) {
  struct __ladr_ex_rt *x = __ladr_ex;
  if (!x->decided)
    x->cs = x->size;
  x->ch[x->ctx].bits = x->cs;
  x->decided = 1, x->inctx = 0;
  return x->cs;
}

/* The dead locals (seq.ExploreLive, seq.ExploreZero): zeroed when the
   thread resumes outside their scope. */
int __ladr_ex_live(unsigned int lo, unsigned int hi) {
  struct __ladr_ex_rt *x = __ladr_ex;
  unsigned int at = x->decided ? x->cs : x->size;
  return lo <= at && at <= hi;
}
void __ladr_ex_zero(void *p, unsigned long n) { __builtin_memset(p, 0, n); }

/* Data choices: both values of a _Bool, 1, 0, 2 or -1 of another type. */
static void __ladr_rt_take(void *v, unsigned long size, const char *fn) {
  static const long long vals[] = {1, 0, 2, -1};
  unsigned long long bits;
  if (size == 1 && __builtin_strstr(fn, "bool"))
    bits = (unsigned long long)(1 - __ladr_ex_branch(2));
  else
    bits = (unsigned long long)vals[3 - __ladr_ex_branch(4)];
  __builtin_memset(v, 0, size);
  __builtin_memcpy(v, &bits, size < sizeof bits ? size : sizeof bits);
  __ladr_ex_record(fn, bits);
}

/* The value of an uninitialized local (seq.ExploreHavoc): 0, recorded as
   a choice of fn, the checker's program's nondet function. */
__attribute__((unused)) static void __ladr_ex_havoc(void *v, unsigned long size, const char *fn) {
  __builtin_memset(v, 0, size);
  __ladr_ex_record(fn, 0);
}

__attribute__((unused)) static void __ladr_rt_heap(void *p, unsigned long n) { (void)p, (void)n; }

void __CPROVER_assume(_Bool c) {
  if (!c)
    __ladr_ex_leave();
}

void __CPROVER_assert(_Bool c, const char *msg) {
  if (c)
    return;
  if (__ladr_ex->inctx) /* the running context's choice: where it ends */
    __ladr_ex->ch[__ladr_ex->ctx].bits = __ladr_ex->decided ? __ladr_ex->cs : __ladr_ex->size;
  __ladr_ex->found = 1;
  __ladr_ex->msg = msg;
  __ladr_ex_leave();
}

void __CPROVER_havoc_object(void *p) { (void)p; }

/* The heap is a bump arena inside the saved state; free keeps the block. */
void *__wrap_malloc(unsigned long n) {
  struct __ladr_ex_rt *x = __ladr_ex;
  unsigned long at = (x->arena_used + 15) & ~15UL;
  if (at + n + 16 > __LADR_EX_ARENA)
    return 0;
  *(unsigned long *)(x->arena + at) = n;
  x->arena_used = at + 16 + n;
  return x->arena + at + 16;
}
void *__wrap_calloc(unsigned long k, unsigned long n) {
  void *p;
  if (n && k > (unsigned long)-1 / n)
    return 0;
  p = __wrap_malloc(k * n);
  if (p)
    __builtin_memset(p, 0, k * n);
  return p;
}
void *__wrap_realloc(void *o, unsigned long n) {
  void *p = __wrap_malloc(n);
  if (p && o) {
    unsigned long m = *(unsigned long *)((unsigned char *)o - 16);
    __builtin_memcpy(p, o, m < n ? m : n);
  }
  return p;
}
void __wrap_free(void *p) { (void)p; }
unsigned long __CPROVER_OBJECT_SIZE(const void *p) {
  return p ? *(const unsigned long *)((const unsigned char *)p - 16) : 0;
}
void __wrap_exit(int c) { (void)c, __ladr_ex_leave(); }
void __wrap_abort(void) { __ladr_ex_leave(); }

/* Race instrumentation is not built for the search (seq.Options.Explore). */
#define __CPROVER_field_decl_global(n, v) ((void)0)
#define __CPROVER_field_decl_local(n, v) ((void)0)
#define __CPROVER_set_field(p, n, v) ((void)0)
#define __CPROVER_get_field(p, n) 0

static void __ladr_ex_fault(int sig) {
  (void)sig;
  __ladr_ex_leave(); /* an execution that faults ends; the search goes on */
}

/* __ladr_ex_run runs main below the search's frames: the stack from a
   branch point up to here is what a branch point saves. */
__attribute__((noinline)) static void __ladr_ex_run(void) {
  __ladr_ex->top = (unsigned char *)__builtin_frame_address(0) + 64;
  main();
  __ladr_ex_leave();
}

/* __ladr_ex_start leaves room between the search's frames and main's. */
__attribute__((noinline)) static void __ladr_ex_start(void) {
  volatile char *gap = __builtin_alloca(1 << 16);
  gap[0] = 0;
  __ladr_ex_run();
}

/* __ladr_ex_resume restores frame f's state and runs its next alternative. */
__attribute__((noinline, noreturn)) static void __ladr_ex_resume(struct __ladr_ex_frame *f) {
  struct __ladr_ex_rt *x = __ladr_ex;
  __builtin_memcpy(__data_start, f->glob, x->glen);
  __builtin_memcpy(x->top - f->stklen, f->stk, f->stklen);
  __builtin_memcpy(x->arena, f->heap, f->heaplen);
  x->arena_used = f->heaplen;
  x->nch = f->nch;
  x->cs = f->cs, x->lb = f->lb, x->size = f->size, x->ctx = f->ctx, x->decided = f->decided, x->inctx = f->inctx;
  __ladr_ex_jump(f->jb);
}

__attribute__((constructor)) static void __ladr_ex_search(void) {
  struct __ladr_ex_rt *x;
  unsigned long i;
  struct __ladr_ex_sigaction sa;
  x = __ladr_ex = __real_calloc(1, sizeof *x);
  if (!x)
    __ladr_ex_exit(3);
  x->fr = __real_calloc(__LADR_EX_MAXDEPTH, sizeof *x->fr);
  x->ch = __real_calloc(__LADR_EX_MAXCH, sizeof *x->ch);
  x->cap = 1UL << 25;
  x->tab = __ladr_ex_mmap(0, x->cap * 8, 3, __LADR_EX_MMAP_FLAGS, -1, 0);
  x->round = __ladr_ex_mmap(0, x->cap * 2, 3, __LADR_EX_MMAP_FLAGS, -1, 0);
  x->arena = __ladr_ex_mmap(0, __LADR_EX_ARENA, 3, __LADR_EX_MMAP_FLAGS, -1, 0);
  if (!x->fr || !x->ch || x->tab == (void *)-1 || x->round == (void *)-1 || x->arena == (void *)-1) {
    __ladr_ex_say("ladr-explore: out of memory\n");
    __ladr_ex_exit(3);
  }
  x->glen = (unsigned long)(_end - __data_start);
  __builtin_memset(&sa, 0, sizeof sa);
  sa.handler = __ladr_ex_fault;
  sa.flags = __LADR_EX_SA_NODEFER;
  __ladr_ex_sigaction(11, &sa, 0); /* SIGSEGV */
  __ladr_ex_sigaction(7, &sa, 0);  /* SIGBUS */
  __ladr_ex_sigaction(8, &sa, 0);  /* SIGFPE */
  x->runs++;
  if (__builtin_setjmp(x->sched) == 0)
    __ladr_ex_start();
  /* Back here after every execution. */
  while (!x->found && x->depth > 0) {
    struct __ladr_ex_frame *f = &x->fr[x->depth - 1];
    if (f->next == 0) {
      x->depth--;
      continue;
    }
    f->next--;
    x->resume = f->next;
    if (f->next == 0)
      x->depth--; /* the last alternative: the frame is free again */
    x->runs++;
    if (__builtin_setjmp(x->sched) == 0)
      __ladr_ex_resume(f);
  }
  if (x->found) {
    __ladr_ex_say("ladr-explore: violated: %s\n", x->msg);
    for (i = 0; i < x->nch; i++)
      __ladr_ex_say("ladr-explore: choice %s %llu\n", x->ch[i].fn, x->ch[i].bits);
  } else
    __ladr_ex_say("ladr-explore: done %lu %lu\n", x->states, x->runs);
  __ladr_ex_exit(0);
}
