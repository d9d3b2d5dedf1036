// driver: matmul 4096
// Hand-edited variants of loopgpu's SGEMM kernel (-tile 16,16 -coarsen 8,8
// -ktile 8: 128x128 block tile, 8x8 register tile in runs of 4, strips of 8
// along k staged in shared memory), to decide which pipelining the code
// generator should emit. Not loopgpu output: figures from this file are
// recorded in bench/RESULTS.md as experiments only. N must be a multiple of
// 128 (no range checks). Build with -DVARIANT=n:
//   1 register prefetch: the next strip's global loads are issued before the
//     current strip's arithmetic, stored to shared memory after it
//   2 cp.async, two shared buffers (4-byte copies, A transposed on the way)
//   3 register prefetch with 16-byte global loads
//   4 as 3, with two shared buffers: one barrier per strip
//   5 cp.async, three shared buffers
#include <cuda_runtime.h>

#ifndef VARIANT
#define VARIANT 1
#endif

#define COMPUTE(SA, SB)                                                                   \
  _Pragma("unroll") for (int k = 0; k < 8; ++k) {                                         \
    float a[8], b[8];                                                                     \
    *(float4 *)&a[0] = *(const float4 *)&SA[k][off0];                                     \
    *(float4 *)&a[4] = *(const float4 *)&SA[k][off0 + 64];                                \
    *(float4 *)&b[0] = *(const float4 *)&SB[k][off1];                                     \
    *(float4 *)&b[4] = *(const float4 *)&SB[k][off1 + 64];                                \
    _Pragma("unroll") for (int c0 = 0; c0 < 8; ++c0)                                      \
      _Pragma("unroll") for (int c1 = 0; c1 < 8; ++c1) acc[c0][c1] += a[c0] * b[c1];      \
  }

__device__ inline void cp_async4(float *dst, const float *src) {
  unsigned d = (unsigned)__cvta_generic_to_shared(dst);
  asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n" ::"r"(d), "l"(src));
}
__device__ inline void cp_commit() { asm volatile("cp.async.commit_group;\n" ::); }
template <int N> __device__ inline void cp_wait() { asm volatile("cp.async.wait_group %0;\n" ::"n"(N)); }

