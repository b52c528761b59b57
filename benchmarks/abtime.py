#!/usr/bin/env python3
"""Compare the time of two ladr binaries on the same tasks, interleaved.

On this noisy 2-core machine, two benchmark runs made an hour apart can
differ by 40% in every phase (parse and CBMC included). Running the two
binaries on each task one after the other, in alternating order, makes
the ratio of their times meaningful.

Usage: python3 benchmarks/abtime.py OLD NEW [N] [SEED] [TSV]

Runs `BIN check --task T.yml --format json --timeout 60` with each binary on
N (default 40) tasks drawn with SEED (default 7) from TSV (default
benchmarks/results/racy-78d5f5f.tsv, the tasks it lists under 10 s), from
the repository root with ../shared/svcomp; prints the median ratio new/old
(p10, p90), whether every answer is the same, and the median times.
LADR_CBMC is passed on.
"""
import csv
import json
import random
import statistics
import subprocess
import sys
import time


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        return 2
    old, new = sys.argv[1], sys.argv[2]
    n = int(sys.argv[3]) if len(sys.argv) > 3 else 40
    seed = int(sys.argv[4]) if len(sys.argv) > 4 else 7
    tsv = sys.argv[5] if len(sys.argv) > 5 else "benchmarks/results/racy-78d5f5f.tsv"
    rows = [r for r in csv.DictReader(open(tsv), delimiter="\t") if float(r["seconds"]) < 10]
    random.seed(seed)
    sample = random.sample(rows, min(n, len(rows)))
    bins = {"old": old, "new": new}
    res = {"old": [], "new": []}
    for i, r in enumerate(sample):
        for k in (["old", "new"] if i % 2 == 0 else ["new", "old"]):
            t = time.time()
            p = subprocess.run([bins[k], "check", "--task", "../shared/svcomp/" + r["task"],
                                "--format", "json", "--timeout", "60"], capture_output=True, text=True)
            dt = time.time() - t
            try:
                result = json.loads(p.stdout)["result"]
            except (ValueError, KeyError):
                result = "error"
            res[k].append((r["task"], dt, result))
    rat = sorted(b[1] / a[1] for a, b in zip(res["old"], res["new"]))
    q = max(len(rat) // 10, 1)
    print("median time ratio new/old %.2f (p10 %.2f, p90 %.2f) over %d tasks"
          % (statistics.median(rat), rat[q - 1], rat[-q], len(rat)))
    same = all(a[2] == b[2] for a, b in zip(res["old"], res["new"]))
    print("same answers:", same)
    for a, b in zip(res["old"], res["new"]):
        if a[2] != b[2]:
            print("  %s: old %s, new %s" % (a[0], a[2], b[2]))
    print("median time old %.2f s, new %.2f s"
          % (statistics.median(x[1] for x in res["old"]), statistics.median(x[1] for x in res["new"])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
