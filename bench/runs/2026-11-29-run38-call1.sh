#!/usr/bin/env bash
# Session 26 call 1: user code on the GPU: PolyBench/C as written (60 files), the harnesses of
# bench/device-prepare.sh plus the session's new ones (variables at file scope that nests write,
# the file's pure functions called in nests, user programs from bench/runs/2026-11-29-run38-inputs),
# random nests with the file's own functions (--helper-rate 0.3) and of every shape.
set -uo pipefail
export PATH=$PATH:/usr/local/cuda/bin
nvidia-smi -L
t0=$(date +%s)
python3 utils/polybench-check.py --stage run --work .device/pb-small --mode gpu --dataset SMALL --validate-dataset MINI -j 16 > $OUT/polybench.txt 2>&1
tail -1 $OUT/polybench.txt
echo "polybench $(( $(date +%s) - t0 )) s"
ls .device/v | xargs -P 16 -I{} bash -c 'bash .device/v/{}/run.sh gpu-build > .device/v/{}/build.log 2>&1 || { echo "{}: BUILD FAILED"; tail -5 .device/v/{}/build.log; }'
pass=0; fail=0
for d in .device/v/*/; do
  n=$(basename $d)
  if (cd $d && timeout 60 ./validate > run.log 2>&1); then pass=$((pass+1)); else fail=$((fail+1)); echo "== $n FAILED"; tail -5 $d/run.log; fi
  grep -E "^time|^PASS [a-z]|^FAIL|^INCONCLUSIVE" $d/run.log | sed "s/^/$n: /"
done > $OUT/validate.txt 2>&1
echo "validation: $pass PASS, $fail FAIL" | tee -a $OUT/validate.txt
grep "FAILED" $OUT/validate.txt | head
echo "harnesses $(( $(date +%s) - t0 )) s"
bash bench/fuzz-gpu.sh --run .device/fzh -j 16 --sanitize-every 5 > $OUT/fzh.txt 2>&1; tail -3 $OUT/fzh.txt
bash bench/fuzz-gpu.sh --run .device/fzd -j 16 --sanitize-every 5 > $OUT/fzd.txt 2>&1; tail -3 $OUT/fzd.txt
echo "total $(( $(date +%s) - t0 )) s"
