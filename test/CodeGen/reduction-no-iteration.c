// A reduction kernel whose iterations add nothing to the element (no
// iteration runs for these sizes) leaves it untouched: the original may not
// have it (x points at as many elements as the nest indexes: none when
// m < 2), so a block whose value is the identity does no atomic. Found by
// utils/fuzz-pipeline.sh (case 8 of fuzz-pipeline.test's second range,
// under AddressSanitizer in CI).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %loopgpu %s -o %t/r.cu
// RUN: FileCheck %s < %t/r.cu
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t/r.cu -o %t/r.o %}
// RUN: %loopgpu %s --validate --validate-mode=cpu --param n=3 --param m=1 --validate-dir %t/v1 | FileCheck %s --check-prefix=PASS
// RUN: %loopgpu %s --validate --validate-mode=cpu --param n=3 --param m=5 --validate-dir %t/v2 | FileCheck %s --check-prefix=PASS
// REQUIRES: cpu-emulation
void f(int n, int m, float *x) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int k = 1; k < m; k++)
      x[0] += 1.0f;
}
// CHECK: if (loopgpu_lane == 0 && [[V:loopgpu_red_x_[0-9]+]] != 0) // the identity changes nothing
// CHECK-NEXT: loopgpu_atomic_add(&x[0], [[V]]);
// PASS: {{^PASS$}}
