/* ladr's model of named semaphores: sem_open creates a semaphore on the
   heap, initialized with its value, and records its name, so that opening
   the same name again (without O_EXCL) gives the same semaphore. Two
   names at most are modelled; a third, or opening a name the program did
   not create (another process's semaphore), is not modelled. sem_open is
   variadic: the linker calls __ladr_va_sem_open with the mode and the
   value (zero when the call does not pass them). */
#include <semaphore.h>
#include <fcntl.h>
#include <errno.h>
#include <string.h>
#include <stdlib.h>

void __ladr_unmodelled_a_third_named_semaphore(void);
void __ladr_unmodelled_sem_open_of_a_semaphore_the_program_did_not_create(void);

#ifdef __ladr_want_sem_open
static char *__ladr_sem_name[2];
static sem_t *__ladr_sem_named[2];

sem_t *__ladr_va_sem_open(const char *name, int oflag, unsigned mode, unsigned value) {
	sem_t *s;
	int i = -1;
	__VERIFIER_atomic_begin();
	if (__ladr_sem_name[0] && strcmp(__ladr_sem_name[0], name) == 0)
		i = 0;
	else if (__ladr_sem_name[1] && strcmp(__ladr_sem_name[1], name) == 0)
		i = 1;
	__VERIFIER_atomic_end();
	if (i >= 0) {
		if ((oflag & O_CREAT) && (oflag & O_EXCL)) {
			errno = EEXIST;
			return SEM_FAILED;
		}
		return __ladr_sem_named[i];
	}
	if (!(oflag & O_CREAT))
		__ladr_unmodelled_sem_open_of_a_semaphore_the_program_did_not_create();
	s = (sem_t *)malloc(sizeof(sem_t));
	if (s == 0) {
		errno = ENOMEM;
		return SEM_FAILED;
	}
	sem_init(s, 1, value);
	__VERIFIER_atomic_begin();
	if (__ladr_sem_name[0] == 0)
		i = 0;
	else if (__ladr_sem_name[1] == 0)
		i = 1;
	if (i >= 0) {
		__ladr_sem_name[i] = strdup(name);
		__ladr_sem_named[i] = s;
	}
	__VERIFIER_atomic_end();
	if (i < 0)
		__ladr_unmodelled_a_third_named_semaphore();
	return s;
}
#endif

#ifdef __ladr_want_sem_close
int sem_close(sem_t *s) { return 0; }
#endif

/* The name is removed; the semaphore lives on for those who opened it. */
#ifdef __ladr_want_sem_unlink
int sem_unlink(const char *name) {
	int r = -1;
	__VERIFIER_atomic_begin();
	if (__ladr_sem_name[0] && strcmp(__ladr_sem_name[0], name) == 0) {
		__ladr_sem_name[0] = 0;
		r = 0;
	} else if (__ladr_sem_name[1] && strcmp(__ladr_sem_name[1], name) == 0) {
		__ladr_sem_name[1] = 0;
		r = 0;
	}
	__VERIFIER_atomic_end();
	if (r < 0)
		errno = ENOENT;
	return r;
}
#endif
