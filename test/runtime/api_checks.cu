// Host API and device intrinsics: launch configuration limits (errors that
// cudaGetLastError() returns once), memory API errors, a host pointer passed
// to a kernel (sticky error until cudaDeviceReset), events, atomics, math
// functions, bit casts, min/max overloads. Error codes as CUDA 13.0 returns
// them (checked by running this file on an H100; the emulation-only parts
// are under #ifdef LOOPGPU_CUDA_EMULATION).
#include <vector>
#include "runtime_test.h"

#include <algorithm>
#include <cmath>

__global__ void noop_kernel(int *out) {
  if (out)
    out[0] = 1;
}

__global__ void fill_kernel(int *out) { out[threadIdx.x] = 1; }

__global__ void count_blocks_kernel(unsigned long long *count) {
  atomicAdd(count, 1ull);
}

__global__ void atomics_kernel(int *i, unsigned *u, unsigned long long *ull, float *f,
                               double *d, int *imin, int *imax, unsigned *umin,
                               unsigned *umax, int *lock, int *locked, int *exch) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(i, 1);
  atomicAdd(u, 2u);
  atomicAdd(ull, 3ull);
  atomicAdd(f, 0.5f);
  atomicAdd(d, 0.25);
  atomicMin(imin, 1000 - t);
  atomicMax(imax, t - 1000);
  atomicMin(umin, 5000u - t);
  atomicMax(umax, unsigned(t) * 3u);
  // A spin-free CAS increment.
  int old = *locked, assumed;
  do {
    assumed = old;
    old = atomicCAS(locked, assumed, assumed + 1);
  } while (old != assumed);
  atomicExch(exch, 7);
  (void)lock;
}

__global__ void math_kernel(const float *x, float *outF, const double *y, double *outD,
                            int *outI) {
  int t = threadIdx.x;
  float a = x[t];
  double b = y[t];
  outF[t * 9 + 0] = sqrtf(a);
  outF[t * 9 + 1] = fabsf(-a);
  outF[t * 9 + 2] = expf(a / 4);
  outF[t * 9 + 3] = logf(a + 1);
  outF[t * 9 + 4] = powf(a, 1.5f);
  outF[t * 9 + 5] = fminf(a, 2.0f);
  outF[t * 9 + 6] = fmaxf(a, 2.0f);
  outF[t * 9 + 7] = rsqrtf(a + 1);
  outF[t * 9 + 8] = __int_as_float(__float_as_int(a) + 1);
  outD[t * 8 + 0] = sqrt(b);
  outD[t * 8 + 1] = fabs(-b);
  outD[t * 8 + 2] = exp(b / 4);
  outD[t * 8 + 3] = log(b + 1);
  outD[t * 8 + 4] = pow(b, 1.5);
  outD[t * 8 + 5] = fmin(b, 2.0);
  outD[t * 8 + 6] = fmax(b, 2.0);
  outD[t * 8 + 7] = a < 1 ? INFINITY : b;
  outI[t * 4 + 0] = min(t, 3);
  outI[t * 4 + 1] = max(t - 5, -2);
  outI[t * 4 + 2] = (int)min(unsigned(t), 4u);
  outI[t * 4 + 3] = (int)max((long long)t, 6ll);
}

static void expectLaunchError(dim3 grid, dim3 block, const char *what) {
  noop_kernel<<<grid, block>>>(nullptr);
  cudaError_t peek = cudaPeekAtLastError();
  cudaError_t e = cudaGetLastError();
  std::printf("  launch %-34s -> %s\n", what, cudaGetErrorString(e));
  // CUDA 13.0 on an H100 answers cudaErrorInvalidValue ("invalid argument");
  // earlier releases answered cudaErrorInvalidConfiguration.
  EXPECT(peek == cudaErrorInvalidValue);
  EXPECT(e == cudaErrorInvalidValue);
  EXPECT(std::strcmp(cudaGetErrorString(e), "invalid argument") == 0);
  EXPECT(cudaGetLastError() == cudaSuccess); // not sticky
  EXPECT(cudaDeviceSynchronize() == cudaSuccess);
}

