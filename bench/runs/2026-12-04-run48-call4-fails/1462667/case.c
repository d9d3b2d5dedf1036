// function: f
// params: n=2 m=13 template=3
// extents: x=64*(template+4)
// tolerance: 0
// options: -tile 16,16 -shared-staging=true
#include <math.h>

static inline float h_float_affine(float v) { return v * 0.5f + 0.25f; }
static float h_float_nested(float v) { return sqrtf(fabsf(h_float_affine(v))) * 0.5f; }
static inline int lg_at(int a, int b) { return a + b; }

void f(int n, int m, int template, float throw[restrict n + 4][n + 4][m + 4], const float A[restrict template + 4], const float B[restrict m + 4], float *restrict x) {
  float s = -0.75f;
#pragma loopgpu copy(x[0:64*(template+4)])
  for (int i = m - 1; i >= 0; i--) {
    for (int j = n - 1 - 1; j >= 0; j -= 2) {
      float *rp_x_1 = x + 64 * (3);
      float t = 0.3333333333333333f * (0.125f + rp_x_1[j + 2] / (2.0f + fabsf(A[3])) + fminf(throw[j + 4][j][i + 3], B[i + 3]));
      for (unsigned long k = i; k < n; k++) {
        for (int l = 0; l < template; l = l + 2) {
          float or = 0.5f * (sqrtf(fabsf(A[l + 2])) + rp_x_1[k + 1]);
          throw[j][j + 3][i + 2] = 0.5f * (0.125f + A[3] * A[l + 2]);
          throw[j + 2][k + 2][0] = 0.25f * (throw[j + 2][k + 2][0] + h_float_affine(sqrtf(fabsf(B[i]))) + fmaxf(A[0], B[1]) + h_float_nested(A[3] * A[l + 3]));
        }
      }
    }
  }
  s = 0.5f * (s + x[64 * (3) + 1] * A[3]);
  throw[2][1][1] = x[64 * (1) + 0] * A[3];
#pragma loopgpu
  for (int i0 = template - 1 - 0; i0 >= 0; i0 -= 2) {
    float blockIdx = throw[3][2][3];
    for (int std = 0; std < m && std < m; std++) {
      for (int i1 = 1; i1 < m; i1++) {
        int ix_i1 = i1 + 2;
        float u = 0.5f * (0.125f + s);
        switch ((i1) % 3) {
        case 2:
          throw[1][1][lg_at(std, 0)] = 0.3333333333333333f * (throw[1][0][0] + s + u);
          break;
        case 0:
          throw[3][0][(ix_i1 - 2) + 2] = 0.5f * (x[64 * (i0 + 1) + 2] + B[(ix_i1 - 2) + 1]);
          break;
        default:
          throw[0][2][i1] += A[i0];
          break;
        case 1:
          throw[3][3][i1 + 4] = 0.5f * (throw[0][1][std + 1] + -0.25f);
          break;
        }
        x[64 * (template - i0) + 2] = 0.5f * (blockIdx + B[3] * A[template - i0 + 3]);
      }
    }
  }
}
