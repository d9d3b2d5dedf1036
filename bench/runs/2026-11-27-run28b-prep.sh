#!/usr/bin/env bash
# Session 16, run 28 B (here): the generator's FP64 tensor-core tile with cp.async stages (96 x 64, strips of 16,
# m16n8k8) for the GPU:
#   .device/gk/{new,old,notc}   PolyBench gemm's kernels alone beside cuBLAS DGEMM (bench/drivers/polybench_gemm.cu):
#                               this generator, run 27's (128 x 64, register prefetch: OLD_CU), -tensor-cores=false
#   .device/tc3/lit/*           test/CodeGen/tensor-cores.c's harnesses at four sizes
#   .device/tc3/rand/*          40 random matrix products (gen-nest.py --contraction-rate 1) that take tensor cores
#   .device/pb-tc3              PolyBench gemm, 2mm, 3mm, syrk, covariance, correlation (utils/polybench-check.py)
#   .device/pbt                 PolyBench through loopgpu (bench/polybench-time.sh prepare)
set -uo pipefail
cd /work/main
export PATH=$PATH:/usr/local/cuda/bin
L=$PWD/build-rel/bin/loopgpu
OLD_CU=${OLD_CU:-/tmp/gk/tc.cu}
rm -rf .device/gk .device/tc3 .device/pb-tc3 .device/exp5 .device/pb-dl .device/dl .device/pbt2
mkdir -p .device/gk .device/tc3/lit .device/tc3/rand
python3 utils/polybench-extract.py .device/gk/pb > /dev/null
$L .device/gk/pb/gemm.restrict.c -o .device/gk/new.cu
$L .device/gk/pb/gemm.restrict.c -tensor-cores=false -o .device/gk/notc.cu
cp $OLD_CU .device/gk/old.cu
for v in new old notc; do
  nvcc -O3 -arch=sm_90 -Xptxas -v -o .device/gk/$v .device/gk/$v.cu bench/drivers/polybench_gemm.cu -lcublas > .device/gk/$v.log 2>&1 || echo "BUILD FAILED $v"
done
grep -h -A1 "kernel1" .device/gk/new.log | grep -E "registers|spill"
LOOPGPU=$L bash bench/polybench-time.sh prepare | tail -1
python3 utils/polybench-check.py --stage prepare --work .device/pb-tc3 --mode gpu --dataset MEDIUM --validate-dataset SMALL \
  --kernels syrk,covariance,correlation,gemm,2mm,3mm --loopgpu $L -j 2 | tail -1
for nmp in "131 70 37" "517 300 203" "1000 1100 1203" "20 9 5"; do
  set -- $nmp
  $L test/CodeGen/tensor-cores.c --param n=$1 --param m=$2 --param p=$3 --validate --validate-mode=none --validate-dir .device/tc3/lit/$1 > /dev/null
done
n=0
for s in $(seq 1 400); do
  [ $n -ge 40 ] && break
  python3 utils/gen-nest.py $s --max-nests 1 --contraction-rate 1 -o /tmp/c$s.c
  opts=$(grep "// options:" /tmp/c$s.c | sed 's|.*// options:||')
  params=$(grep "// params:" /tmp/c$s.c | sed 's|.*// params:||; s|\([a-zA-Z_0-9]*=\)| --param \1|g')
  $L /tmp/c$s.c $opts -o /tmp/c$s.cu 2>/dev/null && grep -q "on FP64 tensor cores:" /tmp/c$s.cu || continue
  $L /tmp/c$s.c $opts $params --seed 7 --validate --validate-mode=none --validate-dir .device/tc3/rand/$s > /dev/null 2>&1 && n=$((n+1))
done
echo "random matrix products on tensor cores: $n"
du -sh .device
