#!/bin/bash
# Prepares .device/b33: SGEMM/DGEMM variants and GPU validation harnesses for the border split.
set -eu
cd /work/main
L=build-rel/bin/loopgpu
D=.device/b33
rm -rf $D; mkdir -p $D/val
python3 utils/polybench-extract.py $D/pb > /dev/null
# SGEMM: default mapping and the 16,16 x 8,8 register tile, with and without exact versions.
$L examples/matmul.c -o $D/mm_def.cu
$L examples/matmul.c -exact-tiles=false -o $D/mm_def_noex.cu
$L examples/matmul.c -tile 16,16 -coarsen 8,8 -o $D/mm_r8.cu
$L examples/matmul.c -tile 16,16 -coarsen 8,8 -exact-tiles=false -o $D/mm_r8_noex.cu
# DGEMM: PolyBench gemm (restrict), tensor cores.
$L $D/pb/gemm.restrict.c -o $D/gemm.cu
$L $D/pb/gemm.restrict.c -exact-tiles=false -o $D/gemm_noex.cu
# Validation harnesses (built and run there with LOOPGPU_TRACE=1).
V() { name=$1; shift; $L "$@" --validate --validate-mode=none --validate-dir=$D/val/$name > /dev/null 2>&1 || echo "prep $name failed"; }
V mm_264 examples/matmul.c -tile 16,16 -coarsen 8,8 --param n=264 --param m=392 --param p=64
V mm_130 examples/matmul.c -tile 16,16 -coarsen 8,8 --param n=130 --param m=300 --param p=16
V mm_def_1031 examples/matmul.c --param n=1031 --param m=517 --param p=128
V mm_def_exact examples/matmul.c --param n=512 --param m=384 --param p=64
V offsets_200 test/Validate/exact-tiles-emulated.c --param n=200 --param p=72 --param lo=4 --param hi=68 --param ni=150 --param nj=136 --param nk=40
V tc_border test/CodeGen/tensor-cores.c --param n=200 --param m=136 --param p=64
V gemm_border $D/pb/gemm.restrict.c --param ni=200 --param nj=136 --param nk=64
V gemm_alias_border $D/pb/gemm.c --param ni=300 --param nj=200 --param nk=48
V 2mm_border $D/pb/2mm.restrict.c --param ni=200 --param nj=144 --param nk=64 --param nl=150
V 3mm_border $D/pb/3mm.restrict.c --param ni=200 --param nj=144 --param nk=64 --param nl=150 --param nm=96
V 2mm_border_r8 $D/pb/2mm.restrict.c -tensor-cores=false --param ni=300 --param nj=200 --param nk=64 --param nl=260
ls $D/val
