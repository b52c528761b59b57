/* A data race: the worker and main both update `counter` without a lock.
   Run: bin/ladr check examples/racy.c */
#include <pthread.h>
#include <stdio.h>

int counter;
pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
  for (int i = 0; i < 2; i++) {
    pthread_mutex_lock(&lock);
    counter++;                  /* protected */
    pthread_mutex_unlock(&lock);
  }
  return NULL;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, worker, NULL);
  counter++;                    /* unprotected: races with the worker */
  pthread_join(t, NULL);
  printf("%d\n", counter);
  return 0;
}
