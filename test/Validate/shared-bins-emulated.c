// REQUIRES: cpu-emulation
// Atomic scatters into a small array of known size (a histogram's bins) go
// to a copy per block in shared memory: the block zeroes it, counts into it,
// and after a barrier adds its nonzero counts to the array; the grid is
// capped so that each block counts many elements. Unsigned, 8-byte, float
// and double bins, a 2-D array, two arrays in one kernel; an array too large
// for shared memory keeps its global atomics.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %loopgpu %s -o %t/a.cu
// RUN: FileCheck %s --check-prefix=CUDA --input-file=%t/a.cu
// RUN: %loopgpu %s -emit=gpu-ir | FileCheck %s --check-prefix=IR
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t/a.cu -o %t/a.o 2>&1 | FileCheck %s --allow-empty --check-prefix=NVCC %}
// RUN: %loopgpu %s --validate --validate-mode=cpu --param n=3000 --param m=7 --validate-dir=%t/v 2>&1 | FileCheck %s
// RUN: %loopgpu %s -coarsen 4 --validate --validate-mode=cpu --param n=3001 --param m=5 --validate-dir=%t/c 2>&1 | FileCheck %s
// Without the barrier before the bins are added, a thread adds counts that
// other threads of its block have not made yet: the comparison sees it.
// RUN: sed -i 's|^  __syncthreads(); // every update of the block is in its bins|  // dropped|' %t/v/kernels.cu
// RUN: grep -c '// dropped' %t/v/kernels.cu
// RUN: %expect_exit 1 bash %t/v/run.sh cpu 2>&1 | FileCheck %s --check-prefix=BROKEN

void bytes(int n, const unsigned char *restrict data, unsigned *restrict hist) {
#pragma loopgpu copy(hist[0:256])
  for (int i = 0; i < n; i++)
    hist[data[i]] += 1u;
}

void grid2(int n, int m, const int P[restrict n][m], long long C[restrict 8][16]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      C[P[i][j] % 8][(P[i][j] / 8) % 16] += i + j;
}

void weights(int n, const int *restrict idx, const float *restrict w, float W[restrict 100], double D[restrict 50]) {
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    W[idx[i] % 100] += w[i];
    D[idx[i] % 50] -= (double)w[i] * 0.5;
  }
}

void too_big(int n, const int *restrict idx, int Big[restrict 5000]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    Big[idx[i] * 37 % 5000]++;
}

// CUDA: //   bytes_nest0_kernel: the atomic updates of hist go to a copy per block in shared memory (256 elements)
// CUDA: //   grid2_nest0_kernel: the atomic updates of C go to a copy per block in shared memory (128 elements)
// CUDA: //   weights_nest0_kernel: the atomic updates of W go to a copy per block in shared memory (100 elements)
// CUDA: //   weights_nest0_kernel: the atomic updates of D go to a copy per block in shared memory (50 elements)
// CUDA-NOT: of Big go to
// CUDA-LABEL: bytes_nest0_kernel(
// CUDA: __shared__ unsigned int loopgpu_bins_hist[256]; // hist's 256 elements
// CUDA-NEXT: for (int loopgpu_b = loopgpu_bin_tid; loopgpu_b < 256; loopgpu_b += loopgpu_bin_threads)
// CUDA-NEXT:   loopgpu_bins_hist[loopgpu_b] = 0;
// CUDA-NEXT: __syncthreads();
// CUDA: for (int loopgpu_tile0 = blockIdx.x; (long long)loopgpu_tile0 * {{[0-9]+}} < loopgpu_trip0; loopgpu_tile0 += gridDim.x) {
// CUDA: atomicAdd(&loopgpu_bins_hist[loopgpu_bin], (unsigned int)(1u));
// CUDA: __syncthreads(); // every update of the block is in its bins
// CUDA-NEXT: for (int loopgpu_b = loopgpu_bin_tid; loopgpu_b < 256; loopgpu_b += loopgpu_bin_threads)
// CUDA-NEXT:   if (loopgpu_bins_hist[loopgpu_b] != 0)
// CUDA-NEXT:     atomicAdd(((&hist[0]) + loopgpu_b), (unsigned int)loopgpu_bins_hist[loopgpu_b]);
// CUDA-LABEL: grid2_nest0_kernel(
// CUDA: __shared__ long long loopgpu_bins_C[128];
// CUDA: if (const long long loopgpu_bin = &C[{{.*}}] - &C[(0) * (16) + (0)]; loopgpu_bin >= 0 && loopgpu_bin < 128)
// CUDA-NEXT: atomicAdd((unsigned long long *)&loopgpu_bins_C[loopgpu_bin], (unsigned long long)(i + j));
// CUDA: atomicAdd((unsigned long long *)((&C[(0) * (16) + (0)]) + loopgpu_b), (unsigned long long)loopgpu_bins_C[loopgpu_b]);
// CUDA-LABEL: weights_nest0_kernel(
// CUDA: __shared__ float loopgpu_bins_W[100];
// CUDA: __shared__ double loopgpu_bins_D[50];
// CUDA-LABEL: too_big_nest0_kernel(
// CUDA-NOT: __shared__
// CUDA: atomicAdd(&Big[idx[i] * 37 % 5000], (int)(1)); // line 45

// IR: kernel bytes_nest0_kernel
// IR: bins hist: 256 elements per block in shared memory, grid at most 1024 blocks

// NVCC-NOT: {{error|warning}}

// CHECK-NOT: FAIL
// CHECK: PASS bytes: hist (256 elements)
// CHECK: PASS grid2: C (128 elements)
// CHECK: PASS weights: W (100 elements)
// CHECK: PASS weights: D (50 elements)
// CHECK: PASS too_big: Big (5000 elements)
// CHECK: {{^PASS$}}

// BROKEN: FAIL bytes: hist
