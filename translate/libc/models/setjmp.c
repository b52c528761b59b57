/* ladr's model of setjmp: the first return, 0, after saving the context
   (the buffer is written). A second return comes only from longjmp or
   siglongjmp, which are not modelled (the library table lists them: a
   path that calls one ends there, and the result cannot be a proof);
   signal handlers, from which programs usually jump, never run. glibc's
   setjmp is a macro for _setjmp. */
#include <setjmp.h>
#include <string.h>

#ifdef __ladr_want___sigsetjmp
int __sigsetjmp(struct __jmp_buf_tag env[1], int savemask) {
	memset(env, 0, sizeof(struct __jmp_buf_tag));
	return 0;
}
#endif

#ifdef __ladr_want__setjmp
int _setjmp(struct __jmp_buf_tag env[1]) {
	memset(env, 0, sizeof(struct __jmp_buf_tag));
	return 0;
}
#endif
