// REQUIRES: cpu-emulation
// Streamed time tiles (TimeStreamPlan) whose sweeps' row bounds depend on
// the time loop's iterator: the steps at which every level's row lies
// inside its sweep's rows (loopgpu_clean_lo/hi, bounded per level with the
// level's own t) run clean steps without the rows' checks; the others, and
// every step where a row leaves a sweep's bounds as t grows, keep them.
// B is dead on entry with a domain that moves with t: a launch stores its
// cells inside that domain only where the next launch's first iteration
// does not load them (its t), the last launch all of them. Chunks of 24
// rows of n = 61: blocks with clean steps and blocks at the borders in
// every launch, a shorter last launch (5 iterations, 2 per launch).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %loopgpu %s -time-tile=2,24,16 -time-tile-form=streamed -o %t/shrink.cu
// RUN: FileCheck %s --check-prefix=CUDA --input-file=%t/shrink.cu
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t/shrink.cu -o %t/shrink.o 2>&1 | FileCheck %s --allow-empty --check-prefix=NVCC %}
// RUN: env LOOPGPU_TIME_TILE_MIN_BLOCKS=0 LOOPGPU_TRACE=1 %loopgpu %s -time-tile=2,24,16 -time-tile-form=streamed --param n=61 --param steps=5 --validate --validate-mode=cpu --validate-dir=%t/1 2>&1 | FileCheck %s
// The same in the overlapped form (its tile stores B the same way).
// RUN: env LOOPGPU_TIME_TILE_MIN_BLOCKS=0 LOOPGPU_TRACE=1 %loopgpu %s -time-tile=2,8,16 -time-tile-form=overlapped --param n=61 --param steps=5 --validate --validate-mode=cpu --validate-dir=%t/2 2>&1 | FileCheck %s --check-prefix=OVERLAPPED
// Clean steps that ignore the levels' row bounds give wrong borders: the
// check above would fail.
// RUN: sed -i "/rows from the loop's first/d; /rows to the loop's last/d" %t/1/kernels.cu
// RUN: env LOOPGPU_TIME_TILE_MIN_BLOCKS=0 %expect_exit 1 bash %t/1/run.sh cpu 2>&1 | FileCheck %s --check-prefix=BROKEN
// So does a store of B's domain that takes this launch's t for the next one's.
// RUN: sed -i 's/(loopgpu_first + (long long)loopgpu_steps \* 1)/(loopgpu_first + 1LL)/' %t/2/kernels.cu
// RUN: env LOOPGPU_TIME_TILE_MIN_BLOCKS=0 %expect_exit 1 bash %t/2/run.sh cpu 2>&1 | FileCheck %s --check-prefix=BROKEN

void shrink(int steps, int n, double A[restrict n][n], double B[restrict n][n]) {
  #pragma loopgpu
  for (int t = 0; t < steps; t++) {
    for (int i = 1 + t; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        B[i][j] = 0.25 * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]);
    for (int i = 1; i < n - 1 - t; i++)
      for (int j = 1; j < n - 1; j++)
        A[i][j] = 0.5 * B[i][j] + 0.125 * (B[i][j - 1] + B[i][j + 1]);
  }
}

// CUDA: long long loopgpu_clean_lo = 0, loopgpu_clean_hi = loopgpu_total;
// CUDA: loopgpu_clean_lo = loopgpu_max(loopgpu_clean_lo, 6); // A: the rows stored from the chunk's first
// CUDA: const int t = (int)(loopgpu_first + 0LL);
// CUDA-NEXT: (void)t;
// CUDA-NEXT: loopgpu_clean_lo = loopgpu_max(loopgpu_clean_lo, (((long long)t) + 1) - (long long)loopgpu_o0 + 1); // level 1 (line 32): rows from the loop's first
// CUDA-NEXT: loopgpu_clean_hi = loopgpu_min(loopgpu_clean_hi, (((long long)n) - 2) - (long long)loopgpu_o0 + 2); // level 1 (line 32): rows to the loop's last
// CUDA: const int t = (int)(loopgpu_first + 1LL);
// CUDA-NEXT: (void)t;
// CUDA-NEXT: loopgpu_clean_lo = loopgpu_max(loopgpu_clean_lo, (((long long)t) + 1) - (long long)loopgpu_o0 + 3); // level 3 (line 32): rows from the loop's first
// CUDA: loopgpu_clean_hi = loopgpu_min(loopgpu_clean_hi, (((long long)n) - ((long long)t) - 2) - (long long)loopgpu_o0 + 5); // level 4 (line 35): rows to the loop's last
// CUDA: if (loopgpu_steps < 2) // the launch's last iterations copy through: every step checks
// CUDA: const int loopgpu_clean_first = (int)((loopgpu_clean_lo + 5) / 6), loopgpu_clean_end = (int)(loopgpu_clean_hi < loopgpu_clean_lo ? 0 : loopgpu_clean_hi / 6);
// CUDA: for (int loopgpu_j = loopgpu_clean_from; loopgpu_j < loopgpu_clean_to; ++loopgpu_j) {
// CUDA: const int t = (int)(loopgpu_first + (long long)loopgpu_steps * 1); (void)t; const int i = (int)(loopgpu_o0 + loopgpu_r0); const int j = (int)(loopgpu_o1 + loopgpu_r1);
// CUDA-NEXT: if (loopgpu_mine_B[loopgpu_k] && (loopgpu_last || !(i >= ((long long)t) + 1 && i <= ((long long)n) - 2 && j >= 1 && j <= ((long long)n) - 2))) // the tile: its value after the launch

