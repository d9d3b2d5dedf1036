#!/bin/bash
# Run 34 call 2 preparation: SGEMM/DGEMM with the side stream per call (this code) beside run 33's CUDA
# (side stream cached per host thread), the device-reset harness, DGEMM diagnostics.
set -eu
cd /work/main
L=build-rel/bin/loopgpu
D=.device/r34
rm -rf $D/val; mkdir -p $D/val
python3 utils/polybench-extract.py $D/pb > /dev/null
$L examples/matmul.c -o $D/mm_def.cu
$L examples/matmul.c -tile 16,16 -coarsen 8,8 -o $D/mm_r8.cu
$L $D/pb/gemm.restrict.c -o $D/gemm_new.cu
cp .device/b33/mm_def.cu $D/mm_def_old.cu; cp .device/b33/mm_r8.cu $D/mm_r8_old.cu
V() { name=$1; shift; $L "$@" --validate --validate-mode=none --validate-dir=$D/val/$name > /dev/null 2>&1 || echo "prep $name failed"; }
V reset_tc test/Validate/device-reset-emulated.c --param n=200 --param m=140 --param p=48
sed -i 's/^  product(\(.*\));$/  product(\1); if (cudaDeviceReset() != cudaSuccess) return 1; product(\1);/' $D/val/reset_tc/driver.cu
grep -c 'return 1; product(' $D/val/reset_tc/driver.cu
V reset_mm examples/matmul.c -tile 16,16 -coarsen 8,8 --param n=264 --param m=392 --param p=64
sed -i 's/^  matmul(\(.*\));$/  matmul(\1); if (cudaDeviceReset() != cudaSuccess) return 1; matmul(\1);/' $D/val/reset_mm/driver.cu
grep -c 'return 1; matmul(' $D/val/reset_mm/driver.cu
V gemm_border $D/pb/gemm.restrict.c --param ni=200 --param nj=136 --param nk=64
V timetile_jacobi2d $D/pb/jacobi-2d.restrict.c --param n=300 --param tsteps=10
ls $D/val
