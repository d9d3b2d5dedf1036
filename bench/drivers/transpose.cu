// Transpose of an N x N fp32 matrix: loopgpu's transpose_device against copy
// bandwidth (read + write), checked element by element. Usage: transpose N LABEL
#include "common.h"

extern "C" void transpose_device(int rows, int cols, const float *A, float *trA);

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 8192;
  const char *label = argc > 2 ? argv[2] : "loopgpu";
  size_t cells = (size_t)n * n;
  float *A = device_random<float>(cells, true), *T;
  CHECK(cudaMalloc(&T, cells * 4));
  double tl = median_ms([&] { transpose_device(n, n, A, T); });
  std::vector<float> a(cells), t(cells);
  CHECK(cudaMemcpy(a.data(), A, cells * 4, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(t.data(), T, cells * 4, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (size_t i = 0; i < (size_t)n && ok; ++i)
    for (size_t j = 0; j < (size_t)n; ++j)
      if (t[j * n + i] != a[i * n + j]) { ok = false; break; }
  double bytes = 8.0 * cells, copy = copy_gbs(cells * 4);
  std::printf("%s transpose %d^2: %.3f ms %.0f GB/s | copy %.0f GB/s | %.1f%% of copy | %s\n", label, n, tl,
              bytes / tl / 1e6, copy, 100 * bytes / tl / 1e6 / copy, ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
