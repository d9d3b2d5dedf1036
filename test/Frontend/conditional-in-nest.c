// A preprocessor conditional inside a nest: -emit=ir and -emit=deps read the
// nest as preprocessed; -emit=c and -emit=cuda, which replace the nest's text,
// refuse it with a located error.
// RUN: %loopgpu %s -emit=ir | FileCheck %s --check-prefix=IR
// RUN: not %loopgpu %s 2>&1 | FileCheck %s
// RUN: not %loopgpu %s -emit=c 2>&1 | FileCheck %s
void f(int n, float A[restrict n]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
#ifdef TWICE
    A[i] *= 2;
#else
    A[i] += 1;
#endif
}
// IR: A[i] += 1
// CHECK: conditional-in-nest.c:[[@LINE-7]]:2: error: preprocessor conditionals inside a '#pragma loopgpu' nest are not supported by -emit=c and -emit=cuda
