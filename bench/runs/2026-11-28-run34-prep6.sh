#!/bin/bash
# Run 34 call 6 preparation: GPU validation harnesses for the 128 x 64 tensor-core tile chosen where its
# exact version runs, random matrix products for the GPU, PolyBench (prepared separately).
set -eu
cd /work/main
L=build-rel/bin/loopgpu
D=.device/r34/c6
rm -rf $D/val; mkdir -p $D/val
V() { name=$1; shift; $L "$@" --validate --validate-mode=none --validate-dir=$D/val/$name > /dev/null 2>&1 || echo "prep $name failed"; }
P=.device/r34/pb
V gemm_large_full $P/gemm.restrict.c --param ni=256 --param nj=128 --param nk=32
V gemm_large_split $P/gemm.restrict.c --param ni=300 --param nj=136 --param nk=48
V gemm_alias_split $P/gemm.c --param ni=300 --param nj=200 --param nk=48
V 2mm_split $P/2mm.restrict.c --param ni=300 --param nj=144 --param nk=64 --param nl=200
V 3mm_split $P/3mm.restrict.c --param ni=300 --param nj=144 --param nk=64 --param nl=200 --param nm=96
V tc_split test/CodeGen/tensor-cores.c --param n=300 --param m=200 --param p=64
V gemm_xl_odd $P/gemm.restrict.c --param ni=260 --param nj=130 --param nk=50
V reset_tc test/Validate/device-reset-emulated.c --param n=200 --param m=140 --param p=48
sed -i 's/^  product(\(.*\));$/  product(\1); if (cudaDeviceReset() != cudaSuccess) return 1; product(\1);/' $D/val/reset_tc/driver.cu
ls $D/val
rm -rf .device/fz
LOOPGPU=$L bash bench/fuzz-gpu.sh --prepare .device/fz -j 1 --gen-flags "--max-nests 1 --contraction-rate 1" 40 34200 2>&1 | tail -2
