#!/bin/bash
# Run 33 J: the border version as a kernel of its own (the general kernel unchanged): by size against
# -exact-tiles=false, the general kernel forced alone, and a timeline of DGEMM 2048^3.
set -u
D=.device/b33
export PATH=/usr/local/cuda/bin:$PATH
for v in mm_def mm_def_noex; do nvcc -O3 -arch=sm_90 -o $D/$v $D/$v.cu bench/drivers/matmul.cu -lcublas & done
for v in gemm gemm_noex; do nvcc -O3 -arch=sm_90 -o $D/$v $D/$v.cu bench/drivers/polybench_gemm.cu -lcublas & done; wait
for n in 1000 2000 3000 4000 5000; do
  for r in 1 2; do
    $D/mm_def $n "default $n"
    LOOPGPU_EXACT_BORDER_MIN_TILES=100000000 $D/mm_def $n "general-forced $n"
    $D/mm_def_noex $n "noex $n"
  done
done
for n in 2000 2048 4096 6000; do
  for r in 1 2; do
    $D/gemm $n "default $n"
    LOOPGPU_EXACT_BORDER_MIN_TILES=100000000 $D/gemm $n "general-forced $n"
    $D/gemm_noex $n "noex $n"
  done
done
LOOPGPU_TRACE=1 $D/gemm 2048 trace 2>&1 | sort | uniq -c | head -3
if command -v nsys > /dev/null; then
  for n in 2048 2000; do
    nsys profile -o $D/tl$n --force-overwrite true $D/gemm $n timeline > /dev/null 2>&1
    echo "== timeline $n (start ns, duration ns, grid, stream, name): the last 3 calls"
    nsys stats --report cuda_gpu_trace --format csv $D/tl$n.nsys-rep 2>/dev/null | grep -E "kernel_gemm_nest0_kernel1" | tail -6 | \
      awk -F, '{print $1, $2, $4, $5, $6, $(NF-1), $NF}'
  done
else echo "no nsys"; fi
