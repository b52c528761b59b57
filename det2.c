#include <pthread.h>
int x;
void *f(void *a) { x = 1; return 0; }
int main(void) { pthread_t t, u; pthread_create(&t, 0, f, 0); pthread_detach(t); pthread_create(&u, 0, f, 0); pthread_join(u, 0); return 0; }
