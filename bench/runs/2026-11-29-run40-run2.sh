#!/bin/bash
set -u
D=.device/x40
export PATH=/usr/local/cuda/bin:$PATH
V="base_s8 cheap_s8 dbuf dbuf_s8"
for v in $V; do (nvcc -O3 -arch=sm_90 -o $D/$v $D/$v.cu bench/drivers/polybench_gemm.cu -lcublas > $D/$v.log 2>&1 || echo BUILD FAILED $v) & done; wait
for r in 1 2 3; do for n in 4096 2048 6144; do for v in $V; do $D/$v $n "$v" 2>&1 | grep -v "^loopgpu:" | sed 's/ | max rel diff [0-9.e-]*//; s/, pedantic [0-9.]* ms [0-9.]* TFLOP.s//'; done; done; done
for v in $V; do $D/$v 3000 "$v" 2>&1 | sed "s/ | max rel diff [0-9.e-]*//"; $D/$v 4104 "$v" 2>&1 | sed "s/ | max rel diff [0-9.e-]*//"; done
