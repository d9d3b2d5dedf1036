// Eliminating a loop-carried anti dependence (WAR) by reading a copy made
// before the loop (lecture: "a read from the array as it was before the
// loop"). The default pipeline does it when the loop becomes parallel; a
// read that also sees values written in the loop keeps reading the array.
// RUN: %loopgpu %s -emit=c -- -DCASE=1 | grep -v '^//' | FileCheck %s --check-prefix=LECTURE
// RUN: %loopgpu %s -emit=c -- -DCASE=2 | grep -v '^//' | FileCheck %s --check-prefix=MIXED
// RUN: %loopgpu %s -emit=c -- -DCASE=3 | grep -v '^//' | FileCheck %s --check-prefix=OUTER
// RUN: %loopgpu %s -emit=c -- -DCASE=1 > %t.1.c
// RUN: python3 %S/Inputs/equiv.py --cc %cc --cflag=-DCASE=1 %s %t.1.c f
// RUN: %loopgpu %s -emit=c -- -DCASE=2 > %t.2.c
// RUN: python3 %S/Inputs/equiv.py --cc %cc --cflag=-DCASE=2 %s %t.2.c f
// RUN: %loopgpu %s -emit=c -- -DCASE=3 > %t.3.c
// RUN: python3 %S/Inputs/equiv.py --cc %cc --cflag=-DCASE=3 %s %t.3.c f

void f(int n, int m, float A[restrict n], float C[restrict n][m]) {
#if CASE == 1
// The lecture's rotation, minus its last element.
  float tmp = A[1];
#pragma loopgpu
  for (int i = 0; i < n - 1; i++)
    A[i] = A[i + 1];
  A[n - 1] = tmp;
// LECTURE:      *   1. read A_copy, a copy of A made before loop i (line [[@LINE-3]]), at line [[@LINE-2]] (removes the loop-carried WAR) [default choice]
// LECTURE:      float *A_copy = (float *)malloc(sizeof(float) * (size_t)(loopgpu_max(n, 1)));
// LECTURE-NEXT: for (int c0 = 0; c0 < n; c0++) { /* parallel -- copy of 'A' before loop i (line [[@LINE-5]]) */
// LECTURE-NEXT:   A_copy[c0] = A[c0]; /* copy of 'A' read by the loop */
// LECTURE-NEXT: }
// LECTURE-NEXT: for (int i = 0; i < n - 1; i++) { /* parallel -- line [[@LINE-8]] */
// LECTURE-NEXT:   A[i] = A_copy[i + 1]; /* line [[@LINE-8]] */
// LECTURE-NEXT: }
// LECTURE-NEXT: free(A_copy);
#elif CASE == 2
// A[i - 1] was written by the previous iteration (RAW): no copy helps, the
// loop stays as it is.
#pragma loopgpu
  for (int i = 1; i < n - 1; i++)
    A[i] = A[i - 1] + A[i + 1];
// MIXED:      /* no transformation applied */
// MIXED-NEXT: for (int i = 1; i < n - 1; i++) { /* sequential: WAR A (<) -- line [[@LINE-3]] */
#elif CASE == 3
// Inside a sequential time loop: the copy is made before every sweep.
#pragma loopgpu
  for (int t = 0; t < 3; t++)
    for (int i = 0; i < n - 1; i++)
      A[i] = 0.5f * (A[i] + A[i + 1]);
// OUTER:      for (int t = 0; t < 3; t++) { /* sequential: {{.*}} -- line [[@LINE-3]] */
// OUTER-NEXT:   /* A_copy: 'A' as it was before loop i (line [[@LINE-3]]), read instead of it (WAR elimination) */
// OUTER-NEXT:   float *A_copy = (float *)malloc(sizeof(float) * (size_t)(loopgpu_max(n, 1)));
// OUTER-NEXT:   for (int c0 = 0; c0 < n; c0++) {
// OUTER-NEXT:     A_copy[c0] = A[c0];
// OUTER-NEXT:   }
// OUTER-NEXT:   for (int i = 0; i < n - 1; i++) { /* parallel -- line
// OUTER-NEXT:     A[i] = 0.5f * (A_copy[i] + A_copy[i + 1]);
#endif
}
