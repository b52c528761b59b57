/* ladr's stand-in for Valgrind's generated config.h: the configure results
   the DRD and Helgrind test programs test, as configure finds them on
   Debian amd64 with glibc (see ORIGIN.md). */
#define VGO_linux 1
#define VGA_amd64 1
#define VGP_amd64_linux 1
#define HAVE_ASM_UNISTD_H 1
#define HAVE_BUILTIN_ATOMIC 1
#define HAVE_PTHREAD_MUTEX_ERRORCHECK_NP 1
#define HAVE_PTHREAD_MUTEX_RECURSIVE_NP 1
#define HAVE_PTHREAD_MUTEX_TIMEDLOCK 1
#define HAVE_PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP 1
#define HAVE_PTHREAD_RWLOCK_TIMEDRDLOCK 1
#define HAVE_PTHREAD_RWLOCK_TIMEDWRLOCK 1
#define HAVE_PTHREAD_YIELD 1
#define HAVE_TLS 1
