/* origin: written for ladr (found by the points-to unit tests)
 * licence: MIT
 * expected: race
 * ladr: unknown (sscanf %p is not modelled; before, the bounded search wrongly said TRUE)
 * reason: sscanf's %p gives q the address of x that sprintf printed; main's write through q (line 15) races with the thread's write of x (line 9).
 */
#include <pthread.h>
#include <stdio.h>
int x;
void *w(void *a) { x = 2; /* race */ return 0; }
int main(void) {
  char buf[64]; void *q = 0; pthread_t t;
  sprintf(buf, "%p", (void *)&x);
  pthread_create(&t, 0, w, 0);
  sscanf(buf, "%p", &q);
  *(int *)q = 1; /* race */
  pthread_join(t, 0);
  return 0;
}
