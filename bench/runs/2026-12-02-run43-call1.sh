#!/bin/bash
# Run 43 call 1 (issue 14, the 7-point stencil at 85% of copy on the H200): lab/stencil_h200.cu's register
# z-marches (rows of y per thread, shuffled x neighbours, streaming stores) beside the generator's default and
# run 29's lab shapes, 512^3 float and double, two rounds; ncu (memory workload) of the generator's float kernel,
# the generator-shaped lab kernel and two register z-marches.
set -uo pipefail
export PATH=/usr/local/cuda/bin:$PATH
D=.device/s43
nvcc -O3 -arch=sm_90 -o $D/sh200 lab/stencil_h200.cu &
nvcc -O3 -arch=sm_90 -std=c++17 -Ibench/drivers $D/stencil7.cu bench/drivers/stencil.cu -o $D/gen &
nvcc -O3 -arch=sm_90 -std=c++17 -Ibench/drivers -DSTENCIL_T=double -DSTENCIL_DEVICE=stencil7d_device $D/stencil7d.cu bench/drivers/stencil.cu -o $D/gend &
wait
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader
for r in 1 2; do
  $D/gen 512 loopgpu-default; $D/gend 512 loopgpu-default
  $D/sh200 512
done
M=dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_write.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,lts__t_sector_hit_rate.pct,smsp__inst_executed.sum,lts__throughput.avg.pct_of_peak_sustained_elapsed,l1tex__throughput.avg.pct_of_peak_sustained_elapsed,dram__throughput.avg.pct_of_peak_sustained_elapsed,gpu__time_duration.sum,smsp__warps_issue_stalled_long_scoreboard_per_warp_active.pct,smsp__warps_issue_stalled_lg_throttle_per_warp_active.pct,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__issue_active.avg.pct_of_peak_sustained_active
echo "== ncu gen"
timeout 120 ncu --clock-control none --kernel-name regex:stencil7_nest0_kernel --launch-skip 2 --launch-count 1 --metrics $M $D/gen 512 > $OUT/ncu-gen.txt 2>&1; grep -E "^\s+(dram|lts|l1tex|smsp|gpu|sm)__" $OUT/ncu-gen.txt
for k in 'lsv' 'zreg'; do
  echo "== ncu $k (first variant of that name, float)"
  timeout 150 ncu --clock-control none --kernel-name regex:$k --launch-skip 2 --launch-count 1 --metrics $M $D/sh200 512 > $OUT/ncu-$k.txt 2>&1; grep -E "zreg<|lsv<|^\s+(dram|lts|l1tex|smsp|gpu|sm)__" $OUT/ncu-$k.txt
done
