#!/usr/bin/env bash
# Session 25 call 5: heat-3d's streamed kernels under ncu (where the time goes).
set -uo pipefail
export PATH=$PATH:/usr/local/cuda/bin
nvidia-smi -L
for v in heat-3d_-time-tile-1_-time-tile-form-streamed heat-3d_-time-tile-2_-time-tile-form-streamed; do
  nvcc -O3 -arch=sm_90 -std=c++17 -DHEAT3D -Ibench/drivers .device/tt/$v.cu bench/drivers/timestep.cu -o .device/tt/$v.bin -Xptxas -v > $OUT/$v.nvcc 2>&1
  cuobjdump --dump-sass .device/tt/$v.bin | grep -A100000 "Function : .*time_t" > $OUT/$v.sass
  LOOPGPU_TRACE=1 .device/tt/$v.bin 256 100 /tmp/h.out 2>&1 | sort | uniq -c | tail -4
  timeout 150 ncu --clock-control none --kernel-name regex:time_t --launch-skip 2 --launch-count 1 --section SpeedOfLight --section ComputeWorkloadAnalysis --section WarpStateStats --section SchedulerStats --section InstructionStats --section Occupancy --section LaunchStats --section MemoryWorkloadAnalysis --metrics smsp__pcsamp_warps_issue_stalled_barrier,smsp__pcsamp_warps_issue_stalled_short_scoreboard,smsp__pcsamp_warps_issue_stalled_long_scoreboard,smsp__pcsamp_warps_issue_stalled_wait,smsp__pcsamp_warps_issue_stalled_math_pipe_throttle,smsp__pcsamp_warps_issue_stalled_mio_throttle,smsp__pcsamp_warps_issue_stalled_lg_throttle,smsp__pcsamp_warps_issue_stalled_selected,l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum .device/tt/$v.bin 256 20 /tmp/h.out > $OUT/ncu-$v.txt 2>&1
  grep -E "Duration|Issue Slots Busy|Achieved Occupancy|Executed Instructions  |stalled|bank_conflicts|wavefronts|Registers Per|Grid Size|Warp Cycles Per Issued|DRAM Through|Eligible Warps" $OUT/ncu-$v.txt
done
