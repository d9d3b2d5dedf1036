#!/bin/bash
# Run 34 call 9 preparation.
set -eu
cd /work/main
L=build-rel/bin/loopgpu
D=.device/r34/c9
P=.device/r34/pb
rm -rf $D/val; mkdir -p $D/val
$L $P/gemm.restrict.c -o $D/gemm_tail.cu
V() { name=$1; shift; $L "$@" --validate --validate-mode=none --validate-dir=$D/val/$name > /dev/null 2>&1 || echo "prep $name failed"; }
V gemm_tail_split $P/gemm.restrict.c --param ni=300 --param nj=136 --param nk=46
V gemm_tail_96 $P/gemm.restrict.c --param ni=192 --param nj=128 --param nk=38
V 3mm_tail $P/3mm.restrict.c --param ni=300 --param nj=144 --param nk=50 --param nl=200 --param nm=94
ls $D/val
