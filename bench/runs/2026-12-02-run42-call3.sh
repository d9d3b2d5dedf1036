#!/bin/bash
# Run 42 call 3 (code of this call's commit): the step loop's two structures as the generator prints them
# (TimeStreamPlan::WholeClean: fdtd-2d; checked, clean, checked loops: heat-3d, jacobi-2d), PolyBench's iterative
# stencils' defaults beside their untiled sweeps, two rounds; PolyBench/C's stencils at SMALL on the GPU (validation
# at MINI, the time tile forced on every block); 30 random nests, mostly time loops of stencils (seed 421000).
# Prepared here: bash bench/runs/2026-12-02-run42-call3.sh prepare.
set -uo pipefail
export PATH=$PATH:/usr/local/cuda/bin
export VARIANTS="heat-3d@-time-tile=0 heat-3d@ jacobi-2d@-time-tile=0 jacobi-2d@ fdtd-2d@-time-tile=0 fdtd-2d@ jacobi-1d@-time-tile=0 jacobi-1d@"
K=jacobi-1d,jacobi-2d,heat-3d,fdtd-2d,seidel-2d,adi
if [ "${1:-}" = prepare ]; then
  TT_DIR=.device/tt bash bench/timetile.sh prepare
  rm -rf .device/pb-tt .device/fz
  LOOPGPU_TIME_TILE_MIN_BLOCKS=0 python3 utils/polybench-check.py --stage prepare --work .device/pb-tt --mode gpu --dataset SMALL --validate-dataset MINI --kernels $K -j 2 | tail -1
  LOOPGPU=build/bin/loopgpu bash bench/fuzz-gpu.sh --prepare .device/fz -j 2 --gen-flags '--time-stencil-rate 0.9' 30 ${SEED:-421000} | tail -1
  exit 0
fi
t0=$(date +%s)
for round in 1 2; do TT_DIR=.device/tt bash bench/timetile.sh run 2>&1 | grep -v "^$" | sed 's/one sweep per step at copy bandwidth/bar/'; done
echo "timetile $(( $(date +%s) - t0 )) s"
LOOPGPU_TIME_TILE_MIN_BLOCKS=0 timeout 200 python3 utils/polybench-check.py --stage run --work .device/pb-tt --mode gpu --dataset SMALL --validate-dataset MINI --kernels $K -j 16 --timeout 120 > $OUT/polybench.txt 2>&1
tail -1 $OUT/polybench.txt; grep -E "^FAIL" $OUT/polybench.txt | head
echo "polybench $(( $(date +%s) - t0 )) s"
timeout 150 bash bench/fuzz-gpu.sh --run .device/fz -j 16 --sanitize-every 3 > $OUT/fuzz.txt 2>&1; tail -3 $OUT/fuzz.txt
echo "total $(( $(date +%s) - t0 )) s"
