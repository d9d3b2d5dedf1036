// 2-D tiled matrix multiplication C = A * B in the style of loopgpu's
// emitted kernels: 16x16 tiles of A and B staged in __shared__ arrays, one
// __syncthreads() after loading a tile and one before overwriting it.
//
// Built three times: as is, and with LOOPGPU_TEST_DROP_SYNC=1 or 2, which
// removes the first or the second barrier. Those variants run with
// --expect-mismatch: the emulation must make the race visible.
#include "runtime_test.h"

#ifndef LOOPGPU_TEST_DROP_SYNC
#define LOOPGPU_TEST_DROP_SYNC 0
#endif

#define TILE 16

__global__ void matmul_nest0_kernel(int n, int m, int p, const float *__restrict__ A,
                                    const float *__restrict__ B, float *__restrict__ C) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE + 1];
  int tx = threadIdx.x, ty = threadIdx.y;
  int i = blockIdx.y * TILE + ty;
  int j = blockIdx.x * TILE + tx;
  float acc = 0.0f;
  for (int t = 0; t < (p + TILE - 1) / TILE; ++t) {
    int ka = t * TILE + tx, kb = t * TILE + ty;
    As[ty][tx] = (i < n && ka < p) ? __ldg(&A[i * p + ka]) : 0.0f;
    Bs[ty][tx] = (kb < p && j < m) ? __ldg(&B[kb * m + j]) : 0.0f;
#if LOOPGPU_TEST_DROP_SYNC != 1
    __syncthreads();
#endif
    for (int k = 0; k < TILE; ++k)
      acc += As[ty][k] * Bs[k][tx];
#if LOOPGPU_TEST_DROP_SYNC != 2
    __syncthreads();
#endif
  }
  if (i < n && j < m)
    C[i * m + j] = acc;
}

static long runMatmul(int n, int m, int p, double *seconds) {
  std::vector<float> A(size_t(n) * p), B(size_t(p) * m), C(size_t(n) * m), R(size_t(n) * m);
  // Small integers: every partial sum is exact in float, results compare exactly.
  for (size_t x = 0; x < A.size(); ++x)
    A[x] = float(int(x * 7 % 11) - 5);
  for (size_t x = 0; x < B.size(); ++x)
    B[x] = float(int(x * 3 % 13) - 6);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j) {
      float acc = 0.0f;
      for (int k = 0; k < p; ++k)
        acc += A[size_t(i) * p + k] * B[size_t(k) * m + j];
      R[size_t(i) * m + j] = acc;
    }

  float *dA, *dB, *dC;
  CUDA_CHECK(cudaMalloc(&dA, A.size() * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dB, B.size() * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dC, C.size() * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(dA, A.data(), A.size() * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dB, B.data(), B.size() * sizeof(float), cudaMemcpyHostToDevice));
  dim3 block(TILE, TILE);
  dim3 grid((m + TILE - 1) / TILE, (n + TILE - 1) / TILE);
  auto start = std::chrono::steady_clock::now();
  matmul_nest0_kernel<<<grid, block>>>(n, m, p, dA, dB, dC);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  *seconds = secondsSince(start);
  CUDA_CHECK(cudaMemcpy(C.data(), dC, C.size() * sizeof(float), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(dA));
  CUDA_CHECK(cudaFree(dB));
  CUDA_CHECK(cudaFree(dC));
  long mismatches = 0;
  for (size_t x = 0; x < C.size(); ++x)
    mismatches += !(C[x] == R[x]);
  return mismatches;
}

int main(int argc, char **argv) {
  TestOptions o = parseTestOptions(argc, argv);
  const int sizes[][3] = {{64, 64, 64}, {70, 50, 45}};
  for (const std::string &s : o.schedules) {
    std::string name = useSchedule(s);
    for (const auto &sz : sizes) {
      double seconds = 0;
      long mismatches = runMatmul(sz[0], sz[1], sz[2], &seconds);
      char what[64];
      std::snprintf(what, sizeof what, "matmul %dx%dx%d (%.3f s)", sz[0], sz[1], sz[2],
                    seconds);
      checkRun(o, what, name, mismatches);
    }
  }
  return finishTest(LOOPGPU_TEST_DROP_SYNC ? "matmul_tiled with a __syncthreads() removed"
                                           : "matmul_tiled");
}
