// -emit=deps -format=json: one object per nest with loops and verdicts,
// statements, dependences with direction vectors, permutations, distribution.
// RUN: %loopgpu %s -emit=deps -format=json | FileCheck %s
void f(int n, float A[restrict n][n]) {
#pragma loopgpu
  for (int i = 1; i < n; i++)
    for (int j = 1; j < n; j++)
      A[i][j] = A[i][j - 1] + 1;
}
// CHECK:      "file": "{{.*}}json.c",
// CHECK:      "nests": [
// CHECK:          "dependences": [
// CHECK:              "array": "A",
// CHECK:              "directions": [
// CHECK-NEXT:           [
// CHECK-NEXT:             "=",
// CHECK-NEXT:             "<"
// CHECK-NEXT:           ]
// CHECK-NEXT:         ],
// CHECK:              "id": "D1",
// CHECK:              "kind": "RAW",
// CHECK:              "sink": "S1",
// CHECK:              "sink_line": 8,
// CHECK:              "source": "S1",
// CHECK:          "function": "f",
// CHECK:          "legal_permutations": [
// CHECK-NEXT:       [
// CHECK-NEXT:         "i",
// CHECK-NEXT:         "j"
// CHECK-NEXT:       ],
// CHECK-NEXT:       [
// CHECK-NEXT:         "j",
// CHECK-NEXT:         "i"
// CHECK-NEXT:       ]
// CHECK-NEXT:     ],
// CHECK:          "loops": [
// CHECK:              "var": "i",
// CHECK-NEXT:         "verdict": "parallel"
// CHECK:              "blocking": [
// CHECK-NEXT:           "D1"
// CHECK-NEXT:         ],
// CHECK:              "reason": "inclusive scan (+) of A along j: 'A[i][j] = A[i][j - 1] + 1' is a first-order linear recurrence; it carries RAW A[i][j] -> A[i][j - 1] lines 8->8, direction (=,<)",
// CHECK:              "var": "j",
// CHECK-NEXT:         "verdict": "scan"
