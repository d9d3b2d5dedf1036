// Time tiling (lib/CodeGen/TimeTile.cpp): a host loop whose body launches
// only stencil sweeps runs several iterations per launch on tiles in shared
// memory, overlapped (every dimension tiled with its halo) or streamed (the
// inner dimensions tiled, marching along the outermost with every level in
// flight); the plan says which arrays, reaches, halo and depth, and for the
// streamed form each value's skew, window and ring; the CUDA has the kernel,
// its run function (the streamed form's chunk chosen there) and the dispatch
// in the loop's place.
// RUN: %loopgpu %s -emit=gpu-ir | FileCheck %s --check-prefix=STREAM
// RUN: %loopgpu %s -time-tile-form=overlapped -emit=gpu-ir | FileCheck %s --check-prefix=IR
// RUN: %loopgpu %s -time-tile=3,8,16 -emit=gpu-ir | FileCheck %s --check-prefix=FORCED
// RUN: %loopgpu %s -time-tile=3,8,16 -time-tile-form=streamed -emit=gpu-ir | FileCheck %s --check-prefix=FORCEDS
// RUN: %loopgpu %s -time-tile=0 -emit=gpu-ir | FileCheck %s --check-prefix=OFF
// RUN: %loopgpu %s -time-tile=2 -time-tile-form=overlapped -o %t.cu
// RUN: FileCheck %s --check-prefix=WHYNOT --input-file=%t.cu
// RUN: FileCheck %s --check-prefix=CUDA --input-file=%t.cu
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t.cu -o %t.o %}
// RUN: %loopgpu %s -time-tile=2 -time-tile-form=streamed -o %t.s.cu
// RUN: FileCheck %s --check-prefix=SCUDA --input-file=%t.s.cu
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t.s.cu -o %t.s.o %}
// RUN: %expect_exit 2 %loopgpu %s -time-tile=x 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: %expect_exit 2 %loopgpu %s -time-tile=0,8 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: %expect_exit 1 %loopgpu %s -time-tile=2,8 -o /dev/null 2>&1 | FileCheck %s --check-prefix=RANK
// RUN: %expect_exit 2 %loopgpu %s -time-tile-form=hexagonal 2>&1 | FileCheck %s --check-prefix=BADFORM

void jacobi(int steps, int n, double A[restrict n][n], double B[restrict n][n]) {
  #pragma loopgpu
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        B[i][j] = 0.25 * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]);
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 2; j++)
        A[i][j] = B[i][j] + 0.5 * B[i][j + 2];
  }
}

// In place (Gauss-Seidel): no parallel sweep (the wavefront's threads run
// loops), never time-tiled.
void seidel(int steps, int n, double A[restrict n][n]) {
  #pragma loopgpu
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[i][j] = 0.25 * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]);
}

// A transposed read has no constant offset from the element written.
void transposed(int steps, int n, float A[restrict n][n], float B[restrict n][n]) {
  #pragma loopgpu
  for (int t = 0; t < steps; t++) {
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        B[i][j] = A[j][i] + 1.0f;
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        A[i][j] = B[i][j];
  }
}

// The model's default: streamed. Level 1 (B) reads A's rows i - 1 and i + 1
// in its own column (A's window: 3 rows) and A's row i in columns j - 1 and
// j + 1 (A's ring); level 2 (A) reads B's row i in column j + 2, a step after
// it is made.
// STREAM: time-tile jacobi_nest0_time_t depth [[D:[0-9]+]] tile 128 x {{[0-9]+}} block 1 x [[T:[0-9]+]]
// The step loop unrolled by 6 (windows of 3 rows, rings of 2), compiled for
// the blocks per SM the model counts.
// STREAM: streamed threads [[T]] columns 1 extra-steps {{[0-9]+}} chunks 32,48,64,96,128,192,256 registers {{[0-9]+}} blocks-per-sm {{[1-9][0-9]*}} unroll 6
// STREAM-NEXT: value B on entry skew 0 window 2 ring 0
// STREAM-NEXT: value A on entry skew 0 window 3 ring 2
// STREAM-NEXT: value B after sweep 1 of iteration 1 skew 1 window 3 ring 2
// STREAM-NEXT: value A after sweep 2 of iteration 1 skew 2 window 3 ring 2
// STREAM: value A after sweep 2 of iteration [[D]] skew {{[0-9]+}} window 1 ring 0 final

