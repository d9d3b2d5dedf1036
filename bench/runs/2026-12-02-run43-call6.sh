#!/bin/bash
# Run 43 call 6 (issue 14): the generator with VectorRuns::BorderStore (border tiles' stores combined by run):
# the 7-point stencil 512^3 float and double, three rounds each beside copy bandwidth; then validation on the GPU
# of the harnesses prepared here (bash bench/runs/2026-12-02-run43-call6.sh prepare): border-store tests at
# small and large sizes, runs of 2 and 4, the pencil tests and both stencils with the pencil forced.
set -uo pipefail
D=.device/s44
if [ "${1:-}" = prepare ]; then
  L=build/bin/loopgpu; rm -rf $D; mkdir -p $D
  $L examples/stencil7.c -o $D/stencil7.cu; $L bench/kernels/stencil7d.c -o $D/stencil7d.cu
  V="--validate --validate-mode=none --validate-dir"
  $L test/CodeGen/vector-runs-border-stores.c -vector 2 -coarsen 1,2 --param n=1000 --param m=1002 $V=$D/v2big
  $L test/CodeGen/vector-runs-border-stores.c -vector 2 -coarsen 1,2 --param n=5 --param m=78 $V=$D/v2small
  $L test/CodeGen/vector-runs-border-stores.c -vector 4 -coarsen 1,4 --param n=300 --param m=1000 $V=$D/v4
  $L test/CodeGen/stencil-pencil.c --param n=19 --param m=9 --param p=134 --param lo=4 $V=$D/pencil-small
  $L test/CodeGen/stencil-pencil.c --param n=130 --param m=131 --param p=514 --param lo=3 $V=$D/pencil-big
  $L examples/stencil7.c --param nz=130 --param ny=70 --param nx=258 $V=$D/st7
  $L bench/kernels/stencil7d.c --param nz=200 --param ny=98 --param nx=514 $V=$D/st7d
  exit 0
fi
export PATH=/usr/local/cuda/bin:$PATH
nvcc -O3 -arch=sm_90 -std=c++17 -Ibench/drivers $D/stencil7.cu bench/drivers/stencil.cu -o $D/gen &
nvcc -O3 -arch=sm_90 -std=c++17 -Ibench/drivers -DSTENCIL_T=double -DSTENCIL_DEVICE=stencil7d_device $D/stencil7d.cu bench/drivers/stencil.cu -o $D/gend &
wait
for r in 1 2 3; do $D/gen 512 loopgpu-border-stores; $D/gend 512 loopgpu-border-stores; done
export LOOPGPU_PENCIL_MIN_ITERATIONS=0
for h in v2big v2small v4 pencil-small pencil-big st7 st7d; do (bash $D/$h/run.sh gpu > $D/$h.log 2>&1; echo "$h rc=$?") & done; wait
for h in v2big v2small v4 pencil-small pencil-big st7 st7d; do echo "== $h"; grep -E "^(PASS|FAIL)" $D/$h.log; done
