#include <pthread.h>
int x;
void *f(void *a) { int old; pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, &old); pthread_setcanceltype(PTHREAD_CANCEL_DEFERRED, 0); pthread_testcancel(); x = 1; return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, f, 0); pthread_cancel(t); pthread_join(t, 0); return 0; }
