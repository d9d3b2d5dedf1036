#!/bin/bash
# Run 49 call 1, second part (code b99145a, issue 14's "one device run" again, as run 45 call 1 on this code; the device command ran bench/runs/2026-12-04-run49-call1.sh first): PolyBench's iterative stencils' defaults beside their
# untiled sweeps (bench/timetile.sh), PolyBench/C 60 files at SMALL (validation at MINI) on the GPU, the harnesses
# of bench/device-prepare.sh, 40 random nests mostly time loops of stencils (bench/fuzz-gpu.sh, seed 490500), the
# 7-point stencil 512^3 float and double, five rounds each (bench/drivers/stencil.cu, its own copy reference and
# whole-array check), then the bench suite with its references (cuBLAS, CUB, copy).
# Prepared here: bash bench/runs/2026-12-06-run49-call1.sh prepare (build/ built).
set -uo pipefail
export PATH=$PATH:/usr/local/cuda/bin
export VARIANTS="heat-3d@-time-tile=0 heat-3d@ jacobi-2d@-time-tile=0 jacobi-2d@ fdtd-2d@-time-tile=0 fdtd-2d@ jacobi-1d@-time-tile=0 jacobi-1d@"
S=.device/st49
if [ "${1:-}" = prepare ]; then
  SKIP_TUNE=1 bash bench/device-prepare.sh > /dev/null || exit 1
  python3 utils/polybench-check.py --stage prepare --work .device/pb-small --mode gpu --dataset SMALL --validate-dataset MINI -j 2 | tail -1
  TT_DIR=.device/tt bash bench/timetile.sh prepare
  LOOPGPU=build/bin/loopgpu bash bench/fuzz-gpu.sh --prepare .device/fz -j 2 --gen-flags '--time-stencil-rate 0.9' 40 490500 | tail -1
  rm -rf $S; mkdir -p $S
  build/bin/loopgpu examples/stencil7.c -o $S/stencil7.cu && build/bin/loopgpu bench/kernels/stencil7d.c -o $S/stencil7d.cu || exit 1
  nvcc -O3 -arch=sm_90 -std=c++17 -Ibench/drivers $S/stencil7.cu bench/drivers/stencil.cu -o $S/gen &
  nvcc -O3 -arch=sm_90 -std=c++17 -Ibench/drivers -DSTENCIL_T=double -DSTENCIL_DEVICE=stencil7d_device $S/stencil7d.cu bench/drivers/stencil.cu -o $S/gend &
  wait; ls $S; exit 0
fi
t0=$(date +%s)
nvidia-smi --query-gpu=name,clocks.max.sm,clocks.max.mem --format=csv,noheader
ls .device/v | xargs -P 12 -I{} bash -c 'bash .device/v/{}/run.sh gpu-build > .device/v/{}/build.log 2>&1 || { echo "{}: BUILD FAILED"; tail -5 .device/v/{}/build.log; }' &
TT_DIR=.device/tt bash bench/timetile.sh run > $OUT/timetile.txt 2>&1
wait
grep -E "x$|FAIL" $OUT/timetile.txt | sed 's/one sweep per step at copy bandwidth/bar/' | cut -c1-150
echo "timetile $(( $(date +%s) - t0 )) s"
for r in 1 2 3 4 5; do $S/gen 512 loopgpu-float; $S/gend 512 loopgpu-double; done 2>&1 | tee $OUT/stencil.txt
echo "stencil $(( $(date +%s) - t0 )) s"
timeout 200 python3 utils/polybench-check.py --stage run --work .device/pb-small --mode gpu --dataset SMALL --validate-dataset MINI -j 16 --timeout 120 > $OUT/polybench.txt 2>&1
tail -1 $OUT/polybench.txt; grep -E "^FAIL" $OUT/polybench.txt | head
echo "polybench $(( $(date +%s) - t0 )) s"
pass=0; fail=0
for d in .device/v/*/; do
  n=$(basename $d)
  if (cd $d && timeout 60 ./validate > run.log 2>&1); then pass=$((pass+1)); else fail=$((fail+1)); echo "== $n FAILED"; tail -5 $d/run.log; fi
done > $OUT/validate.txt 2>&1
echo "validation: $pass PASS, $fail FAIL" | tee -a $OUT/validate.txt; grep FAILED $OUT/validate.txt | head
echo "harnesses $(( $(date +%s) - t0 )) s"
timeout 100 bash bench/fuzz-gpu.sh --run .device/fz -j 16 --sanitize-every 3 > $OUT/fuzz.txt 2>&1; tail -3 $OUT/fuzz.txt
echo "fuzz $(( $(date +%s) - t0 )) s"
timeout $(( 515 - ($(date +%s) - t0) )) bash bench/run.sh gpu .device/bench > $OUT/suite.txt 2>&1
grep -E "matmul_default|sum_default|sumf_default|stencil_default|stencild_default|transpose_default|polybench_gemm |scan_default.*2\^26|FAIL" $OUT/suite.txt | cut -c1-200
echo "total $(( $(date +%s) - t0 )) s"
