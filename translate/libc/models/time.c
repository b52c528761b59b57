/* ladr's model of the clocks: the time is whatever the environment says,
   never decreasing for one thread's successive readings of a monotonic
   clock is not modelled (each reading is any valid time). */
#include <time.h>
#include <sys/time.h>
#include <errno.h>

#ifdef __ladr_want_clock_gettime
int clock_gettime(clockid_t clk, struct timespec *tp) {
	tp->tv_sec = __VERIFIER_nondet_long();
	tp->tv_nsec = __VERIFIER_nondet_long();
	__VERIFIER_assume(tp->tv_sec >= 0 && tp->tv_nsec >= 0 && tp->tv_nsec < 1000000000);
	return 0;
}
#endif

#ifdef __ladr_want_gettimeofday
int gettimeofday(struct timeval *restrict tv, void *restrict tz) {
	if (tv) {
		tv->tv_sec = __VERIFIER_nondet_long();
		tv->tv_usec = __VERIFIER_nondet_long();
		__VERIFIER_assume(tv->tv_sec >= 0 && tv->tv_usec >= 0 && tv->tv_usec < 1000000);
	}
	return 0;
}
#endif
