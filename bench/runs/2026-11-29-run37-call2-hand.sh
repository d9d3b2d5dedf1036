#!/usr/bin/env bash
# Session 25 call 2: jacobi-2d's streamed kernel hand-edited: step loop unrolled (window shifts become renames),
# row checks / all checks dropped (timing only: the no-check variants are wrong at the borders), register caps.
set -uo pipefail
export PATH=$PATH:/usr/local/cuda/bin
W=.device/p2
for f in $W/*.cu; do v=$(basename $f .cu); nvcc -O3 -arch=sm_90 -std=c++17 -DJACOBI2D -Ibench/drivers $f bench/drivers/timestep.cu -o $W/$v.bin -Xptxas -v > $W/$v.nvcc 2>&1 & done; wait
for r in 1 2; do for f in $W/*.cu; do v=$(basename $f .cu); printf '%-16s %s regs ' $v "$(grep -A2 time_t $W/$v.nvcc | grep -o 'Used [0-9]* registers' | head -1)"; ref=; [ $v != chk_u1 ] && ref=$W/chk_u1.out; $W/$v.bin 4096 100 $W/$v.out $ref 2>&1 | tail -2 | tr '\n' ' '; echo; done; done
for f in $W/*.cu; do v=$(basename $f .cu); printf '%-16s ' $v; ncu --clock-control none --kernel-name regex:time_t --launch-skip 3 --launch-count 1 --metrics smsp__inst_executed.sum,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__issue_active.avg.pct_of_peak_sustained_active $W/$v.bin 4096 20 /tmp/x.out 2>&1 | grep -E "inst_executed|warps_active|issue_active" | awk '{printf "%s %s  ", $1, $NF}'; echo; done
