#!/bin/bash
# Run 42 call 8 (an experiment, nothing committed from it): heat-3d's default time tile (code 5272aec) against the
# same CUDA with its time-tiled kernel's 64-bit bounds, comparisons and offsets made 32-bit (heat-3d_int.cu: a
# text replacement of (long long)n and (long long)loopgpu_o*, valid at 256^3), two rounds.
set -uo pipefail
export PATH=$PATH:/usr/local/cuda/bin
V="heat-3d@-time-tile=0 heat-3d@ heat-3d@int"
for round in 1 2; do VARIANTS="$V" TT_DIR=.device/tt bash bench/timetile.sh run 2>&1 | grep -v "^$" | sed 's/one sweep per step at copy bandwidth/bar/'; done
