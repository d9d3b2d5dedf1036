#!/bin/bash
# Run 50 call 1 (this session): run 49's call 2 as prepared (bench/runs/2026-12-06-run49-call2.sh: DGEMM 4096^3 and
# SGEMM beside cuBLAS three rounds, heat-3d 256^3 x 100 against lab/heat3d_clean.cu's best, the GPU harnesses of
# test/Frontend/product-bounds.c and arrays-of-structs.c), on whatever device came, plus the harness of
# test/Validate/index-arrays-emulated.c (integer arrays whose elements subscript other arrays) at n=300007 m=7
# nnz=4000, written here into .device/v49/ix with
#   build-rel/bin/loopgpu test/Validate/index-arrays-emulated.c --validate --validate-mode=none --param n=300007 \
#     --param m=7 --param nnz=4000 --validate-dir=.device/v49/ix -o /dev/null
HARNESSES="pb aos ix" exec bash bench/runs/2026-12-06-run49-call2.sh
