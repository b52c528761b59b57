/* origin: written for ladr
 * licence: MIT
 * expected: race-free
 * proof: not-expected
 * reason: table is written only inside the pthread_once routine; pthread_once makes every caller wait until the routine finished, so the reads after it are ordered after the single write.
 */
#include <pthread.h>

pthread_once_t once = PTHREAD_ONCE_INIT;
int table[2];

void init_table(void) {
  table[0] = 1;
  table[1] = 2;
}

void *worker(void *arg) {
  pthread_once(&once, init_table);
  return (void *)(long)(table[0] + table[1]);
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return 0;
}