// IR: // nest 0 of jacobi (line 27)
// IR: loop t (line 28) device-loop jacobi_nest0_loop_t
// IR-NEXT: time-tile jacobi_nest0_time_t depth [[D:[0-9]+]] tile {{[0-9]+}} x {{[0-9]+}} block 8 x 32
// IR-SAME: min-blocks {{[1-9][0-9]*}}
// IR-NEXT: array B first written by sweep 1, dead on entry
// IR-NEXT: array A first written by sweep 2
// IR-NEXT: sweep 1 jacobi_nest0_kernel reach -1,1 +1,1 rows 4
// IR-NEXT: sweep 2 jacobi_nest0_kernel1 reach -0,0 +0,2 rows 4
// IR-NOT: time-tile

// The halo is the depth times one iteration's reach (rows 1 + 0 below and 1
// above; columns 1 below, 1 + 2 above).
// FORCED: time-tile jacobi_nest0_time_t depth 3 tile 8 x 16 block 8 x 32 halo -3,3 +3,9 shared 7616
// FORCED-NOT: time-tile

// OFF-NOT: time-tile

// Tiles asked for, in the form the models expect faster for them (8 rows:
// overlapped), or in the streamed form (chunks of 8 rows, tiles of 16 columns
// with a halo of 3 + 9 in a block of 32 lanes).
// FORCEDS: time-tile jacobi_nest0_time_t depth 3 tile 8 x 16 block 1 x 32 halo -3,3 +3,9
// Blocks of 32 threads: as many per SM as it holds, 32.
// FORCEDS: streamed threads 32 columns 1 extra-steps {{[0-9]+}} chunks 8 registers {{[0-9]+}} blocks-per-sm 32 unroll 6

