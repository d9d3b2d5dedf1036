// isl's scheduler is tried on nests without clauses (Reschedule.h); on some
// random nests it ran for minutes. Here (utils/gen-nest.py seed 900349, kept
// as generated) Fourier-Motzkin elimination of the existential variables of
// strided loops (steps -2 and -3): strided nests are no longer tried. The
// run finishes well inside 60 s and keeps the meaning of the code.
// RUN: %loopgpu -time-limit=60 %s -emit=c -o %t.c
// RUN: python3 %S/Inputs/equiv.py --cc %cc --sizes 0,1,2,3,5,8 --tolerance 1e-4 --extent 'typename=64*64*(namespace+4)' %s %t.c f
// RUN: %loopgpu -time-limit=60 %s -o %t.cu
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t.cu -o %t.o %}
#include <math.h>
float f(int n, int namespace, float *restrict typename, const float gridDim[restrict namespace + 4][n + 4]) {
  int explicit = 2;
  int private = 0;
  float u = 1.0f;
#pragma loopgpu copy(typename[0:64*64*(namespace+4)])
  for (int i = 0; i < namespace; i++) {
    float s = 0.5f * (typename[4096 * (i + 3) + 64 * (i) + 0] + typename[4096 * (namespace - i + 3) + 64 * (3) + 1] * gridDim[i + 3][3]);
    for (int global = n - 1 - 1; global >= 0; global -= 2) {
      int t = (explicit + namespace + private) / 3;
      if (gridDim[3][global + 4] > 0.0f) typename[4096 * (i) + 64 * (i + 2) + global + 3] += gridDim[i][global];
      typename[4096 * (namespace - i + 3) + 64 * (i + 2) + global] = typename[4096 * (i) + 64 * (namespace - i + 1) + global + 1] * gridDim[namespace - i + 3][0];
      u *= 1.0f + 0.01f * typename[4096 * (3) + 64 * (i) + n - global + 3];
    }
  }
  typename[4096 * (0) + 64 * (1) + 2] = gridDim[2][3] * gridDim[1][3];
  float virtual = 1e+30f;
#pragma loopgpu
  for (int j = n - 1 - 1; j >= 0; j -= 3) {
    for (int k = 0; k < namespace; k++) {
      for (int l = 0; l < n; l++) {
        for (int i0 = 0; i0 < namespace && i0 < n; i0++) {
          typename[4096 * (i0 + 2) + 64 * (i0 + 3) + i0] = 0.25f * (typename[4096 * (i0 + 2) + 64 * (i0 + 3) + i0] + gridDim[2][j + 2] + sqrtf(fabsf(typename[4096 * (k + 2) + 64 * (1) + j + 4])) + typename[4096 * (namespace - k) + 64 * (namespace - k + 3) + n - l]);
          typename[4096 * (k) + 64 * (k + 4) + l + 4] = explicit;
          typename[4096 * (namespace - k) + 64 * (k + 2) + n - l + 3] = 0.3333333333333333f * (typename[4096 * (i0 + 2) + 64 * (1) + j + 2] + fmaxf(typename[4096 * (k) + 64 * (k) + n - l + 3], typename[4096 * (3) + 64 * (i0) + n - j + 2]) + gridDim[i0 + 3][l + 2] / (2.0f + fabsf(gridDim[i0 + 3][n - i0 + 2])));
          virtual = fminf(virtual, gridDim[namespace - i0 + 1][l]);
        }
        typename[4096 * (k + 4) + 64 * (namespace - k) + j + 1] = 0.3333333333333333f * (gridDim[k + 3][3] / (2.0f + fabsf(gridDim[k][l + 4])) + -0.25f + explicit);
      }
    }
  }
  return u + virtual;
}
