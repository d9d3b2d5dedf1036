#!/usr/bin/env bash
# Session 15, run 27 B (device; .device/pbt from -run27-prep.sh, .device/ppcg from `bench/ppcg-polybench.sh
# prepare .device/ppcg EXTRALARGE`): PolyBench/C EXTRALARGE side by side, PolyBench's timer (transfers
# included), median of REPS (5):
#   1. loopgpu (restrict), device loops on (the default);
#   2. the same programs with LOOPGPU_DEVICE_LOOP_BLOCKS=0 (every iteration launches: the code before run 27)
#      for the kernels that have a device loop;
#   3. PPCG's default output.
# SKIP_LOOPGPU=1 or SKIP_PPCG=1 leave a side out (two calls on one warm machine).
# Then test/Inputs/device-loops.c at n = 5000 with diagonally dominant inputs (forward's random ones overflow).
K=${K:-"2mm 3mm atax bicg correlation covariance deriche doitgen durbin fdtd-2d gemm gemver gesummv gramschmidt heat-3d jacobi-1d jacobi-2d mvt seidel-2d symm syr2k syrk trisolv trmm"}
DL=${DL:-"durbin jacobi-1d trisolv seidel-2d heat-3d jacobi-2d"}
export PATH=$PATH:/usr/local/cuda/bin REPS=${REPS:-5}
nvidia-smi -L; date -u
[ -n "${SKIP_LOOPGPU:-}" ] || KERNELS="$K" NOCPU=1 ONLY_RESTRICT=1 bash bench/polybench-time.sh run EXTRALARGE 20 2>&1 |
  grep -v "warning #177\|^\s*int \|^\s*\^\|^Remark\|^$" | tee $OUT/loopgpu.txt
date -u
[ -n "${SKIP_LOOPGPU:-}" ] || ( cd .device/pbt
  echo "kernel restrict (LOOPGPU_DEVICE_LOOP_BLOCKS=0, median of $REPS)"
  for k in $DL; do
    r=()
    for i in $(seq $REPS); do r+=("$(LOOPGPU_DEVICE_LOOP_BLOCKS=0 timeout 20 ./$k.restrict.gpu 2>/dev/null | tail -1)"); done
    echo "$k $(printf '%s\n' "${r[@]}" | sort -g | sed -n "$(( (REPS + 1) / 2 ))p")"
  done ) 2>&1 | tee $OUT/loopgpu-launches.txt
date -u
[ -n "${SKIP_PPCG:-}" ] || KERNELS="$K" bash bench/ppcg-polybench.sh run .device/ppcg 20 2>&1 | grep -v "warning\|^\s*\^\|^Remark\|^$" | tee $OUT/ppcg.txt
date -u
[ -n "${SKIP_LOOPGPU:-}" ] || ( cd .device/dl/n5000d && bash run.sh gpu-build > build.log 2>&1 && LOOPGPU_TRACE=1 timeout 300 ./validate ) 2>&1 |
  grep -E "^PASS|^FAIL|INCONCL|loopgpu:" | sed 's/ in one launch//' | sort | uniq -c | tee $OUT/n5000d.txt
date -u
# PolyBench LARGE for the four kernels that take more than 20 s at EXTRALARGE (PolyBench's n^3 initialization on
# the CPU): loopgpu and PPCG (.device/ppcg-large, `prepare` at LARGE), median of 3, timeout 60 s; LARGE4=1 runs
# both sides whatever SKIP_* says.
if [ -n "${LARGE4:-}" ]; then
  L4=${L4:-"cholesky lu ludcmp floyd-warshall"}
  KERNELS="$L4" NOCPU=1 ONLY_RESTRICT=1 REPS=3 bash bench/polybench-time.sh run LARGE 60 2>&1 |
    grep -v "warning #177\|^\s*int \|^\s*\^\|^Remark\|^$" | tee $OUT/loopgpu-large.txt
  KERNELS="$L4" REPS=3 bash bench/ppcg-polybench.sh run .device/ppcg-large 60 2>&1 |
    grep -v "warning\|^\s*\^\|^Remark\|^$" | tee $OUT/ppcg-large.txt
  date -u
fi
