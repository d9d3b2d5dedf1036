#!/bin/bash
# Run 33 K: the border version launched first (its blocks of full tiles return while the SMs are free).
set -u
D=.device/b33
export PATH=/usr/local/cuda/bin:$PATH
for v in mm_def mm_def_noex; do nvcc -O3 -arch=sm_90 -o $D/$v $D/$v.cu bench/drivers/matmul.cu -lcublas & done
for v in gemm gemm_noex; do nvcc -O3 -arch=sm_90 -o $D/$v $D/$v.cu bench/drivers/polybench_gemm.cu -lcublas & done; wait
for n in 2000 2048 4096 6000 3000; do
  for r in 1 2; do $D/gemm $n "default $n"; $D/gemm_noex $n "noex $n"; done
done
for n in 1000 2000 2500 3000 4000 5000; do
  for r in 1 2; do $D/mm_def $n "default $n"; $D/mm_def_noex $n "noex $n"; done
done
