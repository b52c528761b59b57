/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: inner points at outer's member in (line 22), so the worker's write through inner (line 16) and main's write of outer->in.b.x (line 24) are the same int: a struct type met in the middle of a member path (outer->in.b.x: in is a struct Mid, b a struct Leaf), not at its start or end.
 */
#include <pthread.h>
#include <stdlib.h>

struct Leaf { int x; int y; };
struct Mid { int m; struct Leaf b; };
struct Outer { int a; struct Mid in; int z; };

struct Mid *inner;

void *worker(void *arg) {
  inner->b.x = 1; /* race */
  return 0;
}

int main(void) {
  struct Outer *outer = malloc(sizeof *outer);
  inner = &outer->in;
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  outer->in.b.x = 2; /* race */
  outer->a = 3;
  pthread_join(t, 0);
  return 0;
}
