#!/bin/bash
# Run 42 call 4 (issue 14, heat-3d 256^3 x 100): the generator's default (streamed depth 2, 24 x 24, 1024 threads,
# the step loop of ec2d935) beside lab/heat3d_clean.cu's best (-DPTR=1 -DSKIP=1: 12.0 ms in run 41), the same
# shape; times, SASS of the time-tiled kernels, ncu of one launch each.
set -uo pipefail
export PATH=/usr/local/cuda/bin:$PATH
D=.device/h42; mkdir -p $D
nvcc -O3 -arch=sm_90 -std=c++17 -DHEAT3D -Ibench/drivers .device/tt/heat-3d_-time-tile-0.cu bench/drivers/timestep.cu -o $D/untiled &
nvcc -O3 -arch=sm_90 -std=c++17 -DHEAT3D -Ibench/drivers .device/tt/heat-3d_.cu bench/drivers/timestep.cu -o $D/gen &
nvcc -O3 -arch=sm_90 -std=c++17 -DHEAT3D -DCLEAN=1 -DPTR=1 -DSKIP=1 -Ibench/drivers lab/heat3d_clean.cu bench/drivers/timestep.cu -o $D/lab &
wait
$D/untiled 256 100 $D/ref.out | tail -1
for r in 1 2; do for b in gen lab; do echo "$b: $($D/$b 256 100 $D/$b.out $D/ref.out | tr '\n' ' ')"; done; done
for b in gen lab; do
  cuobjdump -sass $D/$b > $D/$b.sass 2>&1
  awk '/Function : .*(heat_tt|time_t)/{p=1;next} /Function : /{p=0} p' $D/$b.sass > $OUT/$b.k.sass
  echo "$b: $(grep -cE '^\s+/\*[0-9a-f]{4}\*/' $OUT/$b.k.sass) SASS lines"
  grep -E '^\s+/\*[0-9a-f]{4}\*/' $OUT/$b.k.sass | awk '{print $2}' | sed 's/\..*//;s/;//' | sort | uniq -c | sort -rn | head -16 | tr '\n' ' '; echo
done
for b in gen lab; do
  echo "== ncu $b"
  timeout 100 ncu --clock-control none --kernel-name regex:'heat_tt|time_t' --launch-skip 2 --launch-count 1 --section SpeedOfLight --section WarpStateStats --section SchedulerStats --section Occupancy --metrics smsp__inst_executed.sum,smsp__pcsamp_warps_issue_stalled_barrier,smsp__pcsamp_warps_issue_stalled_short_scoreboard,smsp__pcsamp_warps_issue_stalled_long_scoreboard,smsp__pcsamp_warps_issue_stalled_wait,smsp__pcsamp_warps_issue_stalled_mio_throttle,smsp__pcsamp_warps_issue_stalled_selected,smsp__pcsamp_warps_issue_stalled_branch_resolving,smsp__pcsamp_warps_issue_stalled_no_instructions,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum $D/$b 256 8 > $OUT/ncu-$b.txt 2>&1
  grep -E "Duration|DRAM Throughput|Issued Warp|No Eligible|inst_executed|stalled|wavefronts|bank_conflicts|Warp Cycles Per Issued|Achieved Occupancy" $OUT/ncu-$b.txt
done
