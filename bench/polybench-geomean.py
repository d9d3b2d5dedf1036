#!/usr/bin/env python3
"""Speed of loopgpu against PPCG's figures (default: issue 19's,
bench/ppcg-issue19.txt; --ppcg FILE: another run's, e.g. the table
bench/ppcg-polybench.sh prints, where FAILED(...) counts as not finished).

  bench/polybench-geomean.py [--ppcg FILE] TIMES.txt [TIMES2.txt ...]

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
args = sys.argv[1:]
ref = os.path.join(here, "ppcg-issue19.txt")
if args[:1] == ["--ppcg"]:
    ref, args = args[1], args[2:]
ppcg = {}
for line in open(ref):
    # "kernel seconds" lines; a run's log may hold other lines (the device's name, compiler warnings)
    parts = line.split()
    if len(parts) == 2 and not line.startswith("#") and (parts[1][0].isdigit() or parts[1][0] == ">" or
                                                         parts[1].startswith("FAILED")):
        k, v = parts
        ppcg[k] = ">" + v if v.startswith("FAILED") else v
ours = {}
for f in args:
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