int main(int argc, char **argv) {
  TestOptions o = parseTestOptions(argc, argv);
  (void)o;

  // --- Launch configuration limits --------------------------------------
  expectLaunchError(dim3(1), dim3(1025), "block (1025,1,1)");
  expectLaunchError(dim3(1), dim3(32, 33), "block (32,33,1)");
  expectLaunchError(dim3(1), dim3(1, 1, 65), "block (1,1,65)");
  expectLaunchError(dim3(1), dim3(2048, 1, 1), "block (2048,1,1)");
  expectLaunchError(dim3(1, 65536), dim3(32), "grid (1,65536,1)");
  expectLaunchError(dim3(1, 1, 65536), dim3(32), "grid (1,1,65536)");
  expectLaunchError(dim3(0x80000000u), dim3(32), "grid (2147483648,1,1)");
  expectLaunchError(dim3(0), dim3(32), "grid (0,1,1)");
  expectLaunchError(dim3(4), dim3(0, 1, 1), "block (0,1,1)");

  // Device attributes and occupancy (threads and shared memory counted).
  {
    int v = 0;
    CUDA_CHECK(cudaDeviceGetAttribute(&v, cudaDevAttrMultiProcessorCount, 0));
    EXPECT(v == 132);
    EXPECT(cudaDeviceGetAttribute(&v, cudaDevAttrMultiProcessorCount, 1) == cudaErrorInvalidValue);
    EXPECT(cudaGetLastError() == cudaErrorInvalidValue);
    CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&v, noop_kernel, 256, 0));
    EXPECT(v == 8);
    CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&v, noop_kernel, 128, 100 * 1024));
    EXPECT(v == 2);
  }

  // Largest legal shapes run.
  unsigned long long *dCount;
  CUDA_CHECK(cudaMalloc(&dCount, sizeof(unsigned long long)));
  CUDA_CHECK(cudaMemset(dCount, 0, sizeof(unsigned long long)));
  count_blocks_kernel<<<dim3(1, 65535), 1>>>(dCount);
  CUDA_CHECK(cudaGetLastError());
  count_blocks_kernel<<<dim3(1, 1, 2), dim3(1, 1, 64)>>>(dCount);
  CUDA_CHECK(cudaGetLastError());
  count_blocks_kernel<<<2, dim3(32, 32)>>>(dCount);
  CUDA_CHECK(cudaGetLastError());
  unsigned long long blocks = 0;
  CUDA_CHECK(cudaMemcpy(&blocks, dCount, sizeof blocks, cudaMemcpyDeviceToHost));
  EXPECT(blocks == 65535ull + 2 * 64 + 2 * 1024);
  CUDA_CHECK(cudaFree(dCount));

  // --- Memory API --------------------------------------------------------
  int *dI;
  CUDA_CHECK(cudaMalloc(&dI, 16 * sizeof(int)));
  int host[16] = {0};
  EXPECT(cudaFree(host) == cudaErrorInvalidValue);
  EXPECT(cudaGetLastError() == cudaErrorInvalidValue);
  EXPECT(cudaFree(dI + 1) == cudaErrorInvalidValue);
  cudaGetLastError();
  EXPECT(cudaMemcpy(dI, host, 17 * sizeof(int), cudaMemcpyHostToDevice) ==
         cudaErrorInvalidValue);
  EXPECT(cudaMemcpy(host, dI + 8, 9 * sizeof(int), cudaMemcpyDeviceToHost) ==
         cudaErrorInvalidValue);
  EXPECT(cudaMemset(dI + 4, 0, 13 * sizeof(int)) == cudaErrorInvalidValue);
  cudaGetLastError();
  EXPECT(cudaMemcpy(dI + 8, host, 8 * sizeof(int), cudaMemcpyHostToDevice) == cudaSuccess);
  EXPECT(cudaMemcpy(dI, dI + 8, 8 * sizeof(int), cudaMemcpyDeviceToDevice) == cudaSuccess);
  EXPECT(cudaMemset(dI, 0, 16 * sizeof(int)) == cudaSuccess);
  CUDA_CHECK(cudaFree(dI));
  EXPECT(cudaFree(dI) == cudaErrorInvalidValue); // double free
  cudaGetLastError();
  EXPECT(cudaFree(nullptr) == cudaSuccess);
