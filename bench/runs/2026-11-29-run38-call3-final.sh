#!/usr/bin/env bash
# Session 26 call 3: the final code (734c8e2): PolyBench/C as written (60 files), the 40 harnesses of call 1
# (bench/device-prepare.sh's, the new tests', the user programs'; Black-Scholes with --inputs=positive at 10^6),
# the atomic scatters of call 2, random nests of every shape at the generator's default rates (helpers 0.05,
# scatters 0.04).
set -uo pipefail
export PATH=$PATH:/usr/local/cuda/bin
nvidia-smi -L
t0=$(date +%s)
python3 utils/polybench-check.py --stage run --work .device/pb-small --mode gpu --dataset SMALL --validate-dataset MINI -j 16 > $OUT/polybench.txt 2>&1
tail -1 $OUT/polybench.txt
for set in v v2; do
  ls .device/$set | xargs -P 16 -I{} bash -c "bash .device/$set/{}/run.sh gpu-build > .device/$set/{}/build.log 2>&1 || { echo '{}: BUILD FAILED'; tail -5 .device/$set/{}/build.log; }"
done
pass=0; fail=0
for d in .device/v/*/ .device/v2/*/; do
  n=$(basename $d)
  if (cd $d && timeout 120 ./validate > run.log 2>&1); then pass=$((pass+1)); else fail=$((fail+1)); echo "== $n FAILED"; tail -5 $d/run.log; fi
  grep -E "^time|^PASS [a-z]|^FAIL|^INCONCLUSIVE" $d/run.log | sed "s/^/$n: /"
done > $OUT/validate.txt 2>&1
echo "validation: $pass PASS, $fail FAIL" | tee -a $OUT/validate.txt
grep "FAILED" $OUT/validate.txt | head
bash bench/fuzz-gpu.sh --run .device/fzf -j 16 --sanitize-every 5 > $OUT/fzf.txt 2>&1; tail -3 $OUT/fzf.txt
echo "total $(( $(date +%s) - t0 )) s"
