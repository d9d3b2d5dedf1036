#!/usr/bin/env bash
# Run 36 call 4: the final code: time tiles (the model's choices, twice), PolyBench/C on the GPU,
# the streamed form forced at small sizes, random time loops of stencils on the GPU.
set -uo pipefail
export PATH=$PATH:/usr/local/cuda/bin
nvidia-smi -L
t0=$(date +%s)
export VARIANTS="$(cat .device/tt-variants.txt)"
bash bench/timetile.sh run > $OUT/tt.txt 2>&1
echo "timetile $(( $(date +%s) - t0 )) s"
for v in $VARIANTS; do k=${v%%@*}; printf '%-34s ' "$v (again)"; ref=.device/tt/$(echo "$k@-time-tile=0" | sed 's/@/_/g; s/=/-/g; s/,/x/g; s/+/_/g').out; b=.device/tt/$(echo "$v" | sed 's/@/_/g; s/=/-/g; s/,/x/g; s/+/_/g').bin; case $k in jacobi-1d) sz="16777216 100";; heat-3d) sz="256 100";; *) sz="4096 100";; esac; $b $sz /tmp/again.out 2>&1 | tail -1; done >> $OUT/tt.txt
echo "timetile again $(( $(date +%s) - t0 )) s"
python3 utils/polybench-check.py --stage run --work .device/pb-small --mode gpu --dataset SMALL --validate-dataset MINI -j 16 > $OUT/polybench.txt 2>&1
tail -1 $OUT/polybench.txt
LOOPGPU_TIME_TILE_MIN_BLOCKS=0 LOOPGPU_TRACE=1 python3 utils/polybench-check.py --stage run --work .device/pb-st2 --mode gpu --dataset SMALL --validate-dataset SMALL --kernels jacobi-2d,heat-3d,fdtd-2d -j 16 > $OUT/pb-st2.txt 2>&1
tail -1 $OUT/pb-st2.txt
echo "polybench $(( $(date +%s) - t0 )) s"
LOOPGPU_TIME_TILE_MIN_BLOCKS=0 bash bench/fuzz-gpu.sh --run .device/fz -j 16 --sanitize-every 5 > $OUT/fz.txt 2>&1; tail -3 $OUT/fz.txt
echo "total $(( $(date +%s) - t0 )) s"
grep -v compare $OUT/tt.txt
