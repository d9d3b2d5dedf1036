// Reductions into one array element that also read other elements of the
// same array (issue 19: `x[i] -= L[i][j] * x[j]`, trisolv's and ludcmp's
// substitutions). The other reads are not the reduction variable: the
// dependences must prove them apart from it, or there is no reduction.
// RUN: %loopgpu %s -emit=deps | FileCheck %s

void trisolv(int n, double L[restrict n][n], double x[restrict n], double b[restrict n]) {
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    x[i] = b[i];
    for (int j = 0; j < i; j++)
      x[i] -= L[i][j] * x[j];
    x[i] = x[i] / L[i][i];
  }
}
// CHECK-LABEL: nest trisolv#0
// CHECK: loop i (line [[#@LINE-8]]): sequential
// CHECK: loop j (line [[#@LINE-7]]): reduction: x[i] (+)

// The same written as a chain.
void chain(int n, double L[restrict n][n], double x[restrict n]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++)
      x[i] = x[i] - L[i][j] * x[j];
}
// CHECK-LABEL: nest chain#0
// CHECK: loop j (line [[#@LINE-4]]): reduction: x[i] (+)

// j reaches i: the read x[j] sees the partial sums, so j is not a reduction.
void reaches(int n, double x[restrict n]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      x[i] = x[i] + x[j];
}
// CHECK-LABEL: nest reaches#0
// CHECK: loop j (line [[#@LINE-4]]): sequential

// The variable read a second time in the value is not a reduction either.
void twice(int n, double x[restrict n], double a[restrict n]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      x[i] = x[i] + x[i] * a[j];
}
// CHECK-LABEL: nest twice#0
// CHECK: loop j (line [[#@LINE-4]]): sequential

// Other elements through an array that may alias x: not proven apart.
void alias(int n, double *x, double *y) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++)
      x[i] = x[i] + y[j];
}
// CHECK-LABEL: nest alias#0
// CHECK: loop j (line [[#@LINE-4]]): sequential

// max written with ?: reading other elements (nussinov's k loop): a
// reduction where j < i proves x[j] apart from x[i] ...
void maxes(int n, double x[restrict n]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++)
      x[i] = x[i] > x[j] ? x[i] : x[j];
}
// CHECK-LABEL: nest maxes#0
// CHECK: loop j (line [[#@LINE-4]]): reduction: x[i] (max)

// ... and not where j reaches i (x[j] is then the variable itself).
void maxes_self(int n, double x[restrict n]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i; j++)
      x[i] = x[i] > x[j] ? x[i] : x[j];
}
// CHECK-LABEL: nest maxes_self#0
// CHECK: loop j (line [[#@LINE-4]]): sequential
