#!/bin/bash
# Run 33: exact kernels on the full tiles beside the general kernel on the border (dependent launch).
set -u
D=.device/b33
export PATH=/usr/local/cuda/bin:$PATH
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total --format=csv,noheader
B() { nvcc -O3 -arch=sm_90 -Xptxas -v -o $D/$1 $D/$1.cu bench/drivers/$2.cu -lcublas > $D/$1.build.log 2>&1 || { echo "$1 BUILD FAILED"; tail -20 $D/$1.build.log; }; }
for v in mm_def mm_def_noex mm_r8 mm_r8_noex; do B $v matmul & done
B gemm polybench_gemm & B gemm_noex polybench_gemm &
for h in $D/val/*; do (bash $h/run.sh gpu-build > $h/build.log 2>&1 || echo "$h BUILD FAILED") & done
wait
for v in mm_def mm_r8 gemm; do echo "== $v"; grep -E "spill|registers" $D/$v.build.log | grep -B1 -v "0 bytes spill" | head -12; done
echo "== validation (GPU)"
for h in $D/val/*; do
  [ -x $h/validate ] || continue
  (cd $h && LOOPGPU_TRACE=1 ./validate > out.txt 2>&1); rc=$?
  echo "$(basename $h) rc=$rc"; sort $h/out.txt | uniq -c | grep -E "PASS|FAIL|runs|error" | head -12
done
echo "== sanitizer"
for h in offsets_200 2mm_border tc_border; do
  for t in memcheck racecheck synccheck; do
    (cd $D/val/$h && compute-sanitizer --tool $t ./validate > san-$t.txt 2>&1); rc=$?
    echo "$h $t rc=$rc: $(grep -E 'ERROR SUMMARY' $D/val/$h/san-$t.txt | head -1) $(grep -c '^PASS' $D/val/$h/san-$t.txt) PASS"
  done
done
echo "== SGEMM (matmul driver: N^3 beside cuBLAS)"
for n in 4000 3000 1000 5000 2000 4096; do
  for v in mm_def mm_def_noex mm_r8 mm_r8_noex; do $D/$v $n "$v $n"; done
done
echo "== DGEMM (PolyBench gemm beside cuBLAS DGEMM)"
for n in 4096 3000 5000 EXTRALARGE 3072 2000; do
  for v in gemm gemm_noex; do $D/$v $n "$v $n"; done
done
exit 0
if command -v ncu > /dev/null; then
  timeout 120 ncu --kernel-name regex:exact --launch-skip 1 --launch-count 1 --section WarpStateStats --section SchedulerStats \
    --section ComputeWorkloadAnalysis --section Occupancy --section MemoryWorkloadAnalysis $D/gemm 3072 ncu 2>&1 | \
    grep -vE "^==PROF==|^ +-+$" | tail -80
else echo "no ncu"; fi
