#!/usr/bin/env bash
# Run 40 final call: the committed code (MmaPlan::Pipelined): PolyBench gemm beside cuBLAS DGEMM at several sizes,
# GPU validation of every kernel of the pipelined exact version (LOOPGPU_EXACT_BORDER_MIN_TILES=1 so that the exact
# and border versions run at these sizes), compute-sanitizer racecheck / synccheck on two harnesses, PolyBench/C 60 files.
set -uo pipefail
export PATH=$PATH:/usr/local/cuda/bin
D=.device/x40
nvidia-smi -L
t0=$(date +%s)
nvcc -O3 -arch=sm_90 -o $D/final $D/final.cu bench/drivers/polybench_gemm.cu -lcublas > $D/final.log 2>&1 || echo "BUILD FAILED final"
(python3 utils/polybench-check.py --stage run --work .device/pb-small --mode gpu --dataset SMALL --validate-dataset MINI -j 12 > $OUT/polybench.txt 2>&1) &
ls .device/v | xargs -P 6 -I{} bash -c 'bash .device/v/{}/run.sh gpu-build > .device/v/{}/build.log 2>&1 || { echo "{}: BUILD FAILED"; tail -5 .device/v/{}/build.log; }'
wait
tail -1 $OUT/polybench.txt
pass=0; fail=0
for d in .device/v/*/; do
  n=$(basename $d)
  if (cd $d && LOOPGPU_TRACE=1 LOOPGPU_EXACT_BORDER_MIN_TILES=1 timeout 200 ./validate > run.log 2>&1); then pass=$((pass+1)); else fail=$((fail+1)); echo "== $n FAILED"; tail -5 $d/run.log; fi
  grep -E "^PASS [a-z]|^FAIL|^INCONCLUSIVE|exact runs|border" $d/run.log | sort | uniq -c | sed "s/^/$n: /"
done
echo "validation: $pass PASS, $fail FAIL"
for n in gemm_r_256; do for t in racecheck synccheck; do
  (cd .device/v/$n && LOOPGPU_EXACT_BORDER_MIN_TILES=1 timeout 120 compute-sanitizer --tool $t --error-exitcode 9 ./validate > san.$t.log 2>&1; echo "$n $t rc $? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' san.$t.log | head -2 | tr '\n' ' ')")
done; done
for r in 1 2; do for n in 4096 2048 6144 EXTRALARGE 3000 4104 5000 LARGE; do
  LOOPGPU_TRACE=1 $D/final $n "final" 2>&1 | sort | uniq -c | sed 's/ (\([0-9x]*\), double)//; s/ TFLOP\/s//g; s/cuBLAS DGEMM default/cuBLAS/; s/ | max rel diff [0-9.e-]*//; s/loopgpu: kernel_gemm_nest0_//'
done; done
echo "total $(( $(date +%s) - t0 )) s"
