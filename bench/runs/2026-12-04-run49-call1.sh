#!/bin/bash
# Run 49 call 1: the host code of test/Inputs/pointer-alias.c (loopgpu 142426f+, the nest regions for pointers that
# may point into each other and into the call's arguments) built with nvcc for sm_90 and run on the GPU against the
# original C: struct members and pointer variables in place, a row apart, inside and over the end of an argument.
# Not run yet: no device was lent in the session that wrote it (2026-12-04, after run 48).
set -uo pipefail
cd .device/v49/pa
export PATH=$PATH:/usr/local/cuda/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
nvcc --version | tail -2
cc -O1 -c -Dblur=ref_blur -Dscale_then_read=ref_scale_then_read -Dbump=ref_bump -Dshiftp=ref_shiftp \
   -Dhostloop=ref_hostloop -Dbefore=ref_before pointer-alias.c -o ref.o || exit 1
cc -O1 -c pointer-alias-driver.c -o driver.o || exit 1
nvcc -O2 -arch=sm_90 -c k.cu -o k.o || exit 1
nvcc -arch=sm_90 driver.o k.o ref.o -lm -o pa || exit 1
LOOPGPU_TRACE=1 ./pa 2> trace.txt; echo "rc=$?"
sort trace.txt | uniq -c
./pa before; echo "before: rc=$? (1 expected: the nest indexes p[-1])"
