#!/bin/bash
# Run 34 call 7: PolyBench/C 4.2.1 as written, 60 files end to end on the GPU with this code.
set -u
export PATH=/usr/local/cuda/bin:$PATH
nvidia-smi --query-gpu=name --format=csv,noheader
timeout 500 python3 utils/polybench-check.py --stage run --work .device/pb-small --mode gpu --dataset SMALL --validate-dataset MINI -j 16 2>&1 | tail -25
