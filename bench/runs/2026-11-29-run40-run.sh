#!/bin/bash
# Run 40 call 1: DGEMM block tiles (experiment overrides XP_MMA_LARGE / XP_ONE_BLOCK) and grouped rasterization.
set -u
D=.device/x40
export PATH=/usr/local/cuda/bin:$PATH
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
V="base base_s4 base_s8 base_s16 w128x128 w128x128_s4 w128x128_s8 w128x128_s16 w256x64 w256x64_s4 w256x64_s8 w256x64_s16 w64x128 w64x128_s8"
for v in $V; do
  (nvcc -O3 -arch=sm_90 -o $D/$v $D/$v.cu bench/drivers/polybench_gemm.cu -lcublas > $D/$v.build.log 2>&1 || echo "BUILD FAILED $v") &
done
wait
for r in 1 2; do
for n in 4096; do
for v in $V; do
  LOOPGPU_TRACE=1 $D/$v $n "$v $n" 2>&1 | sort | uniq -c | sed 's/(.x.x., double)//; s/loopgpu: kernel_gemm_nest0_//; s/ | max rel diff.*PASS/ PASS/'
done; done; done
for n in 2048 6144 EXTRALARGE; do
for v in base base_s8 w128x128 w128x128_s8 w256x64_s8; do
  LOOPGPU_TRACE=1 $D/$v $n "$v $n" 2>&1 | sort | uniq -c | sed 's/(.x.x., double)//; s/loopgpu: kernel_gemm_nest0_//; s/ | max rel diff.*PASS/ PASS/'
done; done
