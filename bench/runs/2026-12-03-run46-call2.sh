#!/bin/bash
# Run 46 call 2 (code 39b7a8c): random nests validated on the GPU (bench/fuzz-farm.sh gpu: bench/fuzz-gpu.sh with
# the static loopgpu of .device/farm), 120 cases from seed 460000, every 4th passing harness under
# compute-sanitizer; cut at 500 s.
set -uo pipefail
export PATH=$PATH:/usr/local/cuda/bin
t0=$(date +%s)
timeout 500 bash bench/fuzz-farm.sh gpu .device/farm -j 16 --sanitize-every 4 120 460000 > $OUT/gpu-fuzz.txt 2>&1
echo "rc $?"; tail -6 $OUT/gpu-fuzz.txt
echo "total $(( $(date +%s) - t0 )) s"
