/* ladr's model of the stdio functions the library table does not know.
   The stream's own state is the library's and is not modelled (no race is
   reported on it); a buffer the program gives a stream (setvbuf, setbuf)
   would be written by later output, which is not modelled. fopen, fdopen
   and fclose are not modelled: the replay runs the table's printf family
   on real streams. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void __ladr_unmodelled_a_stream_buffer_of_the_program(void);

#ifdef __ladr_want_setlinebuf
void setlinebuf(FILE *f) {}
#endif

#ifdef __ladr_want_setvbuf
int setvbuf(FILE *restrict f, char *restrict buf, int mode, size_t size) {
	if (buf)
		__ladr_unmodelled_a_stream_buffer_of_the_program();
	return 0;
}
#endif

#ifdef __ladr_want_setbuf
void setbuf(FILE *restrict f, char *restrict buf) {
	if (buf)
		__ladr_unmodelled_a_stream_buffer_of_the_program();
}
#endif

/* Character and block input and output. The stream is the library's (not
   modelled); the program's memory is accessed exactly: what is written
   is read (copied to a fresh heap block, or strlen for a string), what is
   read is written with nondeterministic bytes (copied from a fresh heap
   block); the blocks are not freed (see unistd.c). A line read by fgets may contain
   a newline before its end (real fgets stops at the first one). */
#ifdef __ladr_want_fputs
int fputs(const char *restrict s, FILE *restrict f) {
	int r = __VERIFIER_nondet_int();
	(void)strlen(s);
	__VERIFIER_assume(r >= 0 || r == EOF);
	return r;
}
#endif

#ifdef __ladr_want_fputc
int fputc(int c, FILE *f) { return __VERIFIER_nondet_int() ? (unsigned char)c : EOF; }
#endif

#ifdef __ladr_want_putc
int putc(int c, FILE *f) { return __VERIFIER_nondet_int() ? (unsigned char)c : EOF; }
#endif

#ifdef __ladr_want_fgetc
int fgetc(FILE *f) {
	int r = __VERIFIER_nondet_int();
	__VERIFIER_assume(r == EOF || (r >= 0 && r <= 255));
	return r;
}
#endif

#ifdef __ladr_want_getc
int getc(FILE *f) {
	int r = __VERIFIER_nondet_int();
	__VERIFIER_assume(r == EOF || (r >= 0 && r <= 255));
	return r;
}
#endif

#ifdef __ladr_want_fgets
char *fgets(char *restrict s, int n, FILE *restrict f) {
	long k = __VERIFIER_nondet_long();
	char *data;
	if (n <= 0)
		return 0;
	__VERIFIER_assume(k >= -1 && k < n);
	if (k < 0)
		return 0;
	if (k > 0) {
		data = (char *)malloc((size_t)k);
		__VERIFIER_assume(data != 0);
		memcpy(s, data, (size_t)k);
	}
	s[k] = 0;
	return s;
}
#endif

#ifdef __ladr_want_fwrite
size_t fwrite(const void *restrict p, size_t size, size_t n, FILE *restrict f) {
	unsigned long r = (unsigned long)__VERIFIER_nondet_long();
	char *copy;
	if (size > 0 && n > 0) {
		copy = (char *)malloc(size * n);
		__VERIFIER_assume(copy != 0);
		memcpy(copy, p, size * n);
	}
	__VERIFIER_assume(r <= n);
	return r;
}
#endif

#ifdef __ladr_want_fread
size_t fread(void *restrict p, size_t size, size_t n, FILE *restrict f) {
	unsigned long r = (unsigned long)__VERIFIER_nondet_long();
	char *data;
	__VERIFIER_assume(r <= n);
	if (size > 0 && r > 0) {
		data = (char *)malloc(size * r);
		__VERIFIER_assume(data != 0);
		memcpy(p, data, size * r);
	}
	return r;
}
#endif

#ifdef __ladr_want_fileno
int fileno(FILE *f) {
	int r = __VERIFIER_nondet_int();
	__VERIFIER_assume(r >= -1);
	return r;
}
#endif
