#!/usr/bin/env bash
# Session 13, call A: FP64 tensor cores. GPU validation (lit test's harnesses, PolyBench gemm/2mm/3mm end to end),
# PolyBench gemm kernels alone beside cuBLAS DGEMM, and gemm/2mm/3mm at EXTRALARGE with and without tensor cores.
export PATH=$PATH:/usr/local/cuda/bin
nvidia-smi -L; date -u
(cd .device/gk && for v in tc notc; do nvcc -O3 -arch=sm_90 -Xptxas -v -o $v $v.cu ../../bench/drivers/polybench_gemm.cu -lcublas > $v.log 2>&1 || echo "BUILD FAILED $v"; done) &
ls -d .device/tc/* | xargs -P 8 -I{} bash -c 'bash {}/run.sh gpu-build > {}/build.log 2>&1 || echo "BUILD FAILED {}"'
wait
grep -A1 "nest0_kernel1" .device/gk/tc.log | grep -E "registers" | head -2
for v in tc notc; do .device/gk/$v EXTRALARGE $v; .device/gk/$v LARGE $v; done 2>&1 | tee $OUT/gemm-kernels.txt
for d in .device/tc/*; do echo "== $d"; (cd $d && timeout 200 ./validate) 2>&1 | grep -E "^PASS|^FAIL|INCONCL|validating|kernels alone"; done | tee $OUT/tc-test.txt
date -u
python3 utils/polybench-check.py --stage run --work .device/pb-tc --mode gpu --dataset MEDIUM --validate-dataset SMALL --kernels gemm,2mm,3mm -j 16 --timeout 200 2>&1 | tail -12 | tee $OUT/pb-check.txt
date -u
for d in pbt pbt-notc; do echo "== $d"; PBT_DIR=.device/$d KERNELS="gemm 2mm 3mm" NOCPU=1 ONLY_RESTRICT=1 bash bench/polybench-time.sh run EXTRALARGE 30; done 2>&1 | tee $OUT/pbt-xl.txt
date -u
