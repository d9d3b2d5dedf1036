#!/bin/bash
# Run 41 call 2 (issue 14, heat-3d 256^3 x 100): lab/heat3d_patch.cu with one cell per thread (the generator's
# 1024-thread shape) and the options SEL (select, B on entry prefetched) and SKIP (thread rows skip levels no later
# level needs), beside the generator's streamed depth 2; SASS of the step loops; ncu on two variants.
set -uo pipefail
export PATH=/usr/local/cuda/bin:$PATH
D=.device/h41
nvidia-smi -L
V=${V:-"m:32:32:1:2:0:1:1:0 n:32:32:1:2:0:1:1:1 o:32:32:1:2:1:1:1:1 p:32:32:1:2:0:1:0:1 q:32:32:2:2:1:1:1:1 r:32:32:2:2:0:1:1:1 s:32:32:1:3:1:1:1:1 t:32:32:1:1:0:1:1:1 u:32:64:4:2:1:1:0:1"}
for g in gen_untiled gen_stream2; do
  nvcc -O3 -arch=sm_90 -std=c++17 -DHEAT3D -Ibench/drivers $D/$g.cu bench/drivers/timestep.cu -o $D/$g > $D/$g.log 2>&1 &
done
for v in $V; do
  IFS=: read -r n px py r it sh mb sel skip <<< "$v"
  nvcc -O3 -arch=sm_90 -std=c++17 -DHEAT3D -DPX=$px -DPY=$py -DR=$r -DITERS=$it -DSHFL=$sh -DMINB=$mb -DSEL=$sel \
    -DSKIP=$skip -Xptxas -v -Ibench/drivers lab/heat3d_patch.cu bench/drivers/timestep.cu -o $D/$n > $D/$n.log 2>&1 &
done
wait
$D/gen_untiled 256 100 $D/ref256.out
$D/gen_untiled 200 7 $D/ref200.out > /dev/null
echo "gen_stream2: $($D/gen_stream2 256 100 $D/s.out $D/ref256.out | tr '\n' ' ')"
for v in $V; do
  n=${v%%:*}
  echo "== $v $(grep -A1 '_Z7heat_tt' $D/$n.log | grep -o 'Used [0-9]* registers') $(grep -A1 '_Z7heat_tt' $D/$n.log | grep -o '[0-9]* bytes spill stores')"
  $D/$n 200 7 $D/$n.200 $D/ref200.out | grep compare
  $D/$n 256 100 $D/$n.out $D/ref256.out
  $D/$n 256 100 | grep N
done 2>&1 | tee $OUT/variants.txt
for b in gen_stream2 n o q; do
  cuobjdump -sass $D/$b > $D/$b.sass 2>&1
done
cat $D/gen_stream2.sass | awk '/Function : .*time_t/,/\.L_x_[0-9]*:$/{print}' | head -3000 > $OUT/gen_stream2.sass
cp $D/n.sass $OUT/n.sass; cp $D/q.sass $OUT/q.sass
for b in gen_stream2 n o q; do
  echo "$b: $(grep -cE '^\s+/\*[0-9a-f]{4}\*/' $D/$b.sass) SASS lines; DFMA $(grep -c DFMA $D/$b.sass) DADD $(grep -c DADD $D/$b.sass) DMUL $(grep -c DMUL $D/$b.sass) LDS $(grep -c 'LDS' $D/$b.sass) STS $(grep -c 'STS' $D/$b.sass) SHFL $(grep -c SHFL $D/$b.sass) BAR $(grep -c 'BAR.SYNC' $D/$b.sass) BRA $(grep -c 'BRA' $D/$b.sass) BSSY $(grep -c BSSY $D/$b.sass) SEL $(grep -cE 'FSEL|SEL ' $D/$b.sass) MOV $(grep -c 'MOV ' $D/$b.sass)"
done
for n in ${NCU:-n o}; do
  echo "== ncu $n"
  timeout 120 ncu --clock-control none --kernel-name regex:heat_tt --launch-skip 2 --launch-count 1 --section SpeedOfLight --section WarpStateStats --section SchedulerStats --section Occupancy --metrics smsp__inst_executed.sum,smsp__pcsamp_warps_issue_stalled_barrier,smsp__pcsamp_warps_issue_stalled_short_scoreboard,smsp__pcsamp_warps_issue_stalled_long_scoreboard,smsp__pcsamp_warps_issue_stalled_wait,smsp__pcsamp_warps_issue_stalled_math_pipe_throttle,smsp__pcsamp_warps_issue_stalled_mio_throttle,smsp__pcsamp_warps_issue_stalled_selected,smsp__pcsamp_warps_issue_stalled_dispatch_stall,smsp__pcsamp_warps_issue_stalled_no_instructions,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,sm__pipe_fp64_cycles_active.avg.pct_of_peak_sustained_active,sm__cycles_elapsed.avg.per_second $D/$n 256 8 > $OUT/ncu-$n.txt 2>&1
  grep -E "Duration|DRAM Throughput|Issue Slots Busy|Achieved Occupancy|inst_executed|stalled|wavefronts|fp64|Warp Cycles Per Issued|per_second" $OUT/ncu-$n.txt
done
