// REQUIRES: cpu-emulation
// Streamed time tiles (TimeStreamPlan) whose sweeps' row bounds depend on
// the time loop's iterator: blocks whose every level's rows lie inside
// their sweep's rows (loopgpu_rows_inside, tested per level with the
// level's own t) run a copy of the step loop without the rows' checks; the
// others, and every block where a row leaves a sweep's bounds as t grows,
// keep them. Chunks of 8 rows of n = 61: blocks of both kinds in every
// launch, a shorter last launch (5 iterations, 2 per launch).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %loopgpu %s -time-tile=2,8,16 -time-tile-form=streamed -o %t/shrink.cu
// RUN: FileCheck %s --check-prefix=CUDA --input-file=%t/shrink.cu
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t/shrink.cu -o %t/shrink.o 2>&1 | FileCheck %s --allow-empty --check-prefix=NVCC %}
// RUN: env LOOPGPU_TIME_TILE_MIN_BLOCKS=0 LOOPGPU_TRACE=1 %loopgpu %s -time-tile=2,8,16 -time-tile-form=streamed --param n=61 --param steps=5 --validate --validate-mode=cpu --validate-dir=%t/1 2>&1 | FileCheck %s
// Every block taking the copy without row checks gives wrong borders: the
// check above would fail.
// RUN: sed -i 's/  if (loopgpu_rows_inside) {/  if (true) {/' %t/1/kernels.cu
// RUN: env LOOPGPU_TIME_TILE_MIN_BLOCKS=0 %expect_exit 1 bash %t/1/run.sh cpu 2>&1 | FileCheck %s --check-prefix=BROKEN

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

// CUDA: bool loopgpu_rows_inside = true;
// CUDA-NEXT: { // level 1 (line 24): rows -1 to the chunk's + 6
// CUDA-NEXT: const int t = (int)(loopgpu_first + 0LL);
// CUDA-NEXT: loopgpu_rows_inside = loopgpu_rows_inside && (long long)loopgpu_o0 - 1 >= ((long long)t) + 1 && (long long)loopgpu_o0 + loopgpu_chunk + 6 <= ((long long)n) - 2;
// CUDA: { // level 3 (line 24): rows -3 to the chunk's + 4
// CUDA-NEXT: const int t = (int)(loopgpu_first + 1LL);
// CUDA: { // level 4 (line 27): rows -4 to the chunk's + 3
// CUDA-NEXT: const int t = (int)(loopgpu_first + 1LL);
// CUDA-NEXT: loopgpu_rows_inside = loopgpu_rows_inside && (long long)loopgpu_o0 - 4 >= 1 && (long long)loopgpu_o0 + loopgpu_chunk + 3 <= ((long long)n) - ((long long)t) - 2;
// CUDA: if (loopgpu_rows_inside) {

// CHECK-NOT: FAIL
// CHECK-DAG: PASS shrink: A
// CHECK-DAG: PASS shrink: B
// CHECK-DAG: shrink_nest0_time_t: 5 iterations time-tiled, up to 2 per launch, 32 blocks of 8 rows
// CHECK-DAG: {{^PASS$}}

// Blocks of 32 threads: the launch bounds ask for no more blocks per SM than
// it holds (ptxas ignores and warns about more).
// NVCC-NOT: warning

// BROKEN: FAIL shrink:
// BROKEN: {{^FAIL$}}