#ifdef LOOPGPU_CUDA_EMULATION
  // Fresh device memory is poisoned (LOOPGPU_EMU_INIT=poison).
  {
    unsigned *dU, v = 0;
    CUDA_CHECK(cudaMalloc(&dU, sizeof(unsigned)));
    CUDA_CHECK(cudaMemcpy(&v, dU, sizeof v, cudaMemcpyDeviceToHost));
    EXPECT(v == 0xffffffffu);
    CUDA_CHECK(cudaFree(dU));
  }

  // --- A host pointer as a kernel argument: sticky illegal address --------
  noop_kernel<<<1, 1>>>(host);
  // As CUDA 13.0 does: cudaGetLastError() reports the error once, every
  // other call keeps failing with it until cudaDeviceReset().
  EXPECT(cudaDeviceSynchronize() == cudaErrorIllegalAddress);
  EXPECT(cudaGetLastError() == cudaErrorIllegalAddress);
  EXPECT(cudaGetLastError() == cudaSuccess);
  EXPECT(cudaMalloc(&dI, 4) == cudaErrorIllegalAddress);
  EXPECT(cudaFree(nullptr) == cudaErrorIllegalAddress);
  noop_kernel<<<1, 1>>>(nullptr);
  EXPECT(cudaGetLastError() == cudaErrorIllegalAddress);
  EXPECT(cudaDeviceSynchronize() == cudaErrorIllegalAddress);
  CUDA_CHECK(cudaDeviceReset());
  EXPECT(cudaGetLastError() == cudaSuccess);
  EXPECT(std::strcmp(loopgpu_emu::lastErrorDetail(), "") == 0);
