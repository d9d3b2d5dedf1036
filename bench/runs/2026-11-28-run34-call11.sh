#!/bin/bash
# Run 34 call 11: the final code (the tail strip, the 128 x 64 tile only with a border of at most 2%).
set -u
D=.device/r34/c9
export PATH=/usr/local/cuda/bin:$PATH
nvidia-smi --query-gpu=name --format=csv,noheader
nvcc -O3 -arch=sm_90 -o $D/gemm_final $D/gemm_final.cu bench/drivers/polybench_gemm.cu -lcublas > $D/gemm_final.build.log 2>&1 || echo "BUILD FAILED"
for n in EXTRALARGE 4096 5000 3000 2500 2048 6144 LARGE EXTRALARGE 4096; do
  LOOPGPU_TRACE=1 $D/gemm_final $n "final $n" 2>&1 | sort | uniq -c | sed 's/, pedantic [0-9.]* ms [0-9.]* TFLOP\/s//; s/(.x.x., double)//; s/loopgpu: kernel_gemm_nest0_//; s/ | max rel diff.*PASS/ PASS/'
done
