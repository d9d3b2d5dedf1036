#!/bin/bash
# Run 34 call 5: DGEMM with the exact version's partial strip (tensor-core tiles), default 96 x 64 tile
# (gemm_p) and 128 x 64 / 64 x 128 tiles of 4 warps of 64 x 32 (LOOPGPU_MMA_SHAPE when generated).
set -u
D=.device/r34/mma2
export PATH=/usr/local/cuda/bin:$PATH
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total --format=csv,noheader
V="gemm_p gemm_p16_8_8_8 gemm_p8_8_16_8"
for v in $V; do nvcc -O3 -arch=sm_90 -Xptxas -v -o $D/$v $D/$v.cu bench/drivers/polybench_gemm.cu -lcublas > $D/$v.build.log 2>&1 || echo "$v BUILD FAILED" & done
wait
for v in $V; do echo "$v: $(grep -A2 'kernel1_exact' $D/$v.build.log | grep -o 'Used [0-9]* registers\|[0-9]* bytes spill stores' | tr '\n' ' ')"; done
for n in EXTRALARGE LARGE 4096 2048 3000 1500 2500 6144 1024 EXTRALARGE 4096; do
  for v in $V; do LOOPGPU_TRACE=1 $D/$v $n "$v $n" 2>&1 | sort | uniq -c | sed 's/(.x.x., double)//'; done
done