__global__ void __launch_bounds__(256, 2)
    sgemm(int n, int m, int p, const float *__restrict__ A, const float *__restrict__ B, float *__restrict__ C) {
  const int tid = threadIdx.x + 16 * threadIdx.y;
  const int off0 = threadIdx.y * 4, off1 = threadIdx.x * 4;
  const int base0 = blockIdx.y * 128, base1 = blockIdx.x * 128;
  float acc[8][8];
#pragma unroll
  for (int c0 = 0; c0 < 8; ++c0)
#pragma unroll
    for (int c1 = 0; c1 < 8; ++c1)
      acc[c0][c1] = 0.0f;
#if VARIANT == 1
  __shared__ __align__(16) float sA[8][132];
  __shared__ __align__(16) float sB[8][128];
  float pa[4], pb[4];
#define LOAD(kk)                                                                          \
  _Pragma("unroll") for (int r = 0; r < 4; ++r) {                                         \
    const int e = tid + r * 256;                                                          \
    pa[r] = A[(size_t)(base0 + e / 8) * p + (kk) + e % 8];                                \
    pb[r] = B[(size_t)((kk) + e / 128) * m + base1 + e % 128];                            \
  }
  LOAD(0);
  for (int kk = 0; kk < p; kk += 8) {
#pragma unroll
    for (int r = 0; r < 4; ++r) {
      const int e = tid + r * 256;
      sA[e % 8][e / 8] = pa[r];
      sB[e / 128][e % 128] = pb[r];
    }
    __syncthreads();
    if (kk + 8 < p) {
      LOAD(kk + 8);
    }
    COMPUTE(sA, sB);
    __syncthreads();
  }
#elif VARIANT == 2 || VARIANT == 5
#define STAGES (VARIANT == 2 ? 2 : 3)
  __shared__ __align__(16) float sA[STAGES][8][132];
  __shared__ __align__(16) float sB[STAGES][8][128];
#define ISSUE(kk, s)                                                                      \
  _Pragma("unroll") for (int r = 0; r < 4; ++r) {                                         \
    const int e = tid + r * 256;                                                          \
    cp_async4(&sA[s][e % 8][e / 8], &A[(size_t)(base0 + e / 8) * p + (kk) + e % 8]);      \
    cp_async4(&sB[s][e / 128][e % 128], &B[(size_t)((kk) + e / 128) * m + base1 + e % 128]); \
  }
#pragma unroll
  for (int s = 0; s < STAGES - 1; ++s) {
    if (s * 8 < p) {
      ISSUE(s * 8, s);
    }
    cp_commit();
  }
  int s = 0;
  for (int kk = 0; kk < p; kk += 8) {
    const int ahead = kk + (STAGES - 1) * 8;
    if (ahead < p) {
      ISSUE(ahead, (s + STAGES - 1) % STAGES);
    }
    cp_commit();
    cp_wait<STAGES - 1>();
    __syncthreads();
    COMPUTE(sA[s], sB[s]);
    __syncthreads();
    s = (s + 1) % STAGES;
  }
#elif VARIANT == 3 || VARIANT == 4
#define BUFS (VARIANT == 3 ? 1 : 2)
  __shared__ __align__(16) float sA[BUFS][8][132];
  __shared__ __align__(16) float sB[BUFS][8][128];
  float4 pa, pb;
  // A: 128 rows x 8 k as 256 float4 (row tid / 2, k (tid % 2) * 4);
  // B: 8 rows x 128 columns as 256 float4 (row tid / 32, column (tid % 32) * 4).
#define LOAD(kk)                                                                          \
  pa = *(const float4 *)&A[(size_t)(base0 + tid / 2) * p + (kk) + (tid % 2) * 4];         \
  pb = *(const float4 *)&B[(size_t)((kk) + tid / 32) * m + base1 + (tid % 32) * 4];
#define STORE(s)                                                                          \
  sA[s][(tid % 2) * 4 + 0][tid / 2] = pa.x;                                               \
  sA[s][(tid % 2) * 4 + 1][tid / 2] = pa.y;                                               \
  sA[s][(tid % 2) * 4 + 2][tid / 2] = pa.z;                                               \
  sA[s][(tid % 2) * 4 + 3][tid / 2] = pa.w;                                               \
  *(float4 *)&sB[s][tid / 32][(tid % 32) * 4] = pb;
  LOAD(0);
#if VARIANT == 3
  for (int kk = 0; kk < p; kk += 8) {
    STORE(0);
    __syncthreads();
    if (kk + 8 < p) {
      LOAD(kk + 8);
    }
    COMPUTE(sA[0], sB[0]);
    __syncthreads();
  }
#else
  STORE(0);
  __syncthreads();
  int s = 0;
  for (int kk = 0; kk < p; kk += 8) {
    const bool next = kk + 8 < p;
    if (next) {
      LOAD(kk + 8);
    }
    COMPUTE(sA[s], sB[s]);
    if (next) {
      STORE(s ^ 1);
    }
    __syncthreads();
    s ^= 1;
  }
#endif
#endif
#pragma unroll
  for (int c0 = 0; c0 < 8; ++c0)
#pragma unroll
    for (int c1 = 0; c1 < 8; ++c1)
      C[(size_t)(base0 + off0 + (c0 / 4) * 64 + c0 % 4) * m + base1 + off1 + (c1 / 4) * 64 + c1 % 4] = acc[c0][c1];
}

extern "C" void matmul_device(int n, int m, int p, const float *A, const float *B, float *C) {
  sgemm<<<dim3(m / 128, n / 128), dim3(16, 16)>>>(n, m, p, A, B, C);
}
