#!/usr/bin/env bash
# Shows that goblint-regression/28-race_reach_91-arrayloop2_racefree and
# 28-race_reach_93-evilcollapse_racefree, whose unreach-call verdict is
# expected true, reach reach_error() with a single thread and no
# interleaving at all: main fills slot i's list with elements whose datum is
# j*i, and t_fun's "assert_racefree" branch asserts datum == 0 on every
# element of slot j (j >= 0 chosen by __VERIFIER_nondet_int). The task's
# main is replaced by one that builds the same lists and runs one t_fun;
# __VERIFIER_nondet_int returns 8 (the slot) and then 0 (the assert branch).
#
# Usage: benchmarks/mislabelled/race_reach_racefree_lists.sh [SVCOMP_DIR]
# Prints "reach_error() reached" for each task (exit status 0), or says
# which task did not reach it (exit status 1).
set -euo pipefail
svcomp=${1:-$(cd "$(dirname "$0")/../../.." && pwd)/shared/svcomp}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
for t in 28-race_reach_91-arrayloop2_racefree 28-race_reach_93-evilcollapse_racefree; do
  src="$svcomp/c/goblint-regression/$t.i"
  sed 's/^int main() {/int task_main() {/; s/^extern int __VERIFIER_nondet_int();/int __VERIFIER_nondet_int();/' "$src" > "$work/$t.c"
  cat >> "$work/$t.c" <<'EOF'
static int calls;
int __VERIFIER_nondet_int(void) { return calls++ == 0 ? 8 : 0; }
int main() {
  for (int i = 0; i < 10; i++) {
    INIT_LIST_HEAD(&c.slot[i]);
    pthread_mutex_init(&c.slots_mutex[i], ((void *)0));
    for (int j = 0; j < 30; j++) list_add(&new(j*i)->list, &c.slot[i]);
  }
  pthread_t t; pthread_create(&t, 0, t_fun, 0); pthread_join(t, 0);
  return 0;
}
EOF
  gcc -w -o "$work/$t" "$work/$t.c" -lpthread
  if bash -c "\"\$0\" 2>/dev/null" "$work/$t" 2>/dev/null; then
    echo "$t: reach_error() not reached"; status=1
  else
    echo "$t: reach_error() reached (one thread, slot 8, assert branch)"
  fi
done
exit $status
