/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: the thread argument points to a struct whose field points to the global total; the worker writes through arg->out while main writes total before the join (lines 13 and 21).
 */
#include <pthread.h>

struct task { int in; int *out; };
int total;

void *worker(void *arg) {
  struct task *t = arg;
  *t->out = t->in; /* race */
  return 0;
}

int main(void) {
  struct task tk = { 5, &total };
  pthread_t th;
  pthread_create(&th, 0, worker, &tk);
  total = 1; /* race */
  pthread_join(th, 0);
  return total;
}
