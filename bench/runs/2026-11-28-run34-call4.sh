#!/bin/bash
# Run 34 call 4: DGEMM block and warp tiles on tensor cores (LOOPGPU_MMA_SHAPE=RowThreads,RowCopies,ColThreads,ColCopies
# when the CUDA was generated; gemm_s = the default 24,4,8,8): warps of 64 x 32 against 32 x 32.
set -u
D=.device/r34/mma
export PATH=/usr/local/cuda/bin:$PATH
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total --format=csv,noheader
V="gemm_s gemm_s16_8_8_8 gemm_s8_8_16_8 gemm_s8_8_8_8 gemm_s16_4_16_8 gemm_s32_4_8_8"
for v in $V; do nvcc -O3 -arch=sm_90 -Xptxas -v -o $D/$v $D/$v.cu bench/drivers/polybench_gemm.cu -lcublas > $D/$v.build.log 2>&1 || echo "$v BUILD FAILED" & done
wait
for v in $V; do echo "$v: $(grep -A2 'kernel1_exact' $D/$v.build.log | grep -o 'Used [0-9]* registers\|[0-9]* bytes spill stores' | tr '\n' ' ')"; done
for n in 4096 2048 3072 EXTRALARGE 6144 4096; do
  for v in $V; do $D/$v $n "$v $n"; done
done
