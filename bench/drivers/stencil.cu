// 7-point stencil on N^3: loopgpu's stencil7_device against copy bandwidth
// (one read and one write per interior point), checked against a simple
// reference kernel. Usage: stencil N LABEL. stencil_double.cu builds it for
// double (stencil7d_device).
#include "common.h"
#include <cmath>

#ifndef STENCIL_T
#define STENCIL_T float
#define STENCIL_DEVICE stencil7_device
#endif
using T = STENCIL_T;
extern "C" void STENCIL_DEVICE(int nz, int ny, int nx, T c0, T c1, const T *in, T *out);

__global__ void reference(int n, T c0, T c1, const T *in, T *out) {
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
  const size_t bytesOf = cells * sizeof(T);
  T *in = device_random<T>(cells, true), *out, *ref;
  CHECK(cudaMalloc(&out, bytesOf));
  CHECK(cudaMalloc(&ref, bytesOf));
  CHECK(cudaMemset(out, 0, bytesOf));
  CHECK(cudaMemset(ref, 0, bytesOf));
  double tl = median_ms([&] { STENCIL_DEVICE(n, n, n, T(0.4), T(0.1), in, out); });
  reference<<<(unsigned)((cells + 255) / 256), 256>>>(n, T(0.4), T(0.1), in, ref);
  CHECK(cudaDeviceSynchronize());
  std::vector<T> a(cells), b(cells);
  CHECK(cudaMemcpy(a.data(), out, bytesOf, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(b.data(), ref, bytesOf, cudaMemcpyDeviceToHost));
  double worst = 0;
  for (size_t i = 0; i < cells; ++i)
    worst = std::max(worst, (double)std::fabs(a[i] - b[i]) / std::max(1.0, (double)std::fabs(b[i])));
  double interior = (double)(n - 2) * (n - 2) * (n - 2), bytes = 2.0 * sizeof(T) * interior;
  double copy = copy_gbs(bytesOf);
  const double tolerance = sizeof(T) == 4 ? 1e-5 : 1e-12;
  std::printf("%s stencil7%s %d^3: %.3f ms %.0f GB/s | copy %.0f GB/s | %.1f%% of copy | max rel diff %.2e %s\n", label,
              sizeof(T) == 4 ? "" : " double", n, tl, bytes / tl / 1e6, copy, 100 * bytes / tl / 1e6 / copy, worst,
              worst < tolerance ? "PASS" : "FAIL");
  return worst < tolerance ? 0 : 1;
}
