/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: all instances created in the loop get the same pointer REASONshared and write shared.val through it (line 13, two instances of it).
 */
#include <pthread.h>

struct data { int id; int val; };
struct data shared;

void *worker(void *arg) {
  struct data *d = arg;
  d->val = d->val + 1; /* race */
  return 0;
}

int main(void) {
  pthread_t t[3];
  for (int i = 0; i < 3; i++)
    pthread_create(&t[i], 0, worker, &shared);
  for (int i = 0; i < 3; i++)
    pthread_join(t[i], 0);
  return shared.val;
}
