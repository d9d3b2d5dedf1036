#!/bin/bash
# Run 42 call 2: the streamed time tile's step loop as printed (one loop over unrolls, clean or checked by an if
# inside) against lab/fdtd_split.py's two other structures of the same CUDA (split: checked, clean, checked loops;
# whole: every unroll of a block clean or every one checked, the form before 93f8455), and fdtd-2d's CUDA from before
# 93f8455 (old), two rounds. Prepared here: bash bench/runs/2026-12-02-run42-call1.sh prepare, then
# lab/fdtd_split.py on .device/tt/{fdtd-2d,heat-3d,jacobi-2d}_.cu, and fdtd-2d_old.cu copied in.
set -uo pipefail
export PATH=$PATH:/usr/local/cuda/bin
V="fdtd-2d@-time-tile=0 heat-3d@-time-tile=0 jacobi-2d@-time-tile=0"
for k in fdtd-2d heat-3d jacobi-2d; do V="$V $k@ $k@split $k@whole"; done
V="$V fdtd-2d@old"
for round in 1 2; do VARIANTS="$V" TT_DIR=.device/tt bash bench/timetile.sh run; done
