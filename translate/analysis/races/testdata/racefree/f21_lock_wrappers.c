/* origin: written for ladr
 * licence: MIT
 * expected: race-free
 * proof: expected
 * reason: all accesses to queue_len go through enter()/leave() wrapper functions that lock and unlock the one mutex qlock; the lockset must flow through calls.
 */
#include <pthread.h>

pthread_mutex_t qlock = PTHREAD_MUTEX_INITIALIZER;
int queue_len;

static void enter(void) { pthread_mutex_lock(&qlock); }
static void leave(void) { pthread_mutex_unlock(&qlock); }

static void push(void) {
  enter();
  queue_len++;
  leave();
}

static int pop(void) {
  int ok = 0;
  enter();
  if (queue_len > 0) {
    queue_len--;
    ok = 1;
  }
  leave();
  return ok;
}

void *producer(void *arg) { push(); push(); return 0; }
void *consumer(void *arg) { pop(); return 0; }

int main(void) {
  pthread_t p, c;
  pthread_create(&p, 0, producer, 0);
  pthread_create(&c, 0, consumer, 0);
  pthread_join(p, 0);
  pthread_join(c, 0);
  return queue_len;
}
