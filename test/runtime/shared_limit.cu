// Static shared memory beyond the 48 KiB a block may have: ptxas rejects
// the kernel ("uses too much shared data"; the nvcc test of this file expects
// that), and the emulation reports it as a launch failure ("too many
// resources requested for launch"), counting the __shared__ declarations
// that loopgpu-emu-rewrite annotated. Exactly 48 KiB is fine.
#include "runtime_test.h"

__global__ void too_much_shared_kernel(float *out) {
  __shared__ float a[8192]; // 32 KiB
  __shared__ float b[4096], c[4]; // 16 KiB + 16 bytes: 48 KiB + 16 in all
  a[threadIdx.x] = 1.0f;
  b[threadIdx.x] = 2.0f;
  c[threadIdx.x % 4] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = a[threadIdx.x] + b[threadIdx.x] + c[(threadIdx.x + 1) % 4];
}

__global__ void just_enough_shared_kernel(float *out) {
  __shared__ float a[8192];                // 32 KiB
  __shared__ __align__(16) float b[4096];  // 16 KiB
  a[threadIdx.x] = 1.0f;
  b[threadIdx.x] = 2.0f;
  __syncthreads();
  out[threadIdx.x] = a[threadIdx.x] + b[threadIdx.x];
}

int main(int argc, char **argv) {
  parseTestOptions(argc, argv);
  float *dOut;
  CUDA_CHECK(cudaMalloc(&dOut, 64 * sizeof(float)));
  just_enough_shared_kernel<<<2, 64>>>(dOut);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  too_much_shared_kernel<<<2, 64>>>(dOut);
  cudaError_t e = cudaDeviceSynchronize();
  std::printf("  49168 bytes of static shared memory -> %s\n", cudaGetErrorString(e));
  EXPECT(e == cudaErrorLaunchOutOfResources);
#ifdef LOOPGPU_CUDA_EMULATION
  EXPECT(std::strstr(loopgpu_emu::lastErrorDetail(), "49168 bytes of static shared memory"));
#endif
  CUDA_CHECK(cudaDeviceReset());
  return finishTest("shared_limit");
}
