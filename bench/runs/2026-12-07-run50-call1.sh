#!/bin/bash
# Run 50 call 1 (this session): run 49's call 2 as prepared (bench/runs/2026-12-06-run49-call2.sh: DGEMM 4096^3 and
# SGEMM beside cuBLAS three rounds, heat-3d 256^3 x 100 against lab/heat3d_clean.cu's best, the GPU harnesses of
# test/Frontend/product-bounds.c and arrays-of-structs.c), on whatever device came, plus two harnesses written here
# with code 0e0b5cf and after: test/Validate/index-arrays-emulated.c (integer arrays whose elements subscript other
# arrays) into .device/v49/ix and test/Inputs/overwrite.c (copies in skipped where a nest overwrites an array,
# pointers too; device memory is not NaN there, but what a wrong skip leaves is what cudaMalloc had) into
# .device/v49/ow:
#   build-rel/bin/loopgpu test/Validate/index-arrays-emulated.c --validate --validate-mode=none --param n=300007 \
#     --param m=7 --param nnz=4000 --validate-dir=.device/v49/ix -o /dev/null
#   build-rel/bin/loopgpu test/Inputs/overwrite.c --validate --validate-mode=none --validate-dir=.device/v49/ow \
#     --param=n=3000 --param=m=77 --param=ni=370 --param=nj=450 --param=nk=290 -o /dev/null
HARNESSES="pb aos ix ow" exec bash bench/runs/2026-12-06-run49-call2.sh
