// `#pragma loopgpu sequential` keeps a loop sequential: it is never mapped to
// threads, not even when the analysis finds it parallel (issue 18, item 3).
// RUN: %loopgpu %s -o %t.cu 2>/dev/null
// RUN: FileCheck %s < %t.cu
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t.cu -o %t.o %}
// RUN: %if cpu-emulation %{ %loopgpu %s --param n=40 --validate --validate-mode=cpu --validate-dir=%t.v | FileCheck %s --check-prefix=VAL %}
void f(int n, int *restrict A, const unsigned *restrict B) {
#pragma loopgpu
  for (int i = 0; i < n; i++) {
#pragma loopgpu sequential
    for (int j = 0; j < n; j++)
      A[i * n + j] = (int)B[j] + i;
  }
}
// CHECK: //   f_nest0_kernel: block (32, 1, 1), grid covering i on x,
// CHECK-NOT: j on
// CHECK: //   g_nest0_kernel: 1 thread
// CHECK-NEXT: //   loop i (line [[@LINE+3]]) runs in one thread: '#pragma loopgpu sequential' keeps it sequential
void g(int n, float *restrict A) {
#pragma loopgpu sequential
  for (int i = 0; i < n; i++)
    A[i] = 2.0f * A[i];
}
// VAL: PASS f: A
// VAL: PASS g: A
// VAL: {{^PASS$}}
