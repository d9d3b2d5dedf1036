#!/bin/bash
D=.device/x40
export PATH=/usr/local/cuda/bin:$PATH
nvcc -O3 -arch=sm_90 -cubin -o $D/base_s8.cubin $D/base_s8.cu
nvcc -O3 -arch=sm_90 -cubin -o $D/noalpha_s8.cubin $D/noalpha_s8.cu
cuobjdump -sass -fun '_Z31kernel_gemm_nest0_kernel2_exactiiiddPdPKdS1_' $D/base_s8.cubin > $OUT/base_s8.sass
cuobjdump -sass -fun '_Z31kernel_gemm_nest0_kernel2_exactiiiddPdPKdS1_' $D/noalpha_s8.cubin > $OUT/noalpha_s8.sass
wc -l $OUT/*.sass
