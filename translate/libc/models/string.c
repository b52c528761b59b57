/* ladr's model of the string functions CBMC does not model: each reads
   (and writes) exactly the bytes the C library's does. strtok's saved
   position is one for the whole program, as glibc's: two threads calling
   strtok race on it. */
#include <string.h>
#include <strings.h>
#include <stdlib.h>

#ifdef __ladr_want_strnlen
size_t strnlen(const char *s, size_t n) {
	size_t i = 0;
	while (i < n && s[i])
		i++;
	return i;
}
#endif

#ifdef __ladr_want_memchr
void *memchr(const void *s, int c, size_t n) {
	const unsigned char *p = (const unsigned char *)s;
	size_t i;
	for (i = 0; i < n; i++)
		if (p[i] == (unsigned char)c)
			return (void *)(p + i);
	return 0;
}
#endif

#ifdef __ladr_want_strspn
size_t strspn(const char *s, const char *accept) {
	size_t n = 0;
	const char *a;
	for (; s[n]; n++) {
		for (a = accept; *a && *a != s[n]; a++)
			;
		if (!*a)
			break;
	}
	return n;
}
#endif

#ifdef __ladr_want_strcspn
size_t strcspn(const char *s, const char *reject) {
	size_t n = 0;
	const char *r;
	for (; s[n]; n++) {
		for (r = reject; *r && *r != s[n]; r++)
			;
		if (*r)
			break;
	}
	return n;
}
#endif

#ifdef __ladr_want_strpbrk
char *strpbrk(const char *s, const char *accept) {
	const char *a;
	for (; *s; s++)
		for (a = accept; *a; a++)
			if (*a == *s)
				return (char *)s;
	return 0;
}
#endif

static int __ladr_tolower(int c) { return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c; }

#ifdef __ladr_want_strcasecmp
int strcasecmp(const char *a, const char *b) {
	const unsigned char *p = (const unsigned char *)a, *q = (const unsigned char *)b;
	int d;
	for (;; p++, q++) {
		d = __ladr_tolower(*p) - __ladr_tolower(*q);
		if (d != 0 || *p == 0)
			return d;
	}
}
#endif

#ifdef __ladr_want_strncasecmp
int strncasecmp(const char *a, const char *b, size_t n) {
	const unsigned char *p = (const unsigned char *)a, *q = (const unsigned char *)b;
	int d;
	for (; n > 0; n--, p++, q++) {
		d = __ladr_tolower(*p) - __ladr_tolower(*q);
		if (d != 0 || *p == 0)
			return d;
	}
	return 0;
}
#endif

#ifdef __ladr_want_strndup
char *strndup(const char *s, size_t n) {
	size_t len = 0, i;
	char *d;
	while (len < n && s[len])
		len++;
	d = (char *)malloc(len + 1);
	if (d == 0)
		return 0;
	for (i = 0; i < len; i++)
		d[i] = s[i];
	d[len] = 0;
	return d;
}
#endif

#ifdef __ladr_want_strtok_r
char *strtok_r(char *restrict s, const char *restrict delim, char **restrict save) {
	char *end;
	if (s == 0)
		s = *save;
	if (s == 0)
		return 0;
	s += strspn(s, delim);
	if (*s == 0) {
		*save = s;
		return 0;
	}
	end = s + strcspn(s, delim);
	if (*end == 0) {
		*save = end;
		return s;
	}
	*end = 0;
	*save = end + 1;
	return s;
}
#endif

#ifdef __ladr_want_strtok
static char *__ladr_strtok_save;
char *strtok(char *restrict s, const char *restrict delim) { return strtok_r(s, delim, &__ladr_strtok_save); }
#endif
