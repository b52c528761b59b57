/* ladr's model of the numeric conversions of <stdlib.h>, as glibc does
   them in the C locale: leading white space, a sign, a base prefix for
   bases 0 and 16, digits; a result out of range is clamped and sets errno
   to ERANGE. */
#include <stdlib.h>
#include <errno.h>
#include <limits.h>

unsigned long long __ladr_strtoull(const char *s, char **end, int base, int *neg, int *overflow);

#ifdef __ladr_want___ladr_strtoull
/* The magnitude of the number at s, its sign in *neg, whether it
   overflowed unsigned long long in *overflow; *end (if end) is set past
   the digits, or to s when there are none. */
unsigned long long __ladr_strtoull(const char *s, char **end, int base, int *neg, int *overflow) {
	const char *p = s;
	unsigned long long v = 0, lim, rem;
	int any = 0, d;
	char c;
	*neg = 0;
	*overflow = 0;
	while (*p == ' ' || (*p >= '\t' && *p <= '\r'))
		p++;
	if (*p == '-') {
		*neg = 1;
		p++;
	} else if (*p == '+')
		p++;
	if ((base == 0 || base == 16) && p[0] == '0' && (p[1] == 'x' || p[1] == 'X') &&
	    ((p[2] >= '0' && p[2] <= '9') || (p[2] >= 'a' && p[2] <= 'f') || (p[2] >= 'A' && p[2] <= 'F'))) {
		p += 2;
		base = 16;
	} else if (base == 0)
		base = p[0] == '0' ? 8 : 10;
	if (base < 2 || base > 36) {
		errno = EINVAL;
		if (end)
			*end = (char *)s;
		return 0;
	}
	lim = ULLONG_MAX / (unsigned)base;
	rem = ULLONG_MAX % (unsigned)base;
	for (;;) {
		c = *p;
		if (c >= '0' && c <= '9')
			d = c - '0';
		else if (c >= 'a' && c <= 'z')
			d = c - 'a' + 10;
		else if (c >= 'A' && c <= 'Z')
			d = c - 'A' + 10;
		else
			break;
		if (d >= base)
			break;
		if (v > lim || (v == lim && (unsigned)d > rem))
			*overflow = 1;
		else
			v = v * (unsigned)base + (unsigned)d;
		any = 1;
		p++;
	}
	if (end)
		*end = (char *)(any ? p : s);
	return v;
}
#endif

#ifdef __ladr_want_strtol
long strtol(const char *restrict s, char **restrict end, int base) {
	int neg, ovf;
	unsigned long long v = __ladr_strtoull(s, end, base, &neg, &ovf);
	if (ovf || (neg ? v > (unsigned long long)LONG_MAX + 1 : v > (unsigned long long)LONG_MAX)) {
		errno = ERANGE;
		return neg ? LONG_MIN : LONG_MAX;
	}
	return neg ? (long)(0 - (unsigned long)v) : (long)v;
}
#endif

#ifdef __ladr_want_strtoll
long long strtoll(const char *restrict s, char **restrict end, int base) {
	int neg, ovf;
	unsigned long long v = __ladr_strtoull(s, end, base, &neg, &ovf);
	if (ovf || (neg ? v > (unsigned long long)LLONG_MAX + 1 : v > (unsigned long long)LLONG_MAX)) {
		errno = ERANGE;
		return neg ? LLONG_MIN : LLONG_MAX;
	}
	return neg ? (long long)(0 - v) : (long long)v;
}
#endif

#ifdef __ladr_want_strtoul
unsigned long strtoul(const char *restrict s, char **restrict end, int base) {
	int neg, ovf;
	unsigned long long v = __ladr_strtoull(s, end, base, &neg, &ovf);
	if (ovf || v > (unsigned long long)ULONG_MAX) {
		errno = ERANGE;
		return ULONG_MAX;
	}
	return neg ? 0 - (unsigned long)v : (unsigned long)v;
}
#endif

#ifdef __ladr_want_strtoull
unsigned long long strtoull(const char *restrict s, char **restrict end, int base) {
	int neg, ovf;
	unsigned long long v = __ladr_strtoull(s, end, base, &neg, &ovf);
	if (ovf) {
		errno = ERANGE;
		return ULLONG_MAX;
	}
	return neg ? 0 - v : v;
}
#endif

/* glibc's atoi, atol and atoll are strtol and strtoll in base 10. */
#ifdef __ladr_want_atoi
int atoi(const char *s) { return (int)strtol(s, (char **)0, 10); }
#endif

#ifdef __ladr_want_atol
long atol(const char *s) { return strtol(s, (char **)0, 10); }
#endif

#ifdef __ladr_want_atoll
long long atoll(const char *s) { return strtoll(s, (char **)0, 10); }
#endif

/* rand_r: any value in [0, RAND_MAX]; the state is read and written. */
#ifdef __ladr_want_rand_r
int rand_r(unsigned int *seed) {
	int r = __VERIFIER_nondet_int();
	*seed = *seed + 1;
	__VERIFIER_assume(r >= 0 && r <= RAND_MAX);
	return r;
}
#endif
