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
#include <stdlib.h>
#include <string.h>

/* The bytes read are copied with memcpy from a fresh heap block, whose
   initial bytes are nondeterministic (the replay records them), and the
   bytes written are copied with memcpy to a fresh heap block, not by a
   loop: exactly the n bytes are accessed, and no loop bound cuts it. The
   blocks are not freed: freeing one while other threads run would make
   ladr check the release against them. */
#ifdef __ladr_want_read
ssize_t read(int fd, void *buf, size_t n) {
	long r = __VERIFIER_nondet_long();
	char *data;
	__VERIFIER_assume(r >= -1 && (r < 0 || (size_t)r <= n));
	if (r < 0) {
		errno = EIO;
		return -1;
	}
	if (r > 0) {
		data = (char *)malloc((size_t)r);
		__VERIFIER_assume(data != 0);
		memcpy(buf, data, (size_t)r);
	}
	return r;
}
#endif

#ifdef __ladr_want_write
ssize_t write(int fd, const void *buf, size_t n) {
	long r = __VERIFIER_nondet_long();
	char *copy;
	if (n > 0) {
		copy = (char *)malloc(n);
		__VERIFIER_assume(copy != 0);
		memcpy(copy, buf, n);
	}
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

/* close: 0, or -1 (the descriptor was bad, or an I/O error). */
#ifdef __ladr_want_close
int close(int fd) {
	if (__VERIFIER_nondet_int()) {
		errno = EIO;
		return -1;
	}
	return 0;
}
#endif

/* getpid: the same positive number on every call. */
#ifdef __ladr_want_getpid
static pid_t __ladr_pid;
pid_t getpid(void) {
	pid_t p;
	__VERIFIER_atomic_begin();
	if (__ladr_pid == 0) {
		p = (pid_t)__VERIFIER_nondet_int();
		__VERIFIER_assume(p > 0);
		__ladr_pid = p;
	}
	p = __ladr_pid;
	__VERIFIER_atomic_end();
	return p;
}
#endif

/* sysconf: any value, or -1 for an unknown name. */
#ifdef __ladr_want_sysconf
long sysconf(int name) {
	long r = __VERIFIER_nondet_long();
	__VERIFIER_assume(r >= -1);
	return r;
}
#endif

/* __sysconf: glibc's PTHREAD_STACK_MIN with _GNU_SOURCE is
   __sysconf(__SC_THREAD_STACK_MIN_VALUE); sysconf's model. */
#ifdef __ladr_want___sysconf
long __sysconf(int name) { return sysconf(name); }
#endif

#ifdef __ladr_want_isatty
int isatty(int fd) { return __VERIFIER_nondet_int() != 0; }
#endif

/* syscall(SYS_gettid): a positive number (the caller's kernel thread id;
   ladr's threads do not compare them). The linker calls
   __ladr_va_syscall_N for syscall(N, ...) with N a constant; any other
   system call stays a call of a function ladr does not model. */
#ifdef __ladr_want_syscall
#include <sys/syscall.h>
#define __LADR_CAT2(a, b) a##b
#define __LADR_CAT(a, b) __LADR_CAT2(a, b)
long __LADR_CAT(__ladr_va_syscall_, SYS_gettid)(void) {
	long t = (long)__VERIFIER_nondet_int();
	__VERIFIER_assume(t > 0);
	return t;
}
#endif
