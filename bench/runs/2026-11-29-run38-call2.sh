#!/usr/bin/env bash
# Session 26 call 2: atomic scatters on the GPU (races show only there): test/Validate/atomic-scatter-emulated.c's
# functions at n = 1000 (m = 37), 2000 (m = 3000) and 10^7 (m = 10), each harness run three times; random nests
# with histograms and scatter-adds drawn at 0.6 per nest (bench/fuzz-gpu.sh, compute-sanitizer sample).
set -uo pipefail
export PATH=$PATH:/usr/local/cuda/bin
nvidia-smi -L
t0=$(date +%s)
ls .device/v2 | xargs -P 16 -I{} bash -c 'bash .device/v2/{}/run.sh gpu-build > .device/v2/{}/build.log 2>&1 || { echo "{}: BUILD FAILED"; tail -5 .device/v2/{}/build.log; }'
pass=0; fail=0
for d in .device/v2/*/; do
  n=$(basename $d)
  for r in 1 2 3; do
    if (cd $d && timeout 120 ./validate > run$r.log 2>&1); then pass=$((pass+1)); else fail=$((fail+1)); echo "== $n run $r FAILED"; tail -5 $d/run$r.log; fi
    grep -E "^time|^PASS [a-z]|^FAIL|^INCONCLUSIVE" $d/run$r.log | sed "s/^/$n run $r: /"
  done
done > $OUT/validate.txt 2>&1
echo "validation: $pass PASS, $fail FAIL" | tee -a $OUT/validate.txt
grep "FAILED" $OUT/validate.txt | head
compute-sanitizer --tool memcheck .device/v2/atomic-small/validate > $OUT/memcheck.txt 2>&1; tail -3 $OUT/memcheck.txt
compute-sanitizer --tool racecheck .device/v2/atomic-small/validate > $OUT/racecheck.txt 2>&1; tail -3 $OUT/racecheck.txt
echo "harnesses $(( $(date +%s) - t0 )) s"
bash bench/fuzz-gpu.sh --run .device/fzs -j 16 --sanitize-every 5 > $OUT/fzs.txt 2>&1; tail -3 $OUT/fzs.txt
echo "total $(( $(date +%s) - t0 )) s"
