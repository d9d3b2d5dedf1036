// The exact version of a register-tiled kernel (lib/CodeGen/ExactTiles.cpp):
// the plan names the trip counts that must divide and the rows that must be
// aligned; the CUDA has a second kernel without range checks, partial strip
// or grid-stride loop, and the launch picks it at run time: on sm_90 for the
// full tiles of any size, the kernel on the tiles on the border beside it
// (on a second stream); on sm_80 where every tile is full.
// RUN: %loopgpu %s -emit=gpu-ir | FileCheck %s --check-prefix=IR
// RUN: %loopgpu %s -exact-tiles=false -emit=gpu-ir | FileCheck %s --check-prefix=OFF
// RUN: %loopgpu %s -emit=gpu-ir -print-after=exact-tiles 2>&1 >/dev/null | FileCheck %s --check-prefix=AFTER
// RUN: %loopgpu %s -o %t.cu
// RUN: FileCheck %s --check-prefix=CUDA --input-file=%t.cu
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t.cu -o %t.o %}
// RUN: %loopgpu %s -arch sm_80 -emit=gpu-ir | FileCheck %s --check-prefix=IR80
// RUN: %loopgpu %s -arch sm_80 -o %t80.cu
// RUN: FileCheck %s --check-prefix=SM80 --input-file=%t80.cu
// RUN: %if nvcc %{ %nvcc -arch=sm_80 -c %t80.cu -o %t80.o %}

// IR: kernel matmul_nest0_kernel parallel
// IR: exact-version matmul_nest0_kernel_exact when trips divide {i by 128, j by 128, k by 8} aligned {A, B} or on the full tiles, matmul_nest0_kernel_border on the border tiles beside it
// IR: kernel offsets_nest0_kernel parallel
// IR: exact-version offsets_nest0_kernel_exact when trips divide {i by 128, j by 128, k by 8} aligned {A} or on the full tiles, offsets_nest0_kernel_border on the border tiles beside it
// IR80: exact-version matmul_nest0_kernel_exact when trips divide {i by 128, j by 128, k by 8} aligned {A, B}{{$}}
// IR-NOT: exact-version
// OFF-NOT: exact-version
// AFTER: // GPU plan after exact-tiles, nest at line {{[0-9]+}}
// AFTER: exact-version matmul_nest0_kernel_exact

