#!/bin/bash
# Run 41 call 1 (issue 14, heat-3d 256^3 x 100): lab/heat3d_patch.cu's variants beside the generator's untiled
# and streamed (depth 2) output, all through bench/drivers/timestep.cu; results compared with the untiled run's
# at 256^3 x 100 and at 200^3 x 7 (a short last launch). Then ncu on two variants.
set -uo pipefail
export PATH=/usr/local/cuda/bin:$PATH
D=.device/h41
nvidia-smi -L; nvidia-smi --query-gpu=clocks.sm,clocks.mem,power.draw,temperature.gpu --format=csv
V=${V:-"a:32:64:4:2:0:1 b:32:64:4:2:1:1 c:32:56:4:2:0:1 d:32:56:4:2:1:1 e:32:48:4:2:1:1 f:32:32:2:2:1:1 g:32:32:4:2:1:2 h:32:32:2:3:1:1 i:64:32:4:2:0:1 j:32:40:4:2:1:1 k:32:32:4:3:1:1"}
for g in gen_untiled gen_stream2; do
  nvcc -O3 -arch=sm_90 -std=c++17 -DHEAT3D -Ibench/drivers $D/$g.cu bench/drivers/timestep.cu -o $D/$g > $D/$g.log 2>&1 &
done
for v in $V; do
  IFS=: read -r n px py r it sh mb <<< "$v"
  nvcc -O3 -arch=sm_90 -std=c++17 -DHEAT3D -DPX=$px -DPY=$py -DR=$r -DITERS=$it -DSHFL=$sh -DMINB=$mb -Xptxas -v \
    -Ibench/drivers lab/heat3d_patch.cu bench/drivers/timestep.cu -o $D/$n > $D/$n.log 2>&1 &
done
wait
$D/gen_untiled 256 100 $D/ref256.out | tee $OUT/untiled.txt
$D/gen_untiled 200 7 $D/ref200.out
echo "gen_stream2: $($D/gen_stream2 256 100 $D/s.out $D/ref256.out | tr '\n' ' ')"
for v in $V; do
  n=${v%%:*}
  echo "== $v $(grep -A1 '_Z7heat_tt' $D/$n.log | grep -o 'Used [0-9]* registers') $(grep -A1 '_Z7heat_tt' $D/$n.log | grep -o '[0-9]* bytes spill stores')"
  $D/$n 200 7 $D/$n.200 $D/ref200.out | grep compare
  $D/$n 256 100 $D/$n.out $D/ref256.out
  $D/$n 256 100 | grep N
done 2>&1 | tee $OUT/variants.txt
for n in ${NCU:-b d}; do
  echo "== ncu $n"
  timeout 120 ncu --clock-control none --kernel-name regex:heat_tt --launch-skip 2 --launch-count 1 --section SpeedOfLight --section ComputeWorkloadAnalysis --section WarpStateStats --section SchedulerStats --section Occupancy --metrics smsp__pcsamp_warps_issue_stalled_barrier,smsp__pcsamp_warps_issue_stalled_short_scoreboard,smsp__pcsamp_warps_issue_stalled_long_scoreboard,smsp__pcsamp_warps_issue_stalled_wait,smsp__pcsamp_warps_issue_stalled_math_pipe_throttle,smsp__pcsamp_warps_issue_stalled_mio_throttle,smsp__pcsamp_warps_issue_stalled_lg_throttle,smsp__pcsamp_warps_issue_stalled_selected,l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,sm__inst_executed_pipe_fp64.avg.pct_of_peak_sustained_active,sm__pipe_fp64_cycles_active.avg.pct_of_peak_sustained_active $D/$n 256 8 > $OUT/ncu-$n.txt 2>&1
  grep -E "Duration|DRAM Throughput|Memory Throughput|Issue Slots Busy|Achieved Occupancy|Executed Instructions  |stalled|bank_conflicts|wavefronts|fp64|Registers Per|Warp Cycles Per Issued" $OUT/ncu-$n.txt
done
