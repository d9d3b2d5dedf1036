// REQUIRES: cpu-emulation
// Host code between nests that writes through a pointer variable
// (`p[0] = 100` with p = A + 1) touches A: A is copied back before it and in
// again after it (the second nest saw the first nest's value, not 100).
// RUN: %loopgpu %s --param n=37 --validate --validate-mode=cpu --validate-dir=%t | FileCheck %s
// CHECK: PASS hostp: A (37 elements)
// CHECK: {{^PASS$}}
void hostp(int n, float *A) {
  float *p = A + 1;
#pragma loopgpu
  for (int i = 0; i < n; i++)
    A[i] = i;
  p[0] = 100.0f;
#pragma loopgpu
  for (int i = 0; i < n; i++)
    A[i] += 1.0f;
}
