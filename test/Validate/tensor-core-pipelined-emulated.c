// REQUIRES: cpu-emulation
// The tensor-core tile of doubles' pipelined exact version (MmaPlan::
// Pipelined, bench/RESULTS.md run 40: the 128 x 64 tile where every tile is
// full): operands double-buffered in registers across the strip's barrier,
// cp.async copies from pointers advanced a strip at a time, blocks grouped 8
// rows of tiles at a time. Validated under the CPU emulation at 256 x 64 x 40
// (two rows of tiles, two whole strips and a partial one after the loop), the
// trace naming the kernel that ran; two mutations must fail: strip s + 1's
// first operands read from strip s's stage (the read stage not rotated), and
// every strip copied from the first (the source pointer not advanced).
// (Dropping the barrier inside the loop passes under the emulation, whose
// threads copy at once and run in step between shuffles: the GPU runs'
// racecheck covers it, bench/RESULTS.md run 40.) The CUDA's form is checked
// in test/CodeGen/tensor-cores.c.
// RUN: env LOOPGPU_TRACE=1 %loopgpu %s --param ni=256 --param nj=64 --param nk=40 --validate --validate-mode=cpu --validate-dir=%t.1 2>&1 | FileCheck %s --check-prefix=VAL
// VAL-DAG: loopgpu: gemm_nest0_kernel2: every tile full: gemm_nest0_kernel2_exact runs
// VAL-DAG: PASS gemm: C (16384 elements)
// VAL-NOT: FAIL
// RUN: grep -c "every strip is full, the operands double-buffered in registers" %t.1/kernels.cu
// RUN: rm -rf %t.2 %t.3 && %loopgpu %s --param ni=256 --param nj=64 --param nk=40 --validate --validate-mode=none --validate-dir=%t.2 > /dev/null 2>&1
// RUN: cp -r %t.2 %t.3
// RUN: grep -c "loopgpu_rd = loopgpu_rd == 2 ? 0 : loopgpu_rd + 1;" %t.2/kernels.cu
// RUN: sed -i 's|loopgpu_rd = loopgpu_rd == 2 ? 0 : loopgpu_rd + 1;|// dropped|' %t.2/kernels.cu
// RUN: %expect_exit 1 bash %t.2/run.sh cpu 2>&1 | FileCheck %s --check-prefix=MUT
// RUN: grep -c "loopgpu_src_A += loopgpu_src_A_strip;" %t.3/kernels.cu
// RUN: sed -i 's|loopgpu_src_A += loopgpu_src_A_strip;|// dropped|' %t.3/kernels.cu
// RUN: %expect_exit 1 bash %t.3/run.sh cpu 2>&1 | FileCheck %s --check-prefix=MUT
// MUT: FAIL gemm: C

// PolyBench's gemm as written.
void gemm(int ni, int nj, int nk, double alpha, double beta, double C[restrict ni][nj],
          const double A[restrict ni][nk], const double B[restrict nk][nj]) {
  int i, j, k;
#pragma loopgpu
  for (i = 0; i < ni; i++) {
    for (j = 0; j < nj; j++)
      C[i][j] *= beta;
    for (k = 0; k < nk; k++)
      for (j = 0; j < nj; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
  }
}
