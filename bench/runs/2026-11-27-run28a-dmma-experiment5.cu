// Experiment 5 (session 16): FP64 tensor-core gemm with a cp.async pipeline, tile shapes chosen against
// wave quantization. PolyBench's gemm (C = alpha A B + beta C, row-major, ni x nj, nk inner) beside
// cuBLAS DGEMM in the same run, at EXTRALARGE (2000x2300x2600), LARGE and 4096^3.
// Template: block tile BM x BN, strip BK, WM x WM warps (32 WM WN threads), ST stages, MINB blocks per SM
// for __launch_bounds__, SH 1 = m16n8k4, 2 = m16n8k8 with k permuted (16-byte A fragment loads),
// GRP > 0: blocks rasterized in groups of GRP rows of tiles (L2 reuse).
#include "../drivers/common.h"
#include <cublas_v2.h>
#include <cmath>
#include <cstring>

__device__ inline void mma1(double *d, const double *a, const double *b) {
  asm volatile("mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%0,%1,%2,%3};"
               : "+d"(d[0]), "+d"(d[1]), "+d"(d[2]), "+d"(d[3]) : "d"(a[0]), "d"(a[1]), "d"(b[0]));
}
__device__ inline void mma2(double *d, const double *a, const double *b) {
  asm volatile("mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
               : "+d"(d[0]), "+d"(d[1]), "+d"(d[2]), "+d"(d[3]) : "d"(a[0]), "d"(a[1]), "d"(a[2]), "d"(a[3]), "d"(b[0]), "d"(b[1]));
}
__device__ inline void cp16(void *dst, const void *src, int bytes) {
  unsigned d = (unsigned)__cvta_generic_to_shared(dst);
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" ::"r"(d), "l"(src), "r"(bytes));
}
__device__ inline void cp_commit() { asm volatile("cp.async.commit_group;"); }
template <int N> __device__ inline void cp_wait() { asm volatile("cp.async.wait_group %0;" ::"n"(N)); }

