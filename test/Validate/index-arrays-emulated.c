// REQUIRES: cpu-emulation
// Integer arrays whose elements subscript other arrays (gathers, scatters,
// permutations, CSR's row pointers and column indices) get --validate inputs
// inside the arrays they index: [0, extent) for `y[idx[i]]`, shifted for
// `x[idx[i] + 2]`, through a scalar (`k = idx[i]`), and ascending offsets in
// [0, nnz] for a loop from rowptr[i] to rowptr[i + 1]. Before, every integer
// input was drawn in [1, 100): with fewer elements than that (m=7 here) the
// original C wrote past its arrays and the harness died in malloc.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %loopgpu %s --validate --validate-mode=cpu --param n=3000 --param m=7 --param nnz=40 --validate-dir=%t/v 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=DRIVER --input-file=%t/v/driver.cu
// A gather that reads another element (inside x: one further would read
// past the buffer, which a sanitizer build stops) fails the comparison.
// RUN: sed -i 's/x\[idx\[i\]\];/x[idx[i] \/ 2];/' %t/v/kernels.cu
// RUN: grep -c 'x\[idx\[i\] / 2\];' %t/v/kernels.cu
// RUN: %expect_exit 1 bash %t/v/run.sh cpu 2>&1 | FileCheck %s --check-prefix=BROKEN

void scatter(int n, int m, const int *restrict idx, const float *restrict w, float *restrict y) {
#pragma loopgpu copy(y[0:m])
  for (int i = 0; i < n; i++)
    y[idx[i]] += w[i];
}

void gather(int n, int m, const int *restrict idx, const float *restrict x, float *restrict y) {
#pragma loopgpu copyin(x[0:m])
  for (int i = 0; i < n; i++)
    y[i] = x[idx[i]];
}

void shifted(int n, int m, const int *restrict idx, const float *restrict x, float *restrict y) {
#pragma loopgpu copyin(x[0:m + 2])
  for (int i = 0; i < n; i++)
    y[i] = x[idx[i] + 2] - x[idx[i] - 1 + 1];
}

void through_scalar(int n, int m, const short *restrict idx, const float *restrict w, double *restrict y) {
#pragma loopgpu copy(y[0:m])
  for (int i = 0; i < n; i++) {
    int k = idx[i];
    y[k] += (double)w[i];
  }
}

void rows(int n, int m, const int p[restrict m], const float A[restrict m][n], float B[restrict m][n]) {
#pragma loopgpu
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      B[i][j] = 2.0f * A[p[i]][j];
}

void spmv(int m, int n, int nnz, const int *restrict rowptr, const int *restrict col, const float *restrict val,
          const float *restrict x, float *restrict y) {
#pragma loopgpu copyin(rowptr[0:m + 1], col[0:nnz], val[0:nnz], x[0:n])
  for (int i = 0; i < m; i++) {
    float s = 0.0f;
    for (int k = rowptr[i]; k < rowptr[i + 1]; k++)
      s += val[k] * x[col[k]];
    y[i] = s;
  }
}

/* Multiples of the elements (`x[3 * idx[i] + 2]`: inputs up to (m - 3) / 3):
   pairs of a vector, every third element. */
void interleave(int n, int m, const int *restrict idx, const float *restrict w, float *restrict y) {
#pragma loopgpu copy(y[0:2*m])
  for (int i = 0; i < n; i++) {
    y[2 * idx[i]] += w[i];
    y[2 * idx[i] + 1] -= w[i];
  }
}

void thirds(int n, int m, const int *restrict idx, const float x[restrict m], float *restrict out) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    out[i] = x[3 * idx[i] + 2] + x[(idx[i] - 1) * 3];
}

// CHECK-NOT: FAIL
// CHECK: PASS scatter: y (7 elements)
// CHECK: PASS gather: y (3000 elements)
// CHECK: PASS shifted: y (3000 elements)
// CHECK: PASS through_scalar: y (7 elements)
// CHECK: PASS rows: B (21000 elements)
// CHECK: PASS spmv: y (7 elements)
// CHECK: PASS interleave: y (14 elements)
// CHECK: PASS thirds: out (3000 elements)
// CHECK: {{^PASS$}}

// DRIVER:      // line 21: y[idx[i]]
// DRIVER-NEXT: loopgpu_hi = loopgpu_min(loopgpu_hi, (long long)(m));
// DRIVER-NEXT: loopgpu_fill_indices(idx_init.data(), idx_count, loopgpu_lo, loopgpu_hi);
// DRIVER:      // line 27: x[idx[i]]
// DRIVER:      // line 33: x[idx[i] + 2]
// DRIVER-NEXT: loopgpu_hi = loopgpu_min(loopgpu_hi, (long long)(m + 2) - 2);
// DRIVER-NEXT: // line 33: x[idx[i] - 1 + 1]
// DRIVER-NEXT: loopgpu_hi = loopgpu_min(loopgpu_hi, (long long)(m + 2));
// DRIVER:      // line 40: y[k]
// DRIVER-NEXT: loopgpu_hi = loopgpu_min(loopgpu_hi, (long long)(m));
// DRIVER:      // line 48: A[p[i]][j]
// DRIVER-NEXT: loopgpu_hi = loopgpu_min(loopgpu_hi, (long long)(m));
// DRIVER:      // line 56: val[k] in for (int k = rowptr[i]; k < rowptr[i + 1]; k++)
// DRIVER-NEXT: loopgpu_hi = loopgpu_min(loopgpu_hi, (long long)(nnz) + 1);
// DRIVER-NEXT: // line 56: col[k] in for (int k = rowptr[i]; k < rowptr[i + 1]; k++)
// DRIVER-NEXT: loopgpu_hi = loopgpu_min(loopgpu_hi, (long long)(nnz) + 1);
// DRIVER-NEXT: loopgpu_fill_indices(rowptr_init.data(), rowptr_count, loopgpu_lo, loopgpu_hi);
// DRIVER-NEXT: std::sort(rowptr_init.data(), rowptr_init.data() + rowptr_count); // offsets of rows: ascending
// DRIVER:      // line 57: x[col[k]]
// DRIVER-NEXT: loopgpu_hi = loopgpu_min(loopgpu_hi, (long long)(n));

// BROKEN: FAIL gather: y
// DRIVER:      // line 75: x[(idx[i] - 1) * 3]
// DRIVER-NEXT: loopgpu_lo = loopgpu_max(loopgpu_lo, 1LL);
// DRIVER-NEXT: loopgpu_hi = loopgpu_min(loopgpu_hi, ((long long)(m) + 2 >= 0 ? ((long long)(m) + 2) / 3 + 1 : 0));
// DRIVER-NEXT: loopgpu_fill_indices(idx_init.data(), idx_count, loopgpu_lo, loopgpu_hi);
