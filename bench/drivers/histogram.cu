// Histogram of 2^LOG2N bytes into 256 int bins: loopgpu's histogram_device
// (bench/kernels/histogram.c) against CUB's DeviceHistogram::HistogramEven
// and the copy bandwidth, all in this run; bytes uniform over the 256
// values, then over 99 (1 to 99: the contention of run 38's 2.21 ms).
// Usage: histogram LOG2N LABEL
#include "common.h"
#include <cub/cub.cuh>

extern "C" void histogram_device(int n, const unsigned char *data, int *hist);

static bool run(int n, int values, const char *label, double copy) {
  std::vector<unsigned char> h(n);
  std::vector<long long> want(256, 0);
  for (unsigned char &v : h) {
    v = (unsigned char)(values == 256 ? (int)(uniform01() * 256) : 1 + (int)(uniform01() * values));
    ++want[v];
  }
  unsigned char *d;
  int *hist, *chist;
  CHECK(cudaMalloc(&d, n));
  CHECK(cudaMalloc(&hist, 256 * sizeof(int)));
  CHECK(cudaMalloc(&chist, 256 * sizeof(int)));
  CHECK(cudaMemcpy(d, h.data(), n, cudaMemcpyHostToDevice));
  size_t tmpBytes = 0;
  void *tmp = nullptr;
  cub::DeviceHistogram::HistogramEven(tmp, tmpBytes, d, chist, 257, 0, 256, n);
  CHECK(cudaMalloc(&tmp, tmpBytes));
  double tc = median_ms([&] { cub::DeviceHistogram::HistogramEven(tmp, tmpBytes, d, chist, 257, 0, 256, n); });
  double tl = median_ms([&] {
    CHECK(cudaMemsetAsync(hist, 0, 256 * sizeof(int)));
    histogram_device(n, d, hist);
  });
  std::vector<int> got(256), cub(256);
  CHECK(cudaMemcpy(got.data(), hist, 256 * sizeof(int), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(cub.data(), chist, 256 * sizeof(int), cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int b = 0; b < 256; ++b)
    ok &= got[b] == want[b] && cub[b] == want[b];
  std::printf("%s histogram 2^%d bytes over %d values: %.3f ms %.0f GB/s | CUB %.3f ms %.0f GB/s | copy %.0f GB/s | "
              "loopgpu %.1f%% of CUB, %.1f%% of copy | %s\n",
              label, (int)std::log2((double)n), values, tl, n / tl / 1e6, tc, n / tc / 1e6, copy, 100 * tc / tl,
              100.0 * n / tl / 1e6 / copy, ok ? "PASS" : "FAIL");
  CHECK(cudaFree(d));
  CHECK(cudaFree(hist));
  CHECK(cudaFree(chist));
  CHECK(cudaFree(tmp));
  return ok;
}

int main(int argc, char **argv) {
  int lg = argc > 1 ? atoi(argv[1]) : 26;
  const char *label = argc > 2 ? argv[2] : "loopgpu";
  double copy = copy_gbs((size_t)1 << lg);
  bool ok = run(1 << lg, 256, label, copy);
  ok = run(1 << lg, 99, label, copy) && ok;
  return ok ? 0 : 1;
}
