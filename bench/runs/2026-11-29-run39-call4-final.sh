#!/usr/bin/env bash
# Session 27 call 4: the final code (541395f): the suite with its references (CSR beside cuSPARSE, the histogram
# with its default 4 updates per thread beside CUB), PolyBench/C as written (60 files), the 29 harnesses of
# bench/device-prepare.sh and the session's 8, random nests with regions and scatters at 0.2.
set -uo pipefail
export PATH=$PATH:/usr/local/cuda/bin
nvidia-smi -L
t0=$(date +%s)
bash bench/run.sh gpu .device/bench > $OUT/suite.txt 2>&1
grep -E "matmul_default|matmul_r8x8 |sum_default|sumf_default|stencil_default|stencild_default|transpose_default|polybench_gemm |scan_default.*2\^26|spmv|histogram|FAIL" $OUT/suite.txt | cut -c1-230
echo "suite $(( $(date +%s) - t0 )) s"
python3 utils/polybench-check.py --stage run --work .device/pb-small --mode gpu --dataset SMALL --validate-dataset MINI -j 16 > $OUT/polybench.txt 2>&1
tail -1 $OUT/polybench.txt
ls .device/v | xargs -P 16 -I{} bash -c 'bash .device/v/{}/run.sh gpu-build > .device/v/{}/build.log 2>&1 || { echo "{}: BUILD FAILED"; tail -5 .device/v/{}/build.log; }'
pass=0; fail=0
for d in .device/v/*/; do
  n=$(basename $d)
  if (cd $d && timeout 200 ./validate > run.log 2>&1); then pass=$((pass+1)); else fail=$((fail+1)); echo "== $n FAILED"; tail -5 $d/run.log; fi
  grep -E "^time|^PASS [a-z]|^FAIL|^INCONCLUSIVE" $d/run.log | sed "s/^/$n: /"
done > $OUT/validate.txt 2>&1
echo "validation: $pass PASS, $fail FAIL" | tee -a $OUT/validate.txt
grep "FAILED" $OUT/validate.txt | head
bash bench/fuzz-gpu.sh --run .device/fzf -j 16 --sanitize-every 5 > $OUT/fzf.txt 2>&1; tail -3 $OUT/fzf.txt
echo "total $(( $(date +%s) - t0 )) s"
