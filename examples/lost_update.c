/* An assertion failure that needs a context switch between a load and a
   store. Run: bin/ladr check --property assert examples/lost_update.c */
#include <assert.h>
#include <pthread.h>

int balance = 100;

void *withdraw(void *arg) {
  int b = balance;
  balance = b - 10;
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, withdraw, 0);
  pthread_create(&t2, 0, withdraw, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  assert(balance == 80);
  return 0;
}