// SCUDA: __global__ void __launch_bounds__({{[0-9]+}}, {{[1-9][0-9]*}}) jacobi_nest0_time_t(long long loopgpu_first, int loopgpu_steps, bool loopgpu_last, int loopgpu_chunk, int steps, int n, const double *__restrict__ loopgpu_in_A, double *__restrict__ loopgpu_out_A, const double *__restrict__ loopgpu_in_B, double *__restrict__ loopgpu_out_B) {
// SCUDA: double (*const loopgpu_ring_A_in)[{{[0-9]+}}] = reinterpret_cast<double (*)[{{[0-9]+}}]>(loopgpu_smem + 0); // A on entry: its 2 newest rows, padded
// Each array's element at the thread's column in the chunk's row 0, whether
// the column is inside the array and inside the block's tile: a step's load
// and store add the row.
// SCUDA: loopgpu_at_A[loopgpu_k] = ((long long)loopgpu_o0) * (((long long)n)) + loopgpu_o1 + loopgpu_r1;
// SCUDA-NEXT: loopgpu_inside_A[loopgpu_k] = loopgpu_r1 < {{[0-9]+}} && loopgpu_o1 + loopgpu_r1 >= 0 && loopgpu_o1 + loopgpu_r1 < (((long long)n));
// SCUDA-NEXT: loopgpu_mine_A[loopgpu_k] = loopgpu_r1 >= 2 && loopgpu_r1 < {{[0-9]+}} && loopgpu_o1 + loopgpu_r1 < (((long long)n));
// SCUDA: long long loopgpu_row = 0; // row loopgpu_step of B, A
// Each sweep's columns: a flag per thread's column for the launch, which
// the levels' selects read.
// SCUDA: // sweep 1 (line 31): whether each of the thread's columns lies in its domain's columns
// SCUDA-NEXT: bool loopgpu_cols_in_0[1];
// SCUDA: loopgpu_cols_in_0[loopgpu_k] = j >= 1 && j <= ((long long)n) - 2;
// SCUDA: // sweep 2 (line 34): whether each of the thread's columns lies in its domain's columns
// SCUDA-NEXT: bool loopgpu_cols_in_1[1];
// SCUDA: loopgpu_cols_in_1[loopgpu_k] = j >= 1 && j <= ((long long)n) - 3;
// SCUDA: if (loopgpu_r0 < loopgpu_chunk + 4 && loopgpu_o0 + loopgpu_r0 >= 0 && loopgpu_o0 + loopgpu_r0 < (((long long)n)) && loopgpu_inside_A[loopgpu_k])
// SCUDA-NEXT: loopgpu_pf_A_in[loopgpu_k] = loopgpu_in_A[loopgpu_at_A[loopgpu_k] + loopgpu_row];
// The clean steps: those whose levels' rows lie inside their sweeps' rows
// and whose loads and stores lie inside the chunk and the arrays, in whole
// unrolls of 6 steps (windows of 3 rows, rings of 2), leave the rows' checks
// out; blocks whose needed columns lie inside the sweeps' columns also leave
// out the columns' checks.
// SCUDA: long long loopgpu_clean_lo = 0, loopgpu_clean_hi = loopgpu_total;
// SCUDA-NEXT: loopgpu_clean_hi = loopgpu_min(loopgpu_clean_hi, loopgpu_chunk + 3); // B: the row loaded inside the chunk
// SCUDA-NEXT: loopgpu_clean_lo = loopgpu_max(loopgpu_clean_lo, -1 - (long long)loopgpu_o0); // B: the row loaded inside the array
// SCUDA: loopgpu_clean_lo = loopgpu_max(loopgpu_clean_lo, 6); // A: the rows stored from the chunk's first
// SCUDA-NEXT: loopgpu_clean_hi = loopgpu_min(loopgpu_clean_hi, loopgpu_chunk + 6); // A: the rows stored to the chunk's last
// SCUDA: loopgpu_clean_lo = loopgpu_max(loopgpu_clean_lo, (1) - (long long)loopgpu_o0 + 3); // levels 1, 3 (line 31): rows from the loop's first
// SCUDA-NEXT: loopgpu_clean_hi = loopgpu_min(loopgpu_clean_hi, (((long long)n) - 2) - (long long)loopgpu_o0 + 2); // levels 1, 3 (line 31): rows to the loop's last
// SCUDA: if (loopgpu_steps < 2) // the launch's last iterations copy through: every step checks
// SCUDA: const int loopgpu_clean_first = (int)((loopgpu_clean_lo + 5) / 6), loopgpu_clean_end = (int)(loopgpu_clean_hi < loopgpu_clean_lo ? 0 : loopgpu_clean_hi / 6);
// SCUDA: loopgpu_cols_inside = loopgpu_cols_inside && (long long)loopgpu_o1 + 1 >= 1 && (long long)loopgpu_o1 + [[#COLS:]] <= ((long long)n) - 2;
// Three loops of unrolls: checked, clean, checked (a plan of at most 8
// levels; more levels run a block's unrolls all clean or all checked).
// SCUDA: // The steps in whole unrolls of 6: checked, clean, checked; then the last ones checked
// SCUDA-NEXT: const bool loopgpu_some_clean = loopgpu_clean_end > loopgpu_clean_first;
// SCUDA-NEXT: const int loopgpu_clean_from = loopgpu_some_clean ? loopgpu_clean_first : loopgpu_total / 6, loopgpu_clean_to = loopgpu_some_clean ? loopgpu_clean_end : loopgpu_total / 6;
// SCUDA-NEXT: for (int loopgpu_j = 0; loopgpu_j < loopgpu_clean_from; ++loopgpu_j) {
// SCUDA: for (int loopgpu_j = loopgpu_clean_from; loopgpu_j < loopgpu_clean_to; ++loopgpu_j) {
// SCUDA-NEXT: if (loopgpu_cols_inside) {
// SCUDA-NEXT: #pragma unroll // the windows' and rings' rows come back to their registers and slots
// SCUDA-NEXT: for (int loopgpu_u = 0; loopgpu_u < 6; ++loopgpu_u) {
// SCUDA-NEXT: const int loopgpu_step = loopgpu_j * 6 + loopgpu_u;
// SCUDA: if (loopgpu_inside_A[loopgpu_k])
// SCUDA-NEXT: loopgpu_pf_A_in[loopgpu_k] = loopgpu_in_A[loopgpu_at_A[loopgpu_k] + loopgpu_row + 1LL * (((long long)n))];
// SCUDA: { // level 1: B after sweep 1 of iteration 1 (line 31), 1 rows behind the load
// SCUDA: loopgpu_w_B_1[loopgpu_k][0] = (0.25 * (loopgpu_w_A_in[loopgpu_k][2] + loopgpu_w_A_in[loopgpu_k][0] + loopgpu_ring_A_in[(loopgpu_step + 1) & 1][loopgpu_r1] + loopgpu_ring_A_in[(loopgpu_step + 1) & 1][loopgpu_r1 + 2])); // line 31
// B, written before it is read, is stored inside its first writer's domain
// by the last launch alone.
// SCUDA: if (loopgpu_mine_B[loopgpu_k] && loopgpu_last) // the tile: its value after the launch
// SCUDA-NEXT: loopgpu_out_B[loopgpu_at_B[loopgpu_k] + loopgpu_row - 3LL * (((long long)n))] = loopgpu_w_B_3[loopgpu_k][0];
// SCUDA: if (loopgpu_mine_A[loopgpu_k]) // the tile: its value after the launch
// SCUDA-NEXT: loopgpu_out_A[loopgpu_at_A[loopgpu_k] + loopgpu_row - 4LL * (((long long)n))] = loopgpu_w_A_4[loopgpu_k][0];
// SCUDA: loopgpu_row += (((long long)n));
// SCUDA-NEXT: __syncthreads();
// SCUDA: } else {
// SCUDA: loopgpu_w_B_1[loopgpu_k][0] = loopgpu_cols_in_0[loopgpu_k]
// SCUDA: if (loopgpu_mine_B[loopgpu_k] && (loopgpu_last || !(j >= 1 && j <= ((long long)n) - 2))) // the tile: its value after the launch
// The checked steps after the clean ones (those before them the same).
// SCUDA: for (int loopgpu_j = loopgpu_clean_to; loopgpu_j < loopgpu_total / 6; ++loopgpu_j) {
// SCUDA: if (loopgpu_r0 < loopgpu_chunk + 4 && loopgpu_o0 + loopgpu_r0 >= 0 && loopgpu_o0 + loopgpu_r0 < (((long long)n)) && loopgpu_inside_A[loopgpu_k])
// SCUDA: loopgpu_w_B_1[loopgpu_k][0] = i >= 1 && i <= ((long long)n) - 2 && loopgpu_cols_in_0[loopgpu_k]
// SCUDA-NEXT: ? (0.25 * (loopgpu_w_A_in[loopgpu_k][2] + loopgpu_w_A_in[loopgpu_k][0] + loopgpu_ring_A_in[(loopgpu_step + 1) & 1][loopgpu_r1] + loopgpu_ring_A_in[(loopgpu_step + 1) & 1][loopgpu_r1 + 2])) // line 31
// SCUDA-NEXT: : loopgpu_w_B_in[loopgpu_k][1];
// SCUDA: { // level 4: A after sweep 2 of iteration 2 (line 34), 4 rows behind the load
// SCUDA: loopgpu_w_A_4[loopgpu_k][0] = 1 < loopgpu_steps && i >= 1
// SCUDA: if (loopgpu_r0 >= 2 && loopgpu_r0 < loopgpu_chunk + 2 && loopgpu_o0 + loopgpu_r0 < (((long long)n)) && loopgpu_mine_A[loopgpu_k]) // the tile: its value after the launch
// SCUDA-NEXT: loopgpu_out_A[loopgpu_at_A[loopgpu_k] + loopgpu_row - 4LL * (((long long)n))] = loopgpu_w_A_4[loopgpu_k][0];
// The steps past the last whole unroll, checked.
// SCUDA: for (int loopgpu_step = loopgpu_total / 6 * 6; loopgpu_step < loopgpu_total; ++loopgpu_step) {
// SCUDA: LOOPGPU_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&loopgpu_per_sm, jacobi_nest0_time_t,
// SCUDA: const long long loopgpu_chunks[] = {32, 48, 64, 96, 128, 192, 256};
// SCUDA: loopgpu_by = (loopgpu_max((((long long)n)), (((long long)n))) + loopgpu_chunk - 1) / loopgpu_chunk;
// SCUDA: jacobi_nest0_time_t<<<loopgpu_grid, loopgpu_block, {{[0-9]+}}>>>(loopgpu_first + loopgpu_done * 1, loopgpu_steps, loopgpu_done + loopgpu_steps >= loopgpu_count_it, (int)loopgpu_chunk, steps, n,

