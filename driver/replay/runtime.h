/* ladr replay runtime: executes a sequentialized program concretely.
   Every nondeterministic choice (schedule and data) is answered from the
   recorded counterexample, CBMC's shadow memory is implemented natively
   (one bit per byte and field), and a failed assertion or assumption ends
   the run with a distinct exit status. */
/* No header is included: the program declares its own types and
   functions; the runtime uses gcc's builtins only. Messages go to stdout,
   prefixed with "ladr-replay: ". */

#define __LADR_RT_VIOLATED 10
#define __LADR_RT_DIVERGED 11

/* __ladr_rt_choices, __ladr_rt_funcs and __ladr_rt_nchoices (the recorded
   choices) are defined before this runtime. */
static unsigned long __ladr_rt_next;

static void __ladr_rt_take(void *v, unsigned long size, const char *fn) {
  unsigned long long bits;
  if (__ladr_rt_next >= __ladr_rt_nchoices) {
    __builtin_printf("ladr-replay: diverged: %s called after the %lu recorded choices\n", fn, __ladr_rt_nchoices);
    __builtin_exit(__LADR_RT_DIVERGED);
  }
  if (__builtin_strcmp(__ladr_rt_funcs[__ladr_rt_next], fn) != 0) {
    __builtin_printf("ladr-replay: diverged: choice %lu is %s, recorded for %s\n", __ladr_rt_next, fn, __ladr_rt_funcs[__ladr_rt_next]);
    __builtin_exit(__LADR_RT_DIVERGED);
  }
  bits = __ladr_rt_choices[__ladr_rt_next++];
  __builtin_memset(v, 0, size);
  __builtin_memcpy(v, &bits, size < sizeof bits ? size : sizeof bits);
}

/* The initial bytes of a malloc'd object (see heap.go): a count, then that
   many bytes; bytes past n (the object is smaller in this data model) are
   dropped, bytes past the count keep glibc's values. */
__attribute__((unused)) static void __ladr_rt_heap(void *p, unsigned long n) {
  unsigned long k, i;
  unsigned char c;
  __ladr_rt_take(&k, sizeof k, "__ladr_heap_size");
  for (i = 0; i < k; i++) {
    __ladr_rt_take(&c, 1, "__ladr_heap_byte");
    if (i < n)
      ((unsigned char *)p)[i] = c;
  }
}

void __CPROVER_assume(_Bool c) {
  if (!c) {
    __builtin_printf("ladr-replay: diverged: an assumption does not hold after %lu choices\n", __ladr_rt_next);
    __builtin_exit(__LADR_RT_DIVERGED);
  }
}

void __CPROVER_assert(_Bool c, const char *msg) {
  if (!c) {
    __builtin_printf("ladr-replay: violated: %s\n", msg);
    __builtin_exit(__LADR_RT_VIOLATED);
  }
}

void __CPROVER_havoc_object(void *p) { (void)p; }

/* free keeps the block and its bytes (the program's calls of free are
   linked to this with --wrap=free): CBMC's model of a released block keeps
   its values, and a counterexample may read one after a release that
   races with the read; glibc would overwrite its first bytes. */
void __wrap_free(void *p) { (void)p; }

/* The size of the heap block p points to (a release is checked as a write
   of the whole block): glibc's usable size, which may exceed the size
   requested; CBMC's trace, which the replay follows, used the exact one. */
unsigned long __CPROVER_OBJECT_SIZE(const void *p) {
  extern unsigned long malloc_usable_size(void *);
  return p ? malloc_usable_size((void *)p) : 0;
}

/* Shadow memory: a hash set of (field, byte address) pairs whose bit is the
   opposite of the field's declared default. */
#define __LADR_RT_MAXFIELDS 16
static const char *__ladr_rt_fnames[__LADR_RT_MAXFIELDS];
static _Bool __ladr_rt_fdefault[__LADR_RT_MAXFIELDS];
static int __ladr_rt_nfields;
static unsigned long long *__ladr_rt_keys;
static unsigned char *__ladr_rt_vals;
static unsigned long __ladr_rt_cap, __ladr_rt_len;

