// The report on a scan: the loop's verdict badge says scan, and the kernel
// table says CUB chooses the grid (no block of one thread).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %loopgpu %s -emit=report -o %t/report.html
// RUN: FileCheck %s < %t/report.html
void rows(int n, int m, float A[restrict n][m], const float B[restrict n][m]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 1; j < m; j++)
      A[i][j] = A[i][j - 1] + B[i][j];
}
// CHECK: <td class="mono">j</td><td><a href="#s9">line 9</a></td><td><span class="verdict v-scan">scan</span><div class="meta">inclusive scan (+) of A along j
// CHECK: <td class="mono">rows_nest0_scan</td><td>scan (CUB)</td><td>CUB's, over loop j (line 9), a segment per iteration of loop i (line 8)</td><td>CUB's</td><td>CUB's</td><td>none</td><td>none</td></tr>
