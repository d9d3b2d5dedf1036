// A scan along columns (issue 13): with few columns, CUB's scan by key over
// the strided columns; with many, a column per thread (coalesced), picked at
// run time by the number of columns (8192: the H100's two plans cross between
// 4096 and 16384 columns, bench/RESULTS.md run 21). Both paths validated under the emulation.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %loopgpu %s -emit=deps | FileCheck %s --check-prefix=DEPS
// RUN: %loopgpu %s -o %t/s.cu
// RUN: FileCheck %s < %t/s.cu
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t/s.cu -o %t/s.o %}
// RUN: %loopgpu %s --validate --validate-mode=cpu --param n=300 --param m=7 --validate-dir %t/few | FileCheck %s --check-prefix=PASS
// RUN: %loopgpu %s --validate --validate-mode=cpu --param n=5 --param m=8200 --validate-dir %t/many | FileCheck %s --check-prefix=PASS
// RUN: %loopgpu %s --validate --validate-mode=cpu --param n=1 --param m=3 --validate-dir %t/none | FileCheck %s --check-prefix=PASS
// REQUIRES: cpu-emulation
void cols(int n, int m, float A[restrict n][m], const float B[restrict n][m]) {
#pragma loopgpu
  for (int i = 1; i < n; i++)
    for (int j = 0; j < m; j++)
      A[i][j] = A[i - 1][j] + B[i][j];
}
// DEPS: loop i (line 16): scan: inclusive scan (+) of A along i
// DEPS: loop j (line 17): parallel
// CHECK: //   transformed first: interchange loops i, j into j, i [default choice]
// CHECK-NEXT: //   cols_nest0_scan: CUB DeviceScan::InclusiveScanByKey along i
// CHECK-NEXT: //   cols_nest0_kernel1: block (32, 1, 1), grid covering j on x
// CHECK-NEXT: //   loop i (line 16): a scan along columns: CUB's scan by key below 8192 columns, a column per thread from there
// CHECK-LABEL: struct cols_nest0_scan {
// CHECK: loopgpu_divmod(loopgpu_k, loopgpu_len_div, loopgpu_seg, loopgpu_pos);
// CHECK-NEXT: const int j = (int)(0 + loopgpu_seg);
// CHECK-NEXT: const int i = (int)(0 + loopgpu_pos);
// CHECK-NEXT: return loopgpu_pos == 0 ? A[(i) * (m) + (j)] : (float)(B[(i) * (m) + (j)]);
// CHECK-LABEL: void cols_nest0_device(
// CHECK: if (loopgpu_count({loopgpu_trip(0, ((long long)m) - 1, 1)}) < 8192) {
// CHECK: cub::DeviceScan::InclusiveScanByKey(
// CHECK: } else {
// CHECK: cols_nest0_kernel1<<<loopgpu_grid, loopgpu_block>>>(n, m, A, B);
// PASS: {{^PASS$}}
