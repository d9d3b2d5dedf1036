// Inputs on which Clang or the analysis would run without end (issue 18,
// item 13). Clang 19's parser never returns from `(::` in C (clang-19
// -fsyntax-only neither): loopgpu reports the `::` where the preprocessor
// hands it over and gives the parser a `:` instead, on which it recovers.
// RUN: %expect_exit 1 %loopgpu %s -time-limit=20 -emit=deps -- -DLOOPGPU_TEST_HANG 2>&1 | FileCheck %s --check-prefix=HANG
// HANG: time-limit.c:[[#@LINE+6]]:10: error: '::' is not C here (only inside '{{.}}{{.}}vendor::attribute{{.}}{{.}}')
// HANG: time-limit.c:[[#@LINE+6]]:21: error: '::' is not C here
// HANG: time-limit.c:[[#@LINE+7]]:10: error: '::' is not C here
// HANG-NOT: time limit
// HANG-NOT: 'gnu::unused'
#ifdef LOOPGPU_TEST_HANG
int x = (::;
unsigned y = sizeof(::);
#define SCOPE ::
int z = (SCOPE a);
[[gnu::unused]] static int attributes_are_fine;
#endif

// Dependences between subscripts made of remainders: each exact test is
// bounded by ISL's operation budget (113 s before, a few seconds now); the
// pairs whose test runs out are assumed dependent (sound).
// RUN: %loopgpu %s -time-limit=60 -emit=deps 2>&1 | FileCheck %s
void remainders(int n, int m, float *A) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      A[i % 7 + j % 11 + (i + j) % 13] = A[(i + j) % 17 + i % 19] + 1.0f;
}
// CHECK: loop i (line [[#@LINE-4]]): sequential
// CHECK: loop j (line [[#@LINE-4]]): sequential

// Those seconds are past a limit of one: the run ends with a message naming
// the phase, and exit status 1.
// RUN: %expect_exit 1 %loopgpu %s -time-limit=1 -emit=deps 2>&1 | FileCheck %s --check-prefix=LIMIT
// LIMIT: loopgpu: error: time limit of 1 s exceeded while analysing dependences
