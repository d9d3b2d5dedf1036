#!/usr/bin/env bash
# Session 13 prep (here): FP64 tensor cores. PolyBench gemm/2mm/3mm with and without; the lit test's harnesses.
set -uo pipefail
cd /work/main
export PATH=$PATH:/usr/local/cuda/bin
L=build/bin/loopgpu
bash bench/polybench-time.sh prepare > /dev/null
PBT_DIR=.device/pbt-notc LOOPGPU_FLAGS=-tensor-cores=false bash bench/polybench-time.sh prepare > /dev/null
rm -rf .device/pb-tc .device/tc .device/gk
python3 utils/polybench-check.py --stage prepare --work .device/pb-tc --mode gpu --dataset MEDIUM --validate-dataset SMALL --kernels gemm,2mm,3mm -j 2 | tail -1
$L test/CodeGen/tensor-cores.c --param n=131 --param m=70 --param p=37 --validate --validate-mode=none --validate-dir .device/tc/odd > /dev/null
$L test/CodeGen/tensor-cores.c --param n=1000 --param m=1100 --param p=1203 --validate --validate-mode=none --validate-dir .device/tc/big > /dev/null
$L test/CodeGen/tensor-cores.c --param n=20 --param m=9 --param p=5 --validate --validate-mode=none --validate-dir .device/tc/small > /dev/null
# kernels alone at EXTRALARGE beside cuBLAS DGEMM (bench/drivers/polybench_gemm.cu)
mkdir -p .device/gk
python3 utils/polybench-extract.py .device/gk/pb > /dev/null
$L .device/gk/pb/gemm.restrict.c -o .device/gk/tc.cu
$L .device/gk/pb/gemm.restrict.c -tensor-cores=false -o .device/gk/notc.cu
ls .device/tc .device/gk
