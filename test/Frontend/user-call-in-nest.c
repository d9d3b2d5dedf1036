// A nest may call a function of the file that takes and returns numbers and
// uses nothing outside itself (it runs on the GPU: the CUDA file declares it
// __host__ __device__). Any other call gets a located error that says why.
// RUN: %loopgpu %s -emit=ir -- -DCASE=0 2>&1 | FileCheck %s --check-prefix=OK
// RUN: %expect_exit 1 %loopgpu %s -- -DCASE=1 2>&1 | FileCheck %s --check-prefix=GLOBAL
// RUN: %expect_exit 1 %loopgpu %s -- -DCASE=2 2>&1 | FileCheck %s --check-prefix=POINTER
// RUN: %expect_exit 1 %loopgpu %s -- -DCASE=3 2>&1 | FileCheck %s --check-prefix=STATIC
// RUN: %expect_exit 1 %loopgpu %s -- -DCASE=4 2>&1 | FileCheck %s --check-prefix=PRINTF
// RUN: %expect_exit 1 %loopgpu %s -- -DCASE=5 2>&1 | FileCheck %s --check-prefix=RECURSIVE
// RUN: %expect_exit 1 %loopgpu %s -- -DCASE=6 2>&1 | FileCheck %s --check-prefix=NODEF
// RUN: %expect_exit 1 %loopgpu %s -- -DCASE=7 2>&1 | FileCheck %s --check-prefix=INNER
// RUN: %expect_exit 1 %loopgpu %s -- -DCASE=8 2>&1 | FileCheck %s --check-prefix=NESTFN
// RUN: %expect_exit 1 %loopgpu %s -- -DCASE=9 2>&1 | FileCheck %s --check-prefix=HEADER
#include <stdio.h>
#include "../Inputs/user-call-helper.h"
float scale = 2.0f;
static float sq(float x) { return x * x; }
static float with_global(float x) { return x * scale; }
static float through(const float *p) { return p[0]; }
static float counted(float x) { static int calls; calls++; return x; }
static float noisy(float x) { printf("%f\n", x); return x; }
static int fact(int k) { return k <= 1 ? 1 : k * fact(k - 1); }
float elsewhere(float x);
static float outer(float x) { return sq(x) + with_global(x); }
int has_nest(int n) {
  int s = 0;
#pragma loopgpu
  for (int i = 0; i < n; i++)
    s += i;
  return s;
}

void g(int n, float *restrict A) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
#if CASE == 0
    A[i] = sq(A[i]);
// OK: S1 (line [[@LINE-1]]): A[i] = sq(A[i])
#elif CASE == 1
    A[i] = with_global(A[i]);
// GLOBAL: user-call-in-nest.c:[[@LINE-1]]:12: error: call to 'with_global' (it uses 'scale', a variable outside it; a nest may call math functions
#elif CASE == 2
    A[i] = through(&A[i]);
// POINTER: user-call-in-nest.c:[[@LINE-1]]:12: error: call to 'through' (its parameter 'p' is not a number;
#elif CASE == 3
    A[i] = counted(A[i]);
// STATIC: user-call-in-nest.c:[[@LINE-1]]:12: error: call to 'counted' (it declares the static variable 'calls';
#elif CASE == 4
    A[i] = noisy(A[i]);
// PRINTF: user-call-in-nest.c:[[@LINE-1]]:12: error: call to 'noisy' (it calls 'printf';
#elif CASE == 5
    A[i] = fact(i);
// RECURSIVE: user-call-in-nest.c:[[@LINE-1]]:12: error: call to 'fact' (it calls 'fact': it is recursive;
#elif CASE == 6
    A[i] = elsewhere(A[i]);
// NODEF: user-call-in-nest.c:[[@LINE-1]]:12: error: call to 'elsewhere' (its definition is not in this file;
#elif CASE == 7
    A[i] = outer(A[i]);
// INNER: user-call-in-nest.c:[[@LINE-1]]:12: error: call to 'outer' (it calls 'with_global': it uses 'scale', a variable outside it;
#elif CASE == 8
    A[i] = has_nest(i);
// NESTFN: user-call-in-nest.c:25:5: error: a nest calls 'has_nest', which has a '#pragma loopgpu' nest of its own
#elif CASE == 9
    A[i] = header_sq(A[i]);
// HEADER: user-call-in-nest.c:[[@LINE-1]]:12: error: call to 'header_sq' (its definition is in a header, which the CUDA file includes as it is: define it in this file;
#endif
}
