// Throughput of the FP64 mma.sync shapes on one GPU: many warps, independent
// accumulator chains, FMAs per second.
#include <cstdio>
#include <cuda_runtime.h>
#define CH 8
template <int S> __device__ inline void mma(double *d, const double *a, const double *b);
template <> __device__ inline void mma<0>(double *d, const double *a, const double *b) {
  asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0,%1},{%2},{%3},{%0,%1};" : "+d"(d[0]), "+d"(d[1]) : "d"(a[0]), "d"(b[0]));
}
template <> __device__ inline void mma<1>(double *d, const double *a, const double *b) {
  asm volatile("mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64 {%0,%1,%2,%3},{%4,%5},{%6},{%0,%1,%2,%3};" : "+d"(d[0]), "+d"(d[1]), "+d"(d[2]), "+d"(d[3]) : "d"(a[0]), "d"(a[1]), "d"(b[0]));
}
template <> __device__ inline void mma<2>(double *d, const double *a, const double *b) {
  asm volatile("mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64 {%0,%1,%2,%3},{%4,%5,%6,%7},{%8,%9},{%0,%1,%2,%3};" : "+d"(d[0]), "+d"(d[1]), "+d"(d[2]), "+d"(d[3]) : "d"(a[0]), "d"(a[1]), "d"(a[2]), "d"(a[3]), "d"(b[0]), "d"(b[1]));
}
template <> __device__ inline void mma<3>(double *d, const double *a, const double *b) {
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64 {%0,%1,%2,%3},{%4,%5,%6,%7,%8,%9,%10,%11},{%12,%13,%14,%15},{%0,%1,%2,%3};" : "+d"(d[0]), "+d"(d[1]), "+d"(d[2]), "+d"(d[3]) : "d"(a[0]), "d"(a[1]), "d"(a[2]), "d"(a[3]), "d"(a[4]), "d"(a[5]), "d"(a[6]), "d"(a[7]), "d"(b[0]), "d"(b[1]), "d"(b[2]), "d"(b[3]));
}
template <int S, int MULS> __global__ void km(double *out, int iters, double seed) {
  double a[8], b[4], d[CH][4];
  for (int i = 0; i < 8; ++i) a[i] = seed * (threadIdx.x + i);
  for (int i = 0; i < 4; ++i) b[i] = seed * (threadIdx.x - i);
  for (int c = 0; c < CH; ++c) for (int i = 0; i < 4; ++i) d[c][i] = 0;
  double s = seed;
  for (int it = 0; it < iters; ++it)
#pragma unroll
    for (int c = 0; c < CH; ++c) {
      double x[4];
#pragma unroll
      for (int i = 0; i < 4; ++i) x[i] = i < MULS ? a[i] * s : a[i];
      mma<S>(d[c], x, b);
      s += 1e-30;
    }
  double t = 0;
  for (int c = 0; c < CH; ++c) for (int i = 0; i < 4; ++i) t += d[c][i];
  out[blockIdx.x * blockDim.x + threadIdx.x] = t;
}
template <int S> __global__ void k(double *out, int iters, double seed) {
  double a[8], b[4], d[CH][4];
  for (int i = 0; i < 8; ++i) a[i] = seed * (threadIdx.x + i);
  for (int i = 0; i < 4; ++i) b[i] = seed * (threadIdx.x - i);
  for (int c = 0; c < CH; ++c) for (int i = 0; i < 4; ++i) d[c][i] = 0;
  for (int it = 0; it < iters; ++it)
#pragma unroll
    for (int c = 0; c < CH; ++c) mma<S>(d[c], a, b);
  double s = 0;
  for (int c = 0; c < CH; ++c) for (int i = 0; i < 4; ++i) s += d[c][i];
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}
int main() {
  int sms; cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  const long fmas[4] = {256, 512, 1024, 2048};
  const char *names[4] = {"m8n8k4", "m16n8k4", "m16n8k8", "m16n8k16"};
  double *out; cudaMalloc(&out, sizeof(double) << 24);
  cudaEvent_t e0, e1; cudaEventCreate(&e0); cudaEventCreate(&e1);
  for (int warps : {4, 8, 16}) for (int s = 0; s < 4; ++s) {
    int iters = 4096 * 8 / (int)(fmas[s] / 256) ; // same FMAs per shape
    int blocks = sms * 4, threads = 32 * warps / 4 * 1;
    threads = 32 * warps / 4; // warps per SM over 4 blocks
    if (threads < 32) threads = 32;
    auto launch = [&] { switch (s) { case 0: k<0><<<blocks, threads>>>(out, iters, 1e-9); break; case 1: k<1><<<blocks, threads>>>(out, iters, 1e-9); break; case 2: k<2><<<blocks, threads>>>(out, iters, 1e-9); break; case 3: k<3><<<blocks, threads>>>(out, iters, 1e-9); break; } };
    launch(); cudaDeviceSynchronize();
    float best = 1e9;
    for (int r = 0; r < 5; ++r) { cudaEventRecord(e0); launch(); cudaEventRecord(e1); cudaEventSynchronize(e1); float ms; cudaEventElapsedTime(&ms, e0, e1); if (ms < best) best = ms; }
    double flops = 2.0 * fmas[s] * CH * (double)iters * blocks * (threads / 32);
    printf("%-9s warps/SM %2d: %.3f ms  %.1f TFLOP/s  (%s)\n", names[s], warps, best, flops / best / 1e9, cudaGetErrorString(cudaGetLastError()));
  }
  // m16n8k8 with 0, 2, 4 DMULs per mma per lane (the generated DGEMM multiplies alpha into
  // each row operand: 2 DMULs per m16n8k8 and lane in its 32 x 32 warp tile)
  for (int muls : {0, 2, 4}) {
    int iters = 4096 * 2, blocks = sms * 4, threads = 96;
    auto launch = [&] { if (muls == 0) km<2, 0><<<blocks, threads>>>(out, iters, 1e-9); else if (muls == 2) km<2, 2><<<blocks, threads>>>(out, iters, 1e-9); else km<2, 4><<<blocks, threads>>>(out, iters, 1e-9); };
    launch(); cudaDeviceSynchronize();
    float best = 1e9;
    for (int r = 0; r < 5; ++r) { cudaEventRecord(e0); launch(); cudaEventRecord(e1); cudaEventSynchronize(e1); float ms; cudaEventElapsedTime(&ms, e0, e1); if (ms < best) best = ms; }
    double flops = 2.0 * 1024 * CH * (double)iters * blocks * (threads / 32);
    printf("m16n8k8 + %d DMUL per mma, 12 warps/SM: %.3f ms  %.1f TFLOP/s\n", muls, best, flops / best / 1e9);
  }
  return 0;
}
