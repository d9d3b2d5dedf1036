#!/usr/bin/env bash
# Session 15, run 27 (here): what the device call needs, from the Release build.
#   .device/pbt      PolyBench's 30 kernels through loopgpu (bench/polybench-time.sh prepare)
#   .device/pb-dl    utils/polybench-check.py --stage prepare: the kernels with host loops (device loops)
#   .device/dl/*     test/Inputs/device-loops.c's harnesses at n = 20, 300 (default and -device-loop-blocks=1), 5000
#   .device/ow/small test/Inputs/overwrite.c (14 functions) at n = 301
#   .device/am       test/Analysis/argmin.c's harness
#   .device/lc       test/Inputs/large-copy.c's host function and driver (141 MB in 9 pieces: the 8-piece window)
set -uo pipefail
cd /work/main
export PATH=$PATH:/usr/local/cuda/bin
L=$PWD/build-rel/bin/loopgpu
LOOPGPU=$L bash bench/polybench-time.sh prepare | tail -1
rm -rf .device/pb-dl .device/dl .device/ow .device/am .device/lc
python3 utils/polybench-check.py --stage prepare --work .device/pb-dl --mode gpu --dataset MEDIUM --validate-dataset SMALL \
  --kernels adi,durbin,trisolv,jacobi-1d,jacobi-2d,heat-3d,seidel-2d,nussinov,ludcmp,floyd-warshall,cholesky,lu,gramschmidt,fdtd-2d \
  --loopgpu $L -j 2 | tail -1
mkdir -p .device/dl .device/ow .device/lc
$L test/Inputs/device-loops.c --param n=20 --param steps=7 --validate --validate-mode=none --validate-dir .device/dl/n20 > /dev/null
$L test/Inputs/device-loops.c --param n=300 --param steps=7 --validate --validate-mode=none --validate-dir .device/dl/n300 > /dev/null
$L test/Inputs/device-loops.c -device-loop-blocks=1 --param n=300 --param steps=7 --validate --validate-mode=none --validate-dir .device/dl/n300b1 > /dev/null
$L test/Inputs/device-loops.c --param n=5000 --param steps=3 --validate --validate-mode=none --validate-dir .device/dl/n5000 > /dev/null
$L test/Inputs/overwrite.c --param n=301 --param m=77 --param ni=37 --param nj=45 --param nk=29 --validate --validate-mode=none --validate-dir .device/ow/small > /dev/null
$L test/Analysis/argmin.c --param n=100001 --validate --validate-mode=none --validate-dir .device/am > /dev/null
$L test/Inputs/large-copy.c -o .device/lc/k.cu && cp test/Inputs/large-copy-driver.cpp .device/lc/
ls .device/dl .device/ow .device/am | head -20
L=$PWD/build-rel/bin/loopgpu; $L test/Inputs/device-loops.c --inputs=dominant --param n=5000 --param steps=3 --validate --validate-mode=none --validate-dir .device/dl/n5000d > /dev/null
