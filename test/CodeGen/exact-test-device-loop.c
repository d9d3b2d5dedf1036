// A kernel with an exact version launched from a device loop's dispatch (the
// second nest: its host loop j runs inside one kernel, a coarsened nest
// beneath it). The host's test for the exact version named the mapped loops
// of the kernel printed last (the printer's kernel context, null here): the
// printer crashed (random nest 1450738 of run 45's fuzz farm, as
// utils/gen-nest.py wrote it). Now the test reads the launched kernel's own
// mapping, and the kernels match the original under the emulation.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %loopgpu %s --param n=7 -coarsen 2,1,2 --validate --validate-mode=cpu --validate-dir=%t/v 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=HOST < %t/v/kernels.cu
// CHECK-DAG: PASS f: decltype (121 elements)
// CHECK-DAG: PASS f: host (121 elements)
// CHECK-DAG: PASS f: return value (1 elements)
// HOST: const bool loopgpu_exact = loopgpu_trip_x >= 64 && loopgpu_trip_x / 64 <= 2147483647 && loopgpu_trip(0, ((long long)n) - 1, 1) % 16 == 0
#include <math.h>

float f(int n, float alpha, float host[n + 4][n + 4], const int int2[restrict n + 4], float decltype[restrict n + 4][n + 4]) {
  float s = 1.5f;
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    host[i][i + 1] = 0.5f * (s + fmaxf(decltype[i][i + 4], host[i][i]));
    decltype[i + 2][n - i + 2] = 0.25f * (decltype[i + 2][n - i + 2] + decltype[3][i + 4] + fmaxf(host[i + 2][i + 2], host[i + 1][i + 2]) + decltype[1][i + 2]);
  }
  decltype[1][0] = 0.5f * (s + sqrtf(fabsf((float)int2[3])));
#pragma loopgpu
  for (int j = n - 1 - 1; j >= 0; j -= 2) {
    decltype[j + 2][1] = 0.3333333333333333f * (fmaxf(int2[j + 3], int2[j + 1]) + decltype[j + 3][j + 1] + sqrtf(fabsf((float)int2[n - j + 1])));
    for (int k = 2; k <= n - 1; k++) {
      for (int l = 0; l <= j && l < n; l++) {
        float t = decltype[n - k][k + 4];
        for (int i0 = 2; i0 <= n - 1; i0++) {
          host[i0 + 1][j] = 0.5f * (decltype[k][1] + sqrtf(fabsf((float)int2[3])));
          host[k][j + 2] += int2[l] * 0.01f;
          decltype[l][i0 + 1] = 0.3333333333333333f * (s + sqrtf(fabsf(decltype[k + 2][0])) + sqrtf(fabsf(int2[l])));
        }
      }
    }
    decltype[n - j][j + 2] = 0.5f * (decltype[n - j][j + 2] + decltype[j + 1][j + 4]);
  }
  s = 0.5f * (s + decltype[1][2]);
  float v = -1e+30f;
#pragma loopgpu
  for (int i1 = 2; i1 < n; i1 = i1 + 2) {
    int u = (int2[i1 + 2] + int2[i1]) / 2;
    for (int i2 = 0; i2 < (n < n ? n : n); i2++) {
      for (int i3 = 0; i3 <= n - 1; i3++) {
        host[i2][1] = 0.5f * ((float)int2[i3 + 3] + sqrtf(fabsf(decltype[n - i1][3])));
        host[i3 + 2][i2 + 4] = 0.3333333333333333f * ((float)int2[i1] + sqrtf(fabsf(decltype[i3 + 1][1])) + fmaxf(decltype[i1][i2 + 4], int2[i2 + 1]));
        decltype[0][i3] = 0.3333333333333333f * (int2[n - i2 + 3] + int2[i3 + 2] + alpha);
        v = fmaxf(v, int2[1]);
      }
    }
    host[i1][i1] = host[0][1];
  }
  return v;
}
