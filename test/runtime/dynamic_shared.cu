// Dynamic shared memory (`extern __shared__`, the third launch parameter):
// a block reverses its part of an array through it. Up to 48 KiB without
// opt-in; more only after cudaFuncSetAttribute(...MaxDynamicSharedMemorySize),
// else the launch fails with cudaErrorInvalidValue (not sticky); more than a
// block may have (227 KiB on sm_90) is refused by cudaFuncSetAttribute.
#include "runtime_test.h"

__global__ void reverse_kernel(const double *in, double *out, int n) {
  extern __shared__ __align__(16) double buffer[];
  const int base = blockIdx.x * n;
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    buffer[i] = in[base + i];
  __syncthreads();
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    out[base + i] = buffer[n - 1 - i];
}

static bool runReverse(int n, int blocks) {
  std::vector<double> h(size_t(n) * blocks), r(h.size());
  for (size_t i = 0; i < h.size(); ++i)
    h[i] = double(i) * 0.5 + 1;
  double *dIn, *dOut;
  CUDA_CHECK(cudaMalloc(&dIn, h.size() * sizeof(double)));
  CUDA_CHECK(cudaMalloc(&dOut, h.size() * sizeof(double)));
  CUDA_CHECK(cudaMemcpy(dIn, h.data(), h.size() * sizeof(double), cudaMemcpyHostToDevice));
  reverse_kernel<<<blocks, 128, n * sizeof(double)>>>(dIn, dOut, n);
  cudaError_t e = cudaGetLastError();
  if (e == cudaSuccess)
    e = cudaDeviceSynchronize();
  if (e == cudaSuccess)
    CUDA_CHECK(cudaMemcpy(r.data(), dOut, r.size() * sizeof(double), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(dIn));
  CUDA_CHECK(cudaFree(dOut));
  if (e != cudaSuccess) {
    std::printf("  %d doubles per block -> %s\n", n, cudaGetErrorString(e));
    return false;
  }
  for (int b = 0; b < blocks; ++b)
    for (int i = 0; i < n; ++i)
      if (r[size_t(b) * n + i] != h[size_t(b) * n + n - 1 - i]) {
        std::printf("  %d doubles per block: block %d element %d wrong\n", n, b, i);
        return false;
      }
  std::printf("  %d doubles per block (%d bytes) -> reversed\n", n, int(n * sizeof(double)));
  return true;
}

int main(int argc, char **argv) {
  parseTestOptions(argc, argv);
  EXPECT(runReverse(6144, 3));           // exactly 48 KiB: no opt-in needed
  EXPECT(!runReverse(12000, 2));         // 96,000 bytes without opt-in: refused
  CUDA_CHECK(cudaFuncSetAttribute(reverse_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, 12000 * 8));
  EXPECT(runReverse(12000, 2));          // with it: runs
  EXPECT(!runReverse(12001, 2));         // one element past the opt-in: refused
  EXPECT(cudaFuncSetAttribute(reverse_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, 300 * 1024) ==
         cudaErrorInvalidValue);         // more than a block may have
  CUDA_CHECK(cudaGetLastError());
  return finishTest("dynamic_shared");
}
