// REQUIRES: cpu-emulation
// The exact version of register-tiled kernels (lib/CodeGen/ExactTiles.cpp)
// under the emulation, against the original C: it runs where every tile is
// full (the trace says which kernel ran); on the full tiles, beside the
// general kernel on the tiles on the border, where a size is not a multiple
// of its tile (sm_90: on a second stream; the emulation runs the two
// launches one after the other); the general kernel alone where the strip loop's
// size is not a multiple of the strip, rows are not aligned for vector
// copies, device pointers are misaligned. Mutations show that the host's
// test and the border launch matter: the exact kernel forced at sizes past
// its strips, the general kernel recomputing the full tiles (a read-modify-
// write of C adds twice), the border launch left out: validation fails.
// RUN: rm -rf %t && mkdir -p %t
//
// examples/matmul.c with the SGEMM shape (128 x 128 tiles, strips of 8):
// exact at 256 x 384 x 64, general when the strip loop's size is off, the
// exact kernel on the full tiles and the general one on the border when n
// or m is off (n = 130: one full tile, a border of 2 rows) and the full
// tiles make a wave of blocks (LOOPGPU_EXACT_BORDER_MIN_TILES=1 here: the
// sizes are small), the general kernel alone with fewer full tiles.
// RUN: env LOOPGPU_TRACE=1 %loopgpu %examples/matmul.c -tile 16,16 -coarsen 8,8 --param n=256 --param m=384 --param p=64 --validate --validate-mode=cpu --validate-dir=%t/1 2>&1 | FileCheck %s --check-prefixes=CHECK,EXACT
// RUN: env LOOPGPU_TRACE=1 %loopgpu %examples/matmul.c -tile 16,16 -coarsen 8,8 --param n=256 --param m=384 --param p=60 --validate --validate-mode=cpu --validate-dir=%t/2 2>&1 | FileCheck %s --check-prefixes=CHECK,GENERAL
// RUN: env LOOPGPU_TRACE=1 LOOPGPU_EXACT_BORDER_MIN_TILES=1 %loopgpu %examples/matmul.c -tile 16,16 -coarsen 8,8 --param n=264 --param m=384 --param p=64 --validate --validate-mode=cpu --validate-dir=%t/3 2>&1 | FileCheck %s --check-prefixes=CHECK,BORDER
// RUN: env LOOPGPU_TRACE=1 LOOPGPU_EXACT_BORDER_MIN_TILES=1 %loopgpu %examples/matmul.c -tile 16,16 -coarsen 8,8 --param n=130 --param m=300 --param p=16 --validate --validate-mode=cpu --validate-dir=%t/3b 2>&1 | FileCheck %s --check-prefixes=CHECK,BORDER
// RUN: env LOOPGPU_TRACE=1 LOOPGPU_EXACT_BORDER_MIN_TILES=7 bash %t/3/run.sh cpu 2>&1 | FileCheck %s --check-prefixes=CHECK,GENERAL
// RUN: env LOOPGPU_TRACE=1 LOOPGPU_EXACT_BORDER_MIN_TILES=6 bash %t/3/run.sh cpu 2>&1 | FileCheck %s --check-prefixes=CHECK,BORDER
// A size below one tile: the general kernel alone.
// RUN: env LOOPGPU_TRACE=1 %loopgpu %examples/matmul.c -tile 16,16 -coarsen 8,8 --param n=100 --param m=384 --param p=64 --validate --validate-mode=cpu --validate-dir=%t/3c 2>&1 | FileCheck %s --check-prefixes=CHECK,GENERAL
// For sm_80 (no border split) the exact kernel runs only where every
// tile is full.
// RUN: env LOOPGPU_TRACE=1 %loopgpu %examples/matmul.c -arch sm_80 -tile 16,16 -coarsen 8,8 --param n=264 --param m=384 --param p=64 --validate --validate-mode=cpu --validate-dir=%t/3d 2>&1 | FileCheck %s --check-prefixes=CHECK,SM80
// The default mapping of matmul (its own tiles) at multiples of them, and
// device pointers 4 bytes off alignment: the general kernel.
// RUN: env LOOPGPU_TRACE=1 %loopgpu %examples/matmul.c --param n=256 --param m=256 --param p=128 --validate --validate-mode=cpu --validate-dir=%t/4 2>&1 | FileCheck %s --check-prefixes=CHECK,EXACT
// RUN: env LOOPGPU_EMU_MISALIGN=4 LOOPGPU_TRACE=1 bash %t/4/run.sh cpu 2>&1 | FileCheck %s --check-prefixes=CHECK,GENERAL
// The trace comes after the verdict (the emulation's standard error is kept
// until it ends).
// CHECK-NOT: FAIL
// CHECK: {{^PASS$}}
// EXACT: matmul_nest0_kernel: every tile full: matmul_nest0_kernel_exact runs
// GENERAL: matmul_nest0_kernel: less than a wave of full tiles, unaligned rows or a partial strip: matmul_nest0_kernel runs
// BORDER: matmul_nest0_kernel: full tiles: matmul_nest0_kernel_exact runs; tiles on the border: matmul_nest0_kernel_border runs beside it
// SM80: matmul_nest0_kernel: tiles on the border or unaligned rows: matmul_nest0_kernel runs
//
// Loops that start past 0, a strip loop between parameters, a read-modify-
// write of C, and B's rows not vector-copied (its columns start at 2).
// RUN: env LOOPGPU_TRACE=1 %loopgpu %s --param n=258 --param p=72 --param lo=4 --param hi=68 --validate --validate-mode=cpu --validate-dir=%t/5 2>&1 | FileCheck %s --check-prefixes=OFFSETS,OFFSETS-EXACT
// RUN: env LOOPGPU_TRACE=1 %loopgpu %s --param n=258 --param p=72 --param lo=2 --param hi=66 --validate --validate-mode=cpu --validate-dir=%t/6 2>&1 | FileCheck %s --check-prefixes=OFFSETS,OFFSETS-GENERAL
// RUN: env LOOPGPU_TRACE=1 LOOPGPU_EXACT_BORDER_MIN_TILES=1 %loopgpu %s --param n=200 --param p=72 --param lo=4 --param hi=68 --validate --validate-mode=cpu --validate-dir=%t/7 2>&1 | FileCheck %s --check-prefixes=OFFSETS,OFFSETS-BORDER
// OFFSETS-NOT: FAIL
// OFFSETS: {{^PASS$}}
// OFFSETS-EXACT: offsets_nest0_kernel: every tile full: offsets_nest0_kernel_exact runs
// OFFSETS-GENERAL: offsets_nest0_kernel: less than a wave of full tiles, unaligned rows or a partial strip: offsets_nest0_kernel runs
// OFFSETS-BORDER: offsets_nest0_kernel: full tiles: offsets_nest0_kernel_exact runs; tiles on the border: offsets_nest0_kernel_border runs beside it
//
// The border launch's mutations, on offsets() (C += A B) at n = 200: the
// border version running the full tiles too adds their products twice;
// the border launch left out leaves the border tiles unwritten.
// RUN: cp -r %t/7 %t/7a && cp -r %t/7 %t/7b
// RUN: sed -i "s/if (.*) { \/\/ else offsets_nest0_kernel_exact runs this full tile/if (true) {/" %t/7a/kernels.cu
// RUN: grep -c "if (true) {" %t/7a/kernels.cu | FileCheck %s --check-prefix=ONE
// RUN: env LOOPGPU_EXACT_BORDER_MIN_TILES=1 %expect_exit 1 bash %t/7a/run.sh cpu | FileCheck %s --check-prefix=MUTATED-OFFSETS
// RUN: sed -i "/offsets_nest0_kernel_border<<<.*, loopgpu_split.stream>>>(.*);/d" %t/7b/kernels.cu
// RUN: grep -c "loopgpu_split.stream>>>" %t/7b/kernels.cu | FileCheck %s --check-prefix=ONE
// RUN: env LOOPGPU_EXACT_BORDER_MIN_TILES=1 %expect_exit 1 bash %t/7b/run.sh cpu | FileCheck %s --check-prefix=MUTATED-OFFSETS
// MUTATED-OFFSETS: FAIL offsets: C
//
// Tensor-core tiles of doubles (96 x 64, strips of 16 in cp.async stages):
// PolyBench gemm's and test/CodeGen/tensor-cores.c's at whole tiles (exact)
// and not; the exact kernel needs its own opt-in to more than 48 KiB of
// dynamic shared memory (without it the launch fails, here as on the GPU).
// RUN: python3 %utils/polybench-extract.py %t/pb > /dev/null
// RUN: env LOOPGPU_TRACE=1 %loopgpu %t/pb/gemm.restrict.c --param ni=96 --param nj=128 --param nk=32 --validate --validate-mode=cpu --validate-dir=%t/tc1 2>&1 | FileCheck %s --check-prefix=TC
// RUN: env LOOPGPU_TRACE=1 %loopgpu %S/../CodeGen/tensor-cores.c --param n=192 --param m=64 --param p=48 --validate --validate-mode=cpu --validate-dir=%t/tc2 2>&1 | FileCheck %s --check-prefix=TCALL
// RUN: env LOOPGPU_TRACE=1 %loopgpu %S/../CodeGen/tensor-cores.c --param n=97 --param m=70 --param p=37 --validate --validate-mode=cpu --validate-dir=%t/tc3 2>&1 | FileCheck %s --check-prefix=TCBORDER
// The 128 x 64 tile (MmaPlan::Large, kernel2) where its exact version runs
// and its border is at most 2% of the outputs (HostStep::MaxBorder): every
// tile full at 256 x 128 x 32, beside its border version at 648 x 128 x 48
// (8 rows of 648: a wave of full tiles forced); the 96 x 64 tile at 96 x
// 128 x 32 (above: no full 128-row tile) and, split, at 300 x 136 x 48 (the
// large tile's border would be 20%).
// RUN: env LOOPGPU_TRACE=1 %loopgpu %t/pb/gemm.restrict.c --param ni=256 --param nj=128 --param nk=32 --validate --validate-mode=cpu --validate-dir=%t/tc7 2>&1 | FileCheck %s --check-prefix=LARGE
// RUN: env LOOPGPU_TRACE=1 LOOPGPU_EXACT_BORDER_MIN_TILES=1 %loopgpu %t/pb/gemm.restrict.c --param ni=648 --param nj=128 --param nk=48 --validate --validate-mode=cpu --validate-dir=%t/tc8 2>&1 | FileCheck %s --check-prefix=LARGESPLIT
// RUN: env LOOPGPU_TRACE=1 LOOPGPU_EXACT_BORDER_MIN_TILES=1 %loopgpu %t/pb/gemm.restrict.c --param ni=300 --param nj=136 --param nk=48 --validate --validate-mode=cpu --validate-dir=%t/tc9 2>&1 | FileCheck %s --check-prefix=SPLIT96
// LARGE-NOT: FAIL
// LARGE: {{^PASS$}}
// LARGE: kernel_gemm_nest0_kernel2: every tile full: kernel_gemm_nest0_kernel2_exact runs
// LARGESPLIT-NOT: FAIL
// LARGESPLIT: {{^PASS$}}
// LARGESPLIT: kernel_gemm_nest0_kernel2: full tiles: kernel_gemm_nest0_kernel2_exact runs; tiles on the border: kernel_gemm_nest0_kernel2_border runs beside it
// SPLIT96-NOT: FAIL
// SPLIT96: {{^PASS$}}
// SPLIT96: kernel_gemm_nest0_kernel1: full tiles: kernel_gemm_nest0_kernel1_exact runs; tiles on the border: kernel_gemm_nest0_kernel1_border runs beside it
// The exact version of a tensor-core tile runs its whole strips in the loop
// and the last, partial one after it (ExactTiles::TailStrip): k's 38
// iterations (2 strips of 16 and 6) and 6 (the partial strip alone) at whole
// 96 x 64 tiles, 46 at 648 x 128 (the 128 x 64 tile beside its border); the
// partial strip's iterations taken away (in every kernel) fail validation.
// RUN: env LOOPGPU_TRACE=1 %loopgpu %t/pb/gemm.restrict.c --param ni=96 --param nj=128 --param nk=38 --validate --validate-mode=cpu --validate-dir=%t/tc4 2>&1 | FileCheck %s --check-prefix=TC
// RUN: env LOOPGPU_TRACE=1 %loopgpu %t/pb/gemm.restrict.c --param ni=96 --param nj=64 --param nk=6 --validate --validate-mode=cpu --validate-dir=%t/tc5 2>&1 | FileCheck %s --check-prefix=TC
// RUN: env LOOPGPU_TRACE=1 LOOPGPU_EXACT_BORDER_MIN_TILES=1 %loopgpu %t/pb/gemm.restrict.c --param ni=648 --param nj=128 --param nk=46 --validate --validate-mode=cpu --validate-dir=%t/tc6 2>&1 | FileCheck %s --check-prefix=LARGESPLIT
// RUN: sed -i 's/for (int k = loopgpu_kk; k <= nk - 1; ++k) {/for (int k = loopgpu_kk; k < loopgpu_kk; ++k) {/' %t/tc4/kernels.cu
// RUN: grep -c 'k < loopgpu_kk; ++k' %t/tc4/kernels.cu | FileCheck %s --check-prefix=TAILS
// RUN: env LOOPGPU_TRACE=1 %expect_exit 1 bash %t/tc4/run.sh cpu 2>&1 | FileCheck %s --check-prefix=NOTAIL
// TAILS: {{^([3-9]|[1-9][0-9])$}}
// NOTAIL: FAIL kernel_gemm: C
// NOTAIL: kernel_gemm_nest0_kernel1: every tile full: kernel_gemm_nest0_kernel1_exact runs
// RUN: sed -i '/loopgpu_smem_attr_exact/d' %t/tc1/kernels.cu
// RUN: %expect_exit 1 bash %t/tc1/run.sh cpu 2>&1 | FileCheck %s --check-prefix=NOATTR
// TC-NOT: FAIL
// TC: {{^PASS$}}
// TC: kernel_gemm_nest0_kernel1: every tile full: kernel_gemm_nest0_kernel1_exact runs
// TCALL-NOT: FAIL
// TCALL: {{^PASS$}}
// TCALL-DAG: gemm_nest0_kernel1: every tile full: gemm_nest0_kernel1_exact runs
// TCALL-DAG: gemm_minus_nest0_kernel: every tile full: gemm_minus_nest0_kernel_exact runs
// TCALL-DAG: gemm_nt_nest0_kernel: every tile full: gemm_nt_nest0_kernel_exact runs
// TCBORDER-NOT: FAIL
// TCBORDER: {{^PASS$}}
// TCBORDER-NOT: _exact runs
// NOATTR: bytes of dynamic shared memory, more than 49152 (cudaFuncSetAttribute with cudaFuncAttributeMaxDynamicSharedMemorySize allows more): invalid argument
//
// The mutation: bounded()'s loops stop before its arrays end, so the exact
// kernel forced at ni = 200, nj = 136, nk = 44 reads inside the arrays but
// writes C past the loops' ranges.
// RUN: %loopgpu %s --param n=256 --param p=256 --param lo=4 --param hi=68 --param ni=200 --param nj=136 --param nk=44 --validate --validate-mode=none --validate-dir=%t/m
// RUN: bash %t/m/run.sh cpu | FileCheck %s --check-prefix=UNMUTATED
// RUN: sed -i "/const bool loopgpu_exact = .*nk/s/= .*/= true;/" %t/m/kernels.cu
// RUN: grep -c "loopgpu_exact = true" %t/m/kernels.cu | FileCheck %s --check-prefix=ONE
// ONE: {{^1$}}
// RUN: %expect_exit 1 bash %t/m/run.sh cpu | FileCheck %s --check-prefix=MUTATED
// UNMUTATED-NOT: FAIL
// UNMUTATED: {{^PASS$}}
// MUTATED: FAIL bounded: C

void offsets(int n, int p, int lo, int hi, const float A[restrict n][p], const float B[restrict p][n],
             float C[restrict n][n]) {
#pragma loopgpu
  for (int i = 1; i < n - 1; i++)
    for (int j = 2; j < n; j++) {
      float acc = C[i][j];
      for (int k = lo; k < hi; k++)
        acc += A[i][k] * B[k][j];
      C[i][j] = acc;
    }
}

void bounded(int n, int ni, int nj, int nk, const float A[restrict n][n], const float B[restrict n][n],
             float C[restrict n][n]) {
#pragma loopgpu
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) {
      float acc = 0.0f;
      for (int k = 0; k < nk; k++)
        acc += A[i][k] * B[k][j];
      C[i][j] = acc;
    }
}
