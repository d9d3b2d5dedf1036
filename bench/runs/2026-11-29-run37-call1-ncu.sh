#!/usr/bin/env bash
# Session 25 call 1: where jacobi-2d's streamed kernel spends its time (ncu, SASS).
set -uo pipefail
export PATH=$PATH:/usr/local/cuda/bin
nvidia-smi -L
W=.device/p1
nvcc -O3 -arch=sm_90 -std=c++17 -DJACOBI2D -Ibench/drivers $W/j2.cu bench/drivers/timestep.cu -o $W/j2.bin -Xptxas -v > $OUT/nvcc.txt 2>&1
cuobjdump --dump-sass --function _Z29kernel_jacobi_2d_nest0_time_txiiiiPKdPdS0_S1_ $W/j2.bin > $OUT/j2.sass 2>&1 || cuobjdump --dump-sass $W/j2.bin > $OUT/j2-all.sass
$W/j2.bin 4096 100 /tmp/a.out 2>&1 | tail -2
timeout 200 ncu --clock-control none --kernel-name regex:time_t --launch-skip 3 --launch-count 1 --section SpeedOfLight --section ComputeWorkloadAnalysis --section WarpStateStats --section SchedulerStats --section InstructionStats --section Occupancy --section MemoryWorkloadAnalysis --section MemoryWorkloadAnalysis_Tables --section LaunchStats $W/j2.bin 4096 20 /tmp/b.out > $OUT/ncu.txt 2>&1
tail -5 $OUT/ncu.txt
timeout 120 ncu --clock-control none --kernel-name regex:time_t --launch-skip 3 --launch-count 1 --metrics smsp__pcsamp_warps_issue_stalled_barrier,smsp__pcsamp_warps_issue_stalled_short_scoreboard,smsp__pcsamp_warps_issue_stalled_mio_throttle,smsp__pcsamp_warps_issue_stalled_math_pipe_throttle,smsp__pcsamp_warps_issue_stalled_wait,smsp__pcsamp_warps_issue_stalled_long_scoreboard,smsp__inst_executed.sum,sm__pipe_fp64_cycles_active.avg.pct_of_peak_sustained_active,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum $W/j2.bin 4096 20 /tmp/b.out > $OUT/ncu2.txt 2>&1
tail -30 $OUT/ncu2.txt
