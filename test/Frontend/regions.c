// Loops the IR does not model (a `while`, a `do`, a `for` whose header is
// not affine) inside a nest become one statement each, kept as written: a
// sequential region. Its accesses are the statement's, "may" but for the
// top loop's initialization, non-affine where they go through its own
// variables. What a region cannot hold is a located error.
// RUN: %loopgpu %s -emit=ir -- -DCASE=0 | FileCheck %s
// RUN: not %loopgpu %s -emit=ir -- -DCASE=1 2>&1 | FileCheck %s --check-prefix=CLAUSE
// RUN: not %loopgpu %s -emit=ir -- -DCASE=2 2>&1 | FileCheck %s --check-prefix=ITER
// RUN: not %loopgpu %s -emit=ir -- -DCASE=3 2>&1 | FileCheck %s --check-prefix=SIDE
// RUN: not %loopgpu %s -emit=ir -- -DCASE=4 2>&1 | FileCheck %s --check-prefix=RETURN
// RUN: not %loopgpu %s -emit=ir -- -DCASE=5 2>&1 | FileCheck %s --check-prefix=OUTER
// RUN: not %loopgpu %s -emit=ir -- -DCASE=6 2>&1 | FileCheck %s --check-prefix=DIRECTION
// RUN: not %loopgpu %s -emit=ir -- -DCASE=7 2>&1 | FileCheck %s --check-prefix=BREAK

void f(int n, int m, const int *restrict rowptr, float *restrict A, float B[restrict n][m]) {
#if CASE == 0
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    for (int k = rowptr[i]; k < rowptr[i + 1]; k++)
      A[k] = 0;
    for (int k = 0; k != m; k++)
      B[i][k] = 1;
    for (float x = 0; x < m; x++)
      B[i][0] += x;
    int t = 1;
    while (t < m && B[i][t] > 0)
      t *= 2;
    do {
      t--;
      if (t == 3)
        continue;
    } while (t > 0);
  }
// CHECK:      S1 (line [[@LINE-15]]): for (k = rowptr[i]; k < rowptr[i + 1]; k++) {
// CHECK-NEXT:   A[k] = 0;
// CHECK-NEXT: }
// CHECK-NEXT:   read rowptr[i]
// CHECK-NEXT:   write k
// CHECK-NEXT:   may-read k
// CHECK-NEXT:   may-read rowptr[i + 1]
// CHECK:        may-write A[*] (non-affine: A[k])
// CHECK:      S2 (line [[@LINE-21]]): for (k_2 = 0; k_2 != m; k_2++) {
// CHECK:        may-write B[i][k_2] where k_2 >= 0 and k_2 != m (non-affine: B[i][k])
// CHECK:      S3 (line [[@LINE-21]]): for (x = 0; x < m; x++) {
// CHECK-NEXT:   B[i][0] += x;
// CHECK:        may-write B[i][0]
// CHECK:      S4 (line [[@LINE-22]]): int t = 1
// CHECK:      S5 (line [[@LINE-22]]): while (t < m && B[i][t] > 0) {
// CHECK-NEXT:   t *= 2;
// CHECK-NEXT: }
// CHECK:      S6 (line [[@LINE-23]]): do {
// CHECK-NEXT:   t--;
// CHECK-NEXT:   if (t == 3) {
// CHECK-NEXT:     continue;
// CHECK-NEXT:   }
// CHECK-NEXT: } while (t > 0);
#elif CASE == 1
#pragma loopgpu
  for (int i = 0; i < n; i++)
#pragma loopgpu tile(4)
    for (int k = rowptr[i]; k < rowptr[i + 1]; k++)
      A[k] = 0;
// CLAUSE: regions.c:[[@LINE-2]]:5: error: a '#pragma loopgpu' clause on a loop that runs as written in one thread (its header is not affine in the enclosing iterators and parameters, a 'break' leaves it, or it is inside a 'while' or 'do' loop or such a loop)
#elif CASE == 2
#pragma loopgpu
  for (int i = 0; i < n; i++)
    while (A[i] > 1)
      i++;
// ITER: regions.c:[[@LINE-1]]:7: error: loop iterator 'i' is modified inside its loop
#elif CASE == 3
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    int k = 0;
    while (A[k++] > 0)
      switch (k) { case 1: A[k] = 0; default: A[k] = 1; }
  }
// SIDE: regions.c:[[@LINE-2]]:38: error: a 'switch' case that the statements before it fall through into is not supported inside a '#pragma loopgpu' nest (end them with 'break')
#elif CASE == 4
#pragma loopgpu
  for (int i = 0; i < n; i++)
    while (A[i] > 1)
      return;
// RETURN: regions.c:[[@LINE-1]]:7: error: 'return' is not supported inside a '#pragma loopgpu' nest
#elif CASE == 5
#pragma loopgpu
  for (int i = rowptr[0]; i < n; i++)
    A[i] = 0;
// OUTER: regions.c:[[@LINE-2]]:16: error: loop initial value 'rowptr[0]' is not affine in the outer loop iterators and parameters
#elif CASE == 6
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int k = 0; k > m; k++)
      A[k] = 0;
// DIRECTION: regions.c:[[@LINE-2]]:21: error: loop condition 'k > m' does not agree with the direction of the step 1
#elif CASE == 7
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    while (A[i] > 1)
      A[i] /= 2;
    if (A[i] < 0)
      break;
  }
// BREAK: regions.c:[[@LINE-2]]:7: error: 'break' is not supported inside a '#pragma loopgpu' nest
#endif
}
