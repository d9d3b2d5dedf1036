// Sum of 2^k ints: loopgpu's sum_nest0_device against CUB DeviceReduce::Sum and
// the device-to-device copy bandwidth, all in this run.
// Usage: reduce LOG2N LABEL
#include "common.h"
#include <cub/cub.cuh>

extern "C" void sum_nest0_device(int n, long *s, const int *x); // the launcher: s on the device

int main(int argc, char **argv) {
  int lg = argc > 1 ? atoi(argv[1]) : 26;
  const char *label = argc > 2 ? argv[2] : "loopgpu";
  int n = 1 << lg;
  int *x = device_random<int>(n, false);
  long *s;
  long long *cs;
  CHECK(cudaMalloc(&s, sizeof(long)));
  CHECK(cudaMalloc(&cs, sizeof(long long)));
  size_t tmpBytes = 0;
  void *tmp = nullptr;
  cub::DeviceReduce::Sum(tmp, tmpBytes, x, cs, n);
  CHECK(cudaMalloc(&tmp, tmpBytes));
  double tcub = median_ms([&] { cub::DeviceReduce::Sum(tmp, tmpBytes, x, cs, n); });
  double tl = median_ms([&] { CHECK(cudaMemsetAsync(s, 0, sizeof(long))); sum_nest0_device(n, s, x); });
  CHECK(cudaMemset(s, 0, sizeof(long)));
  sum_nest0_device(n, s, x);
  long got;
  long long want;
  CHECK(cudaMemcpy(&got, s, sizeof(long), cudaMemcpyDeviceToHost));
  cub::DeviceReduce::Sum(tmp, tmpBytes, x, cs, n);
  CHECK(cudaMemcpy(&want, cs, sizeof(long long), cudaMemcpyDeviceToHost));
  double bytes = 4.0 * n, copy = copy_gbs((size_t)bytes);
  std::printf("%s sum 2^%d ints: %.3f ms %.0f GB/s | CUB %.3f ms %.0f GB/s | copy %.0f GB/s | loopgpu %.1f%%, CUB %.1f%% of copy | %s\n",
              label, lg, tl, bytes / tl / 1e6, tcub, bytes / tcub / 1e6, copy, 100 * bytes / tl / 1e6 / copy,
              100 * bytes / tcub / 1e6 / copy, got == want ? "PASS" : "FAIL");
  return got == want ? 0 : 1;
}
