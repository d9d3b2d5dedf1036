// -vector on a one-dimensional nest: runs of 2 consecutive iterations aligned
// to the arrays, checked for the base addresses only (no rows).
// RUN: %loopgpu %s -tile 128 -coarsen 2 -vector 2 -o %t.cu
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -ptx %t.cu -o %t.ptx %}
// RUN: %if nvcc %{ FileCheck %s --check-prefix=PTX --input-file=%t.ptx %}
// RUN: %loopgpu %s -tile 128 -coarsen 2 -vector 2 --param n=1001 --validate --validate-mode=cpu --validate-dir=%t.1 | FileCheck %s --check-prefix=VAL
// RUN: %loopgpu %s -tile 128 -coarsen 4 -vector 4 --param n=1030 --validate --validate-mode=cpu --validate-dir=%t.2 | FileCheck %s --check-prefix=VAL
void axpy(int n, float a, const float x[restrict n], float y[restrict n]) {
#pragma loopgpu
  for (int i = 1; i < n; i++)
    y[i] = a * x[i] + x[i - 1];
}
// CHECK: const bool loopgpu_runs_aligned = loopgpu_aligned32 || (reinterpret_cast<unsigned long long>(x) % 8 == 0 && reinterpret_cast<unsigned long long>(y) % 8 == 0);
// CHECK: const loopgpu_trip_t loopgpu_shift0 = 1;
// CHECK: const decltype(x) loopgpu_al_x = static_cast<decltype(x)>(__builtin_assume_aligned(x, 8));
// CHECK-NOT: loopgpu_row_
// CHECK: loopgpu_al_y[i] = a * loopgpu_al_x[i] + loopgpu_al_x[i - 1];
// PTX: ld.global.v2.f32
// PTX: st.global.v2.f32
// VAL: PASS axpy: y
