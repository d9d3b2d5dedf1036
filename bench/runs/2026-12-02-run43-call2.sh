#!/bin/bash
# Run 43 call 2 (issue 14, the 7-point stencil on the H200): the generator's code shape (lsvr) with rows of y per
# thread and a per-thread full-tile test along x, beside zreg without shuffles, 512^3 float and double, two
# rounds; ncu of three of them (L2 throughput and sectors).
set -uo pipefail
export PATH=/usr/local/cuda/bin:$PATH
D=.device/s43
nvcc -O3 -arch=sm_90 -o $D/sh200 lab/stencil_h200.cu
for r in 1 2; do $D/sh200 512; done
M=dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_write.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,lts__throughput.avg.pct_of_peak_sustained_elapsed,l1tex__throughput.avg.pct_of_peak_sustained_elapsed,dram__throughput.avg.pct_of_peak_sustained_elapsed,gpu__time_duration.sum,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__issue_active.avg.pct_of_peak_sustained_active
i=0
for k in 'lsvr<float, 2, 2, 32, 4, 1>' 'lsvr<double, 2, 2, 32, 4, 1>' 'zreg<float, 4, 2, 32, 4, 8, 1, 0>' 'zreg<double, 2, 2, 32, 4, 8, 0, 0>'; do
  i=$((i+1)); echo "== ncu $k"
  timeout 100 ncu --clock-control none --kernel-name-base demangled --kernel-name "regex:$k" --launch-skip 2 --launch-count 1 --metrics $M $D/sh200 512 > $OUT/ncu-$i.txt 2>&1; grep -E "^\s+(dram|lts|l1tex|smsp|gpu|sm)__" $OUT/ncu-$i.txt
done
