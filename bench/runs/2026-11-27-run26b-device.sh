#!/usr/bin/env bash
# Session 14, run 26 B: host functions that copy arrays of 32 MiB and more in
# page-locked pieces (loopgpu_copy_in), on the GPU.
#  0. copy strategies: pieces of 8, 16, 32 MiB; 2 or 4 threads locking.
#  1. large-copy: test/Inputs/large-copy.c's host function (in .device/lc,
#     emitted here) with test/Inputs/large-copy-driver.cpp under nvcc: the real
#     driver's locks and refusals (pageable, partly locked by the caller,
#     cudaMallocHost), results exact.
#  2. PolyBench EXTRALARGE outputs, new copies against every copy as one
#     pageable cudaMemcpy (.device/pbt-plain: the same CUDA with the helper's
#     threshold test replaced by `true`): PolyBench's dump of the outputs must
#     be byte-identical (md5) for the kernels named in DUMPK.
#  3. PolyBench EXTRALARGE timing (PolyBench's timer, median of 3, transfers
#     included): loopgpu (restrict) with the new copies, the same with plain
#     copies, PPCG's default output (.device/ppcg), one after the other
#     (SKIP_EXP, SKIP_LC, SKIP_DUMP, SKIP_NEW, SKIP_PLAIN, SKIP_PPCG=1 leave parts out).
K=${K:-"2mm 3mm atax bicg correlation covariance deriche doitgen durbin fdtd-2d gemm gemver gesummv gramschmidt heat-3d jacobi-1d jacobi-2d mvt seidel-2d symm syr2k syrk trisolv trmm"}
DUMPK=${DUMPK:-"gemm mvt atax gesummv gemver jacobi-2d"}
T=${T:-20}
export PATH=$PATH:/usr/local/cuda/bin
nvidia-smi -L; date -u
if [ -z "${SKIP_EXP:-}" ]; then  # 0. more copy strategies (bench/runs/...-run26a-copy-experiment.cu)
  nvcc -O2 -arch=sm_90 -std=c++17 bench/runs/2026-11-27-run26a-copy-experiment.cu -o .device/copyexp &&
    SIZES="32 128 512" STRATEGIES="pageable pipe8 pipe16 pipe32 mt2x16 mt4x16 mt2x8" .device/copyexp 2>&1 | tee $OUT/copy3.txt
fi
if [ -z "${SKIP_LC:-}" ]; then
  ( cd .device/lc && nvcc -O2 -arch=sm_90 -std=c++17 k.cu large-copy-driver.cpp -o lc && LOOPGPU_TRACE=1 ./lc ) 2>&1 | tee $OUT/large-copy.txt
fi
if [ -z "${SKIP_DUMP:-}" ]; then
  ( cd .device/pbt && printf '#include <cuda_runtime.h>\n__attribute__((constructor)) static void w(void) { cudaFree(0); }\n' > w.cu &&
    nvcc -O3 -arch=sm_90 -c w.cu -o w.o && cc -O2 -DEXTRALARGE_DATASET -DPOLYBENCH_DUMP_ARRAYS -I. -c polybench.c -o pbd.o &&
    for k in $DUMPK; do
      cc -O2 -DEXTRALARGE_DATASET -DPOLYBENCH_DUMP_ARRAYS -I. -c $k.main.c -o $k.dmain.o
      nvcc -O3 -arch=sm_90 -c $k.restrict.cu -o $k.new.o && nvcc -O3 -arch=sm_90 -c ../pbt-plain/$k.restrict.cu -o $k.plain.o
      nvcc $k.dmain.o $k.new.o pbd.o w.o -lm -o $k.dnew && nvcc $k.dmain.o $k.plain.o pbd.o w.o -lm -o $k.dplain
      a=$(LOOPGPU_TRACE=1 ./$k.dnew 2>&1 >/dev/null | tee $k.trace | grep -v '^loopgpu:' | md5sum | cut -c1-12)
      b=$(./$k.dplain 2>&1 >/dev/null | md5sum | cut -c1-12)
      echo "$k: dump new $a plain $b $([ "$a" = "$b" ] && echo IDENTICAL || echo DIFFERENT); $(grep -c 'page-locked' $k.trace) copies in pieces: $(grep 'page-locked' $k.trace | head -3 | tr '\n' ';')"
    done ) 2>&1 | tee $OUT/dump.txt
fi
date -u
[ -n "${SKIP_NEW:-}" ] || KERNELS="$K" NOCPU=1 ONLY_RESTRICT=1 bash bench/polybench-time.sh run EXTRALARGE $T 2>&1 | tee $OUT/loopgpu.txt
date -u
[ -n "${SKIP_PLAIN:-}" ] || KERNELS="$K" NOCPU=1 ONLY_RESTRICT=1 PBT_DIR=.device/pbt-plain bash bench/polybench-time.sh run EXTRALARGE $T 2>&1 | tee $OUT/loopgpu-plain.txt
date -u
[ -n "${SKIP_PPCG:-}" ] || KERNELS="$K" bash bench/ppcg-polybench.sh run .device/ppcg $T 2>&1 | tee $OUT/ppcg.txt
date -u
