// -emit=deps -format=dot: the dependence graph for Graphviz. Each nest and
// each loop is a cluster (loops labelled with their verdicts, nested as in
// the source), statements are nodes, dependences are edges labelled with
// name, kind, array, direction vectors and distances; RAW solid, WAR dashed,
// WAW dotted, red when no privatization or reduction resolves it.
// RUN: %loopgpu %s -emit=deps -format=dot | FileCheck %s
// A text that needs escaping (" and \) reaches Graphviz quoted.
// RUN: rm -rf %t && mkdir -p %t && cp %s '%t/we"ird\.c'
// RUN: %loopgpu '%t/we"ird\.c' -emit=deps -format=dot | FileCheck %s --check-prefix=QUOTE
// -format=dot is for -emit=deps only.
// RUN: %expect_exit 2 %loopgpu %s -emit=ir -format=dot 2>&1 | FileCheck %s --check-prefix=USAGE
void f(int n, float A[restrict n][n], float B[restrict n][n], float s[restrict n]) {
#pragma loopgpu
  for (int i = 1; i < n; i++)
    for (int j = 1; j < n; j++) {
      A[i][j] = A[i][j - 1] + 1;
      B[i][j] = A[i][j] * 2;
    }
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    float t = 0;
    for (int k = 0; k < n; k++)
      t += B[i][k];
    s[i] = t;
  }
}
// CHECK:      digraph "dependences of {{.*}}dot.c" {
// CHECK:        subgraph cluster_n0 {
// CHECK-NEXT:     label="nest f#0 (line [[@LINE-16]])";
// CHECK-NEXT:     subgraph cluster_n0_l0 {
// CHECK-NEXT:       label="loop i (line [[@LINE-17]]): parallel";
// CHECK-NEXT:       style=rounded;
// CHECK-NEXT:       subgraph cluster_n0_l1 {
// CHECK-NEXT:         label="loop j (line [[@LINE-19]]): sequential";
// CHECK-NEXT:         style="rounded,filled"; fillcolor="#fff0f0";
// CHECK-NEXT:         n0_S1 [label="S1 (line [[@LINE-20]])\nA[i][j] = A[i][j - 1] + 1"];
// CHECK-NEXT:         n0_S2 [label="S2 (line [[@LINE-20]])\nB[i][j] = A[i][j] * 2"];
// CHECK-NEXT:       }
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   n0_S1 -> n0_S1 [label="D1 RAW A (=,<)\ndistance (0,1)", style=solid, color=red, fontcolor=red];
// CHECK-NEXT:   n0_S1 -> n0_S2 [label="D2 RAW A (=,=)\ndistance (0,0)", style=solid];
// CHECK:        subgraph cluster_n1 {
// CHECK-NEXT:     label="nest f#1 (line [[@LINE-25]])";
// CHECK-NEXT:     subgraph cluster_n1_l0 {
// CHECK-NEXT:       label="loop i (line [[@LINE-26]]): parallel";
// CHECK-NEXT:       style=rounded;
// CHECK-NEXT:       n1_S1 [label="S1 (line [[@LINE-27]])\nfloat t = 0"];
// CHECK-NEXT:       subgraph cluster_n1_l1 {
// CHECK-NEXT:         label="loop k (line [[@LINE-28]]): reduction";
// CHECK-NEXT:         style=rounded;
// CHECK-NEXT:         n1_S2 [label="S2 (line [[@LINE-29]])\nt += B[i][k]"];
// CHECK-NEXT:       }
// CHECK-NEXT:       n1_S3 [label="S3 (line [[@LINE-30]])\ns[i] = t"];
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK:        n1_S2 -> n1_S2 [label="D4 WAR t (=,<) (=,=)\ndistance (0,*)", style=dashed];
// CHECK:        n1_S2 -> n1_S2 [label="D6 WAW t (=,<)\ndistance (0,*)", style=dotted];
// CHECK-NEXT:   n1_S2 -> n1_S3 [label="D7 RAW t (=)\ndistance (0)", style=solid];
// CHECK-NEXT: }
// QUOTE: digraph "dependences of {{.*}}/we\"ird\\.c" {
// USAGE: error: -format=dot applies to -emit=deps only
