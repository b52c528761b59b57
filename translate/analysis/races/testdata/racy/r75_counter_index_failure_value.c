/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: when the pool is full alloc() returns 0 and the thread writes memory[0] anyway (line 26): two threads that both find the pool full write the same cell.
 */
#include <pthread.h>
int memory[65];
int next = 1;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int alloc(void) {
  int j = -1;
  pthread_mutex_lock(&m);
  if (next + 1 > 4) {
    j = 0;
  } else {
    j = next;
    next += 2;
  }
  pthread_mutex_unlock(&m);
  return j;
}
void *thr(void *arg) {
  for (;;) {
    int j = alloc();
    if (j == -1) return 0;
    memory[j] = 1; /* race */
  }
}
int main(void) {
  pthread_t t;
  for (;;) pthread_create(&t, 0, thr, 0);
}
