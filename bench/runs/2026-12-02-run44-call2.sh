#!/bin/bash
# Run 44 call 2 (issue 14): the generator with VectorRuns::Aligned32 (the pencil kernel a template, its
# aligned 32-bit instance launched where the arrays are aligned and the tile tests fit in int). The 7-point
# stencil float and double through bench/drivers/stencil.cu (checked against a reference kernel over the whole
# array) at 512 (three rounds) and 256, 384, 514, 640 (two rounds), beside call 1's build of the code before
# (g_f, g_d) and its text variant aligned+i32, lsv/lsvc/zreg and copy bandwidth; then GPU validation of the
# harnesses prepared here (`bash bench/runs/2026-12-02-run44-call2.sh prepare`): both instances (even and odd
# rows, LOOPGPU_TRACE says which ran), border stores with runs of 2 and 4, both stencils with the pencil forced.
set -uo pipefail
D=.device/s46; P=.device/s45
export PATH=/usr/local/cuda/bin:$PATH
if [ "${1:-}" = prepare ]; then
  L=build-rel/bin/loopgpu; rm -rf $D; mkdir -p $D
  $L examples/stencil7.c -o $D/stencil7.cu; $L bench/kernels/stencil7d.c -o $D/stencil7d.cu
  nvcc -O3 -arch=sm_90 -std=c++17 -Ibench/drivers $D/stencil7.cu bench/drivers/stencil.cu -o $D/gen &
  nvcc -O3 -arch=sm_90 -std=c++17 -Ibench/drivers -DSTENCIL_T=double -DSTENCIL_DEVICE=stencil7d_device $D/stencil7d.cu bench/drivers/stencil.cu -o $D/gend &
  # shapes around the default with this code (-tile threads z,y,x; -coarsen z,y,x; -vector)
  S="t4:-tile_1,4,32_-coarsen_8,1,2_-vector_2 t16:-tile_1,16,32_-coarsen_8,1,2_-vector_2 z4:-tile_1,8,32_-coarsen_4,1,2_-vector_2 z16:-tile_1,8,32_-coarsen_16,1,2_-vector_2 x4:-tile_1,8,32_-coarsen_8,1,4_-vector_4 x4t4:-tile_1,4,32_-coarsen_8,1,4_-vector_4 w64:-tile_1,4,64_-coarsen_8,1,2_-vector_2"
  for s in $S; do
    n=${s%%:*}; f=$(echo ${s#*:} | tr _ ' ')
    $L examples/stencil7.c $f -o $D/f_$n.cu && nvcc -O3 -arch=sm_90 -std=c++17 -Ibench/drivers $D/f_$n.cu bench/drivers/stencil.cu -o $D/gen_$n &
    $L bench/kernels/stencil7d.c $f -o $D/d_$n.cu && nvcc -O3 -arch=sm_90 -std=c++17 -Ibench/drivers -DSTENCIL_T=double -DSTENCIL_DEVICE=stencil7d_device $D/d_$n.cu bench/drivers/stencil.cu -o $D/gend_$n &
    wait
  done
  V="--validate --validate-mode=none --validate-dir"
  $L test/CodeGen/vector-runs-border-stores.c -vector 2 -coarsen 1,2 --param n=1000 --param m=1002 $V=$D/v2big
  $L test/CodeGen/vector-runs-border-stores.c -vector 2 -coarsen 1,2 --param n=5 --param m=77 $V=$D/v2odd
  $L test/CodeGen/vector-runs-border-stores.c -vector 4 -coarsen 1,4 --param n=300 --param m=1000 $V=$D/v4
  $L test/CodeGen/stencil-pencil.c --param n=19 --param m=9 --param p=134 --param lo=4 $V=$D/pencil-small
  $L test/CodeGen/stencil-pencil.c --param n=19 --param m=9 --param p=133 --param lo=4 $V=$D/pencil-odd
  $L test/CodeGen/stencil-pencil.c --param n=130 --param m=131 --param p=514 --param lo=3 $V=$D/pencil-big
  $L examples/stencil7.c --param nz=130 --param ny=70 --param nx=258 $V=$D/st7
  $L examples/stencil7.c --param nz=66 --param ny=70 --param nx=257 $V=$D/st7odd
  $L bench/kernels/stencil7d.c --param nz=200 --param ny=98 --param nx=514 $V=$D/st7d
  $L test/CodeGen/vector-runs-1d.c -tile 128 -coarsen 2 -vector 2 --param n=100001 $V=$D/axpy
  wait; ls $D; exit 0
fi
nvidia-smi --query-gpu=name,clocks.max.sm,clocks.max.mem --format=csv,noheader
for r in 1 2 3; do
  $P/refs 512 | grep -E "copy [0-9]+ GB/s$|lsv |lsvc|zreg"
  $P/g_f 512 before; $P/g_f_aligned+i32 512 call1-text-variant; $D/gen 512 loopgpu-aligned32
  $P/g_d 512 before; $P/g_d_aligned+i32 512 call1-text-variant; $D/gend 512 loopgpu-aligned32
done
for r in 1 2; do for s in t4 t16 z4 z16 x4 x4t4 w64; do $D/gen_$s 512 shape-$s; $D/gend_$s 512 shape-$s; done; done
for n in 256 384 514 640; do for r in 1 2; do
  $P/g_f $n before; $D/gen $n loopgpu-aligned32; $P/g_d $n before; $D/gend $n loopgpu-aligned32
done; done
export LOOPGPU_PENCIL_MIN_ITERATIONS=0 LOOPGPU_TRACE=1
H="v2big v2odd v4 pencil-small pencil-odd pencil-big st7 st7odd st7d axpy"
for h in $H; do (bash $D/$h/run.sh gpu > $D/$h.log 2>&1; echo "$h rc=$?") & done; wait
for h in $H; do echo "== $h"; grep -E "^(PASS|FAIL)|instance runs" $D/$h.log | sort | uniq -c; done
