// Inclusive scans of 2^k floats: loopgpu's prefixf_nest0_device (the loop
// A[i] = A[i - 1] + B[i] with A[0] = B[0]) against CUB DeviceScan::InclusiveSum
// of B, and loopgpu's rowscanf_nest0_device (the same along each of 2^(k/2)
// rows) against CUB's InclusiveScanByKey with the row as key (the same
// method) and the plain InclusiveSum (the bound), with the device-to-device
// copy bandwidth, all in this run; and colscanf_nest0_device (along the
// columns of 2^k floats, 32 to 16384 columns; checked against the host's
// double-precision column sums) beside the row scans' CUB reference. loopgpu's times include its temporary
// storage (cudaMallocAsync/cudaFreeAsync per call); CUB's is allocated once.
// Both scans reassociate differently: results are compared, element by
// element, within 1e-5 of the running sum of magnitudes (computed in double
// on the host). Usage: scan LOG2N LABEL
#include "common.h"
#include <cmath>
#include <cub/cub.cuh>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

extern "C" void prefixf_nest0_device(int n, float *A, const float *B);
extern "C" void rowscanf_nest0_device(int n, int m, float *A, const float *B);
extern "C" void colscanf_nest0_device(int n, int m, float *A, const float *B);

struct RowOf {
  long long m;
  __host__ __device__ long long operator()(long long k) const { return k / m; }
};

// Element by element against the reference, within 1e-5 of the running sum
// of magnitudes along each segment of length seg.
static bool close(const float *dgot, const float *dwant, const float *dx, long long n, long long seg, double *worst) {
  std::vector<float> got(n), want(n), x(n);
  CHECK(cudaMemcpy(got.data(), dgot, n * 4, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(want.data(), dwant, n * 4, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(x.data(), dx, n * 4, cudaMemcpyDeviceToHost));
  double mag = 0;
  *worst = 0;
  bool ok = true;
  for (long long k = 0; k < n; ++k) {
    mag = k % seg == 0 ? std::fabs(x[k]) : mag + std::fabs(x[k]);
    double err = std::fabs((double)got[k] - (double)want[k]);
    *worst = std::max(*worst, err / (mag + 1e-30));
    ok &= err <= 1e-5 * mag + 1e-6;
  }
  return ok;
}

int main(int argc, char **argv) {
  int lg = argc > 1 ? atoi(argv[1]) : 26;
  const char *label = argc > 2 ? argv[2] : "loopgpu";
  long long n = 1ll << lg, m = 1ll << (lg / 2), rows = n / m;
  float *B = device_random<float>(n, true), *A, *C;
  CHECK(cudaMalloc(&A, n * 4));
  CHECK(cudaMalloc(&C, n * 4));
  // A's first element (first column) is what the loop starts from: B's.
  CHECK(cudaMemcpy(A, B, n * 4, cudaMemcpyDeviceToDevice));
  double bytes = 8.0 * n, copy = copy_gbs((size_t)(4 * n));

  // 1-D
  size_t tmpBytes = 0;
  void *tmp = nullptr;
  cub::DeviceScan::InclusiveSum(tmp, tmpBytes, B, C, n);
  CHECK(cudaMalloc(&tmp, tmpBytes));
  double tcub = median_ms([&] { cub::DeviceScan::InclusiveSum(tmp, tmpBytes, B, C, n); });
  double tl = median_ms([&] { prefixf_nest0_device((int)n, A, B); });
  double worst1;
  bool ok1 = close(A, C, B, n, n, &worst1);
  std::printf("%s scan 2^%d floats: %.3f ms %.0f GB/s | CUB InclusiveSum %.3f ms %.0f GB/s | copy %.0f GB/s | "
              "loopgpu %.1f%% of CUB, %.1f%% of copy; CUB %.1f%% of copy | worst error %.2g of the running |x| sum %s\n",
              label, lg, tl, bytes / tl / 1e6, tcub, bytes / tcub / 1e6, copy, 100 * tcub / tl,
              100 * bytes / tl / 1e6 / copy, 100 * bytes / tcub / 1e6 / copy, worst1, ok1 ? "PASS" : "FAIL");

  // rows
  CHECK(cudaMemcpy(A, B, n * 4, cudaMemcpyDeviceToDevice));
  auto keys = thrust::make_transform_iterator(thrust::counting_iterator<long long>(0), RowOf{m});
  size_t kBytes = 0;
  void *ktmp = nullptr;
  cub::DeviceScan::InclusiveScanByKey(ktmp, kBytes, keys, B, C, ::cuda::std::plus<>{}, n);
  CHECK(cudaMalloc(&ktmp, kBytes));
  double tkey = median_ms([&] { cub::DeviceScan::InclusiveScanByKey(ktmp, kBytes, keys, B, C, ::cuda::std::plus<>{}, n); });
  double trows = median_ms([&] { rowscanf_nest0_device((int)rows, (int)m, A, B); });
  double worst2;
  bool ok2 = close(A, C, B, n, m, &worst2);
  std::printf("%s row scans %lld x %lld floats: %.3f ms %.0f GB/s | CUB InclusiveScanByKey %.3f ms %.0f GB/s | "
              "loopgpu %.1f%% of CUB by key, %.1f%% of CUB InclusiveSum, %.1f%% of copy | worst error %.2g %s\n",
              label, rows, m, trows, bytes / trows / 1e6, tkey, bytes / tkey / 1e6, 100 * tkey / trows,
              100 * tcub / trows, 100 * bytes / trows / 1e6 / copy, worst2, ok2 ? "PASS" : "FAIL");
  // columns: the host function picks CUB's scan by key (few columns) or a
  // column per thread (many)
  bool ok3 = true;
  for (long long cols : {32ll, 256ll, 1024ll, 4096ll, 16384ll}) {
    long long r = n / cols;
    CHECK(cudaMemcpy(A, B, n * 4, cudaMemcpyDeviceToDevice));
    double tc = median_ms([&] { colscanf_nest0_device((int)r, (int)cols, A, B); });
    std::vector<float> got(n), x(n);
    CHECK(cudaMemcpy(got.data(), A, n * 4, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(x.data(), B, n * 4, cudaMemcpyDeviceToHost));
    std::vector<double> sum(cols), mag(cols);
    double worst = 0;
    bool ok = true;
    for (long long i = 0; i < r; ++i)
      for (long long j = 0; j < cols; ++j) {
        double v = x[i * cols + j];
        sum[j] = i == 0 ? v : sum[j] + v;
        mag[j] = i == 0 ? std::fabs(v) : mag[j] + std::fabs(v);
        double err = std::fabs(got[i * cols + j] - sum[j]);
        worst = std::max(worst, err / (mag[j] + 1e-30));
        ok &= err <= 1e-5 * mag[j] + 1e-6;
      }
    ok3 &= ok;
    std::printf("%s column scans %lld x %lld floats: %.3f ms %.0f GB/s | %.1f%% of CUB by key on rows, %.1f%% of copy | "
                "worst error %.2g %s\n",
                label, r, cols, tc, bytes / tc / 1e6, 100 * tkey / tc, 100 * bytes / tc / 1e6 / copy, worst,
                ok ? "PASS" : "FAIL");
  }
  return ok1 && ok2 && ok3 ? 0 : 1;
}
