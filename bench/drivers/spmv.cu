// Sparse matrix times vector, CSR, single precision: loopgpu's spmv_device
// (bench/kernels/spmv.c: one row per thread, the row run as written) against
// cuSPARSE's SpMV (CSR, default algorithm) and the copy bandwidth, all in
// this run, on a random matrix of 2^LOG2N rows with 4 to 28 nonzeros each
// (16 on average) in uniformly random columns, and on a banded one (16
// nonzeros per row around the diagonal: x read from cache).
// Usage: spmv LOG2N LABEL
#include "common.h"
#include <cmath>
#include <cusparse.h>

extern "C" void spmv_device(int n, int nnz, const int *rowptr, const int *col, const float *val, const float *x,
                            float *y);

#define CHECK_SP(call)                                                               \
  do {                                                                               \
    cusparseStatus_t s = (call);                                                     \
    if (s != CUSPARSE_STATUS_SUCCESS) {                                              \
      std::printf("FAIL %s: cuSPARSE status %d\n", #call, (int)s);                   \
      std::exit(1);                                                                  \
    }                                                                                \
  } while (0)

static bool run(int n, bool banded, const char *label, double copy) {
  std::vector<int> rowptr(n + 1), col;
  std::vector<float> val;
  for (int i = 0; i < n; ++i) {
    rowptr[i] = (int)col.size();
    int d = banded ? 16 : 4 + (int)(uniform01() * 25);
    for (int k = 0; k < d; ++k) {
      int c = banded ? std::min(n - 1, std::max(0, i - 8 + k)) : (int)(uniform01() * n);
      col.push_back(c);
      val.push_back((float)(uniform01() * 2 - 1));
    }
  }
  rowptr[n] = (int)col.size();
  int nnz = rowptr[n];
  std::vector<float> x(n);
  for (float &v : x)
    v = (float)(uniform01() * 2 - 1);
  int *drow, *dcol;
  float *dval, *dx, *dy, *dyc;
  CHECK(cudaMalloc(&drow, (n + 1) * sizeof(int)));
  CHECK(cudaMalloc(&dcol, nnz * sizeof(int)));
  CHECK(cudaMalloc(&dval, nnz * sizeof(float)));
  CHECK(cudaMalloc(&dx, n * sizeof(float)));
  CHECK(cudaMalloc(&dy, n * sizeof(float)));
  CHECK(cudaMalloc(&dyc, n * sizeof(float)));
  CHECK(cudaMemcpy(drow, rowptr.data(), (n + 1) * sizeof(int), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dcol, col.data(), nnz * sizeof(int), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dval, val.data(), nnz * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dx, x.data(), n * sizeof(float), cudaMemcpyHostToDevice));

  cusparseHandle_t h;
  CHECK_SP(cusparseCreate(&h));
  cusparseSpMatDescr_t A;
  cusparseDnVecDescr_t X, Y;
  CHECK_SP(cusparseCreateCsr(&A, n, n, nnz, drow, dcol, dval, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                             CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
  CHECK_SP(cusparseCreateDnVec(&X, n, dx, CUDA_R_32F));
  CHECK_SP(cusparseCreateDnVec(&Y, n, dyc, CUDA_R_32F));
  float one = 1, zero = 0;
  size_t bytes = 0;
  CHECK_SP(cusparseSpMV_bufferSize(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, A, X, &zero, Y, CUDA_R_32F,
                                   CUSPARSE_SPMV_ALG_DEFAULT, &bytes));
  void *buf = nullptr;
  CHECK(cudaMalloc(&buf, std::max<size_t>(bytes, 1)));
  double tc = median_ms([&] {
    CHECK_SP(cusparseSpMV(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, A, X, &zero, Y, CUDA_R_32F,
                          CUSPARSE_SPMV_ALG_DEFAULT, buf));
  });
  double tl = median_ms([&] { spmv_device(n, nnz, drow, dcol, dval, dx, dy); });

  std::vector<float> got(n), ref(n);
  CHECK(cudaMemcpy(got.data(), dy, n * sizeof(float), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(ref.data(), dyc, n * sizeof(float), cudaMemcpyDeviceToHost));
  long bad = 0, badc = 0;
  for (int i = 0; i < n; ++i) {
    double s = 0, mag = 0;
    for (int k = rowptr[i]; k < rowptr[i + 1]; ++k) {
      s += (double)val[k] * x[col[k]];
      mag += std::fabs((double)val[k] * x[col[k]]);
    }
    double tol = 1e-5 * (mag + 1);
    bad += std::fabs(got[i] - s) > tol;
    badc += std::fabs(ref[i] - s) > tol;
  }
  // Bytes the product must move: the matrix (values, columns, row offsets), y, x once.
  double moved = 8.0 * nnz + 4.0 * (n + 1) + 8.0 * n;
  std::printf("%s spmv %s 2^%d rows, %d nonzeros: %.3f ms %.0f GB/s | cuSPARSE %.3f ms %.0f GB/s | copy %.0f GB/s | "
              "loopgpu %.1f%% of cuSPARSE, %.1f%% of copy | %s\n",
              label, banded ? "banded" : "random", (int)std::log2(n), nnz, tl, moved / tl / 1e6, tc, moved / tc / 1e6, copy,
              100 * tc / tl, 100 * moved / tl / 1e6 / copy, bad == 0 && badc == 0 ? "PASS" : "FAIL");
  if (bad || badc)
    std::printf("  %ld rows of loopgpu's y and %ld of cuSPARSE's differ from a double-precision product\n", bad, badc);
  CHECK_SP(cusparseDestroySpMat(A));
  CHECK_SP(cusparseDestroyDnVec(X));
  CHECK_SP(cusparseDestroyDnVec(Y));
  CHECK_SP(cusparseDestroy(h));
  for (void *p : {(void *)drow, (void *)dcol, (void *)dval, (void *)dx, (void *)dy, (void *)dyc, buf})
    CHECK(cudaFree(p));
  return bad == 0 && badc == 0;
}

int main(int argc, char **argv) {
  int lg = argc > 1 ? atoi(argv[1]) : 22;
  const char *label = argc > 2 ? argv[2] : "loopgpu";
  int n = 1 << lg;
  double copy = copy_gbs((size_t)64 << 20);
  bool ok = run(n, false, label, copy);
  ok = run(n, true, label, copy) && ok;
  return ok ? 0 : 1;
}
