// Experiment: FP64 tensor-core (DMMA) gemm kernels with the staging our generator prints
// (register prefetch -> shared, A transposed), shapes and tiles varied. C = alpha*A*B + beta*C,
// row-major, ni x nj, nk inner. Compared with cuBLAS DGEMM in the same run.
#include "../drivers/common.h"
#include <cublas_v2.h>
#include <cmath>
#include <cstring>

template <int SH> struct Shape;
template <> struct Shape<0> { enum { M = 8, K = 4 }; };
template <> struct Shape<1> { enum { M = 16, K = 4 }; };
template <> struct Shape<2> { enum { M = 16, K = 8 }; };
template <> struct Shape<3> { enum { M = 16, K = 16 }; };

template <int SH> __device__ inline void mma(double *d, const double *a, const double *b);
template <> __device__ inline void mma<0>(double *d, const double *a, const double *b) {
  asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0,%1}, {%2}, {%3}, {%0,%1};"
               : "+d"(d[0]), "+d"(d[1]) : "d"(a[0]), "d"(b[0]));
}
template <> __device__ inline void mma<1>(double *d, const double *a, const double *b) {
  asm volatile("mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%0,%1,%2,%3};"
               : "+d"(d[0]), "+d"(d[1]), "+d"(d[2]), "+d"(d[3]) : "d"(a[0]), "d"(a[1]), "d"(b[0]));
}
template <> __device__ inline void mma<2>(double *d, const double *a, const double *b) {
  asm volatile("mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
               : "+d"(d[0]), "+d"(d[1]), "+d"(d[2]), "+d"(d[3]) : "d"(a[0]), "d"(a[1]), "d"(a[2]), "d"(a[3]), "d"(b[0]), "d"(b[1]));
}
template <> __device__ inline void mma<3>(double *d, const double *a, const double *b) {
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64 {%0,%1,%2,%3}, {%4,%5,%6,%7,%8,%9,%10,%11}, {%12,%13,%14,%15}, {%0,%1,%2,%3};"
               : "+d"(d[0]), "+d"(d[1]), "+d"(d[2]), "+d"(d[3]) : "d"(a[0]), "d"(a[1]), "d"(a[2]), "d"(a[3]), "d"(a[4]), "d"(a[5]), "d"(a[6]), "d"(a[7]), "d"(b[0]), "d"(b[1]), "d"(b[2]), "d"(b[3]));
}


__device__ inline void cp16(void *dst, const void *src, int bytes) {
  unsigned d = (unsigned)__cvta_generic_to_shared(dst);
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" ::"r"(d), "l"(src), "r"(bytes));
}
__device__ inline void cp_commit() { asm volatile("cp.async.commit_group;"); }
template <int N> __device__ inline void cp_wait() { asm volatile("cp.async.wait_group %0;" ::"n"(N)); }

