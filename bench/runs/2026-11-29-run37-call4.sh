#!/usr/bin/env bash
# Session 25 call 4: the new streamed code (044b9b6) on the GPU: PolyBench/C as written, the streamed form forced
# at small tiles, random time loops of stencils; heat-3d's streamed kernels under ncu.
set -uo pipefail
export PATH=$PATH:/usr/local/cuda/bin
nvidia-smi -L
t0=$(date +%s)
python3 utils/polybench-check.py --stage run --work .device/pb-small --mode gpu --dataset SMALL --validate-dataset MINI -j 16 > $OUT/polybench.txt 2>&1
tail -1 $OUT/polybench.txt; grep -v "^PASS" $OUT/polybench.txt | head
LOOPGPU_TIME_TILE_MIN_BLOCKS=0 LOOPGPU_TRACE=1 python3 utils/polybench-check.py --stage run --work .device/pb-st2 --mode gpu --dataset SMALL --validate-dataset SMALL --kernels jacobi-2d,heat-3d,fdtd-2d -j 16 > $OUT/pb-st2.txt 2>&1
tail -1 $OUT/pb-st2.txt
echo "polybench $(( $(date +%s) - t0 )) s"
LOOPGPU_TIME_TILE_MIN_BLOCKS=0 bash bench/fuzz-gpu.sh --run .device/fz -j 16 --sanitize-every 5 > $OUT/fz.txt 2>&1; tail -3 $OUT/fz.txt
echo "fuzz $(( $(date +%s) - t0 )) s"
for v in heat-3d_-time-tile-1_-time-tile-form-streamed heat-3d_-time-tile-2_-time-tile-form-streamed; do
  LOOPGPU_TRACE=1 .device/tt/$v.bin 256 100 /tmp/h.out 2>&1 | grep -i "chunk\|blocks\|ms" | sort | uniq -c | head -5
  timeout 150 ncu --clock-control none --kernel-name regex:time_t --launch-skip 2 --launch-count 1 --section SpeedOfLight --section ComputeWorkloadAnalysis --section WarpStateStats --section SchedulerStats --section InstructionStats --section Occupancy --section LaunchStats --metrics smsp__pcsamp_warps_issue_stalled_barrier,smsp__pcsamp_warps_issue_stalled_short_scoreboard,smsp__pcsamp_warps_issue_stalled_long_scoreboard,smsp__pcsamp_warps_issue_stalled_wait,smsp__pcsamp_warps_issue_stalled_math_pipe_throttle,smsp__pcsamp_warps_issue_stalled_mio_throttle,l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum .device/tt/$v.bin 256 20 /tmp/h.out > $OUT/ncu-$v.txt 2>&1
  grep -E "Duration|Issue Slots Busy|Achieved Occupancy|Executed Instructions  |stalled|bank_conflicts|wavefronts|Registers Per|Grid Size|Warp Cycles Per Issued" $OUT/ncu-$v.txt
done
echo "total $(( $(date +%s) - t0 )) s"
