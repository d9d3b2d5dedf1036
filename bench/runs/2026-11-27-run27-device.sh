#!/usr/bin/env bash
# Session 15, run 27 (device; prepared by -run27-prep.sh): host loops of small launches inside one kernel.
#  1. GPU validation: test/Inputs/device-loops.c's harnesses (n = 20: every loop inside its kernel; n = 300,
#     default and -device-loop-blocks=1; n = 5000; n = 300 with LOOPGPU_DEVICE_LOOP_BLOCKS=0), overwrite.c
#     (14 functions), argmin.c, the large-copy driver (9 pieces of 16 MiB, at most 8 locked), PolyBench's
#     kernels with host loops end to end (MEDIUM drop-in, SMALL --validate, both variants).
#  2. PolyBench EXTRALARGE, PolyBench's timer (transfers included), median of 5: the kernels with host
#     loops under LOOPGPU_DEVICE_LOOP_BLOCKS = 0 (every iteration launches, as before), 1, 4, 16, 64, 256.
export PATH=$PATH:/usr/local/cuda/bin
nvidia-smi -L; date -u
v() { # dir [env...]: build and run a harness
  local d=$1; shift
  echo "== $d $*"
  (cd $d && { [ -x validate ] || bash run.sh gpu-build > build.log 2>&1; } && env LOOPGPU_TRACE=1 "$@" timeout 300 ./validate) 2>&1 |
    grep -E "^PASS|^FAIL|INCONCL|loopgpu:|rror" | sed 's/ in one launch//' | sort | uniq -c
}
{
  v .device/dl/n20; v .device/dl/n300; v .device/dl/n300b1; v .device/dl/n5000
  v .device/dl/n300 LOOPGPU_DEVICE_LOOP_BLOCKS=0
  v .device/ow/small; v .device/am
  echo "== large copy"; ( cd .device/lc && nvcc -O2 -arch=sm_90 -std=c++17 k.cu large-copy-driver.cpp -o lc && LOOPGPU_TRACE=1 ./lc ) 2>&1 | tail -12
} 2>&1 | tee $OUT/validate.txt
date -u
python3 utils/polybench-check.py --stage run --work .device/pb-dl --mode gpu --dataset MEDIUM --validate-dataset SMALL \
  --kernels adi,durbin,trisolv,jacobi-1d,jacobi-2d,heat-3d,seidel-2d,nussinov,ludcmp,floyd-warshall,cholesky,lu,gramschmidt,fdtd-2d \
  -j 16 --timeout 200 2>&1 | tail -30 | tee $OUT/pb-check.txt
date -u
TK=${TK:-"jacobi-1d durbin trisolv seidel-2d nussinov gramschmidt fdtd-2d heat-3d jacobi-2d adi"}
KERNELS="$TK" NOCPU=1 ONLY_RESTRICT=1 REPS=1 bash bench/polybench-time.sh run EXTRALARGE 30 2>&1 | grep -v "warning #177\|^\s*int \|^\s*\^\|^Remark\|^$" | tail -14
cd .device/pbt
for k in $TK; do
  line="$k"
  for B in 0 1 4 16 64 256; do
    r=()
    for i in 1 2 3 4 5; do r+=("$(LOOPGPU_DEVICE_LOOP_BLOCKS=$B timeout 30 ./$k.restrict.gpu 2>/dev/null | tail -1)"); done
    line="$line B$B=$(printf '%s\n' "${r[@]}" | sort -g | sed -n 3p)"
  done
  echo "$line"
done 2>&1 | tee $OUT/device-loop-blocks.txt
date -u
