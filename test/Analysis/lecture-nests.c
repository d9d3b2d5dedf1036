// The lecture's three nests: direction vectors, parallel loops, interchange.
// RUN: %loopgpu %s -emit=deps | FileCheck %s

// A[j][i] = A[j][i]: only within one instance, (=,=); both loops parallel,
// interchange legal.
void same(int N, float A[restrict N + 1][N + 1]) {
#pragma loopgpu
  for (int i = 1; i <= N; i++)
    for (int j = 1; j <= N; j++)
      A[j][i] = A[j][i] * 2;
}
// CHECK-LABEL: nest same#0
// CHECK:      D1: S1 -> S1  WAR  A  (=,=)  line 10 -> line 10  [A[j][i] -> A[j][i]]  distance (0,0)
// CHECK-NOT:  D2:
// CHECK:      loop i (line 8): parallel
// CHECK-NEXT: loop j (line 9): parallel
// CHECK-NEXT: legal permutations of (i,j): (i,j) (j,i)

// (=,<) and (<,<): both loops sequential, interchange legal.
void second(int N, float A[restrict N + 1][N + 1], float B[restrict N + 1][N + 1]) {
#pragma loopgpu
  for (int i = 2; i <= N; i++)
    for (int j = 2; j <= N; j++) {
      A[j][i] = A[j-1][i] + 1;
      B[j][i] = B[j-1][i-1] * 2;
    }
}
// CHECK-LABEL: nest second#0
// CHECK:      D1: S1 -> S1  RAW  A  (=,<)  line 24 -> line 24  [A[j][i] -> A[j-1][i]]  distance (0,1)
// CHECK-NEXT: D2: S2 -> S2  RAW  B  (<,<)  line 25 -> line 25  [B[j][i] -> B[j-1][i-1]]  distance (1,1)
// CHECK:      direction matrix:
// CHECK-NEXT:        i j
// CHECK-NEXT: D1     = <
// CHECK-NEXT: D2     < <
// CHECK:      loop i (line 22): sequential: RAW B[j][i] -> B[j-1][i-1] lines 25->25, direction (<,<)
// CHECK-NEXT: loop j (line 23): sequential: RAW A[j][i] -> A[j-1][i] lines 24->24, direction (=,<)
// CHECK-NEXT: legal permutations of (i,j): (i,j) (j,i)

// (<,>): the inner loop is parallel, interchange is illegal.
void third(int N, float A[restrict N + 2][N + 2]) {
#pragma loopgpu
  for (int i = 2; i <= N; i++)
    for (int j = 1; j <= N; j++)
      A[i][j] = A[i-1][j+1] + 1;
}
// CHECK-LABEL: nest third#0
// CHECK:      D1: S1 -> S1  RAW  A  (<,>)  line 44 -> line 44  [A[i][j] -> A[i-1][j+1]]  distance (1,-1)
// CHECK:      loop i (line 42): sequential: RAW A[i][j] -> A[i-1][j+1] lines 44->44, direction (<,>)
// CHECK-NEXT: loop j (line 43): parallel
// CHECK-NEXT: legal permutations of (i,j): (i,j){{$}}
