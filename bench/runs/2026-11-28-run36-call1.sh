#!/usr/bin/env bash
# Run 36 call 1: streamed time tiles against overlapped ones and one sweep per step; GPU validation of the streamed form.
set -uo pipefail
export PATH=$PATH:/usr/local/cuda/bin
nvidia-smi -L
t0=$(date +%s)
export VARIANTS="$(cat .device/tt-variants.txt)"
bash bench/timetile.sh run > $OUT/tt.txt 2>&1
echo "timetile $(( $(date +%s) - t0 )) s"
for w in pb-st pb-st2; do
  LOOPGPU_TIME_TILE_MIN_BLOCKS=0 LOOPGPU_TRACE=1 python3 utils/polybench-check.py --stage run --work .device/$w --mode gpu --dataset SMALL --validate-dataset $([ $w = pb-st ] && echo MINI || echo SMALL) -j 16 > $OUT/$w.txt 2>&1
  tail -1 $OUT/$w.txt
done
echo "total $(( $(date +%s) - t0 )) s"
cat $OUT/tt.txt
