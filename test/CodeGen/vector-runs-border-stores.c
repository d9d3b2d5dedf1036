// Vector runs' border stores (VectorRuns::BorderStore): in the tiles on the
// border of the iteration space, a run's V values are computed under their
// range checks into registers and stored with one vector store where the
// whole run is in range and the arrays are aligned (else element stores of
// those in range), so that the border tiles do not write each sector V
// times. Only a body of one plain assignment to an array indexed by x plus
// a multiple of V in its last subscript, not read by the statement.
// RUN: %loopgpu %s -vector 2 -coarsen 1,2 -o %t.cu
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t.cu -o %t.o %}
// RUN: %loopgpu %s -vector 4 -coarsen 1,4 -o %t4.cu
// RUN: FileCheck %s --check-prefix=V4 --input-file=%t4.cu
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t4.cu -o %t4.o %}
// Rows of an even length (the vector stores run), of an odd length (runs not
// aligned: element stores), rows a multiple of 4 with runs of 4.
// RUN: %loopgpu %s -vector 2 -coarsen 1,2 --param n=5 --param m=78 --validate --validate-mode=cpu --validate-dir=%t.1 | FileCheck %s --check-prefix=VAL
// RUN: %loopgpu %s -vector 2 -coarsen 1,2 --param n=3 --param m=77 --validate --validate-mode=cpu --validate-dir=%t.2 | FileCheck %s --check-prefix=VAL
// RUN: %loopgpu %s -vector 4 -coarsen 1,4 --param n=3 --param m=36 --validate --validate-mode=cpu --validate-dir=%t.3 | FileCheck %s --check-prefix=VAL
// Mutations FAIL: the vector store's lanes swapped (rows of an even length:
// every whole run of a border tile goes through it), the element stores
// all storing the run's first value (rows of an odd length: element stores).
// RUN: rm -rf %t.4 %t.5 && cp -r %t.1 %t.4 && cp -r %t.2 %t.5
// RUN: sed -i 's/make_int2(loopgpu_run\[0\], loopgpu_run\[1\])/make_int2(loopgpu_run[1], loopgpu_run[0])/' %t.4/kernels.cu
// RUN: grep -c 'make_int2(loopgpu_run\[1\], loopgpu_run\[0\])' %t.4/kernels.cu
// RUN: %expect_exit 1 bash %t.4/run.sh cpu 2>&1 | FileCheck %s --check-prefix=MUT
// RUN: sed -i 's/loopgpu_run_at\[loopgpu_e\] = loopgpu_run\[loopgpu_e\];/loopgpu_run_at[loopgpu_e] = loopgpu_run[0];/' %t.5/kernels.cu
// RUN: grep -c 'loopgpu_run_at\[loopgpu_e\] = loopgpu_run\[0\];' %t.5/kernels.cu
// RUN: %expect_exit 1 bash %t.5/run.sh cpu 2>&1 | FileCheck %s --check-prefix=MUT

void add2(int n, int m, const int a[restrict n][m], const int b[restrict n][m], int c[restrict n][m]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 1; j < m - 1; j++)
      c[i][j] = a[i][j] + b[i][j - 1];
}

// Written at j + 2: runs of 2 stay aligned (not runs of 4).
void scale(int n, int m, const float a[restrict n][m], float c[restrict n][m]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m - 3; j++)
      c[i][j + 2] = 2.0f * a[i][j + 1];
}

// Not combined: the statement reads the array it writes; written at j + 1.
void rmw(int n, int m, float b[restrict n][m]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 1; j < m; j++)
      b[i][j] = b[i][j] * 0.5f;
}
void shifted(int n, int m, const float a[restrict n][m], float c[restrict n][m]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m - 1; j++)
      c[i][j + 1] = a[i][j];
}

// CHECK-LABEL: __global__ void __launch_bounds__(256) add2_nest0_kernel(
// CHECK: } else { // a tile on the border of the iteration space
// CHECK-NEXT: // the run's 2 values of c, each under its range check, then stored together: one int2 store where the whole run is in range (element stores would write each sector 2 times)
// CHECK-NEXT: int loopgpu_run[2];
// CHECK-NEXT: unsigned loopgpu_in_run = 0;
// CHECK-NEXT: int *loopgpu_run_at = nullptr;
// CHECK-NEXT: #pragma unroll
// CHECK-NEXT: for (int loopgpu_c1 = 0; loopgpu_c1 < 2; ++loopgpu_c1) {
// CHECK: if (loopgpu_c1 == 0)
// CHECK-NEXT: loopgpu_run_at = &c[(i) * (m) + (j)]; // the run's first element
// CHECK-NEXT: if (loopgpu_t0 < loopgpu_trip0 && loopgpu_t1 >= loopgpu_shift1 && loopgpu_t1 < loopgpu_trip1) {
// CHECK-NEXT: loopgpu_run[loopgpu_c1] = a[(i) * (m) + (j)] + b[(i) * (m) + (j - 1)]; // line 34
// CHECK-NEXT: loopgpu_in_run |= 1u << loopgpu_c1;
// CHECK: if (loopgpu_in_run == 3u && loopgpu_runs_aligned) {
// CHECK-NEXT: *reinterpret_cast<int2 *>(loopgpu_run_at) = make_int2(loopgpu_run[0], loopgpu_run[1]);
// CHECK-NEXT: } else {
// CHECK-NEXT: #pragma unroll
// CHECK-NEXT: for (int loopgpu_e = 0; loopgpu_e < 2; ++loopgpu_e)
// CHECK-NEXT: if (loopgpu_in_run >> loopgpu_e & 1u)
// CHECK-NEXT: loopgpu_run_at[loopgpu_e] = loopgpu_run[loopgpu_e];
// CHECK-LABEL: __global__ void __launch_bounds__(256) scale_nest0_kernel(
// CHECK: loopgpu_run_at = &c[(i) * (m) + (j + 2)]; // the run's first element
// CHECK: *reinterpret_cast<float2 *>(loopgpu_run_at) = make_float2(loopgpu_run[0], loopgpu_run[1]);
// CHECK-LABEL: __global__ void __launch_bounds__(256) rmw_nest0_kernel(
// CHECK-NOT: loopgpu_run_at
// CHECK: if (loopgpu_runs_aligned) {
// CHECK-NOT: loopgpu_run_at
// CHECK-LABEL: __global__ void __launch_bounds__(256) shifted_nest0_kernel(
// CHECK-NOT: loopgpu_run_at
// CHECK: if (loopgpu_runs_aligned) {
// CHECK-NOT: loopgpu_run_at
// CHECK: // Nest 0 of shifted ({{.*}}) on device pointers

// V4-LABEL: __global__ void __launch_bounds__(256) add2_nest0_kernel(
// V4: *reinterpret_cast<int4 *>(loopgpu_run_at) = make_int4(loopgpu_run[0], loopgpu_run[1], loopgpu_run[2], loopgpu_run[3]);
// V4-LABEL: __global__ void __launch_bounds__(256) scale_nest0_kernel(
// V4-NOT: loopgpu_run_at
// V4: // Nest 0 of scale ({{.*}}) on device pointers

// VAL: PASS add2: c
// VAL: PASS scale: c
// VAL: PASS rmw: b
// VAL: PASS shifted: c
// MUT: FAIL add2: c
