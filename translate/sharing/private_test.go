package sharing_test

import (
	"testing"
)

// TestPrivateBlocks: a local pointer that only holds fresh blocks and is
// given only to memset and free reaches memory of its thread only; a copy
// of it, a pointer into the block or a block given to another thread
// makes its accesses possibly shared.
func TestPrivateBlocks(t *testing.T) {
	const src = `
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
int *gq;
void *t(void *arg) {
	unsigned i;
	for (i = 0; i < 3; i++) {
		void *fresh;
		fresh = malloc(64);
		memset(fresh, 0, 64);
		((char *)fresh)[1] = 2;
		if (fresh != 0)
			free(fresh);
	}
	int *copied = malloc(8);  /* initialized: not tracked */
	int *stored;
	stored = malloc(8);
	gq = stored;               /* escapes through a global */
	*stored = 1;
	char *inner;
	inner = malloc(8);
	gq = (int *)&inner[4];     /* a pointer into the block escapes */
	inner[0] = 1;
	*copied = 1;
	static char *kept;         /* one variable (t_kept) for every thread running t */
	kept = malloc(8);
	kept[0] = 1;
	return 0;
}
void *u(void *arg) { *(int *)arg = 2; return 0; }
int main(void) {
	pthread_t a, b;
	int *given;
	given = malloc(8);
	*given = 1;
	pthread_t a2;
	pthread_create(&a, 0, t, 0);
	pthread_create(&a2, 0, t, 0);
	pthread_create(&b, 0, u, given); /* the block goes to another thread */
	pthread_join(b, 0);
	return *given;
}
`
	u := analyze(t, src)
	for name, want := range map[string]bool{"fresh": true, "copied": false, "stored": false, "inner": false, "given": false, "t_kept": false} {
		vs := vars(u.Prog, name)
		if len(vs) == 0 {
			t.Errorf("%s: no such variable", name)
		}
		for _, v := range vs {
			if got := u.Sharing.PrivateBlock[v]; got != want {
				t.Errorf("%s (%v): private block %v, want %v", name, v.Class, got, want)
			}
		}
	}
}
