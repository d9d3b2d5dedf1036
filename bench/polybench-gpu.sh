#!/usr/bin/env bash
# PolyBench/C 4.2.1 on the GPU, end to end (utils/polybench-check.py):
# every kernel, with and without restrict, --validate on the GPU and
# PolyBench's own main() linked against the emitted host function (dumps
# compared with the original's; a difference is retried with
# nvcc -fmad=false to tell FMA contraction from a wrong kernel).
#
#   here:        bash bench/polybench-gpu.sh prepare   (runs loopgpu: .device/pb-*)
#   on the GPU:  bash bench/polybench-gpu.sh run       (nvcc, cc and python3 only)
#
# Two runs: drop-in at SMALL (validation at MINI sizes made odd) and at
# MEDIUM (validation at SMALL sizes made odd).
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH=$PATH:/usr/local/cuda/bin
stage=${1:-}
runs="small:SMALL:MINI medium:MEDIUM:SMALL"
case $stage in
prepare)
  for r in $runs; do
    IFS=: read -r dir ds vds <<< "$r"
    rm -rf .device/pb-$dir
    python3 utils/polybench-check.py --stage prepare --work .device/pb-$dir --mode gpu \
      --dataset $ds --validate-dataset $vds -j "$(nproc)" | tail -1
  done ;;
run)
  nvidia-smi -L
  for r in $runs; do
    IFS=: read -r dir ds vds <<< "$r"
    echo "== drop-in at $ds, --validate at $vds sizes (made odd), on the GPU"
    python3 utils/polybench-check.py --stage run --work .device/pb-$dir --mode gpu \
      --dataset $ds --validate-dataset $vds -j "$(nproc)" --timeout 300
  done ;;
*) echo "usage: bench/polybench-gpu.sh prepare|run" >&2; exit 2 ;;
esac
