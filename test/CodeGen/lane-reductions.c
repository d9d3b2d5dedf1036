// REQUIRES: cpu-emulation
// Lane reductions (issue 19): a reduction loop inside the thread of a 1-D
// kernel runs split over the 32 lanes of a warp, a warp per iteration of the
// mapped loop (on y), the partials combined by shuffles into lane 0, which
// alone runs the rest of the thread's body. Chosen where lanes coalesce more
// of the loop's reads than threads (a row's dot product) or as many
// (a dynamic program's cells: 32 times the threads); not where threads coalesce more
// (column sums). Validated where the loops run past 32 iterations (a partial
// last round), where they do not run at all (m = 0) and under the CPU
// emulation; every variant compiled by nvcc.
// RUN: %loopgpu %s -o %t.cu
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t.cu -o %t.o %}
// RUN: %loopgpu %s -lane-reductions=false -o %t.off.cu
// RUN: %loopgpu %s -tile auto -o %t.auto.cu 2>&1 | FileCheck %s --check-prefix=AUTO
// RUN: FileCheck %s --input-file=%t.auto.cu
// AUTO: remark: tuning: static model chose the default mapping (its lane reductions, a warp per iteration of loop i and its lanes splitting loop k, which a -tile or -coarsen would give up; the model does not weigh them)
// RUN: FileCheck %s --check-prefix=OFF --input-file=%t.off.cu
// RUN: %loopgpu %s --param n=77 --param m=75 --validate --validate-mode=cpu --validate-dir=%t.1 | FileCheck %s --check-prefix=VAL
// RUN: %loopgpu %s --param n=5 --param m=0 --validate --validate-mode=cpu --validate-dir=%t.2 | FileCheck %s --check-prefix=VAL0
// VAL0-DAG: PASS rowdot: y
// VAL0-DAG: PASS scaled: y
// VAL0-DAG: PASS rowmin: out
// VAL0-DAG: PASS damped: y
// VAL0-NOT: FAIL
// VAL0: {{^PASS$}}
// VAL-DAG: PASS dp: table
// VAL-DAG: PASS rowdot: y
// VAL-DAG: PASS scaled: y
// VAL-DAG: PASS colsum: s
// VAL-DAG: PASS rowmin: out
// VAL-DAG: PASS damped: y
// VAL-DAG: PASS hashes: h
// VAL-NOT: FAIL
// VAL: {{^PASS$}}

// CHECK-LABEL: // nest 0 of dp
// CHECK: dp_nest0_kernel: block (32, 8, 1), grid covering i on y
// CHECK-LABEL: // nest 0 of rowdot
// CHECK: rowdot_nest0_kernel: block (32, 8, 1), grid covering i on y
// CHECK-LABEL: // nest 0 of scaled
// CHECK: scaled_nest0_kernel: block (32, 8, 1), grid covering i on y
// CHECK-LABEL: // nest 0 of colsum
// CHECK: colsum_nest0_kernel: block ({{[0-9]+}}, 1, 1), grid covering j on x
// CHECK-LABEL: // nest 0 of rowmin
// CHECK: rowmin_nest0_kernel: block (32, 8, 1), grid covering i on y
// CHECK-LABEL: // nest 0 of damped
// CHECK: damped_nest0_kernel: block (32, 8, 1), grid covering i on y
// CHECK-LABEL: // nest 0 of hashes
// CHECK: hashes_nest0_kernel: block (32, 8, 1), grid covering i on y
// OFF-NOT: loopgpu_lane

