// With two_units_main.cu: a program in two translation units that both
// include <cuda_runtime.h> and both define kernels, the shape of loopgpu's
// validation harness (kernels.cu + driver.cu). Under the emulation the
// include resolves to runtime/include/cuda-shim/cuda_runtime.h.
#include <cuda_runtime.h>

__global__ void scale_kernel(float *x, int n, float a) {
  __shared__ float tile[128];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = i < n ? x[i] : 0.0f;
  __syncthreads();
  if (i < n)
    x[i] = a * tile[blockDim.x - 1 - threadIdx.x];
}

extern "C" void scale_device(float *x, int n, float a) {
  scale_kernel<<<(n + 127) / 128, 128>>>(x, n, a);
}
