#!/bin/bash
set -u
D=.device/x40
export PATH=/usr/local/cuda/bin:$PATH
nvcc -O3 -arch=sm_90 -o $D/base_s8 $D/base_s8.cu bench/drivers/polybench_gemm.cu -lcublas -lineinfo &
nvcc -O3 -arch=sm_90 -o $D/noalpha_s8 $D/noalpha_s8.cu bench/drivers/polybench_gemm.cu -lcublas &
wait
for r in 1 2 3; do for v in base_s8 noalpha_s8; do $D/$v 4096 "$v" 2>&1 | sed 's/ | max rel diff.*//'; done; done
M=""
for r in barrier long_scoreboard short_scoreboard math_pipe_throttle wait mio_throttle lg_throttle not_selected dispatch_stall selected tex_throttle no_instruction branch_resolving membar sleeping drain imc_miss; do M="$M,smsp__average_warps_issue_stalled_${r}_per_issue_active.ratio"; done
M="${M#,},l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,smsp__inst_executed.sum,smsp__inst_executed_pipe_fp64.sum,sm__inst_executed_pipe_tensor_op_dmma.sum,lts__t_bytes.sum,dram__bytes.sum,gpu__time_duration.sum,sm__pipe_shared_cycles_active.avg.pct_of_peak_sustained_active,sm__pipe_fp64_cycles_active.avg.pct_of_peak_sustained_active,sm__pipe_tensor_op_dmma_cycles_active.avg.pct_of_peak_sustained_active"
for v in base_s8 noalpha_s8; do
timeout 200 ncu --clock-control none --kernel-name regex:'kernel2_exact' --launch-skip 1 --launch-count 1 --metrics $M $D/$v 4096 ncu 2>&1 | grep -v "^    ---\|^  *$" | grep -v "^==" | head -60
done
timeout 200 ncu --clock-control none --kernel-name regex:'xmma' --launch-skip 1 --launch-count 1 --metrics $M $D/base_s8 4096 ncu 2>&1 | grep "pipe_\|no_instruction\|branch\|imc\|drain"