#endif

  // --- Page-locked host ranges -------------------------------------------
  {
    std::vector<char> pageable(5 * 4096 + 100, 1);
    char *p = pageable.data();
    CUDA_CHECK(cudaHostRegister(p + 8192, 4096, cudaHostRegisterDefault));
    char *d;
    CUDA_CHECK(cudaMalloc(&d, pageable.size()));
    CUDA_CHECK(cudaMemcpyAsync(d, p, pageable.size(), cudaMemcpyHostToDevice, 0));
    CUDA_CHECK(cudaStreamSynchronize(0));
#ifdef LOOPGPU_CUDA_EMULATION
    // The driver's refusals: a range sharing a page with a locked one, memory
    // from cudaMallocHost, an unlock of a pointer not locked.
    EXPECT(cudaHostRegister(p + 4096, 4097, cudaHostRegisterDefault) == cudaErrorHostMemoryAlreadyRegistered);
    EXPECT(cudaGetLastError() == cudaErrorHostMemoryAlreadyRegistered);
    EXPECT(cudaHostRegister(p + 12288 - 1, 1, cudaHostRegisterDefault) == cudaErrorHostMemoryAlreadyRegistered);
    EXPECT(cudaHostUnregister(p + 8193) == cudaErrorHostMemoryNotRegistered);
    EXPECT(cudaHostRegister(nullptr, 16, cudaHostRegisterDefault) == cudaErrorInvalidValue);
    cudaGetLastError();
    void *pinned;
    CUDA_CHECK(cudaMallocHost(&pinned, 100));
    EXPECT(cudaHostRegister(pinned, 100, cudaHostRegisterDefault) == cudaErrorHostMemoryAlreadyRegistered);
    cudaGetLastError();
    CUDA_CHECK(cudaFreeHost(pinned));
    // A page after the last locked one is free to lock (p is not page-aligned:
    // the page of p + 12288 is locked).
    CUDA_CHECK(cudaHostRegister(p + 16384, 4096, cudaHostRegisterDefault));
    CUDA_CHECK(cudaHostUnregister(p + 16384));
#endif
    CUDA_CHECK(cudaHostUnregister(p + 8192));
    std::vector<char> back(pageable.size(), 0);
    CUDA_CHECK(cudaMemcpy(back.data(), d, back.size(), cudaMemcpyDeviceToHost));
    EXPECT(back == pageable);
    CUDA_CHECK(cudaFree(d));
#ifdef LOOPGPU_TEST_LEAK_LOCK
    // A range left locked: the emulation reports it at exit.
    CUDA_CHECK(cudaHostRegister(p + 4096, 10, cudaHostRegisterDefault));
    static std::vector<char> keep;
    keep.swap(pageable);
#endif
  }

  // --- Events ------------------------------------------------------------
  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));
  CUDA_CHECK(cudaEventRecord(start));
  noop_kernel<<<64, 64>>>(nullptr);
  CUDA_CHECK(cudaEventRecord(stop, 0));
  CUDA_CHECK(cudaEventSynchronize(stop));
  float ms = -1;
  CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
  std::printf("  4096 empty threads: %.3f ms\n", ms);
  EXPECT(ms >= 0);
  CUDA_CHECK(cudaEventDestroy(start));
  CUDA_CHECK(cudaEventDestroy(stop));

  // --- Streams: a fork onto a non-blocking stream and a join ---------------
  {
    cudaStream_t side;
    cudaEvent_t fork, join;
    CUDA_CHECK(cudaStreamCreateWithFlags(&side, cudaStreamNonBlocking));
    CUDA_CHECK(cudaEventCreateWithFlags(&fork, cudaEventDisableTiming));
    CUDA_CHECK(cudaEventCreateWithFlags(&join, cudaEventDisableTiming));
    int *d;
    CUDA_CHECK(cudaMalloc(&d, 2 * 64 * sizeof(int)));
    CUDA_CHECK(cudaMemset(d, 0, 2 * 64 * sizeof(int)));
    CUDA_CHECK(cudaEventRecord(fork, 0));
    CUDA_CHECK(cudaStreamWaitEvent(side, fork, 0));
    fill_kernel<<<1, 64>>>(d);
    fill_kernel<<<1, 64, 0, side>>>(d + 64);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(join, side));
    CUDA_CHECK(cudaStreamWaitEvent(0, join, 0));
    CUDA_CHECK(cudaStreamSynchronize(side));
    std::vector<int> h(2 * 64);
    CUDA_CHECK(cudaMemcpy(h.data(), d, h.size() * sizeof(int), cudaMemcpyDeviceToHost));
    EXPECT(std::count(h.begin(), h.end(), 1) == 2 * 64);
    CUDA_CHECK(cudaFree(d));
    CUDA_CHECK(cudaEventDestroy(fork));
    CUDA_CHECK(cudaEventDestroy(join));
    CUDA_CHECK(cudaStreamDestroy(side));
#ifdef LOOPGPU_CUDA_EMULATION
    // A destroyed stream, an unknown flag: refused, as by the driver.
    EXPECT(cudaStreamSynchronize(side) == cudaErrorInvalidResourceHandle);
    EXPECT(cudaStreamDestroy(side) == cudaErrorInvalidResourceHandle);
    EXPECT(cudaStreamCreateWithFlags(&side, 0x10u) == cudaErrorInvalidValue);
    cudaGetLastError();
