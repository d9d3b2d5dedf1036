// REQUIRES: cpu-emulation
// An inner loop that `break` leaves (a search along a row, a sum up to a
// limit) runs as written in the thread of its outer iteration, like a loop
// whose header is not affine (Frontend/regions.c); the loops around it stay
// parallel. Its iterator, declared before it and the iterator of no other
// loop, is a variable the loop sets: read after it, it holds what the loop
// left. Before, every `break` was refused. A `break` of the nest's own outer
// loop stays refused (Frontend/unsupported-statements.c), and so does reading
// an iterator two loops share.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %loopgpu %s -o %t/a.cu 2>&1 | FileCheck %s --allow-empty --check-prefix=QUIET
// RUN: FileCheck %s --check-prefix=CUDA < %t/a.cu
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t/a.cu -o %t/a.o %}
// RUN: %loopgpu %s --validate --validate-mode=cpu --validate-dir=%t/v --param n=1001 --param m=37 | FileCheck %s
// RUN: %loopgpu %s -emit=c -o %t/out.c
// RUN: python3 %S/../Transform/Inputs/equiv.py --cc %cc --sizes 0,1,2,3,5,8,13 %s %t/out.c first_above
// RUN: python3 %S/../Transform/Inputs/equiv.py --cc %cc --sizes 0,1,2,3,5,8,13 %s %t/out.c up_to
// RUN: not %loopgpu %s -o %t/bad.cu -- -DSHARED 2>&1 | FileCheck %s --check-prefix=SHARED
// The search's result mutated (the index one further) fails.
// RUN: sed -i 's|first\[i\] = j;$|first[i] = j + 1;|' %t/v/kernels.cu
// RUN: grep -c 'first\[i\] = j + 1;$' %t/v/kernels.cu
// RUN: %expect_exit 1 bash %t/v/run.sh cpu 2>&1 | FileCheck %s --check-prefix=BROKEN
// QUIET-NOT: error
// QUIET-NOT: warning

void first_above(int n, int m, const float A[restrict n][m], int first[restrict n]) {
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    first[i] = -1;
    for (int j = 0; j < m; j++)
      if (A[i][j] > 0.9f) {
        first[i] = j;
        break;
      }
  }
}

void up_to(int n, int m, const float a[restrict n][m], float s[restrict n]) {
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    float acc = 0;
    int j;
    for (j = 0; j < m; j++) {
      acc += a[i][j];
      if (acc > 1.5f)
        break;
    }
    s[i] = acc + j;
  }
}
// CUDA: // first_above_nest0_kernel: block (256, 1, 1), grid covering i on x
// CUDA: // up_to_nest0_kernel: block (256, 1, 1), grid covering i on x
// CUDA: // line 30: for (int j = 0; j < m; j++), as written, in this thread
// CUDA: // line 43: for (j = 0; j < m; j++), as written, in this thread
// CUDA: break;
// CUDA: s[i] = acc + j; // line 48

#ifdef SHARED
void shared(int n, int m, const float a[restrict n][m], float s[restrict n]) {
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    int j;
    for (j = 0; j < m; j++)
      if (a[i][j] > 0.5f)
        break;
    for (j = 0; j < m; j++)
      s[i] += a[i][j];
    s[i] += j;
  }
}
// SHARED: search-loops-emulated.c:[[@LINE-3]]:13: error: use of loop iterator 'j' outside its loop is not supported inside a '#pragma loopgpu' nest
#endif

// CHECK-NOT: FAIL
// CHECK: PASS first_above: first (1001 elements)
// CHECK: PASS up_to: s (1001 elements)
// CHECK: {{^PASS$}}
// BROKEN: FAIL first_above: first
