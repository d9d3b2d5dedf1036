#!/bin/bash
# Run 46 call 1 (code 39b7a8c + the lab's H200_ROWS variants): issue 14's float stencil with tiles as wide as the
# row (lab/stencil_h200.cu -DH200_ROWS, two rounds), then the fuzz farm under the CPU emulation from seed 1452185
# (run 45 ended at 1452184) with the rescheduler's coefficient bound.
# Prepared here: bash bench/fuzz-farm.sh prepare .device/farm build-static
set -uo pipefail
export PATH=$PATH:/usr/local/cuda/bin
t0=$(date +%s)
nvidia-smi --query-gpu=name,clocks.max.sm,clocks.max.mem --format=csv,noheader
mkdir -p .device/lab && nvcc -O3 -arch=sm_90 -DH200_ROWS -o .device/lab/rows lab/stencil_h200.cu || exit 1
for r in 1 2; do .device/lab/rows 512; done 2>&1 | tee $OUT/rows.txt
echo "lab $(( $(date +%s) - t0 )) s"
bash bench/fuzz-farm.sh run .device/farm -j 16 --seconds $(( 560 - ($(date +%s) - t0) )) --keep $OUT/fails 30000 1452185 > $OUT/farm.txt 2>&1
tail -4 $OUT/farm.txt
echo "total $(( $(date +%s) - t0 )) s"
