// REQUIRES: cpu-emulation
// Loops the IR does not model run as written inside a thread (a sequential
// region): CSR rows with data-dependent bounds, `while` escapes, `do` with
// `break` and `continue`, a step that doubles, an affine loop inside such a
// loop, iterators declared before the nest. The loops around them still run
// across threads, and the CUDA matches the C on random inputs.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %loopgpu %s -o %t/a.cu
// RUN: FileCheck %s --check-prefix=CUDA --input-file=%t/a.cu
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t/a.cu -o %t/a.o 2>&1 | FileCheck %s --allow-empty --check-prefix=NVCC %}
// RUN: %loopgpu %s --validate --validate-mode=cpu --param n=300 --param nnz=100 --validate-dir=%t/v 2>&1 | FileCheck %s
// A row loop that stops one element short fails (one too far reads past val).
// RUN: sed -i 's/for (k = rowptr\[i\]; k < rowptr\[i + 1\]; k++)/for (k = rowptr[i]; k < rowptr[i + 1] - 1; k++)/' %t/v/kernels.cu
// RUN: grep -c 'k < rowptr\[i + 1\] - 1;' %t/v/kernels.cu
// RUN: %expect_exit 1 bash %t/v/run.sh cpu 2>&1 | FileCheck %s --check-prefix=BROKEN

#include <math.h>

void spmv(int n, int nnz, const int *restrict rowptr, const int *restrict col, const float *restrict val,
          const float *restrict x, float *restrict y) {
#pragma loopgpu copyin(val[0:nnz], col[0:nnz], x[0:n])
  for (int i = 0; i < n; i++) {
    float s = 0.0f;
    for (int k = rowptr[i]; k < rowptr[i + 1]; k++)
      s += val[k] * x[col[k]];
    y[i] = s;
  }
}

void spmv_declared_before(int n, int nnz, const int *restrict rowptr, const int *restrict col,
                          const double *restrict val, const double *restrict x, double *restrict y) {
  int i, k;
#pragma loopgpu copyin(val[0:nnz], col[0:nnz], x[0:n])
  for (i = 0; i < n; i++) {
    y[i] = 0.0;
    for (k = rowptr[i]; k < rowptr[i + 1]; k++)
      y[i] += val[k] * x[col[k]];
  }
}

void mandel(int h, int w, int maxit, int out[restrict h][w]) {
#pragma loopgpu
  for (int py = 0; py < h; py++)
    for (int px = 0; px < w; px++) {
      double cr = -2.0 + 3.0 * px / w, ci = -1.5 + 3.0 * py / h;
      double zr = 0, zi = 0;
      int it = 0;
      while (it < maxit && zr * zr + zi * zi < 4.0) {
        double t = zr * zr - zi * zi + cr;
        zi = 2 * zr * zi + ci;
        zr = t;
        it++;
      }
      out[py][px] = it;
    }
}

void collatz(int n, const int *restrict a, int *restrict steps, int *restrict peak) {
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    int v = a[i], s = 0, p = v;
    do {
      if (v % 2 == 0)
        v /= 2;
      else
        v = 3 * v + 1;
      s++;
      if (v > p)
        p = v;
      if (v == 1)
        continue;
      if (s >= 1000)
        break;
    } while (v != 1);
    steps[i] = s;
    peak[i] = p;
  }
}

void doubling(int n, int m, const float B[restrict n][m], float out[restrict n]) {
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    float s = 0;
    for (int k = 1; k < m; k *= 2)
      for (int j = 0; j < k && j < m; j++)
        s += B[i][j] * k;
    out[i] = s;
  }
}

void newton(int n, int m, const float A[restrict n][m], float R[restrict n][m]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      float x = A[i][j] + 1.0f, y = x + 1.0f;
      int it = 0;
      while (it < 30 && fabsf(y * y - x) > 1e-5f * x) {
        y = 0.5f * (y + x / y);
        it++;
      }
      R[i][j] = y;
    }
}

// Insertion sort of each row: the shifts B[i][k + 1] = B[i][k] stay in row
// i (a subscript affine in its first dimension only), so rows run across
// threads; j stays sequential.
void rowsort(int n, int m, float B[restrict n][m]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 1; j < m; j++) {
      float key = B[i][j];
      int k = j - 1;
      while (k >= 0 && B[i][k] > key) {
        B[i][k + 1] = B[i][k];
        k--;
      }
      B[i][k + 1] = key;
    }
}

