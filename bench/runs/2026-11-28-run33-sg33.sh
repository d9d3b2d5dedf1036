#!/bin/bash
# Run 33 G: SGEMM and DGEMM: the split against the same build's general kernel forced alone, and -exact-tiles=false.
set -u
D=.device/b33
export PATH=/usr/local/cuda/bin:$PATH
for v in mm_def mm_def_noex; do nvcc -O3 -arch=sm_90 -o $D/$v $D/$v.cu bench/drivers/matmul.cu -lcublas & done
for v in gemm gemm_noex; do nvcc -O3 -arch=sm_90 -o $D/$v $D/$v.cu bench/drivers/polybench_gemm.cu -lcublas & done; wait
for n in 3000 4000 5000 2500; do
  for r in 1 2; do
    LOOPGPU_EXACT_BORDER_MIN_TILES=1 $D/mm_def $n "split $n"
    LOOPGPU_EXACT_BORDER_MIN_TILES=100000000 $D/mm_def $n "general $n"
    $D/mm_def_noex $n "noex $n"
  done
done
for n in 4096 6000; do
  for r in 1 2; do
    LOOPGPU_EXACT_BORDER_MIN_TILES=1 $D/gemm $n "split $n"
    LOOPGPU_EXACT_BORDER_MIN_TILES=100000000 $D/gemm $n "general $n"
    $D/gemm_noex $n "noex $n"
  done
done
