/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: each thread takes two cells (next += 2) but writes j + 2 (line 19), the first cell of the next thread's block, which that thread writes at j (line 18).
 */
#include <pthread.h>
int memory[100];
int next = 1;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *thr(void *arg) {
  int j;
  for (;;) {
    pthread_mutex_lock(&m);
    j = next;
    next += 2;
    pthread_mutex_unlock(&m);
    if (j > 90) return 0;
    memory[j] = 1; /* race */
    memory[j + 2] = 2; /* race */
  }
}
int main(void) {
  pthread_t t;
  for (;;) pthread_create(&t, 0, thr, 0);
}
