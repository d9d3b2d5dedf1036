#!/bin/bash
# Run 33 H: why the general SGEMM kernel with the border test is faster: variants of its source.
set -u
D=.device/b33
export PATH=/usr/local/cuda/bin:$PATH
for v in w_full w_simple w_true n_plain n_param; do nvcc -O3 -arch=sm_90 -Xptxas -v -o $D/$v $D/$v.cu bench/drivers/matmul.cu -lcublas > $D/$v.build.log 2>&1 & done; wait
for v in w_full w_simple w_true n_plain n_param; do
  echo "== $v: $(grep -A1 'matmul_nest0_kernel$\|Compiling entry function .*matmul_nest0_kernel' $D/$v.build.log | grep -o 'Used [0-9]* registers' | head -1)"
  cuobjdump -sass -fun matmul_nest0_kernel $D/$v 2>/dev/null | grep -cE '^\s+/\*[0-9a-f]{4}\*/'
  cuobjdump -sass -fun matmul_nest0_kernel $D/$v 2>/dev/null | grep -oE '(FFMA|LDS\.[0-9A-Z.]*|LDS|LDG[.A-Z0-9]*|STS[.A-Z0-9]*|BAR[.A-Z]*|BRA)' | sort | uniq -c | sort -rn | head -8 | tr '\n' ' '; echo
done
for n in 4000 4096; do
  for r in 1 2; do
    for v in w_full w_simple w_true n_plain n_param; do LOOPGPU_EXACT_BORDER_MIN_TILES=100000000 $D/$v $n "$v $n"; done
  done
done
