#!/usr/bin/env bash
# Session 27 call 2: shared bins (a histogram's bins counted per block in shared memory) on the GPU:
# bench/kernels/histogram.c's CUDA with bins (the session's code) and without (the code before them,
# .device/hg/old.cu) beside CUB's DeviceHistogram and copy bandwidth (bench/drivers/histogram.cu), two rounds;
# test/Validate/shared-bins-emulated.c and atomic-scatter-emulated.c harnesses at n up to 10^7 (each run
# twice); random nests with scatters (0.5 per nest, half with constant-size targets) and regions (0.4).
set -uo pipefail
export PATH=$PATH:/usr/local/cuda/bin
nvidia-smi -L
t0=$(date +%s)
for v in new old; do
  (nvcc -O3 -arch=sm_90 -Xptxas -v -o .device/hg/$v .device/hg/$v.cu bench/drivers/histogram.cu > .device/hg/$v.log 2>&1 || { echo "$v: BUILD FAILED"; tail -5 .device/hg/$v.log; }) &
done
ls .device/v | xargs -P 16 -I{} bash -c 'bash .device/v/{}/run.sh gpu-build > .device/v/{}/build.log 2>&1 || { echo "{}: BUILD FAILED"; tail -5 .device/v/{}/build.log; }'
wait
for r in 1 2; do
  .device/hg/new 26 "bins (session 27) run $r"
  .device/hg/old 26 "global atomics (before) run $r"
done > $OUT/histogram.txt 2>&1; cat $OUT/histogram.txt
grep -A2 "histogram_nest0_kernel" .device/hg/new.log | grep -E "registers|spill" | head -2
pass=0; fail=0
for d in .device/v/*/; do
  n=$(basename $d)
  for r in 1 2; do
    if (cd $d && timeout 200 ./validate > run$r.log 2>&1); then pass=$((pass+1)); else fail=$((fail+1)); echo "== $n run $r FAILED"; tail -5 $d/run$r.log; fi
    grep -E "^time|^PASS [a-z]|^FAIL|^INCONCLUSIVE" $d/run$r.log | sed "s/^/$n run $r: /"
  done
done > $OUT/validate.txt 2>&1
echo "validation: $pass PASS, $fail FAIL" | tee -a $OUT/validate.txt
grep "FAILED" $OUT/validate.txt | head
compute-sanitizer --tool racecheck .device/v/bins-small/validate > $OUT/racecheck.txt 2>&1; tail -2 $OUT/racecheck.txt
compute-sanitizer --tool synccheck .device/v/bins-small/validate > $OUT/synccheck.txt 2>&1; tail -2 $OUT/synccheck.txt
compute-sanitizer --tool memcheck .device/v/bins-small/validate > $OUT/memcheck.txt 2>&1; tail -2 $OUT/memcheck.txt
bash bench/fuzz-gpu.sh --run .device/fzb -j 16 --sanitize-every 5 > $OUT/fzb.txt 2>&1; tail -3 $OUT/fzb.txt
echo "total $(( $(date +%s) - t0 )) s"
