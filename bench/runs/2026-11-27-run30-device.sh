#!/bin/bash
# Run 30: the DGEMM tensor-core tile chosen by size (96 x 64 below
# LOOPGPU_MMA_LARGE_MIN_OUTPUTS outputs, 128 x 64 from there).
set -u
D=.device/d30
export PATH=/usr/local/cuda/bin:$PATH
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total --format=csv,noheader
nvcc -O3 -arch=sm_90 -Xptxas -v -o $D/gemm $D/gemm.cu bench/drivers/polybench_gemm.cu -lcublas > $D/gemm.build.log 2>&1 || { echo BUILD FAILED; tail -20 $D/gemm.build.log; }
grep -E "registers|spill" $D/gemm.build.log | grep -v "0 bytes spill" | head -8
for size in LARGE EXTRALARGE 2048 2560 3072 3584 4096 5120; do
  LOOPGPU_MMA_LARGE_MIN_OUTPUTS=1000000000000 $D/gemm $size tile96x64
  LOOPGPU_MMA_LARGE_MIN_OUTPUTS=0 $D/gemm $size tile128x64
  $D/gemm $size chosen
done
# The --validate harnesses on the GPU: PolyBench gemm with each tile forced, and the default choice.
for h in $D/val-*; do
  [ -d "$h" ] || continue
  bash $h/run.sh gpu-build > $h/build.log 2>&1 || { echo "$h: BUILD FAILED"; tail -5 $h/build.log; continue; }
  echo "== $h forced large";  (cd $h && LOOPGPU_MMA_LARGE_MIN_OUTPUTS=0 ./validate | grep -E "PASS|FAIL|validating")
  echo "== $h forced default"; (cd $h && LOOPGPU_MMA_LARGE_MIN_OUTPUTS=1000000000000 ./validate | grep -E "PASS|FAIL|validating")
done
