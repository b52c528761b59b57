/* ladr's model of file descriptor input and output. The environment
   decides the results: read returns -1 or up to n bytes of
   nondeterministic data, which it writes into the buffer; write reads the
   n bytes of its buffer and returns -1 or at most n. Neither synchronizes
   threads: the descriptors through which threads of one process could
   synchronize (pipe, socketpair, socket, eventfd...) are not modelled, so a
   program creating one is unknown. */
#include <unistd.h>
#include <errno.h>
#include <fcntl.h>

#ifdef __ladr_want_read
ssize_t read(int fd, void *buf, size_t n) {
	long r = __VERIFIER_nondet_long();
	size_t i;
	__VERIFIER_assume(r >= -1 && (r < 0 || (size_t)r <= n));
	if (r < 0) {
		errno = EIO;
		return -1;
	}
	for (i = 0; i < (size_t)r; i++)
		((char *)buf)[i] = __VERIFIER_nondet_char();
	return r;
}
#endif

#ifdef __ladr_want_write
ssize_t write(int fd, const void *buf, size_t n) {
	long r = __VERIFIER_nondet_long();
	size_t i;
	char c;
	for (i = 0; i < n; i++)
		c = ((const char *)buf)[i];
	(void)c;
	__VERIFIER_assume(r >= -1 && (r < 0 || (size_t)r <= n));
	if (r < 0) {
		errno = EIO;
		return -1;
	}
	return r;
}
#endif

/* open reads the path; the descriptor is any non-negative number, or -1. */
#ifdef __ladr_want_open
int open(const char *path, int flags, ...) {
	int r = __VERIFIER_nondet_int();
	const char *p = path;
	while (*p)
		p++;
	__VERIFIER_assume(r >= -1);
	if (r < 0)
		errno = ENOENT;
	return r;
}
#endif
