// Sum of 2^k floats: loopgpu's sumf_nest0_device against CUB DeviceReduce::Sum and
// the device-to-device copy bandwidth, all in this run. The two sums add in
// different orders (loopgpu: per-thread, per-warp, per-block partials and
// atomics in the order blocks finish), so they are compared within 1e-4 of
// the sum of magnitudes. Usage: reduce_float LOG2N LABEL
#include "common.h"
#include <cmath>
#include <cub/cub.cuh>

extern "C" void sumf_nest0_device(int n, float *s, const float *x); // the launcher: s on the device

int main(int argc, char **argv) {
  int lg = argc > 1 ? atoi(argv[1]) : 26;
  const char *label = argc > 2 ? argv[2] : "loopgpu";
  int n = 1 << lg;
  float *x = device_random<float>(n, true), *s, *cs;
  CHECK(cudaMalloc(&s, sizeof(float)));
  CHECK(cudaMalloc(&cs, sizeof(float)));
  size_t tmpBytes = 0;
  void *tmp = nullptr;
  cub::DeviceReduce::Sum(tmp, tmpBytes, x, cs, n);
  CHECK(cudaMalloc(&tmp, tmpBytes));
  double tcub = median_ms([&] { cub::DeviceReduce::Sum(tmp, tmpBytes, x, cs, n); });
  double tl = median_ms([&] { CHECK(cudaMemsetAsync(s, 0, sizeof(float))); sumf_nest0_device(n, s, x); });
  CHECK(cudaMemset(s, 0, sizeof(float)));
  sumf_nest0_device(n, s, x);
  float got, want;
  CHECK(cudaMemcpy(&got, s, sizeof(float), cudaMemcpyDeviceToHost));
  cub::DeviceReduce::Sum(tmp, tmpBytes, x, cs, n);
  CHECK(cudaMemcpy(&want, cs, sizeof(float), cudaMemcpyDeviceToHost));
  std::vector<float> h(n);
  CHECK(cudaMemcpy(h.data(), x, (size_t)n * 4, cudaMemcpyDeviceToHost));
  double mag = 0;
  for (float v : h)
    mag += std::fabs(v);
  bool ok = std::fabs((double)got - (double)want) <= 1e-4 * mag;
  double bytes = 4.0 * n, copy = copy_gbs((size_t)bytes);
  std::printf("%s sum 2^%d floats: %.3f ms %.0f GB/s | CUB %.3f ms %.0f GB/s | copy %.0f GB/s | loopgpu %.1f%%, CUB %.1f%% of copy | |got-CUB| %.3g of sum|x| %.3g %s\n",
              label, lg, tl, bytes / tl / 1e6, tcub, bytes / tcub / 1e6, copy, 100 * bytes / tl / 1e6 / copy,
              100 * bytes / tcub / 1e6 / copy, std::fabs((double)got - (double)want), mag, ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
