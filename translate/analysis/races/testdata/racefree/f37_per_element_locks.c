/* origin: written for ladr
 * licence: MIT
 * expected: race-free
 * proof: not-expected
 * reason: element buckets[k].count is always accessed under buckets[k].m of the same k (each thread computes k, locks that element and updates that element only); proving it needs relating the lock index to the access index.
 */
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);

struct bucket { pthread_mutex_t m; int count; };
struct bucket buckets[4];

void *worker(void *arg) {
  int k = __VERIFIER_nondet_int() & 3;
  pthread_mutex_lock(&buckets[k].m);
  buckets[k].count++;
  pthread_mutex_unlock(&buckets[k].m);
  return 0;
}

int main(void) {
  for (int i = 0; i < 4; i++)
    pthread_mutex_init(&buckets[i].m, 0);
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return buckets[0].count;
}
