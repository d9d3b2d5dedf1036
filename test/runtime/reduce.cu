// Sum reduction in the style of loopgpu's reduction kernels: each thread
// adds two elements, warps reduce with __shfl_down_sync, warp sums meet in a
// shared-memory tree, and one atomicAdd per block combines the blocks.
// Instantiated for int (exact), float and double.
//
// With LOOPGPU_TEST_DROP_SYNC=1 the __syncthreads() inside the tree is
// removed; run with --expect-mismatch under schedules that expose it.
#include "runtime_test.h"

#include <cmath>
#include <type_traits>

#ifndef LOOPGPU_TEST_DROP_SYNC
#define LOOPGPU_TEST_DROP_SYNC 0
#endif

template <typename T>
__global__ void sum_nest0_kernel(const T *__restrict__ in, int n, T *__restrict__ out) {
  __shared__ T warpSums[32];
  unsigned tid = threadIdx.x;
  int i = blockIdx.x * blockDim.x * 2 + threadIdx.x;
  T v = 0;
  if (i < n)
    v = in[i];
  if (i + (int)blockDim.x < n)
    v += in[i + blockDim.x];
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffffu, v, offset);
  unsigned lane = tid % warpSize, warp = tid / warpSize;
  if (lane == 0)
    warpSums[warp] = v;
  __syncthreads();
  for (unsigned s = blockDim.x / warpSize / 2; s > 0; s >>= 1) {
    if (tid < s)
      warpSums[tid] += warpSums[tid + s];
#if LOOPGPU_TEST_DROP_SYNC != 1
    __syncthreads();
#endif
  }
  if (tid == 0)
    atomicAdd(out, warpSums[0]);
}

template <typename T> static T inputValue(int x) {
  return T((x * 37 % 101) - 50) / T(std::is_integral<T>::value ? 1 : 4);
}

template <typename T> static long runReduce(int n, const char *type, double *seconds) {
  std::vector<T> in(n);
  double ref = 0;
  for (int x = 0; x < n; ++x) {
    in[x] = inputValue<T>(x);
    ref += double(in[x]);
  }
  T *dIn, *dOut;
  CUDA_CHECK(cudaMalloc(&dIn, n * sizeof(T)));
  CUDA_CHECK(cudaMalloc(&dOut, sizeof(T)));
  CUDA_CHECK(cudaMemcpy(dIn, in.data(), n * sizeof(T), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemset(dOut, 0, sizeof(T)));
  const int threads = 256;
  int blocks = (n + 2 * threads - 1) / (2 * threads);
  auto start = std::chrono::steady_clock::now();
  sum_nest0_kernel<T><<<blocks, threads>>>(dIn, n, dOut);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  *seconds = secondsSince(start);
  T result;
  CUDA_CHECK(cudaMemcpy(&result, dOut, sizeof(T), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(dIn));
  CUDA_CHECK(cudaFree(dOut));
  // Inputs are multiples of 1/4: float and double sums of 2^16 of them are exact.
  bool ok = double(result) == ref;
  if (!ok)
    std::printf("    %s n=%d: got %.17g, expected %.17g\n", type, n, double(result), ref);
  return ok ? 0 : 1;
}

int main(int argc, char **argv) {
  TestOptions o = parseTestOptions(argc, argv);
  for (const std::string &s : o.schedules) {
    std::string name = useSchedule(s);
    // 2^16 elements (int), and an odd size that leaves the last block partial
    // (all three types).
    const struct {
      int n;
      bool all;
    } runs[] = {{1 << 16, false}, {20011, true}};
    for (const auto &r : runs) {
      double seconds = 0;
      char what[64];
      long bad = runReduce<int>(r.n, "int", &seconds);
      std::snprintf(what, sizeof what, "reduce int n=%d (%.3f s)", r.n, seconds);
      checkRun(o, what, name, bad);
      if (!r.all)
        continue;
      bad = runReduce<float>(r.n, "float", &seconds);
      std::snprintf(what, sizeof what, "reduce float n=%d (%.3f s)", r.n, seconds);
      checkRun(o, what, name, bad);
      bad = runReduce<double>(r.n, "double", &seconds);
      std::snprintf(what, sizeof what, "reduce double n=%d (%.3f s)", r.n, seconds);
      checkRun(o, what, name, bad);
    }
  }
  return finishTest(LOOPGPU_TEST_DROP_SYNC ? "reduce with the tree's __syncthreads() removed"
                                           : "reduce");
}
