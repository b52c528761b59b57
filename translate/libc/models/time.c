/* ladr's model of the clocks: a reading is any valid time (time(2) too:
   its value is a choice the replay answers, not the replay's clock), except that
   the monotonic clocks never go back (for all threads: the last reading
   is the kernel's state, kept inside an atomic section, so that reading
   the clock does not race). */
#include <time.h>
#include <string.h>
#include <sys/time.h>
#include <errno.h>

#ifdef __ladr_want_time
time_t time(time_t *t) {
	time_t v = __VERIFIER_nondet_long();
	__VERIFIER_assume(v >= 0);
	if (t)
		memcpy(t, &v, sizeof v); /* a race on *t is named after the program's access */
	return v;
}
#endif

#ifdef __ladr_want_clock_gettime
static long __ladr_mono_sec, __ladr_mono_nsec;

int clock_gettime(clockid_t clk, struct timespec *tp) {
	long s = __VERIFIER_nondet_long(), ns = __VERIFIER_nondet_long();
	__VERIFIER_assume(s >= 0 && ns >= 0 && ns < 1000000000);
	if (clk == CLOCK_MONOTONIC || clk == CLOCK_MONOTONIC_RAW || clk == CLOCK_MONOTONIC_COARSE || clk == CLOCK_BOOTTIME) {
		__VERIFIER_atomic_begin();
		__VERIFIER_assume(s > __ladr_mono_sec || (s == __ladr_mono_sec && ns >= __ladr_mono_nsec));
		__ladr_mono_sec = s;
		__ladr_mono_nsec = ns;
		__VERIFIER_atomic_end();
	}
	tp->tv_sec = s;
	tp->tv_nsec = ns;
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
