/* ladr's model of the stdio functions CBMC does not model. The stream's
   own state is the library's and is not modelled (no race is reported on
   it); a buffer the program gives a stream (setvbuf, setbuf) would be
   written by later output, which is not modelled. */
#include <stdio.h>

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
