// Shared helpers of the benchmark drivers: checked CUDA calls, random data,
// and median timing with CUDA events after a warm-up.
#pragma once
#include <cuda_runtime.h>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <vector>

#define CHECK(call)                                                                  \
  do {                                                                               \
    cudaError_t e = (call);                                                          \
    if (e != cudaSuccess) {                                                          \
      std::printf("FAIL %s: %s\n", #call, cudaGetErrorString(e));                    \
      std::exit(1);                                                                  \
    }                                                                                \
  } while (0)

inline unsigned long long bench_rng = 12345;
inline double uniform01() {
  unsigned long long z = (bench_rng += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return (double)((z ^ (z >> 31)) >> 11) / 9007199254740992.0;
}

template <typename T> T *device_random(size_t n, bool floating) {
  std::vector<T> h(n);
  for (auto &v : h)
    v = floating ? (T)(uniform01() * 2 - 1) : (T)(1 + (long long)(uniform01() * 99));
  T *d;
  CHECK(cudaMalloc(&d, n * sizeof(T)));
  CHECK(cudaMemcpy(d, h.data(), n * sizeof(T), cudaMemcpyHostToDevice));
  return d;
}

// Median time in ms of fn over reps runs, after one warm-up run.
inline double median_ms(const std::function<void()> &fn, int reps = 20) {
  cudaEvent_t a, b;
  CHECK(cudaEventCreate(&a));
  CHECK(cudaEventCreate(&b));
  fn();
  CHECK(cudaDeviceSynchronize());
  std::vector<float> t;
  for (int r = 0; r < reps; ++r) {
    CHECK(cudaEventRecord(a));
    fn();
    CHECK(cudaEventRecord(b));
    CHECK(cudaEventSynchronize(b));
    float ms;
    CHECK(cudaEventElapsedTime(&ms, a, b));
    t.push_back(ms);
  }
  CHECK(cudaGetLastError());
  std::sort(t.begin(), t.end());
  return 0.5 * (t[(reps - 1) / 2] + t[reps / 2]);
}

// Device-to-device copy bandwidth for `bytes`, counting bytes read and written.
inline double copy_gbs(size_t bytes) {
  void *a, *b;
  CHECK(cudaMalloc(&a, bytes));
  CHECK(cudaMalloc(&b, bytes));
  CHECK(cudaMemset(a, 1, bytes));
  double ms = median_ms([&] { CHECK(cudaMemcpy(b, a, bytes, cudaMemcpyDeviceToDevice)); });
  CHECK(cudaFree(a));
  CHECK(cudaFree(b));
  return 2.0 * bytes / (ms * 1e6);
}
