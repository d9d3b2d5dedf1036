#!/usr/bin/env bash
# Session 27 call 3: the final code on the GPU: the benchmark suite with its references in the same run (now
# with the CSR product beside cuSPARSE and the histogram beside CUB), histogram variants (-coarsen), PolyBench/C
# as written (60 files), the 29 harnesses of bench/device-prepare.sh and the session's 7 (regions, bins,
# atomics at 10^7), random nests of every shape at the generator's default rates.
set -uo pipefail
export PATH=$PATH:/usr/local/cuda/bin
nvidia-smi -L
t0=$(date +%s)
bash bench/run.sh gpu .device/bench > $OUT/suite.txt 2>&1; grep -E "spmv|histogram|FAIL" $OUT/suite.txt
echo "suite $(( $(date +%s) - t0 )) s"
for v in c ccoarsen4 ccoarsen16 ctile512coarsen4; do
  nvcc -O3 -arch=sm_90 -o .device/hg/$v .device/hg/$v.cu bench/drivers/histogram.cu > .device/hg/$v.log 2>&1 || echo "$v: BUILD FAILED" &
done
wait
for r in 1 2; do for v in c ccoarsen4 ccoarsen16 ctile512coarsen4; do .device/hg/$v 26 "$v run $r"; done; done > $OUT/histogram.txt 2>&1; cat $OUT/histogram.txt
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
