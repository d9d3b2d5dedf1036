#!/usr/bin/env bash
# Session 27 call 1: loops run as written in one thread (sequential regions) on the GPU:
# test/Validate/regions-emulated.c's functions (CSR rows, while escapes, do/break/continue, a doubling
# step, Newton iterations, an insertion sort per row) at small and large sizes and under -coarsen / -tile
# options, the CSR product of bench/kernels/spmv.c beside cuSPARSE and copy bandwidth (bench/drivers/spmv.cu),
# random nests with regions drawn at 0.6 per innermost body (bench/fuzz-gpu.sh, compute-sanitizer sample).
set -uo pipefail
export PATH=$PATH:/usr/local/cuda/bin
nvidia-smi -L
t0=$(date +%s)
(nvcc -O3 -arch=sm_90 -Xptxas -v -o .device/sp/spmv .device/sp/spmv.cu bench/drivers/spmv.cu -lcublas -lcusparse > .device/sp/build.log 2>&1 || { echo "spmv: BUILD FAILED"; tail -5 .device/sp/build.log; }) &
ls .device/v | xargs -P 16 -I{} bash -c 'bash .device/v/{}/run.sh gpu-build > .device/v/{}/build.log 2>&1 || { echo "{}: BUILD FAILED"; tail -5 .device/v/{}/build.log; }'
wait
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
echo "harnesses $(( $(date +%s) - t0 )) s"
for r in 1 2; do .device/sp/spmv 22 "spmv_default run $r"; done > $OUT/spmv.txt 2>&1; cat $OUT/spmv.txt
grep -A2 "spmv_nest0_kernel" .device/sp/build.log | grep -E "registers|spill" | head -3
compute-sanitizer --tool racecheck .device/v/regions-small/validate > $OUT/racecheck.txt 2>&1; tail -2 $OUT/racecheck.txt
compute-sanitizer --tool memcheck .device/v/regions-small/validate > $OUT/memcheck.txt 2>&1; tail -2 $OUT/memcheck.txt
bash bench/fuzz-gpu.sh --run .device/fzr -j 16 --sanitize-every 5 > $OUT/fzr.txt 2>&1; tail -3 $OUT/fzr.txt
echo "total $(( $(date +%s) - t0 )) s"
