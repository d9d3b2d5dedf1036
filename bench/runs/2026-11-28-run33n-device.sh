#!/bin/bash
# Run 33 N: below a wave of full tiles, the split (border first) forced against the general kernel alone.
set -u
D=.device/b33
export PATH=/usr/local/cuda/bin:$PATH
nvcc -O3 -arch=sm_90 -o $D/mm_def $D/mm_def.cu bench/drivers/matmul.cu -lcublas &
nvcc -O3 -arch=sm_90 -o $D/gemm $D/gemm.cu bench/drivers/polybench_gemm.cu -lcublas & wait
for n in 1000 1500 2000 2200; do
  for r in 1 2; do
    $D/mm_def $n "general $n"; LOOPGPU_EXACT_BORDER_MIN_TILES=1 $D/mm_def $n "split $n"
  done
done
for n in 1000 1500; do
  for r in 1 2; do
    $D/gemm $n "general $n"; LOOPGPU_EXACT_BORDER_MIN_TILES=1 $D/gemm $n "split $n"
  done
done
