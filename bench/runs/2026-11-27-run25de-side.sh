#!/usr/bin/env bash
# Session 13, calls D/E: PolyBench EXTRALARGE, PPCG's default output and loopgpu's (restrict) in the same run,
# PolyBench's timer (transfers included), median of 3, timeout T s.
K=$1 T=${2:-20}
export PATH=$PATH:/usr/local/cuda/bin
nvidia-smi -L; date -u
KERNELS="$K" bash bench/ppcg-polybench.sh run .device/ppcgrun $T 2>&1 | tee $OUT/ppcg.txt
date -u
KERNELS="$K" NOCPU=1 ONLY_RESTRICT=1 bash bench/polybench-time.sh run EXTRALARGE $T 2>&1 | tee $OUT/loopgpu.txt
date -u
