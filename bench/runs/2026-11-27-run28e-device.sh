#!/usr/bin/env bash
# Session 16, run 28 E (device): PolyBench/C 4.2.1 EXTRALARGE side by side in one call, the session's final code
# (.device/pbt from `LOOPGPU=build-rel/bin/loopgpu bash bench/polybench-time.sh prepare`) and PPCG's default output
# (.device/ppcg from `PPCG=... PPCG_FALLBACK=<isl 0.25 build> PPCG_TIMEOUT=240 bash bench/ppcg-polybench.sh prepare
# .device/ppcg EXTRALARGE`: 29 of 30 kernels, adi gives no code, heat-3d by the fallback), PolyBench's timer
# (transfers included), median of 5, timeout 20 s.
K=${K:-"2mm 3mm atax bicg correlation covariance deriche doitgen durbin fdtd-2d gemm gemver gesummv gramschmidt heat-3d jacobi-1d jacobi-2d mvt seidel-2d symm syr2k syrk trisolv trmm"}
export PATH=$PATH:/usr/local/cuda/bin REPS=${REPS:-5}
nvidia-smi -L; date -u
KERNELS="$K" NOCPU=1 ONLY_RESTRICT=1 bash bench/polybench-time.sh run EXTRALARGE 20 2>&1 |
  grep -v "warning #177\|^\s*int \|^\s*\^\|^Remark\|^$" | tee $OUT/loopgpu.txt
date -u
KERNELS="$K" bash bench/ppcg-polybench.sh run .device/ppcg 20 2>&1 | grep -v "warning\|^\s*\^\|^Remark\|^$" | tee $OUT/ppcg.txt
date -u
