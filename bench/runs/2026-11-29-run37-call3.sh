#!/usr/bin/env bash
# Session 25 call 3: streamed time tiles with the step loop unrolled, launch bounds from the model's blocks per SM,
# a copy of the step loop without row checks for blocks away from the borders: depths, forms, and hand variants.
set -uo pipefail
export PATH=$PATH:/usr/local/cuda/bin
nvidia-smi -L
export VARIANTS="$(cat .device/tt-variants.txt)"
bash bench/timetile.sh run > $OUT/tt.txt 2>&1
for f in .device/ttx/*.cu; do nvcc -O3 -arch=sm_90 -std=c++17 -DJACOBI2D -Ibench/drivers $f bench/drivers/timestep.cu -o ${f%.cu}.bin -Xptxas -v > ${f%.cu}.nvcc 2>&1 & done; wait
for r in 1 2; do
  for v in jacobi-2d_ fdtd-2d_; do printf '%-34s ' "$v (again)"; .device/tt/$v.bin 4096 100 /tmp/again.out 2>&1 | tail -1; done
  for f in .device/ttx/*.cu; do printf '%-20s %s ' $(basename $f .cu) "$(grep -A2 time_t ${f%.cu}.nvcc | grep -o 'Used [0-9]* registers\|[0-9]* bytes spill stores' | tr '\n' ' ')"; ${f%.cu}.bin 4096 100 /tmp/x.out .device/tt/jacobi-2d_-time-tile-0.out 2>&1 | tail -2 | tr '\n' ' '; echo; done
done >> $OUT/tt.txt
grep -v "^ *compare.*PASS" $OUT/tt.txt | head -80
grep -c PASS $OUT/tt.txt; grep FAIL $OUT/tt.txt
