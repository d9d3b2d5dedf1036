// Scans (issue 13): first-order linear recurrences X[i] = X[i-1] op e, op in
// + * min max, on integers and floating point, run as CUB's DeviceScan over
// iterators that compute e; along the rows of a 2-D array as one
// InclusiveScanByKey with the row as key; inside a sequential host loop.
// Recurrences that are not scans (an affine recurrence, a guard, another
// element of X read) keep their sequential plan. Scans along columns:
// test/CodeGen/scan-columns.c.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %loopgpu %s -emit=deps | FileCheck %s --check-prefix=DEPS
// RUN: %loopgpu %s -emit=deps -format=json | FileCheck %s --check-prefix=JSON
// RUN: %loopgpu %s -o %t/s.cu
// RUN: FileCheck %s < %t/s.cu
// RUN: FileCheck %s --check-prefix=SUM < %t/s.cu
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t/s.cu -o %t/s.o %}
// RUN: %loopgpu %s -emit=c | FileCheck %s --check-prefix=C
// Both paths of every size check: no iteration (n = 1, m = 1), and enough
// iterations for several of the emulated scan's 64-element tiles.
// RUN: %loopgpu %s --validate --validate-mode=cpu --param n=1 --param m=1 --param T=2 --validate-dir %t/v1 | FileCheck %s --check-prefix=PASS
// RUN: %loopgpu %s --validate --validate-mode=cpu --param n=1000 --param m=301 --param T=3 --validate-dir %t/v2 | FileCheck %s --check-prefix=PASS
// REQUIRES: cpu-emulation
#include <math.h>

// DEPS-LABEL: nest prefix#0
// DEPS: loop i (line [[@LINE+4]]): scan: inclusive scan (+) of A along i: 'A[i] = A[i - 1] + B[i]' is a first-order linear recurrence; it carries RAW A[i] -> A[i - 1]
// JSON: "verdict": "scan"
void prefix(int n, float A[restrict n], const float B[restrict n]) {
#pragma loopgpu
  for (int i = 1; i < n; i++)
    A[i] = A[i - 1] + B[i];
}
// CHECK: CUB's DeviceScan computes it in parallel (floating point reassociates, as in a reduction).
// CHECK-LABEL: struct prefix_nest0_scan {
// CHECK: typedef float value_type;
// CHECK: __host__ __device__ float loopgpu_element(long long loopgpu_k) const {
// CHECK: const int i = (int)(0 + loopgpu_pos);
// CHECK: return loopgpu_pos == 0 ? A[i] : (float)(B[i]);
// CHECK: __host__ __device__ float &loopgpu_result(long long loopgpu_k) const {
// CHECK: return A[i];
// CHECK-LABEL: void prefix_nest0_device(
// CHECK: const long long loopgpu_len = loopgpu_trip(1, ((long long)n) - 1, 1) + 1;
// CHECK: if (loopgpu_len > 1) {
// CHECK: cub::DeviceScan::InclusiveScan(loopgpu_temp, loopgpu_temp_bytes, loopgpu_in, loopgpu_out, ::cuda::std::plus<>(), loopgpu_items)
// C-LABEL: void prefix(
// C: for (int i = 1; i < n; i++)
// C-NEXT: A[i] = A[i - 1] + B[i];

// The in-place prefix sum of integers: e is A[i]'s value before the update.
// DEPS-LABEL: nest inplace#0
// DEPS: loop k (line [[@LINE+4]]): scan: inclusive scan (+) of result along k: 'result[k] += result[k - 1]'
// Names that the generated code uses too (result, k) stay the user's.
void inplace(int n, int result[restrict n]) {
#pragma loopgpu
  for (int k = 1; k < n; k++)
    result[k] += result[k - 1];
}
// CHECK-LABEL: struct inplace_nest0_scan {
// CHECK: return loopgpu_pos == 0 ? result[k] : (int)(result[k]);

// DEPS-LABEL: nest runmin#0
// DEPS: loop i (line [[@LINE+3]]): scan: inclusive scan (min) of A along i
void runmin(int n, double A[restrict n], const double B[restrict n], const double C[restrict n]) {
#pragma loopgpu
  for (int i = 1; i < n; i++)
    A[i] = fmin(B[i] * C[i], A[i - 1]);
}
// min and max are exact: no word of reassociation.
// CHECK: (min) of A along i: 'A[i] = fmin(B[i] * C[i], A[i - 1])' is a first-order linear recurrence: CUB's DeviceScan computes it in parallel.{{$}}
// CHECK-LABEL: struct runmin_nest0_scan {
// CHECK: return loopgpu_pos == 0 ? A[i] : (double)(B[i] * C[i]);
// CHECK: loopgpu_scan_min()

// DEPS-LABEL: nest runmax#0
// DEPS: loop i (line [[@LINE+3]]): scan: inclusive scan (max) of A along i
void runmax(int n, float A[restrict n], const float B[restrict n]) {
#pragma loopgpu
  for (int i = 1; i < n; i++)
    A[i] = A[i - 1] > B[i] ? A[i - 1] : B[i];
}
// CHECK: loopgpu_scan_max()

// A product, subscripts with offsets, a long long element type.
// DEPS-LABEL: nest product#0
// DEPS: loop i (line [[@LINE+3]]): scan: inclusive scan (*) of A along i: 'A[i + 3] = A[i + 2] * (B[i] % 3 + 1)'
void product(int n, long long A[restrict n], const int B[restrict n]) {
#pragma loopgpu
  for (int i = 2; i < n - 3; i++)
    A[i + 3] = A[i + 2] * (B[i] % 3 + 1);
}
// CHECK-LABEL: struct product_nest0_scan {
// CHECK: const int i = (int)(1 + loopgpu_pos);
// CHECK: return loopgpu_pos == 0 ? A[i + 3] : (long long)(B[i] % 3 + 1);
// CHECK: ::cuda::std::multiplies<>()

