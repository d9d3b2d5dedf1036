// -tile auto without a GPU: the static model (TuningModel.h) chooses per nest
// from the nest's properties, says so in a remark and in the header.
// RUN: %loopgpu %s -tile auto --validate-mode=none -o %t.cu 2> %t.err
// RUN: FileCheck %s < %t.cu
// RUN: FileCheck %s --check-prefix=REMARK < %t.err
// RUN: %loopgpu %s -tile auto -vector 1 --validate-mode=none -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOVEC
// -coarsen auto alone tunes both as well (neither is given):
// RUN: %loopgpu %s -coarsen auto --validate-mode=none 2>/dev/null | FileCheck %s
//
// With the sizes known (--param), each candidate's grid is counted, and
// those that fill the 132 SMs of an H100 come first:
// RUN: %loopgpu %s -tile auto --validate-mode=none --param n=1024 --param m=1024 --param p=1024 \
// RUN:   --param ny=512 --param nx=512 --param natoms=1024 --param len=1000 -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SMALL
// RUN: %loopgpu %s -tile auto --validate-mode=none --param n=4096 --param m=4096 --param p=4096 \
// RUN:   --param ny=4096 --param nx=4096 --param len=1000000 -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LARGE

// A staged sequential loop with reuse in both mapped loops: 16x16 threads,
// 8x8 outputs each (a register tile: its accumulators' ILP makes 25%
// occupancy enough; measured on the H100 in bench/RESULTS.md run 4).
// CHECK: //   tuning: static model chose -tile 16,16 -coarsen 8,8 for the nest at line [[@LINE+14]] (loop k (line [[@LINE+18]]) is staged in shared memory: 16x16 threads, 8x8 outputs each (128x128 tile); each value read from shared memory serves 4 outputs, each global load 64;
// CHECK-SAME: occupancy 25% (limit: registers); sizes unknown (no --param for n, m): assumes a large problem; pass --param to size the grid)
// REMARK: static-model.c:[[@LINE+12]]:9: remark: tuning: static model chose -tile 16,16 -coarsen 8,8 (loop k
// At 4096^3 the 8x8 register tile (128x128 outputs per block) gives 1024
// blocks, ~8 per SM; 2 per SM give it its 25% occupancy:
// LARGE: static-model.c:[[@LINE+9]]:9: remark: tuning: static model chose -tile 16,16 -coarsen 8,8 (loop k
// LARGE-SAME: occupancy 25% (limit: registers); 1024 blocks for 132 SMs at n=4096, m=4096)
// At 1024^3 it would give 64 blocks: 4x4 outputs (64x64 per block) give
// 256, ~2 per SM (H100, bench/RESULTS.md run 5: 4x4 60.3% of cuBLAS, 8x8
// 33.1%).
// SMALL: static-model.c:[[@LINE+4]]:9: remark: tuning: static model chose -tile 16,16 -coarsen 4,4 (loop k (line {{[0-9]+}}) is staged in shared memory: 16x16 threads, 4x4 outputs each (64x64 tile);
// SMALL-SAME: 4 blocks/SM, occupancy 50% (limit: registers); 256 blocks for 132 SMs at n=1024, m=1024 (-tile 16,16 -coarsen 8,8 would give only 64, fewer than 2 per SM: smaller tiles))
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

// 3-D stencil: its default mapping is the stencil pencil with vector runs
// (GPUMapping.h), which the model keeps.
// CHECK: //   tuning: static model chose the default mapping for the nest at line [[@LINE+4]] (the default mapping's stencil pencil with runs of 2 along x, which a -tile or -coarsen would give up)
// REMARK: static-model.c:[[@LINE+3]]:9: remark: tuning: static model chose the default mapping (the default mapping's stencil pencil
void stencil(int nz, int ny, int nx, const float in[restrict nz][ny][nx],
             float out[restrict nz][ny][nx]) {
#pragma loopgpu
  for (int z = 1; z < nz - 1; z++)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        out[z][y][x] = in[z][y][x] + in[z][y][x - 1] + in[z][y][x + 1] + in[z][y - 1][x] +
                       in[z][y + 1][x] + in[z - 1][y][x] + in[z + 1][y][x];
}

// Without vector runs (-vector 1; also the case inside host loops): reads of
// in overlap along z, so 4 consecutive z per thread (one thread along z: a
// 128x2 plane walking z).
// NOVEC: static-model.c:[[@LINE-11]]:9: remark: tuning: static model chose -tile 1,2,128 -coarsen 4 (loop x (line [[@LINE-8]]) on x with 128 threads {{.*}}; 4 iterations of loop z (line [[@LINE-10]]) per thread, consecutive (1 thread along it): reads overlap along it, loads per output 7 -> 5.5 (5 at best);

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

