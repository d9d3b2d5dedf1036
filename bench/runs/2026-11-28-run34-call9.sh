#!/bin/bash
# Run 34 call 9: the exact version's partial strip after its loop (ExactTiles::TailStrip: gemm_tail, this code)
# against call 6's CUDA (gemm_choice: whole strips only), and GPU validation of the tail.
set -u
D=.device/r34/c9
export PATH=/usr/local/cuda/bin:$PATH
nvidia-smi --query-gpu=name --format=csv,noheader
for v in gemm_choice gemm_tail; do nvcc -O3 -arch=sm_90 -o $D/$v $D/$v.cu bench/drivers/polybench_gemm.cu -lcublas > $D/$v.build.log 2>&1 || echo "$v BUILD FAILED" & done
for h in $D/val/*; do (bash $h/run.sh gpu-build > $h/build.log 2>&1 || echo "$h BUILD FAILED") & done
wait
for h in $D/val/*; do
  [ -x $h/validate ] || continue
  (cd $h && LOOPGPU_TRACE=1 LOOPGPU_EXACT_BORDER_MIN_TILES=1 ./validate > out.txt 2>&1); rc=$?
  echo "$(basename $h) rc=$rc"; sort $h/out.txt | uniq -c | grep -E "PASS|FAIL|runs|error" | head -12
done
(cd $D/val/gemm_tail_split && LOOPGPU_EXACT_BORDER_MIN_TILES=1 compute-sanitizer --tool memcheck ./validate > san.txt 2>&1); echo "memcheck rc=$? $(grep -E 'ERROR SUMMARY' $D/val/gemm_tail_split/san.txt)"
for n in EXTRALARGE 3000 5000 4096 2500 2048 EXTRALARGE 6144; do
  for v in gemm_choice gemm_tail; do LOOPGPU_TRACE=1 $D/$v $n "$v $n" 2>&1 | sort | uniq -c | sed 's/, pedantic [0-9.]* ms [0-9.]* TFLOP\/s//; s/(.x.x., double)//; s/loopgpu: kernel_gemm_nest0_//'; done
done
