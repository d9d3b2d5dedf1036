// REQUIRES: cpu-emulation
// A product whose iterators are unsigned, its k loop strip-mined through
// shared memory: the strip loop compares with its bound as a number, so an
// empty k range (p = 0: the bound p - 1 is -1) runs no strip. Before, as
// unsigned, -1 was about 2^32: the strips ran on past B and the harness
// crashed under the emulation.
// RUN: %loopgpu %s -shared-staging=true -o - | FileCheck %s
// RUN: rm -rf %t && %loopgpu %s -shared-staging=true --validate --validate-mode=cpu --validate-dir=%t/0 --param n=40 --param m=33 --param p=0 | FileCheck %s --check-prefix=VAL
// RUN: %loopgpu %s -shared-staging=true --validate --validate-mode=cpu --validate-dir=%t/37 --param n=40 --param m=33 --param p=37 | FileCheck %s --check-prefix=VAL
// CHECK: for (unsigned int loopgpu_kk = 0; (long long)loopgpu_kk <= (long long)(p - 1); loopgpu_kk += {{[0-9]+}}) {
// CHECK: for (unsigned int k = loopgpu_kk; (long long)k <= (long long)(p - 1); ++k) {
// VAL: PASS mm: C
// VAL: {{^PASS$}}
void mm(int n, int m, int p, const float A[restrict n][p], const float B[restrict p][m], float C[restrict n][m]) {
#pragma loopgpu
  for (unsigned i = 0; i < n; i++)
    for (unsigned j = 0; j < m; j++) {
      float acc = 0;
      for (unsigned k = 0; k < p; k++)
        acc += A[i][k] * B[k][j];
      C[i][j] = acc;
    }
}
