#!/usr/bin/env bash
# Run 35 call 6: transpose 8192^2 tile shapes on the H200.
export PATH=$PATH:/usr/local/cuda/bin
cd "$(dirname "$0")"
for f in *.cu; do n=${f%.cu}; nvcc -O3 -arch=sm_90 -Xptxas -v -o $n $f ../../bench/drivers/transpose.cu > $n.log 2>&1 & done
wait
for r in 1 2; do for f in *.cu; do n=${f%.cu}; [ -x $n ] || { echo "$n BUILD FAILED"; continue; }; ./$n 8192 "$n" | cut -c1-160; done; done