#endif
  }

  // --- Atomics -----------------------------------------------------------
  struct Cells {
    int i;
    unsigned u;
    unsigned long long ull;
    float f;
    double d;
    int imin, imax;
    unsigned umin, umax;
    int lock, locked, exch;
  } c0 = {0, 0, 0, 0.0f, 0.0, 1 << 30, -(1 << 30), 1u << 30, 0u, 0, 0, 0}, c;
  Cells *dC;
  CUDA_CHECK(cudaMalloc(&dC, sizeof(Cells)));
  CUDA_CHECK(cudaMemcpy(dC, &c0, sizeof c0, cudaMemcpyHostToDevice));
  const int nThreads = 16 * 256;
  atomics_kernel<<<16, 256>>>(&dC->i, &dC->u, &dC->ull, &dC->f, &dC->d, &dC->imin, &dC->imax,
                              &dC->umin, &dC->umax, &dC->lock, &dC->locked, &dC->exch);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(&c, dC, sizeof c, cudaMemcpyDeviceToHost));
  EXPECT(c.i == nThreads);
  EXPECT(c.u == 2u * nThreads);
  EXPECT(c.ull == 3ull * nThreads);
  EXPECT(c.f == 0.5f * nThreads);
  EXPECT(c.d == 0.25 * nThreads);
  EXPECT(c.imin == 1000 - (nThreads - 1));
  EXPECT(c.imax == (nThreads - 1) - 1000);
  EXPECT(c.umin == 5000u - (nThreads - 1));
  EXPECT(c.umax == 3u * (nThreads - 1));
  EXPECT(c.locked == nThreads);
  EXPECT(c.exch == 7);
  CUDA_CHECK(cudaFree(dC));

  // --- Math, bit casts, min/max ------------------------------------------
  const int nm = 32;
  std::vector<float> x(nm), outF(nm * 9);
  std::vector<double> y(nm), outD(nm * 8);
  std::vector<int> outI(nm * 4);
  for (int t = 0; t < nm; ++t) {
    x[t] = 0.25f * t;
    y[t] = 0.25 * t;
  }
  float *dX, *dOutF;
  double *dY, *dOutD;
  int *dOutI;
  CUDA_CHECK(cudaMalloc(&dX, nm * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dY, nm * sizeof(double)));
  CUDA_CHECK(cudaMalloc(&dOutF, outF.size() * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dOutD, outD.size() * sizeof(double)));
  CUDA_CHECK(cudaMalloc(&dOutI, outI.size() * sizeof(int)));
  CUDA_CHECK(cudaMemcpy(dX, x.data(), nm * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dY, y.data(), nm * sizeof(double), cudaMemcpyHostToDevice));
  math_kernel<<<1, nm>>>(dX, dOutF, dY, dOutD, dOutI);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(outF.data(), dOutF, outF.size() * sizeof(float), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(outD.data(), dOutD, outD.size() * sizeof(double), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(outI.data(), dOutI, outI.size() * sizeof(int), cudaMemcpyDeviceToHost));
  long bad = 0;
  auto close = [](double got, double want) {
    return std::isinf(want) ? got == want : std::fabs(got - want) <= 1e-5 * (1 + std::fabs(want));
  };
  for (int t = 0; t < nm; ++t) {
    float a = x[t];
    double b = y[t];
    float wantF[9] = {std::sqrt(a), a, std::exp(a / 4), std::log(a + 1), std::pow(a, 1.5f),
                      std::fmin(a, 2.0f), std::fmax(a, 2.0f), 1 / std::sqrt(a + 1),
                      std::nextafter(a, INFINITY)};
    if (a == 0)
      wantF[8] = 1.4e-45f; // the smallest subnormal
    for (int k = 0; k < 9; ++k)
      bad += !close(outF[t * 9 + k], wantF[k]);
    double wantD[8] = {std::sqrt(b), b, std::exp(b / 4), std::log(b + 1), std::pow(b, 1.5),
                       std::fmin(b, 2.0), std::fmax(b, 2.0), a < 1 ? INFINITY : b};
    for (int k = 0; k < 8; ++k)
      bad += !close(outD[t * 8 + k], wantD[k]);
    int wantI[4] = {t < 3 ? t : 3, t - 5 > -2 ? t - 5 : -2, t < 4 ? t : 4, t > 6 ? t : 6};
    for (int k = 0; k < 4; ++k)
      bad += outI[t * 4 + k] != wantI[k];
  }
  EXPECT(bad == 0);
  for (void *p : {(void *)dX, (void *)dY, (void *)dOutF, (void *)dOutD, (void *)dOutI})
    CUDA_CHECK(cudaFree(p));
  return finishTest("api_checks");
}
