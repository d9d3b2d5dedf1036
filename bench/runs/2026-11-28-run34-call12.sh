#!/bin/bash
# Run 34 call 12: EXTRALARGE's spread: the final code (side stream per call) against the same CUDA with the side
# stream cached (gemm_cached), alternating, five times each.
set -u
D=.device/r34/c9
export PATH=/usr/local/cuda/bin:$PATH
for v in gemm_final gemm_cached; do nvcc -O3 -arch=sm_90 -o $D/$v $D/$v.cu bench/drivers/polybench_gemm.cu -lcublas > $D/$v.build.log 2>&1 || echo "$v BUILD FAILED" & done
wait
for r in 1 2 3 4 5; do
  for v in gemm_final gemm_cached; do $D/$v EXTRALARGE "$v" 2>&1 | sed 's/, pedantic [0-9.]* ms [0-9.]* TFLOP\/s//; s/(.x.x., double)//; s/ | max rel diff.*PASS/ PASS/'; done
done
for v in gemm_final gemm_cached; do $D/$v 3000 "$v" 2>&1 | sed 's/, pedantic [0-9.]* ms [0-9.]* TFLOP\/s//; s/ | max rel diff.*PASS/ PASS/'; done
