/* ladr's model of signal sets and dispositions. Signals are never
   delivered: sigaction and signal record the handler (and return the
   previous one), the masks are per thread state. raise and kill of the
   program itself are modelled where no handler runs (below); sending a
   signal to another thread or process (pthread_kill, killpg...) is not
   modelled (in the library table as unmodelled). The dispositions are the
   kernel's state: reading and writing them does not race.

   The timers (alarm, ualarm, setitimer) are modelled when the program
   installs no signal handler at all (the linker then leaves
   __ladr_signal_handlers undefined): their signal's default action ends
   the program at some time after the delay, which only cuts short an
   execution ladr explores whole, so a timer changes nothing. With a
   handler, a timer is not modelled. */
#include <signal.h>
#include <errno.h>
#include <string.h>

#include <sys/time.h>
#include <sys/types.h>
#include <unistd.h>

void __ladr_unmodelled_a_timer_with_signal_handlers(void);

#define __LADR_WORD (8 * sizeof(unsigned long))
#define __LADR_NSIG 65

struct sigaction *__ladr_sigaction_of(int sig);

#ifdef __ladr_want_sigemptyset
int sigemptyset(sigset_t *set) {
	memset(set, 0, sizeof *set);
	return 0;
}
#endif

#ifdef __ladr_want_sigfillset
int sigfillset(sigset_t *set) {
	memset(set, 0xff, sizeof *set);
	return 0;
}
#endif

#ifdef __ladr_want_sigaddset
int sigaddset(sigset_t *set, int sig) {
	if (sig < 1 || sig >= __LADR_NSIG) {
		errno = EINVAL;
		return -1;
	}
	set->__val[(sig - 1) / __LADR_WORD] |= 1UL << ((sig - 1) % __LADR_WORD);
	return 0;
}
#endif

#ifdef __ladr_want_sigdelset
int sigdelset(sigset_t *set, int sig) {
	if (sig < 1 || sig >= __LADR_NSIG) {
		errno = EINVAL;
		return -1;
	}
	set->__val[(sig - 1) / __LADR_WORD] &= ~(1UL << ((sig - 1) % __LADR_WORD));
	return 0;
}
#endif

#ifdef __ladr_want_sigismember
int sigismember(const sigset_t *set, int sig) {
	if (sig < 1 || sig >= __LADR_NSIG) {
		errno = EINVAL;
		return -1;
	}
	return (set->__val[(sig - 1) / __LADR_WORD] >> ((sig - 1) % __LADR_WORD)) & 1;
}
#endif

/* The real-time signal range of glibc on Linux: the kernel's signals 32
   to 64, of which glibc keeps 32 and 33 for itself (thread cancellation
   and set*id), so SIGRTMIN is 34 and SIGRTMAX 64 in every process. A
   constant rather than a nondeterministic value: a signal number the
   solver chooses would index the disposition table symbolically (a copy
   of a struct sigaction out of 65, which CBMC cannot solve in minutes);
   the replay runs the real glibc and checks the constant. */
#ifdef __ladr_want___libc_current_sigrtmin
int __libc_current_sigrtmin(void) { return 34; }
#endif

#ifdef __ladr_want___libc_current_sigrtmax
int __libc_current_sigrtmax(void) { return __LADR_NSIG - 1; }
#endif

#ifdef __ladr_want___ladr_sigaction_of
static struct sigaction __ladr_sigactions[__LADR_NSIG];
struct sigaction *__ladr_sigaction_of(int sig) { return &__ladr_sigactions[sig]; }
#endif

#ifdef __ladr_want_sigaction
int sigaction(int sig, const struct sigaction *restrict act, struct sigaction *restrict old) {
	struct sigaction a, prev;
	if (sig < 1 || sig >= __LADR_NSIG || (act && (sig == SIGKILL || sig == SIGSTOP))) {
		errno = EINVAL;
		return -1;
	}
	if (act)
		a = *act;
	__VERIFIER_atomic_begin();
	prev = *__ladr_sigaction_of(sig);
	if (act)
		*__ladr_sigaction_of(sig) = a;
	__VERIFIER_atomic_end();
	if (old)
		*old = prev;
	return 0;
}
#endif

#ifdef __ladr_want_signal
__sighandler_t signal(int sig, __sighandler_t handler) {
	__sighandler_t prev;
	struct sigaction *s;
	if (sig < 1 || sig >= __LADR_NSIG || sig == SIGKILL || sig == SIGSTOP) {
		errno = EINVAL;
		return SIG_ERR;
	}
	__VERIFIER_atomic_begin();
	s = __ladr_sigaction_of(sig);
	prev = s->sa_handler;
	s->sa_handler = handler;
	s->sa_flags = SA_RESTART;
	__VERIFIER_atomic_end();
	return prev;
}
#endif