// CHECK-NOT: FAIL
// CHECK-DAG: PASS shrink: A
// CHECK-DAG: PASS shrink: B
// CHECK-DAG: shrink_nest0_time_t: 5 iterations time-tiled, up to 2 per launch, 12 blocks of 24 rows
// CHECK-DAG: {{^PASS$}}

// Blocks of 32 threads: the launch bounds ask for no more blocks per SM than
// it holds (ptxas ignores and warns about more).
// NVCC-NOT: warning

// OVERLAPPED-NOT: FAIL
// OVERLAPPED-DAG: PASS shrink: A
// OVERLAPPED-DAG: PASS shrink: B
// OVERLAPPED-DAG: shrink_nest0_time_t: 5 iterations time-tiled, up to 2 per launch, 32 blocks
// OVERLAPPED-DAG: {{^PASS$}}

// WHOLE-NOT: FAIL
// WHOLE-DAG: PASS shrink: A
// WHOLE-DAG: PASS shrink: B
// WHOLE-DAG: shrink_nest0_time_t: 11 iterations time-tiled, up to 5 per launch, 48 blocks of 24 rows
// WHOLE-DAG: {{^PASS$}}

// WHOLECUDA: // The steps in whole unrolls of 6: all clean where every unroll of the block is, else all checked; then the last ones checked
// WHOLECUDA-NEXT: if (loopgpu_clean_first == 0 && loopgpu_clean_end == loopgpu_total / 6) {
// WHOLECUDA-NEXT: for (int loopgpu_j = 0; loopgpu_j < loopgpu_total / 6; ++loopgpu_j) {
// WHOLECUDA: } else {
// WHOLECUDA-NEXT: for (int loopgpu_j = 0; loopgpu_j < loopgpu_total / 6; ++loopgpu_j) {

// ALLCLEAN-NOT: FAIL
// ALLCLEAN: {{^PASS$}}
// ALLCLEAN: all clean: rows from 19
// ALLCLEAN-NEXT: all clean: rows from 43
// ALLCLEAN-NEXT: all clean: rows from 67
// ALLCLEAN-NOT: all clean

// BROKEN: FAIL shrink:
// BROKEN: {{^FAIL$}}

// Depth 5, 10 levels: a block runs its unrolls all clean where every one of
// them is, else all checked (TimeStreamPlan::WholeClean). n = 121: three of
// the five chunks' blocks run clean (the printf added below says so), the
// others check; 11 iterations in launches of 5, 5 and 1.
// RUN: env LOOPGPU_TIME_TILE_MIN_BLOCKS=0 LOOPGPU_TRACE=1 %loopgpu %s -time-tile=5,24,16 -time-tile-form=streamed --param n=121 --param steps=11 --validate --validate-mode=cpu --validate-dir=%t/3 2>&1 | FileCheck %s --check-prefix=WHOLE
// RUN: FileCheck %s --check-prefix=WHOLECUDA --input-file=%t/3/kernels.cu
// RUN: cp -r %t/3 %t/4
// RUN: sed -i 's|^  if (loopgpu_clean_first == 0 && loopgpu_clean_end == loopgpu_total / 6) {|&\n    if (threadIdx.x == 0) printf("all clean: rows from %%lld\\n", (long long)loopgpu_o0);|' %t/3/kernels.cu
// RUN: env LOOPGPU_TIME_TILE_MIN_BLOCKS=0 bash %t/3/run.sh cpu 2>&1 | sort -u | FileCheck %s --check-prefix=ALLCLEAN
// RUN: sed -i "/rows from the loop's first/d; /rows to the loop's last/d" %t/4/kernels.cu
// RUN: env LOOPGPU_TIME_TILE_MIN_BLOCKS=0 %expect_exit 1 bash %t/4/run.sh cpu 2>&1 | FileCheck %s --check-prefix=BROKEN
