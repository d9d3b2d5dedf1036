#!/bin/bash
# Run 34 call 1: FP64 mma.sync shapes' throughput; DGEMM (PolyBench gemm) with m16n8k16 hand variants.
set -u
D=.device/r34
export PATH=/usr/local/cuda/bin:$PATH
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total --format=csv,noheader
nvcc -O3 -arch=sm_90 -o $D/dmma $D/dmma_shapes.cu && $D/dmma
cuobjdump -sass $D/dmma | grep -o "DMMA[.A-Z0-9]*" | sort | uniq -c
B() { nvcc -O3 -arch=sm_90 -Xptxas -v -o $D/$1 $D/$1.cu bench/drivers/polybench_gemm.cu -lcublas > $D/$1.build.log 2>&1 || { echo "$1 BUILD FAILED"; tail -20 $D/$1.build.log; }; }
cp .device/b33/gemm.cu $D/gemm.cu
for v in gemm gemm_k16 gemm_k16s18; do B $v & done
wait
cuobjdump -sass $D/gemm_k16 | grep -o "DMMA[.A-Z0-9]*" | sort | uniq -c
cuobjdump -sass $D/gemm | grep -o "DMMA[.A-Z0-9]*" | sort | uniq -c
for n in 2048 4096 EXTRALARGE; do
  for v in gemm gemm_k16 gemm_k16s18; do $D/$v $n "$v $n"; done
done
