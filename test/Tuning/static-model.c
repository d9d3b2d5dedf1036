// -tile auto without a GPU: the static model (TuningModel.h) chooses per nest
// from the nest's properties, says so in a remark and in the header.
// RUN: %loopgpu %s -tile auto --validate-mode=none -o %t.cu 2> %t.err
// RUN: FileCheck %s < %t.cu
// RUN: FileCheck %s --check-prefix=REMARK < %t.err
// -coarsen auto alone tunes both as well (neither is given):
// RUN: %loopgpu %s -coarsen auto --validate-mode=none 2>/dev/null | FileCheck %s

// A staged sequential loop with reuse in both mapped loops: 16x16 threads,
// 8x8 outputs each (a register tile: its accumulators' ILP makes 25%
// occupancy enough; measured on the H100 in bench/RESULTS.md run 4).
// CHECK: //   tuning: static model chose -tile 16,16 -coarsen 8,8 for the nest at line [[@LINE+5]] (loop k (line [[@LINE+9]]) is staged in shared memory: 16x16 threads, 8x8 outputs each (128x128 tile); each value read from shared memory serves 4 outputs, each global load 64;
// CHECK-SAME: occupancy 25% (limit: registers))
// REMARK: static-model.c:[[@LINE+3]]:9: remark: tuning: static model chose -tile 16,16 -coarsen 8,8 (loop k
void mm(int n, int m, int p, const float A[restrict n][p], const float B[restrict p][m],
        float C[restrict n][m]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      float acc = 0.0f;
      for (int k = 0; k < p; k++)
        acc += A[i][k] * B[k][j];
      C[i][j] = acc;
    }
}

// Element-wise 2-D, no reads overlapping along i: 32x8 threads, 4 rows
// each a block height apart (a 32x32 tile).
// CHECK: //   tuning: static model chose -tile 8,32 -coarsen 4 for the nest at line [[@LINE+3]] (loop j (line [[@LINE+5]]) on x with 32 threads {{.*}}; 4 iterations of loop i (line [[@LINE+4]]) per thread, 8 apart: 4 independent loads in flight, no reads overlap along it
// REMARK: static-model.c:[[@LINE+2]]:9: remark: tuning: static model chose -tile 8,32 -coarsen 4 (
void axpy2d(int n, int m, float a, const float X[restrict n][m], float Y[restrict n][m]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      Y[i][j] = a * X[i][j] + Y[i][j];
}

// 3-D stencil: reads of in overlap along z, so 4 consecutive z per thread
// (one thread along z: a 32x8 plane walking z).
// CHECK: //   tuning: static model chose -tile 1,8,32 -coarsen 4 for the nest at line [[@LINE+5]] (loop x (line [[@LINE+8]]) on x with 32 threads {{.*}}; 4 iterations of loop z (line [[@LINE+6]]) per thread, consecutive (1 thread along it): reads overlap along it, loads per output 7 -> 5.5 (5 at best);
// CHECK-SAME: occupancy 100% (limit: threads))
// REMARK: static-model.c:[[@LINE+3]]:9: remark: tuning: static model chose -tile 1,8,32 -coarsen 4 (
void stencil(int nz, int ny, int nx, const float in[restrict nz][ny][nx],
             float out[restrict nz][ny][nx]) {
#pragma loopgpu
  for (int z = 1; z < nz - 1; z++)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        out[z][y][x] = in[z][y][x] + in[z][y][x - 1] + in[z][y][x + 1] + in[z][y - 1][x] +
                       in[z][y + 1][x] + in[z - 1][y][x] + in[z + 1][y][x];
}

// 2-D stencil: overlap along i; with only one other loop, x takes all 256
// threads.
// CHECK: //   tuning: static model chose -tile 1,256 -coarsen 4 for the nest at line [[@LINE+2]] (loop j (line [[@LINE+4]]) on x with 256 threads {{.*}} consecutive (1 thread along it): reads overlap along it, loads per output 5 -> 3.5 (3 at best);
void blur(int n, int m, const float A[restrict n][m], float B[restrict n][m]) {
#pragma loopgpu
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < m - 1; j++)
      B[i][j] = A[i][j] + A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1];
}

// 1-D reduction: the largest block (the grid is capped at 1024 blocks).
// CHECK: //   tuning: static model chose -tile 1024 for the nest at line [[@LINE+4]] (reduction over loop i (line [[@LINE+5]]): 1024 threads per block, {{.*}} occupancy 100% (limit: threads); the grid is capped at 1024 blocks
// REMARK: static-model.c:[[@LINE+3]]:9: remark: tuning: static model chose -tile 1024 (reduction
double dot(int n, const double *restrict x, const double *restrict y) {
  double s = 0;
#pragma loopgpu
  for (int i = 0; i < n; i++)
    s += x[i] * y[i];
  return s;
}

// 1-D element-wise: 256 threads, 4 iterations each at a stride of the block.
// CHECK: //   tuning: static model chose -tile 256 -coarsen 4 for the nest at line [[@LINE+2]] (loop i (line [[@LINE+3]]) on x with 256 threads (a warp reads whole 128-byte lines); 4 iterations of loop i (line [[@LINE+3]]) per thread, 256 apart: 4 independent loads in flight, each warp's accesses coalesced
void scale(int n, float a, float *restrict x) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    x[i] = a * x[i];
}

// The kernels are planned with the chosen options.
// CHECK: mm_nest0_kernel
// CHECK: coarsened: 8 iterations per thread
