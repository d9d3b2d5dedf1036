#!/usr/bin/env bash
# Run 36 call 3: streamed time tiles, the chunk chosen at run time, the model recalibrated; GPU validation; racecheck.
set -uo pipefail
export PATH=$PATH:/usr/local/cuda/bin
nvidia-smi -L
t0=$(date +%s)
export VARIANTS="$(cat .device/tt-variants.txt)"
bash bench/timetile.sh run > $OUT/tt.txt 2>&1
echo "timetile $(( $(date +%s) - t0 )) s"
for w in pb-st pb-st2; do
  LOOPGPU_TIME_TILE_MIN_BLOCKS=0 LOOPGPU_TRACE=1 python3 utils/polybench-check.py --stage run --work .device/$w --mode gpu --dataset SMALL --validate-dataset $([ $w = pb-st ] && echo MINI || echo SMALL) --kernels jacobi-2d,heat-3d,fdtd-2d -j 16 > $OUT/$w.txt 2>&1
  tail -1 $OUT/$w.txt
done
for v in jacobi-2d_:jacobi-2d_-time-tile-0:301:7 heat-3d_-time-tile-2_-time-tile-form-streamed:heat-3d_-time-tile-0:61:5 fdtd-2d_:fdtd-2d_-time-tile-0:301:7; do
  IFS=: read b r n s <<< "$v"
  .device/tt/$r.bin $n $s .device/tt/small-$r.out > /dev/null 2>&1
  LOOPGPU_TIME_TILE_MIN_BLOCKS=0 LOOPGPU_TRACE=1 .device/tt/$b.bin $n $s .device/tt/small-$b.out .device/tt/small-$r.out 2>&1 | grep -E "compare|time-tiled" | sort | uniq -c
  LOOPGPU_TIME_TILE_MIN_BLOCKS=0 timeout 300 compute-sanitizer --tool racecheck .device/tt/$b.bin $n 3 2>&1 | grep -E "ERROR SUMMARY|hazard" | head -3
done
echo "total $(( $(date +%s) - t0 )) s"
cat $OUT/tt.txt
