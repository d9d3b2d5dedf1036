#!/usr/bin/env bash
# Run 36 call 5: jacobi-2d's streamed chunk and plane around the model's choice; the run-time chunk it picks.
set -uo pipefail
export PATH=$PATH:/usr/local/cuda/bin
export VARIANTS="$(cat .device/tt-variants.txt)"
bash bench/timetile.sh run 2>&1 | grep -v compare
LOOPGPU_TRACE=1 .device/tt/jacobi-2d_.bin 4096 4 /tmp/o 2>&1 | grep -m1 "time-tiled"