// nussinov's dynamic program (test/Transform/wavefront.c schedules it as
// wavefronts; test/Transform/wavefront-alternative.c other forms of such
// programs), here with k running past 32 iterations: a warp per cell, the
// max over k split over the lanes.
// CHECK-LABEL: //===--- nest 0 of dp ---===//
// CHECK: loop k (line [[#@LINE+12]], reduction: table[i][j] (max)) -> the 32 lanes of the warp (x)
void dp(int n, const int seq[restrict n], int table[restrict n][n]) {
  int i, j, k;
#pragma loopgpu
  for (i = n - 1; i >= 0; i--) {
    for (j = i + 1; j < n; j++) {
      if (j - 1 >= 0)
        table[i][j] = table[i][j] >= table[i][j - 1] ? table[i][j] : table[i][j - 1];
      if (i + 1 < n)
        table[i][j] = table[i][j] >= table[i + 1][j] ? table[i][j] : table[i + 1][j];
      if (j - 1 >= 0 && i + 1 < n)
        table[i][j] = table[i][j] >= table[i + 1][j - 1] + (seq[i] + seq[j] == 3) ? table[i][j] : table[i + 1][j - 1] + (seq[i] + seq[j] == 3);
      for (k = i + 1; k < j; k++)
        table[i][j] = table[i][j] >= table[i][k] + table[k + 1][j] ? table[i][j] : table[i][k] + table[k + 1][j];
    }
  }
}

// A row's dot product: lanes read the row contiguously.
// CHECK-LABEL: //===--- nest 0 of rowdot ---===//
// CHECK: __global__ void __launch_bounds__(256) rowdot_nest0_kernel(
// CHECK: const int loopgpu_lane = threadIdx.x;
// CHECK: __syncwarp();
// CHECK: for (long long loopgpu_t{{[0-9]+}} = loopgpu_lane; loopgpu_t{{[0-9]+}} < loopgpu_trip{{[0-9]+}}; loopgpu_t{{[0-9]+}} += 32) {
// CHECK: __shfl_down_sync(0xffffffffu,
// CHECK: if (loopgpu_lane == 0 && loopgpu_trip{{[0-9]+}} > 0) {
void rowdot(int n, int m, double A[restrict n][m], double x[restrict m], double y[restrict n]) {
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    y[i] = 0.0;
    for (int j = 0; j < m; j++)
      y[i] += A[i][j] * x[j];
  }
}

// A private scalar computed before the loop and read in it: lane 0's value,
// broadcast; the scalar accumulator declared in the thread.
// CHECK-LABEL: //===--- nest 0 of scaled ---===//
// CHECK: double w;
// CHECK: if (loopgpu_lane == 0) {
// CHECK: w = x[i] * 2.0;
// CHECK: w = __shfl_sync(0xffffffffu, w, 0);
void scaled(int n, int m, double A[restrict n][m], double x[restrict n], double y[restrict n]) {
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    double s = 1.0;
    double w = x[i] * 2.0;
    for (int j = 0; j < m; j++)
      s += w * A[i][j];
    y[i] = s;
  }
}

// Column sums: threads read a row of A together; lanes would read a column.
void colsum(int n, int m, float A[restrict n][m], float s[restrict m]) {
#pragma loopgpu
  for (int j = 0; j < m; j++)
    for (int i = 0; i < n; i++)
      s[j] += A[i][j];
}

// A conditional min over a downward loop of step 2.
// CHECK-LABEL: //===--- nest 0 of rowmin ---===//
// CHECK: const long long loopgpu_trip{{[0-9]+}} = loopgpu_trip(0, ((long long)m) - 1, -2);
void rowmin(int n, int m, float A[restrict n][m], float out[restrict n]) {
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    float b = 1e30f;
    for (int j = m - 1; j >= 0; j -= 2)
      if (A[i][j] > 0.5f)
        b = A[i][j] < b ? A[i][j] : b;
    out[i] = b;
  }
}

// The lane loop inside a loop of the thread, with lane 0's statements
// between its runs.
// CHECK-LABEL: //===--- nest 0 of damped ---===//
// CHECK: loop t, sequential, run by every lane of the warp
void damped(int n, int m, double A[restrict n][m], double y[restrict n]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int t = 0; t < 3; t++) {
      y[i] = y[i] * 0.5;
      for (int j = 0; j < m; j++)
        y[i] += A[i][j] * (t + 1);
    }
}

// Integer xor into an element.
void hashes(int n, int m, unsigned A[restrict n][m], unsigned h[restrict n]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      h[i] ^= A[i][j] * 31u;
}
