// REQUIRES: cpu-emulation
// A host function called again after cudaDeviceReset(): the reset destroys
// the context, and with it every stream and event and the kernels' opt-ins
// to more than 48 KiB of dynamic shared memory (cudaFuncSetAttribute), in
// CUDA as in the emulation. The host function must therefore opt in per
// call and create the side stream of a border split per call (earlier
// versions kept both in statics: the second call's launch failed).
// RUN: rm -rf %t && mkdir -p %t
//
// A double product on FP64 tensor cores (cp.async tiles in more than 48 KiB
// of dynamic shared memory), at 200 x 140 x 48: 2 x 2 full tiles of 96 x 64
// and a border (LOOPGPU_EXACT_BORDER_MIN_TILES=1: the exact version on the
// full tiles, the border version on a second stream); with the variable at
// 1000, the general kernel alone. The driver calls the host function,
// resets the device, and calls it again.
// RUN: %loopgpu %s --param n=200 --param m=140 --param p=48 --validate --validate-mode=none --validate-dir=%t/1 > /dev/null
// RUN: FileCheck %s --check-prefix=CUDA --input-file=%t/1/kernels.cu
// RUN: sed -i 's/^  product(\(.*\));$/  product(\1); if (cudaDeviceReset() != cudaSuccess) return 1; product(\1);/' %t/1/driver.cu
// RUN: grep -c 'cudaDeviceReset() != cudaSuccess) return 1; product(' %t/1/driver.cu | FileCheck %s --check-prefix=TWICE
// RUN: env LOOPGPU_TRACE=1 LOOPGPU_EXACT_BORDER_MIN_TILES=1 bash %t/1/run.sh cpu 2>&1 | FileCheck %s
// The general kernel alone (no split), after the reset too.
// RUN: env LOOPGPU_TRACE=1 LOOPGPU_EXACT_BORDER_MIN_TILES=1000 bash %t/1/run.sh cpu 2>&1 | FileCheck %s --check-prefix=ALONE
//
// Mutation: the opt-in made once per process again: the launch after the
// reset asks for more shared memory than a block gets unasked.
// RUN: cp -r %t/1 %t/2
// RUN: sed -i 's/^\( *\)const cudaError_t loopgpu_smem_attr/\1static const cudaError_t loopgpu_smem_attr/' %t/2/kernels.cu
// RUN: %expect_exit 1 env LOOPGPU_EXACT_BORDER_MIN_TILES=1000 bash %t/2/run.sh cpu 2>&1 | FileCheck %s --check-prefix=ONCE
//
// TWICE: 1
// CUDA: const cudaError_t loopgpu_smem_attr = cudaFuncSetAttribute(product_nest0_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, 107520);
// CUDA: loopgpu_side loopgpu_split{}; // the side stream, where there is a border
// CUDA: loopgpu_split = loopgpu_fork_side();
// CUDA: product_nest0_kernel_border<<<loopgpu_grid, loopgpu_block, 107520, loopgpu_split.stream>>>(
// CUDA: loopgpu_join_side(loopgpu_split);
// CHECK-NOT: FAIL
// CHECK: {{^PASS$}}
// CHECK-COUNT-2: product_nest0_kernel: full tiles: product_nest0_kernel_exact runs; tiles on the border: product_nest0_kernel_border runs beside it
// CHECK-NOT: loopgpu-emu: error
// ALONE-NOT: FAIL
// ALONE: {{^PASS$}}
// ALONE-COUNT-2: product_nest0_kernel: less than a wave of full tiles, unaligned rows: product_nest0_kernel runs
// ONCE: cudaFuncAttributeMaxDynamicSharedMemorySize
// ONCE: FAIL

void product(int n, int m, int p, const double A[restrict n][p], const double B[restrict p][m],
             double C[restrict n][m]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      double acc = 0.0;
      for (int k = 0; k < p; k++)
        acc += A[i][k] * B[k][j];
      C[i][j] = acc;
    }
}
