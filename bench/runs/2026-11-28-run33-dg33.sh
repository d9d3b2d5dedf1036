#!/bin/bash
# Run 33 E: DGEMM strips of 32 in 2 stages (half the barriers) against strips of 16 in 4 stages.
set -u
D=.device/b33
export PATH=/usr/local/cuda/bin:$PATH
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total --format=csv,noheader
B() { nvcc -O3 -arch=sm_90 -Xptxas -v -o $D/$1 $D/$1.cu bench/drivers/$2.cu -lcublas > $D/$1.build.log 2>&1 || { echo "$1 BUILD FAILED"; tail -20 $D/$1.build.log; }; }
for v in gemm gemm_noex gemm_k32 gemm_k32_noex; do B $v polybench_gemm & done
wait
for v in gemm gemm_k32; do echo "== $v"; grep -E "spill|registers" $D/$v.build.log | head -6; done
for n in 2048 3072 4096 6144 EXTRALARGE; do
  for v in gemm gemm_k32 gemm_noex gemm_k32_noex; do $D/$v $n "$v $n"; done
done
