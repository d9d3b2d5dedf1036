#!/usr/bin/env bash
# Session 16, run 28 A (here): experiment 5's binary; the reduction-in-one-block device loops (a190811) for the GPU:
#   .device/exp5/exp5   bench/runs/2026-11-27-run28a-dmma-experiment5.cu built with nvcc here
#   .device/pb-dl       PolyBench kernels with host loops, utils/polybench-check.py --stage prepare (gpu mode)
#   .device/dl/*        test/Inputs/device-loops.c's harnesses at n = 20, 300, 5000 (dominant inputs)
#   .device/pbt         PolyBench through loopgpu (bench/polybench-time.sh prepare) for durbin / ludcmp times
set -uo pipefail
cd /work/main
export PATH=$PATH:/usr/local/cuda/bin
L=$PWD/build-rel/bin/loopgpu
mkdir -p .device/exp5
(cd .device/exp5 && nvcc -O3 -arch=sm_90 -std=c++17 -Xptxas -v ../../bench/runs/2026-11-27-run28a-dmma-experiment5.cu -lcublas -o exp5 2> ptxas.log)
LOOPGPU=$L bash bench/polybench-time.sh prepare | tail -1
rm -rf .device/pb-dl .device/dl
python3 utils/polybench-check.py --stage prepare --work .device/pb-dl --mode gpu --dataset MEDIUM --validate-dataset SMALL \
  --kernels durbin,ludcmp,cholesky,lu,adi,trisolv,gramschmidt --loopgpu $L -j 2 | tail -1
mkdir -p .device/dl
$L test/Inputs/device-loops.c --param n=20 --param steps=7 --validate --validate-mode=none --validate-dir .device/dl/n20 > /dev/null
$L test/Inputs/device-loops.c -device-loop-blocks=1 --param n=300 --param steps=7 --validate --validate-mode=none --validate-dir .device/dl/n300b1 > /dev/null
$L test/Inputs/device-loops.c --inputs=dominant --param n=5000 --param steps=3 --validate --validate-mode=none --validate-dir .device/dl/n5000d > /dev/null
ls .device/dl
