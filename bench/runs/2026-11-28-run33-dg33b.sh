#!/bin/bash
# Run 33 F: DGEMM at 2048^3, the split against the general kernel alone (forced by the threshold), repeated.
set -u
D=.device/b33
export PATH=/usr/local/cuda/bin:$PATH
for v in gemm gemm_noex; do nvcc -O3 -arch=sm_90 -o $D/$v $D/$v.cu bench/drivers/polybench_gemm.cu -lcublas & done; wait
for n in 2048 2112 1920 2304 4096; do
  for r in 1 2; do
    LOOPGPU_EXACT_BORDER_MIN_TILES=1 $D/gemm $n "split $n"
    LOOPGPU_EXACT_BORDER_MIN_TILES=100000000 $D/gemm $n "general $n"
    $D/gemm_noex $n "noex $n"
  done
done
LOOPGPU_TRACE=1 $D/gemm 2048 trace 2>&1 | sort | uniq -c | head -5
