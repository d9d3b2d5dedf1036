#!/usr/bin/env bash
# Run 35 call 7: the final code: the suite, PolyBench on the GPU, the harnesses, random nests.
set -uo pipefail
export PATH=$PATH:/usr/local/cuda/bin
nvidia-smi -L
t0=$(date +%s)
bash bench/run.sh gpu .device/bench > $OUT/suite.txt 2>&1
echo "suite $(( $(date +%s) - t0 )) s"
python3 utils/polybench-check.py --stage run --work .device/pb-small --mode gpu --dataset SMALL --validate-dataset MINI -j 16 > $OUT/polybench.txt 2>&1
tail -1 $OUT/polybench.txt
echo "polybench $(( $(date +%s) - t0 )) s"
ls .device/v | xargs -P 16 -I{} bash -c 'bash .device/v/{}/run.sh gpu-build > .device/v/{}/build.log 2>&1 || echo "{}: BUILD FAILED"'
pass=0; fail=0
for d in .device/v/*/; do
  n=$(basename $d)
  if (cd $d && timeout 60 ./validate > run.log 2>&1); then pass=$((pass+1)); else fail=$((fail+1)); echo "== $n FAILED"; tail -5 $d/run.log; fi
  grep -E "^time|^PASS [a-z]|^FAIL" $d/run.log | sed "s/^/$n: /"
done > $OUT/validate.txt 2>&1
echo "validation: $pass PASS, $fail FAIL" | tee -a $OUT/validate.txt
echo "harnesses $(( $(date +%s) - t0 )) s"
bash bench/fuzz-gpu.sh --run .device/fz -j 16 --sanitize-every 5 > $OUT/fz.txt 2>&1; tail -3 $OUT/fz.txt
echo "total $(( $(date +%s) - t0 )) s"
grep -E "% of" $OUT/suite.txt | grep -E "^(matmul_r8x8|matmul_default|sum_default|sumf_default|stencil_default|stencild_default|transpose_default|polybench_gemm|scan_default)" | cut -c1-230
