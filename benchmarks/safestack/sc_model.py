#!/usr/bin/env python3
"""Explicit-state model of SV-COMP's pthread-complex/safestack_relacy under
sequential consistency, to answer two questions exactly:

  1. Can assert(stack.array[elem].Value == idx) fail? (the task says
     unreach-call false; its no-data-race verdict says true)
  2. How many round-robin rounds (ladr's --rounds: threads T1..T3 in creation
     order, each running zero or more steps per round) does a failing run
     need, and how many iterations of each loop?

One transition is one atomic step of a thread: each access to shared memory
(count, head, Next[], Value[]) or one __VERIFIER_atomic_begin/end section
(atomic_exchange, atomic_compare_and_exchange, atomic_fetch_add/sub,
atomic_store). Thread-local computation is folded into the steps. The
search is a 0-1 BFS over (state, running thread): a step by a thread earlier
in the round-robin order than the one that ran last starts a new round.

Usage: python3 sc_model.py   (about five minutes; prints the schedule)

With two arguments the loops get per-call caps, to find the smallest
per-loop bounds (ladr's --unwindset) at which the assertion can fail:

    python3 sc_model.py POPMAX PUSHMAX

POPMAX bounds the iterations of Pop's retry loop per call (and the
thread's for (;;) may call Pop once per element: a Pop that returns -1
would need a second call), PUSHMAX the CAS attempts of one Push. Results
(2026-11-26): 1 1 cannot fail (881,252 states); 1 2 fails in 4 rounds;
1 3 fails in 4 rounds; 2 1 cannot fail; 2 2 fails in 4 rounds.
"""
import sys
from collections import deque

NT, ITER = 3, 2  # threads, iterations of each thread's outer loop
# The caps (None: no cap, and no counting: the failed iterations of an
# uncapped loop would make the state space endless).
POPMAX, PUSHMAX = (int(sys.argv[1]), int(sys.argv[2])) if len(sys.argv) == 3 else (None, None)
# Program counters: Pop (load count, load head, exchange Next[h], CAS head,
# restore Next[h], fetch_sub count), the Value write and read, Push (load
# head, store Next[i], CAS head, fetch_add count).
LC, LH, XC, CAS, RST, FSUB, WR, RD, PLH, PST, PCAS, PADD, DONE = range(13)
NAMES = "LC LH XC CAS RST FSUB WR RD PLH PST PCAS PADD DONE".split()


def step(s, t):
    """The successor of state s when thread t takes one step: a state,
    'BUG' when t's assertion fails, or None when t cannot change s."""
    head, count, nxt, val, ths = s
    pc, i, elem, h, n, pi, pf = ths[t]
    nxt, val = list(nxt), list(val)
    if pc == LC:  # while (atomic_load(&stack.count) > 1); else Pop returns -1 and for(;;) retries
        th = (LH, i, elem, h, n) if count > 1 else ths[t]
        if th == ths[t]:
            return None
    elif pc == LH:
        th = (XC, i, elem, head, n)
    elif pc == XC:
        nn, nxt[h] = nxt[h], -1
        th = (CAS, i, elem, h, nn) if nn >= 0 else (LC, i, elem, h, nn)
    elif pc == CAS:
        if head == h:
            head, th = n, (FSUB, i, elem, h, n)
        else:
            th = (RST, i, elem, h, n)
    elif pc == RST:
        nxt[h], th = n, (LC, i, elem, h, n)
    elif pc == FSUB:
        count, th = count - 1, (WR, i, h, h, n)
    elif pc == WR:
        val[elem], th = t, (RD, i, elem, h, n)
    elif pc == RD:
        if val[elem] != t:
            return "BUG"
        th = (PLH, i, elem, h, n)
    elif pc == PLH:
        th = (PST, i, elem, head, n)
    elif pc == PST:
        nxt[elem], th = h, (PCAS, i, elem, h, n)
    elif pc == PCAS:  # on failure the CAS loads the current head into h
        th = (PADD, i, elem, h, n) if head == h else (PST, i, elem, head, n)
        if head == h:
            head = elem
    elif pc == PADD:
        count, th = count + 1, (DONE if i + 1 == ITER else LC, i + 1, elem, h, n)
    else:
        return None
    if POPMAX is not None:
        npi, npf = pi, pf
        if pc in (XC, RST) and th[0] == LC:  # another iteration of Pop's loop
            npi += 1
            if npi >= POPMAX:
                return None
        if pc == FSUB:
            npi = 0
        if pc == PCAS and th[0] == PST:  # another CAS attempt of Push
            npf += 1
            if npf >= PUSHMAX:
                return None
        if pc == PCAS and th[0] == PADD:
            npf = 0
        pi, pf = npi, npf
    th = th + (pi, pf)
    return (head, count, tuple(nxt), tuple(val), ths[:t] + (th,) + ths[t + 1:])


def main():
    init = (0, 3, (1, 2, -1), (0, 0, 0), tuple((LC, 0, 0, 0, 0, 0, 0) for _ in range(NT)))
    start = (init, 0)
    dist, prev, best = {start: 1}, {start: None}, None
    dq = deque([start])
    while dq:
        node = dq.popleft()
        s, last = node
        d = dist[node]
        if best is not None and d > best[0]:
            break
        for t in range(NT):
            r = step(s, t)
            if r is None:
                continue
            nd = d + (0 if t >= last else 1)
            if r == "BUG":
                if best is None or nd < best[0]:
                    best = (nd, node, t)
                continue
            nn = (r, t)
            if nn not in dist or nd < dist[nn]:
                dist[nn], prev[nn] = nd, (node, t)
                (dq.appendleft if nd == d else dq.append)(nn)
    if best is None:
        print("the assertion cannot fail (%d states)" % len(dist))
        return 0
    rounds, node, t = best
    steps = [(node[0], t)]
    while prev[node] is not None:
        node, tt = prev[node]
        steps.append((node[0], tt))
    steps.reverse()
    print("the assertion fails; fewest round-robin rounds: %d; steps: %d" % (rounds, len(steps)))
    pushes = {}
    for s, tt in steps:
        pc = s[4][tt][0]
        print("T%d %-4s head=%d count=%d Next=%s Value=%s" % (tt + 1, NAMES[pc], s[0], s[1], s[2], s[3]))
        if pc == PCAS:
            pushes[tt] = pushes.get(tt, 0) + 1
    print("CAS attempts in Push per thread:", {"T%d" % (k + 1): v for k, v in sorted(pushes.items())})
    return 0


if __name__ == "__main__":
    sys.exit(main())
