/* origin: written for ladr
 * licence: MIT
 * expected: race-free
 * proof: expected
 * reason: the counter field of the global struct acct is only accessed while holding acct.lock, the mutex field of the same global struct.
 */
#include <pthread.h>

struct account {
  pthread_mutex_t lock;
  long balance;
};
struct account acct = { PTHREAD_MUTEX_INITIALIZER, 100 };

void deposit(struct account *a, long v) {
  pthread_mutex_lock(&a->lock);
  a->balance += v;
  pthread_mutex_unlock(&a->lock);
}

void *worker(void *arg) {
  deposit(&acct, 10);
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  deposit(&acct, -5);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return (int)acct.balance;
}
