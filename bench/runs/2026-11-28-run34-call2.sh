#!/bin/bash
# Run 34 call 2: the side stream per call against run 33's (cached); cudaDeviceReset between calls on the GPU;
# DGEMM diagnostics (no alpha multiply; DMULs beside DMMA).
set -u
D=.device/r34
export PATH=/usr/local/cuda/bin:$PATH
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total --format=csv,noheader
nvcc -O3 -arch=sm_90 -o $D/dmma $D/dmma_shapes.cu && $D/dmma | grep -E "DMUL|m16n8k8 +warps/SM 16"
B() { nvcc -O3 -arch=sm_90 -Xptxas -v -o $D/$1 $D/$1.cu bench/drivers/$2.cu -lcublas > $D/$1.build.log 2>&1 || { echo "$1 BUILD FAILED"; tail -20 $D/$1.build.log; }; }
cp .device/b33/gemm.cu $D/gemm.cu
for v in mm_def mm_def_old mm_r8 mm_r8_old; do B $v matmul & done
for v in gemm gemm_new gemm_noalpha gemm_k16s18_noalpha; do B $v polybench_gemm & done
for h in $D/val/*; do (bash $h/run.sh gpu-build > $h/build.log 2>&1 || echo "$h BUILD FAILED") & done
wait
echo "== validation (GPU)"
for h in $D/val/*; do
  [ -x $h/validate ] || continue
  (cd $h && LOOPGPU_TRACE=1 LOOPGPU_EXACT_BORDER_MIN_TILES=1 LOOPGPU_TIME_TILE_MIN_BLOCKS=0 ./validate > out.txt 2>&1); rc=$?
  echo "$(basename $h) rc=$rc"; sort $h/out.txt | uniq -c | grep -E "PASS|FAIL|runs|error|time-tiled" | head -12
done
for h in reset_tc reset_mm; do
  (cd $D/val/$h && LOOPGPU_EXACT_BORDER_MIN_TILES=1 compute-sanitizer --tool memcheck ./validate > san.txt 2>&1); rc=$?
  echo "$h memcheck rc=$rc: $(grep -E 'ERROR SUMMARY' $D/val/$h/san.txt | head -1) $(grep -c '^PASS' $D/val/$h/san.txt) PASS"
done
echo "== SGEMM: side stream per call (mm_*) against run 33's cached one (mm_*_old)"
for n in 3000 4000 5000 2000; do
  for v in mm_r8 mm_r8_old mm_def mm_def_old mm_r8 mm_r8_old; do $D/$v $n "$v $n"; done
done
echo "== DGEMM"
for n in 3000 4096 EXTRALARGE; do
  for v in gemm gemm_new gemm_noalpha gemm_k16s18_noalpha gemm gemm_new; do $D/$v $n "$v $n"; done
done
