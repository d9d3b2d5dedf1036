// A sequential loop under a triangle's guard (a loop over its bounding box,
// BoundingBox.h) is staged in shared memory all the same: the whole block
// runs the strips' loads and barriers, each copy's other work stays under
// the guard (a strip body that only reads tiles and writes registers runs
// without it), and a block none of whose threads passes the guard skips
// the strips (__syncthreads_or). One array read through two sets of loops
// (syrk's A[i][k] and A[j][k]) gets a tile per set. C[i][j] lives in a
// register during the k loop (PromoteElements.h), loaded and stored under
// the guard. Validated with several
// tiles along both mapped loops and a partial last strip, one output per
// thread and the default register tile of 8 x 8 outputs per thread (the
// 2 x 2 form's output is checked, not run: the emulation is slow under the
// sanitizers).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %loopgpu %s -coarsen 1 -o %t/syrk.cu
// RUN: FileCheck %s < %t/syrk.cu
// RUN: %loopgpu %s -coarsen 1 --validate --validate-mode=cpu --param n=45 --param m=37 --validate-dir %t/u | FileCheck %s --check-prefix=PASS
// RUN: %loopgpu %s -tile 16,16 -coarsen 2,2 | FileCheck %s --check-prefix=COARSE
// RUN: %loopgpu %s --validate --validate-mode=cpu --param n=45 --param m=37 --validate-dir %t/v | FileCheck %s --check-prefix=PASS
// PASS: PASS lower_syrk: C
// PASS: {{^PASS$}}

void lower_syrk(int n, int m, float alpha, float C[restrict n][n], const float A[restrict n][m]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i; j++)
      for (int k = 0; k < m; k++)
        C[i][j] += alpha * A[i][k] * A[j][k];
}
// CHECK: lower_syrk_nest0_kernel: block (32, 8, 1), grid covering i on y j on x, {{[0-9]+}} bytes of shared memory per block
// CHECK-LABEL: __global__ void __launch_bounds__(256) lower_syrk_nest0_kernel(
// CHECK-DAG: __shared__ {{.*}}float loopgpu_sh_A_jk[32][33];
// CHECK-DAG: __shared__ {{.*}}float loopgpu_sh_A_ik[8][33];
// CHECK: // line 26: the guard '0 <= j && j <= i' goes inside the staged strips (the whole block loads the tiles); a block whose threads all fail it skips them
// CHECK-NEXT: int loopgpu_any = 0;
// CHECK: if (0 <= j && j <= i) { // line 26
// CHECK-NEXT: loopgpu_any = 1;
// CHECK: if (__syncthreads_or(loopgpu_any)) {
// CHECK: if (0 <= j && j <= i) { // line 26
// CHECK-NEXT: if (0 < m) {
// CHECK-NEXT: C_i_j = C[(i) * (n) + (j)];
// The tile loads stay inside A's extents along the mapped loops.
// CHECK: < n && {{.*}} <= m - 1 ? A[
// CHECK: __syncthreads(); // the tiles are complete
// The strip only reads the tiles and writes registers: no guard per copy
// and iteration; the store after the strips is guarded.
// CHECK: // no range check and no guard: this body only reads the tiles and writes registers
// CHECK: C_i_j += alpha * loopgpu_sh_A_ik[i - loopgpu_base{{[0-9]+}}][k - loopgpu_kk] * loopgpu_sh_A_jk[j - loopgpu_base{{[0-9]+}}][k - loopgpu_kk];
// CHECK: __syncthreads(); // before the next strip overwrites the tiles
// CHECK: if (0 <= j && j <= i) { // line 26
// CHECK-NEXT: if (0 < m) {
// CHECK-NEXT: C[(i) * (n) + (j)] = C_i_j;

// Four copies per thread: each copy's guard sets the block's flag.
// COARSE: #pragma unroll
// COARSE-NEXT: for (int loopgpu_c0 = 0; loopgpu_c0 < 2; ++loopgpu_c0) {
// COARSE: loopgpu_any = 1;
// COARSE: if (__syncthreads_or(loopgpu_any)) {