// cp.async pipeline of ST stages, A row-major in shared (no transposition).
template <int BM, int BN, int BK, int WM, int WN, int ST, int MINB, int SH = 1, int PA = 4, int PB = 4>
__global__ void __launch_bounds__(256, MINB) dgemm(int ni, int nj, int nk, double beta, double alpha, double *__restrict__ C,
                                             const double *__restrict__ A, const double *__restrict__ B) {
  constexpr int SM = 16;
  constexpr int WTM = BM / WM, WTN = BN / WN, MT = WTM / SM, NT = WTN / 8;
  constexpr int NA = BM * BK / 2 / 256, NB = BK * BN / 2 / 256;
  extern __shared__ __align__(16) double smem[];
  double (*sA)[BM][BK + PA] = reinterpret_cast<double (*)[BM][BK + PA]>(smem);
  double (*sB)[BK][BN + PB] = reinterpret_cast<double (*)[BK][BN + PB]>(smem + ST * BM * (BK + PA));
  const int tid = threadIdx.x, lane = tid % 32, warp = tid / 32, g = lane / 4, t = lane % 4;
  const int wm = warp % WM, wn = warp / WM;
  const int bi = blockIdx.y * BM, bj = blockIdx.x * BN;
  double acc[MT][NT][4];
#pragma unroll
  for (int m = 0; m < MT; ++m)
#pragma unroll
    for (int n = 0; n < NT; ++n)
#pragma unroll
      for (int r = 0; r < 4; ++r) {
        int i = bi + wm * WTM + m * SM + g + 8 * (r / 2), j = bj + wn * WTN + n * 8 + t * 2 + r % 2;
        acc[m][n][r] = i < ni && j < nj ? C[(long)i * nj + j] * beta : 0;
      }
  const int strips = (nk + BK - 1) / BK;
  auto load = [&](int s, int stage) {
    int k0 = s * BK;
#pragma unroll
    for (int r = 0; r < NA; ++r) {
      int e = (tid + r * 256) * 2, i = bi + e / BK, k = k0 + e % BK;
      int bytes = i < ni ? (k + 1 < nk ? 16 : k < nk ? 8 : 0) : 0;
      cp16(&sA[stage][e / BK][e % BK], bytes ? &A[(long)i * nk + k] : A, bytes);
    }
#pragma unroll
    for (int r = 0; r < NB; ++r) {
      int e = (tid + r * 256) * 2, k = k0 + e / BN, j = bj + e % BN;
      int bytes = k < nk ? (j + 1 < nj ? 16 : j < nj ? 8 : 0) : 0;
      cp16(&sB[stage][e / BN][e % BN], bytes ? &B[(long)k * nj + j] : B, bytes);
    }
  };
#pragma unroll
  for (int s = 0; s < ST - 1; ++s) {
    if (s < strips) load(s, s);
    cp_commit();
  }
  for (int s = 0; s < strips; ++s) {
    cp_wait<ST - 2>();
    __syncthreads();
    if (s + ST - 1 < strips) load(s + ST - 1, (s + ST - 1) % ST);
    cp_commit();
    const int stage = s % ST;
if (SH == 1) {
#pragma unroll
    for (int ks = 0; ks < BK; ks += 4) {
      double a[MT][2], b[NT][1];
#pragma unroll
      for (int m = 0; m < MT; ++m)
#pragma unroll
        for (int r = 0; r < 2; ++r)
          a[m][r] = alpha * sA[stage][wm * WTM + m * SM + g + 8 * r][ks + t];
#pragma unroll
      for (int n = 0; n < NT; ++n)
        b[n][0] = sB[stage][ks + t][wn * WTN + n * 8 + g];
#pragma unroll
      for (int m = 0; m < MT; ++m)
#pragma unroll
        for (int n = 0; n < NT; ++n)
          mma<1>(acc[m][n], a[m], b[n]);
    }
    } else {
#pragma unroll
    for (int ks = 0; ks < BK; ks += 8) {
      // k permuted: this lane's k pair is 2t, 2t + 1 (a0/a2 and a1/a3 as 16-byte loads)
      double a[MT][4], b[NT][2];
#pragma unroll
      for (int m = 0; m < MT; ++m)
#pragma unroll
        for (int r = 0; r < 2; ++r) {
          double2 v = *reinterpret_cast<const double2 *>(&sA[stage][wm * WTM + m * SM + g + 8 * r][ks + 2 * t]);
          a[m][r] = alpha * v.x;
          a[m][r + 2] = alpha * v.y;
        }
#pragma unroll
      for (int n = 0; n < NT; ++n) {
        b[n][0] = sB[stage][ks + 2 * t][wn * WTN + n * 8 + g];
        b[n][1] = sB[stage][ks + 2 * t + 1][wn * WTN + n * 8 + g];
      }
#pragma unroll
      for (int m = 0; m < MT; ++m)
#pragma unroll
        for (int n = 0; n < NT; ++n)
          mma<2>(acc[m][n], a[m], b[n]);
    }
    }
  }
#pragma unroll
  for (int m = 0; m < MT; ++m)
#pragma unroll
    for (int n = 0; n < NT; ++n)
#pragma unroll
      for (int r = 0; r < 4; ++r) {
        int i = bi + wm * WTM + m * SM + g + 8 * (r / 2), j = bj + wn * WTN + n * 8 + t * 2 + r % 2;
        if (i < ni && j < nj) C[(long)i * nj + j] = acc[m][n][r];
      }
}
int main(int argc, char **argv) {
  int ni = 2000, nj = 2300, nk = 2600;
  if (argc > 1 && !strcmp(argv[1], "4096")) ni = nj = nk = 4096;
  const double alpha = 1.5, beta = 1.2;
  double *A = device_random<double>((size_t)ni * nk, true), *B = device_random<double>((size_t)nk * nj, true);
  double *C0 = device_random<double>((size_t)ni * nj, true), *C, *R;
  size_t bytes = (size_t)ni * nj * 8;
  CHECK(cudaMalloc(&C, bytes));
  CHECK(cudaMalloc(&R, bytes));
  cublasHandle_t h;
  cublasCreate(&h);
  auto cublas = [&] { cublasDgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, nj, ni, nk, &alpha, B, nj, A, nk, &beta, R, nj); };
  CHECK(cudaMemcpy(R, C0, bytes, cudaMemcpyDeviceToDevice));
  cublas();
  CHECK(cudaDeviceSynchronize());
  std::vector<double> hr((size_t)ni * nj), hc((size_t)ni * nj);
  CHECK(cudaMemcpy(hr.data(), R, bytes, cudaMemcpyDeviceToHost));
  double tc = median_ms(cublas);
  double flop = 2.0 * ni * nj * nk;
  std::printf("%dx%dx%d cuBLAS DGEMM %.3f ms %.2f TFLOP/s\n", ni, nj, nk, tc, flop / tc / 1e9);
  auto run = [&](const char *name, auto kern, int BM, int BN, int smem) {
    CHECK(cudaFuncSetAttribute(kern, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
    dim3 grid((nj + BN - 1) / BN, (ni + BM - 1) / BM);
    auto ours = [&] { kern<<<grid, 256, smem>>>(ni, nj, nk, beta, alpha, C, A, B); };
    CHECK(cudaMemcpy(C, C0, bytes, cudaMemcpyDeviceToDevice));
    ours();
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(hc.data(), C, bytes, cudaMemcpyDeviceToHost));
    double worst = 0;
    for (size_t i = 0; i < hc.size(); ++i)
      worst = std::max(worst, std::fabs(hc[i] - hr[i]) / std::max(1.0, std::fabs(hr[i])));
    double tl = median_ms(ours);
    std::printf("%-34s %.3f ms %6.2f TFLOP/s %5.1f%% of cuBLAS  maxrel %.1e %s\n", name, tl, flop / tl / 1e9,
                100 * tc / tl, worst, worst < 1e-10 ? "PASS" : "FAIL");
  };
#define V(BM, BN, BK, WM, WN, ST, MINB, SH, PA, PB) run(#BM "x" #BN " k" #BK " w" #WM "x" #WN " st" #ST " minb" #MINB " sh" #SH " p" #PA "," #PB, dgemm<BM, BN, BK, WM, WN, ST, MINB, SH, PA, PB>, BM, BN, ST * (BM * (BK + PA) + BK * (BN + PB)) * 8)
  V(64, 64, 16, 2, 4, 3, 3, 1, 4, 4);
  V(64, 64, 16, 2, 4, 3, 3, 2, 8, 2);
  V(64, 64, 16, 2, 4, 4, 3, 1, 4, 4);
  V(64, 64, 16, 2, 4, 4, 3, 2, 8, 2);
  V(64, 64, 32, 2, 4, 3, 2, 2, 8, 2);
  V(64, 64, 16, 2, 4, 3, 4, 2, 8, 2);
  V(64, 128, 16, 2, 4, 3, 2, 2, 8, 2);
  V(128, 64, 16, 4, 2, 3, 2, 2, 8, 2);
  V(128, 64, 8, 4, 2, 4, 2, 2, 8, 2);
  V(128, 128, 16, 2, 4, 3, 1, 2, 8, 2);
  V(128, 128, 16, 4, 2, 3, 1, 2, 8, 2);
  V(64, 64, 16, 4, 2, 3, 3, 2, 8, 2);
  return 0;
}
