#!/usr/bin/env bash
# Session 13 prep 2 (here): tensor cores under guards; random matrix products; PolyBench for the side-by-side run.
set -uo pipefail
cd /work/main
export PATH=$PATH:/usr/local/cuda/bin
L=build/bin/loopgpu
bash bench/polybench-time.sh prepare > /dev/null
rm -rf .device/pb-tc2 .device/tc2
python3 utils/polybench-check.py --stage prepare --work .device/pb-tc2 --mode gpu --dataset MEDIUM --validate-dataset SMALL --kernels syrk,covariance,correlation,gemm,2mm,3mm -j 2 | tail -1
mkdir -p .device/tc2/lit .device/tc2/rand
$L test/CodeGen/tensor-cores.c --param n=131 --param m=70 --param p=37 --validate --validate-mode=none --validate-dir .device/tc2/lit/odd > /dev/null
$L test/CodeGen/tensor-cores.c --param n=517 --param m=300 --param p=203 --validate --validate-mode=none --validate-dir .device/tc2/lit/mid > /dev/null
# random matrix products (gen-nest.py --contraction-rate 1) that take tensor cores, at their drawn sizes
n=0
for s in $(seq 1 400); do
  [ $n -ge 40 ] && break
  python3 utils/gen-nest.py $s --max-nests 1 --contraction-rate 1 -o /tmp/c$s.c
  opts=$(grep "// options:" /tmp/c$s.c | sed 's|.*// options:||')
  params=$(grep "// params:" /tmp/c$s.c | sed 's|.*// params:||; s|\([a-zA-Z_0-9]*=\)| --param \1|g')
  $L /tmp/c$s.c $opts -o /tmp/c$s.cu 2>/dev/null && grep -q "on FP64 tensor cores:" /tmp/c$s.cu || continue
  $L /tmp/c$s.c $opts $params --seed 7 --validate --validate-mode=none --validate-dir .device/tc2/rand/$s > /dev/null 2>&1 && n=$((n+1))
done
echo "random matrix products on tensor cores: $n"
ls .device/tc2/rand | tr '\n' ' '
