// PolyBench's gemm (C = alpha*A*B + beta*C, double, row-major ni x nj with
// nk inner), as PolyBench writes it: loopgpu's kernel_gemm_nest0_device (the
// kernels alone, device pointers) against cuBLAS DGEMM, with its default math
// mode (FP64 tensor cores allowed: DMMA rounds like FMA) and pedantic (no
// tensor cores). Usage: polybench_gemm EXTRALARGE|LARGE|N LABEL (N: N^3)
#include "common.h"
#include <cublas_v2.h>
#include <cmath>
#include <cstdlib>
#include <cstring>

extern "C" void kernel_gemm_nest0_device(int ni, int nj, int nk, double beta, double alpha, double *C,
                                         const double *A, const double *B);

int main(int argc, char **argv) {
  const char *ds = argc > 1 ? argv[1] : "EXTRALARGE";
  const char *label = argc > 2 ? argv[2] : "loopgpu";
  int ni = 2000, nj = 2300, nk = 2600; // PolyBench 4.2.1 EXTRALARGE
  if (!std::strcmp(ds, "LARGE"))
    ni = 1000, nj = 1100, nk = 1200;
  if (std::atoi(ds) > 0) // square sizes (issue 14's DGEMM: 4096)
    ni = nj = nk = std::atoi(ds);
  const double alpha = 1.5, beta = 1.2;
  double *A = device_random<double>((size_t)ni * nk, true), *B = device_random<double>((size_t)nk * nj, true);
  double *C0 = device_random<double>((size_t)ni * nj, true), *C, *R;
  size_t bytes = (size_t)ni * nj * 8;
  CHECK(cudaMalloc(&C, bytes));
  CHECK(cudaMalloc(&R, bytes));
  cublasHandle_t h;
  cublasCreate(&h);
  // Row-major C = alpha A B + beta C is column-major C^T = alpha B^T A^T + beta C^T.
  auto cublas = [&] { cublasDgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, nj, ni, nk, &alpha, B, nj, A, nk, &beta, R, nj); };
  auto ours = [&] { kernel_gemm_nest0_device(ni, nj, nk, beta, alpha, C, A, B); };
  // One call each from the same C for the comparison, then the timings.
  CHECK(cudaMemcpy(C, C0, bytes, cudaMemcpyDeviceToDevice));
  CHECK(cudaMemcpy(R, C0, bytes, cudaMemcpyDeviceToDevice));
  cublas();
  ours();
  CHECK(cudaDeviceSynchronize());
  std::vector<double> hc((size_t)ni * nj), hr((size_t)ni * nj);
  CHECK(cudaMemcpy(hc.data(), C, bytes, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(hr.data(), R, bytes, cudaMemcpyDeviceToHost));
  double worst = 0;
  for (size_t i = 0; i < hc.size(); ++i)
    worst = std::max(worst, std::fabs(hc[i] - hr[i]) / std::max(1.0, std::fabs(hr[i])));
  double tc = median_ms(cublas);
  cublasSetMathMode(h, CUBLAS_PEDANTIC_MATH);
  double tp = median_ms(cublas);
  double tl = median_ms(ours);
  double flop = 2.0 * ni * nj * nk;
  std::printf("%s gemm %s (%dx%dx%d, double): %.3f ms %.2f TFLOP/s | cuBLAS DGEMM default %.3f ms %.2f TFLOP/s, "
              "pedantic %.3f ms %.2f TFLOP/s | %.1f%% of default, %.1f%% of pedantic | max rel diff %.2e %s\n",
              label, ds, ni, nj, nk, tl, flop / tl / 1e9, tc, flop / tc / 1e9, tp, flop / tp / 1e9, 100 * tc / tl,
              100 * tp / tl, worst, worst < 1e-10 ? "PASS" : "FAIL");
  return worst < 1e-10 ? 0 : 1;
}
