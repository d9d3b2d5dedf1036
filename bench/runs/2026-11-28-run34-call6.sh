#!/bin/bash
# Run 34 call 6: DGEMM with the 128 x 64 tensor-core tile where its exact version runs (gemm_choice: this
# code) against call 2's CUDA (gemm_before: the 96 x 64 tile alone); GPU validation of the choice.
set -u
D=.device/r34/c6
export PATH=/usr/local/cuda/bin:$PATH
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total --format=csv,noheader
for v in gemm_before gemm_choice gemm_alias_choice; do nvcc -O3 -arch=sm_90 -o $D/$v $D/$v.cu bench/drivers/polybench_gemm.cu -lcublas > $D/$v.build.log 2>&1 || echo "$v BUILD FAILED" & done
for h in $D/val/*; do (bash $h/run.sh gpu-build > $h/build.log 2>&1 || echo "$h BUILD FAILED") & done
wait
echo "== validation (GPU), LOOPGPU_EXACT_BORDER_MIN_TILES=1"
for h in $D/val/*; do
  [ -x $h/validate ] || continue
  (cd $h && LOOPGPU_TRACE=1 LOOPGPU_EXACT_BORDER_MIN_TILES=1 ./validate > out.txt 2>&1); rc=$?
  echo "$(basename $h) rc=$rc"; sort $h/out.txt | uniq -c | grep -E "PASS|FAIL|runs|error" | head -12
done
for h in gemm_large_split 2mm_split; do
  for t in memcheck racecheck synccheck; do
    (cd $D/val/$h && LOOPGPU_EXACT_BORDER_MIN_TILES=1 compute-sanitizer --tool $t ./validate > san-$t.txt 2>&1); rc=$?
    echo "$h $t rc=$rc: $(grep -E 'ERROR SUMMARY' $D/val/$h/san-$t.txt | head -1) $(grep -c '^PASS' $D/val/$h/san-$t.txt) PASS"
  done
done
echo "== DGEMM (% of cuBLAS DGEMM, default math)"
for n in 4096 2048 3072 6144 EXTRALARGE LARGE 1024 1500 2500 3000 5000 4096 EXTRALARGE; do
  for v in gemm_before gemm_choice; do LOOPGPU_TRACE=1 $D/$v $n "$v $n" 2>&1 | sort | uniq -c | sed 's/, pedantic [0-9.]* ms [0-9.]* TFLOP\/s//; s/(.x.x., double)//'; done
done
LOOPGPU_TRACE=1 $D/gemm_alias_choice 4096 "gemm_alias_choice 4096" 2>&1 | sort | uniq -c | sed 's/, pedantic [0-9.]* ms [0-9.]* TFLOP\/s//'
