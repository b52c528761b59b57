/* ladr's model of the environment: getenv returns the environment's value
   of a name, nondeterministic (null, or a string of any length and
   content) and the same on every call until setenv or unsetenv changes
   it; two names at most are modelled (a third is not). The values are
   remembered inside atomic sections (two threads reading the environment
   do not race), but setenv and unsetenv also write, and getenv reads,
   __ladr_environ: a change of the environment races with a reading of it
   in another thread, as with glibc. */
#include <stdlib.h>
#include <string.h>

void __ladr_unmodelled_a_third_environment_variable(void);
int __ladr_env_slot(const char *name);
extern char *__ladr_env_value[2];
extern int __ladr_environ;

#ifdef __ladr_want___ladr_env_slot
int __ladr_environ;
char *__ladr_env_value[2];
static char *__ladr_env_name[2];
/* The slot of name, which a new slot starts with the environment's
   value; called inside an atomic section. */
int __ladr_env_slot(const char *name) {
	int i = -1;
	size_t n;
	char *v;
	if (__ladr_env_name[0] && strcmp(__ladr_env_name[0], name) == 0)
		return 0;
	if (__ladr_env_name[1] && strcmp(__ladr_env_name[1], name) == 0)
		return 1;
	if (__ladr_env_name[0] == 0)
		i = 0;
	else if (__ladr_env_name[1] == 0)
		i = 1;
	else {
		__ladr_unmodelled_a_third_environment_variable();
		return 0;
	}
	__ladr_env_name[i] = strdup(name);
	v = 0;
	if (__VERIFIER_nondet_int()) {
		n = (size_t)__VERIFIER_nondet_long();
		__VERIFIER_assume(n < 4096);
		v = (char *)malloc(n + 1);
		__VERIFIER_assume(v != 0);
		v[n] = 0;
	}
	__ladr_env_value[i] = v;
	return i;
}
#endif

#ifdef __ladr_want_getenv
char *getenv(const char *name) {
	char *v;
	int e = __ladr_environ;
	(void)e;
	__VERIFIER_atomic_begin();
	v = __ladr_env_value[__ladr_env_slot(name)];
	__VERIFIER_atomic_end();
	return v;
}
#endif

#ifdef __ladr_want_setenv
int setenv(const char *name, const char *value, int overwrite) {
	char *v = strdup(value);
	int i;
	__ladr_environ = 1;
	__VERIFIER_atomic_begin();
	i = __ladr_env_slot(name);
	if (overwrite || __ladr_env_value[i] == 0)
		__ladr_env_value[i] = v;
	__VERIFIER_atomic_end();
	return 0;
}
#endif

#ifdef __ladr_want_unsetenv
int unsetenv(const char *name) {
	__ladr_environ = 1;
	__VERIFIER_atomic_begin();
	__ladr_env_value[__ladr_env_slot(name)] = 0;
	__VERIFIER_atomic_end();
	return 0;
}
#endif
