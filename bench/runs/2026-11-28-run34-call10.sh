#!/bin/bash
# Run 34 call 10: with the tail strip, the 128 x 64 tile's choice (gemm_tail) against the 96 x 64 tile alone
# (gemm_tail96: the choice's condition made false) where the tiles are not all full.
set -u
D=.device/r34/c9
export PATH=/usr/local/cuda/bin:$PATH
nvidia-smi --query-gpu=name --format=csv,noheader
for v in gemm_tail gemm_tail96; do nvcc -O3 -arch=sm_90 -o $D/$v $D/$v.cu bench/drivers/polybench_gemm.cu -lcublas > $D/$v.build.log 2>&1 || echo "$v BUILD FAILED" & done
wait
for n in EXTRALARGE 3000 5000 2500 1500 EXTRALARGE 3000 4000; do
  for v in gemm_tail gemm_tail96; do LOOPGPU_TRACE=1 $D/$v $n "$v $n" 2>&1 | sort | uniq -c | sed 's/, pedantic [0-9.]* ms [0-9.]* TFLOP\/s//; s/(.x.x., double)//; s/loopgpu: kernel_gemm_nest0_//; s/ | max rel diff.*PASS/ PASS/'; done
done