static int __ladr_rt_field(const char *name) {
  int i;
  for (i = 0; i < __ladr_rt_nfields; i++)
    if (__builtin_strcmp(__ladr_rt_fnames[i], name) == 0)
      return i;
  if (__ladr_rt_nfields == __LADR_RT_MAXFIELDS) {
    __builtin_printf("ladr-replay: too many shadow fields\n");
    __builtin_exit(2);
  }
  __ladr_rt_fnames[__ladr_rt_nfields] = name;
  return __ladr_rt_nfields++;
}

static void __ladr_rt_field_decl(const char *name, _Bool init) {
  __ladr_rt_fdefault[__ladr_rt_field(name)] = init;
}
#define __CPROVER_field_decl_global(n, v) __ladr_rt_field_decl((n), (v))
#define __CPROVER_field_decl_local(n, v) __ladr_rt_field_decl((n), (v))

static unsigned long __ladr_rt_slot(unsigned long long key) {
  unsigned long long h = key * 0x9E3779B97F4A7C15ull;
  unsigned long i = (unsigned long)(h >> 20) & (__ladr_rt_cap - 1);
  while (__ladr_rt_keys[i] != 0 && __ladr_rt_keys[i] != key)
    i = (i + 1) & (__ladr_rt_cap - 1);
  return i;
}

static void __ladr_rt_grow(void) {
  unsigned long long *ok = __ladr_rt_keys;
  unsigned char *ov = __ladr_rt_vals;
  unsigned long oc = __ladr_rt_cap, i;
  __ladr_rt_cap = oc ? 2 * oc : 1024;
  __ladr_rt_keys = __builtin_calloc(__ladr_rt_cap, sizeof *__ladr_rt_keys);
  __ladr_rt_vals = __builtin_calloc(__ladr_rt_cap, 1);
  if (!__ladr_rt_keys || !__ladr_rt_vals) {
    __builtin_printf("ladr-replay: out of memory\n");
    __builtin_exit(2);
  }
  for (i = 0; i < oc; i++)
    if (ok[i] != 0) {
      unsigned long j = __ladr_rt_slot(ok[i]);
      __ladr_rt_keys[j] = ok[i];
      __ladr_rt_vals[j] = ov[i];
    }
  __builtin_free(ok);
  __builtin_free(ov);
}

static unsigned long long __ladr_rt_key(const void *p, unsigned long off, int f) {
  return (((unsigned long long)(unsigned long)p + off) << 4 | (unsigned long long)f) + 1;
}

static void __ladr_rt_set(const void *p, unsigned long size, const char *name, _Bool v) {
  int f = __ladr_rt_field(name);
  unsigned long off;
  for (off = 0; off < size; off++) {
    unsigned long i;
    if (2 * (__ladr_rt_len + 1) > __ladr_rt_cap)
      __ladr_rt_grow();
    i = __ladr_rt_slot(__ladr_rt_key(p, off, f));
    if (__ladr_rt_keys[i] == 0) {
      __ladr_rt_keys[i] = __ladr_rt_key(p, off, f);
      __ladr_rt_len++;
    }
    __ladr_rt_vals[i] = v;
  }
}

static _Bool __ladr_rt_get(const void *p, unsigned long size, const char *name) {
  int f = __ladr_rt_field(name);
  unsigned long off;
  _Bool r = 0;
  for (off = 0; off < size; off++) {
    _Bool b = __ladr_rt_fdefault[f];
    if (__ladr_rt_cap) {
      unsigned long i = __ladr_rt_slot(__ladr_rt_key(p, off, f));
      if (__ladr_rt_keys[i] != 0)
        b = __ladr_rt_vals[i];
    }
    r = r || b;
  }
  return r;
}
#define __CPROVER_set_field(p, n, v) __ladr_rt_set((p), sizeof(*(p)), (n), (v))
#define __CPROVER_get_field(p, n) __ladr_rt_get((p), sizeof(*(p)), (n))
