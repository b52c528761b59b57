/* ladr's C library model: declarations every model file uses. */
int __VERIFIER_nondet_int(void);
long __VERIFIER_nondet_long(void);
char __VERIFIER_nondet_char(void);
void __VERIFIER_assume(int);
void __VERIFIER_atomic_begin(void);
void __VERIFIER_atomic_end(void);
