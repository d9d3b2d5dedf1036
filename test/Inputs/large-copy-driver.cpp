// Calls large-copy.c's rowdot on a 2100 x 2100 matrix (35,280,000 bytes)
// held three ways: pageable memory, pageable memory of which the caller has
// page-locked a part, memory from cudaMallocHost; then on matrices just under
// and just over 16 MiB (1448 and 1449 rows), and on one of 141,120,000 bytes
// (4200 rows: 9 pieces, at most 8 locked at a time). The products are small
// integers, so every sum is exact in any order: the results must be equal.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstring>
#include <vector>

extern "C" void rowdot(int n, const double *A, const double *y, double *x);

static int failures = 0;

static std::vector<double> matrix(int n) {
  std::vector<double> A((size_t)n * n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      A[(size_t)i * n + j] = (i * 7 + j * 3) % 11 - 5;
  return A;
}

static void run(int n, const double *A, const std::vector<double> &y, const char *what) {
  std::vector<double> x(n), want(n);
  for (int i = 0; i < n; ++i)
    x[i] = want[i] = i % 3;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      want[i] += A[(size_t)i * n + j] * y[j];
  rowdot(n, A, y.data(), x.data());
  int bad = 0;
  for (int i = 0; i < n; ++i)
    bad += x[i] != want[i];
  std::printf("%s rowdot on %s (%d of %d elements differ)\n", bad ? "FAIL" : "PASS", what, bad, n);
  failures += bad != 0;
}

int main() {
  const int n = 2100;
  const size_t bytes = (size_t)n * n * sizeof(double);
  std::vector<double> A = matrix(n), y(n);
  for (int j = 0; j < n; ++j)
    y[j] = j % 5 - 2;
  run(n, A.data(), y, "pageable memory");

  char *part = (char *)A.data() + (5 << 20);
  if (cudaHostRegister(part, 1 << 20, cudaHostRegisterDefault) != cudaSuccess)
    return std::printf("FAIL cudaHostRegister\n"), 1;
  run(n, A.data(), y, "memory the caller has partly page-locked");
  if (cudaHostUnregister(part) != cudaSuccess)
    return std::printf("FAIL cudaHostUnregister: the host function unlocked the caller's range\n"), 1;

  double *pinned = nullptr;
  if (cudaMallocHost(&pinned, bytes) != cudaSuccess)
    return std::printf("FAIL cudaMallocHost\n"), 1;
  std::memcpy(pinned, A.data(), bytes);
  run(n, pinned, y, "cudaMallocHost memory");
  cudaFreeHost(pinned);

  for (int m : {1448, 1449})
    run(m, matrix(m).data(), y, m == 1448 ? "16,773,632 bytes" : "16,796,808 bytes");
  std::vector<double> y2(4200);
  for (int j = 0; j < 4200; ++j)
    y2[j] = j % 7 - 3;
  run(4200, matrix(4200).data(), y2, "141,120,000 bytes");
  std::printf(failures ? "FAIL\n" : "PASS\n");
  return failures != 0;
}
