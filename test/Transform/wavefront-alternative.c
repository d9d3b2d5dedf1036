// REQUIRES: cpu-emulation
// The wavefront alternative (Pipeline.cpp, runPipeline): a band whose loops
// all carry dependences, with a reduction loop inside, runs as wavefronts
// when that leaves fewer loops on the host around a statement than the
// loop-by-loop choices. The matrix-chain order written three ways: with a
// private minimum (the choices distributed j and k under two host loops:
// n^2 / 2 rounds of launches), as one statement in a perfect band (permuted
// into (i, k, j) on the host, j parallel), and with a statement before k
// (distributed). Each now runs as the waves w = -i + j, a warp per cell and
// the minimum over k split over its lanes (test/CodeGen/lane-reductions.c).
// RUN: %loopgpu %s -emit=c -o %t.c
// RUN: FileCheck %s --check-prefix=C --input-file=%t.c
// RUN: python3 %S/Inputs/equiv.py --cc %cc %s %t.c chain_private
// RUN: python3 %S/Inputs/equiv.py --cc %cc %s %t.c chain_perfect
// RUN: python3 %S/Inputs/equiv.py --cc %cc %s %t.c chain_first
// RUN: %loopgpu %s -o %t.cu
// RUN: FileCheck %s --check-prefix=CUDA --input-file=%t.cu
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t.cu -o %t.o %}
// RUN: %loopgpu %s --param n=70 --validate --validate-mode=cpu --validate-dir=%t.1 | FileCheck %s
// RUN: %loopgpu %s --param n=2 --validate --validate-mode=cpu --validate-dir=%t.2 | FileCheck %s
// CHECK-DAG: PASS chain_private: cost
// CHECK-DAG: PASS chain_perfect: cost
// CHECK-DAG: PASS chain_first: cost
// CHECK-NOT: FAIL
// CHECK: {{^PASS$}}

// C-LABEL: void chain_private(
// C: loops i (line {{[0-9]+}}), j (line {{[0-9]+}}) run as wavefronts w = -i + j
// C-NOT: distribute
// CUDA-LABEL: // nest 0 of chain_private
// CUDA: chain_private_nest0_kernel: block (32, 8, 1), grid covering i on y
// CUDA-NEXT: loop w (line {{[0-9]+}}) stays sequential on the host
void chain_private(int n, const int dims[restrict n + 1], int cost[restrict n][n]) {
  int i, j, k;
#pragma loopgpu
  for (i = n - 1; i >= 0; i--) {
    for (j = i + 1; j < n; j++) {
      int best = 1 << 30;
      for (k = i; k < j; k++) {
        int c = cost[i][k] + cost[k + 1][j] + dims[i] % 7 * (dims[k + 1] % 7) * (dims[j + 1] % 7);
        best = c < best ? c : best;
      }
      cost[i][j] = best % 1000;
    }
  }
}

// C-LABEL: void chain_perfect(
// C: loops i (line {{[0-9]+}}), j (line {{[0-9]+}}) run as wavefronts w = -i + j
// C-NOT: permute
// CUDA-LABEL: // nest 0 of chain_perfect
// CUDA: chain_perfect_nest0_kernel: block (32, 8, 1), grid covering i on y
// CUDA-NEXT: loop w (line {{[0-9]+}}) stays sequential on the host
void chain_perfect(int n, const int dims[restrict n + 1], int cost[restrict n][n]) {
  int i, j, k;
#pragma loopgpu
  for (i = n - 1; i >= 0; i--)
    for (j = i + 1; j < n; j++)
      for (k = i; k < j; k++)
        cost[i][j] = cost[i][k] + cost[k + 1][j] + dims[k + 1] % 5 < cost[i][j]
                         ? cost[i][k] + cost[k + 1][j] + dims[k + 1] % 5
                         : cost[i][j];
}

// C-LABEL: void chain_first(
// C: loops i (line {{[0-9]+}}), j (line {{[0-9]+}}) run as wavefronts w = -i + j
// C-NOT: distribute
// CUDA-LABEL: // nest 0 of chain_first
// CUDA: chain_first_nest0_kernel: block (32, 8, 1), grid covering i on y
// CUDA-NEXT: loop w (line {{[0-9]+}}) stays sequential on the host
void chain_first(int n, const int dims[restrict n + 1], int cost[restrict n][n]) {
  int i, j, k;
#pragma loopgpu
  for (i = n - 1; i >= 0; i--)
    for (j = i + 1; j < n; j++) {
      if (i + 1 < n)
        cost[i][j] = cost[i + 1][j] + dims[i] % 5;
      for (k = i + 1; k < j; k++)
        cost[i][j] = cost[i][k] + cost[k + 1][j] < cost[i][j] ? cost[i][k] + cost[k + 1][j] : cost[i][j];
    }
}
