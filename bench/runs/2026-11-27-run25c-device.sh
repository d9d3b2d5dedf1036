#!/usr/bin/env bash
# Session 13, call C: GPU validation of tensor cores under guards (PolyBench syrk, covariance, correlation; gemm,
# 2mm, 3mm again), the lit test at two sizes, 40 random matrix products at their drawn sizes and 6 at 91-260.
export PATH=$PATH:/usr/local/cuda/bin
nvidia-smi -L; date -u
ls -d .device/tc2/lit/* .device/tc2/rand/* .device/tc2/big/* | xargs -P 16 -I{} bash -c 'bash {}/run.sh gpu-build > {}/build.log 2>&1 || echo "BUILD FAILED {}"'
for d in .device/tc2/lit/* .device/tc2/rand/* .device/tc2/big/*; do echo "== $d"; (cd $d && timeout 120 ./validate) 2>&1 | grep -E "^PASS|^FAIL|INCONCL|validating"; done > $OUT/tc-validate.txt
grep -c "^== " $OUT/tc-validate.txt; grep -c "^PASS$" $OUT/tc-validate.txt; grep -E "FAIL|INCONCL" $OUT/tc-validate.txt | head
date -u
python3 utils/polybench-check.py --stage run --work .device/pb-tc2 --mode gpu --dataset MEDIUM --validate-dataset SMALL --kernels syrk,covariance,correlation,gemm,2mm,3mm -j 16 --timeout 200 2>&1 | tail -14 | tee $OUT/pb-check.txt
date -u
