// REQUIRES: cpu-emulation
// argmin/argmax reduction kernels under the CPU emulation match the original
// C, with many ties (values drawn from a few integers), for `<` and `<=`
// (first / last on ties), argmin and argmax, float, double and int values, an
// affine index, a downward loop, an initial value that ties, and a sum in the
// same loop; sizes 1, 37 and 100000, with and without coarsening. Each
// function returns index * 16 + value (exact, compared without tolerance).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %loopgpu %s --validate --validate-mode=cpu --validate-dir=%t/1 --param n=1 | FileCheck %s
// RUN: %loopgpu %s --validate --validate-mode=cpu --validate-dir=%t/2 --param n=37 | FileCheck %s
// RUN: %loopgpu %s --validate --validate-mode=cpu --validate-dir=%t/3 --param n=100000 | FileCheck %s
// RUN: %loopgpu %s -tile 64 -coarsen 3 --validate --validate-mode=cpu --validate-dir=%t/4 --param n=100000 | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: PASS argmin_first: return value
// CHECK: PASS argmin_last: return value
// CHECK: PASS argmax_first: return value
// CHECK: PASS argmax_last_downward: return value
// CHECK: PASS argmin_initial_ties: return value
// CHECK: {{^PASS$}}
#include <math.h>

long argmin_first(int n, const float *restrict x) {
  float best = INFINITY;
  int at = -1;
#pragma loopgpu
  for (int i = 0; i < n; i++)
    if (floorf(x[i] * 4.0f) < best) {
      best = floorf(x[i] * 4.0f);
      at = i;
    }
  return at * 16L + (long)best + 8;
}

long argmin_last(int n, const int *restrict k) {
  int best = 1000;
  int at = -1;
#pragma loopgpu
  for (int i = 0; i < n; i++)
    if (k[i] % 4 <= best) {
      best = k[i] % 4;
      at = i;
    }
  return at * 16L + best;
}

long argmax_first(int n, const int *restrict k) {
  int best = 2;
  long at = -7;
#pragma loopgpu
  for (int i = 0; i < n; i++)
    if (best < k[i] % 5) {
      best = k[i] % 5;
      at = 3 * i + 1;
    }
  return at * 16L + best;
}

long argmax_last_downward(int n, const float *restrict x) {
  double best = -HUGE_VAL;
  int at = -1;
#pragma loopgpu
  for (int i = n - 1; i >= 0; i--)
    if (floor(x[i] * 3.0) >= best) {
      best = floor(x[i] * 3.0);
      at = i;
    }
  return at * 16L + (long)best + 8;
}

// Every value ties with or exceeds the initial 0: `<` never replaces it.
long argmin_initial_ties(int n, const float *restrict x) {
  float best = 0.0f;
  int at = -1;
  int count = 0;
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    float v = fabsf(floorf(x[i] * 2.0f));
    count += v == 0.0f;
    if (v < best) {
      best = v;
      at = i;
    }
  }
  return at * 16L + (long)best + 8 + 1000000L * count;
}