// WHYNOT-DAG: loop t (line 28) is time-tiled (jacobi_nest0_time_t): tiles of {{.*}} 2 iterations per launch
// WHYNOT-DAG: loop w (line 42) is not time-tiled: kernel seidel_nest0_kernel's threads run loops or conditions of their own
// WHYNOT-DAG: loop t (line 51) is not time-tiled: the statement on line 54 reads A[j][i] at no constant offset from the element it writes

// CUDA: __global__ void __launch_bounds__(256) jacobi_nest0_time_t(long long loopgpu_first, int loopgpu_steps, bool loopgpu_last, int steps, int n, const double *__restrict__ loopgpu_in_A, double *__restrict__ loopgpu_out_A, const double *__restrict__ loopgpu_in_B, double *__restrict__ loopgpu_out_B) {
// CUDA: // B is written before it is read: only the cells outside that sweep's domain
// CUDA: { // sweep 1 (line 31) on the region its cells are still needed on
// CUDA: // 4 consecutive cells along dimension 0 per thread: their right-hand sides first, then the stores
// CUDA-NEXT: for (int loopgpu_r0 = loopgpu_lo0 + (int)threadIdx.y * 4; loopgpu_r0 < loopgpu_hi0; loopgpu_r0 += 32)
// CUDA: loopgpu_v[loopgpu_k] = 0.25 * (loopgpu_s_A[loopgpu_q0 - 1][loopgpu_r1] + loopgpu_s_A[loopgpu_q0 + 1][loopgpu_r1] + loopgpu_s_A[loopgpu_q0][loopgpu_r1 - 1] + loopgpu_s_A[loopgpu_q0][loopgpu_r1 + 1]); // line 31
// CUDA: if (loopgpu_q0 < loopgpu_hi0 && i >= 1 && i <= ((long long)n) - 2 && j >= 1 && j <= ((long long)n) - 2)
// CUDA-NEXT: loopgpu_s_B[loopgpu_q0][loopgpu_r1] = loopgpu_v[loopgpu_k];
// CUDA: loopgpu_v[loopgpu_k] = loopgpu_s_B[loopgpu_q0][loopgpu_r1] + 0.5 * loopgpu_s_B[loopgpu_q0][loopgpu_r1 + 2]; // line 34
// B, written before it is read, is stored inside its first writer's domain
// by the last launch alone (the next launch loads only the cells outside it).
// CUDA: { // B is written before it is read: the next launch reads only the cells outside its first writer's domain, so the others are stored by the last launch alone
// CUDA-NEXT: const int i = (int)(loopgpu_o0 + loopgpu_r0); const int j = (int)(loopgpu_o1 + loopgpu_r1);
// CUDA-NEXT: if (loopgpu_o0 + loopgpu_r0 < (((long long)n)) && loopgpu_o1 + loopgpu_r1 < (((long long)n)) && (loopgpu_last || !(i >= 1 && i <= ((long long)n) - 2 && j >= 1 && j <= ((long long)n) - 2)))
// CUDA-NEXT: loopgpu_out_B[(loopgpu_o0 + loopgpu_r0) * (((long long)n)) + loopgpu_o1 + loopgpu_r1] = loopgpu_s_B[loopgpu_r0][loopgpu_r1];
// CUDA: static bool jacobi_nest0_time_t_run(long long loopgpu_first, long long loopgpu_count_it, long long loopgpu_min_blocks, int steps, int n, double *__restrict__ A, double *__restrict__ B) {
// CUDA: std::swap(loopgpu_in_A, loopgpu_out_A);
// CUDA: if (loopgpu_in_A != A && loopgpu_bytes_A > 0) // the last launch wrote the second buffer
// CUDA: // time-tiled by jacobi_nest0_time_t where its grid fills the GPU; else as below
// CUDA-NEXT: if (!jacobi_nest0_time_t_run((long long)(0), loopgpu_trip(0, ((long long)steps) - 1, 1), loopgpu_env_or("LOOPGPU_TIME_TILE_MIN_BLOCKS", {{[0-9]+}}), steps, n, A, B))

// BAD: -time-tile={{.*}}: expected auto, 0, a depth from 1 to 64, or a depth and 1 to 3 tile sizes from 1 to 4096
// RANK: error: -time-tile: loop t (line 28) needs 2 positive tile sizes
// BADFORM: -time-tile-form=hexagonal: expected auto, overlapped or streamed
