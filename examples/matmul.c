// Matrix multiplication C = A * B in C99 VLA form (A is n x p, B is p x m).
//
// What loopgpu should do: loops i and j are parallel (every dependence is on
// the accumulator, private to an (i, j) iteration) and k is a reduction. The
// i/j loops are tiled onto a 2-D grid of 2-D blocks; A and B are read along k
// with reuse across the block's threads, so their tiles are staged in shared
// memory; with -coarsen each thread computes several outputs of C, kept in
// register accumulators (joint register + shared-memory tiling).
//
//   loopgpu matmul.c -tile 32 -coarsen 4 -o matmul.cu
void matmul(int n, int m, int p, const float A[restrict n][p],
            const float B[restrict p][m], float C[restrict n][m]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      float acc = 0.0f;
      for (int k = 0; k < p; k++)
        acc += A[i][k] * B[k][j];
      C[i][j] = acc;
    }
}
