// REQUIRES: cpu-emulation
// Issue 19: a band whose loops all carry dependences runs as wavefronts
// (Wavefront.h) instead of in one GPU thread: the waves w = h . (iterators in
// execution order) run one after another on the host, the instances of one
// wave in parallel.
//  - nussinov's triangular dynamic program (i downward, j upward, a max over
//    k inside): w = -i + j, i parallel, j = i + w; a warp per cell, the k
//    loop (a max reduction) split over its lanes (test/CodeGen/lane-reductions.c
//    validates it where k runs past 32 iterations).
//  - seidel-2d's in-place 9-point sweep over t: w = 4*t + 2*i + j (the
//    smallest coefficients that advance (0,1,-1), (1,-1,-1) and (0,0,1)),
//    bounds with floor division.
//  - a triangle whose bounds follow the time loop: the original bounds of i
//    stay as a guard.
//  - floyd-warshall: the dependences carried by k go in every direction of i
//    and j with unknown distances: no wavefront (one thread: open).
//  - an iterator read after the nest: no wavefront.
// RUN: %loopgpu %s -emit=c -o %t.c
// RUN: FileCheck %s --check-prefix=C --input-file=%t.c
// RUN: python3 %S/Inputs/equiv.py --cc %cc %s %t.c dp
// RUN: python3 %S/Inputs/equiv.py --cc %cc %s %t.c dp_plain
// RUN: python3 %S/Inputs/equiv.py --cc %cc %s %t.c sweep
// RUN: python3 %S/Inputs/equiv.py --cc %cc %s %t.c triangle
// RUN: python3 %S/Inputs/equiv.py --cc %cc %s %t.c paths
// RUN: python3 %S/Inputs/equiv.py --cc %cc %s %t.c live
// RUN: %loopgpu %s -o %t.cu
// RUN: FileCheck %s --check-prefix=CUDA --input-file=%t.cu
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t.cu -o %t.o %}
// RUN: %loopgpu %s --param n=23 --param tsteps=5 --validate --validate-mode=cpu --validate-dir=%t.1 | FileCheck %s
// RUN: %loopgpu %s --param n=2 --param tsteps=1 --validate --validate-mode=cpu --validate-dir=%t.2 | FileCheck %s
// CHECK-DAG: PASS dp: table
// CHECK-DAG: PASS dp_plain: table
// CHECK-DAG: PASS sweep: A
// CHECK-DAG: PASS triangle: B
// CHECK-DAG: PASS paths: path
// CHECK-DAG: PASS live: D
// CHECK-NOT: FAIL

#define max_score(s1, s2) ((s1 >= s2) ? s1 : s2)

void dp(int n, const int seq[restrict n], int table[restrict n][n]) {
  int i, j, k;
#pragma loopgpu
  for (i = n - 1; i >= 0; i--) {
    for (j = i + 1; j < n; j++) {
      if (j - 1 >= 0)
        table[i][j] = max_score(table[i][j], table[i][j - 1]);
      if (i + 1 < n)
        table[i][j] = max_score(table[i][j], table[i + 1][j]);
      if (j - 1 >= 0 && i + 1 < n)
        table[i][j] = max_score(table[i][j], table[i + 1][j - 1] + (seq[i] + seq[j] == 3));
      for (k = i + 1; k < j; k++)
        table[i][j] = max_score(table[i][j], table[i][k] + table[k + 1][j]);
    }
  }
}
// C-LABEL: void dp(
// C: loops i (line {{[0-9]+}}), j (line {{[0-9]+}}) run as wavefronts w = -i + j
// C: for (int w = 1; w < n; w++) { /* sequential
// C-NEXT: for (int i = n - w - 1; i >= 0; i--) { /* parallel
// C-NEXT: for (int j = i + w; j < loopgpu_min(n, i + w + 1); j++) {

void sweep(int tsteps, int n, double A[restrict n][n]) {
  int t, i, j;
#pragma loopgpu
  for (t = 0; t <= tsteps - 1; t++)
    for (i = 1; i <= n - 2; i++)
      for (j = 1; j <= n - 2; j++)
        A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1] + A[i][j - 1] + A[i][j] + A[i][j + 1] +
                   A[i + 1][j - 1] + A[i + 1][j] + A[i + 1][j + 1]) / 9.0;
}
// Without restrict: seq may alias table, every loop is sequential; the
// version for arrays apart (a run-time check) is made because a wavefront
// exists there. Its band holds the reduction over k: the permutation that
// makes j parallel leaves i and k on the host (n^2 / 2 rounds of launches),
// the waves w only (wavefront-alternative.c), which the pipeline takes.
void dp_plain(int n, const char seq[n], int table[n][n]) {
  for (int i = n - 1; i >= 0; i--)
#pragma loopgpu
    for (int j = i + 1; j < n; j++)
      table[i][j] = max_score(table[i][j], table[i + 1][j - 1] + (seq[i] == seq[j]));
#pragma loopgpu
  for (int i = n - 1; i >= 0; i--)
    for (int j = i + 1; j < n; j++)
      for (int k = i + 1; k < j; k++)
        table[i][j] = max_score(table[i][j], table[i][k] + table[k + 1][j] + seq[k]);
}

