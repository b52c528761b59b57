/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: strtok returns pointers into the shared line buffer and reads/writes it; thread a reads line[0] inside strtok and writes it through the returned token pointer while thread b writes line[0] (lines 12, 14 and 19).
 */
#include <pthread.h>
#include <string.h>

char line[32] = "ab cd ef";

void *a(void *arg) {
  char *tok = strtok(line, " "); /* race */
  if (tok)
    tok[0] = 'X'; /* race */
  return 0;
}

void *b(void *arg) {
  line[0] = 'Y'; /* race */
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, a, 0);
  pthread_create(&t2, 0, b, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return line[0];
}
