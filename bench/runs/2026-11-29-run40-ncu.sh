#!/bin/bash
set -u
D=.device/x40
export PATH=/usr/local/cuda/bin:$PATH
which ncu; nvcc -O3 -arch=sm_90 -o $D/base_s8 $D/base_s8.cu bench/drivers/polybench_gemm.cu -lcublas -lineinfo
S="--section SpeedOfLight --section WarpStateStats --section SchedulerStats --section ComputeWorkloadAnalysis --section MemoryWorkloadAnalysis --section MemoryWorkloadAnalysis_Tables --section LaunchStats --section Occupancy"
timeout 200 ncu --clock-control none --kernel-name regex:kernel2_exact --launch-skip 1 --launch-count 1 $S $D/base_s8 4096 ncu 2>&1 | grep -v "^    ---\|^  *$" | grep -v "^    OPT\|^          \|WRN\|INF" | head -150
M=""
for r in barrier long_scoreboard short_scoreboard math_pipe_throttle wait mio_throttle lg_throttle not_selected dispatch_stall selected tex_throttle; do M="$M,smsp__average_warps_issue_stalled_${r}_per_issue_active.ratio"; done
M="${M#,},l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,smsp__inst_executed.sum,smsp__inst_executed_pipe_fp64.sum,sm__inst_executed_pipe_tensor_op_dmma.sum,lts__t_bytes.sum,dram__bytes.sum,gpu__time_duration.sum"
timeout 200 ncu --clock-control none --kernel-name regex:'kernel2_exact|xmma' --launch-skip 2 --launch-count 2 --metrics $M $D/base_s8 4096 ncu 2>&1 | grep -v "^    ---\|^  *$" | grep -v "^==" | head -80
