#!/usr/bin/env bash
# Session 16, run 28 B (device; prepared by -run28b-prep.sh): the generator's tensor-core tile with cp.async stages.
#   1. PolyBench gemm's kernels alone beside cuBLAS DGEMM at EXTRALARGE, LARGE, 4096^3: new / old (run 27) / notc;
#   2. GPU validation: tensor-cores.c at four sizes, 40 random matrix products, PolyBench's six kernels with
#      tensor-core tiles end to end (MEDIUM, SMALL --validate, both variants);
#   3. PolyBench EXTRALARGE end to end for those six (PolyBench's timer, median of 5).
export PATH=$PATH:/usr/local/cuda/bin
nvidia-smi -L; date -u
for ds in EXTRALARGE LARGE 4096; do for v in new old notc; do .device/gk/$v $ds $v; done; done 2>&1 | tee $OUT/gemm-kernels.txt
date -u
ls -d .device/tc3/lit/* .device/tc3/rand/* | xargs -P 16 -I{} bash -c 'bash {}/run.sh gpu-build > {}/build.log 2>&1 || echo "BUILD FAILED {}"'
for d in .device/tc3/lit/* .device/tc3/rand/*; do echo "== $d"; (cd $d && timeout 120 ./validate) 2>&1 | grep -E "^PASS|^FAIL|INCONCL|validating"; done > $OUT/tc-validate.txt
echo "harnesses $(grep -c '^== ' $OUT/tc-validate.txt), PASS lines $(grep -c '^PASS$' $OUT/tc-validate.txt)"; grep -E "FAIL|INCONCL" $OUT/tc-validate.txt | head
date -u
python3 utils/polybench-check.py --stage run --work .device/pb-tc3 --mode gpu --dataset MEDIUM --validate-dataset SMALL \
  --kernels syrk,covariance,correlation,gemm,2mm,3mm -j 16 --timeout 200 2>&1 | tail -14 | tee $OUT/pb-check.txt
date -u
KERNELS="gemm 2mm 3mm syrk covariance correlation" NOCPU=1 ONLY_RESTRICT=1 REPS=5 bash bench/polybench-time.sh run EXTRALARGE 20 2>&1 |
  grep -v "warning #177\|^\s*int \|^\s*\^\|^Remark\|^$" | tee $OUT/pbt-xl.txt
date -u
