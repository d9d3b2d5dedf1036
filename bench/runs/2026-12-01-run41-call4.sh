#!/bin/bash
# Run 41 call 4 (issue 14, heat-3d 256^3 x 100): lab/heat3d_clean.cu, the step loop split into checked and clean
# steps, with the addresses advanced a row per step (PTR) and rows skipping unneeded levels (SKIP) and the generator's streamed depth 2; SASS counts; ncu.
set -uo pipefail
export PATH=/usr/local/cuda/bin:$PATH
D=.device/h41
nvidia-smi -L
V=${V:-"c1:0:0 p1:1:0 p1s:1:1"}
for g in gen_untiled gen_stream2; do
  nvcc -O3 -arch=sm_90 -std=c++17 -DHEAT3D -Ibench/drivers $D/$g.cu bench/drivers/timestep.cu -o $D/$g > $D/$g.log 2>&1 &
done
for v in $V; do
  IFS=: read -r n ptr skip <<< "$v"
  nvcc -O3 -arch=sm_90 -std=c++17 -DHEAT3D -DPTR=$ptr -DSKIP=$skip -Xptxas -v -Ibench/drivers lab/heat3d_clean.cu \
    bench/drivers/timestep.cu -o $D/$n > $D/$n.log 2>&1 &
done
wait
$D/gen_untiled 256 100 $D/ref256.out
$D/gen_untiled 200 7 $D/ref200.out > /dev/null
$D/gen_untiled 300 10 $D/ref300.out > /dev/null
echo "gen_stream2: $($D/gen_stream2 256 100 $D/s.out $D/ref256.out | tr '\n' ' ')"
for v in $V; do
  n=${v%%:*}
  echo "== $v $(grep -A1 '_Z7heat_tt' $D/$n.log | grep -o 'Used [0-9]* registers') $(grep -A1 '_Z7heat_tt' $D/$n.log | grep -o '[0-9]* bytes spill stores')"
  $D/$n 200 7 $D/$n.200 $D/ref200.out | grep compare
  $D/$n 300 10 $D/$n.300 $D/ref300.out | grep compare
  $D/$n 256 100 $D/$n.out $D/ref256.out
  $D/$n 256 100 | grep N
done 2>&1 | tee $OUT/variants.txt
for b in p1s; do
  cuobjdump -sass $D/$b > $D/$b.sass 2>&1
  awk '/Function : _Z7heat_tt/,0' $D/$b.sass | grep -E '^\s+/\*[0-9a-f]{4}\*/' | awk '{print $2}' | sed 's/\..*//' | sort | uniq -c | sort -rn | head -30 > $OUT/$b.counts
  echo "$b: $(awk '/Function : _Z7heat_tt/,0' $D/$b.sass | grep -cE '^\s+/\*[0-9a-f]{4}\*/') SASS lines"; head -12 $OUT/$b.counts | tr '\n' ' '; echo
done
cp $D/p1s.sass $OUT/p1s.sass
for n in ${NCU:-p1s}; do
  echo "== ncu $n"
  timeout 120 ncu --clock-control none --kernel-name regex:heat_tt --launch-skip 2 --launch-count 1 --section SpeedOfLight --section WarpStateStats --section SchedulerStats --section Occupancy --metrics smsp__inst_executed.sum,smsp__pcsamp_warps_issue_stalled_barrier,smsp__pcsamp_warps_issue_stalled_short_scoreboard,smsp__pcsamp_warps_issue_stalled_long_scoreboard,smsp__pcsamp_warps_issue_stalled_wait,smsp__pcsamp_warps_issue_stalled_math_pipe_throttle,smsp__pcsamp_warps_issue_stalled_mio_throttle,smsp__pcsamp_warps_issue_stalled_selected,smsp__pcsamp_warps_issue_stalled_dispatch_stall,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,sm__pipe_fp64_cycles_active.avg.pct_of_peak_sustained_active $D/$n 256 8 > $OUT/ncu-$n.txt 2>&1
  grep -E "Duration|DRAM Throughput|Issued Warp|One or More|inst_executed|stalled|wavefronts|fp64|Warp Cycles Per Issued" $OUT/ncu-$n.txt
done
