// See two_units_kernels.cu.
#include <cuda_runtime.h>

#include <cstdio>
#include <vector>

extern "C" void scale_device(float *x, int n, float a);

__global__ void add_kernel(float *x, int n, float b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] += b + (float)(threadIdx.x % warpSize == 0);
}

int main() {
  const int n = 1000;
  std::vector<float> h(n);
  for (int i = 0; i < n; ++i)
    h[i] = (float)i;
  float *d;
  if (cudaMalloc(&d, n * sizeof(float)) != cudaSuccess)
    return 1;
  cudaMemcpy(d, h.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  scale_device(d, n, 2.0f);
  add_kernel<<<(n + 255) / 256, 256>>>(d, n, 1.0f);
  if (cudaDeviceSynchronize() != cudaSuccess)
    return 1;
  std::vector<float> out(n);
  cudaMemcpy(out.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(d);
  int bad = 0;
  for (int i = 0; i < n; ++i) {
    int blockStart = i / 128 * 128, mirrored = blockStart + 127 - (i - blockStart);
    float want = 2.0f * (mirrored < n ? (float)mirrored : 0.0f) + 1.0f + (i % 256 % 32 == 0);
    bad += out[i] != want;
  }
  std::printf("%s: two_units (%d mismatches)\n", bad ? "FAIL" : "PASS", bad);
  return bad ? 1 : 0;
}
