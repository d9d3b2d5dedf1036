// A store whose fastest-varying subscript follows the y-mapped loop goes
// through a shared tile (one padding column) and out with x and y swapped.
// RUN: %loopgpu %s | FileCheck %s
// RUN: %loopgpu %s -tile 16,32 -coarsen 2,1 | FileCheck %s --check-prefix=SHAPE
// RUN: %loopgpu %s -- -DACCUMULATE | FileCheck %s --check-prefix=NONE
// RUN: %loopgpu %s -- -DGUARDED | FileCheck %s --check-prefix=NONE
// RUN: %loopgpu %s -- -DCOALESCED | FileCheck %s --check-prefix=NONE
// RUN: %loopgpu %s -shared-staging=false | FileCheck %s --check-prefix=NONE
// RUN: %loopgpu %s --validate --validate-mode=cpu --param n=37 --param m=70 --validate-dir %t | FileCheck %s --check-prefix=PASS
// RUN: %loopgpu %s -tile 16,32 -coarsen 2,1 --validate --validate-mode=cpu --param n=50 --param m=33 --validate-dir %t2 | FileCheck %s --check-prefix=PASS
#if defined(ACCUMULATE)
void t(int n, int m, const double A[restrict n][m], double B[restrict m][n]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      B[j][i] += A[i][j];
}
#elif defined(GUARDED)
void t(int n, int m, const double A[restrict n][m], double B[restrict m][n]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      if (A[i][j] > 0)
        B[j][i] = A[i][j];
}
#elif defined(COALESCED)
void t(int n, int m, const double A[restrict n][m], double B[restrict m][n]) {
#pragma loopgpu
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      B[i][j] = A[j][i];
}
#else
void t(int n, int m, const double A[restrict n][m], double B[restrict m][n]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      B[j][i] = 2 * A[i][j];
}
#endif
// CHECK: //   t_nest0_kernel: block (32, 8, 1), grid covering i on y j on x, 16896 bytes of shared memory per block, 8 outputs per thread
// CHECK: // loop i coarsened: 8 iterations per thread at stride 8 (a 64 x 32 tile for the store: rows of 64 elements, 8 loads in flight per thread)
// CHECK: // store to B (line 38) through a shared 64 x 32 tile (+1 padding against bank conflicts)
// CHECK: __shared__ double loopgpu_sh_B[64][33];
// CHECK: loopgpu_sh_B[i - loopgpu_base0][j - loopgpu_base1] = 2 * A[(i) * (m) + (j)]; // line 38
// CHECK: __syncthreads();
// CHECK-NEXT: // line 38: the tile of B stored with x and y swapped
// CHECK-NEXT: for (int loopgpu_wc = threadIdx.y; loopgpu_wc < 32; loopgpu_wc += blockDim.y) {
// CHECK-NEXT: for (int loopgpu_wr = threadIdx.x; loopgpu_wr < 64; loopgpu_wr += blockDim.x) {
// CHECK-NEXT: if ((long long)loopgpu_tile0 * 64 + loopgpu_wr < loopgpu_trip0 && (long long)loopgpu_tile1 * 32 + loopgpu_wc < loopgpu_trip1) {
// CHECK-NEXT: const int i = loopgpu_base0 + loopgpu_wr;
// CHECK-NEXT: const int j = loopgpu_base1 + loopgpu_wc;
// CHECK-NEXT: B[(j) * (n) + (i)] = loopgpu_sh_B[loopgpu_wr][loopgpu_wc];
// CHECK: __syncthreads(); // the next tile overwrites the shared one

// SHAPE: block (32, 16, 1)
// SHAPE-NOT: coarsened: 4
// SHAPE: __shared__ double loopgpu_sh_B[32][33];

// NONE-NOT: loopgpu_sh_B
// NONE-NOT: __syncthreads

// PASS: PASS t: B
