// isl's scheduler is tried on nests without clauses (Reschedule.h); on some
// random nests it ran for minutes. Here (utils/gen-nest.py seed 901309, kept
// as generated) the equalities like 64*i0 = 195 + l + l' that flattened
// subscripts give make its Fourier-Motzkin steps' integers grow: the
// scheduler now gets 10 s of wall-clock time beside its operation budget,
// then the nest keeps its order. The run finishes well inside 60 s and
// keeps the meaning of the code.
// RUN: %loopgpu -time-limit=60 %s -emit=c -o %t.c
// RUN: python3 %S/Inputs/equiv.py --cc %cc --sizes 0,1,2,3,5 --tolerance 1e-4 --extent 'x=64*64*(device+4)' --extent 'y=64*(n+4)' %s %t.c f
// RUN: %loopgpu -time-limit=60 %s -o %t.cu
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t.cu -o %t.o %}
#include <math.h>
float f(int device, int n, float alpha, float beta, float A[restrict device + 4][device + 4], float *restrict x, int *y, const float namespace[restrict device + 4][n + 4]) {
  float s = 1e+30f;
  float t = 0;
#pragma loopgpu copy(x[0:64*64*(device+4)], y[0:64*(n+4)])
  for (int global = 0; global < device; global += 3) {
    for (int i = global + 1; i < n; i++) {
      s = y[64 * (n - i) + global + 4] < s ? y[64 * (n - i) + global + 4] : s;
      t += A[global + 3][global + 2];
    }
  }
  A[3][1] = 0.5f * (y[64 * (3) + 3] + namespace[1][0] * namespace[2][1]);
  y[64 * (3) + 1] = (y[64 * (2) + 2] + y[64 * (2) + 1] + y[64 * (3) + 3]) / 3;
#pragma loopgpu
  for (int j = 0; j < device; j++) {
    for (int k = 0; k < device; k++) {
      for (int l = 1; l < device && l < device; l++) {
        A[j][device - k + 2] = 0.25f * (A[j][device - k + 2] + (float)y[64 * (0) + device - l] * x[4096 * (j + 3) + 64 * (0) + j + 4] + (float)y[64 * (0) + 2] + A[k][k + 2]);
        for (int i0 = j; i0 < n; i0++) {
          if (l + k < n) y[64 * (n - i0 + 3) + l + 3] = y[64 * (2) + 0];
          A[j][l + 4] = 0.3333333333333333f * (A[device - l + 3][j + 1] * namespace[device - l + 2][i0 + 4] + fminf(A[j][j + 2], A[device - k][j + 1]) + y[64 * (i0) + l + 4]);
          y[64 * (i0) + 0] += 2;
        }
        y[64 * (1) + j + 2] += 2;
      }
    }
  }
  y[64 * (2) + 2] = y[64 * (2) + 2];
#pragma loopgpu
  for (int i1 = 0; i1 < n && i1 < device; i1++) {
    float u = 0.5f * (x[4096 * (i1) + 64 * (i1 + 1) + i1] + x[4096 * (device - i1) + 64 * (0) + i1 + 3] * x[4096 * (0) + 64 * (i1 + 2) + i1 + 2]);
    for (int i2 = i1; i2 >= 0; i2 -= 2) {
      for (int throw = 0; throw <= i2; throw++) {
        float v = 0.5f * (alpha + namespace[i2][n - throw + 3] * namespace[i2][throw + 2]);
        for (int i3 = 2; i3 < device; i3 = i3 + 3) {
          if (i3 > throw) A[device - i1 + 3][1] += namespace[i2 + 2][n - i1 + 3];
        }
      }
    }
  }
  return s + t;
}
