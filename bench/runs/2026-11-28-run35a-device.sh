#!/usr/bin/env bash
# Run 35 call 1: PolyBench/C as written on the GPU, then the validation harnesses.
set -uo pipefail
export PATH=$PATH:/usr/local/cuda/bin
nvidia-smi -L; nvcc --version | tail -1
date +%s > $OUT/t0
python3 utils/polybench-check.py --stage run --work .device/pb-small --mode gpu --dataset SMALL --validate-dataset MINI -j 16 > $OUT/polybench.txt 2>&1
tail -4 $OUT/polybench.txt
echo "polybench: $(( $(date +%s) - $(cat $OUT/t0) )) s"
ls .device/v | xargs -P 16 -I{} bash -c 'bash .device/v/{}/run.sh gpu-build > .device/v/{}/build.log 2>&1 || echo "{}: BUILD FAILED"'
pass=0; fail=0
for d in .device/v/*/; do
  n=$(basename $d)
  if (cd $d && timeout 60 ./validate > run.log 2>&1); then pass=$((pass+1)); else fail=$((fail+1)); echo "== $n FAILED"; tail -5 $d/run.log; fi
  grep -E "^time|^PASS [a-z]|^FAIL" $d/run.log | sed "s/^/$n: /"
done > $OUT/validate.txt 2>&1
echo "validation: $pass PASS, $fail FAIL" | tee -a $OUT/validate.txt
grep -c "^[a-z0-9-]*: PASS" $OUT/validate.txt
echo "total: $(( $(date +%s) - $(cat $OUT/t0) )) s"
