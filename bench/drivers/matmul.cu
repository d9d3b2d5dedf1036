// SGEMM C = A * B (row-major n x p times p x m): loopgpu's matmul_device
// against cuBLAS in fp32 without tensor cores (CUBLAS_PEDANTIC_MATH).
// Usage: matmul N LABEL
#include "common.h"
#include <cublas_v2.h>
#include <cmath>

extern "C" void matmul_device(int n, int m, int p, const float *A, const float *B, float *C);

int main(int argc, char **argv) {
  int N = argc > 1 ? atoi(argv[1]) : 4096;
  const char *label = argc > 2 ? argv[2] : "loopgpu";
  float *A = device_random<float>((size_t)N * N, true), *B = device_random<float>((size_t)N * N, true);
  float *C, *R;
  CHECK(cudaMalloc(&C, (size_t)N * N * 4));
  CHECK(cudaMalloc(&R, (size_t)N * N * 4));
  cublasHandle_t h;
  cublasCreate(&h);
  cublasSetMathMode(h, CUBLAS_PEDANTIC_MATH);
  const float one = 1, zero = 0;
  // Row-major C = A B is column-major C^T = B^T A^T.
  auto cublas = [&] { cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, N, N, N, &one, B, N, A, N, &zero, R, N); };
  double tc = median_ms(cublas);
  double tl = median_ms([&] { matmul_device(N, N, N, A, B, C); });
  std::vector<float> hc((size_t)N * N), hr((size_t)N * N);
  CHECK(cudaMemcpy(hc.data(), C, hc.size() * 4, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(hr.data(), R, hr.size() * 4, cudaMemcpyDeviceToHost));
  double worst = 0;
  for (size_t i = 0; i < hc.size(); ++i)
    worst = std::max(worst, (double)std::fabs(hc[i] - hr[i]) / std::max(1.0, (double)std::fabs(hr[i])));
  double flop = 2.0 * N * N * N;
  std::printf("%s matmul %d: %.3f ms %.2f TFLOP/s | cuBLAS %.3f ms %.2f TFLOP/s | %.1f%% of cuBLAS | max rel diff %.2e %s\n",
              label, N, tl, flop / tl / 1e9, tc, flop / tc / 1e9, 100 * tc / tl, worst,
              worst < 1e-3 ? "PASS" : "FAIL");
  return worst < 1e-3 ? 0 : 1;
}
