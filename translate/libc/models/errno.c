/* ladr's model of errno: glibc's errno is *__errno_location(), one int per
   thread. */
#include <errno.h>

#ifdef __ladr_want___errno_location
static _Thread_local int __ladr_errno;
int *__errno_location(void) { return &__ladr_errno; }
#endif