// Every update of acc[0] may come from any iteration: one thread.
void first_above(int n, int m, const float a[restrict m], float acc[restrict 1]) {
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    int k = 0;
    while (k < m && a[k] * 50.0f < i) {
      acc[0] += a[k];
      k++;
    }
  }
}

// A loop whose condition counts down (no increment; `u-- > 0` in the
// condition), run as written.
void countdown(int n, int m, const float B[restrict n][m], float out[restrict n]) {
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    float s = 0;
    for (unsigned u = m; u-- > 0;)
      s = s * 0.5f + B[i][u];
    out[i] = s;
  }
}

// CUDA: //   transformed first: privatize k in loop i (line 34): private copy k_p
// CUDA: //   rowsort_nest0_kernel: block ({{[0-9]+}}, 1, 1), grid covering i on x
// CUDA: //   loop i (line 125) runs in one thread: sequential: {{.*}} acc[0] -> acc[0] {{.*}}(may: inside the loop on line 127 (run as written))
// CUDA-LABEL: __global__ void __launch_bounds__({{[0-9]+}}) spmv_nest0_kernel(
// CUDA: // line 24: for (int k = rowptr[i]; k < rowptr[i + 1]; k++), as written, in this thread
// CUDA-NEXT: for (k = rowptr[i]; k < rowptr[i + 1]; k++) {
// CUDA-NEXT:   s += val[k] * x[col[k]];
// CUDA-NEXT: }
// CUDA-NEXT: y[i] = s; // line 26
// CUDA-LABEL: spmv_declared_before_nest0_kernel(
// CUDA: for (k_p = rowptr[i]; k_p < rowptr[i + 1]; k_p++) {
// CUDA-NEXT:   y[i] += val[k_p] * x[col[k_p]];
// CUDA-LABEL: mandel_nest0_kernel(
// CUDA: // line 48: while (it < maxit && zr * zr + zi * zi < 4.0), as written, in this thread
// CUDA-NEXT: while (it < maxit && zr * zr + zi * zi < 4.0) {
// CUDA-NEXT:   t = zr * zr - zi * zi + cr;
// CUDA-LABEL: collatz_nest0_kernel(
// CUDA: // line 62: do ... while (v != 1), as written, in this thread
// CUDA-NEXT: do {
// CUDA-NEXT:   if (v % 2 == 0) {
// CUDA-NEXT:     v /= 2;
// CUDA-NEXT:   } else {
// CUDA-NEXT:     v = 3 * v + 1;
// CUDA-NEXT:   }
// CUDA:        if (v == 1) {
// CUDA-NEXT:     continue;
// CUDA-NEXT:   }
// CUDA-NEXT:   if (s >= 1000) {
// CUDA-NEXT:     break;
// CUDA-NEXT:   }
// CUDA-NEXT: } while (v != 1);
// CUDA-LABEL: doubling_nest0_kernel(
// CUDA: for (k = 1; k < m; k *= 2) {
// CUDA-NEXT:   for (j = 0; j < k && j < m; j++) {
// CUDA-NEXT:     s += B[(i) * (m) + (j)] * k;
// CUDA-LABEL: newton_nest0_kernel(
// CUDA: while (it < 30 && fabsf(y * y - x) > 1e-5f * x) {
// CUDA-LABEL: rowsort_nest0_kernel(
// CUDA: const int i = (int)(0 + loopgpu_t0 * 1);
// CUDA: // line 111: loop j, sequential in this thread
// CUDA: // line 114: while (k >= 0 && B[i][k] > key), as written, in this thread
// CUDA-NEXT: while (k >= 0 && B[(i) * (m) + (k)] > key) {
// CUDA-NEXT:   B[(i) * (m) + (k + 1)] = B[(i) * (m) + (k)];
// CUDA-LABEL: countdown_nest0_kernel(
// CUDA: // line 140: for (unsigned u = m; u-- > 0;), as written, in this thread
// CUDA-NEXT: for (u = m; u-- > 0;) {
// CUDA-NEXT:   s = s * 0.5f + B[(i) * (m) + (u)];

// NVCC-NOT: {{warning|error}}

// CHECK: PASS spmv: y (300 elements)
// CHECK: PASS spmv_declared_before: y (300 elements)
// CHECK: PASS mandel: out
// CHECK: PASS collatz: steps (300 elements)
// CHECK: PASS collatz: peak (300 elements)
// CHECK: PASS doubling: out (300 elements)
// CHECK: PASS newton: R
// CHECK: PASS rowsort: B
// CHECK: PASS first_above: acc (1 elements)
// CHECK: PASS countdown: out (300 elements)
// CHECK-NOT: FAIL

// BROKEN: FAIL spmv: y
