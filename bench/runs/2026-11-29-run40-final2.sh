#!/usr/bin/env bash
# Run 40 final call (code 5231213): the suite with its references, PolyBench/C 60 files, the 29 harnesses of
# bench/device-prepare.sh and 8 of the pipelined tile (LOOPGPU_EXACT_BORDER_MIN_TILES=1), racecheck on one,
# PolyBench gemm beside cuBLAS DGEMM by size, and the Default tile pipelined (defA; defB without grouping), hand-set.
set -uo pipefail
export PATH=$PATH:/usr/local/cuda/bin
D=.device/x40
nvidia-smi -L
t0=$(date +%s)
for v in final defA defB; do (nvcc -O3 -arch=sm_90 -o $D/$v $D/$v.cu bench/drivers/polybench_gemm.cu -lcublas > $D/$v.log 2>&1 || echo "BUILD FAILED $v") & done
ls .device/v | xargs -P 12 -I{} bash -c 'bash .device/v/{}/run.sh gpu-build > .device/v/{}/build.log 2>&1 || { echo "{}: BUILD FAILED"; tail -5 .device/v/{}/build.log; }'
wait
bash bench/run.sh gpu .device/bench > $OUT/suite.txt 2>&1
grep -E "matmul_default|matmul_r8x8 |sum_default|sumf_default|stencil_default|stencild_default|transpose_default|polybench_gemm |scan_default.*2\^26|spmv|histogram|FAIL" $OUT/suite.txt | cut -c1-230
echo "suite $(( $(date +%s) - t0 )) s"
python3 utils/polybench-check.py --stage run --work .device/pb-small --mode gpu --dataset SMALL --validate-dataset MINI -j 16 > $OUT/polybench.txt 2>&1
tail -1 $OUT/polybench.txt
pass=0; fail=0
for d in .device/v/*/; do
  n=$(basename $d)
  case $n in pipe-*) ex=1 ;; *) ex=264 ;; esac
  if (cd $d && LOOPGPU_TRACE=1 LOOPGPU_EXACT_BORDER_MIN_TILES=$ex timeout 150 ./validate > run.log 2>&1); then pass=$((pass+1)); else fail=$((fail+1)); echo "== $n FAILED"; tail -5 $d/run.log; fi
  grep -E "^PASS [a-z]|^FAIL|^INCONCLUSIVE|exact runs" $d/run.log | sort | uniq -c | sed "s/^/$n: /"
done > $OUT/validate.txt 2>&1
echo "validation: $pass PASS, $fail FAIL" | tee -a $OUT/validate.txt
grep -E "FAILED|pipe-" $OUT/validate.txt | head -40
(cd .device/v/pipe-gemm_r_300 && LOOPGPU_EXACT_BORDER_MIN_TILES=1 timeout 100 compute-sanitizer --tool racecheck --error-exitcode 9 ./validate > san.log 2>&1; echo "pipe-gemm_r_300 racecheck rc $? $(grep -E 'RACECHECK SUMMARY' san.log)")
echo "checks $(( $(date +%s) - t0 )) s"
for r in 1 2; do for n in 4096 2048 6144 5000 EXTRALARGE; do
  LOOPGPU_TRACE=1 $D/final $n "final" 2>&1 | sort | uniq -c | sed 's/ (\([0-9x]*\), double)//; s/ TFLOP\/s//g; s/cuBLAS DGEMM default/cuBLAS/; s/ | max rel diff [0-9.e-]*//; s/loopgpu: kernel_gemm_nest0_//'
done; done | tee $OUT/dgemm.txt
for n in EXTRALARGE 3000 EXTRALARGE 3000; do for v in final defA defB; do $D/$v $n "$v" 2>&1 | grep -v "^loopgpu:" | sed 's/ (\([0-9x]*\), double)//; s/ TFLOP\/s//g; s/cuBLAS DGEMM default/cuBLAS/; s/, pedantic [0-9.]* ms [0-9.]*//; s/ | max rel diff [0-9.e-]*//'; done; done | tee $OUT/default-tile.txt
echo "total $(( $(date +%s) - t0 )) s"
