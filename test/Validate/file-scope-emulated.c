// REQUIRES: cpu-emulation
// A nest that reads file-scope arrays and scalars (a global table with an
// initializer, a static const table, global scalars) and host code that
// calls helper functions of the file (one static, one external) and uses
// its typedefs and structs: the CUDA matches the original C. The harness
// links the original beside the CUDA, which defines the same external
// names: the original's are renamed (-D).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %loopgpu %s --validate --validate-mode=cpu --validate-dir=%t/v | FileCheck %s
// RUN: FileCheck %s --check-prefix=RENAMES < %t/v/run.sh
// CHECK-NOT: FAIL
// CHECK: PASS fs: out
// CHECK: PASS fs: return value
// CHECK: {{^PASS$}}
// RENAMES: -Dfs=loopgpu_ref_fs -DG=loopgpu_ref_G -Dscale=loopgpu_ref_scale -Doffset=loopgpu_ref_offset -Dhelper=loopgpu_ref_helper
#include <math.h>
#define SCALE 2.0f
typedef float real;
struct pair { int a, b; };
float G[100] = {1.0f, 2.0f, 5.0f, -3.0f};
static const float table[4] = {1.0f, 2.0f, 3.0f, 4.0f};
int scale = 3, offset = 1;
static real twice(real x) { return 2 * x; }
int helper(struct pair p) { return p.a + p.b; }

real fs(int n, float *restrict out) {
  struct pair p = {1, 2};
  real s = twice((real)helper(p));
#pragma loopgpu
  for (int i = 0; i < n; i++)
    out[i] = table[i % 4] * scale + G[i % 100] + offset + SCALE;
  return s + out[3];
}
