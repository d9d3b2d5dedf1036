// The streamed form of time tiling (lib/CodeGen/TimeTile.cpp,
// TimeStreamPlan) on three dimensions and where it does not apply.
// RUN: %loopgpu %s -time-tile=2 -time-tile-form=streamed -emit=gpu-ir 2>&1 | FileCheck %s
// RUN: %loopgpu %s -time-tile=2 -time-tile-form=streamed -o %t.cu
// RUN: FileCheck %s --check-prefix=WHY --input-file=%t.cu
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t.cu -o %t.o %}
// RUN: %expect_exit 1 %loopgpu %s -time-tile=16 -time-tile-form=streamed -o /dev/null 2>&1 | FileCheck %s --check-prefix=DEEP

// One dimension: the streamed form needs two or three; the overlapped one runs.
void jacobi1(int steps, int n, float A[restrict n], float B[restrict n]) {
  #pragma loopgpu
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      B[i] = (A[i - 1] + A[i] + A[i + 1]) / 3;
    for (int i = 1; i < n - 1; i++)
      A[i] = B[i];
  }
}

// Three dimensions: a plane of dimensions 1 and 2 per block (its cells
// dealt out to the threads, several per thread where the plane has more
// than 1024), rows of dimension 0 streamed. Each sweep reads the other
// array's rows i - 1 and i + 1 in its own column (registers) and row i in
// the four neighbouring columns (the rings, padded by one on each side).
void heat(int steps, int n, double A[restrict n][n][n], double B[restrict n][n][n]) {
  #pragma loopgpu
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < n - 1; k++)
          B[i][j][k] = 0.125 * (A[i + 1][j][k] + A[i - 1][j][k] + A[i][j + 1][k] + A[i][j - 1][k] + A[i][j][k + 1] +
                                A[i][j][k - 1]) + 0.25 * A[i][j][k];
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < n - 1; k++)
          A[i][j][k] = B[i][j][k];
  }
}

// WHY: loop t (line 12) is not streamed: the streamed form needs two or three dimensions and one statement per sweep
// WHY: loop t (line 27) is time-tiled (heat_nest0_time_t): streamed: chunks of 128 rows, plane tiles of 28 x 28 cells, 1024 threads, 1 column each, 2 iterations per launch
// CHECK: time-tile jacobi1_nest0_time_t depth 2 tile {{[0-9]+}} block 256
// CHECK-NOT: streamed
// CHECK: time-tile heat_nest0_time_t depth 2 tile 128 x {{[0-9]+}} x {{[0-9]+}} block 1 x 1 x [[T:[0-9]+]]
// CHECK: streamed threads [[T]] columns {{[0-9]+}} extra-steps {{[0-9]+}} chunks 32,48,64,96,128,192,256
// CHECK-NEXT: value B on entry skew 0 window 2 ring 0
// CHECK-NEXT: value A on entry skew 0 window 3 ring 2
// CHECK-NEXT: value B after sweep 1 of iteration 1 skew 1 window 2 ring 0
// CHECK-NEXT: value A after sweep 2 of iteration 1 skew 1 window 3 ring 2
// CHECK-NEXT: value B after sweep 1 of iteration 2 skew 2 window 1 ring 0 final
// CHECK-NEXT: value A after sweep 2 of iteration 2 skew 2 window 1 ring 0 final

// Sixteen iterations in flight need more registers than a thread has.
// DEEP: error: -time-tile: the streamed tiles of loop t (line 27) need more registers than a thread has