template <int BM, int BN, int BK, int WM, int WN, int ST, int MINB, int SH, int PA, int PB, int GRP>
__global__ void __launch_bounds__(32 * WM * WN, MINB) dgemm(int ni, int nj, int nk, double beta, double alpha, double *__restrict__ C,
                                             const double *__restrict__ A, const double *__restrict__ B) {
  constexpr int NT = 32 * WM * WN;
  constexpr int WTM = BM / WM, WTN = BN / WN, MT = WTM / 16, NTL = WTN / 8;
  static_assert(WTM % 16 == 0 && WTN % 8 == 0, "warp tile");
  constexpr int NA = (BM * BK / 2 + NT - 1) / NT, NB = (BK * BN / 2 + NT - 1) / NT;
  extern __shared__ __align__(16) double smem[];
  double (*sA)[BM][BK + PA] = reinterpret_cast<double (*)[BM][BK + PA]>(smem);
  double (*sB)[BK][BN + PB] = reinterpret_cast<double (*)[BK][BN + PB]>(smem + ST * BM * (BK + PA));
  const int tid = threadIdx.x, lane = tid % 32, warp = tid / 32, g = lane / 4, t = lane % 4;
  const int wm = warp % WM, wn = warp / WM;
  int by = blockIdx.y, bx = blockIdx.x;
  if (GRP > 0) {
    const int lin = blockIdx.y * gridDim.x + blockIdx.x, per = GRP * gridDim.x, grp = lin / per;
    const int rows = min(GRP, (int)gridDim.y - grp * GRP);
    by = grp * GRP + (lin % per) % rows;
    bx = (lin % per) / rows;
  }
  const int bi = by * BM, bj = bx * BN;
  double acc[MT][NTL][4];
#pragma unroll
  for (int m = 0; m < MT; ++m)
#pragma unroll
    for (int n = 0; n < NTL; ++n)
#pragma unroll
      for (int r = 0; r < 4; ++r) {
        int i = bi + wm * WTM + m * 16 + g + 8 * (r / 2), j = bj + wn * WTN + n * 8 + t * 2 + r % 2;
        acc[m][n][r] = i < ni && j < nj ? C[(long)i * nj + j] * beta : 0;
      }
  const int strips = (nk + BK - 1) / BK;
  auto load = [&](int s, int stage) {
    int k0 = s * BK;
#pragma unroll
    for (int r = 0; r < NA; ++r) {
      int e = (tid + r * NT) * 2;
      if ((BM * BK / 2) % NT == 0 || e < BM * BK) {
        int i = bi + e / BK, k = k0 + e % BK;
        int bytes = i < ni ? (k + 1 < nk ? 16 : k < nk ? 8 : 0) : 0;
        cp16(&sA[stage][e / BK][e % BK], bytes ? &A[(long)i * nk + k] : A, bytes);
      }
    }
#pragma unroll
    for (int r = 0; r < NB; ++r) {
      int e = (tid + r * NT) * 2;
      if ((BK * BN / 2) % NT == 0 || e < BK * BN) {
        int k = k0 + e / BN, j = bj + e % BN;
        int bytes = k < nk ? (j + 1 < nj ? 16 : j < nj ? 8 : 0) : 0;
        cp16(&sB[stage][e / BN][e % BN], bytes ? &B[(long)k * nj + j] : B, bytes);
      }
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
        double a[MT][2], b[NTL][1];
#pragma unroll
        for (int m = 0; m < MT; ++m)
#pragma unroll
          for (int r = 0; r < 2; ++r) a[m][r] = alpha * sA[stage][wm * WTM + m * 16 + g + 8 * r][ks + t];
#pragma unroll
        for (int n = 0; n < NTL; ++n) b[n][0] = sB[stage][ks + t][wn * WTN + n * 8 + g];
#pragma unroll
        for (int m = 0; m < MT; ++m)
#pragma unroll
          for (int n = 0; n < NTL; ++n) mma1(acc[m][n], a[m], b[n]);
      }
    } else {
#pragma unroll
      for (int ks = 0; ks < BK; ks += 8) {
        double a[MT][4], b[NTL][2];
#pragma unroll
        for (int m = 0; m < MT; ++m)
#pragma unroll
          for (int r = 0; r < 2; ++r) {
            double2 v = *reinterpret_cast<const double2 *>(&sA[stage][wm * WTM + m * 16 + g + 8 * r][ks + 2 * t]);
            a[m][r] = alpha * v.x;
            a[m][r + 2] = alpha * v.y;
          }
#pragma unroll
        for (int n = 0; n < NTL; ++n) {
          b[n][0] = sB[stage][ks + 2 * t][wn * WTN + n * 8 + g];
          b[n][1] = sB[stage][ks + 2 * t + 1][wn * WTN + n * 8 + g];
        }
#pragma unroll
        for (int m = 0; m < MT; ++m)
#pragma unroll
          for (int n = 0; n < NTL; ++n) mma2(acc[m][n], a[m], b[n]);
      }
    }
  }
#pragma unroll
  for (int m = 0; m < MT; ++m)
#pragma unroll
    for (int n = 0; n < NTL; ++n)
#pragma unroll
      for (int r = 0; r < 4; ++r) {
        int i = bi + wm * WTM + m * 16 + g + 8 * (r / 2), j = bj + wn * WTN + n * 8 + t * 2 + r % 2;
        if (i < ni && j < nj) C[(long)i * nj + j] = acc[m][n][r];
      }
}