// Row-wise: one segment per row, the key of element k its row.
// DEPS-LABEL: nest rows#0
// DEPS: loop i (line [[@LINE+4]]): parallel
// DEPS: loop j (line [[@LINE+4]]): scan: inclusive scan (+) of A along j: 'A[i][j] = A[i][j - 1] + 2.0f * B[i][j] - B[i][j - 1]'
void rows(int n, int m, float A[restrict n][m], const float B[restrict n][m]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 1; j < m; j++)
      A[i][j] = A[i][j - 1] + 2.0f * B[i][j] - B[i][j - 1];
}
// CHECK-LABEL: struct rows_nest0_scan {
// CHECK: loopgpu_divider loopgpu_len_div; // dividing by it
// CHECK: loopgpu_divmod(loopgpu_k, loopgpu_len_div, loopgpu_seg, loopgpu_pos);
// CHECK: const int i = (int)(0 + loopgpu_seg);
// CHECK: const int j = (int)(0 + loopgpu_pos);
// CHECK: return loopgpu_pos == 0 ? A[(i) * (m) + (j)] : (float)(2.0f * B[(i) * (m) + (j)] - B[(i) * (m) + (j - 1)]);
// CHECK: cub::DeviceScan::InclusiveScanByKey(loopgpu_temp, loopgpu_temp_bytes, loopgpu_segment, loopgpu_in, loopgpu_out, ::cuda::std::plus<>(), loopgpu_items)

// Two loops number the segments (the innermost fastest); a downward one.
void rows3(int n, int m, int A[restrict n][m][m], const int B[restrict n][m][m]) {
#pragma loopgpu
  for (int i = n - 1; i >= 0; i--)
    for (int j = 0; j < m; j += 2)
      for (int k = 1; k < m; k++)
        A[i][j][k] = A[i][j][k - 1] + B[i][j][k] * (i - j);
}
// CHECK-LABEL: struct rows3_nest0_scan {
// CHECK: loopgpu_divmod(loopgpu_k, loopgpu_len_div, loopgpu_seg, loopgpu_pos);
// CHECK-NEXT: long long loopgpu_idx{{[0-9]+}};
// CHECK-NEXT: loopgpu_divmod(loopgpu_seg, loopgpu_trip{{[0-9]+}}_div, loopgpu_seg, loopgpu_idx{{[0-9]+}});
// CHECK-NEXT: const int j = (int)(0 + loopgpu_idx{{[0-9]+}} * 2);
// CHECK-NEXT: const int i = (int)(n - 1 - loopgpu_seg);
// CHECK-NEXT: const int k = (int)(0 + loopgpu_pos);

// Written with the scan loop outside: interchanged, then scanned by rows.
void rowsOuter(int n, int m, double A[restrict n][m], const double B[restrict n][m]) {
#pragma loopgpu
  for (int j = 1; j < m; j++)
    for (int i = 0; i < n; i++)
      A[i][j] = A[i][j - 1] + B[i][j];
}
// SUM: rowsOuter_nest0_scan: CUB DeviceScan::InclusiveScanByKey along j

// A scan per step of a sequential loop: the loop stays on the host.
void timed(int T, int n, long A[restrict n], const long B[restrict n]) {
#pragma loopgpu
  for (int t = 0; t < T; t++)
    for (int i = 1; i < n; i++)
      A[i] = A[i - 1] + B[i] * t;
}
// SUM: timed_nest0_scan: CUB DeviceScan::InclusiveScan along i
// SUM-NEXT: loop t (line {{[0-9]+}}) stays sequential on the host

// Not scans.
// DEPS-LABEL: nest affine#0
// DEPS: loop i (line [[@LINE+3]]): sequential: RAW
void affine(int n, float A[restrict n], const float B[restrict n]) {
#pragma loopgpu
  for (int i = 1; i < n; i++)
    A[i] = A[i - 1] * 0.5f + B[i];
}
// DEPS-LABEL: nest guarded#0
// DEPS: loop i (line [[@LINE+3]]): sequential: RAW
void guarded(int n, float A[restrict n], const float B[restrict n]) {
#pragma loopgpu
  for (int i = 1; i < n; i++)
    if (B[i] > 0)
      A[i] = A[i - 1] + B[i];
}
// DEPS-LABEL: nest ahead#0
// DEPS: loop i (line [[@LINE+3]]): sequential:
void ahead(int n, float A[restrict n], const float B[restrict n]) {
#pragma loopgpu
  for (int i = 1; i < n - 1; i++)
    A[i] = A[i - 1] + A[i + 1] * B[i];
}
// DEPS-LABEL: nest stride2#0
// DEPS: loop i (line [[@LINE+3]]): sequential:
void stride2(int n, float A[restrict n], const float B[restrict n]) {
#pragma loopgpu
  for (int i = 1; i < n / 2; i++)
    A[2 * i] = A[2 * i - 2] + B[i];
}
// SUM: affine_nest0_kernel: 1 thread
// SUM: guarded_nest0_kernel: 1 thread
// SUM: ahead_nest0_kernel: 1 thread
// SUM: stride2_nest0_kernel: 1 thread

// PASS: {{^PASS$}}
