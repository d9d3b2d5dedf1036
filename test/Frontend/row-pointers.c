// REQUIRES: cpu-emulation
// Pointers declared inside a nest into an array: `float *c = C + i * m;`,
// `&A[i * m]`, a row `A[i]` of a multi-dimensional array, `&C[i][1]`, chains
// `q = r + 1`, never changed nor their address taken. p[e] is the array at
// the pointer's offset (A[i * m + e], delinearized to A[i][e] on a flat
// pointer; A[i][e] for a row), so the dependences are exact and the nest is
// parallel where C allows; the declarations make no statements. Before, each
// such declaration was refused ("variable 'c' of type 'float *' is not
// supported"), and `*(C + i * m + j)` crashed the frontend (a dereference's
// polynomial term on a flat pointer).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %loopgpu %s -emit=deps 2>&1 | FileCheck %s
// RUN: %loopgpu %s -o %t/out.cu
// RUN: FileCheck %s --check-prefix=CUDA < %t/out.cu
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t/out.cu -o %t/out.o %}
// RUN: %loopgpu %s --validate --validate-mode=cpu --validate-dir=%t/v | FileCheck %s --check-prefix=VALID
// RUN: %loopgpu %s -emit=c -o %t/out.c
// RUN: python3 %S/../Transform/Inputs/equiv.py --cc %cc --sizes 0,1,2,3,5,8,13 %s %t/out.c flat_rows
// RUN: python3 %S/../Transform/Inputs/equiv.py --cc %cc --sizes 0,1,2,3,5,8,13 %s %t/out.c vla_rows
// RUN: python3 %S/../Transform/Inputs/equiv.py --cc %cc --sizes 0,1,2,3,5,8,13 %s %t/out.c rows_of_one
// RUN: python3 %S/../Transform/Inputs/equiv.py --cc %cc --sizes 0,1,2,3,5,8,13 %s %t/out.c dereferences
// RUN: python3 %S/../Transform/Inputs/equiv.py --cc %cc --sizes 0,1,2,3,5,8,13 --extent 'rgb=3*h*w' %s %t/out.c gray
// RUN: not %loopgpu %S/Inputs/row-pointers-refused.c -o %t/bad.cu 2>&1 | FileCheck %s --check-prefix=BAD
// CHECK-NOT: warning
//
// CHECK-LABEL: nest flat_rows#0
// CHECK:       loop i (line {{[0-9]+}}): parallel
// CHECK-NEXT:  loop j (line {{[0-9]+}}): parallel
// CUDA:        flat_rows_nest0_kernel: block (32, 8, 1), grid covering i on y j on x
// VALID-DAG:   PASS flat_rows: C
void flat_rows(int n, int m, const float *restrict A, float *restrict C) {
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    const float *a = &A[i * m];
    float *c = C + i * m;
    for (int j = 0; j < m; j++)
      c[j] = a[j] * 2.0f;
  }
}

// CHECK-LABEL: nest vla_rows#0
// CHECK:       loop i (line {{[0-9]+}}): parallel
// CHECK-NEXT:  loop j (line {{[0-9]+}}): parallel
// CUDA:        vla_rows_nest0_kernel: block (32, 8, 1), grid covering i on y j on x
// VALID-DAG:   PASS vla_rows: C
void vla_rows(int n, int m, const float A[restrict n][m + 2], float C[restrict n][m + 2]) {
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    const float *r = A[i];
    const float *q = r + 1;
    float *c = &C[i][1];
    for (int j = 0; j < m; j++)
      c[j] = q[j - 1] + q[j] + q[j + 1];
  }
}

// Two rows of one array, no restrict needed: the exact dependence makes
// loop i a scan (CUB's scan by key), loop j parallel.
// CHECK-LABEL: nest rows_of_one#0
// CHECK:       RAW  A  (<,=)  {{.*}}[cur[j] -> prev[j]]  distance (1,0)
// CHECK:       loop i (line {{[0-9]+}}): scan
// CHECK-NEXT:  loop j (line {{[0-9]+}}): parallel
// VALID-DAG:   PASS rows_of_one: A
void rows_of_one(int n, int m, float *A) {
#pragma loopgpu
  for (int i = 1; i < n; i++) {
    float *cur = A + i * m;
    const float *prev = A + (i - 1) * m;
    for (int j = 0; j < m; j++)
      cur[j] += prev[j];
  }
}

// CHECK-LABEL: nest dereferences#0
// CHECK:       loop i (line {{[0-9]+}}): parallel
// CHECK-NEXT:  loop j (line {{[0-9]+}}): parallel
// VALID-DAG:   PASS dereferences: C
void dereferences(int n, int m, const float *restrict A, float *restrict C) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      *(C + i * m + j) = *(A + i * m + j) * 2.0f;
}
// Interleaved channels through row pointers: rgb + 3 * y * w and src[3 * x + c]
// are rgb[y][3 * x + c] of rows of 3 * w (the innermost extent scaled by the
// common factor of the levels above it).
// CHECK-LABEL: nest gray#0
// CHECK:       loop y (line {{[0-9]+}}): parallel
// CHECK-NEXT:  loop x (line {{[0-9]+}}): parallel
// CUDA:        gray_nest0_kernel: block (32, 8, 1), grid covering y on y x on x
// VALID-DAG:   PASS gray: out
void gray(int h, int w, const unsigned char *restrict rgb, unsigned char *restrict out) {
#pragma loopgpu
  for (int y = 0; y < h; y++) {
    const unsigned char *src = rgb + 3 * y * w;
    unsigned char *dst = out + y * w;
    for (int x = 0; x < w; x++) {
      int r = src[3 * x], g = src[3 * x + 1], b = src[3 * x + 2];
      dst[x] = (unsigned char)((77 * r + 150 * g + 29 * b) >> 8);
    }
  }
}
// VALID-NOT: FAIL

// Not derived: an offset read from memory, a pointer changed after its
// declaration. Located errors, as before.
// BAD: row-pointers-refused.c:6:12: error: variable 'c' of type 'float *' is not supported inside a '#pragma loopgpu' nest
// BAD: row-pointers-refused.c:14:12: error: variable 'c' of type 'float *' is not supported inside a '#pragma loopgpu' nest
