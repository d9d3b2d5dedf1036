// Stencil shapes for the stencil pencil with vector runs (x radius 2, two inputs with
// differing offsets, int elements and lower bounds 2-3, rows one element longer than
// the loop, shifted stores), validated under the emulation with the pencil forced
// (LOOPGPU_PENCIL_MIN_ITERATIONS=0) at rows of odd and even length, and as chosen.
// On the H100 the same file passed at 21x19x200, 30x33x263 and 130x66x514 both ways
// (bench/RESULTS.md run 29 F).
// RUN: env LOOPGPU_PENCIL_MIN_ITERATIONS=0 %loopgpu %s --param n=9 --param m=7 --param p=134 --validate --validate-mode=cpu --validate-dir=%t.1 | FileCheck %s
// RUN: env LOOPGPU_PENCIL_MIN_ITERATIONS=0 %loopgpu %s --param n=12 --param m=5 --param p=71 --validate --validate-mode=cpu --validate-dir=%t.2 | FileCheck %s
// RUN: %loopgpu %s --param n=9 --param m=7 --param p=134 --validate --validate-mode=cpu --validate-dir=%t.3 | FileCheck %s
// RUN: %loopgpu %s -o %t.cu
// RUN: FileCheck %s --check-prefix=PLAN --input-file=%t.cu
void radius2(int n, int m, int p, const float a[restrict n][m][p], float b[restrict n][m][p]) {
#pragma loopgpu
  for (int z = 1; z < n - 1; z++)
    for (int y = 0; y < m; y++)
      for (int x = 2; x < p - 2; x++)
        b[z][y][x] = a[z][y][x - 2] + a[z][y][x + 2] - a[z - 1][y][x] + 3.0f * a[z + 1][y][x];
}
void twoin(int n, int m, int p, const double a[restrict n][m][p], const double c[restrict n][m][p],
           double b[restrict n][m][p]) {
#pragma loopgpu
  for (int z = 1; z < n - 1; z++)
    for (int y = 1; y < m - 1; y++)
      for (int x = 1; x < p - 1; x++)
        b[z][y][x] = a[z - 1][y][x] * c[z][y][x + 1] + a[z + 1][y][x] - c[z][y - 1][x] + a[z + 1][y][x - 1];
}
void ints(int n, int m, int p, const int a[restrict n][m][p], int b[restrict n][m][p]) {
#pragma loopgpu
  for (int z = 2; z < n - 3; z++)
    for (int y = 2; y < m - 3; y++)
      for (int x = 3; x < p - 3; x++)
        b[z][y][x] = a[z - 2][y][x] + 2 * a[z + 3][y][x] - a[z][y][x + 1];
}
void oddpitch(int n, int m, int p, const float a[restrict n][m][p + 1], float b[restrict n][m][p + 1]) {
#pragma loopgpu
  for (int z = 1; z < n - 1; z++)
    for (int y = 0; y < m; y++)
      for (int x = 0; x < p; x++)
        b[z][y][x] = a[z - 1][y][x] + a[z + 1][y][x] * a[z][y][x + 1];
}
void shifted(int n, int m, int p, const float a[restrict n][m][p], float b[restrict n][m][p]) {
#pragma loopgpu
  for (int z = 1; z < n - 1; z++)
    for (int y = 0; y < m; y++)
      for (int x = 0; x < p - 1; x++)
        b[z][y][x + 1] = a[z - 1][y][x] + a[z + 1][y][x];
}
// PLAN: radius2_nest0_kernel: block (32, 8, 1)
// PLAN: twoin_nest0_kernel: block (32, 8, 1)
// PLAN: ints_nest0_kernel: block (32, 8, 1)
// PLAN: oddpitch_nest0_kernel: block (32, 8, 1)
// PLAN: shifted_nest0_kernel: block (32, 8, 1)
// CHECK: PASS radius2: b
// CHECK: PASS twoin: b
// CHECK: PASS ints: b
// CHECK: PASS oddpitch: b
// CHECK: PASS shifted: b
