#!/usr/bin/env bash
# Session 16, run 28 F (device): cholesky, lu, ludcmp at LARGE, loopgpu (.device/pbt, the final code) and PPCG's
# default output (.device/ppcg-large: `PPCG=... PPCG_TIMEOUT=240 bash bench/ppcg-polybench.sh prepare
# .device/ppcg-large LARGE`), one run each (PolyBench's timer, transfers included), PPCG with a 140 s timeout.
export PATH=$PATH:/usr/local/cuda/bin
nvidia-smi -L; date -u
KERNELS="cholesky lu ludcmp" NOCPU=1 ONLY_RESTRICT=1 REPS=1 bash bench/polybench-time.sh run LARGE 60 2>&1 |
  grep -v "warning #177\|^\s*int \|^\s*\^\|^Remark\|^$" | tee $OUT/loopgpu-large.txt
date -u
KERNELS="cholesky lu ludcmp" REPS=1 bash bench/ppcg-polybench.sh run .device/ppcg-large 140 2>&1 |
  grep -v "warning\|^\s*\^\|^Remark\|^$" | tee $OUT/ppcg-large.txt
date -u
