// Synchronization errors the emulation must report (a GPU would hang or
// silently compute garbage): threads that exit while others wait at a
// __syncthreads(), a __syncthreads() reached by part of the block, threads
// waiting at different __syncthreads() calls, a warp primitive whose mask
// names lanes that never arrive, and a mask without the calling lane.
// Each must make cudaDeviceSynchronize() fail with "unspecified launch
// failure" and explain itself (loopgpu_emu::lastErrorDetail(), stderr);
// cudaDeviceReset() clears the error. Correct uses of the same constructs
// must not be reported.
//
// Valid CUDA (nvcc compiles it), but only meaningful under the emulation.
#include "runtime_test.h"

__global__ void early_exit_kernel(float *data, int n) {
  __shared__ float s[128];
  int i = threadIdx.x;
  if (i >= n)
    return;
  s[i] = data[i];
  __syncthreads();
  data[i] = s[n - 1 - i];
}

__global__ void partial_barrier_kernel(int *out) {
  if (threadIdx.x < 16)
    __syncthreads();
  out[threadIdx.x] = 1;
}

__global__ void two_barriers_kernel(int *out) {
  if (threadIdx.x % 2) {
    out[threadIdx.x] = 1;
    __syncthreads();
  } else {
    out[threadIdx.x] = 2;
    __syncthreads();
  }
}

__global__ void shfl_deadlock_kernel(int *out) {
  int v = threadIdx.x;
  if (threadIdx.x < 16)
    v = __shfl_down_sync(0xffffffffu, v, 1);
  __syncwarp();
  out[threadIdx.x] = v;
}

__global__ void bad_mask_kernel(int *out) {
  out[threadIdx.x] = __ballot_sync(0x1u, 1);
}

// Correct: a uniform condition around a barrier, early exits without any
// later barrier, partial masks that match the branch, loops of barriers.
__global__ void correct_kernel(const float *in, float *out, int n, int rounds) {
  __shared__ float s[64];
  int i = threadIdx.x;
  if (n > 0)
    __syncthreads();
  for (int r = 0; r < rounds; ++r) {
    s[i] = in[i] + r;
    __syncthreads();
    float v = s[(i + 1) % 64];
    __syncthreads();
    if (i < 32) {
      unsigned low = __ballot_sync(0xffffffffu, v > 0);
      if (i < 16)
        v += __shfl_xor_sync(0x0000ffffu, v, 1);
      (void)low;
    }
    out[i] = v;
  }
  if (i >= n)
    return;
  out[i] += 1;
}

static void expectFailure(const char *what, const char *needle) {
  cudaError_t e = cudaDeviceSynchronize();
  std::printf("  %-28s -> %s\n", what, cudaGetErrorString(e));
  EXPECT(e == cudaErrorLaunchFailure);
  EXPECT(cudaGetLastError() == cudaErrorLaunchFailure);
  EXPECT(cudaDeviceSynchronize() == cudaErrorLaunchFailure); // sticky
#ifdef LOOPGPU_CUDA_EMULATION
  const char *detail = loopgpu_emu::lastErrorDetail();
  if (!std::strstr(detail, needle)) {
    std::fprintf(stderr, "  expected '%s' in: %s\n", needle, detail);
    ++test_failures;
  }
#else
  (void)needle;
#endif
  CUDA_CHECK(cudaDeviceReset());
  EXPECT(cudaGetLastError() == cudaSuccess);
}

int main(int argc, char **argv) {
  TestOptions o = parseTestOptions(argc, argv);
  for (const std::string &s : o.schedules) {
    std::string name = useSchedule(s);
    std::printf("schedule %s\n", name.c_str());
    float *dF;
    int *dI;

    CUDA_CHECK(cudaMalloc(&dF, 128 * sizeof(float)));
    CUDA_CHECK(cudaMemset(dF, 0, 128 * sizeof(float)));
    early_exit_kernel<<<1, 128>>>(dF, 100);
    expectFailure("exit before __syncthreads", "exited while");

    CUDA_CHECK(cudaMalloc(&dI, 64 * sizeof(int)));
    partial_barrier_kernel<<<2, 64>>>(dI);
    expectFailure("partial __syncthreads", "divergent __syncthreads()");

    CUDA_CHECK(cudaMalloc(&dI, 64 * sizeof(int)));
    two_barriers_kernel<<<1, 64>>>(dI);
    expectFailure("different __syncthreads", "different __syncthreads() calls");

    CUDA_CHECK(cudaMalloc(&dI, 64 * sizeof(int)));
    shfl_deadlock_kernel<<<1, 64>>>(dI);
    expectFailure("__shfl_down_sync deadlock", "deadlock");

    CUDA_CHECK(cudaMalloc(&dI, 64 * sizeof(int)));
    bad_mask_kernel<<<1, 32>>>(dI);
    expectFailure("mask without own lane", "does not name the lane itself");

    // Nothing to report for correct code; the device works again after the resets.
    float *dIn, *dOut;
    CUDA_CHECK(cudaMalloc(&dIn, 64 * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&dOut, 64 * sizeof(float)));
    std::vector<float> in(64), out(64);
    for (int i = 0; i < 64; ++i)
      in[i] = float(i);
    CUDA_CHECK(cudaMemcpy(dIn, in.data(), 64 * sizeof(float), cudaMemcpyHostToDevice));
#ifdef LOOPGPU_CUDA_EMULATION
    unsigned errorsBefore = loopgpu_emu::errorCount();
    unsigned warningsBefore = loopgpu_emu::warningCount();
#endif
    correct_kernel<<<3, 64>>>(dIn, dOut, 40, 3);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaDeviceSynchronize());
#ifdef LOOPGPU_CUDA_EMULATION
    EXPECT(loopgpu_emu::errorCount() == errorsBefore);
    EXPECT(loopgpu_emu::warningCount() == warningsBefore);
#endif
    CUDA_CHECK(cudaMemcpy(out.data(), dOut, 64 * sizeof(float), cudaMemcpyDeviceToHost));
    long bad = 0;
    for (int i = 0; i < 64; ++i) {
      float v = in[(i + 1) % 64] + 2;
      if (i < 16)
        v += in[((i ^ 1) + 1) % 64] + 2;
      if (i < 40)
        v += 1;
      bad += out[i] != v;
    }
    checkRun(o, "correct synchronization", name, bad);
    CUDA_CHECK(cudaFree(dIn));
    CUDA_CHECK(cudaFree(dOut));
  }
  return finishTest("divergent");
}
