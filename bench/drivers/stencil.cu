// 7-point stencil on N^3: loopgpu's stencil7_device against copy bandwidth
// (one read and one write per interior point), checked against a simple
// reference kernel. Usage: stencil N LABEL
#include "common.h"
#include <cmath>

extern "C" void stencil7_device(int nz, int ny, int nx, float c0, float c1, const float *in, float *out);

__global__ void reference(int n, float c0, float c1, const float *in, float *out) {
  long long idx = blockIdx.x * (long long)blockDim.x + threadIdx.x;
  if (idx >= (long long)n * n * n) return;
  int x = idx % n, y = idx / n % n, z = idx / n / n;
  if (x < 1 || y < 1 || z < 1 || x >= n - 1 || y >= n - 1 || z >= n - 1) return;
  auto at = [&](int zz, int yy, int xx) { return in[((long long)zz * n + yy) * n + xx]; };
  out[idx] = c0 * at(z, y, x) + c1 * (at(z, y, x - 1) + at(z, y, x + 1) + at(z, y - 1, x) + at(z, y + 1, x) +
                                      at(z - 1, y, x) + at(z + 1, y, x));
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 512;
  const char *label = argc > 2 ? argv[2] : "loopgpu";
  size_t cells = (size_t)n * n * n;
  float *in = device_random<float>(cells, true), *out, *ref;
  CHECK(cudaMalloc(&out, cells * 4));
  CHECK(cudaMalloc(&ref, cells * 4));
  CHECK(cudaMemset(out, 0, cells * 4));
  CHECK(cudaMemset(ref, 0, cells * 4));
  double tl = median_ms([&] { stencil7_device(n, n, n, 0.4f, 0.1f, in, out); });
  reference<<<(unsigned)((cells + 255) / 256), 256>>>(n, 0.4f, 0.1f, in, ref);
  CHECK(cudaDeviceSynchronize());
  std::vector<float> a(cells), b(cells);
  CHECK(cudaMemcpy(a.data(), out, cells * 4, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(b.data(), ref, cells * 4, cudaMemcpyDeviceToHost));
  double worst = 0;
  for (size_t i = 0; i < cells; ++i)
    worst = std::max(worst, (double)std::fabs(a[i] - b[i]) / std::max(1.0, (double)std::fabs(b[i])));
  double interior = (double)(n - 2) * (n - 2) * (n - 2), bytes = 8.0 * interior;
  double copy = copy_gbs(cells * 4);
  std::printf("%s stencil7 %d^3: %.3f ms %.0f GB/s | copy %.0f GB/s | %.1f%% of copy | max rel diff %.2e %s\n", label, n,
              tl, bytes / tl / 1e6, copy, 100 * bytes / tl / 1e6 / copy, worst, worst < 1e-5 ? "PASS" : "FAIL");
  return worst < 1e-5 ? 0 : 1;
}
