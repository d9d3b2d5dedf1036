#!/bin/bash
# Run 33 I: the final code (the wave threshold in the launch): by size, the default against -exact-tiles=false,
# and the general kernel forced alone (LOOPGPU_EXACT_BORDER_MIN_TILES=100000000) where a border exists.
set -u
D=.device/b33
export PATH=/usr/local/cuda/bin:$PATH
for v in mm_def mm_def_noex; do nvcc -O3 -arch=sm_90 -o $D/$v $D/$v.cu bench/drivers/matmul.cu -lcublas & done
for v in gemm gemm_noex; do nvcc -O3 -arch=sm_90 -o $D/$v $D/$v.cu bench/drivers/polybench_gemm.cu -lcublas & done; wait
for n in 1000 2000 2500 3000 4000 5000; do
  for r in 1 2; do
    $D/mm_def $n "default $n"
    LOOPGPU_EXACT_BORDER_MIN_TILES=100000000 $D/mm_def $n "general-forced $n"
    $D/mm_def_noex $n "noex $n"
  done
done
LOOPGPU_TRACE=1 $D/mm_def 2000 trace 2>&1 | sort | uniq -c | head -3
LOOPGPU_TRACE=1 LOOPGPU_EXACT_BORDER_MIN_TILES=100000000 $D/mm_def 4000 trace 2>&1 | sort | uniq -c | head -3
for n in 2000 2048 4096 6000; do
  for r in 1 2; do
    $D/gemm $n "default $n"
    LOOPGPU_EXACT_BORDER_MIN_TILES=100000000 $D/gemm $n "general-forced $n"
    $D/gemm_noex $n "noex $n"
  done
done
