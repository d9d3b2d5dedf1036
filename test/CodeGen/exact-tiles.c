// The exact version of a register-tiled kernel (lib/CodeGen/ExactTiles.cpp):
// the plan names the trip counts that must divide and the rows that must be
// aligned; the CUDA has a second kernel without range checks, partial strip
// or grid-stride loop, and the launch picks it at run time.
// RUN: %loopgpu %s -emit=gpu-ir | FileCheck %s --check-prefix=IR
// RUN: %loopgpu %s -exact-tiles=false -emit=gpu-ir | FileCheck %s --check-prefix=OFF
// RUN: %loopgpu %s -emit=gpu-ir -print-after=exact-tiles 2>&1 >/dev/null | FileCheck %s --check-prefix=AFTER
// RUN: %loopgpu %s -o %t.cu
// RUN: FileCheck %s --check-prefix=CUDA --input-file=%t.cu
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t.cu -o %t.o %}

// IR: kernel matmul_nest0_kernel parallel
// IR: exact-version matmul_nest0_kernel_exact when trips divide {i by 128, j by 128, k by 8} aligned {A, B}
// IR: kernel offsets_nest0_kernel parallel
// IR: exact-version offsets_nest0_kernel_exact when trips divide {i by 128, j by 128, k by 8} aligned {A}
// IR-NOT: exact-version
// OFF-NOT: exact-version
// AFTER: // GPU plan after exact-tiles, nest at line {{[0-9]+}}
// AFTER: exact-version matmul_nest0_kernel_exact

// The general kernel keeps its checks; the exact one has none: no trip
// counts, no alignment flags, full strips only, a tile per block.
// CUDA-LABEL: void __launch_bounds__(256, 2) matmul_nest0_kernel(
// CUDA: const bool loopgpu_vec_A =
// CUDA: for (int loopgpu_tile0 = blockIdx.y;
// CUDA: } else { // the last, partial strip
// CUDA: if (loopgpu_t0 < loopgpu_trip0 && loopgpu_t1 < loopgpu_trip1) {
// CUDA-NEXT: C[(i) * (m) + (j)] = acc[loopgpu_c0][loopgpu_c1]; // line [[#@LINE+38]]
// CUDA: // The exact version of matmul_nest0_kernel, launched where every tile is full (i's trip count a multiple of 128, j's trip count a multiple of 128, k's trip count a multiple of 8, A's rows aligned, B's rows aligned)
// CUDA-NEXT: __global__ void __launch_bounds__(256, 2) matmul_nest0_kernel_exact(int n, int m, int p, const float *__restrict__ A, const float *__restrict__ B, float *__restrict__ C) {
// CUDA-NOT: loopgpu_trip
// CUDA-NOT: loopgpu_vec_
// CUDA-NOT: partial strip
// CUDA: const int loopgpu_tile0 = blockIdx.y;
// CUDA: const int loopgpu_tile1 = blockIdx.x;
// CUDA: loopgpu_pf_A[loopgpu_r] = *reinterpret_cast<const float4 *>(&A[
// CUDA: // every strip is full
// CUDA-NOT: if (
// CUDA: C[(i) * (m) + (j)] = acc[loopgpu_c0][loopgpu_c1]; // line [[#@LINE+27]]
// CUDA-NEXT: }
// CUDA-NEXT: }
// CUDA-NEXT: }
// CUDA-NEXT: }
// CUDA-NEXT: }
// The launch: the trip counts, the grid's limits, the start of the strip
// loop and the rows' alignment, decided once per launch.
// CUDA-LABEL: extern "C" void matmul_nest0_device(
// CUDA: const bool loopgpu_exact = loopgpu_trip_y % 128 == 0 && loopgpu_trip_y / 128 <= 65535 && loopgpu_trip_x % 128 == 0 && loopgpu_trip_x / 128 <= 2147483647 && loopgpu_trip(0, ((long long)p) - 1, 1) % 8 == 0 && loopgpu_trip(0, ((long long)p) - 1, 1) > 0 && reinterpret_cast<unsigned long long>(A) % 16 == 0 && (p) % 4 == 0 && reinterpret_cast<unsigned long long>(B) % 16 == 0 && (m) % 4 == 0;
// CUDA: if (loopgpu_exact)
// CUDA-NEXT: matmul_nest0_kernel_exact<<<loopgpu_grid, loopgpu_block>>>(n, m, p, A, B, C);
// CUDA-NEXT: else
// CUDA-NEXT: matmul_nest0_kernel<<<loopgpu_grid, loopgpu_block>>>(n, m, p, A, B, C);
// The strip loop from lo: its start must be aligned for A's vectors.
// CUDA-LABEL: extern "C" void offsets_nest0_device(
// CUDA: loopgpu_trip(((long long)lo), ((long long)hi) - 1, 1) % 8 == 0 {{.*}} && (lo) % 4 == 0;
// No exact version: the strip's length depends on i.
// CUDA-NOT: triangular_nest0_kernel_exact

void matmul(int n, int m, int p, const float A[restrict n][p], const float B[restrict p][m], float C[restrict n][m]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      float acc = 0.0f;
      for (int k = 0; k < p; k++)
        acc += A[i][k] * B[k][j];
      C[i][j] = acc;
    }
}

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

void triangular(int n, const float A[restrict n][n], const float B[restrict n][n], float C[restrict n][n]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      float acc = 0.0f;
      for (int k = 0; k <= i; k++)
        acc += A[i][k] * B[k][j];
      C[i][j] = acc;
    }
}
