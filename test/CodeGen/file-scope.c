// REQUIRES: nvcc
// The input's file-scope declarations (macros, typedefs, structs, global
// arrays and scalars, static const tables, the helper functions the host
// code calls, also through a table of function pointers) are repeated in
// the CUDA file, with C linkage, so that the host code and the copies of
// the globals the nests use compile; a global the nest writes is copied in
// and back out. Functions the host code does
// not call (here one with a VLA parameter, which C++ lacks) are left out,
// and so are declarations of the functions with nests.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %loopgpu %s -o %t/a.cu
// RUN: FileCheck %s < %t/a.cu
// RUN: %nvcc -arch=sm_90 -c %t/a.cu -o %t/a.o 2>&1 | count 0
// CHECK: #define SCALE 2.0f
// CHECK: // Declarations at file scope of {{.*}}file-scope.c (types, variables, the functions the host code calls):
// CHECK-NEXT: extern "C" {
// CHECK-NEXT: typedef float real;
// CHECK-NEXT: struct pair { int a, b; };
// CHECK-NEXT: float G[100];
// CHECK-NEXT: static const float table[4] = {1.0f, 2.0f, 3.0f, 4.0f};
// CHECK-NEXT: int scale = 3, offset = 1;
// CHECK-NEXT: static real twice(real x) { return 2 * x; }
// CHECK-NEXT: static int helper(struct pair p) { return p.a + p.b; }
// CHECK-NEXT: static real third(real x) { return x / 3; }
// CHECK-NEXT: static real (*const ops[1])(real) = {third};
// CHECK-NEXT: }
// CHECK-NOT: unrelated
// CHECK-NOT: real fs(
// CHECK: extern "C" float fs(int n, float *__restrict__ out) {
// CHECK:       loopgpu_nest_region loopgpu_nest({{[{][{]}}table, loopgpu_bytes(loopgpu_count({(long long)(4)}), sizeof(float)), false},
// CHECK-NEXT:                                    {G, loopgpu_bytes(loopgpu_count({(long long)(100)}), sizeof(float)), false}},
// CHECK:       loopgpu_nest_region loopgpu_nest({{[{][{]}}G, loopgpu_bytes(loopgpu_count({(long long)(100)}), sizeof(float)), true}},
// CHECK:       loopgpu_nest.finish();
#include <math.h>
#define SCALE 2.0f
typedef float real;
struct pair { int a, b; };
float G[100];
static const float table[4] = {1.0f, 2.0f, 3.0f, 4.0f};
int scale = 3, offset = 1;
static real twice(real x) { return 2 * x; }
static int helper(struct pair p) { return p.a + p.b; }
static real third(real x) { return x / 3; }
static real (*const ops[1])(real) = {third};
void unrelated(int n, float A[n]);
real fs(int n, float *restrict out);

real fs(int n, float *restrict out) {
  struct pair p = {1, 2};
  real s = twice((real)helper(p)) + ops[0](1.0f);
#pragma loopgpu
  for (int i = 0; i < n; i++)
    out[i] = table[i % 4] * scale + G[i % 100] + offset;
#pragma loopgpu
  for (int i = 0; i < 100; i++)
    G[i] = G[i] + SCALE;
  return s + G[3];
}
