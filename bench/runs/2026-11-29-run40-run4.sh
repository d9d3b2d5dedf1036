#!/bin/bash
# Run 40 call 10: the generator's pointer copies (gen2) beside the committed code (gen: 0102111) and the hand version.
set -u
D=.device/x40
export PATH=/usr/local/cuda/bin:$PATH
V="final gen2 dbuf_s8"
for v in $V; do (nvcc -O3 -arch=sm_90 -o $D/$v $D/$v.cu bench/drivers/polybench_gemm.cu -lcublas > $D/$v.log 2>&1 || echo BUILD FAILED $v) & done; wait
for r in 1 2 3; do for n in 4096 2048 6144 5000; do for v in $V; do $D/$v $n "$v" 2>&1 | grep -v "^loopgpu:" | sed 's/ (\([0-9x]*\), double)//; s/ TFLOP\/s//g; s/cuBLAS DGEMM default/cuBLAS/; s/, pedantic [0-9.]* ms [0-9.]*//; s/ | max rel diff [0-9.e-]*//'; done; done; done