// Direct Coulomb summation: the atoms are staged, and each thread's outputs
// share them. Size-blind, the 8x8 register tile; at 512x512 that is 16
// blocks for 132 SMs, so 2x2 outputs (256 blocks).
// CHECK: //   tuning: static model chose -tile 16,16 -coarsen 8,8 for the nest at line [[@LINE+8]] (loop a
// CHECK-SAME: sizes unknown (no --param for ny, nx): assumes a large problem; pass --param to size the grid)
// SMALL: static-model.c:[[@LINE+6]]:9: remark: tuning: static model chose -tile 16,16 -coarsen 2,2 (loop a (line {{[0-9]+}}) is staged in shared memory: 16x16 threads, 2x2 outputs each (32x32 tile);
// SMALL-SAME: 256 blocks for 132 SMs at ny=512, nx=512 (-tile 16,16 -coarsen 8,8 would give only 16, fewer than 2 per SM: smaller tiles))
// LARGE: static-model.c:[[@LINE+4]]:9: remark: tuning: static model chose -tile 16,16 -coarsen 8,8 (loop a
// LARGE-SAME: 1024 blocks for 132 SMs at ny=4096, nx=4096)
void coulomb(int ny, int nx, int natoms, float spacing, const float *restrict ax, const float *restrict ay,
             const float *restrict charge, float energy[restrict ny][nx]) {
#pragma loopgpu
  for (int y = 0; y < ny; y++)
    for (int x = 0; x < nx; x++) {
      float e = 0.0f;
      for (int a = 0; a < natoms; a++) {
        float dx = spacing * x - ax[a];
        float dy = spacing * y - ay[a];
        e += charge[a] / (dx * dx + dy * dy + 1.0f);
      }
      energy[y][x] += e;
    }
}

// 1-D element-wise with its size known. 1000 iterations fill no GPU: the
// configuration with the most blocks, one warp each. At 10^6 iterations
// 4 per thread would give 977 blocks, fewer than the 8 per SM that full
// occupancy needs: 2 per thread.
// SMALL: static-model.c:[[@LINE+6]]:9: remark: tuning: static model chose -tile 32 (loop i (line {{[0-9]+}}) on x with 32 threads (a warp reads whole 128-byte lines); one iteration per thread;
// SMALL-SAME: only 32 blocks for 132 SMs at len=1000: no candidate fills the GPU, so the one with the most blocks)
// LARGE: static-model.c:[[@LINE+4]]:9: remark: tuning: static model chose -tile 256 -coarsen 2 (loop i
// LARGE-SAME: 1954 blocks for 132 SMs at len=1000000 (-tile 256 -coarsen 4 would give only 977, fewer than 8 per SM: smaller tiles))
// CHECK: //   tuning: static model chose -tile 256 -coarsen 4 for the nest at line [[@LINE+2]] ({{.*}}; sizes unknown (no --param for len): assumes a large problem; pass --param to size the grid)
void scale_len(int len, float a, float *restrict x) {
#pragma loopgpu
  for (int i = 0; i < len; i++)
    x[i] = a * x[i];
}

// Constant bounds size the grid without --param: a reduction of 4096
// elements would be 4 blocks of 1024 threads; 128 blocks of 32 threads.
// CHECK: //   tuning: static model chose -tile 32 for the nest at line [[@LINE+3]] (reduction over {{.*}} so the largest block would put the most loads in flight; only 128 blocks for 132 SMs: no candidate fills the GPU, so the one with the most blocks)
float total(const float x[4096]) {
  float s = 0;
#pragma loopgpu
  for (int i = 0; i < 4096; i++)
    s += x[i];
  return s;
}

// A transposed store keeps the default mapping's 8 rows per thread (the
// element-wise rule would give 4: bench/RESULTS.md run 35).
// CHECK: //   tuning: static model chose the default mapping for the nest at line [[@LINE+3]] (the default mapping's transposed store to B, 8 rows per thread, which the model's element-wise shapes would change)
// REMARK: static-model.c:[[@LINE+2]]:9: remark: tuning: static model chose the default mapping (the default mapping's transposed store to B, 8 rows per thread
void tr(int n, int m, const float A[restrict n][m], float B[restrict m][n]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      B[j][i] = A[i][j];
}

// The kernels are planned with the chosen options.
// CHECK: mm_nest0_kernel
// CHECK: coarsened: 8 iterations per thread