// The general kernel keeps its checks; the exact one has none: no trip
// counts, no alignment flags, full strips only, a tile per block.
// CUDA-LABEL: void __launch_bounds__(256, 2) matmul_nest0_kernel(int n, int m, int p, const float *__restrict__ A, const float *__restrict__ B, float *__restrict__ C) {
// CUDA: const bool loopgpu_vec_A =
// CUDA: for (int loopgpu_tile0 = blockIdx.y;
// CUDA-NOT: runs this full tile
// CUDA: } else { // the last, partial strip
// CUDA: if (loopgpu_t0 < loopgpu_trip0 && loopgpu_t1 < loopgpu_trip1) {
// CUDA-NEXT: C[(i) * (m) + (j)] = acc[loopgpu_c0][loopgpu_c1]; // line [[#@LINE+65]]
// CUDA: // The exact version of matmul_nest0_kernel, launched on the full tiles (k's trip count a multiple of 8, A's rows aligned, B's rows aligned)
// CUDA-NEXT: __global__ void __launch_bounds__(256, 2) matmul_nest0_kernel_exact(int n, int m, int p, const float *__restrict__ A, const float *__restrict__ B, float *__restrict__ C) {
// CUDA-NOT: loopgpu_trip
// CUDA-NOT: loopgpu_vec_
// CUDA-NOT: partial strip
// CUDA: const int loopgpu_tile0 = blockIdx.y;
// CUDA: const int loopgpu_tile1 = blockIdx.x;
// CUDA: loopgpu_pf_A[loopgpu_r] = *reinterpret_cast<const float4 *>(&A[
// CUDA: // every strip is full
// CUDA-NOT: if (
// CUDA: C[(i) * (m) + (j)] = acc[loopgpu_c0][loopgpu_c1]; // line [[#@LINE+54]]
// CUDA-NEXT: }
// CUDA-NEXT: }
// CUDA-NEXT: }
// CUDA-NEXT: }
// CUDA-NEXT: }
// The border version: the kernel, skipping the full tiles.
// CUDA-LABEL: void __launch_bounds__(256, 2) matmul_nest0_kernel_border(int n, int m, int p, const float *__restrict__ A, const float *__restrict__ B, float *__restrict__ C) {
// CUDA: for (int loopgpu_tile0 = blockIdx.y;
// CUDA: if ((long long)loopgpu_tile0 >= loopgpu_trip0 / 128 || (long long)loopgpu_tile1 >= loopgpu_trip1 / 128) { // else matmul_nest0_kernel_exact runs this full tile
// CUDA: } else { // the last, partial strip
// The launch: the trip counts, the grid's limits, the start of the strip
// loop and the rows' alignment, decided once per launch.
// CUDA-LABEL: extern "C" void matmul_nest0_device(
// CUDA: const bool loopgpu_border = loopgpu_trip_y % 128 != 0 || loopgpu_trip_x % 128 != 0;
// CUDA-NEXT: // with a border, at least a wave of full tiles (264 blocks; LOOPGPU_EXACT_BORDER_MIN_TILES): fewer do not repay the second stream
// CUDA-NEXT: const bool loopgpu_exact = loopgpu_trip_y >= 128 && loopgpu_trip_y / 128 <= 65535 && loopgpu_trip_x >= 128 && loopgpu_trip_x / 128 <= 2147483647 && loopgpu_trip(0, ((long long)p) - 1, 1) % 8 == 0 && loopgpu_trip(0, ((long long)p) - 1, 1) > 0 && reinterpret_cast<unsigned long long>(A) % 16 == 0 && (p) % 4 == 0 && reinterpret_cast<unsigned long long>(B) % 16 == 0 && (m) % 4 == 0 && (!loopgpu_border || (loopgpu_trip_y / 128) * (loopgpu_trip_x / 128) >= loopgpu_env_or("LOOPGPU_EXACT_BORDER_MIN_TILES", 264));
// CUDA: if (loopgpu_exact) {
// CUDA-NEXT: loopgpu_side loopgpu_split{}; // the side stream, where there is a border
// CUDA-NEXT: if (loopgpu_border) { // first: its blocks of full tiles return at once, while the SMs are free
// CUDA-NEXT: loopgpu_split = loopgpu_fork_side();
// CUDA-NEXT: matmul_nest0_kernel_border<<<loopgpu_grid, loopgpu_block, 0, loopgpu_split.stream>>>(n, m, p, A, B, C);
// CUDA-NEXT: }
// CUDA-NEXT: matmul_nest0_kernel_exact<<<dim3(loopgpu_trip_x / 128, loopgpu_trip_y / 128, 1), loopgpu_block>>>(n, m, p, A, B, C);
// CUDA-NEXT: if (loopgpu_border)
// CUDA-NEXT: loopgpu_join_side(loopgpu_split);
// CUDA-NEXT: } else {
// CUDA-NEXT: matmul_nest0_kernel<<<loopgpu_grid, loopgpu_block>>>(n, m, p, A, B, C);
// CUDA-NEXT: }
// On sm_80, the exact version only where every tile is full, no border
// version.
// SM80-NOT: _border
// SM80-LABEL: void __launch_bounds__(256, 2) matmul_nest0_kernel(int n, int m, int p, const float *__restrict__ A, const float *__restrict__ B, float *__restrict__ C) {
// SM80: // The exact version of matmul_nest0_kernel, launched where every tile is full (i's trip count a multiple of 128, j's trip count a multiple of 128, k's trip count a multiple of 8, A's rows aligned, B's rows aligned)
// SM80-NOT: loopgpu_allow_dependent_launch
// SM80: const bool loopgpu_exact = loopgpu_trip_y % 128 == 0 && loopgpu_trip_y / 128 <= 65535 && loopgpu_trip_x % 128 == 0 && loopgpu_trip_x / 128 <= 2147483647 && loopgpu_trip(0, ((long long)p) - 1, 1) % 8 == 0 && loopgpu_trip(0, ((long long)p) - 1, 1) > 0 && reinterpret_cast<unsigned long long>(A) % 16 == 0 && (p) % 4 == 0 && reinterpret_cast<unsigned long long>(B) % 16 == 0 && (m) % 4 == 0;
// SM80: if (loopgpu_exact)
// SM80-NEXT: matmul_nest0_kernel_exact<<<loopgpu_grid, loopgpu_block>>>(n, m, p, A, B, C);
// SM80-NEXT: else
// SM80-NEXT: matmul_nest0_kernel<<<loopgpu_grid, loopgpu_block>>>(n, m, p, A, B, C);
// SM80-NOT: loopgpu_border
// The strip loop from lo: its start must be aligned for A's vectors.
// CUDA-LABEL: extern "C" void offsets_nest0_device(
// CUDA: loopgpu_trip(((long long)lo), ((long long)hi) - 1, 1) % 8 == 0 {{.*}} && (lo) % 4 == 0 && (!loopgpu_border ||
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
