// REQUIRES: cpu-emulation
// Local arrays whose declarations initialize them (a filter's weights, a
// static table, a partly written initializer, a 2-D table) are read by the
// nests: each is copied to the GPU with the values its initializer gave.
// Before, the initializer did not count as a host write and the kernels read
// the device copy uninitialized (b: NaNs). Host code between the nests
// indexes a 2-D table as it is declared.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %loopgpu %s --validate --validate-mode=cpu --validate-dir=%t/v -o %t/out.cu | FileCheck %s
// RUN: FileCheck %s --check-prefix=CUDA < %t/out.cu
// CHECK-NOT: FAIL
// CHECK: PASS smooth: b
// CHECK: PASS tables: out
// CHECK: PASS tables: acc
// CHECK: PASS tables: return value
// CHECK: {{^PASS$}}
// CUDA-LABEL: extern "C" void smooth(
// CUDA: const float w[5] = {1, 4, 6, 4, 1};
// CUDA: loopgpu_copy_in(loopgpu_dev_w, w,
// CUDA-LABEL: extern "C" float tables(
// CUDA-DAG: loopgpu_copy_in(loopgpu_dev_part, part,
// CUDA-DAG: loopgpu_copy_in(loopgpu_dev_grid2, grid2,
// CUDA-DAG: loopgpu_nest_region loopgpu_nest({{[{][{]}}lut,
// CUDA: grid2[1][0] = grid2[0][2] + 1;

void smooth(int n, const float a[restrict n], float b[restrict n]) {
  const float w[5] = {1, 4, 6, 4, 1};
#pragma loopgpu
  for (int i = 2; i < n - 2; i++) {
    float s = 0;
    for (int k = 0; k < 5; k++)
      s += w[k] * a[i + k - 2];
    b[i] = s / 16;
  }
}

float tables(int n, const int idx[restrict n], float out[restrict n], float acc[restrict 8]) {
  static const float lut[4] = {0.5f, -1.0f, 2.0f, 0.25f};
  float part[8] = {1.0f, 2.0f};
  int grid2[2][3] = {{1, 2, 3}, {4, 5, 6}};
#pragma loopgpu
  for (int i = 0; i < n; i++)
    out[i] = lut[idx[i] & 3] * part[i % 8] + grid2[i % 2][i % 3];
  // host code indexes the constant-size 2-D table as declared (before,
  // the host function linearized it: `grid2[(1) * (3) + (0)]`, a row)
  grid2[1][0] = grid2[0][2] + 1;
  // the nest adds to part: the host reads it back after
#pragma loopgpu
  for (int j = 0; j < 8; j++) {
    part[j] += out[j % n] * grid2[1][j % 3];
    acc[j] = part[j];
  }
  return part[0] + part[7];
}
