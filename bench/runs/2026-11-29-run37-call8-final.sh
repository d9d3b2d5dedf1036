#!/usr/bin/env bash
# Session 25 call 8: the final code: time tiles (the model's choices, twice), the suite with cuBLAS/CUB/copy,
# PolyBench/C on the GPU, the streamed form forced at small tiles, the harnesses, random time loops of stencils.
set -uo pipefail
export PATH=$PATH:/usr/local/cuda/bin
nvidia-smi -L
t0=$(date +%s)
export VARIANTS="$(cat .device/tt-variants.txt)"
bash bench/timetile.sh run > $OUT/tt.txt 2>&1
for v in $VARIANTS; do k=${v%%@*}; printf '%-34s ' "$v (again)"; b=.device/tt/$(echo "$v" | sed 's/@/_/g; s/=/-/g; s/,/x/g; s/+/_/g').bin; case $k in jacobi-1d) sz="16777216 100";; heat-3d) sz="256 100";; *) sz="4096 100";; esac; $b $sz /tmp/again.out 2>&1 | tail -1; done >> $OUT/tt.txt
echo "timetile $(( $(date +%s) - t0 )) s"
bash bench/run.sh gpu .device/bench > $OUT/suite.txt 2>&1
echo "suite $(( $(date +%s) - t0 )) s"
python3 utils/polybench-check.py --stage run --work .device/pb-small --mode gpu --dataset SMALL --validate-dataset MINI -j 16 > $OUT/polybench.txt 2>&1
tail -1 $OUT/polybench.txt
LOOPGPU_TIME_TILE_MIN_BLOCKS=0 LOOPGPU_TRACE=1 python3 utils/polybench-check.py --stage run --work .device/pb-st2 --mode gpu --dataset SMALL --validate-dataset SMALL --kernels jacobi-2d,heat-3d,fdtd-2d -j 16 > $OUT/pb-st2.txt 2>&1
tail -1 $OUT/pb-st2.txt
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
LOOPGPU_TIME_TILE_MIN_BLOCKS=0 bash bench/fuzz-gpu.sh --run .device/fz -j 16 --sanitize-every 5 > $OUT/fz.txt 2>&1; tail -3 $OUT/fz.txt
LOOPGPU_TIME_TILE_MIN_BLOCKS=0 bash bench/fuzz-gpu.sh --run .device/fz2 -j 16 --sanitize-every 5 > $OUT/fz2.txt 2>&1; tail -3 $OUT/fz2.txt
echo "total $(( $(date +%s) - t0 )) s"
grep -v "compare.*PASS" $OUT/tt.txt
grep -c "compare.*PASS" $OUT/tt.txt; grep "FAIL" $OUT/tt.txt
grep -E "% of" $OUT/suite.txt | grep -E "^(matmul_r8x8|matmul_default|sum_default|sumf_default|stencil_default|stencild_default|transpose_default|polybench_gemm|scan_default)" | cut -c1-230
