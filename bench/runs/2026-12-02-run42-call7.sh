#!/bin/bash
# Run 42 call 7 (code of this call's commit): each sweep's column conditions in a flag per thread's column; otherwise
# call 3's script (the four stencils' defaults beside their untiled sweeps, two rounds; PolyBench's stencils at SMALL
# on the GPU, every block time-tiled; 30 random nests), the random nests from seed 423000.
# Prepared here: bash bench/runs/2026-12-02-run42-call7.sh prepare.
SEED=423000 exec bash "$(dirname "$0")/2026-12-02-run42-call3.sh" "$@"
