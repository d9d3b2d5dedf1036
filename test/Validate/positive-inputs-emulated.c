// REQUIRES: cpu-emulation
// Black-Scholes as people write it: logarithms and square roots of the
// inputs, and the cumulative normal distribution in a function of the file
// (it runs on the GPU, __host__ __device__). With the default inputs in
// [-1, 1) the original's results are NaN: INCONCLUSIVE, which fails, with a
// hint; --inputs=positive draws them from [0.5, 1.5) and the CUDA matches.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %expect_exit 1 %loopgpu %s --validate --validate-mode=cpu --validate-dir=%t/random 2>&1 | FileCheck %s --check-prefix=RANDOM
// RUN: %loopgpu %s --validate --validate-mode=cpu --inputs=positive --validate-dir=%t/positive 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=DRIVER --input-file=%t/positive/driver.cu
// RUN: %expect_exit 2 %loopgpu %s --inputs=negative 2>&1 | FileCheck %s --check-prefix=BAD
#include <math.h>

static float cnd(float d) {
  const float A1 = 0.31938153f, A2 = -0.356563782f, A3 = 1.781477937f, A4 = -1.821255978f, A5 = 1.330274429f;
  const float RSQRT2PI = 0.39894228040143267793994605993438f;
  float K = 1.0f / (1.0f + 0.2316419f * fabsf(d));
  float c = RSQRT2PI * expf(-0.5f * d * d) * (K * (A1 + K * (A2 + K * (A3 + K * (A4 + K * A5)))));
  if (d > 0)
    c = 1.0f - c;
  return c;
}

void black_scholes(int n, float *restrict call, float *restrict put, const float *restrict S,
                   const float *restrict X, const float *restrict T, float R, float V) {
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    float sqrtT = sqrtf(T[i]);
    float d1 = (logf(S[i] / X[i]) + (R + 0.5f * V * V) * T[i]) / (V * sqrtT);
    float d2 = d1 - V * sqrtT;
    float expRT = expf(-R * T[i]);
    call[i] = S[i] * cnd(d1) - X[i] * expRT * cnd(d2);
    put[i] = X[i] * expRT * (1.0f - cnd(d2)) - S[i] * (1.0f - cnd(d1));
  }
}

// RANDOM: INCONCLUSIVE black_scholes: call: the original's result is not finite {{.*}} try --inputs=positive
// RANDOM: {{^FAIL$}}

// CHECK-NOT: FAIL
// CHECK-NOT: INCONCLUSIVE
// CHECK: PASS black_scholes: call (37 elements)
// CHECK: PASS black_scholes: put (37 elements)
// CHECK: {{^PASS$}}

// DRIVER: loopgpu_positive_inputs = true; // --inputs=positive

// BAD: --inputs must be random, positive, spd or dominant, not 'negative'
