#!/usr/bin/env bash
# Run 35 call 5: 7-point stencil pencil shapes on the H200 (depth along z, rows, x runs), float and double, 512^3.
export PATH=$PATH:/usr/local/cuda/bin
cd "$(dirname "$0")"
for f in *.cu; do
  n=${f%.cu}; d=stencil; case $n in d_*) d=stencil_double ;; esac
  nvcc -O3 -arch=sm_90 -Xptxas -v -o $n $f ../../bench/drivers/$d.cu > $n.log 2>&1 &
done
wait
for r in 1 2; do
  for f in *.cu; do
    n=${f%.cu}
    [ -x $n ] || { echo "$n BUILD FAILED"; continue; }
    ./$n 512 "$n [$(grep -o 'Used [0-9]* registers' $n.log | head -1)]" | cut -c1-200
  done
done
