// --validate without a GPU needs loopgpu-emu-rewrite beside loopgpu (issue
// 17, item 9): without it, a clear error saying what to build, not run.sh's
// "no loopgpu-emu-rewrite at ''".
// RUN: rm -rf %t && mkdir -p %t && cp %loopgpu %t/loopgpu
// RUN: %expect_exit 2 %t/loopgpu %s --validate --validate-mode=cpu 2>&1 | FileCheck %s
// CHECK: error: --validate without a GPU runs the CUDA emulation, but loopgpu-emu-rewrite is not next to {{.*}}: build it (ninja -C BUILD_DIR loopgpu-emu-rewrite), or use --validate-mode=none
void f(int n, float *restrict A) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    A[i] = 1.0f;
}