int main(int argc, char **argv) {
  int ni = 2000, nj = 2300, nk = 2600;
  if (argc > 1 && !strcmp(argv[1], "4096")) ni = nj = nk = 4096;
  if (argc > 1 && !strcmp(argv[1], "LARGE")) ni = 1000, nj = 1100, nk = 1200;
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
  int sms;
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  std::printf("%dx%dx%d cuBLAS DGEMM %.3f ms %.2f TFLOP/s (%d SMs)\n", ni, nj, nk, tc, flop / tc / 1e9, sms);
  auto run = [&](const char *name, auto kern, int BM, int BN, int NT, int smem) {
    CHECK(cudaFuncSetAttribute(kern, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
    int occ = 0;
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&occ, kern, NT, smem));
    dim3 grid((nj + BN - 1) / BN, (ni + BM - 1) / BM);
    auto ours = [&] { kern<<<grid, NT, smem>>>(ni, nj, nk, beta, alpha, C, A, B); };
    CHECK(cudaMemcpy(C, C0, bytes, cudaMemcpyDeviceToDevice));
    ours();
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(hc.data(), C, bytes, cudaMemcpyDeviceToHost));
    double worst = 0;
    for (size_t i = 0; i < hc.size(); ++i)
      worst = std::max(worst, std::fabs(hc[i] - hr[i]) / std::max(1.0, std::fabs(hr[i])));
    double tl = median_ms(ours);
    double waves = (double)grid.x * grid.y / (occ * sms);
    std::printf("%-44s %.3f ms %6.2f TFLOP/s %5.1f%% of cuBLAS  occ %d waves %.2f  maxrel %.1e %s\n", name, tl,
                flop / tl / 1e9, 100 * tc / tl, occ, waves, worst, worst < 1e-10 ? "PASS" : "FAIL");
  };
#define V(BM, BN, BK, WM, WN, ST, MINB, SH, PA, PB, GRP)                                                          \
  run(#BM "x" #BN " k" #BK " w" #WM "x" #WN " st" #ST " minb" #MINB " sh" #SH " p" #PA "," #PB " g" #GRP,           \
      dgemm<BM, BN, BK, WM, WN, ST, MINB, SH, PA, PB, GRP>, BM, BN, 32 * WM * WN,                                      \
      ST * (BM * (BK + PA) + BK * (BN + PB)) * 8)
  V(128, 64, 16, 4, 2, 3, 2, 2, 8, 2, 0);
  V(128, 64, 16, 4, 2, 3, 2, 2, 8, 2, 8);
  V(64, 64, 16, 2, 4, 3, 3, 2, 8, 2, 0);
  V(64, 64, 16, 2, 2, 3, 4, 2, 8, 2, 0);
  V(64, 64, 16, 2, 2, 4, 4, 2, 8, 2, 0);
  V(64, 64, 16, 2, 2, 4, 5, 2, 8, 2, 0);
  V(96, 64, 16, 3, 2, 3, 3, 2, 8, 2, 0);
  V(96, 64, 16, 3, 2, 4, 2, 2, 8, 2, 0);
  V(96, 64, 16, 3, 2, 3, 3, 2, 8, 2, 8);
  V(96, 128, 16, 3, 4, 3, 1, 2, 8, 2, 0);
  V(96, 128, 16, 3, 2, 3, 2, 2, 8, 2, 0);
  V(128, 96, 16, 4, 3, 3, 1, 2, 8, 2, 0);
  V(128, 96, 16, 2, 3, 3, 2, 2, 8, 2, 0);
  V(128, 128, 16, 2, 4, 3, 1, 2, 8, 2, 0);
  V(128, 128, 16, 4, 2, 3, 1, 2, 8, 2, 8);
  V(128, 64, 16, 2, 2, 3, 3, 2, 8, 2, 0);
  V(64, 128, 16, 2, 2, 3, 3, 2, 8, 2, 0);
  V(64, 128, 16, 1, 4, 3, 2, 2, 8, 2, 0);
  V(96, 96, 16, 3, 3, 3, 2, 2, 8, 2, 0);
  V(96, 96, 16, 3, 3, 3, 2, 1, 4, 4, 0);
  V(80, 64, 16, 5, 2, 3, 2, 2, 8, 2, 0);
  V(64, 64, 32, 2, 2, 3, 4, 2, 8, 2, 0);
  V(128, 64, 32, 4, 2, 3, 1, 2, 8, 2, 0);
  return 0;
}