// C-LABEL: void sweep(
// C: run as wavefronts w = 4*t + 2*i + j
// C: for (int w = 3; w < 4*tsteps + 3*n - 9; w++) { /* sequential
// C-NEXT: for (int t = loopgpu_max(0, loopgpu_floord(w - 3*n + 9, 4)); t < loopgpu_min(tsteps, loopgpu_floord(w - 3, 4) + 1); t++) { /* parallel
// C-NEXT: for (int i = loopgpu_max(1, loopgpu_floord(w - 4*tsteps - n + 7, 2)); i < loopgpu_min(n - 1, loopgpu_floord(w - 1, 2) + 1); i++) { /* parallel
// C-NEXT: for (int j = loopgpu_max(1, w - 4*t - 2*i); j < loopgpu_min(n - 1, w - 4*t - 2*i + 1); j++) {

void triangle(int tsteps, int n, float B[restrict n][n]) {
#pragma loopgpu
  for (int t = 0; t < tsteps; t++)
    for (int i = t + 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        B[i][j] = 0.25f * (B[i - 1][j + 1] + B[i][j - 1] + B[i + 1][j - 1] + B[i][j]);
}
// C-LABEL: void triangle(
// C: run as wavefronts w = 2*t + 2*i + j
// C: the other loops' original bounds a guard
// w's bounds are ISL's projection (LoopBounds.h): without redundant terms,
// e.g. max(3, floord(-2*n + 13, 2)), which only differs from 3 where n <= 2
// and the band is empty.
// C-NEXT: {{^ +[*][/]$}}
// C-NEXT: for (int w = 3; w < loopgpu_min(2*tsteps + 3*n - 7, 5*n - 11); w++) {
// C: for (int j = {{.*}}) {
// C-NEXT: if (t + 1 <= i && i <= n - 2) {

void paths(int n, int path[restrict n][n]) {
#pragma loopgpu
  for (int k = 0; k < n; k++)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        path[i][j] = path[i][j] < path[i][k] + path[k][j] ? path[i][j] : path[i][k] + path[k][j];
}
// C-LABEL: void paths(
// C-NOT: wavefront
// C: for (int k = 0; k < n; k++) { /* sequential

int live(int n, float D[restrict n][n]) {
  int i, j = 0;
#pragma loopgpu
  for (i = 1; i < n; i++)
    for (j = 1; j < n; j++)
      D[i][j] = D[i - 1][j] + D[i][j - 1];
  return i + j;
}
// C-LABEL: int live(
// C-NOT: wavefront
// C: for (i = 1; i < n; i++) { /* sequential

// CUDA-LABEL: // nest 0 of dp
// CUDA: dp_nest0_kernel: block (32, 8, 1), grid covering i on y
// CUDA-NEXT: loop w (line {{[0-9]+}}) stays sequential on the host
// CUDA-LABEL: // nest 0 of sweep
// CUDA: sweep_nest0_kernel: block (32, 8, 1), grid covering t on x i on y
// CUDA-NEXT: loop w (line {{[0-9]+}}) stays sequential on the host
// CUDA-LABEL: // nest 1 of dp_plain
// CUDA-NEXT: dp_plain_nest1_kernel: 1 thread
// CUDA: // nest 1 of dp_plain ({{.*}}), version 'apart' for table and seq apart
// CUDA-NOT: 1 thread
// CUDA: dp_plain_nest1_apart_kernel: block (32, 8, 1), grid covering i on y
// CUDA-NEXT: loop w (line {{[0-9]+}}) stays sequential on the host
// CUDA-LABEL: // nest 0 of triangle
// CUDA: triangle_nest0_kernel: block (32, 8, 1), grid covering t on x i on y
// CUDA-NEXT: loop w (line {{[0-9]+}}) stays sequential on the host
// Floyd-Warshall: no wavefront of the band; isl's order keeps k on the host
// and runs the other diagonals in parallel.
// CUDA-LABEL: // nest 0 of paths
// CUDA-NEXT: new loop order from isl's scheduler
// CUDA-NEXT: paths_nest0_kernel: block (256, 1, 1), grid covering i on x
// CUDA-NEXT: loop k (line {{[0-9]+}}) stays sequential on the host
