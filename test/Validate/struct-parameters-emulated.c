// REQUIRES: cpu-emulation
// Functions whose parameters are structs (by value: host code reads their
// members before the nest; by pointer) validate: the driver repeats the
// file's headers, macros and type declarations for their prototypes, and
// leaves out the long double run of a function that takes a struct by
// value (its struct has other members there). Before, the driver did not
// compile ('struct cfg' incomplete), or the long double run was called with
// the float struct and crashed.
// RUN: rm -rf %t && %loopgpu %s --validate --validate-mode=cpu --validate-dir=%t | FileCheck %s
// RUN: FileCheck %s --check-prefix=DRIVER < %t/driver.cu
// RUN: %loopgpu %s --validate --validate-mode=none --validate-dir=%t/w 2>&1 >/dev/null | FileCheck %s --check-prefix=WARN
// WARN: warning: --validate: the host code of 'shift' uses 'bounds', which the driver passes as NULL: the runs may crash or compare little
// CHECK: PASS scale: x
// CHECK: PASS shift: y
// CHECK: {{^PASS$}}
// DRIVER: #define NCOEF 2
// DRIVER: struct cfg { float scale; int off; float coef[NCOEF]; };
// DRIVER: typedef struct { double lo, hi; } range_t;
// DRIVER: extern "C" void scale(int n, struct cfg c, float *x);
#define NCOEF 2
struct cfg { float scale; int off; float coef[NCOEF]; };
typedef struct { double lo, hi; } range_t;

void scale(int n, struct cfg c, float x[restrict n]) {
  float s = c.scale + c.coef[1];
  int off = c.off;
#pragma loopgpu
  for (int i = 0; i < n; i++)
    x[i] = x[i] * s + off;
}

double shift(int n, range_t r, const range_t *bounds, double y[restrict n]) {
  double lo = r.lo, w = r.hi - r.lo + (bounds ? bounds->hi : 0);
#pragma loopgpu
  for (int i = 0; i < n; i++)
    y[i] = lo + w * y[i];
  return lo;
}