/* The signal mask of the calling thread. */
sigset_t *__ladr_sigmask(void);

#ifdef __ladr_want___ladr_sigmask
static _Thread_local sigset_t __ladr_sigmask_of_thread;
sigset_t *__ladr_sigmask(void) { return &__ladr_sigmask_of_thread; }
#endif

#ifdef __ladr_want_pthread_sigmask
int pthread_sigmask(int how, const sigset_t *restrict set, sigset_t *restrict old) {
	sigset_t *m = __ladr_sigmask();
	sigset_t prev = *m;
	if (set) {
		/* Signals 1 to 64 are in the first two words (of 32 or 64 bits). */
		if (how == SIG_BLOCK) {
			m->__val[0] |= set->__val[0];
			m->__val[1] |= set->__val[1];
		} else if (how == SIG_UNBLOCK) {
			m->__val[0] &= ~set->__val[0];
			m->__val[1] &= ~set->__val[1];
		} else if (how == SIG_SETMASK)
			*m = *set;
		else
			return EINVAL;
	}
	if (old)
		*old = prev;
	return 0;
}
#endif

#ifdef __ladr_want_sigprocmask
int sigprocmask(int how, const sigset_t *restrict set, sigset_t *restrict old) {
	int r = pthread_sigmask(how, set, old);
	if (r != 0) {
		errno = r;
		return -1;
	}
	return 0;
}
#endif

#ifdef __ladr_want_alarm
unsigned alarm(unsigned seconds) {
#ifdef __ladr_signal_handlers
	__ladr_unmodelled_a_timer_with_signal_handlers();
#endif
	return (unsigned)__VERIFIER_nondet_int();
}
#endif

#ifdef __ladr_want_ualarm
useconds_t ualarm(useconds_t usecs, useconds_t interval) {
#ifdef __ladr_signal_handlers
	__ladr_unmodelled_a_timer_with_signal_handlers();
#endif
	return (useconds_t)__VERIFIER_nondet_int();
}
#endif

#ifdef __ladr_want_setitimer
int setitimer(__itimer_which_t which, const struct itimerval *restrict value, struct itimerval *restrict old) {
	struct itimerval v;
#ifdef __ladr_signal_handlers
	__ladr_unmodelled_a_timer_with_signal_handlers();
#endif
	v = *value;
	(void)v;
	if (old) {
		old->it_interval.tv_sec = __VERIFIER_nondet_long();
		old->it_interval.tv_usec = __VERIFIER_nondet_long();
		old->it_value.tv_sec = __VERIFIER_nondet_long();
		old->it_value.tv_usec = __VERIFIER_nondet_long();
	}
	return 0;
}
#endif

/* raise, and kill of the program's own process: a signal whose action is
   to be ignored (SIG_IGN, or SIG_DFL of a signal ignored by default) does
   nothing; one whose action is the default termination (SIG_DFL, not
   blocked by the calling thread; SIGKILL always) ends the program there,
   as _exit does. Delivery to a handler, a blocked signal, the stop
   signals and a kill of another process are not modelled: a run that
   reaches one of them is unknown (__ladr_check_modelled, checked on the
   run's path, so a program that never gets there is still proved). */
void __ladr_check_modelled(int, const char *);
sigset_t *__ladr_sigmask(void);
int __ladr_send_self(int sig);

#ifdef __ladr_want___ladr_send_self
int __ladr_send_self(int sig) {
	__sighandler_t h;
	if (sig < 1 || sig >= __LADR_NSIG) {
		errno = EINVAL;
		return -1;
	}
	__VERIFIER_atomic_begin();
	h = __ladr_sigaction_of(sig)->sa_handler;
	__VERIFIER_atomic_end();
	if (sig == SIGKILL)
		_exit(128 + SIGKILL);
	if (sig == SIGSTOP || sig == SIGTSTP || sig == SIGTTIN || sig == SIGTTOU || sig == SIGCONT) {
		__ladr_check_modelled(1, "a stop or continue signal sent to the program itself");
		return 0;
	}
	if (h == SIG_IGN)
		return 0;
	if (h == SIG_DFL && (sig == SIGCHLD || sig == SIGURG || sig == SIGWINCH))
		return 0;
	if (h == SIG_DFL && sigismember(__ladr_sigmask(), sig) == 0)
		_exit(128 + sig);
	__ladr_check_modelled(1, "a signal delivered to a handler, or a blocked signal, sent to the program itself");
	return 0;
}
#endif

#ifdef __ladr_want_raise
int raise(int sig) { return __ladr_send_self(sig); }
#endif

#ifdef __ladr_want_kill
int kill(pid_t pid, int sig) {
	if (pid == getpid()) {
		if (sig == 0)
			return 0;
		return __ladr_send_self(sig);
	}
	__ladr_check_modelled(1, "kill of another process or of a process group");
	return 0;
}
#endif
