/* origin: written for ladr
 * licence: MIT
 * expected: race-free
 * proof: not-expected (the analysis does not tell the blocks of one allocation site apart when they are reached through an array: main's write of jobs[i]->in is not shown disjoint from the running threads' blocks)
 * reason: main allocates one block per loop iteration and passes it to that iteration's thread only; each thread writes its own block, main reads and frees the blocks after joining all threads.
 */
#include <pthread.h>
#include <stdlib.h>

struct job { int in; int out; };

void *worker(void *arg) {
  struct job *j = arg;
  j->out = j->in * j->in;
  return 0;
}

int main(void) {
  pthread_t t[2];
  struct job *jobs[2];
  for (int i = 0; i < 2; i++) {
    jobs[i] = malloc(sizeof(struct job));
    if (!jobs[i])
      return 1;
    jobs[i]->in = i + 1;
    pthread_create(&t[i], 0, worker, jobs[i]);
  }
  int s = 0;
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], 0);
  for (int i = 0; i < 2; i++) {
    s += jobs[i]->out;
    free(jobs[i]);
  }
  return s;
}
