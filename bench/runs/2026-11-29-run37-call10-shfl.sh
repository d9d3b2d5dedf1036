#!/usr/bin/env bash
# Session 25 call 10: heat-3d's streamed depth 2, the k +- 1 neighbours by warp shuffles hoisted out of the select.
set -uo pipefail
export PATH=$PATH:/usr/local/cuda/bin
W=.device/h3x
for v in h3_untiled h3_shfl; do nvcc -O3 -arch=sm_90 -std=c++17 -DHEAT3D -Ibench/drivers $W/$v.cu bench/drivers/timestep.cu -o $W/$v.bin & done; wait
$W/h3_untiled.bin 256 100 $W/ref.out | tail -1
for r in 1 2; do printf 'h3_shfl '; timeout 20 $W/h3_shfl.bin 256 100 /tmp/x.out $W/ref.out | tail -2 | tr '\n' ' '; echo; done
