#!/bin/bash
# Run 33, final call: the suite, SGEMM/DGEMM by size with the wave threshold,
# PolyBench 60 on the GPU (default and the border split forced), random matrix products (split forced).
set -u
D=.device/b33
export PATH=/usr/local/cuda/bin:$PATH
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total --format=csv,noheader
B() { nvcc -O3 -arch=sm_90 -Xptxas -v -o $D/$1 $D/$1.cu bench/drivers/$2.cu -lcublas > $D/$1.build.log 2>&1 || { echo "$1 BUILD FAILED"; tail -20 $D/$1.build.log; }; }
for v in mm_def mm_def_noex mm_r8 mm_r8_noex; do B $v matmul & done
B gemm polybench_gemm & B gemm_noex polybench_gemm &
wait
echo "== SGEMM (matmul driver: N^3 beside cuBLAS)"
for n in 1000 2000 2500 3000 4000 4096 5000; do
  for v in mm_def mm_def_noex mm_r8 mm_r8_noex; do $D/$v $n "$v $n"; done
done
echo "== DGEMM (PolyBench gemm beside cuBLAS DGEMM)"
for n in 2000 3000 4096 5000 EXTRALARGE; do
  for v in gemm gemm_noex; do $D/$v $n "$v $n"; done
done
echo "== suite (bench/run.sh gpu)"
bash bench/run.sh gpu .device/suite 2>&1 | tail -60
echo "== PolyBench 60 on the GPU"
python3 utils/polybench-check.py --stage run --work .device/pb-small -j 16 2>&1 | tail -8
echo "== PolyBench, border split forced (LOOPGPU_EXACT_BORDER_MIN_TILES=1)"
LOOPGPU_EXACT_BORDER_MIN_TILES=1 python3 utils/polybench-check.py --stage run --work .device/pb-small -j 16 2>&1 | tail -4
echo "== random matrix products, border split forced"
LOOPGPU_EXACT_BORDER_MIN_TILES=1 bash bench/fuzz-gpu.sh --run .device/fz -j 16 --sanitize-every 5 2>&1 | tail -8
echo "== ncu: DGEMM exact kernel at 4096^3, warp stall reasons per issued instruction"
if command -v ncu > /dev/null; then
  timeout 150 ncu --kernel-name regex:exact --launch-skip 1 --launch-count 1 \
    --metrics regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio,smsp__issue_active.avg.pct_of_peak_sustained_active,sm__pipe_fp64_cycles_active.avg.pct_of_peak_sustained_active,sm__inst_executed_pipe_fp64.avg.pct_of_peak_sustained_active \
    $D/gemm 4096 ncu 2>&1 | grep -vE "^==PROF==" | awk '$NF != "0" && $NF != "0.00"' | tail -40
fi
