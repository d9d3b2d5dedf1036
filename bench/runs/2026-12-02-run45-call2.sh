#!/bin/bash
# Run 45 call 2 (code 5b1b38c, issue 14): the GEMM targets at 4096^3 in the same run as their references, three
# rounds (PolyBench gemm as written, double, beside cuBLAS DGEMM; examples/matmul.c float beside cuBLAS SGEMM),
# and float shapes of the 7-point stencil 512^3 not tried before (2 rows of y per thread, 64-wide x, 6/10 planes)
# beside the default, three rounds each. Prepared here: call 1's prepare, then the st45b variants (see RESULTS).
set -uo pipefail
export PATH=$PATH:/usr/local/cuda/bin
B=.device/bench; S=.device/st45b
nvidia-smi --query-gpu=name,clocks.max.sm,clocks.max.mem --format=csv,noheader
t0=$(date +%s)
for n in polybench_gemm matmul_default; do
  nvcc -O3 -arch=sm_90 -Xptxas -v -o $B/$n $B/$n.cu bench/drivers/$(cut -d' ' -f1 $B/$n.args).cu -lcublas -lcusparse > $B/$n.build.log 2>&1 || echo "$n BUILD FAILED" &
done; wait
echo "build $(( $(date +%s) - t0 )) s"
for r in 1 2 3; do
  $B/polybench_gemm 4096 "polybench_gemm 4096"; $B/polybench_gemm EXTRALARGE "polybench_gemm EXTRALARGE"
  $B/matmul_default 4096 "matmul_default 4096"
done 2>&1 | sed 's/ | max rel diff/\n    max rel diff/' | tee $OUT/gemm.txt
for r in 1 2 3; do
  .device/st45/gen 512 default
  for v in ry2 ry2t4 w64t8 w64t2 z6 z10 t16z4; do $S/gen_$v 512 $v; done
done 2>&1 | tee $OUT/stencil-shapes.txt
echo "total $(( $(date +%s) - t0 )) s"
