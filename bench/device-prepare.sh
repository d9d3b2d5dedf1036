#!/usr/bin/env bash
# Writes every validation harness and the bench sources into .device/ (here).
set -euo pipefail
cd "$(dirname "$0")/.."  # the repository root (run from .device/ or bench/)
rm -rf .device/v .device/bench
mkdir -p .device/v
v() { name=$1; shift; build/bin/loopgpu "$@" --validate --validate-mode=none --validate-dir=.device/v/$name --seed 7 > /dev/null; }
for ex in matmul stencil7 sum transpose nearest_neighbor dcs jacobi2d scan; do
  v $ex-default examples/$ex.c
done
v matmul-t32c4 examples/matmul.c -tile 32 -coarsen 4
v matmul-r4x4 examples/matmul.c -tile 16,16 -coarsen 4,4
v matmul-r8x8 examples/matmul.c -tile 16,16 -coarsen 8,8
v matmul-r8x8-vec examples/matmul.c -tile 16,16 -coarsen 8,8 --param n=260 --param m=196 --param p=132
v matmul-r4x4-k4 examples/matmul.c -tile 16,16 -coarsen 4,4 -ktile 4 --param n=40 --param m=52 --param p=13
v matmul-r8x8-odd examples/matmul.c -tile 16,16 -coarsen 8,8 --param n=301 --param m=259 --param p=173
v matmul-t3-k7 examples/matmul.c -tile 3,32 -ktile 7 --param n=70 --param m=45 --param p=83
v matmul-1024 examples/matmul.c -tile 16,16 -coarsen 4,4 --param n=1024 --param m=1024 --param p=1024
v stencil-c4 examples/stencil7.c -tile 1,8,32 -coarsen 4
v stencil-c3 examples/stencil7.c -tile 1,8,32 -coarsen 3
v stencil-256 examples/stencil7.c -tile 1,8,32 -coarsen 4 --param nz=256 --param ny=256 --param nx=256
v sum-c1 examples/sum.c -coarsen 1
v sum-c16 examples/sum.c -coarsen 16 --param n=1000003
v sum-2e26 examples/sum.c --param n=67108864
v transpose-32x32 examples/transpose.c -tile 32,32
v transpose-16x32c2 examples/transpose.c -tile 16,32 -coarsen 2 --param rows=301 --param cols=517
v transpose-8192 examples/transpose.c --param rows=8192 --param cols=8192
v nn-t128 examples/nearest_neighbor.c -tile 128
v dcs-t8x8 examples/dcs.c -tile 8,8
v jacobi-t16 examples/jacobi2d.c -tile 16
v scan-t128 examples/scan.c -tile 128
# Default mapping against the static model's -tile auto at realistic sizes.
rm -rf .device/t; mkdir -p .device/t
while IFS='|' read -r ex params; do
  build/bin/loopgpu examples/$ex.c $params --validate --validate-mode=none --validate-dir=.device/t/$ex-default --seed 7 > /dev/null
  build/bin/loopgpu examples/$ex.c -tile auto -coarsen auto $params --validate --validate-mode=none --validate-dir=.device/t/$ex-auto --seed 7 > /dev/null 2> .device/t/$ex-auto.model
done <<'CASES'
matmul|--param n=1024 --param m=1024 --param p=1024
stencil7|--param nz=256 --param ny=256 --param nx=256
jacobi2d|--param tsteps=10 --param n=4096
nearest_neighbor|--param m=16384 --param n=16384
scan|--param n=2048 --param m=8192
transpose|--param rows=8192 --param cols=8192
sum|--param n=67108864
dcs|--param ny=512 --param nx=512 --param natoms=1024
CASES
# Measured tuning on the device (loopgpu does not run there): export here,
# run-all.sh there, then here: loopgpu ... --tune-import .device/tune/NAME.
rm -rf .device/tune; mkdir -p .device/tune
if [ -z "${SKIP_TUNE:-}" ]; then
# (each candidate also runs the original C on one CPU core: matmul 1024^3 takes ~8 s)
build/bin/loopgpu examples/matmul.c --tune-export .device/tune/matmul1024 --param n=1024 --param m=1024 --param p=1024 2> /dev/null
build/bin/loopgpu examples/stencil7.c --tune-export .device/tune/stencil256 --param nz=256 --param ny=256 --param nx=256 2> /dev/null
fi
bash bench/run.sh prepare .device/bench
echo "prepared $(ls .device/v | wc -l) harnesses and $(ls .device/bench/*.cu | wc -l) bench sources"
