#!/usr/bin/env bash
# Session 25 call 9: heat-3d's streamed depth 2 with the k +- 1 neighbours by warp shuffles instead of the rings (hand-edited).
set -uo pipefail
export PATH=$PATH:/usr/local/cuda/bin
nvidia-smi -L
W=.device/h3x
for v in h3_untiled h3_base h3_shfl; do nvcc -O3 -arch=sm_90 -std=c++17 -DHEAT3D -Ibench/drivers $W/$v.cu bench/drivers/timestep.cu -o $W/$v.bin & done; wait
$W/h3_untiled.bin 256 100 $W/ref.out | tail -1
for r in 1 2; do for v in h3_base h3_shfl; do printf '%-10s ' $v; $W/$v.bin 256 100 /tmp/x.out $W/ref.out | tail -2 | tr '\n' ' '; echo; done; done
