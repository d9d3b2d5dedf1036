// REQUIRES: cpu-emulation
// An array parameter that only host code between and after the nests uses,
// declared as a bare pointer: --validate cannot know how many elements to
// allocate and says how to tell it (the compile itself needs no extent);
// declared with its extent, the harness allocates, fills and compares it.
// RUN: %expect_exit 1 %loopgpu %s --validate --validate-mode=cpu 2>&1 | FileCheck %s --check-prefix=BARE
// RUN: %loopgpu %s -o /dev/null
// RUN: rm -rf %t && %loopgpu %s --validate --validate-mode=cpu --validate-dir=%t -- -DSIZED | FileCheck %s
// BARE: host-only-array.c:[[@LINE+9]]:{{[0-9]+}}: error: --validate: cannot size array 'c': its extent is not written and no nest indexes it (only host code uses it); declare the parameter with its extent (a C99 array parameter, e.g. 'c[n]')
// CHECK: PASS two: b
// CHECK: PASS two: c
// CHECK: {{^PASS$}}
#ifdef SIZED
#define C_DECL float c[restrict n]
#else
#define C_DECL float *c
#endif
void two(int n, float *restrict a, float *restrict b, C_DECL) {
  float s = 0;
#pragma loopgpu
  for (int i = 0; i < n; i++)
    s += a[i];
  s = s / n;
  a[0] = s;
#pragma loopgpu
  for (int i = 0; i < n; i++)
    b[i] = a[i] - s;
  for (int i = 0; i < n; i++)
    c[i] = b[i] * 2;
}
