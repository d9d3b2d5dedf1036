#!/usr/bin/env python3
"""Speed of loopgpu against PPCG's figures of issue 19 (bench/ppcg-issue19.txt).

  bench/polybench-geomean.py TIMES.txt [TIMES2.txt ...]

TIMES.txt: the table bench/polybench-time.sh prints (kernel, restrict seconds,
...); later files override earlier ones per kernel (e.g. a run with a longer
timeout for lu, cholesky and ludcmp). Prints per kernel PPCG / loopgpu (above
1: loopgpu faster), then the geometric mean over the kernels both finish, and
the kernels slower than PPCG by more than 1.2x.
"""
import math
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
ppcg = {}
for line in open(os.path.join(here, "ppcg-issue19.txt")):
    if line.strip() and not line.startswith("#"):
        k, v = line.split()
        ppcg[k] = v
ours = {}
for f in sys.argv[1:]:
    for line in open(f):
        parts = line.split()
        if len(parts) >= 2 and parts[0] in ppcg:
            ours[parts[0]] = parts[1]
logs, slow = [], []
for k in sorted(ppcg):
    p, o = ppcg[k], ours.get(k, "-")
    if p.startswith(">") or o.startswith(">") or o == "-":
        print(f"{k:16s} ppcg {p:>8s} loopgpu {o:>10s}  (not both finished)")
        continue
    r = float(p) / float(o)
    logs.append(math.log(r))
    if r < 1 / 1.2:
        slow.append(f"{k} {r:.2f}x")
    print(f"{k:16s} ppcg {p:>8s} loopgpu {o:>10s}  {r:7.2f}x")
if logs:
    print(f"geomean PPCG/loopgpu over {len(logs)} kernels: {math.exp(sum(logs) / len(logs)):.2f}x")
print("slower than PPCG by more than 1.2x: " + (", ".join(slow) if slow else "none"))
